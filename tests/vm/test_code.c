/* test_code.c: tests of vm/code.c, the code server: export entries (one per
 * M:F/A, stubs that raise undef or call a BIF), loading (entries point at
 * the current code), old and current versions, delete and purge,
 * autoloading, address lookup (code_find: function, lambda, line), and
 * what Erlang sees of it: module_info, function_exported, code:delete,
 * code:purge, and a process that runs on in old code until it makes a
 * remote call. Modules are compiled from the sources below in a VM with
 * one scheduler (tests/lib/vmrun.h); Erlang-visible values are what OTP 25
 * returned for the same modules (tc_a's second version loaded with
 * code:load_abs/1 while tc_client:t_upgrade/0 waited for `go`). */
#include "tests/lib/vmrun.h"

#include <unistd.h>

#include "vm/interp.h"

static const char src_tc_a[] = "-module(tc_a).\n"
                               "-export([f/0, g/1, vsn/0, loop/0]).\n"
                               "f() -> h().\n"
                               "g(X) -> {X, fun(Y) -> {Y, X} end}.\n"
                               "h() -> 1.\n"
                               "vsn() -> 1.\n"
                               "loop() ->\n"
                               "    receive\n"
                               "        {From, vsn} -> From ! {self(), vsn()}, loop();\n"
                               "        {From, upgrade} -> From ! {self(), ok}, tc_a:loop();\n"
                               "        stop -> stopped\n"
                               "    end.\n";
static const char src_tc_b[] = "-module(tc_b).\n"
                               "-export([f/0, g/1]).\n"
                               "f() -> h().\n"
                               "g(X) -> {X, fun(Y) -> {Y, X} end}.\n"
                               "h() -> 1.\n";
static const char src_tc_client[] =
    "-module(tc_client).\n"
    "-export([t_info/0, t_delete/0, t_purge/0, t_upgrade/0, t_gone/0]).\n"
    "\n"
    "t_info() ->\n"
    "    [tc_b:module_info(module), lists:sort(tc_b:module_info(exports)),\n"
    "     lists:sort(tc_b:module_info(functions)),\n"
    "     erlang:function_exported(tc_b, f, 0), erlang:function_exported(tc_b, h, 0),\n"
    "     erlang:function_exported(tc_b, module_info, 1), erlang:module_loaded(tc_b),\n"
    "     [K || {K, _} <- tc_b:module_info()], [K || {K, _} <- erlang:get_module_info(tc_b)],\n"
    "     erlang:module_loaded(tc_nonexist), erlang:function_exported(tc_nonexist, f, 0),\n"
    "     tc_b:f(), element(1, tc_b:g(x)), (element(2, tc_b:g(x)))(y)].\n"
    "\n"
    "t_delete() ->\n"
    "    [code:delete(tc_b), erlang:module_loaded(tc_b), erlang:function_exported(tc_b, f, 0),\n"
    "     code:delete(tc_b), code:is_loaded(tc_b), code:delete(tc_nonexist)].\n"
    "\n"
    "t_purge() ->\n"
    "    [code:purge(tc_b), code:purge(tc_b), code:soft_purge(tc_b), code:purge(tc_nonexist)].\n"
    "\n"
    "ask(P, Q) -> P ! {self(), Q}, receive {P, A} -> A end.\n"
    "\n"
    "t_upgrade() ->\n"
    "    P = spawn(tc_a, loop, []),\n"
    "    V1 = ask(P, vsn),\n"
    "    register(tc_client, self()),\n"
    "    receive go -> ok end,\n"
    "    V2 = ask(P, vsn),\n"
    "    ok = ask(P, upgrade),\n"
    "    V3 = ask(P, vsn),\n"
    "    P ! stop,\n"
    "    {V1, V2, V3, tc_a:vsn(), try tc_a:g(1) catch error:undef -> undef end}.\n"
    "\n"
    "t_gone() -> try tc_a:g(1) catch C:R:S -> {C, R, hd(S)} end.\n";
static const char src_tc_a2[] = "-module(tc_a).\n"
                                "-export([f/0, vsn/0, loop/0, new/0]).\n"
                                "f() -> 2.\n"
                                "new() -> new.\n"
                                "vsn() -> 2.\n"
                                "loop() ->\n"
                                "    receive\n"
                                "        {From, vsn} -> From ! {self(), vsn()}, loop();\n"
                                "        {From, upgrade} -> From ! {self(), ok}, tc_a:loop();\n"
                                "        stop -> stopped\n"
                                "    end.\n";

