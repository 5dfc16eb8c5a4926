/* test_epp.c: tests of vm/epp.c, the preprocessor, against OTP 25's epp.
 * EPP rows are a source, the forms erl's epp gives for it as file "t.erl"
 * (written with ~w) and the messages of its errors and warnings, joined by
 * newlines, from this Erlang run in the file's directory:
 *   {ok, Forms, _} = epp:parse_file("t.erl", [{includes, ["."]},
 *       {source_name, "t.erl"}, {macros, []}, {default_encoding, utf8},
 *       {location, {1,1}}, extra]),
 *   [lists:flatten(M:format_error(D)) || {Tag, {_, M, D}} <- Forms,
 *                                       Tag =:= error orelse Tag =:= warning]
 * The expected forms are read back with read_term and compared with =:=. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vm/epp.h"
#include "vm/parse.h"
#include "vm/vm.h"

static heap_t h;
static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_HEAP);
}
static void teardown(void) { heap_destroy(&h); }
TestSuite(epp, .init = setup, .fini = teardown);

static const char *show(term_t t)
{
    static char buf[16384];
    term_t wrap = term_tuple(&h, 1, &t);
    parse_format_error(wrap, buf, sizeof buf);
    return buf;
}

static term_t want(const char *text)
{
    term_t t;
    read_error e;
    cr_assert_eq(read_term_nodot(&h, text, strlen(text), &t, &e), READ_OK, "bad expected text %s: %s", text, e.msg);
    return t;
}

/* The messages of the error and warning forms, joined by newlines. */
static void messages(term_t forms, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (!(term_is_tuple(f) && tuple_arity(f) == 2 &&
              (tuple_get(f, 0) == ATOM_error || tuple_get(f, 0) == ATOM_warning)))
            continue;
        if (n && n + 1 < cap)
            out[n++] = '\n';
        n += parse_format_error(f, out + n, cap - n);
        cr_assert(n < cap);
    }
}

typedef struct erow {
    const char *src;
    const char *forms;
    const char *msgs;
} erow;

