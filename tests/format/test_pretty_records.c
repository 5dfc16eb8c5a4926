/* test_pretty_records.c: ~p of records (fmt_pretty_opts.records) against
 * OTP 25's io_lib_pretty with a record_print_fun, as erl's shell prints.
 * check(TEXT, COL, LL, DEPTH, UNICODE, EXPECTED): EXPECTED is what
 *   io_lib_pretty:print(T, [{column,COL},{line_length,LL},{depth,DEPTH},
 *                           {encoding,ENC},{record_print_fun,RF}])
 * returns (UTF-8 encoded) for the term T that erl_parse reads from TEXT,
 * where RF(Tag, N) gives the fields of DEFS below when Tag has N of them,
 * else no. The check lines were printed by the escript at the end of this
 * file (escript gen.escript > checks), which holds the same DEFS. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "format/format.h"
#include "tests/lib/fmt_fixture.h"

static unsigned calls;

TestSuite(pretty_records, .init = fx_setup, .fini = fx_teardown);

/* The record definitions: name, then its fields, NULL-terminated. */
static const char *const DEFS[][10] = {
    {"person", "name", "age", NULL},
    {"team", "lead", "members", NULL},
    {"empty", NULL},
    {"node", "val", "next", NULL},
    {"point", "x", "y", NULL},
    {"r8", "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", NULL},
    {"a long record name", "first_field", "second_field", NULL},
    {"Quoted", "Field", "b c", NULL},
    {"verylongrecordname_abcdefghij", "f1", "f2", NULL},
    {"s", "averyveryverylongfieldname_0123456789abc", "b", NULL},
    {"\xc3\xa4rger", "stra\xc3\x9f" "e", NULL},
};

static term_t atom_utf8(const char *s)
{
    term_t a;
    cr_assert_eq(atom_intern(s, strlen(s), &a), ATOM_OK);
    return a;
}

static bool record_fields(void *ctx, term_t tag, size_t arity, term_t *fields)
{
    (void)ctx;
    calls++;
    for (size_t i = 0; i < sizeof DEFS / sizeof DEFS[0]; i++) {
        if (atom_utf8(DEFS[i][0]) != tag)
            continue;
        size_t n = 0;
        while (DEFS[i][n + 1])
            n++;
        if (n != arity)
            return false;
        for (size_t j = 0; j < n; j++)
            fields[j] = atom_utf8(DEFS[i][j + 1]);
        return true;
    }
    return false;
}

static const char *pretty_records(term_t t, int col, int ll, int depth, bool unicode)
{
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    o.column = col;
    o.line_length = ll;
    o.depth = depth;
    o.unicode = unicode;
    o.records = record_fields;
    fmt_buf_reset(&buf);
    fmt_pretty(&buf, t, &o);
    return buf.data;
}

static void check(const char *text, int col, int ll, int depth, bool unicode, const char *expected)
{
    const char *got = pretty_records(fx_read(text), col, ll, depth, unicode);
    cr_expect_str_eq(got, expected, "~p of %s (column %d, line length %d, depth %d, %s):\n%s\nerl:\n%s", text, col,
                     ll, depth, unicode ? "unicode" : "latin1", got, expected);
}

Test(pretty_records, default_has_none)
{
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    cr_expect_null(o.records);
    fmt_pretty(&buf, fx_read("{person,\"a\",0}"), &o);
    cr_expect_str_eq(buf.data, "{person,\"a\",0}");
}

/* The callback is asked about tuples with an atom first, nothing else. */
Test(pretty_records, asked_only_for_atom_tags)
{
    calls = 0;
    pretty_records(fx_read("[{1,2},{\"a\",b},{},[x],{x},{y,1,2}]"), 1, 80, -1, false);
    cr_expect_eq(calls, 2);
}