#define A(s) atom_from_cstr(s)

static void setup(void) { start_vm(1); }
static void teardown(void) { stop_vm(); }
TestSuite(code, .init = setup, .fini = teardown);

/* The entry address of function name/arity in a loaded version. */
static const code_t *find_entry(const module_code *mc, const char *name, unsigned arity)
{
    for (size_t i = 0; i < mc->nfuncs; i++)
        if (mc->funcs[i].name == A(name) && mc->funcs[i].arity == arity)
            return mc->code + mc->funcs[i].header + FUNC_HEADER_WORDS;
    return NULL;
}

static const code_t *load_addr(const export_entry *e) { return atomic_load(&e->addr); }

/* ---- export entries ------------------------------------------------------------------- */

Test(code, export_entries)
{
    export_entry *e = code_export_get(A("tc_nowhere"), A("f"), 2);
    cr_assert(e != NULL);
    cr_expect(code_export_get(A("tc_nowhere"), A("f"), 2) == e, "one entry per M:F/A");
    cr_expect(code_export_get(A("tc_nowhere"), A("f"), 3) != e);
    cr_expect(code_export_get(A("tc_nowhere"), A("g"), 2) != e);
    cr_expect(e->module == A("tc_nowhere") && e->name == A("f") && e->arity == 2 && e->bif == NULL);
    /* no code: the entry's own stub, call_undef E, behind a header */
    cr_expect(load_addr(e) == e->stub);
    cr_expect(e->stub[0] == interp_op_word(OP_call_undef) && e->stub[1] == (code_t)e);
    cr_expect(e->header[FH_OP] == interp_op_word(OP_func_info));
    cr_expect(e->header[FH_MODULE] == A("tc_nowhere") && e->header[FH_NAME] == A("f") &&
              e->header[FH_ARITY] == 2);
    cr_expect(code_ensure_loaded(e) == NULL, "no module tc_nowhere to load");
    /* many entries; entries never move. (Not so many that the table grows:
     * code.c keeps the tables it outgrew unreferenced, for readers that may
     * still scan them, and LeakSanitizer reports them.) */
    export_entry *first[64];
    for (unsigned i = 0; i < 1000; i++) {
        export_entry *x = code_export_get(A("tc_many"), A("f"), i);
        if (i < 64)
            first[i] = x;
    }
    for (unsigned i = 0; i < 64; i++)
        cr_assert(code_export_get(A("tc_many"), A("f"), i) == first[i] && first[i]->arity == i);
    cr_expect(code_export_get(A("tc_nowhere"), A("f"), 2) == e);
}

Test(code, bif_entries)
{
    export_entry *e = code_export_get(A("erlang"), A("length"), 1);
    cr_assert(e->bif != NULL, "erlang:length/1 is a BIF");
    cr_expect(load_addr(e) == e->stub && e->stub[0] == interp_op_word(OP_bif_stub) &&
              e->stub[1] == (code_t)e->bif);
    cr_expect(code_ensure_loaded(e) == e->stub, "a BIF is callable");
    /* erlang:apply/2,3 are code, in a module erlang of their own */
    for (unsigned a = 2; a <= 3; a++) {
        export_entry *ap = code_export_get(A("erlang"), A("apply"), a);
        const code_t *addr = load_addr(ap);
        cr_expect(addr != ap->stub, "erlang:apply/%u has code", a);
        code_location loc;
        cr_expect(code_find(addr, &loc) && loc.module->name == A("erlang"));
        cr_expect(code_header_of(addr)[FH_NAME] == A("apply") && code_header_of(addr)[FH_ARITY] == a);
    }
}

/* ---- loading ---------------------------------------------------------------------- */