static const erow EPP[] = {
    {"-module(t).\n-export([f/0]).\nf() -> ?MODULE.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{attribute,{1,2},module,t},{attribute,{2,2},export,[{f,0}]},{function,{3,1},f,0,[{clause,{3,1},[],[],[{atom,{3,9},t}]}]},{eof,{4,1}}]",
     ""},
    {"-module(t).\n-define(A, 1).\n-define(B(X), {X, ?A}).\nf() -> ?B(?LINE).\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{attribute,{1,2},module,t},{function,{4,1},f,0,[{clause,{4,1},[],[],[{tuple,{4,9},[{integer,{4,12},4},{integer,{4,12},1}]}]}]},{eof,{5,1}}]",
     ""},
    {"-define(S(X), ??X).\nf() -> ?S(a + \"b\" * {c, $d}).\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{function,{2,1},f,0,[{clause,{2,1},[],[],[{string,{2,9},[97,32,43,32,34,98,34,32,42,32,123,32,99,32,44,32,36,100,32,125]}]}]},{eof,{3,1}}]",
     ""},
    {"-module(t).\nf(X, Y) -> {?FUNCTION_NAME, ?FUNCTION_ARITY, ?MODULE_STRING, ?FILE}.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{attribute,{1,2},module,t},{function,{2,1},f,2,[{clause,{2,1},[{var,{2,3},'X'},{var,{2,6},'Y'}],[],[{tuple,{2,12},[{atom,{2,14},f},{integer,{2,30},2},{string,{2,47},[116]},{string,{2,63},[116,46,101,114,108]}]}]}]},{eof,{3,1}}]",
     ""},
    {"-define(P, 1).\n-ifdef(P).\na() -> 1.\n-else.\na() -> 2.\n-endif.\n-ifndef(P).\nb() -> 1.\n-endif.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{function,{3,1},a,0,[{clause,{3,1},[],[],[{integer,{3,8},1}]}]},{eof,{10,1}}]",
     ""},
    {"-if(?OTP_RELEASE >= 25 andalso defined(X) =:= false).\na() -> yes.\n-elif(true).\na() -> no.\n-endif.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{function,{2,1},a,0,[{clause,{2,1},[],[],[{atom,{2,8},yes}]}]},{eof,{6,1}}]",
     ""},
    {"f() -> ?UNDEF.\ng() -> ?LINE.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{error,{{1,9},epp,{undefined,'UNDEF',none}}},{function,{2,1},g,0,[{clause,{2,1},[],[],[{integer,{2,9},2}]}]},{eof,{3,1}}]",
     "undefined macro 'UNDEF'"},
    {"-define(A, 1).\n-define(A, 2).\n-define(MODULE, m).\n-define(B(X, X), x).\n-define(C(X) x).\n-define(D, x.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{error,{{2,9},epp,{redefine,'A'}}},{error,{{3,9},epp,{redefine_predef,'MODULE'}}},{error,{{4,14},epp,{duplicated_argument,'X'}}},{error,{{5,14},epp,missing_comma}},{error,{{6,13},epp,missing_parenthesis}},{eof,{7,1}}]",
     "redefining macro 'A'\nredefining predefined macro 'MODULE'\nargument 'X' already used\nbadly formed define: missing comma\nbadly formed define: missing closing right parenthesis"},
    {"-define(M(X), X).\nf() -> ?M(1, 2).\ng() -> ?M.\nh() -> ?M(,).\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{error,{{2,9},epp,{mismatch,'M'}}},{error,{{3,9},epp,{mismatch,'M'}}},{error,{{4,9},epp,{arg_error,'M'}}},{eof,{5,1}}]",
     "argument mismatch for macro 'M'\nargument mismatch for macro 'M'\nbadly formed argument for macro 'M'"},
    {"-define(R, ?R).\nf() -> ?R.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{error,{{2,9},epp,{circular,'R',none}}},{eof,{3,1}}]",
     "circular macro 'R'"},
    {"-else.\n-endif.\n-elif(true).\n-ifdef(X).\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{error,{{1,2},epp,{illegal,[117,110,98,97,108,97,110,99,101,100],else}}},{error,{{2,2},epp,{illegal,[117,110,98,97,108,97,110,99,101,100],endif}}},{error,{{3,2},epp,{illegal,[117,110,98,97,108,97,110,99,101,100],elif}}},{error,{{5,1},epp,{illegal,[117,110,116,101,114,109,105,110,97,116,101,100],ifdef}}},{eof,{5,1}}]",
     "unbalanced '-else'\nunbalanced '-endif'\nunbalanced '-elif'\nunterminated '-ifdef'"},
    {"-include(\"nonexistent.hrl\").\n-include_lib(\"nonexistent/include/x.hrl\").\n-include(x).\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{error,{{1,10},epp,{include,file,[110,111,110,101,120,105,115,116,101,110,116,46,104,114,108]}}},{error,{{2,14},epp,{include,lib,[110,111,110,101,120,105,115,116,101,110,116,47,105,110,99,108,117,100,101,47,120,46,104,114,108]}}},{error,{{3,10},epp,{bad,include}}},{eof,{4,1}}]",
     "can't find include file \"nonexistent.hrl\"\ncan't find include lib \"nonexistent/include/x.hrl\"\nbadly formed 'include'"},
    {"-error(\"stop\").\n-warning({w, 1}).\n-error.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{error,{{1,2},epp,{error,[115,116,111,112]}}},{warning,{{2,2},epp,{warning,{w,1}}}},{error,{{3,7},epp,{bad,error}}},{eof,{4,1}}]",
     "-error(\"stop\").\n-warning({w,1}).\nbadly formed 'error'"},
    {"-file(\"other.erl\", 100).\nf() -> ?LINE.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{attribute,[{generated,true},{location,{1,2}}],file,{[111,116,104,101,114,46,101,114,108],100}},{function,{101,1},f,0,[{clause,{101,1},[],[],[{integer,{101,9},101}]}]},{eof,{102,1}}]",
     ""},
    {"f() -> ok.\ng( -> .\nh() -> 1.0e.\ni() -> ok.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{function,{1,1},f,0,[{clause,{1,1},[],[],[{atom,{1,8},ok}]}]},{error,{{2,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,45,62,39]]}},{error,{{3,8},erl_scan,{illegal,float}}},{error,{{3,12},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,46,39]]}},{function,{4,1},i,0,[{clause,{4,1},[],[],[{atom,{4,8},ok}]}]},{eof,{5,1}}]",
     "syntax error before: '->'\nillegal float\nsyntax error before: '.'"},
    {"f() -> ?1.\ng() -> ?'x'.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{error,{{1,9},epp,{call,[63,[49]]}}},{error,{{2,9},epp,{undefined,x,none}}},{eof,{3,1}}]",
     "illegal macro call '?1'\nundefined macro 'x'"},
    {"?FUNCTION_NAME() -> ok.\n-foo(?FUNCTION_ARITY).\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{error,{{1,2},epp,{illegal_function_usage,'FUNCTION_NAME'}}},{error,{{2,7},epp,{illegal_function,'FUNCTION_ARITY'}}},{eof,{3,1}}]",
     "?FUNCTION_NAME must not begin a form\n?FUNCTION_ARITY can only be used within a function"},
    {"-module(t).\nf() -> 'maybe'.\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{attribute,{1,2},module,t},{function,{2,1},f,0,[{clause,{2,1},[],[],[{atom,[{text,[39,109,97,121,98,101,39]},{location,{2,8}}],maybe}]}]},{eof,{3,1}}]",
     ""},
    {"-feature(maybe_expr, disable).\n-feature(nope, enable).\n-module(t).\n-export([]).\n-feature(maybe_expr, enable).\n",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{error,{{2,2},erl_features,{invalid_features,[nope]}}},{attribute,{3,2},module,t},{attribute,{4,2},export,[]},{error,{{5,2},epp,ftr_after_prefix}},{eof,{6,1}}]",
     "the feature 'nope' does not exist.\nfeature directive not allowed after exports or record definitions"},
    {"f() -> ok",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{error,{{1,8},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]]}},{eof,{1,10}}]",
     "syntax error before: "},
    {"",
     "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{eof,{1,1}}]",
     ""},
};