Test(pretty_records, erl)
{
    check("{person,\"a\",0}", 1, 80, -1, false,
          "#person{name = \"a\",age = 0}");
    check("{person,\"a\"}", 1, 80, -1, false,
          "{person,\"a\"}");
    check("{person,\"a\",0,1}", 1, 80, -1, false,
          "{person,\"a\",0,1}");
    check("{\"person\",\"a\",0}", 1, 80, -1, false,
          "{\"person\",\"a\",0}");
    check("{1,2,3}", 1, 80, -1, false,
          "{1,2,3}");
    check("{empty}", 1, 80, -1, false,
          "#empty{}");
    check("{empty}", 1, 3, -1, false,
          "#empty{}");
    check("[{empty},{empty,1}]", 1, 80, -1, false,
          "[#empty{},{empty,1}]");
    check("{team,{person,\"bob\",42},[]}", 1, 80, -1, false,
          "#team{lead = #person{name = \"bob\",age = 42},members = []}");
    check("{team,{person,undefined,0},[{person,\"x\",1},{person,\"y\",2}]}", 1, 80, -1, false,
          "#team{lead = #person{name = undefined,age = 0},\n"
          "      members = [#person{name = \"x\",age = 1},#person{name = \"y\",age = 2}]}");
    check("[{person,\"a\",1},{person,\"b\",2},{person,\"c\",3}]", 1, 80, -1, false,
          "[#person{name = \"a\",age = 1},\n"
          " #person{name = \"b\",age = 2},\n"
          " #person{name = \"c\",age = 3}]");
    check("[{person,\"a\",1},{person,\"b\",2},{person,\"c\",3}]", 1, 30, -1, false,
          "[#person{name = \"a\",age = 1},\n"
          " #person{name = \"b\",age = 2},\n"
          " #person{name = \"c\",\n"
          "         age = 3}]");
    check("{ok,{person,\"a\",1}}", 1, 80, -1, false,
          "{ok,#person{name = \"a\",age = 1}}");
    check("{ok,{person,\"a\",1},{point,1,2}}", 1, 20, -1, false,
          "{ok,#person{\n"
          "        name = \"a\",\n"
          "        age = 1},\n"
          "    #point{\n"
          "        x = 1,\n"
          "        y = 2}}");
    check("#{a => {person,\"a\",1},{point,1,2} => b}", 1, 80, -1, false,
          "#{a => #person{name = \"a\",age = 1},#point{x = 1,y = 2} => b}");
    check("#{a => {person,\"a\",1},{point,1,2} => b}", 1, 25, -1, false,
          "#{a =>\n"
          "      #person{\n"
          "          name = \"a\",\n"
          "          age = 1},\n"
          "  #point{x = 1,y = 2} =>\n"
          "      b}");
    check("{person,\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",123456789}", 1, 80, -1, false,
          "#person{name = \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\n"
          "        age = 123456789}");
    check("{person,\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",123456789}", 10, 80, -1, false,
          "#person{name = \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\n"
          "                 age = 123456789}");
    check("{person,\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",123456789}", 1, 40, -1, false,
          "#person{name = \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\n"
          "        age = 123456789}");
    check("{team,{person,\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",123456789},[{person,\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",123456789},{person,\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",123456789}]}", 1, 80, -1, false,
          "#team{lead = #person{name = \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\n"
          "                     age = 123456789},\n"
          "      members = [#person{name = \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\n"
          "                         age = 123456789},\n"
          "                 #person{name = \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\n"
          "                         age = 123456789}]}");
    check("{team,{person,\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",123456789},[{person,\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",123456789},{person,\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",123456789}]}", 5, 60, -1, false,
          "#team{\n"
          "        lead =\n"
          "            #person{\n"
          "                name =\n"
          "                    \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\n"
          "                age = 123456789},\n"
          "        members =\n"
          "            [#person{\n"
          "                 name =\n"
          "                     \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\n"
          "                 age = 123456789},\n"
          "             #person{\n"
          "                 name =\n"
          "                     \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\n"
          "                 age = 123456789}]}");
    check("{r8,1,2,3,4,5,6,7,8}", 1, 80, -1, false,
          "#r8{alpha = 1,beta = 2,gamma = 3,delta = 4,epsilon = 5,zeta = 6,eta = 7,\n"
          "    theta = 8}");
    check("{r8,1,2,3,4,5,6,7,8}", 1, 40, -1, false,
          "#r8{alpha = 1,beta = 2,gamma = 3,\n"
          "    delta = 4,epsilon = 5,zeta = 6,\n"
          "    eta = 7,theta = 8}");
    check("{r8,1,2,3,4,5,6,7,8}", 1, 20, -1, false,
          "#r8{alpha = 1,\n"
          "    beta = 2,\n"
          "    gamma = 3,\n"
          "    delta = 4,\n"
          "    epsilon = 5,\n"
          "    zeta = 6,\n"
          "    eta = 7,\n"
          "    theta = 8}");
    check("{r8,[1,2,3],\"abc\",{x,y},{point,1,2},5,6,7,<<1,2,3>>}", 1, 40, -1, false,
          "#r8{alpha = [1,2,3],\n"
          "    beta = \"abc\",\n"
          "    gamma = {x,y},\n"
          "    delta = #point{x = 1,y = 2},\n"
          "    epsilon = 5,zeta = 6,eta = 7,\n"
          "    theta = <<1,2,3>>}");
    check("{r8,[1,2,3],\"abc\",{x,y},{point,1,2},5,6,7,<<1,2,3>>}", 1, 40, 3, false,
          "#r8{alpha = [...],...}");
    check("{'a long record name',[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],{point,100,200}}", 1, 40, -1, false,
          "#'a long record name'{\n"
          "    first_field =\n"
          "        [1,2,3,4,5,6,7,8,9,10,11,12,\n"
          "         13,14,15],\n"
          "    second_field =\n"
          "        #point{x = 100,y = 200}}");
    check("{'a long record name',[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],{point,100,200}}", 1, 80, -1, false,
          "#'a long record name'{first_field = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],\n"
          "                      second_field = #point{x = 100,y = 200}}");
    check("{'Quoted',1,2}", 1, 80, -1, false,
          "#'Quoted'{'Field' = 1,'b c' = 2}");
    check("{'Quoted',\"qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq\",[a,b]}", 1, 80, -1, false,
          "#'Quoted'{'Field' = \"qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq\",\n"
          "          'b c' = [a,b]}");
    check("{verylongrecordname_abcdefghij,{person,\"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn\",1},[1,2,3]}", 1, 60, -1, false,
          "#verylongrecordname_abcdefghij{\n"
          "    f1 =\n"
          "        #person{\n"
          "            name =\n"
          "                \"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn\",\n"
          "            age = 1},\n"
          "    f2 = [1,2,3]}");
    check("{verylongrecordname_abcdefghij,{person,\"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn\",1},[1,2,3]}", 30, 60, -1, false,
          "#verylongrecordname_abcdefghij{\n"
          "                              f1 =\n"
          "                               #person{\n"
          "                                name =\n"
          "                                 \"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn\",\n"
          "                                age = 1},\n"
          "                              f2 = [1,2,3]}");
    check("{s,\"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv\",2}", 1, 80, -1, false,
          "#s{averyveryverylongfieldname_0123456789abc =\n"
          "       \"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv\",\n"
          "   b = 2}");
    check("{s,\"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv\",2}", 1, 50, -1, false,
          "#s{averyveryverylongfieldname_0123456789abc =\n"
          "       \"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv\",\n"
          "   b = 2}");
    check("{s,{person,\"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvv\",2},2}", 1, 50, -1, false,
          "#s{averyveryverylongfieldname_0123456789abc =\n"
          "       #person{\n"
          "           name =\n"
          "               \"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvv\",\n"
          "           age = 2},\n"
          "   b = 2}");
    check("{node,1,{node,2,{node,3,{node,4,{node,5,{node,6,nil}}}}}}", 1, 80, -1, false,
          "#node{\n"
          "    val = 1,\n"
          "    next =\n"
          "        #node{\n"
          "            val = 2,\n"
          "            next =\n"
          "                #node{\n"
          "                    val = 3,\n"
          "                    next =\n"
          "                        #node{\n"
          "                            val = 4,\n"
          "                            next =\n"
          "                                #node{\n"
          "                                    val = 5,\n"
          "                                    next = #node{val = 6,next = nil}}}}}}");
    check("{node,1,{node,2,{node,3,{node,4,{node,5,{node,6,nil}}}}}}", 1, 40, -1, false,
          "#node{\n"
          " val = 1,\n"
          " next =\n"
          "  #node{\n"
          "   val = 2,\n"
          "   next =\n"
          "    #node{\n"
          "     val = 3,\n"
          "     next =\n"
          "      #node{\n"
          "       val = 4,\n"
          "       next =\n"
          "        #node{\n"
          "         val = 5,\n"
          "         next =\n"
          "          #node{\n"
          "           val = 6,next = nil}}}}}}");
    check("[{node,\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",{node,\"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\",nil}}]", 1, 50, -1, false,
          "[#node{\n"
          "     val = \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",\n"
          "     next =\n"
          "         #node{\n"
          "             val =\n"
          "                 \"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\",\n"
          "             next = nil}}]");
    check("{person,[1,2|3],x}", 1, 12, -1, false,
          "#person{\n"
          " name =\n"
          "  [1,2|3],\n"
          " age = x}");
    check("{person,\"a\",0}", 1, 80, 1, false,
          "{...}");
    check("{person,\"a\",0}", 1, 80, 2, false,
          "#person{...}");
    check("{person,\"a\",0}", 1, 80, 3, false,
          "#person{name = [...],...}");
    check("{person,\"a\",0}", 1, 80, 4, false,
          "#person{name = \"a\",age = 0}");
    check("{team,{person,\"bob\",42},[1,2,3]}", 1, 80, 2, false,
          "#team{...}");
    check("{team,{person,\"bob\",42},[1,2,3]}", 1, 80, 3, false,
          "#team{lead = {...},...}");
    check("{team,{person,\"bob\",42},[1,2,3]}", 1, 80, 4, false,
          "#team{lead = #person{...},members = [...]}");
    check("{team,{person,\"bob\",42},[1,2,3]}", 1, 80, 5, false,
          "#team{lead = #person{name = [...],...},members = [1|...]}");
    check("[{person,\"a\",1},{person,\"b\",2},{person,\"c\",3}]", 1, 80, 3, false,
          "[#person{...},{...}|...]");
    check("{r8,1,2,3,4,5,6,7,8}", 1, 80, 5, false,
          "#r8{alpha = 1,beta = 2,gamma = 3,...}");
    check("{r8,1,2,3,4,5,6,7,8}", 1, 15, 5, false,
          "#r8{\n"
          " alpha = 1,\n"
          " beta = 2,\n"
          " gamma = 3,...}");
    check("{'\xc3""\xa4""rger',\"s\xc3""\xbc""\xc3""\x9f""\"}", 1, 80, -1, false,
          "#\xc3""\xa4""rger{stra\xc3""\x9f""e = \"s\xc3""\xbc""\xc3""\x9f""\"}");
    check("{'\xc3""\xa4""rger',\"s\xc3""\xbc""\xc3""\x9f""\"}", 1, 80, -1, true,
          "#\xc3""\xa4""rger{stra\xc3""\x9f""e = \"s\xc3""\xbc""\xc3""\x9f""\"}");
    check("{'\xc3""\xa4""rger',\"\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\"}", 1, 80, -1, true,
          "#\xc3""\xa4""rger{stra\xc3""\x9f""e = \"\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\xc3""\xbc""\"}");
    check("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{person,\"dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd\",{point,1,2}}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]", 1, 80, -1, false,
          "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[#person{\n"
          "                                                   name =\n"
          "                                                    \"dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd\",\n"
          "                                                   age =\n"
          "                                                    #point{\n"
          "                                                     x = 1,\n"
          "                                                     y =\n"
          "                                                      2}}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]");
    check("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{team,{person,\"bob\",42},[{node,1,2}]}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]", 1, 80, -1, false,
          "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[#team{\n"
          "                                                   lead =\n"
          "                                                    #person{\n"
          "                                                     name = \"bob\",age = 42},\n"
          "                                                   members =\n"
          "                                                    [#node{\n"
          "                                                      val = 1,\n"
          "                                                      next =\n"
          "                                                       2}]}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]");
    check("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{team,{person,\"bob\",42},[{node,1,2}]}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]", 1, 100, 58, false,
          "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[#team{\n"
          "                                                        lead =\n"
          "                                                         {...},...}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]");
    check("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{'a long record name',{person,\"eeeeeeeeeeeeeeeeeeeeeeeeeeeeee\",1},[1,2]}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]", 1, 90, -1, false,
          "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[#'a long record name'{\n"
          "                                                   first_field =\n"
          "                                                    #person{\n"
          "                                                     name =\n"
          "                                                      \"eeeeeeeeeeeeeeeeeeeeeeeeeeeeee\",\n"
          "                                                     age = 1},\n"
          "                                                   second_field =\n"
          "                                                    [1,\n"
          "                                                     2]}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]");
    check("#{1 => {point,1,-1},2 => {point,2,-2},3 => {point,3,-3},4 => {point,4,-4},5 => {point,5,-5},6 => {point,6,-6},7 => {point,7,-7},8 => {point,8,-8},9 => {point,9,-9},10 => {point,10,-10},11 => {point,11,-11},12 => {point,12,-12},13 => {point,13,-13},14 => {point,14,-14},15 => {point,15,-15},16 => {point,16,-16},17 => {point,17,-17},18 => {point,18,-18},19 => {point,19,-19},20 => {point,20,-20},21 => {point,21,-21},22 => {point,22,-22},23 => {point,23,-23},24 => {point,24,-24},25 => {point,25,-25},26 => {point,26,-26},27 => {point,27,-27},28 => {point,28,-28},29 => {point,29,-29},30 => {point,30,-30},31 => {point,31,-31},32 => {point,32,-32},33 => {point,33,-33},34 => {point,34,-34},35 => {point,35,-35},36 => {point,36,-36},37 => {point,37,-37},38 => {point,38,-38},39 => {point,39,-39},40 => {point,40,-40}}", 1, 80, -1, false,
          "#{16 => #point{x = 16,y = -16},\n"
          "  18 => #point{x = 18,y = -18},\n"
          "  5 => #point{x = 5,y = -5},\n"
          "  19 => #point{x = 19,y = -19},\n"
          "  27 => #point{x = 27,y = -27},\n"
          "  35 => #point{x = 35,y = -35},\n"
          "  10 => #point{x = 10,y = -10},\n"
          "  24 => #point{x = 24,y = -24},\n"
          "  36 => #point{x = 36,y = -36},\n"
          "  4 => #point{x = 4,y = -4},\n"
          "  21 => #point{x = 21,y = -21},\n"
          "  22 => #point{x = 22,y = -22},\n"
          "  17 => #point{x = 17,y = -17},\n"
          "  3 => #point{x = 3,y = -3},\n"
          "  8 => #point{x = 8,y = -8},\n"
          "  1 => #point{x = 1,y = -1},\n"
          "  7 => #point{x = 7,y = -7},\n"
          "  2 => #point{x = 2,y = -2},\n"
          "  14 => #point{x = 14,y = -14},\n"
          "  15 => #point{x = 15,y = -15},\n"
          "  20 => #point{x = 20,y = -20},\n"
          "  40 => #point{x = 40,y = -40},\n"
          "  13 => #point{x = 13,y = -13},\n"
          "  38 => #point{x = 38,y = -38},\n"
          "  6 => #point{x = 6,y = -6},\n"
          "  28 => #point{x = 28,y = -28},\n"
          "  25 => #point{x = 25,y = -25},\n"
          "  34 => #point{x = 34,y = -34},\n"
          "  32 => #point{x = 32,y = -32},\n"
          "  9 => #point{x = 9,y = -9},\n"
          "  37 => #point{x = 37,y = -37},\n"
          "  11 => #point{x = 11,y = -11},\n"
          "  31 => #point{x = 31,y = -31},\n"
          "  26 => #point{x = 26,y = -26},\n"
          "  39 => #point{x = 39,y = -39},\n"
          "  30 => #point{x = 30,y = -30},\n"
          "  29 => #point{x = 29,y = -29},\n"
          "  23 => #point{x = 23,y = -23},\n"
          "  12 => #point{x = 12,y = -12},\n"
          "  33 => #point{x = 33,y = -33}}");
    check("#{1 => {point,1,-1},2 => {point,2,-2},3 => {point,3,-3},4 => {point,4,-4},5 => {point,5,-5},6 => {point,6,-6},7 => {point,7,-7},8 => {point,8,-8},9 => {point,9,-9},10 => {point,10,-10},11 => {point,11,-11},12 => {point,12,-12},13 => {point,13,-13},14 => {point,14,-14},15 => {point,15,-15},16 => {point,16,-16},17 => {point,17,-17},18 => {point,18,-18},19 => {point,19,-19},20 => {point,20,-20},21 => {point,21,-21},22 => {point,22,-22},23 => {point,23,-23},24 => {point,24,-24},25 => {point,25,-25},26 => {point,26,-26},27 => {point,27,-27},28 => {point,28,-28},29 => {point,29,-29},30 => {point,30,-30},31 => {point,31,-31},32 => {point,32,-32},33 => {point,33,-33},34 => {point,34,-34},35 => {point,35,-35},36 => {point,36,-36},37 => {point,37,-37},38 => {point,38,-38},39 => {point,39,-39},40 => {point,40,-40}}", 1, 80, 4, false,
          "#{16 => #point{x = 16,...},\n"
          "  18 => #point{x = 18,...},\n"
          "  5 => #point{x = 5,...},...}");
    check("#{1 => {person,\"z\",1},2 => {person,\"zz\",2},3 => {person,\"zzz\",3},4 => {person,\"zzzz\",4},5 => {person,\"zzzzz\",5},6 => {person,\"zzzzzz\",6},7 => {person,\"zzzzzzz\",7},8 => {person,\"zzzzzzzz\",8},9 => {person,\"zzzzzzzzz\",9},10 => {person,\"zzzzzzzzzz\",10},11 => {person,\"zzzzzzzzzzz\",11},12 => {person,\"zzzzzzzzzzzz\",12},13 => {person,\"zzzzzzzzzzzzz\",13},14 => {person,\"zzzzzzzzzzzzzz\",14},15 => {person,\"zzzzzzzzzzzzzzz\",15},16 => {person,\"zzzzzzzzzzzzzzzz\",16},17 => {person,\"zzzzzzzzzzzzzzzzz\",17},18 => {person,\"zzzzzzzzzzzzzzzzzz\",18},19 => {person,\"zzzzzzzzzzzzzzzzzzz\",19},20 => {person,\"zzzzzzzzzzzzzzzzzzzz\",20},21 => {person,\"zzzzzzzzzzzzzzzzzzzzz\",21},22 => {person,\"zzzzzzzzzzzzzzzzzzzzzz\",22},23 => {person,\"zzzzzzzzzzzzzzzzzzzzzzz\",23},24 => {person,\"zzzzzzzzzzzzzzzzzzzzzzzz\",24},25 => {person,\"zzzzzzzzzzzzzzzzzzzzzzzzz\",25},26 => {person,\"zzzzzzzzzzzzzzzzzzzzzzzzzz\",26},27 => {person,\"zzzzzzzzzzzzzzzzzzzzzzzzzzz\",27},28 => {person,\"zzzzzzzzzzzzzzzzzzzzzzzzzzzz\",28},29 => {person,\"zzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",29},30 => {person,\"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",30},31 => {person,\"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",31},32 => {person,\"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",32},33 => {person,\"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",33},34 => {person,\"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",34}}", 1, 80, -1, false,
          "#{16 => #person{name = \"zzzzzzzzzzzzzzzz\",age = 16},\n"
          "  18 => #person{name = \"zzzzzzzzzzzzzzzzzz\",age = 18},\n"
          "  5 => #person{name = \"zzzzz\",age = 5},\n"
          "  19 => #person{name = \"zzzzzzzzzzzzzzzzzzz\",age = 19},\n"
          "  27 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzzzzzz\",age = 27},\n"
          "  10 => #person{name = \"zzzzzzzzzz\",age = 10},\n"
          "  24 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzzz\",age = 24},\n"
          "  4 => #person{name = \"zzzz\",age = 4},\n"
          "  21 => #person{name = \"zzzzzzzzzzzzzzzzzzzzz\",age = 21},\n"
          "  22 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzz\",age = 22},\n"
          "  17 => #person{name = \"zzzzzzzzzzzzzzzzz\",age = 17},\n"
          "  3 => #person{name = \"zzz\",age = 3},\n"
          "  8 => #person{name = \"zzzzzzzz\",age = 8},\n"
          "  1 => #person{name = \"z\",age = 1},\n"
          "  7 => #person{name = \"zzzzzzz\",age = 7},\n"
          "  2 => #person{name = \"zz\",age = 2},\n"
          "  14 => #person{name = \"zzzzzzzzzzzzzz\",age = 14},\n"
          "  15 => #person{name = \"zzzzzzzzzzzzzzz\",age = 15},\n"
          "  20 => #person{name = \"zzzzzzzzzzzzzzzzzzzz\",age = 20},\n"
          "  13 => #person{name = \"zzzzzzzzzzzzz\",age = 13},\n"
          "  6 => #person{name = \"zzzzzz\",age = 6},\n"
          "  28 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzzzzzzz\",age = 28},\n"
          "  25 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzzzz\",age = 25},\n"
          "  34 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",age = 34},\n"
          "  32 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",age = 32},\n"
          "  9 => #person{name = \"zzzzzzzzz\",age = 9},\n"
          "  11 => #person{name = \"zzzzzzzzzzz\",age = 11},\n"
          "  31 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",age = 31},\n"
          "  26 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzzzzz\",age = 26},\n"
          "  30 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",age = 30},\n"
          "  29 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",age = 29},\n"
          "  23 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzz\",age = 23},\n"
          "  12 => #person{name = \"zzzzzzzzzzzz\",age = 12},\n"
          "  33 => #person{name = \"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\",age = 33}}");
}