Test(code, load_points_exports)
{
    export_entry *h = code_export_get(A("tc_a"), A("h"), 0); /* made before: stays a stub */
    cr_assert(load_text("tc_a.erl", src_tc_a));
    const module_code *mc = code_module(A("tc_a"));
    cr_assert(mc != NULL && mc->name == A("tc_a"));
    const char *names[] = {"f", "g", "vsn", "loop"};
    unsigned arities[] = {0, 1, 0, 0};
    for (int i = 0; i < 4; i++) {
        const code_t *addr = load_addr(code_export_get(A("tc_a"), A(names[i]), arities[i]));
        cr_expect(addr == find_entry(mc, names[i], arities[i]), "%s/%u points at its code", names[i],
                  arities[i]);
        cr_expect(code_is_enter(interp_word_op(addr[0])), "%s/%u starts with an enter form", names[i],
                  arities[i]);
        const code_t *hd = code_header_of(addr);
        cr_expect(hd[FH_OP] == interp_op_word(OP_func_info) && hd[FH_MODULE] == A("tc_a") &&
                  hd[FH_NAME] == A(names[i]) && hd[FH_ARITY] == arities[i]);
    }
    cr_expect(find_entry(mc, "h", 0) != NULL);
    cr_expect(load_addr(h) == h->stub, "a local function gets no export");
    heap_t th;
    heap_init(&th, ALLOC_TEMP);
    bool a = false, erl = false;
    for (term_t l = code_all_loaded(&th); l != NIL; l = list_tail(l)) {
        a |= list_head(l) == A("tc_a");
        erl |= list_head(l) == A("erlang");
    }
    heap_destroy(&th);
    cr_expect(a && erl, "all_loaded lists tc_a and erlang");
    expect_call("tc_a", "f", "[]", "1");
}

/* A new version becomes current; the one before it old (still found by
 * code_find, for processes that run in it); exports the new one lacks are
 * undefined. A third load frees the oldest. */
Test(code, old_and_current)
{
    cr_assert(load_text("tc_a.erl", src_tc_a));
    const module_code *v1 = code_module(A("tc_a"));
    const code_t *f1 = find_entry(v1, "f", 0);
    export_entry *f = code_export_get(A("tc_a"), A("f"), 0), *g = code_export_get(A("tc_a"), A("g"), 1);
    export_entry *nw = code_export_get(A("tc_a"), A("new"), 0);
    cr_expect(load_addr(nw) == nw->stub);
    cr_assert(load_text("tc_a.erl", src_tc_a2));
    const module_code *v2 = code_module(A("tc_a"));
    cr_assert(v2 != v1);
    cr_expect(load_addr(f) == find_entry(v2, "f", 0), "f/0 points at the new code");
    cr_expect(load_addr(nw) == find_entry(v2, "new", 0), "new/0 is defined");
    cr_expect(load_addr(g) == g->stub, "g/1, gone from the new version, is undefined");
    code_location loc;
    cr_expect(code_find(f1, &loc) && loc.module == v1, "the old version is still found");
    expect_call("tc_a", "f", "[]", "2");
    const proc_end *e = run_text("tc_a", "g", "[1]");
    expect_reason(e, "{undef,[{tc_a,g,[1],[]}]}");
    cr_assert(load_text("tc_a.erl", src_tc_a));
    cr_expect(!code_find(f1, &loc), "the oldest version is purged by a third load");
    cr_expect(load_addr(g) == find_entry(code_module(A("tc_a")), "g", 1), "g/1 is back");
    expect_call("tc_a", "f", "[]", "1");
}

Test(code, delete_and_purge)
{
    cr_expect(!code_delete(A("tc_a")), "nothing to delete");
    cr_expect(!code_purge(A("tc_a")), "nothing to purge");
    cr_assert(load_text("tc_a.erl", src_tc_a));
    const code_t *f1 = find_entry(code_module(A("tc_a")), "f", 0);
    export_entry *f = code_export_get(A("tc_a"), A("f"), 0);
    cr_expect(!code_purge(A("tc_a")), "no old version yet");
    cr_expect(code_delete(A("tc_a")));
    cr_expect(code_module(A("tc_a")) == NULL);
    cr_expect(load_addr(f) == f->stub, "a deleted module's exports are undefined");
    code_location loc;
    cr_expect(code_find(f1, &loc), "deleted code is old, not gone");
    cr_expect(!code_delete(A("tc_a")), "no current version to delete");
    cr_expect(code_purge(A("tc_a")));
    cr_expect(!code_find(f1, &loc), "purged code is gone");
    cr_expect(!code_purge(A("tc_a")));
    /* with an old version still there, delete refuses */
    cr_assert(load_text("tc_a.erl", src_tc_a));
    cr_assert(load_text("tc_a.erl", src_tc_a2));
    cr_expect(!code_delete(A("tc_a")), "delete must wait for the purge");
    cr_expect(code_module(A("tc_a")) != NULL);
    cr_expect(code_purge(A("tc_a")) && code_delete(A("tc_a")));
}