Test(epp, forms_and_messages)
{
    for (size_t i = 0; i < sizeof EPP / sizeof EPP[0]; i++) {
        term_t forms;
        cr_assert_eq(epp_parse_string(&h, "t.erl", EPP[i].src, strlen(EPP[i].src), NULL, &forms), EPP_OK);
        cr_expect(term_eq_exact(forms, want(EPP[i].forms)), "%s\n  got  %s\n  want %s", EPP[i].src, show(forms),
                  EPP[i].forms);
        char msgs[2048];
        messages(forms, msgs, sizeof msgs);
        cr_expect_str_eq(msgs, EPP[i].msgs, "%s", EPP[i].src);
    }
}

/* NUL bytes in source text are characters like any other (white space
 * between tokens, a character in a string, a comment, $\0): the whole
 * text is read, from a string and from a file, not only up to the first
 * NUL (found by fuzzing: tests/fuzz/corpus/compile/crash-nul-in-source). */
Test(epp, nul_bytes_in_source)
{
    static const char src[] = "-module(t).\0\nf() -> \0{\"a\0b\", $\0}. % c\0d\n";
    const char *forms_want = "[{attribute,{1,1},file,{[116,46,101,114,108],1}},{attribute,{1,2},module,t},"
                             "{function,{2,1},f,0,[{clause,{2,1},[],[],[{tuple,{2,9},[{string,{2,10},[97,0,98]},"
                             "{char,{2,17},0}]}]}]},{eof,{3,1}}]";
    term_t forms;
    cr_assert_eq(epp_parse_string(&h, "t.erl", src, sizeof src - 1, NULL, &forms), EPP_OK);
    cr_expect(term_eq_exact(forms, want(forms_want)), "%s", show(forms));
    char path[] = "/tmp/dbgsh-epp-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, src, sizeof src - 1), (ssize_t)(sizeof src - 1));
    close(fd);
    const char *name = "t.erl";
    epp_opts o = {.source_name = name};
    cr_assert_eq(epp_parse_file(&h, path, &o, &forms), EPP_OK);
    unlink(path);
    cr_expect(term_eq_exact(forms, want(forms_want)), "%s", show(forms));
}