/* The generator (OTP 25):
   #!/usr/bin/env escript
   %% Prints the check(...) lines of tests/format/test_pretty_records.c: each
   %% term text through io_lib_pretty:print/2 with the record_print_fun below.
   -mode(compile).
   
   defs() ->
       [{person, [name, age]},
        {team, [lead, members]},
        {empty, []},
        {node, [val, next]},
        {point, [x, y]},
        {r8, [alpha, beta, gamma, delta, epsilon, zeta, eta, theta]},
        {'a long record name', [first_field, second_field]},
        {'Quoted', ['Field', 'b c']},
        {verylongrecordname_abcdefghij, [f1, f2]},
        {s, [averyveryverylongfieldname_0123456789abc, b]},
        {'ärger', ['straße']}].
   
   rf() ->
       fun(Tag, N) ->
               case lists:keyfind(Tag, 1, defs()) of
                   {_, Fs} when length(Fs) =:= N -> Fs;
                   _ -> no
               end
       end.
   
   opens(N) -> lists:duplicate(N, $[).
   closes(N) -> lists:duplicate(N, $]).
   
   long_map() ->
       "#{" ++ string:join([lists:flatten(io_lib:format("~w => {point,~w,~w}", [I, I, -I])) || I <- lists:seq(1, 40)], ",") ++ "}".
   
   cases() ->
       Long = "{person,\"" ++ lists:duplicate(50, $x) ++ "\",123456789}",
       [{"{person,\"a\",0}", 1, 80, -1, latin1},
        {"{person,\"a\"}", 1, 80, -1, latin1},
        {"{person,\"a\",0,1}", 1, 80, -1, latin1},
        {"{\"person\",\"a\",0}", 1, 80, -1, latin1},
        {"{1,2,3}", 1, 80, -1, latin1},
        {"{empty}", 1, 80, -1, latin1},
        {"{empty}", 1, 3, -1, latin1},
        {"[{empty},{empty,1}]", 1, 80, -1, latin1},
        {"{team,{person,\"bob\",42},[]}", 1, 80, -1, latin1},
        {"{team,{person,undefined,0},[{person,\"x\",1},{person,\"y\",2}]}", 1, 80, -1, latin1},
        {"[{person,\"a\",1},{person,\"b\",2},{person,\"c\",3}]", 1, 80, -1, latin1},
        {"[{person,\"a\",1},{person,\"b\",2},{person,\"c\",3}]", 1, 30, -1, latin1},
        {"{ok,{person,\"a\",1}}", 1, 80, -1, latin1},
        {"{ok,{person,\"a\",1},{point,1,2}}", 1, 20, -1, latin1},
        {"#{a => {person,\"a\",1},{point,1,2} => b}", 1, 80, -1, latin1},
        {"#{a => {person,\"a\",1},{point,1,2} => b}", 1, 25, -1, latin1},
        {Long, 1, 80, -1, latin1},
        {Long, 10, 80, -1, latin1},
        {Long, 1, 40, -1, latin1},
        {"{team," ++ Long ++ ",[" ++ Long ++ "," ++ Long ++ "]}", 1, 80, -1, latin1},
        {"{team," ++ Long ++ ",[" ++ Long ++ "," ++ Long ++ "]}", 5, 60, -1, latin1},
        {"{r8,1,2,3,4,5,6,7,8}", 1, 80, -1, latin1},
        {"{r8,1,2,3,4,5,6,7,8}", 1, 40, -1, latin1},
        {"{r8,1,2,3,4,5,6,7,8}", 1, 20, -1, latin1},
        {"{r8,[1,2,3],\"abc\",{x,y},{point,1,2},5,6,7,<<1,2,3>>}", 1, 40, -1, latin1},
        {"{r8,[1,2,3],\"abc\",{x,y},{point,1,2},5,6,7,<<1,2,3>>}", 1, 40, 3, latin1},
        {"{'a long record name',[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],{point,100,200}}", 1, 40, -1, latin1},
        {"{'a long record name',[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],{point,100,200}}", 1, 80, -1, latin1},
        {"{'Quoted',1,2}", 1, 80, -1, latin1},
        {"{'Quoted',\"" ++ lists:duplicate(70, $q) ++ "\",[a,b]}", 1, 80, -1, latin1},
        {"{verylongrecordname_abcdefghij,{person,\"" ++ lists:duplicate(40, $n) ++ "\",1},[1,2,3]}", 1, 60, -1, latin1},
        {"{verylongrecordname_abcdefghij,{person,\"" ++ lists:duplicate(40, $n) ++ "\",1},[1,2,3]}", 30, 60, -1, latin1},
        {"{s,\"" ++ lists:duplicate(40, $v) ++ "\",2}", 1, 80, -1, latin1},
        {"{s,\"" ++ lists:duplicate(40, $v) ++ "\",2}", 1, 50, -1, latin1},
        {"{s,{person,\"" ++ lists:duplicate(30, $v) ++ "\",2},2}", 1, 50, -1, latin1},
        {"{node,1,{node,2,{node,3,{node,4,{node,5,{node,6,nil}}}}}}", 1, 80, -1, latin1},
        {"{node,1,{node,2,{node,3,{node,4,{node,5,{node,6,nil}}}}}}", 1, 40, -1, latin1},
        {"[{node,\"" ++ lists:duplicate(30, $a) ++ "\",{node,\"" ++ lists:duplicate(30, $b) ++ "\",nil}}]", 1, 50, -1, latin1},
        {"{person,[1,2|3],x}", 1, 12, -1, latin1},
        {"{person,\"a\",0}", 1, 80, 1, latin1},
        {"{person,\"a\",0}", 1, 80, 2, latin1},
        {"{person,\"a\",0}", 1, 80, 3, latin1},
        {"{person,\"a\",0}", 1, 80, 4, latin1},
        {"{team,{person,\"bob\",42},[1,2,3]}", 1, 80, 2, latin1},
        {"{team,{person,\"bob\",42},[1,2,3]}", 1, 80, 3, latin1},
        {"{team,{person,\"bob\",42},[1,2,3]}", 1, 80, 4, latin1},
        {"{team,{person,\"bob\",42},[1,2,3]}", 1, 80, 5, latin1},
        {"[{person,\"a\",1},{person,\"b\",2},{person,\"c\",3}]", 1, 80, 3, latin1},
        {"{r8,1,2,3,4,5,6,7,8}", 1, 80, 5, latin1},
        {"{r8,1,2,3,4,5,6,7,8}", 1, 15, 5, latin1},
        {"{'ärger',\"süß\"}", 1, 80, -1, latin1},
        {"{'ärger',\"süß\"}", 1, 80, -1, unicode},
        {"{'ärger',\"" ++ lists:duplicate(70, $ü) ++ "\"}", 1, 80, -1, unicode},
        {opens(50) ++ "{person,\"" ++ lists:duplicate(60, $d) ++ "\",{point,1,2}}" ++ closes(50), 1, 80, -1, latin1},
        {opens(50) ++ "{team,{person,\"bob\",42},[{node,1,2}]}" ++ closes(50), 1, 80, -1, latin1},
        {opens(55) ++ "{team,{person,\"bob\",42},[{node,1,2}]}" ++ closes(55), 1, 100, 58, latin1},
        {opens(50) ++ "{'a long record name',{person,\"" ++ lists:duplicate(30, $e) ++ "\",1},[1,2]}" ++ closes(50), 1, 90, -1, latin1},
        {long_map(), 1, 80, -1, latin1},
        {long_map(), 1, 80, 4, latin1},
        {"#{" ++ string:join([lists:flatten(io_lib:format("~w => {person,\"~s\",~w}", [I, lists:duplicate(I, $z), I])) || I <- lists:seq(1, 34)], ",") ++ "}", 1, 80, -1, latin1}].
   
   fx_read(Text) ->
       {ok, Toks, _} = erl_scan:string(Text ++ "."),
       {ok, T} = erl_parse:parse_term(Toks),
       T.
   
   c_string(S) ->
       Bin = unicode:characters_to_binary(S),
       [$" | lists:flatmap(fun($") -> "\\\"";
                              ($\\) -> "\\\\";
                              ($\n) -> "\\n\"\n          \"";
                              (C) when C >= 128 -> io_lib:format("\\x~2.16.0b\"\"", [C]);
                              (C) -> [C]
                           end, binary_to_list(Bin))] ++ "\"".
   
   main(_) ->
       io:setopts([{encoding, latin1}]),
       lists:foreach(
         fun({Text, Col, Ll, D, Enc}) ->
                 T = fx_read(Text),
                 Out = io_lib_pretty:print(T, [{column, Col}, {line_length, Ll}, {depth, D},
                                               {encoding, Enc}, {record_print_fun, rf()}]),
                 io:put_chars(["    check(", c_string(Text), ", ", integer_to_list(Col), ", ",
                               integer_to_list(Ll), ", ", integer_to_list(D), ", ",
                               case Enc of latin1 -> "false"; unicode -> "true" end, ",\n          ",
                               c_string(Out), ");\n"])
         end, cases()).
 */