/* A call to a module that is not loaded loads it from its source (here
 * lists from vm/lib); a module with no source stays undefined. */
Test(code, ensure_loaded_autoloads)
{
    cr_assert(code_module(A("lists")) == NULL, "lists is loaded before any call");
    export_entry *e = code_export_get(A("lists"), A("last"), 1);
    cr_expect(load_addr(e) == e->stub);
    const code_t *addr = code_ensure_loaded(e);
    cr_expect(addr != NULL && addr == load_addr(e) && addr != e->stub);
    cr_expect(code_module(A("lists")) != NULL);
    export_entry *r = code_export_get(A("lists"), A("reverse"), 1);
    cr_expect(r->bif != NULL && load_addr(r) == r->stub,
              "loading lists does not redefine the BIF lists:reverse/1");
    cr_expect(code_ensure_loaded(code_export_get(A("lists"), A("no_such_function"), 7)) == NULL);
    cr_expect(code_ensure_loaded(code_export_get(A("tc_no_module"), A("f"), 0)) == NULL);
}

/* Every module of the libraries compiled into dbgsh (vm/lib) loads, and
 * its compilation says nothing on standard error: a module that does not
 * compile would fail only when a program first calls it. So does a module
 * that includes every OTP header built in (vm/lib/APP/include), each by
 * -include_lib("APP/include/NAME.hrl"), once a module and once a file. */
Test(code, library_modules_load_without_diagnostics, .timeout = 120)
{
    char path[] = "/tmp/dbgsh_libdiag_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    fflush(stderr);
    int saved = dup(2);
    cr_assert(saved >= 0 && dup2(fd, 2) == 2);
    size_t n = 0;
    const char *file;
    char src[] = "/tmp/dbgsh_hdrs_XXXXXX.erl";
    int sfd = mkstemps(src, 4);
    cr_assert(sfd >= 0);
    FILE *sf = fdopen(sfd, "w");
    fprintf(sf, "-module(%.*s).\n-export([f/0]).\n", (int)strlen(src + 5) - 4, src + 5);
    size_t headers = 0;
    for (size_t i = 0; (file = vm_library_file(i)); i++)
        if (strlen(file) > 4 && !strcmp(file + strlen(file) - 4, ".hrl")) {
            fprintf(sf, "-include_lib(\"%s\").\n", file);
            headers++;
        }
    fprintf(sf, "f() -> ?assertEqual(1, 1), ?LOG_DEBUG(\"x\"), #file_info{}.\n");
    fclose(sf);
    cr_expect(vm_load_file(src), "a module including the OTP headers does not load");
    unlink(src);
    cr_expect_geq(headers, 4, "only %zu headers", headers);
    for (; (file = vm_library_file(n)); n++) {
        size_t len = strlen(file);
        if (len < 4 || strcmp(file + len - 4, ".erl") != 0)
            continue; /* an OTP header, for -include_lib */
        term_t module, why;
        cr_assert_eq(atom_intern(file, strlen(file) - strlen(".erl"), &module), ATOM_OK);
        cr_expect(vm_load_module(module, &why), "%s does not load", file);
    }
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    off_t said = lseek(fd, 0, SEEK_END);
    close(fd);
    if (said > 0) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "head -c 2000 %s >&2", path);
        cr_expect(system(cmd) == 0);
    }
    unlink(path);
    cr_expect_gt(n, 30, "only %zu library modules", n);
    cr_expect_eq(said, 0, "compiling the library modules printed diagnostics (above)");
}

/* ---- address lookup -------------------------------------------------------------- */