/* compile's {d, Name} and {d, Name, Value}: erl_parse:tokens(erl_parse:abstract(V)). */
Test(epp, predefined_macros)
{
    const char *src = "f() -> {?X, ?Y, ?Z, ?N, ?T, ?L, ?F}.\n-define(X, 1).\n";
    epp_macro ms[] = {{"X", "42"}, {"Y", NULL}, {"Z", "\"str\""}, {"N", "-5"}, {"T", "{a, [1, b]}"},
                      {"L", "[1, a, 98, 99]"}, {"F", "1.5e300"}};
    epp_opts o = {.macros = ms, .n_macros = sizeof ms / sizeof ms[0]};
    term_t forms;
    cr_assert_eq(epp_parse_string(&h, "m.erl", src, strlen(src), &o, &forms), EPP_OK);
    /* erl: epp:parse_file("m.erl", [{location,{1,1}}, {macros, [{'X',42}, 'Y', {'Z',"str"},
     * {'N',-5}, {'T',{a,[1,b]}}, {'L',[1,a,98,99]}, {'F',1.5e300}]}]) */
    cr_expect(term_eq_exact(forms, want(
        "[{attribute,{1,1},file,{[109,46,101,114,108],1}},{function,{1,1},f,0,[{clause,{1,1},[],[],"
        "[{tuple,{1,8},[{integer,{1,10},42},{atom,{1,14},true},{string,{1,18},[115,116,114]},"
        "{integer,{1,22},-5},{tuple,{1,26},[{atom,{1,26},a},{cons,{1,26},{integer,{1,26},1},"
        "{cons,{1,26},{atom,{1,26},b},{nil,{1,26}}}}]},{cons,{1,30},{integer,{1,30},1},{cons,{1,30},"
        "{atom,{1,30},a},{string,{1,30},[98,99]}}},{float,{1,34},1.5e300}]}]}]},"
        "{error,{{2,9},epp,{redefine,'X'}}},{eof,{3,1}}]")),
        "%s", show(forms));
    /* {error,{redefine_predef,'MODULE'}} from epp:open/1 */
    epp_macro bad[] = {{"MODULE", "1"}};
    epp_opts ob = {.macros = bad, .n_macros = 1};
    cr_expect_eq(epp_parse_string(&h, "m.erl", src, strlen(src), &ob, &forms), EPP_BADMACRO);
    epp_macro twice[] = {{"A", NULL}, {"A", "2"}};
    epp_opts ot = {.macros = twice, .n_macros = 2};
    cr_expect_eq(epp_parse_string(&h, "m.erl", src, strlen(src), &ot, &forms), EPP_BADMACRO);
}

Test(epp, missing_file)
{
    term_t forms;
    errno = 0;
    cr_expect_eq(epp_parse_file(&h, "/nonexistent/dir/x.erl", NULL, &forms), EPP_NOFILE);
    cr_expect_eq(errno, ENOENT);
}

/* Removes a test's scratch directory. */
static void remove_dir(const char *dir)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_expect_eq(system(cmd), 0);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

/* -include finds files beside the including file first, then along the
 * include path; -file attributes mark entering and leaving them. Criterion
 * runs each test in its own process, so the chdir stays here. */
