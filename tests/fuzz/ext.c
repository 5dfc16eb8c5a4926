/* ext.c: the fuzz target of vm/ext.c's decoder, binary_to_term of hostile
 * bytes (docs/internals/fuzzing.md). Input that starts with 131 goes to
 * ext_binary_to_term, any other to ext_decode. When a term comes out, it
 * must survive the way back: ext_encode writes ext_size bytes, they decode
 * to an =:= term taking all of them, encoding that gives the same bytes,
 * and ext_encode_bounded, when it takes the term, writes them too. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"
#include "vm/vm.h"

/* Room for ext_encode_bounded's answer: enough for the small terms it
 * takes, not for every term the input can make. */
#define BOUNDED_CAP 4096

static void fail(const char *what, const ext_error *err) { fuzz_fail("ext", what, err ? err->msg : NULL); }

/* term_to_binary(t) into a new buffer of *len bytes; aborts when the term
 * a decoder made has no external form. */
static uint8_t *encode(term_t t, size_t *len)
{
    ext_error err;
    if (ext_size(t, len, &err) != EXT_OK)
        fail("a decoded term is not encodable", &err);
    uint8_t *out = malloc(*len);
    if (ext_encode(t, out) != *len)
        fail("ext_encode wrote other than ext_size bytes", NULL);
    return out;
}

/* The round trip of a decoded term t, on heap h. */
static void check_round_trip(heap_t *h, term_t t)
{
    size_t len;
    uint8_t *bytes = encode(t, &len);
    term_t back;
    size_t used;
    ext_error err;
    if (ext_binary_to_term(h, bytes, len, &back, &used, &err) != EXT_OK)
        fail("its encoding does not decode", &err);
    if (used != len)
        fail("its encoding decodes to a term that takes fewer bytes", NULL);
    if (!term_eq_exact(t, back))
        fail("its encoding decodes to another term", NULL);
    size_t len2;
    uint8_t *again = encode(back, &len2);
    if (len2 != len || memcmp(bytes, again, len) != 0)
        fail("encoding it again gives other bytes", NULL);
    uint8_t bounded[BOUNDED_CAP];
    size_t n = ext_encode_bounded(t, bounded, sizeof bounded);
    if (n != 0 && (n != len || memcmp(bounded, bytes, len) != 0))
        fail("ext_encode_bounded and ext_encode disagree", NULL);
    free(again);
    free(bytes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t t;
    size_t used;
    ext_error err;
    ext_result r = size > 0 && data[0] == EXT_VERSION ? ext_binary_to_term(&h, data, size, &t, &used, &err)
                                                      : ext_decode(&h, data, size, &t, &used, &err);
    if (r == EXT_OK) {
        if (used > size)
            fail("the decoder took more bytes than it was given", NULL);
        check_round_trip(&h, t);
    } else if (err.code != r || err.offset > size || err.msg[0] == '\0') {
        fail("an error that does not say what and where", &err);
    }
    heap_destroy(&h);
    return 0;
}
