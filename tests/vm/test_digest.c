/* test_digest.c: tests of vm/digest.c, the digests, HMAC, PBKDF2 and
 * Poly1305 of OTP's crypto module. Every expected value below was printed
 * by OTP 25's crypto (crypto:hash/2, crypto:mac/4, crypto:mac/3,
 * crypto:pbkdf2_hmac/5) from the input named beside it; where a standard
 * publishes a vector for that input (FIPS 180-4, FIPS 202, RFC 1320, 1321,
 * 2202, 4231, 6070, 7693, 8439, the RIPEMD-160 page), erl's value is that
 * vector. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/digest.h"

TestSuite(digest);

/* ---- helpers ------------------------------------------------------------- */

/* Asserts that the n bytes at got read as the lowercase hex want. */
static void check_hex(const uint8_t *got, size_t n, const char *want, const char *what)
{
    char hex[2 * 128 + 1];
    cr_assert(n <= 128);
    for (size_t i = 0; i < n; i++)
        snprintf(hex + 2 * i, 3, "%02x", got[i]);
    hex[2 * n] = '\0';
    cr_assert_str_eq(hex, want, "%s", what);
}

/* The bytes of a hex string (at most cap); returns their number. */
static size_t unhex(const char *hex, uint8_t *out, size_t cap)
{
    size_t n = strlen(hex) / 2;
    cr_assert(n <= cap && strlen(hex) % 2 == 0, "bad hex row: %s", hex);
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        cr_assert(sscanf(hex + 2 * i, "%2x", &v) == 1);
        out[i] = (uint8_t)v;
    }
    return n;
}

static const char *name_of(digest_alg alg) { return digest_info_of(alg)->name; }

/* n bytes, byte j being (j * mul + add) mod 256, or mod 251 when mul is 0. */
static void fill(uint8_t *b, size_t n, unsigned mul, unsigned add)
{
    for (size_t j = 0; j < n; j++)
        b[j] = mul == 0 ? (uint8_t)(j % 251) : (uint8_t)(j * mul + add);
}

/* ---- the algorithms' facts ----------------------------------------------- */

/* crypto:hash_info/1 of each: size, block_size and type. */
static const digest_info hash_infos[DIGEST_COUNT] = {
    {"md4", 16, 64, 257},        {"md5", 16, 64, 4},          {"ripemd160", 20, 64, 117},
    {"sha", 20, 64, 64},         {"sha224", 28, 64, 675},     {"sha256", 32, 64, 672},
    {"sha384", 48, 128, 673},    {"sha512", 64, 128, 674},    {"sha3_224", 28, 144, 1096},
    {"sha3_256", 32, 136, 1097}, {"sha3_384", 48, 104, 1098}, {"sha3_512", 64, 72, 1099},
    {"blake2b", 64, 128, 1056},  {"blake2s", 32, 64, 1057},
};

Test(digest, info_is_hash_info)
{
    for (int i = 0; i < DIGEST_COUNT; i++) {
        const digest_info *want = &hash_infos[i], *got = digest_info_of((digest_alg)i);
        cr_assert_str_eq(got->name, want->name);
        cr_assert_eq(got->size, want->size, "%s", want->name);
        cr_assert_eq(got->block, want->block, "%s", want->name);
        cr_assert_eq(got->nid, want->nid, "%s", want->name);
        cr_assert_leq(got->size, DIGEST_MAX_SIZE);
        cr_assert_leq(got->block, DIGEST_MAX_BLOCK);
    }
}