Test(epp, includes)
{
    char dir[] = "/tmp/dbgsh-epp-XXXXXX";
    cr_assert(mkdtemp(dir));
    cr_assert_eq(chdir(dir), 0);
    cr_assert_eq(mkdir("src", 0700), 0);
    cr_assert_eq(mkdir("inc", 0700), 0);
    cr_assert_eq(mkdir("lib", 0700), 0);
    cr_assert_eq(mkdir("lib/app-1.9", 0700), 0);
    cr_assert_eq(mkdir("lib/app-1.10", 0700), 0);
    cr_assert_eq(mkdir("lib/app-1.10/include", 0700), 0);
    write_file("src/m.erl", "-module(m).\n-include(\"local.hrl\").\n-include(\"path.hrl\").\n"
                            "-include_lib(\"app/include/l.hrl\").\nf() -> {?L, ?P, ?A, ?FILE}.\n");
    write_file("src/local.hrl", "-define(L, local).\n");
    write_file("inc/path.hrl", "-define(P, ?FILE).\n");
    write_file("lib/app-1.10/include/l.hrl", "-define(A, app).\n");
    const char *incs[] = {".", "src", "inc"};
    const char *libs[] = {"lib"};
    epp_opts o = {.include_dirs = incs, .n_include_dirs = 3, .lib_dirs = libs, .n_lib_dirs = 1};
    term_t forms;
    cr_assert_eq(epp_parse_file(&h, "src/m.erl", &o, &forms), EPP_OK);
    /* what epp gives with {includes, [".", "src", "inc"]} (erl checked with
     * -include("lib/app-1.10/include/l.hrl") in place of the -include_lib,
     * as code:lib_dir(app) knows no such app): ?P expands where it is used */
    cr_expect(term_eq_exact(forms, want(
        "[{attribute,{1,1},file,{\"src/m.erl\",1}},{attribute,{1,2},module,m},"
        "{attribute,{1,1},file,{\"src/local.hrl\",1}},{attribute,{3,1},file,{\"src/m.erl\",3}},"
        "{attribute,{1,1},file,{\"inc/path.hrl\",1}},{attribute,{4,1},file,{\"src/m.erl\",4}},"
        "{attribute,{1,1},file,{\"lib/app-1.10/include/l.hrl\",1}},{attribute,{5,1},file,{\"src/m.erl\",5}},"
        "{function,{5,1},f,0,[{clause,{5,1},[],[],[{tuple,{5,8},[{atom,{5,10},local},"
        "{string,{5,14},\"src/m.erl\"},{atom,{5,18},app},{string,{5,22},\"src/m.erl\"}]}]}]},"
        "{eof,{6,1}}]")),
        "%s", show(forms));
    remove_dir(dir);
}

/* -include_lib("App/...") takes App from the application directories first
 * (the code path's: the first whose name, up to a '-', is App), then the lib
 * directories, and only when no directory is App's, from the built-in
 * headers, which then name the file by the include's own text. */
static bool builtin(const char *name, const char **text, size_t *len)
{
    if (strcmp(name, "kernel/include/k.hrl") != 0 && strcmp(name, "app/include/l.hrl") != 0)
        return false;
    *text = "-define(K, builtin).\n";
    *len = strlen(*text);
    return true;
}

