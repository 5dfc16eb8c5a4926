/* test_exception.c: the text of erl's shell for an exception (format/
 * exception.c) against OTP 25. Every expected text is what erl_error:
 * format_exception/7 returned in erl for the row's class, reason and stack,
 * called as shell:report_exception/4 calls it (column: the tag's width + 1,
 * the shell's trim fun for erl_eval and shell frames, its pp/3: depth 30,
 * line_max_chars 60, the row's columns and encoding), after the tag and
 * with a newline, as UTF-8. A row with an error map gave erl's
 * format_exception a first frame whose error_info formatter returned that
 * map; here it is the error_map option. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"
#include "tests/lib/fmt_fixture.h"


TestSuite(exception, .init = fx_setup, .fini = fx_teardown);

typedef struct exc_row {
    const char *name, *cls, *reason, *stack;
    bool unicode;
    int line_length;
    const char *tag;
    const char *error_map; /* NULL: derived */
    const char *want;
} exc_row;

/* clang-format off */
static const exc_row ROWS[] = {
    {"badarg", "error", "badarg", "[{erlang,atom_to_list,[7],[{error_info,#{module => erl_erts_errors}}]},{m,f,1,[{file,\"m.erl\"},{line,3}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  atom_to_list/1\n"
     "        called as atom_to_list(7)\n"
     "        *** argument 1: not an atom\n"
     "     in call from m:f/1 (m.erl, line 3)\n"},
    {"badarith_op", "error", "badarith", "[{erlang,'/',[1,0],[]}]", true, 80, "** ", NULL,
     "** exception error: an error occurred when evaluating an arithmetic expression\n"
     "     in operator  '/'/2\n"
     "        called as 1 / 0\n"},
    {"exit_atom", "exit", "foo", "[]", true, 80, "** ", NULL,
     "** exception exit: foo\n"},
    {"throw_atom", "throw", "bar", "[]", true, 80, "** ", NULL,
     "** exception throw: bar\n"},
    {"throw_stack", "throw", "{my,term}", "[{m,f,[a],[{file,\"m.erl\"},{line,7}]}]", true, 80, "** ", NULL,
     "** exception throw: {my,term}\n"
     "     in function  m:f/1\n"
     "        called as m:f(a)\n"},
    {"badmatch_wrap", "error", "{badmatch,[{1,\"a longer string value\"},{2,\"a longer string value\"},{3,\"a longer string value\"},{4,\"a longer string value\"},{5,\"a longer string value\"}]}", "[]", true, 80, "** ", NULL,
     "** exception error: no match of right hand side value \n"
     "                    [{1,\"a longer string value\"},\n"
     "                     {2,\"a longer string value\"},\n"
     "                     {3,\"a longer string value\"},\n"
     "                     {4,\"a longer string value\"},\n"
     "                     {5,\"a longer string value\"}]\n"},
    {"badmatch_long", "error", "{badmatch,[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40]}", "[{m,f,0,[{file,\"m.erl\"},{line,1}]}]", true, 80, "** ", NULL,
     "** exception error: no match of right hand side value \n"
     "                    [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,\n"
     "                     23,24,25,26,27,28,29|...]\n"
     "     in function  m:f/0 (m.erl, line 1)\n"},
    {"case_clause", "error", "{case_clause,x}", "[]", true, 80, "** ", NULL,
     "** exception error: no case clause matching x\n"},
    {"if_clause", "error", "if_clause", "[]", true, 80, "** ", NULL,
     "** exception error: no true branch found when evaluating an if expression\n"},
    {"try_clause", "error", "{try_clause,x}", "[]", true, 80, "** ", NULL,
     "** exception error: no try clause matching x\n"},
    {"fc", "error", "function_clause", "[{m,g,[7,\"ab\"],[{file,\"m.erl\"},{line,11}]},{m,f,1,[{file,\"m.erl\"},{line,3}]}]", true, 80, "** ", NULL,
     "** exception error: no function clause matching m:g(7,\"ab\") (m.erl, line 11)\n"
     "     in function  m:f/1 (m.erl, line 3)\n"},
    {"fc_printable", "error", "function_clause", "[{m,g,\"abc\",[{file,\"m.erl\"},{line,11}]}]", true, 80, "** ", NULL,
     "** exception error: no function clause matching m:g(97,98,99) (m.erl, line 11)\n"},
    {"fc_shell", "error", "function_clause", "[{shell,cmd,2,[]}]", true, 80, "** ", NULL,
     "** exception error: no function clause matching call to cmd/2\n"},
    {"undef", "error", "undef", "[{nosuch,fn,[1,2],[]},{m,f,1,[{file,\"m.erl\"},{line,3}]}]", true, 80, "** ", NULL,
     "** exception error: undefined function nosuch:fn/2\n"
     "     in function  m:f/1 (m.erl, line 3)\n"},
    {"undef_arity", "error", "undef", "[{lists,foo,1,[]}]", true, 80, "** ", NULL,
     "** exception error: undefined function lists:foo/1\n"},
    {"badfun", "error", "{badfun,3}", "[]", true, 80, "** ", NULL,
     "** exception error: bad function 3\n"},
    {"badarity", "error", "{badarity,{fun lists:map/2,[a]}}", "[]", true, 80, "** ", NULL,
     "** exception error: lists:map/2 called with one argument\n"},
    {"badarity_bif", "error", "{badarity,{fun erlang:length/1,[a,b,c,d]}}", "[]", true, 80, "** ", NULL,
     "** exception error: length/1 called with 4 arguments\n"},
    {"badkey", "error", "{badkey,k}", "[]", true, 80, "** ", NULL,
     "** exception error: bad key: k\n"},
    {"badmap", "error", "{badmap,x}", "[]", true, 80, "** ", NULL,
     "** exception error: bad map: x\n"},
    {"badrecord", "error", "{badrecord,r}", "[]", true, 80, "** ", NULL,
     "** exception error: {badrecord,r}\n"},
    {"timeout", "error", "timeout_value", "[]", true, 80, "** ", NULL,
     "** exception error: bad receive timeout value\n"},
    {"noproc", "error", "noproc", "[]", true, 80, "** ", NULL,
     "** exception error: no such process or port\n"},
    {"system_limit", "error", "system_limit", "[{erlang,list_to_atom,[[]],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: a system limit has been reached\n"
     "     in function  list_to_atom/1\n"
     "        called as list_to_atom([])\n"},
    {"notalive", "error", "notalive", "[]", true, 80, "** ", NULL,
     "** exception error: the node cannot be part of a distributed system\n"},
    {"badarg_value", "error", "{badarg,v}", "[]", true, 80, "** ", NULL,
     "** exception error: bad argument: v\n"},
    {"shell_undef", "error", "{shell_undef,foo,2,[]}", "[]", true, 80, "** ", NULL,
     "** exception error: undefined shell command foo/2\n"},
    {"unbound", "error", "{unbound,'X'}", "[]", true, 80, "** ", NULL,
     "** exception error: variable 'X' is unbound\n"},
    {"rs_disallowed", "exit", "{restricted_shell_disallowed,{{lists,reverse},[[1,2]]}}", "[]", true, 80, "** ", NULL,
     "** exception exit: restricted shell does not allow lists:reverse([1,2])\n"},
    {"calling_self", "exit", "calling_self", "[]", true, 80, "** ", NULL,
     "** exception exit: the current process attempted to call itself\n"},
    {"not_stacktrace", "error", "foo", "bar", true, 80, "** ", NULL,
     "** exception error: {foo,bar}\n"},
    {"frames", "error", "foo", "[{m,f,[1,2],[{file,\"m.erl\"},{line,3}]},{m,g,1,[]},{m,h,0,[{file,\"h.erl\"}]},{erl_eval,do_apply,7,[]},{shell,exprs,7,[]}]", true, 80, "** ", NULL,
     "** exception error: foo\n"
     "     in function  m:f/2\n"
     "        called as m:f(1,2)\n"
     "     in call from m:g/1 \n"
     "     in call from m:h/0 \n"},
    {"op_long", "error", "badarith", "[{erlang,'+',[[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25],{a,[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}],[]}]", true, 80, "** ", NULL,
     "** exception error: an error occurred when evaluating an arithmetic expression\n"
     "     in operator  +/2\n"
     "        called as [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,\n"
     "                   23,24,25]\n"
     "                  +\n"
     "                  {a,[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}\n"},
    {"op_unary", "error", "badarith", "[{erlang,'-',[a],[]}]", true, 80, "** ", NULL,
     "** exception error: an error occurred when evaluating an arithmetic expression\n"
     "     in operator  -/1\n"
     "        called as - a\n"},
    {"element_range", "error", "badarg", "[{erlang,element,[5,{1}],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  element/2\n"
     "        called as element(5,{1})\n"
     "        *** argument 1: out of range\n"},
    {"element_nottuple", "error", "badarg", "[{erlang,element,[1,[1]],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  element/2\n"
     "        called as element(1,[1])\n"
     "        *** argument 2: not a tuple\n"},
    {"map_get", "error", "{badkey,k}", "[{erlang,map_get,[k,#{}],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad key: k\n"
     "     in function  map_get/2\n"
     "        called as map_get(k,#{})\n"
     "        *** argument 1: not present in map\n"},
    {"b2a", "error", "badarg", "[{erlang,binary_to_atom,[<<1>>,foo],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  binary_to_atom/2\n"
     "        called as binary_to_atom(<<1>>,foo)\n"
     "        *** argument 2: not one of the atoms: latin1, utf8, or unicode\n"},
    {"register_cause", "error", "badarg", "[{erlang,register,[foo,x],[{error_info,#{module => erl_erts_errors,cause => registered_name}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  register/2\n"
     "        called as register(foo,x)\n"
     "        *** argument 2: this process or port already has a name\n"},
    {"custom_map", "error", "badarg", "[{m,f,[a,b],[{error_info,#{module => x}}]}]", true, 80, "** ", "#{1 => \"first\\nsecond\", general => <<\"general text\">>}",
     "** exception error: bad argument\n"
     "     in function  m:f/2\n"
     "        called as m:f(a,b)\n"
     "        *** argument 1: first\n"
     "                        second\n"
     "        *** general text\n"},
    {"custom_reason", "error", "{my,reason}", "[{m,f,2,[{error_info,#{module => x}}]}]", true, 80, "** ", "#{reason => \"explained\", 2 => \"two\"}",
     "** exception error: explained\n"
     "     in function  m:f/2 \n"
     "        *** argument 2: two\n"},
    {"narrow", "error", "function_clause", "[{m,g,[[1,2,3,4,5,6,7,8,9,10],{tag,[1,2,3,4,5,6,7,8,9,10]}],[{file,\"m.erl\"},{line,11}]}]", true, 40, "** ", NULL,
     "** exception error: no function clause matching \n"
     "                    m:g([1,2,3,4,5,6,\n"
     "                         7,8,9,10],\n"
     "                        {tag,\n"
     "                         [1,2,3,4,5,6,\n"
     "                          7,8,9,10]}) (m.erl, line 11)\n"},
    {"narrow_frame", "error", "badarg", "[{some_module,some_function,[[1,2,3,4,5,6,7,8,9,10],{tag,[1,2,3]}],[]}]", true, 40, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  some_module:some_function/2\n"
     "        called as \n"
     "        called as some_module:some_function([1,\n"
     "                                             2,\n"
     "                                             3,\n"
     "                                             4,\n"
     "                                             5,\n"
     "                                             6,\n"
     "                                             7,\n"
     "                                             8,\n"
     "                                             9,\n"
     "                                             10],\n"
     "                                            {tag,\n"
     "                                             [1,\n"
     "                                              2,\n"
     "                                              3]})\n"},
    {"benign", "error", "badarg", "[{erlang,hd,[[]],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "* ", NULL,
     "* exception error: bad argument\n"
     "    in function  hd/1\n"
     "       called as hd([])\n"
     "       *** argument 1: not a nonempty list\n"},
    {"latin1_atom", "error", "{badmatch,'\\x{432}'}", "[]", false, 80, "** ", NULL,
     "** exception error: no match of right hand side value '\\x{432}'\n"},
    {"unicode_atom", "error", "{badmatch,'\\x{432}'}", "[{'\\x{432}','f\\x{e9}',1,[]}]", true, 80, "** ", NULL,
     "** exception error: no match of right hand side value '\xd0""\xb2""'\n"
     "     in function  '\\x{432}':f\xc3""\xa9""/1 \n"},
    {"latin1_fc_binary", "error", "function_clause", "[{m,f,[<<\"caf\",195,169>>],[]}]", false, 80, "** ", NULL,
     "** exception error: no function clause matching m:f(<<\"caf\xc3""\x83""\xc2""\x83""\xc3""\x82""\xc2""\xa9""\">>) \n"},
    /* binary construction: erl_erts_errors:format_bs_fail */
    {"bs_type", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {1,integer,type,x},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 1 of type 'integer': expected an integer but got: x\n"},
    {"bs_size_bignum", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {2,integer,size,-1606938044258990275541962092341162602522202993782792835301376},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 2 of type 'integer': expected a non-negative integer as size but got: -16069380442...792835301376\n"},
    {"bs_limit", "error", "system_limit", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {1,integer,size,1180591620717411303424},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 1 of type 'integer': the size 1180591620717411303424 is too large\n"},
    {"bs_limit_32bit", "error", "system_limit", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {1,binary,binary,size},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 1 of type 'binary': the size of the binary/bitstring is too large (exceeding 2147483647 bits)\n"},
    {"bs_short_long", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {1,binary,short,<<1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20>>},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 1 of type 'binary': the value <<1,2,3,4,5,6,7,8...,19,20>> is shorter than the size of the segment\n"},
    {"bs_unit_bits", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {1,binary,unit,<<1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,5:3>>},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 1 of type 'binary': the size of the value <<1,2,3,4,5,6,7,8...,20,5:3>> is not a multiple of the unit for the segment\n"},
    {"bs_short_text", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {3,binary,short,<<\"hello\">>},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 3 of type 'binary': the value <<\"hello\">> is shorter than the size of the segment\n"},
    {"bs_deep", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {1,utf16,type,{a,[[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40]],\"abc\",#{k => v}}},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 1 of type 'utf16': expected a non-negative integer encodable as utf16 but got: {a,[[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16|...]],\"abc\",#{k => v}}\n"},
    {"bs_override", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {7,integer,type,q},function => format_bs_fail,module => erl_erts_errors,override_segment_position => 3}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 3 of type 'integer': expected an integer but got: q\n"},
    {"bs_invalid", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {1,float,invalid,8},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 1 of type 'float': expected one of the supported sizes 16, 32, or 64 but got: 8\n"},
    {"bs_no_float", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {1,float,no_float,11505236063118821809467553221049758295155052665230762065499525194094891251552061640493342548634082305351687288311769174890162545204122663839542235560926343960177145179191391057683342054479750023644997308933440369205641643669917624414330439074612943178454432683813523087356623740062701843509462805095950344781824},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 1 of type 'float': the value 115052360631...950344781824 is outside the range expressible as a float\n"},
    {"bs_bad_cause", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => oops,function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  m:f/1 (m.erl, line 3)\n"},
    {"bs_bad_error", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {1,float,weird,1},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  m:f/1 (m.erl, line 3)\n"},
    {"bs_other_reason", "error", "badarith", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {1,integer,type,x},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: an error occurred when evaluating an arithmetic expression\n"
     "     in function  m:f/1 (m.erl, line 3)\n"},
    {"bs_utf32", "error", "badarg", "[{m,f,1,[{file,\"m.erl\"},{line,3},{error_info,#{cause => {2,utf32,type,-1},function => format_bs_fail,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: construction of binary failed\n"
     "     in function  m:f/1 (m.erl, line 3)\n"
     "        *** segment 2 of type 'utf32': expected a non-negative integer encodable as utf32 but got: -1\n"},
    /* ets:update_counter on a missing key: erl 25 aborts when it copies
     * this exception, so tests/diff/exceptions cannot have it; the texts
     * are erl_stdlib_errors' for the causes erl gives (erl's shell shows
     * them when nothing is copied) */
    {"ets_update_counter_badkey", "error", "badarg", "[{ets,update_counter,[t,k,1],[{error_info,#{cause => badkey,module => erl_stdlib_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  ets:update_counter/3\n"
     "        called as ets:update_counter(t,k,1)\n"
     "        *** argument 2: not a key that exists in the table\n"},
    {"ets_update_counter_empty_default", "error", "badarg", "[{ets,update_counter,[t,k,1,{}],[{error_info,#{module => erl_stdlib_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  ets:update_counter/4\n"
     "        called as ets:update_counter(t,k,1,{})\n"
     "        *** argument 4: is an empty tuple\n"},
    {"ets_update_counter_no_table", "error", "badarg", "[{ets,update_counter,[t,k,1,{}],[{error_info,#{cause => id,module => erl_stdlib_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  ets:update_counter/4\n"
     "        called as ets:update_counter(t,k,1,{})\n"
     "        *** argument 1: the table identifier does not refer to an existing ETS table\n"},
    /* erlang:crc32/adler32: erl_erts_errors' must_be_adler32 and
     * must_be_size (a length over 2^32 is badarg with nothing to say) */
    {"crc32_not_iodata", "error", "badarg", "[{erlang,crc32,[a],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  erlang:crc32/1\n"
     "        called as erlang:crc32(a)\n"
     "        *** argument 1: not an iodata term\n"},
    {"crc32_range", "error", "badarg", "[{erlang,crc32,[4294967296,3],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  erlang:crc32/2\n"
     "        called as erlang:crc32(4294967296,3)\n"
     "        *** argument 1: out of range\n"
     "        *** argument 2: not an iodata term\n"},
    {"adler32_combine_args", "error", "badarg", "[{erlang,adler32_combine,[-1,x,-5],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  erlang:adler32_combine/3\n"
     "        called as erlang:adler32_combine(-1,x,-5)\n"
     "        *** argument 1: out of range\n"
     "        *** argument 2: not an integer\n"
     "        *** argument 3: out of range\n"},
    {"crc32_combine_long", "error", "badarg", "[{erlang,crc32_combine,[1,2,1208925819614629174706176],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  erlang:crc32_combine/3\n"
     "        called as erlang:crc32_combine(1,2,1208925819614629174706176)\n"},
    /* re: a pattern PCRE2 refuses is explained by its message (PCRE's in
     * erl: "missing )"); a compiled pattern is dbgsh's own, and erl's would
     * not be one (tests/diff/exceptions has the other re cases) */
    {"re_run_bad_pattern", "error", "badarg", "[{re,run,[\"abc\",\"(\"],[{error_info,#{module => erl_stdlib_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  re:run/2\n"
     "        called as re:run(\"abc\",\"(\")\n"
     "        *** argument 2: could not parse regular expression\n"
     "                        missing closing parenthesis on character 1\n"},
    {"re_inspect_compiled", "error", "badarg", "[{re,inspect,[{re_pattern,1,0,0,<<1,\"re2\",0,0,0,0,0,0,\"(?<n>a)\">>},names],[{error_info,#{module => erl_stdlib_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  re:inspect/2\n"
     "        called as re:inspect({re_pattern,1,0,0,\n"
     "                                 <<1,114,101,50,0,0,0,0,0,0,40,63,60,110,62,\n"
     "                                   97,41>>},\n"
     "                             names)\n"
     "        *** argument 2: not a valid item\n"},
    {"re_run_compiled_subject", "error", "badarg", "[{re,run,[abc,{re_pattern,1,0,0,<<1,\"re2\",0,0,0,0,0,0,\"(?<n>a)\">>}],[{error_info,#{module => erl_stdlib_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  re:run/2\n"
     "        called as re:run(abc,\n"
     "                         {re_pattern,1,0,0,\n"
     "                                     <<1,114,101,50,0,0,0,0,0,0,40,63,60,110,\n"
     "                                       62,97,41>>})\n"
     "        *** argument 1: not an iodata term\n"},
    /* atomics, counters, persistent_term: erl_erts_errors' texts that the
     * exception term alone decides (no live array: the one below) */
    {"atomics_new_badopt", "error", "badarg", "[{atomics,new,[0,[bad]],[{error_info,#{cause => badopt,module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  atomics:new/2\n"
     "        called as atomics:new(0,[bad])\n"
     "        *** argument 1: out of range\n"
     "        *** argument 2: invalid option in list\n"},
    {"atomics_new_size", "error", "badarg", "[{atomics,new,[a,[bad]],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  atomics:new/2\n"
     "        called as atomics:new(a,[bad])\n"
     "        *** argument 1: not an integer\n"},
    {"counters_new_limit", "error", "system_limit", "[{counters,new,[18446744073709551616,x],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: a system limit has been reached\n"
     "     in function  counters:new/2\n"
     "        called as counters:new(18446744073709551616,x)\n"
     "        *** argument 1: counters array size reached a system limit\n"
     "        *** argument 2: not a list\n"},
    {"atomics_cx_badref", "error", "badarg", "[{atomics,compare_exchange,[x,0,a,1.5],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  atomics:compare_exchange/4\n"
     "        called as atomics:compare_exchange(x,0,a,1.5)\n"
     "        *** argument 1: invalid atomics reference\n"
     "        *** argument 2: out of range\n"
     "        *** argument 3: not an integer\n"
     "        *** argument 4: not an integer\n"},
    {"counters_info_bad", "error", "badarg", "[{counters,info,[{atomics,x}],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  counters:info/1\n"
     "        called as counters:info({atomics,x})\n"
     "        *** argument 1: invalid atomics reference\n"},
    {"pterm_get", "error", "badarg", "[{persistent_term,get,[{no,key}],[{error_info,#{module => erl_erts_errors}}]}]", true, 80, "** ", NULL,
     "** exception error: bad argument\n"
     "     in function  persistent_term:get/1\n"
     "        called as persistent_term:get({no,key})\n"
     "        *** argument 1: no persistent term stored with this key\n"},
};
/* clang-format on */

static void check_row(const exc_row *r)
{
    fmt_exception_opts o;
    fmt_exception_opts_init(&o);
    o.unicode = r->unicode;
    o.line_length = r->line_length;
    o.tag = r->tag;
    o.trim[0] = atom_from_cstr("erl_eval");
    o.trim[1] = atom_from_cstr("shell");
    o.interpreted = atom_from_cstr("erl_eval");
    if (r->error_map)
        o.error_map = fx_read(r->error_map);
    fmt_buf_reset(&buf);
    fmt_buf_put(&buf, "prefix|", 7); /* appends: what was there stays */
    cr_assert_eq(fmt_exception(&buf, atom_from_cstr(r->cls), fx_read(r->reason), fx_read(r->stack), &o), FMT_OK, "%s",
                 r->name);
    cr_expect_str_eq(buf.data + 7, r->want, "row %s", r->name);
    cr_expect_eq(memcmp(buf.data, "prefix|", 7), 0, "row %s: the text before was changed", r->name);
}

Test(exception, rows)
{
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++)
        check_row(&ROWS[i]);
}

/* A shell input's own frame is trimmed, and with it the line under it: the
 * general text of its error_info is still printed, where erl's shell shows
 * it under eval_bits' frame (docs/differences-from-erlang.md, The shell). */
Test(exception, general_text_of_a_trimmed_frame)
{
    fmt_exception_opts o;
    fmt_exception_opts_init(&o);
    o.trim[0] = atom_from_cstr("dbgsh_shell_1");
    term_t stack =
        fx_read("[{dbgsh_shell_1,eval,0,[{file,\"nofile\"},{line,1},{error_info,"
                "#{cause => {1,integer,type,x},function => format_bs_fail,module => erl_erts_errors}}]}]");
    fmt_buf_reset(&buf);
    cr_assert_eq(fmt_exception(&buf, ATOM_error, ATOM_badarg, stack, &o), FMT_OK);
    cr_expect_str_eq(buf.data, "** exception error: construction of binary failed\n"
                               "        *** segment 1 of type 'integer': expected an integer but got: x\n");
    /* no general text: nothing under the reason */
    stack = fx_read("[{dbgsh_shell_1,eval,0,[{file,\"nofile\"},{line,1}]}]");
    fmt_buf_reset(&buf);
    cr_assert_eq(fmt_exception(&buf, ATOM_error, ATOM_badarg, stack, &o), FMT_OK);
    cr_expect_str_eq(buf.data, "** exception error: bad argument\n");
}

/* A class that is none of error, exit, throw: FMT_BADARG, nothing written. */
Test(exception, bad_class)
{
    fmt_exception_opts o;
    fmt_exception_opts_init(&o);
    fmt_buf_reset(&buf);
    fmt_buf_put(&buf, "x", 1);
    cr_assert_eq(fmt_exception(&buf, atom_from_cstr("oops"), ATOM_badarg, NIL, &o), FMT_BADARG);
    cr_assert_eq(buf.len, 1);
    cr_assert_str_eq(buf.data, "x");
}

/* The defaults are the shell's in a UTF-8 terminal of 80 columns. */
Test(exception, defaults)
{
    fmt_exception_opts o;
    fmt_exception_opts_init(&o);
    cr_assert_str_eq(o.tag, "** ");
    cr_assert_eq(o.line_length, 80);
    cr_assert_eq(o.depth, 30);
    cr_assert(o.unicode);
    cr_assert(!o.unicode_range);
    cr_assert_eq(o.error_map, THE_NON_VALUE);
}

/* A reused buffer gives the same text again (no state kept between calls),
 * and a stack much longer than OTP's 8 frames is printed whole. */
Test(exception, reuse_and_long_stack)
{
    fmt_exception_opts o;
    fmt_exception_opts_init(&o);
    term_t frame = fx_read("{m,f,1,[{file,\"m.erl\"},{line,3}]}");
    term_t stack = NIL;
    for (int i = 0; i < 1000; i++)
        stack = term_cons(&heap, frame, stack);
    fmt_buf_reset(&buf);
    cr_assert_eq(fmt_exception(&buf, ATOM_error, ATOM_badarg, stack, &o), FMT_OK);
    size_t len = buf.len, lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += buf.data[i] == '\n';
    cr_assert_eq(lines, 1001);
    cr_assert(strstr(buf.data, "     in call from m:f/1 (m.erl, line 3)\n") != NULL);
    char *first = strdup(buf.data);
    fmt_buf_reset(&buf);
    fmt_exception(&buf, ATOM_error, ATOM_badarg, stack, &o);
    cr_assert_str_eq(buf.data, first);
    free(first);
}

term_t bif_atomics_new_2(process *p, const term_t *args);
term_t bif_counters_new_2(process *p, const term_t *args);

/* The "*** argument" lines of erl's text for an error of a BIF of atomics
 * or counters called with `args` (text, "$" standing for `ref`), which
 * depend on the array the reference holds: erl_erts_errors asks
 * atomics:info/1 (counters:info/1) for its size and bounds. */
static void check_live(term_t mf, term_t ref, const char *args, const char *reason, const char *want)
{
    char text[256];
    size_t n = 0;
    for (const char *a = args; *a; a++) {
        if (*a == '$')
            n += (size_t)snprintf(text + n, sizeof text - n, "the_ref");
        else
            text[n++] = *a;
    }
    text[n] = 0;
    /* the reference goes where the argument list reads the_ref */
    term_t as = fx_read(text), out = NIL, *tail = &out;
    for (; term_is_list(as); as = list_tail(as)) {
        term_t a = list_head(as);
        if (a == atom_from_cstr("the_ref"))
            a = ref;
        else if (term_is_tuple(a) && tuple_arity(a) == 2 && tuple_get(a, 1) == atom_from_cstr("the_ref"))
            a = term_tuple2(&heap, tuple_get(a, 0), ref);
        *tail = term_cons(&heap, a, NIL);
        tail = &list_ptr(*tail)[1];
    }
    term_t frame[4] = {tuple_get(mf, 0), tuple_get(mf, 1), out,
                       fx_read("[{error_info,#{module => erl_erts_errors}}]")};
    term_t stack = term_cons(&heap, term_tuple(&heap, 4, frame), NIL);
    fmt_exception_opts o;
    fmt_exception_opts_init(&o);
    fmt_buf_reset(&buf);
    cr_assert_eq(fmt_exception(&buf, ATOM_error, atom_from_cstr(reason), stack, &o), FMT_OK);
    const char *lines = strstr(buf.data, "        ***");
    cr_expect_str_eq(lines ? lines : "", want, "%s %s: %s", args, reason, buf.data);
}

/* Live arrays, erl's texts for the same calls (tests/scripts/bifs cover
 * the errors themselves). */
Test(exception, atomics_live_refs)
{
    process p;
    memset(&p, 0, sizeof p);
    heap_init(&p.heap, ALLOC_HEAP);
    term_t a[2] = {term_small(2), fx_read("[{signed,false}]")};
    term_t u = bif_atomics_new_2(&p, a);
    a[1] = NIL;
    term_t s = bif_atomics_new_2(&p, a);
    a[1] = fx_read("[write_concurrency]");
    term_t w = tuple_get(bif_counters_new_2(&p, a), 1);
    cr_assert(term_is_ref(u) && term_is_ref(s) && term_is_ref(w));
    term_t get = fx_read("{atomics,get}"), put = fx_read("{atomics,put}");
    check_live(get, u, "[$,5]", "badarg", "        *** argument 2: out of range\n");
    check_live(put, u, "[$,1,-1]", "badarg", "        *** argument 3: out of range\n");
    check_live(fx_read("{atomics,compare_exchange}"), u, "[$,3,a,-1]", "badarg",
               "        *** argument 2: out of range\n"
               "        *** argument 3: not an integer\n"
               "        *** argument 4: out of range\n");
    check_live(fx_read("{atomics,add}"), u, "[$,1,18446744073709551616]", "badarg",
               "        *** argument 3: out of range\n");
    check_live(put, s, "[$,1,9223372036854775808]", "badarg", "        *** argument 3: out of range\n");
    check_live(fx_read("{atomics,exchange}"), s, "[$,0,-9223372036854775809]", "badarg",
               "        *** argument 2: out of range\n"
               "        *** argument 3: out of range\n");
    check_live(fx_read("{atomics,sub_get}"), u, "[$,2,18446744073709551616]", "badarg",
               "        *** argument 3: out of range\n");
    term_t add = fx_read("{counters,add}");
    check_live(add, w, "[{write_concurrency,$},1,18446744073709551616]", "badarg",
               "        *** argument 3: out of range\n");
    check_live(add, w, "[{write_concurrency,$},3,1]", "badarg", "        *** argument 2: out of range\n");
    check_live(fx_read("{counters,sub}"), w, "[{write_concurrency,$},1,a]", "badarith",
               "        *** argument 3: not an integer\n");
    check_live(fx_read("{counters,put}"), u, "[{atomics,$},1,-1]", "badarg", "        *** argument 3: out of range\n");
    check_live(fx_read("{counters,get}"), u, "[{atomics,$},3]", "badarg", "        *** argument 2: out of range\n");
    /* the same calls on a reference that holds no array any more */
    check_live(get, fx_read("x"), "[$,5]", "badarg", "        *** argument 1: invalid atomics reference\n");
    heap_destroy(&p.heap);
}