Test(code, find_function_and_line)
{
    cr_assert(load_text("tc_a.erl", src_tc_a));
    const module_code *mc = code_module(A("tc_a"));
    struct {
        const char *name;
        unsigned arity, line;
    } fs[] = {{"f", 0, 3}, {"g", 1, 4}, {"h", 0, 5}, {"vsn", 0, 6}, {"loop", 0, 7}};
    for (int i = 0; i < 5; i++) {
        const code_t *entry = find_entry(mc, fs[i].name, fs[i].arity);
        cr_assert(entry != NULL);
        code_location loc;
        cr_assert(code_find(entry, &loc), "%s/%u not found", fs[i].name, fs[i].arity);
        cr_expect(loc.module == mc && loc.header == code_header_of(entry));
        cr_expect(loc.header[FH_LINE] == fs[i].line, "%s/%u: header line %u", fs[i].name, fs[i].arity,
                  (unsigned)loc.header[FH_LINE]);
        cr_expect(loc.line == fs[i].line, "%s/%u: line %u at its entry", fs[i].name, fs[i].arity, loc.line);
    }
    /* the instruction after loop/0's enter: a line of its body */
    code_location loc;
    cr_assert(code_find(find_entry(mc, "loop", 0) + 3, &loc));
    cr_expect(loc.header == code_header_of(find_entry(mc, "loop", 0)));
    cr_expect(loc.line >= 8 && loc.line <= 12, "line %u", loc.line);
    /* the fun in g/1 is its own function */
    cr_assert(mc->nlambdas == 1);
    const code_lambda *l = &mc->lambdas[0];
    cr_expect(l->name == A("-g/1-fun-0-") && l->arity == 2 && l->num_free == 1);
    cr_assert(code_find(l->entry, &loc));
    cr_expect(loc.header == code_header_of(l->entry) && loc.header[FH_NAME] == A("-g/1-fun-0-"));
    cr_expect(loc.line == 4, "the fun is on line 4, not %u", loc.line);
    /* not in any module: the export stubs, C data */
    export_entry *e = code_export_get(A("tc_a"), A("nothing"), 0);
    cr_expect(!code_find(e->stub, &loc));
    static const code_t outside[4];
    cr_expect(!code_find(outside + 1, &loc));
    cr_expect(!code_find(mc->code + mc->ncode, &loc), "one past the end");
}

/* ---- what Erlang sees --------------------------------------------------------------- */

Test(code, module_info)
{
    cr_assert(load_text("tc_b.erl", src_tc_b));
    cr_assert(load_text("tc_client.erl", src_tc_client));
    expect_call("tc_client", "t_info", "[]",
                "[tc_b,[{f,0},{g,1},{module_info,0},{module_info,1}],"
                "[{'-g/1-fun-0-',2},{f,0},{g,1},{h,0},{module_info,0},{module_info,1}],"
                "true,false,true,true,[module,exports,attributes,compile,md5],"
                "[module,exports,attributes,compile,md5],false,false,1,x,{y,x}]");
}

Test(code, delete_from_erlang)
{
    cr_assert(load_text("tc_b.erl", src_tc_b));
    cr_assert(load_text("tc_client.erl", src_tc_client));
    expect_call("tc_client", "t_delete", "[]", "[true,false,false,false,false,false]");
}

/* code:purge/1 is true only when it had to kill a process (none runs in
 * tc_b); soft_purge/1 is true when no process runs old code. */
Test(code, purge_from_erlang)
{
    cr_assert(load_text("tc_b.erl", src_tc_b));
    cr_assert(load_text("tc_client.erl", src_tc_client));
    expect_call("tc_client", "t_delete", "[]", "[true,false,false,false,false,false]");
    expect_call("tc_client", "t_purge", "[]", "[false,false,true,false]");
}

/* A process in tc_a:loop/0 keeps running the old code after a new version
 * is loaded (its local calls stay there) until its remote call tc_a:loop()
 * takes it to the new one. */
Test(code, process_runs_on_in_old_code)
{
    cr_assert(load_text("tc_a.erl", src_tc_a));
    cr_assert(load_text("tc_client.erl", src_tc_client));
    term_t client = spawn_text("tc_client", "t_upgrade", "[]");
    uint64_t until = read_clock_ms() + 5000;
    while (proc_whereis(A("tc_client")) != client && read_clock_ms() < until) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    cr_assert(proc_whereis(A("tc_client")) == client, "the client never registered");
    cr_assert(load_text("tc_a.erl", src_tc_a2));
    proc_deliver(client, proc_user_pid(), A("go"));
    const proc_end *e = wait_end(client, 5000);
    cr_assert(e != NULL, "the client did not end");
    expect_result(e, "{1,1,2,2,undef}");
}

/* The code path (vm/vm.c) as Erlang sees it, with dbgsh's own file names
 * (docs/differences-from-erlang.md): the path starts as ["."]; a module of
 * a path directory that is not loaded is "Dir/Mod.erl" (OTP:
 * "Dir/Mod.beam"); the embedded library's modules are "lists.erl", loaded
 * or not; a module loaded from a file is named by that file. The tuples
 * are OTP's {Name, File, Loaded}, sorted by name. */