Test(epp, include_lib_app_dirs_and_builtin)
{
    char dir[] = "/tmp/dbgsh-epp-XXXXXX";
    cr_assert(mkdtemp(dir));
    cr_assert_eq(chdir(dir), 0);
    cr_assert_eq(mkdir("lib", 0700), 0);
    cr_assert_eq(mkdir("lib/app-2.0", 0700), 0);
    cr_assert_eq(mkdir("lib/app-2.0/include", 0700), 0);
    cr_assert_eq(mkdir("first", 0700), 0);
    cr_assert_eq(mkdir("first/app-1.0", 0700), 0);
    cr_assert_eq(mkdir("first/app-1.0/include", 0700), 0);
    cr_assert_eq(mkdir("first/application", 0700), 0);
    write_file("m.erl", "-include_lib(\"app/include/l.hrl\").\n-include_lib(\"kernel/include/k.hrl\").\n"
                        "f() -> {?A, ?K}.\n");
    write_file("lib/app-2.0/include/l.hrl", "-define(A, lib).\n");
    write_file("first/app-1.0/include/l.hrl", "-define(A, first).\n");
    const char *libs[] = {"lib"};
    const char *apps[] = {"first/application", "first/app-1.0"};
    epp_opts o = {.lib_dirs = libs, .n_lib_dirs = 1, .app_dirs = apps, .n_app_dirs = 2, .builtin = builtin};
    term_t forms;
    cr_assert_eq(epp_parse_file(&h, "m.erl", &o, &forms), EPP_OK);
    cr_expect(term_eq_exact(forms, want(
        "[{attribute,{1,1},file,{\"m.erl\",1}},"
        "{attribute,{1,1},file,{\"first/app-1.0/include/l.hrl\",1}},{attribute,{2,1},file,{\"m.erl\",2}},"
        "{attribute,{1,1},file,{\"kernel/include/k.hrl\",1}},{attribute,{3,1},file,{\"m.erl\",3}},"
        "{function,{3,1},f,0,[{clause,{3,1},[],[],[{tuple,{3,8},[{atom,{3,10},first},{atom,{3,14},builtin}]}]}]},"
        "{eof,{4,1}}]")),
        "%s", show(forms));
    /* no application directory: the lib directory's app-2.0 */
    o.n_app_dirs = 0;
    cr_assert_eq(epp_parse_file(&h, "m.erl", &o, &forms), EPP_OK);
    cr_expect(term_eq_exact(forms, want(
        "[{attribute,{1,1},file,{\"m.erl\",1}},"
        "{attribute,{1,1},file,{\"lib/app-2.0/include/l.hrl\",1}},{attribute,{2,1},file,{\"m.erl\",2}},"
        "{attribute,{1,1},file,{\"kernel/include/k.hrl\",1}},{attribute,{3,1},file,{\"m.erl\",3}},"
        "{function,{3,1},f,0,[{clause,{3,1},[],[],[{tuple,{3,8},[{atom,{3,10},lib},{atom,{3,14},builtin}]}]}]},"
        "{eof,{4,1}}]")),
        "%s", show(forms));
    /* a directory of App without the file: no built-in header instead */
    remove("lib/app-2.0/include/l.hrl");
    cr_assert_eq(epp_parse_file(&h, "m.erl", &o, &forms), EPP_OK);
    cr_expect(term_eq_exact(forms, want(
        "[{attribute,{1,1},file,{\"m.erl\",1}},{error,{{1,14},epp,{include,lib,\"app/include/l.hrl\"}}},"
        "{attribute,{1,1},file,{\"kernel/include/k.hrl\",1}},{attribute,{3,1},file,{\"m.erl\",3}},"
        "{error,{{3,10},epp,{undefined,'A',none}}},{eof,{4,1}}]")),
        "%s", show(forms));
    remove_dir(dir);
}

/* Long inputs are no recursion: a 100000-element macro argument, a long
 * chain of parameterless macros, and deep macro nesting end in results. */