Test(digest, lookup_takes_crypto_names_only)
{
    for (int i = 0; i < DIGEST_COUNT; i++) {
        digest_alg alg = DIGEST_COUNT;
        cr_assert(digest_lookup(hash_infos[i].name, strlen(hash_infos[i].name), &alg), "%s",
                  hash_infos[i].name);
        cr_assert_eq(alg, (digest_alg)i, "%s", hash_infos[i].name);
    }
    /* Not NUL-terminated: the first n bytes only. */
    digest_alg alg;
    cr_assert(digest_lookup("sha256xyz", 6, &alg));
    cr_assert_eq(alg, DIGEST_SHA256);
    cr_assert(digest_lookup("sha256xyz", 3, &alg));
    cr_assert_eq(alg, DIGEST_SHA1);
    const char *bad[] = {"", "sha1", "sha25", "sha2566", "SHA256", "sha3", "blake2", "md"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert_not(digest_lookup(bad[i], strlen(bad[i]), &alg), "%s", bad[i]);
}

/* ---- digests ------------------------------------------------------------- */

/* crypto:hash(Alg, <<>>), crypto:hash(Alg, <<"abc">>) and
 * crypto:hash(Alg, binary:copy(<<"a">>, 1000000)). */
typedef struct hash_case {
    digest_alg alg;
    const char *empty, *abc, *million;
} hash_case;

static const hash_case hashes[DIGEST_COUNT] = {
    {DIGEST_MD4, "31d6cfe0d16ae931b73c59d7e0c089c0", "a448017aaf21d8525fc10ae87aa6729d",
     "bbce80cc6bb65e5c6745e30d4eeca9a4"},
    {DIGEST_MD5, "d41d8cd98f00b204e9800998ecf8427e", "900150983cd24fb0d6963f7d28e17f72",
     "7707d6ae4e027c70eea2a935c2296f21"},
    {DIGEST_RIPEMD160, "9c1185a5c5e9fc54612808977ee8f548b2258d31", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc",
     "52783243c1697bdbe16d37f97f68f08325dc1528"},
    {DIGEST_SHA1, "da39a3ee5e6b4b0d3255bfef95601890afd80709", "a9993e364706816aba3e25717850c26c9cd0d89d",
     "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
    {DIGEST_SHA224, "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f",
     "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
     "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"},
    {DIGEST_SHA256, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
     "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
    {DIGEST_SHA384,
     "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b",
     "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
     "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985"},
    {DIGEST_SHA512,
     "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931b"
     "d47417a81a5"
     "38327af927da3e",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d442"
     "3643ce80e2a"
     "9ac94fa54ca49f",
     "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5"
     "c2c49aa2e4e"
     "adb217ad8cc09b"},
    {DIGEST_SHA3_224, "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7",
     "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf",
     "d69335b93325192e516a912e6d19a15cb51c6ed5c15243e7a7fd653c"},
    {DIGEST_SHA3_256, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a",
     "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
     "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1"},
    {DIGEST_SHA3_384,
     "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004",
     "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25",
     "eee9e24d78c1855337983451df97c8ad9eedf256c6334f8e948d252d5e0e76847aa0774ddb90a842190d2c558b4b8340"},
    {DIGEST_SHA3_512,
     "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199"
     "d95b6d3e3"
     "01758586281dcd26",
     "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4"
     "cf408d5a5"
     "6592f8274eec53f0",
     "3c3a876da14034ab60627c077bb98f7e120a2a5370212dffb3385a18d4f38859ed311d0a9d5141ce9cc5c66ee689b266a8aa18a"
     "ce8282a0e"
     "0db596c90b0a7b87"},
    {DIGEST_BLAKE2B,
     "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685"
     "b1448b755"
     "d56f701afe9be2ce",
     "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa"
     "8dbf1925a"
     "b92386edd4009923",
     "98fb3efb7206fd19ebf69b6f312cf7b64e3b94dbe1a17107913975a793f177e1d077609d7fba363cbba00d05f7aa4e4fa8715d6"
     "428104c0a"
     "75643b0ff3fd3eaf"},
    {DIGEST_BLAKE2S, "69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9",
     "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982",
     "bec0c0e6cde5b67acb73b81f79a67a4079ae1c60dac9d2661af18e9f8b50dfa5"},
};

Test(digest, empty_and_abc)
{
    uint8_t out[DIGEST_MAX_SIZE];
    for (int i = 0; i < DIGEST_COUNT; i++) {
        const hash_case *c = &hashes[i];
        cr_assert_eq(c->alg, (digest_alg)i);
        size_t size = digest_info_of(c->alg)->size;
        digest_bytes(c->alg, "", 0, out);
        check_hex(out, size, c->empty, name_of(c->alg));
        digest_bytes(c->alg, "abc", 3, out);
        check_hex(out, size, c->abc, name_of(c->alg));
        /* The same through the context, fed nothing then a byte at a time. */
        digest_ctx ctx;
        digest_start(&ctx, c->alg);
        digest_feed(&ctx, NULL, 0);
        static const char abc[] = "abc";
        for (int j = 0; j < 3; j++)
            digest_feed(&ctx, abc + j, 1);
        digest_finish(&ctx, out);
        check_hex(out, size, c->abc, name_of(c->alg));
    }
}

Test(digest, million_a_in_uneven_chunks)
{
    static const size_t chunks[] = {1, 63, 64, 65, 127, 1000};
    enum { MILLION = 1000000 };
    uint8_t *a = malloc(MILLION), out[DIGEST_MAX_SIZE];
    cr_assert_not_null(a);
    memset(a, 'a', MILLION);
    for (int i = 0; i < DIGEST_COUNT; i++) {
        const hash_case *c = &hashes[i];
        size_t size = digest_info_of(c->alg)->size;
        digest_bytes(c->alg, a, MILLION, out);
        check_hex(out, size, c->million, name_of(c->alg));
        digest_ctx ctx;
        digest_start(&ctx, c->alg);
        for (size_t at = 0, k = 0; at < MILLION; k++) {
            size_t n = chunks[k % 6] < MILLION - at ? chunks[k % 6] : MILLION - at;
            digest_feed(&ctx, a + at, n);
            at += n;
        }
        digest_finish(&ctx, out);
        check_hex(out, size, c->million, name_of(c->alg));
    }
    free(a);
}

/* For each algorithm, the SHA-256 of its digests of the messages of 0 to
 * 300 bytes, byte j being j rem 251, concatenated: every padding boundary
 * of every block size (erl: crypto:hash(sha256, << <<(crypto:hash(Alg,
 * Msg(I)))/binary>> || I <- lists:seq(0, 300) >>)). */
static const char *every_length[DIGEST_COUNT] = {
    "b4d05bde205b757e771bc05a1c9b09ac12c2d8fabf56be11b148c23267964546", /* md4 */
    "81e1202358abdff0f9084cb7f027148ab218f00718602323d9f5edca0744565e", /* md5 */
    "2ff8b1e3945a7e1060e12c17d63b7be71f5fc40feebc9e686b56640dda406de7", /* ripemd160 */
    "a3f15cbd033cde5f9f3d87de5eea9612fd4308b33e66c78ff311123641ae5e49", /* sha */
    "b4123af5680a7cae9a3010401ee178d814f950ae4da518e600efc76c03436a28", /* sha224 */
    "b90e35153500e9a471591550ee25a954527c6b4448afff95f7949a2ca93300ce", /* sha256 */
    "24978b5a2ac7c7fd143a053906e6eefd23244414d4dc0c8154b382fe58dbabba", /* sha384 */
    "6427aa5debf3d5c240daf2e5564ad8c7dde1702086e55064336d309e4815b4df", /* sha512 */
    "c0df11258830f5542ba6e192dba6c1f38dbe8783e8cf79d269602f09a2e6fcf1", /* sha3_224 */
    "2d0d28dac8bbab16d34ba4a4eb65fca11b3f3f4a6db3c2ea535555dc4edd3b56", /* sha3_256 */
    "d3ccf7825ae293c09c0a70fc7ca1752916435369b4ff8dbd07a390eb1e7d4746", /* sha3_384 */
    "aef4f1bdec002f64c89c876f0ceea9a982ad71e3989069ae8519225bfbd74bdd", /* sha3_512 */
    "4dc156c1584c011f7b5cec75eaed49105cbe43537195904771238b08fc18787d", /* blake2b */
    "fbfa32deecf6db4f5fd5ad44bbdf0c48d2c955bd13c5d360eae7ae56594dd9a1", /* blake2s */
};

Test(digest, every_length_to_300_bytes)
{
    uint8_t msg[300], out[DIGEST_MAX_SIZE], split[DIGEST_MAX_SIZE], all[32];
    fill(msg, sizeof msg, 0, 0);
    for (int i = 0; i < DIGEST_COUNT; i++) {
        digest_alg alg = (digest_alg)i;
        size_t size = digest_info_of(alg)->size;
        digest_ctx concat, ctx;
        digest_start(&concat, DIGEST_SHA256);
        for (size_t n = 0; n <= 300; n++) {
            digest_bytes(alg, msg, n, out);
            digest_feed(&concat, out, size);
            /* The same message in two pieces, split in the middle. */
            digest_start(&ctx, alg);
            digest_feed(&ctx, msg, n / 2);
            digest_feed(&ctx, msg + n / 2, n - n / 2);
            digest_finish(&ctx, split);
            cr_assert(memcmp(out, split, size) == 0, "%s of %zu bytes in two pieces", name_of(alg), n);
        }
        digest_finish(&concat, all);
        check_hex(all, 32, every_length[i], name_of(alg));
    }
}

/* A copy of a context taken mid-stream finishes on its own: both ends
 * give the one-shot digests of their whole messages. Forks at every kind
 * of buffer state: empty, partial, just full (BLAKE2 holds a full last
 * block), past one block. */
Test(digest, fork_mid_stream)
{
    static const size_t forks[] = {0,   1,   3,   55,  56,  63,  64,  65,  71, 72,
                                   104, 127, 128, 129, 136, 144, 145, 288, 300};
    static const size_t tails[2] = {7, 200};
    uint8_t msg[300 + 200], want[DIGEST_MAX_SIZE], got[DIGEST_MAX_SIZE];
    fill(msg, sizeof msg, 31, 5);
    for (int i = 0; i < DIGEST_COUNT; i++) {
        digest_alg alg = (digest_alg)i;
        size_t size = digest_info_of(alg)->size;
        for (size_t f = 0; f < sizeof forks / sizeof *forks; f++) {
            size_t at = forks[f];
            digest_ctx ends[2];
            digest_start(&ends[0], alg);
            digest_feed(&ends[0], msg, at);
            memcpy(&ends[1], &ends[0], sizeof ends[0]);
            /* Each end its own tail: msg[at..] for 7 bytes, or 200 bytes
             * of another pattern. */
            uint8_t other[200];
            fill(other, sizeof other, 7, 1);
            digest_feed(&ends[0], msg + at, tails[0]);
            digest_feed(&ends[1], other, tails[1]);
            digest_finish(&ends[0], got);
            digest_bytes(alg, msg, at + tails[0], want);
            cr_assert(memcmp(got, want, size) == 0, "%s forked at %zu, first end", name_of(alg), at);
            uint8_t whole[300 + 200];
            memcpy(whole, msg, at);
            memcpy(whole + at, other, tails[1]);
            digest_finish(&ends[1], got);
            digest_bytes(alg, whole, at + tails[1], want);
            cr_assert(memcmp(got, want, size) == 0, "%s forked at %zu, second end", name_of(alg), at);
        }
    }
}

/* ---- HMAC ---------------------------------------------------------------- */

typedef struct hmac_case {
    const char *key, *data; /* hex */
    const char *mac;
} hmac_case;

static void check_hmac(digest_alg alg, const hmac_case *c, const char *what)
{
    uint8_t key[256], data[512], out[DIGEST_MAX_SIZE];
    size_t keylen = unhex(c->key, key, sizeof key), datalen = unhex(c->data, data, sizeof data);
    hmac_ctx ctx;
    hmac_start(&ctx, alg, key, keylen);
    hmac_feed(&ctx, data, datalen);
    hmac_finish(&ctx, out);
    check_hex(out, digest_info_of(alg)->size, c->mac, what);
}

#define HEX_0B10 "0b0b0b0b0b0b0b0b0b0b"
#define HEX_0B20 HEX_0B10 HEX_0B10
#define HEX_AA10 "aaaaaaaaaaaaaaaaaaaa"
#define HEX_AA20 HEX_AA10 HEX_AA10
#define HEX_DD10 "dddddddddddddddddddd"
#define HEX_DD50 HEX_DD10 HEX_DD10 HEX_DD10 HEX_DD10 HEX_DD10
#define HEX_CD10 "cdcdcdcdcdcdcdcdcdcd"
#define HEX_CD50 HEX_CD10 HEX_CD10 HEX_CD10 HEX_CD10 HEX_CD10
#define HEX_0102_25 "0102030405060708090a0b0c0d0e0f10111213141516171819"
#define HEX_AA80 HEX_AA20 HEX_AA20 HEX_AA20 HEX_AA20
#define HEX_AA131 HEX_AA80 HEX_AA20 HEX_AA20 HEX_AA10 "aa"
#define HI_THERE "4869205468657265"                                           /* "Hi There" */
#define JEFE "4a656665"                                                       /* "Jefe" */
#define WHAT_DO_YA "7768617420646f2079612077616e7420666f72206e6f7468696e673f" /* "what do ya ..." */
#define HASH_KEY_FIRST                                                                                       \
    "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669" \
    "72"                                                                                                     \
    "7374" /* "Test Using Larger Than Block-Size Key - Hash Key First" */

/* RFC 4231 cases 1, 2, 3, 4, 6 and 7 (5 truncates the output). */
static const hmac_case rfc4231_inputs[6] = {
    {HEX_0B20, HI_THERE, NULL},
    {JEFE, WHAT_DO_YA, NULL},
    {HEX_AA20, HEX_DD50, NULL},
    {HEX_0102_25, HEX_CD50, NULL},
    {HEX_AA131, HASH_KEY_FIRST, NULL},
    /* "This is a test using a larger than block-size key and a larger than
     * block-size data. The key needs to be hashed before being used by the
     * HMAC algorithm." */
    {HEX_AA131,
     "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616"
     "e64"
     "2061206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f2062652"
     "0"
     "686173686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e",
     NULL},
};
static const struct {
    digest_alg alg;
    const char *macs[6];
} rfc4231[] = {
    {DIGEST_SHA224,
     {"896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22",
      "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44",
      "7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea",
      "6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a",
      "95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e",
      "3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1"}},
    {DIGEST_SHA256,
     {"b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
      "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
      "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
      "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"}},
    {DIGEST_SHA384,
     {"afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6",
      "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649",
      "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27",
      "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e6801dd23c4a7d679ccf8a386c674cffb",
      "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952",
      "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5a678cc31e799176d3860e6110c46523e"}},
    {DIGEST_SHA512,
     {"87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d91"
      "4eeb61f1"
      "702e696c203a126854",
      "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1"
      "a34d4a6b"
      "4b636e070a38bce737",
      "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e67c807b946a3"
      "37bee894"
      "2674278859e13292fb",
      "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5788063a5f197"
      "41120c4f"
      "2de2adebeb10a298dd",
      "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f"
      "73f63f0a"
      "ec8b915a985d786598",
      "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3e4de15134676"
      "fb6de044"
      "6065c97440fa8c6a58"}},
};

Test(digest, hmac_rfc4231)
{
    static const int case_numbers[6] = {1, 2, 3, 4, 6, 7};
    for (size_t a = 0; a < sizeof rfc4231 / sizeof *rfc4231; a++) {
        for (int i = 0; i < 6; i++) {
            hmac_case c = rfc4231_inputs[i];
            c.mac = rfc4231[a].macs[i];
            char what[64];
            snprintf(what, sizeof what, "%s, RFC 4231 case %d", name_of(rfc4231[a].alg), case_numbers[i]);
            check_hmac(rfc4231[a].alg, &c, what);
        }
    }
}

/* RFC 2202: cases 1 to 7 for HMAC-MD5 (16-byte keys) and HMAC-SHA-1
 * (20-byte keys). */
#define HEX_0B16 HEX_0B10 "0b0b0b0b0b0b"
#define HEX_AA16 HEX_AA10 "aaaaaaaaaaaa"
#define HEX_0C10 "0c0c0c0c0c0c0c0c0c0c"
#define HEX_0C16 HEX_0C10 "0c0c0c0c0c0c"
#define HEX_0C20 HEX_0C10 HEX_0C10
#define TRUNCATION "546573742057697468205472756e636174696f6e" /* "Test With Truncation" */
#define ONE_BLOCK_DATA                                                                                       \
    "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b657920616e64204c6172676572205468" \
    "616e"                                                                                                   \
    "204f6e6520426c6f636b2d53697a652044617461" /* "... Key and Larger Than One Block-Size Data" */
static const hmac_case rfc2202_md5[7] = {
    {HEX_0B16, HI_THERE, "9294727a3638bb1c13f48ef8158bfc9d"},
    {JEFE, WHAT_DO_YA, "750c783e6ab0b503eaa86e310a5db738"},
    {HEX_AA16, HEX_DD50, "56be34521d144c88dbb8c733f0e8b3f6"},
    {HEX_0102_25, HEX_CD50, "697eaf0aca3a3aea3a75164746ffaa79"},
    {HEX_0C16, TRUNCATION, "56461ef2342edc00f9bab995690efd4c"},
    {HEX_AA80, HASH_KEY_FIRST, "6b1ab7fe4bd7bf8f0b62e6ce61b9d0cd"},
    {HEX_AA80, ONE_BLOCK_DATA, "6f630fad67cda0ee1fb1f562db3aa53e"},
};
static const hmac_case rfc2202_sha1[7] = {
    {HEX_0B20, HI_THERE, "b617318655057264e28bc0b6fb378c8ef146be00"},
    {JEFE, WHAT_DO_YA, "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},
    {HEX_AA20, HEX_DD50, "125d7342b9ac11cd91a39af48aa17b4f63f175d3"},
    {HEX_0102_25, HEX_CD50, "4c9007f4026250c6bc8414f9bf50c86c2d7235da"},
    {HEX_0C20, TRUNCATION, "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"},
    {HEX_AA80, HASH_KEY_FIRST, "aa4ae5e15272d00e95705637ce8a3b55ed402112"},
    {HEX_AA80, ONE_BLOCK_DATA, "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"},
};

Test(digest, hmac_rfc2202)
{
    for (int i = 0; i < 7; i++) {
        char what[64];
        snprintf(what, sizeof what, "md5, RFC 2202 case %d", i + 1);
        check_hmac(DIGEST_MD5, &rfc2202_md5[i], what);
        snprintf(what, sizeof what, "sha, RFC 2202 case %d", i + 1);
        check_hmac(DIGEST_SHA1, &rfc2202_sha1[i], what);
    }
}

/* crypto:mac(hmac, Alg, <<"Jefe">>, <<"what do ya want for nothing?">>)
 * and crypto:mac(hmac, Alg, binary:copy(<<16#aa>>, 200),
 * binary:copy(<<16#dd>>, 300)): the key longer than every block. */
static const struct {
    digest_alg alg;
    const char *jefe, *long_key;
} hmac_others[] = {
    {DIGEST_MD4, "be192c588a8e914d8a59b474a828128f", "7c8987b38c8afcb4959a5e2fe422ba0b"},
    {DIGEST_RIPEMD160, "dda6c0213a485a9e24f4742064a7f033b43c4069",
     "c6486579880608e9ace90736da40ee7c7d2d3003"},
    {DIGEST_SHA3_224, "7fdb8dd88bd2f60d1b798634ad386811c2cfc85bfaf5d52bbace5e66",
     "782431656cac5dd01b37da2b8e73b5bb4ebae4bb3590a586cda64f22"},
    {DIGEST_SHA3_256, "c7d4072e788877ae3596bbb0da73b887c9171f93095b294ae857fbe2645e1ba5",
     "121ec4818b368e199739092cc51c89b6183031f0cab6741d69a1a63746274af3"},
    {DIGEST_SHA3_384,
     "f1101f8cbf9766fd6764d2ed61903f21ca9b18f57cf3e1a23ca13508a93243ce48c045dc007f26a21b3f5e0e9df4c20a",
     "77508f67cec456f8e8f34274574e04f70a0661731db93d7c142e3f4b88b05ce69c7be92946592be586bf37d13698fdc6"},
    {DIGEST_SHA3_512,
     "5a4bfeab6166427c7a3647b747292b8384537cdb89afb3bf5665e4c5e709350b287baec921fd7ca0ee7a0c31d022a95e1fc92ba"
     "9d77df8"
     "83960275beb4e62024",
     "90d479dfdf4f4688e4c0229dd659ef87b12cb50b064efd7c24eb50b1cc937d0a417f18d8d6cea5956aefb2558119d49bb0c5c2d"
     "6be2a7a"
     "31cb44c5d4f81cb166"},
    {DIGEST_BLAKE2B,
     "6ff884f8ddc2a6586b3c98a4cd6ebdf14ec10204b6710073eb5865ade37a2643b8807c1335d107ecdb9ffeaeb6828c4625ba172"
     "c66379e"
     "fcd222c2de11727ab4",
     "a6ac129505006cdc89821274e917f0cdc020e188811630c96bb2de7ae91d30c6c7123bfbe7ae7765a58c83cf2d49869a8648b0d"
     "d72270c"
     "691251b3986e523c6e"},
    {DIGEST_BLAKE2S, "90b6281e2f3038c9056af0b4a7e763cae6fe5d9eb4386a0ec95237890c104ff0",
     "013186bd21efbbca9174c4e6fec8b42462c4118c6b61eb75b24aac291e017859"},
};

Test(digest, hmac_other_digests)
{
    uint8_t key[200], data[300], out[DIGEST_MAX_SIZE];
    memset(key, 0xaa, sizeof key);
    memset(data, 0xdd, sizeof data);
    for (size_t i = 0; i < sizeof hmac_others / sizeof *hmac_others; i++) {
        digest_alg alg = hmac_others[i].alg;
        hmac_case jefe = {JEFE, WHAT_DO_YA, hmac_others[i].jefe};
        check_hmac(alg, &jefe, name_of(alg));
        /* The long data fed in three uneven pieces. */
        hmac_ctx ctx;
        hmac_start(&ctx, alg, key, sizeof key);
        hmac_feed(&ctx, data, 1);
        hmac_feed(&ctx, data + 1, 150);
        hmac_feed(&ctx, data + 151, 149);
        hmac_finish(&ctx, out);
        check_hex(out, digest_info_of(alg)->size, hmac_others[i].long_key, name_of(alg));
    }
}

/* For each algorithm, the SHA-256 of its HMACs of "The quick brown fox
 * jumps over the lazy dog" under the keys of 0 to 2 * block + 1 bytes,
 * byte j being j * 7 rem 256, concatenated: keys shorter than, as long as
 * and longer than the block (erl: crypto:mac(hmac, Alg, Key(K), Fox)). */
static const char *every_key_length[DIGEST_COUNT] = {
    "047a7e4bf2b6242f8a8203e8d8195535c6682a9c883c2caf15948eac7992efef", /* md4 */
    "b076429ee841efc1d84874d33e21930429a63be0b34a0c704229aeef831ae66f", /* md5 */
    "9b5b104046e5e2b5e3d805ce595b59ed0175d71eb5c27b7c26e9b0e2ec9aab8e", /* ripemd160 */
    "6a2c14b20eaca12121a17c72ae237e9ee77df58501bc95fb9d24f3a0c3ba4014", /* sha */
    "38b9e697b6428d3a09e4b061b215749844e0ac959c8efb9f3fcbb5fb9217cdda", /* sha224 */
    "02fc723c017485e542d473fdf1260c343ce3b1c5d95c88eaf92984bf4a981ac1", /* sha256 */
    "fdf34e5725d1993a0e3cf2d9562c59b588510b741d48694e7b1c32acf209095a", /* sha384 */
    "4111c6f5d3535045ccb3125d1d9d62e4c94f623290d4860dd388316dd5fbf12d", /* sha512 */
    "187f640a809e39b953b6b1df5052fcb6b6c39af046c0cbbe0ae37d346434a7be", /* sha3_224 */
    "6656515136d9a2dd34f310670dac172955cfaea37b49f3edc61aad5116bd52b3", /* sha3_256 */
    "cd4f4c7f4b35b7ae85f286d8c013a9ac79dc6c999bead2efb16f70144e442918", /* sha3_384 */
    "5e5d627f27e7280cc4f1f9c05ff757e0cd685196eca9dd1f15d23a10422cd3de", /* sha3_512 */
    "dd06cdf58d85164ea68f1c2b71b934aaff33538397db5533157788306e293164", /* blake2b */
    "403746ed6415fe6ff65fffecb1e41c20d8dea9e8c8ac706e2041b7089dab15e5", /* blake2s */
};

Test(digest, hmac_every_key_length)
{
    static const char fox[] = "The quick brown fox jumps over the lazy dog";
    uint8_t key[2 * DIGEST_MAX_BLOCK + 1], out[DIGEST_MAX_SIZE], all[32];
    fill(key, sizeof key, 7, 0);
    for (int i = 0; i < DIGEST_COUNT; i++) {
        digest_alg alg = (digest_alg)i;
        const digest_info *info = digest_info_of(alg);
        digest_ctx concat;
        digest_start(&concat, DIGEST_SHA256);
        for (size_t k = 0; k <= 2 * info->block + 1; k++) {
            hmac_ctx ctx;
            hmac_start(&ctx, alg, k == 0 ? NULL : key, k);
            hmac_feed(&ctx, fox, strlen(fox));
            hmac_finish(&ctx, out);
            digest_feed(&concat, out, info->size);
        }
        digest_finish(&concat, all);
        check_hex(all, 32, every_key_length[i], name_of(alg));
    }
}

/* A copied HMAC context finishes on its own, as digest contexts do. */
Test(digest, hmac_fork)
{
    hmac_ctx a, b;
    uint8_t out[DIGEST_MAX_SIZE];
    hmac_start(&a, DIGEST_SHA256, (const uint8_t *)"Jefe", 4);
    hmac_feed(&a, "what do ya ", 11);
    b = a;
    hmac_feed(&a, "want for nothing?", 17);
    hmac_finish(&a, out);
    check_hex(out, 32, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", "first end");
    hmac_feed(&b, "want for nothing?", 17);
    hmac_finish(&b, out);
    check_hex(out, 32, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", "second end");
}

/* ---- PBKDF2 -------------------------------------------------------------- */

/* crypto:pbkdf2_hmac(Alg, Password, Salt, Iterations, Length). The sha
 * rows are RFC 6070's (but for its 16777216 iterations, too slow for a
 * unit test); the 70-byte sha256 row is RFC 7914's PBKDF2 vector cut
 * short. OTP takes only sha and the SHA-2 digests here. */
typedef struct pbkdf2_case {
    digest_alg alg;
    const char *pass, *salt;
    size_t passlen, saltlen;
    uint64_t iter;
    size_t len;
    const char *key;
} pbkdf2_case;
static const pbkdf2_case pbkdf2_cases[] = {
    {DIGEST_SHA1, "password", "salt", 8, 4, 1, 20, "0c60c80f961f0e71f3a9b524af6012062fe037a6"},
    {DIGEST_SHA1, "password", "salt", 8, 4, 2, 20, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"},
    {DIGEST_SHA1, "password", "salt", 8, 4, 4096, 20, "4b007901b765489abead49d926f721d065a429c1"},
    {DIGEST_SHA1, "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 24, 36, 4096, 25,
     "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"},
    {DIGEST_SHA1, "pass\0word", "sa\0lt", 9, 5, 4096, 16, "56fa6aa75548099dcc37d7f03425e0c3"},
    {DIGEST_SHA256, "password", "salt", 8, 4, 4096, 45,
     "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134af7ad98c1b458ce3fd74ca35beb"},
    {DIGEST_SHA256, "passwd", "salt", 6, 4, 1, 70,
     "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b84"
     "5b1e30b"
     "d509112041d3a19783c294e8501503"},
    {DIGEST_SHA512, "password", "NaCl", 8, 4, 3, 100,
     "0af93ffb0db76bd9256c66584c5dea4ffb9344b79cd7e34fbecff9c4c90b635e7f6755865365af81ba3424a6d1351520ef11194"
     "25a0175"
     "884c834bb7ca8ecd874c3045eb160cc4636e510bc95afa6f839d376d43c06ac4550329324cb63dc56477c73c37"},
    {DIGEST_SHA224, "pw", "", 2, 0, 10, 33,
     "104535717ccfebd9e4b4977b3f0700e2ce64f8f07ffaf5745c74d42823a17fe210"},
    {DIGEST_SHA384, "", "salt", 0, 4, 7, 5, "b3e78b8d85"},
};

Test(digest, pbkdf2)
{
    uint8_t out[128];
    for (size_t i = 0; i < sizeof pbkdf2_cases / sizeof *pbkdf2_cases; i++) {
        const pbkdf2_case *c = &pbkdf2_cases[i];
        char what[96];
        snprintf(what, sizeof what, "%s, %s, %zu iterations, %zu bytes", name_of(c->alg), c->pass,
                 (size_t)c->iter, c->len);
        pbkdf2_hmac(c->alg, (const uint8_t *)c->pass, c->passlen, (const uint8_t *)c->salt, c->saltlen,
                    c->iter, out, c->len);
        check_hex(out, c->len, c->key, what);
    }
}

/* ---- Poly1305 ------------------------------------------------------------ */

static void poly1305_in_pieces(const uint8_t key[32], const uint8_t *msg, size_t n, size_t piece,
                               uint8_t tag[16])
{
    poly1305_ctx ctx;
    poly1305_start(&ctx, key);
    for (size_t at = 0; at < n; at += piece)
        poly1305_feed(&ctx, msg + at, piece < n - at ? piece : n - at);
    poly1305_finish(&ctx, tag);
}

Test(digest, poly1305_rfc8439)
{
    /* RFC 8439 section 2.5.2. */
    uint8_t key[32], tag[16];
    unhex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b", key, sizeof key);
    static const char msg[] = "Cryptographic Forum Research Group";
    for (size_t piece = 1; piece <= sizeof msg - 1; piece++) {
        poly1305_in_pieces(key, (const uint8_t *)msg, sizeof msg - 1, piece, tag);
        check_hex(tag, 16, "a8061dc1305136c6c22b8baf0c0127a9", "RFC 8439 2.5.2");
    }
}

/* crypto:mac(poly1305, Key, Msg), key byte j being j * 7 + 3 and message
 * byte j being j * 13 + 1 (rem 256). */
static const struct {
    size_t len;
    const char *tag;
} poly1305_lengths[] = {
    {0, "737a81888f969da4abb2b9c0c7ced5dc"},   {15, "edc8d6be6a212b6a4ddede6f85eba143"},
    {16, "ba4e9af9168e5d45e03180ebfe25eea7"},  {17, "0fc5ef3c90a475c0db3fcd3774c2d343"},
    {100, "bd73ee8256231fab417c04a2024d1440"},
};

Test(digest, poly1305_lengths_in_pieces)
{
    static const size_t pieces[] = {1, 3, 15, 16, 17, 100};
    uint8_t key[32], msg[100], tag[16];
    fill(key, sizeof key, 7, 3);
    fill(msg, sizeof msg, 13, 1);
    for (size_t i = 0; i < sizeof poly1305_lengths / sizeof *poly1305_lengths; i++) {
        for (size_t p = 0; p < sizeof pieces / sizeof *pieces; p++) {
            char what[64];
            snprintf(what, sizeof what, "%zu bytes in pieces of %zu", poly1305_lengths[i].len, pieces[p]);
            poly1305_in_pieces(key, msg, poly1305_lengths[i].len, pieces[p], tag);
            check_hex(tag, 16, poly1305_lengths[i].tag, what);
        }
    }
}

/* The final reduction's edges: the inputs of RFC 8439 appendix A.3's
 * vectors 5 to 8 (h reaching 2^130 - 5 and past it), and the largest r
 * and s with a message of all ones. */
static const struct {
    const char *key, *msg, *tag;
} poly1305_edges[] = {
    {"0200000000000000000000000000000000000000000000000000000000000000", "ffffffffffffffffffffffffffffffff",
     "03000000000000000000000000000000"},
    {"02000000000000000000000000000000ffffffffffffffffffffffffffffffff", "02000000000000000000000000000000",
     "03000000000000000000000000000000"},
    {"0100000000000000000000000000000000000000000000000000000000000000",
     "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff11000000000000000000000000000000",
     "05000000000000000000000000000000"},
    {"0100000000000000000000000000000000000000000000000000000000000000",
     "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe01010101010101010101010101010101",
     "00000000000000000000000000000000"},
    {"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
     "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "fffff"
     "ffffffffffffffffffff",
     "900fe32bc15fa8d7bca8efe4c7e37eb1"},
};

Test(digest, poly1305_reduction_edges)
{
    for (size_t i = 0; i < sizeof poly1305_edges / sizeof *poly1305_edges; i++) {
        uint8_t key[32], msg[64], tag[16];
        cr_assert_eq(unhex(poly1305_edges[i].key, key, sizeof key), 32);
        size_t n = unhex(poly1305_edges[i].msg, msg, sizeof msg);
        poly1305_in_pieces(key, msg, n, n, tag);
        check_hex(tag, 16, poly1305_edges[i].tag, poly1305_edges[i].msg);
    }
}

Test(digest, poly1305_fork)
{
    uint8_t key[32], msg[100], tag[16];
    fill(key, sizeof key, 7, 3);
    fill(msg, sizeof msg, 13, 1);
    poly1305_ctx a, b;
    poly1305_start(&a, key);
    poly1305_feed(&a, msg, 9);
    b = a;
    poly1305_feed(&a, msg + 9, 8);
    poly1305_finish(&a, tag);
    check_hex(tag, 16, "0fc5ef3c90a475c0db3fcd3774c2d343", "17 bytes");
    poly1305_feed(&b, msg + 9, 91);
    poly1305_finish(&b, tag);
    check_hex(tag, 16, "bd73ee8256231fab417c04a2024d1440", "100 bytes");
}