static const char src_tc_path[] =
    "-module(tc_path).\n"
    "-export([t/1]).\n"
    "keep(N) -> N =:= \"erlang\" orelse N =:= \"lists\" orelse N =:= \"tc_in_dir\" orelse N =:= \"tc_path\".\n"
    "t(Dir) ->\n"
    "    P0 = code:get_path(),\n"
    "    true = code:add_patha(Dir),\n"
    "    W = code:which(tc_in_dir),\n"
    "    A = [E || {N, _, _} = E <- code:all_available(), keep(N)],\n"
    "    Del = code:del_path(Dir),\n"
    "    [P0, W, A, Del, code:get_path(), code:which(lists), code:which(tc_in_dir), code:which(tc_path)].\n";

Test(code, code_path_from_erlang)
{
    char dir[64] = "/tmp/test_code.XXXXXX", file[96];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(file, sizeof file, "%s/tc_in_dir.erl", dir);
    FILE *f = fopen(file, "w");
    cr_assert_not_null(f);
    fputs("-module(tc_in_dir).\n", f);
    fclose(f);
    cr_assert(load_text("tc_path.erl", src_tc_path));
    char args[128], want[512];
    snprintf(args, sizeof args, "[\"%s\"]", dir);
    snprintf(want, sizeof want,
             "[[\".\"], \"%s\","
             " [{\"erlang\",preloaded,true}, {\"lists\",\"lists.erl\",false},"
             " {\"tc_in_dir\",\"%s\",false}, {\"tc_path\",\"tc_path.erl\",true}],"
             " true, [\".\"], \"lists.erl\", non_existing, \"tc_path.erl\"]",
             file, file);
    expect_call("tc_path", "t", args, want);
    unlink(file);
    rmdir(dir);
}

/* ---- process_info(P, backtrace): proc_backtrace_walk ------------------------ */

static const char src_tc_bt[] = "-module(tc_bt).\n"
                                "-export([t/0, deep/1]).\n"
                                "deep(0) -> receive stop -> 0 end;\n"
                                "deep(N) -> 1 + deep(N - 1).\n"
                                "wait(P) ->\n"
                                "    case process_info(P, status) of\n"
                                "        {status, waiting} -> ok;\n"
                                "        _ -> receive after 1 -> wait(P) end\n"
                                "    end.\n"
                                "t() ->\n"
                                "    P = spawn(tc_bt, deep, [2]),\n"
                                "    wait(P),\n"
                                "    {backtrace, B} = process_info(P, backtrace),\n"
                                "    P ! stop,\n"
                                "    B.\n";

/* The test's own text maker (format/'s is not linked here): each frame as
 * Function/Arity, "?" outside a function, and its registers that hold
 * small integers, innermost first. */
#define BT_TEXT 512

/* Appends to the text s (BT_TEXT bytes), which keeps what fits. */
static void bt_put(char *s, const char *text)
{
    size_t n = strlen(s);
    snprintf(s + n, BT_TEXT - n, "%s", text);
}

static bool bt_frame(void *ctx, const proc_bt_frame *f)
{
    char *s = ctx, item[64];
    if (f->header) {
        size_t len;
        const char *name = atom_text((term_t)f->header[FH_NAME], &len);
        snprintf(item, sizeof item, "%.*s/%u[", (int)len, name, (unsigned)f->header[FH_ARITY]);
        bt_put(s, item);
    } else {
        bt_put(s, "?[");
    }
    for (uint32_t i = 0; i < f->nregs; i++)
        if (term_is_small(f->regs[i])) {
            snprintf(item, sizeof item, "%lld,", (long long)small_value(f->regs[i]));
            bt_put(s, item);
        }
    bt_put(s, "] ");
    return true;
}

static term_t bt_text(heap_t *h, const process *q)
{
    char s[BT_TEXT] = "";
    proc_backtrace_walk(q, bt_frame, s);
    return bin_new(h, (const uint8_t *)s, strlen(s));
}

/* A process two calls deep in deep/1, waiting in its receive: the running
 * frame in deep/1 with N = 0, then its two callers in deep/1, each
 * holding its own N, innermost first; nothing below the first function
 * (the process ends where deep(2) returns). */
Test(code, backtrace_frames)
{
    vm_set_backtrace(bt_text);
    cr_assert(load_text("tc_bt.erl", src_tc_bt));
    expect_call("tc_bt", "t", "[]", "<<\"deep/1[0,] deep/1[1,] deep/1[2,] \">>");
    vm_set_backtrace(NULL);
}