Test(epp, long_and_deep_macros)
{
    size_t n = 100000;
    char *src = malloc(n * 16 + 256);
    size_t k = (size_t)sprintf(src, "-define(L(X), [X]).\nf() -> ?L(");
    for (size_t i = 0; i < n; i++)
        k += (size_t)sprintf(src + k, "%s%zu", i ? "," : "", i);
    k += (size_t)sprintf(src + k, ").\n");
    term_t forms;
    cr_assert_eq(epp_parse_string(&h, "t.erl", src, k, NULL, &forms), EPP_OK);
    char msgs[256];
    messages(forms, msgs, sizeof msgs);
    cr_expect_str_eq(msgs, "argument mismatch for macro 'L'");
    /* ?L(?L(...)) 100000 deep: the parser reports the nesting */
    k = (size_t)sprintf(src, "-define(L(X), [X]).\nf() -> ");
    for (size_t i = 0; i < 3000; i++)
        k += (size_t)sprintf(src + k, "?L(");
    src[k++] = '1';
    for (size_t i = 0; i < 3000; i++)
        src[k++] = ')';
    k += (size_t)sprintf(src + k, ".\n");
    cr_assert_eq(epp_parse_string(&h, "t.erl", src, k, NULL, &forms), EPP_OK);
    messages(forms, msgs, sizeof msgs);
    cr_expect_str_eq(msgs, "nesting too deep");
    /* a chain of 5000 parameterless macros, each using the previous one */
    k = (size_t)sprintf(src, "-define(M0, 0).\n");
    for (size_t i = 1; i < 5000; i++)
        k += (size_t)sprintf(src + k, "-define(M%zu, ?M%zu).\n", i, i - 1);
    k += (size_t)sprintf(src + k, "f() -> ?M4999.\n");
    cr_assert_eq(epp_parse_string(&h, "t.erl", src, k, NULL, &forms), EPP_OK);
    messages(forms, msgs, sizeof msgs);
    cr_expect_str_eq(msgs, "macro too deep");
    free(src);
}

/* Every scratch allocation is released with the size it was made with
 * (the accounting of ALLOC_TEMP comes back to where it was), through
 * errors, includes, -D macros and latin1 files alike. */
Test(epp, scratch_memory_is_returned)
{
    char dir[] = "/tmp/dbgsh-epp-XXXXXX";
    cr_assert(mkdtemp(dir));
    cr_assert_eq(chdir(dir), 0);
    write_file("i.hrl", "-define(I(X), {X, ?LINE}).\n-ifdef(NEVER).\n");
    write_file("l.erl", "%% coding: latin-1\n-module(l).\nf() -> \"\xe5\".\n");
    const char *src =
        "-module(t).\n-include(\"i.hrl\").\n-include(\"nofile.hrl\").\n-define(S(X), ??X).\n"
        "f(A) -> {?I(A), ?S(\"s\" 1.5 'q q'), ?FUNCTION_NAME, ?Z, ?L}.\n-if(length([1]) == 1).\ng() -> <<1:4>>.\n"
        "-else.\n-endif.\n-error({e, \"x\"}).\n-type t() :: <<_:_*8>> | #{a => b}.\n-spec f(t()) -> ok.\n"
        "h() -> try a catch C:R:S -> {C, R, S} end.\ni( -> .\nj() -> 'unterminated.\n";
    epp_macro ms[] = {{"Z", "{[a, 98, 99], 1.5, -7}"}, {"L", "123456789012345678901234567890"}};
    const char *incs[] = {"."};
    epp_opts o = {.include_dirs = incs, .n_include_dirs = 1, .macros = ms, .n_macros = 2};
    alloc_stat before, after;
    term_t forms;
    alloc_get_stat(ALLOC_TEMP, &before);
    cr_assert_eq(epp_parse_string(&h, "t.erl", src, strlen(src), &o, &forms), EPP_OK);
    cr_assert_eq(epp_parse_file(&h, "l.erl", &o, &forms), EPP_OK);
    epp_macro bad[] = {{"MODULE", NULL}};
    epp_opts ob = {.macros = bad, .n_macros = 1};
    cr_assert_eq(epp_parse_file(&h, "l.erl", &ob, &forms), EPP_BADMACRO);
    alloc_get_stat(ALLOC_TEMP, &after);
    cr_expect_eq(after.size, before.size);
    cr_expect_eq(after.blocks, before.blocks);
    remove_dir(dir);
}
