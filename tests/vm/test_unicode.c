/* test_unicode.c: tests of vm/unicode.c. Every count is erl's
 * string:length/1 of the same code points (the comment gives them). */
#include <criterion/criterion.h>

#include "vm/vm.h"

static size_t clusters(const char *utf8) { return unicode_count_clusters((const unsigned char *)utf8, strlen(utf8)); }

Test(unicode, clusters_as_string_length)
{
    cr_assert_eq(clusters("abc"), 3);
    cr_assert_eq(clusters("\r\n"), 1);
    cr_assert_eq(clusters("a\xcc\x81"), 1);                                  /* [$a, 16#301] */
    cr_assert_eq(clusters("\xf0\x9f\x98\x80\xe2\x80\x8d\xf0\x9f\x98\x80"), 1); /* emoji ZWJ emoji */
    cr_assert_eq(clusters("\xf0\x9f\x87\xab\xf0\x9f\x87\xb7\xf0\x9f\x87\xa9"), 2); /* 3 regional indicators */
    cr_assert_eq(clusters("\xe1\x84\x80\xe1\x85\xa1\xe1\x86\xa8"), 1);       /* Hangul L V T */
    cr_assert_eq(clusters("\xf0\x9f\x98\x80\xe2\x80\x8d\xcc\x81"), 2);       /* OTP: emoji ZWJ then a mark */
    cr_assert_eq(clusters("\xd8\x80" "a"), 1);                               /* prepend [16#600, $a] */
    cr_assert_eq(clusters("\xf0\x91\x8d\xb3"), 1);                           /* [16#11373] */
}

Test(unicode, cluster_end_steps_and_decoding)
{
    const unsigned char *s = (const unsigned char *)"a\xcc\x81" "b";
    cr_assert_eq(unicode_cluster_end(s, 4, 0), 3);
    cr_assert_eq(unicode_cluster_end(s, 4, 3), 4);
    size_t len;
    cr_assert_eq(unicode_decode_utf8((const unsigned char *)"\xe2\x82\xac", 3, &len), 0x20AC);
    cr_assert_eq(len, 3);
    cr_assert_eq(unicode_decode_utf8((const unsigned char *)"\xff" "a", 2, &len), 0xFF); /* bad byte: itself */
    cr_assert_eq(len, 1);
    cr_assert_eq(unicode_decode_utf8((const unsigned char *)"\xe2\x82", 2, &len), 0xE2); /* truncated */
    cr_assert_eq(len, 1);
}

Test(unicode, whole_strings_of_strict_utf8)
{
    cr_assert(unicode_is_utf8("", 0));
    cr_assert(unicode_is_utf8("abc \xc3\xa5 \xe2\x82\xac \xf0\x9f\x98\x80", 15));
    cr_assert_not(unicode_is_utf8("ab\xc3", 3), "a sequence cut at the end");
    cr_assert_not(unicode_is_utf8("\xc0\xaf", 2), "an overlong form");
    cr_assert_not(unicode_is_utf8("\xed\xa0\x80", 3), "a surrogate");
    cr_assert_not(unicode_is_utf8("a\xffz", 3), "a byte that starts nothing");
    cr_assert(unicode_is_utf8("a\xffz", 1), "only n bytes are looked at");
}
