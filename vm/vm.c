/* vm.c: the VM as a whole: start-up (atoms, BIFs, code server, process
 * table, schedulers), the code path and loading modules from source (the
 * interactive code server of OTP: a call to a module that is not loaded
 * loads Mod.erl), `-e` evaluation in a fresh process, output, and halt. */
#include "vm.h"
#include "eval.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmp.h"
#include "code.h"
#include "compile.h"
#include "disasm.h"
#include "epp.h"
#include "heap.h"
#include "interp.h"
#include "lint.h"
#include "parse.h"
#include "proc.h"
#include "progress.h"
#include "report.h"
#include "sched.h"

/* The Erlang sources of vm/lib, compiled into the binary (build/vm/lib_embed.c),
 * and the libraries of the layers above (vm_add_library). */
extern const vm_lib_file vm_embedded_lib[];
extern const size_t vm_embedded_lib_n;
typedef struct lib_table {
    const vm_lib_file *files;
    size_t n;
} lib_table;
static lib_table libs[8] = {{vm_embedded_lib, 0}};
static size_t nlibs = 1;

void vm_add_library(const vm_lib_file *files, size_t n)
{
    if (nlibs == sizeof libs / sizeof libs[0])
        abort(); /* a fixed handful of layers register one table each */
    libs[nlibs++] = (lib_table){files, n};
}

const char *vm_library_file(size_t i)
{
    for (size_t t = 0; t < nlibs; t++) {
        size_t n = t == 0 ? vm_embedded_lib_n : libs[t].n; /* libs[0].n is set under load_lock */
        if (i < n)
            return libs[t].files[i].name;
        i -= n;
    }
    return NULL;
}

/* The embedded source file `file` ("lists.erl"), or NULL. */
static const vm_lib_file *find_library_file(const char *file)
{
    libs[0].n = vm_embedded_lib_n;
    for (size_t t = 0; t < nlibs; t++)
        for (size_t i = 0; i < libs[t].n; i++)
            if (!strcmp(libs[t].files[i].name, file))
                return &libs[t].files[i];
    return NULL;
}

/* ---- output ------------------------------------------------------------- */

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static vm_output_fn output_fn;

void vm_set_output(vm_output_fn fn) { output_fn = fn; }

void vm_write(vm_stream stream, const char *s, size_t n)
{
    pthread_mutex_lock(&out_lock);
    if (output_fn)
        output_fn(stream, s, n);
    else
        fwrite(s, 1, n, stream == VM_STDERR ? stderr : stdout);
    pthread_mutex_unlock(&out_lock);
}

void vm_flush(void)
{
    pthread_mutex_lock(&out_lock);
    if (!output_fn)
        fflush(stdout);
    pthread_mutex_unlock(&out_lock);
}

void vm_halt(int status)
{
    if (sched_current() < 0) /* a scheduler waiting would hold the reports up */
        report_settle();
    port_flush_all();
    vm_halt_now(status);
}

void vm_halt_now(int status)
{
    pthread_mutex_lock(&out_lock);
    fflush(stdout);
    fflush(stderr);
    _exit(status);
}

int vm_thread_start(pthread_t *thread, void *(*fn)(void *), void *arg)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(thread, NULL, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}

/* ---- the code path and loading ---------------------------------------------- */

/* The code path: the directories searched for Mod.erl, in order, after
 * the embedded libraries. It starts as the -pa directories, then "."
 * (put in at the first use); code:add_path/1 and friends change it once
 * the VM runs. Guarded by load_lock. */
static char **paths;
static size_t npaths, cap, npa; /* npa: how many -pa directories precede "." */
static bool path_ready;
static const char *implicit_dot; /* the "." put in first, whose files are named "Mod.erl" */
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

/* Puts a copy of dir at paths[at]. Under load_lock. */
static void insert_path(size_t at, const char *dir)
{
    if (npaths == cap) {
        size_t more = cap ? 2 * cap : 8;
        paths = paths ? alloc_resize(ALLOC_SYSTEM, paths, cap * sizeof *paths, more * sizeof *paths)
                      : alloc_new(ALLOC_SYSTEM, more * sizeof *paths);
        cap = more;
    }
    memmove(paths + at + 1, paths + at, (npaths - at) * sizeof *paths);
    paths[at] = alloc_strdup(ALLOC_SYSTEM, dir);
    npaths++;
}

/* Drops paths[at]. Under load_lock. */
static void remove_path(size_t at)
{
    if (paths[at] == implicit_dot)
        implicit_dot = NULL;
    alloc_strfree(ALLOC_SYSTEM, paths[at]);
    memmove(paths + at, paths + at + 1, (npaths - at - 1) * sizeof *paths);
    npaths--;
}

/* Puts "." into the code path the first time it is used. Under load_lock. */
static void ready_path(void)
{
    if (!path_ready) {
        insert_path(npaths, ".");
        implicit_dot = paths[npaths - 1];
    }
    path_ready = true;
}

void vm_add_path(const char *dir)
{
    pthread_mutex_lock(&load_lock);
    ready_path();
    for (size_t i = 0; i < npaths; i++)
        if (!strcmp(paths[i], dir)) { /* given twice, or "." */
            remove_path(i);
            npa -= i < npa;
            break;
        }
    size_t at = npa < npaths ? npa : npaths;
    insert_path(at, dir);
    npa = at + 1;
    pthread_mutex_unlock(&load_lock);
}

term_t vm_code_path(heap_t *h)
{
    progress_mutex_lock(&load_lock);
    ready_path();
    term_t l = NIL;
    for (size_t i = npaths; i-- > 0;)
        l = term_cons(h, term_utf8_string(h, paths[i], strlen(paths[i])), l);
    pthread_mutex_unlock(&load_lock);
    return l;
}

void vm_code_path_add(const char *dir, bool first)
{
    progress_mutex_lock(&load_lock);
    ready_path();
    size_t i = 0;
    while (i < npaths && strcmp(paths[i], dir) != 0)
        i++;
    if (first) {
        if (i < npaths)
            remove_path(i);
        insert_path(0, dir);
    } else if (i == npaths) {
        insert_path(npaths, dir);
    }
    pthread_mutex_unlock(&load_lock);
}

bool vm_code_path_delete(bool (*match)(const char *dir, const void *arg), const void *arg)
{
    progress_mutex_lock(&load_lock);
    ready_path();
    size_t i = 0;
    while (i < npaths && !match(paths[i], arg))
        i++;
    bool found = i < npaths;
    if (found)
        remove_path(i);
    pthread_mutex_unlock(&load_lock);
    return found;
}

/* The -config files, in the order given; set before vm_start, read only
 * after. */
static char **config_files;
static size_t nconfig_files;

void vm_add_config_file(const char *file)
{
    size_t size = nconfig_files * sizeof *config_files;
    config_files = config_files ? alloc_resize(ALLOC_SYSTEM, config_files, size, size + sizeof *config_files)
                                : alloc_new(ALLOC_SYSTEM, sizeof *config_files);
    config_files[nconfig_files++] = alloc_strdup(ALLOC_SYSTEM, file);
}

term_t vm_config_files(heap_t *h)
{
    term_t l = NIL;
    for (size_t i = nconfig_files; i-- > 0;)
        l = term_cons(h, term_utf8_string(h, config_files[i], strlen(config_files[i])), l);
    return l;
}

/* What every compilation of a source file gets, as erlc's -I and -D
 * options: more include directories and predefined macros. Guarded by
 * load_lock. */
static char **include_dirs;
static size_t ninclude_dirs;
static epp_macro *defines;
static size_t ndefines;

void vm_add_include_dir(const char *dir)
{
    pthread_mutex_lock(&load_lock);
    size_t size = ninclude_dirs * sizeof *include_dirs;
    include_dirs = include_dirs ? alloc_resize(ALLOC_SYSTEM, include_dirs, size, size + sizeof *include_dirs)
                                : alloc_new(ALLOC_SYSTEM, sizeof *include_dirs);
    include_dirs[ninclude_dirs++] = alloc_strdup(ALLOC_SYSTEM, dir);
    pthread_mutex_unlock(&load_lock);
}

void vm_define_macro(const char *name, const char *value)
{
    pthread_mutex_lock(&load_lock);
    size_t size = ndefines * sizeof *defines;
    defines = defines ? alloc_resize(ALLOC_SYSTEM, defines, size, size + sizeof *defines)
                      : alloc_new(ALLOC_SYSTEM, sizeof *defines);
    defines[ndefines++] =
        (epp_macro){alloc_strdup(ALLOC_SYSTEM, name), value ? alloc_strdup(ALLOC_SYSTEM, value) : NULL};
    pthread_mutex_unlock(&load_lock);
}

/* The OTP header `name` ("stdlib/include/assert.hrl") built into the
 * binary: epp's last resort for -include_lib. */
static bool builtin_header(const char *name, const char **text, size_t *len)
{
    const vm_lib_file *f = find_library_file(name);
    if (f) {
        *text = f->text;
        *len = f->len;
    }
    return f != NULL;
}

/* The directory standing for code:lib_dir(App) of a code path directory,
 * as OTP names ".../App-Vsn/ebin" App: ".../App-Vsn" for a directory
 * called src or ebin, the directory itself otherwise; made absolute so
 * that "." or "src" has a name. NULL when it does not exist. */
static char *app_dir_of(const char *dir)
{
    char *real = realpath(dir, NULL);
    if (!real)
        return NULL;
    char *base = strrchr(real, '/');
    if (base && base != real && (!strcmp(base, "/src") || !strcmp(base, "/ebin")))
        *base = '\0';
    char *r = alloc_strdup(ALLOC_TEMP, real);
    free(real);
    return r;
}

/* Prints every diagnostic as erlc does (stderr). */
static void print_diags(const lint_diags *d)
{
    char line[1024];
    for (size_t i = 0; i < d->n; i++) {
        size_t n = lint_diag_format(&d->v[i], line, sizeof line - 1);
        if (n > sizeof line - 2)
            n = sizeof line - 2;
        line[n++] = '\n';
        vm_write(VM_STDERR, line, n);
    }
}

/* Whether Name/Arity is one of EUnit's functions: of arity 0, a test
 * ("_test"), a test generator ("_test_") or exported for tests
 * ("_exported_"); or eunit_wrapper_/1. */
static bool eunit_function(term_t name, term_t arity, term_t wrapper)
{
    if (arity == term_small(1))
        return name == wrapper;
    if (arity != term_small(0))
        return false;
    static const char *const suffixes[] = {"_test", "_test_", "_exported_"};
    size_t len;
    const char *text = atom_text(name, &len);
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        size_t n = strlen(suffixes[i]);
        if (len >= n && memcmp(text + len - n, suffixes[i], n) == 0)
            return true;
    }
    return false;
}

/* Whether form f is the tuple {Kind, _, ...} of `size` elements. */
static bool is_form(term_t f, term_t kind, uint64_t size)
{
    return term_is_tuple(f) && tuple_arity(f) == size && tuple_get(f, 0) == kind;
}

/* Whether list l of {Name, Arity} (an export attribute's) holds function
 * form f's. */
static bool lists_function(term_t l, term_t f)
{
    for (; term_is_list(l); l = list_tail(l)) {
        term_t x = list_head(l);
        if (term_is_tuple(x) && tuple_arity(x) == 2 && tuple_get(x, 0) == tuple_get(f, 2) &&
            tuple_get(x, 1) == tuple_get(f, 3))
            return true;
    }
    return false;
}

/* EUnit's parse transform eunit_striptests (eunit.hrl with NOTEST): the
 * module's EUnit functions (eunit_function) removed, those it exports
 * itself apart (eunit_wrapper_/1 always). */
static term_t eunit_striptests(heap_t *h, term_t forms)
{
    static _Atomic term_t a_attribute, a_export, a_function, a_wrapper;
    term_t attribute = atom_cached(&a_attribute, "attribute"), export = atom_cached(&a_export, "export"),
           function = atom_cached(&a_function, "function"),
           wrapper = atom_cached(&a_wrapper, "eunit_wrapper_");
    term_t exported = NIL;
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (is_form(f, attribute, 4) && tuple_get(f, 2) == export)
            for (term_t e = tuple_get(f, 3); term_is_list(e); e = list_tail(e))
                exported = term_cons(h, list_head(e), exported);
    }
    list_builder out;
    lb_init(&out, h);
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        bool ours = is_form(f, function, 5) && term_is_atom(tuple_get(f, 2)) &&
                    eunit_function(tuple_get(f, 2), tuple_get(f, 3), wrapper);
        if (!ours || (tuple_get(f, 2) != wrapper && lists_function(exported, f)))
            lb_add(&out, f);
    }
    return out.head;
}

/* EUnit's parse transform eunit_autoexport (eunit.hrl): exports the
 * module's EUnit functions (eunit_function) and, when it has no test/0,
 * adds test() -> eunit:test(Module) and exports it: one export attribute
 * after the module's, the function before the end of file. */
static term_t eunit_autoexport(heap_t *h, term_t forms)
{
    static _Atomic term_t a_attribute, a_module, a_export, a_function, a_eof, a_test, a_wrapper;
    static _Atomic term_t a_clause, a_call, a_remote, a_atom, a_eunit;
    term_t attribute = atom_cached(&a_attribute, "attribute"), module = atom_cached(&a_module, "module"),
           export = atom_cached(&a_export, "export"), function = atom_cached(&a_function, "function"),
           eof = atom_cached(&a_eof, "eof"), test = atom_cached(&a_test, "test"),
           wrapper = atom_cached(&a_wrapper, "eunit_wrapper_");
    term_t mod = THE_NON_VALUE, found = NIL;
    bool has_test = false;
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (is_form(f, attribute, 4) && tuple_get(f, 2) == module && mod == THE_NON_VALUE) {
            mod = tuple_get(f, 3);
            if (term_is_tuple(mod) && tuple_arity(mod) == 2) /* -module(M, Params) */
                mod = tuple_get(mod, 0);
        } else if (is_form(f, function, 5) && term_is_atom(tuple_get(f, 2))) {
            term_t name = tuple_get(f, 2), arity = tuple_get(f, 3);
            has_test |= name == test && arity == term_small(0);
            if (eunit_function(name, arity, wrapper))
                found = term_cons(h, term_tuple(h, 2, (term_t[]){name, arity}), found);
        }
    }
    if (mod == THE_NON_VALUE || !term_is_atom(mod))
        return forms; /* no module: the compiler says so */
    term_t anno = term_small(0), fn = NIL;
    if (!has_test) {
        term_t atom = atom_cached(&a_atom, "atom");
        term_t remote =
            term_tuple(h, 4,
                       (term_t[]){atom_cached(&a_remote, "remote"), anno,
                                  term_tuple(h, 3, (term_t[]){atom, anno, atom_cached(&a_eunit, "eunit")}),
                                  term_tuple(h, 3, (term_t[]){atom, anno, test})});
        term_t call =
            term_tuple(h, 4,
                       (term_t[]){atom_cached(&a_call, "call"), anno, remote,
                                  term_cons(h, term_tuple(h, 3, (term_t[]){atom, anno, mod}), NIL)});
        term_t clause = term_tuple(
            h, 5, (term_t[]){atom_cached(&a_clause, "clause"), anno, NIL, NIL, term_cons(h, call, NIL)});
        fn = term_tuple(h, 5, (term_t[]){function, anno, test, term_small(0), term_cons(h, clause, NIL)});
        found = term_cons(h, term_tuple(h, 2, (term_t[]){test, term_small(0)}), found);
    }
    term_t exp = term_tuple(h, 4, (term_t[]){attribute, anno, export, found});
    list_builder out;
    lb_init(&out, h);
    bool after_module = false;
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (fn != NIL && term_is_tuple(f) && tuple_arity(f) >= 1 && tuple_get(f, 0) == eof) {
            lb_add(&out, fn);
            fn = NIL;
        }
        lb_add(&out, f);
        if (!after_module && is_form(f, attribute, 4) && tuple_get(f, 2) == module) {
            after_module = true;
            lb_add(&out, exp);
        }
    }
    if (fn != NIL)
        lb_add(&out, fn);
    return out.head;
}

/* compile's parse transforms, -compile({parse_transform, M}) alone or in a
 * list. ms_transform is applied when each ets:fun2ms/1 or dbg:fun2ms/1 call
 * on a literal fun runs: the call becomes one of dbgsh_ms:fun2ms/4 with the
 * module's records (vm/eval.c), so a fun it cannot translate is reported
 * then, as the shell reports it, not when the module compiles. EUnit's two
 * (eunit_striptests, eunit_autoexport) are applied in C, after the loop.
 * Any other would have to run Erlang inside the compiler: it fails the
 * compilation, saying so. False then. */
static bool apply_parse_transforms(heap_t *h, term_t *forms, const char *path, lint_diags *diags)
{
    static _Atomic term_t a_attribute, a_compile, a_parse_transform, a_ms_transform, a_record, a_autoexport,
        a_striptests;
    term_t attribute = atom_cached(&a_attribute, "attribute"), compile = atom_cached(&a_compile, "compile"),
           parse_transform = atom_cached(&a_parse_transform, "parse_transform"),
           ms_transform = atom_cached(&a_ms_transform, "ms_transform");
    term_t autoexport = atom_cached(&a_autoexport, "eunit_autoexport"),
           striptests = atom_cached(&a_striptests, "eunit_striptests");
    term_t record = atom_cached(&a_record, "record"), records = NIL;
    bool ms = false, ok = true, eunit_export = false, eunit_strip = false;
    for (term_t l = *forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (!term_is_tuple(f) || tuple_arity(f) != 4 || tuple_get(f, 0) != attribute)
            continue;
        if (tuple_get(f, 2) == record)
            records = term_cons(h, f, records);
        if (tuple_get(f, 2) != compile)
            continue;
        term_t opts = tuple_get(f, 3); /* one option, or a list of them */
        for (term_t o = term_is_list(opts) ? opts : term_cons(h, opts, NIL); term_is_list(o);
             o = list_tail(o)) {
            term_t opt = list_head(o);
            if (!term_is_tuple(opt) || tuple_arity(opt) != 2 || tuple_get(opt, 0) != parse_transform)
                continue;
            term_t m = tuple_get(opt, 1);
            if (m == ms_transform || m == autoexport || m == striptests) {
                ms |= m == ms_transform;
                eunit_export |= m == autoexport;
                eunit_strip |= m == striptests;
                continue;
            }
            char text[300];
            size_t len;
            const char *name = term_is_atom(m) ? atom_text(m, &len) : NULL;
            snprintf(text, sizeof text,
                     "parse transform '%.*s' cannot be applied: dbgsh applies only ms_transform, "
                     "eunit_autoexport and eunit_striptests",
                     name ? (int)(len < 200 ? len : 200) : 1, name ? name : "?");
            lint_diags_add(diags, path, 0, 0, false, text);
            ok = false;
        }
    }
    if (!ok)
        return false;
    if (eunit_strip)
        *forms = eunit_striptests(h, *forms);
    if (eunit_export)
        *forms = eunit_autoexport(h, *forms);
    if (ms)
        *forms = eval_rewrite_fun2ms(h, *forms, records);
    return true;
}

/* Compiles and loads the module whose source is `text`, an embedded library
 * module, or the file at `path` when text is NULL: its name, or
 * THE_NON_VALUE after printing why (*missing set when the file cannot be
 * read, if missing is not NULL). A file is compiled as erlc would with the
 * -I and -D options given: its include path is ".", its own directory and
 * the -I directories, and -include_lib finds applications by the code path,
 * then the OTP headers built in. A library module sees only those headers.
 * Under load_lock. */
static term_t load_source(const char *path, const char *text, size_t len, bool *missing)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    epp_opts eo = {.builtin = builtin_header};
    const char **incs = NULL, **apps = NULL;
    char *src_dir = NULL;
    if (!text) {
        ready_path();
        const char *slash = strrchr(path, '/');
        src_dir = slash ? alloc_strndup(ALLOC_TEMP, path, slash == path ? 1 : (size_t)(slash - path))
                        : alloc_strdup(ALLOC_TEMP, ".");
        incs = alloc_new(ALLOC_TEMP, (2 + ninclude_dirs) * sizeof *incs);
        incs[0] = ".";
        incs[1] = src_dir;
        for (size_t i = 0; i < ninclude_dirs; i++)
            incs[2 + i] = include_dirs[i];
        apps = alloc_new(ALLOC_TEMP, (npaths + 1) * sizeof *apps);
        for (size_t i = 0; i < npaths; i++)
            if ((apps[eo.n_app_dirs] = app_dir_of(paths[i])))
                eo.n_app_dirs++;
        eo.include_dirs = incs;
        eo.n_include_dirs = 2 + ninclude_dirs;
        eo.app_dirs = apps;
        eo.macros = defines;
        eo.n_macros = ndefines;
    }
    term_t forms;
    epp_result er =
        text ? epp_parse_string(&h, path, text, len, &eo, &forms) : epp_parse_file(&h, path, &eo, &forms);
    if (!text) {
        for (size_t i = 0; i < eo.n_app_dirs; i++)
            alloc_strfree(ALLOC_TEMP, (char *)apps[i]);
        alloc_free(ALLOC_TEMP, apps, (npaths + 1) * sizeof *apps);
        alloc_free(ALLOC_TEMP, incs, (2 + ninclude_dirs) * sizeof *incs);
        alloc_strfree(ALLOC_TEMP, src_dir);
    }
    if (er != EPP_OK) {
        char msg[512];
        int n = snprintf(msg, sizeof msg, "%s: %s\n", path,
                         er == EPP_NOFILE ? strerror(errno) : "a -D macro is malformed or defined twice");
        vm_write(VM_STDERR, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
        heap_destroy(&h);
        if (missing)
            *missing = er == EPP_NOFILE;
        return THE_NON_VALUE;
    }
    lint_diags diags = {0};
    module_code *mc = NULL;
    compile_opts opts = {.file = path};
    compile_result cr = apply_parse_transforms(&h, &forms, path, &diags)
                            ? compile_forms(forms, &opts, &mc, &diags)
                            : COMPILE_ERROR;
    print_diags(&diags);
    lint_diags_free(&diags);
    heap_destroy(&h);
    if (cr != COMPILE_OK)
        return THE_NON_VALUE;
    term_t name = mc->name;
    code_load(mc);
    return name;
}

bool vm_load_file(const char *path)
{
    progress_mutex_lock(&load_lock);
    bool ok = load_source(path, NULL, 0, NULL) != THE_NON_VALUE;
    pthread_mutex_unlock(&load_lock);
    return ok;
}

term_t vm_compile_file(const char *path, bool *missing)
{
    *missing = false;
    progress_mutex_lock(&load_lock);
    term_t m = load_source(path, NULL, 0, missing);
    pthread_mutex_unlock(&load_lock);
    return m;
}

bool vm_disasm(FILE *out, term_t module, term_t *why)
{
    const module_code *m = code_module(module);
    if (!m && !vm_load_module(module, why))
        return false;
    disasm_module(out, m ? m : code_module(module), interp_word_op);
    return true;
}

bool vm_tail_recursive(term_t module, term_t name, unsigned arity)
{
    bool yes = false;
    code_mod_lock(); /* the version read stays current throughout */
    const module_code *m = code_module(module);
    for (size_t i = 0; m && i < m->nfuncs; i++)
        if (m->funcs[i].name == name && m->funcs[i].arity == arity) {
            yes = disasm_calls_self_in_tail(m, &m->funcs[i], interp_word_op);
            break;
        }
    code_mod_unlock();
    return yes;
}

/* Where the source of `module` is: an embedded library module, or
 * Mod.erl in the first code path directory that has it. */
bool vm_load_module(term_t module, term_t *why)
{
    size_t len;
    const char *name = atom_text(module, &len);
    char file[4096];
    if (len + 5 > sizeof file) {
        *why = ATOM_nofile;
        return false;
    }
    progress_mutex_lock(&load_lock);
    bool ok = code_module(module) != NULL; /* another scheduler won the race */
    bool found = ok;
    snprintf(file, sizeof file, "%.*s.erl", (int)len, name);
    const vm_lib_file *lib = found ? NULL : find_library_file(file);
    if (lib) {
        found = true;
        ok = load_source(file, lib->text, lib->len, NULL) != THE_NON_VALUE;
    }
    ready_path();
    for (size_t i = 0; i < npaths && !found; i++) {
        char path[4096 + 64];
        if (paths[i] != implicit_dot)
            snprintf(path, sizeof path, "%s/%s", paths[i], file);
        else /* without -pa ., a module of the current directory is "mod.erl" */
            snprintf(path, sizeof path, "%s", file);
        if (access(path, R_OK) == 0) {
            found = true;
            ok = load_source(path, NULL, 0, NULL) != THE_NON_VALUE;
        }
    }
    pthread_mutex_unlock(&load_lock);
    if (!ok)
        *why = found ? atom_from_cstr("badfile") : ATOM_nofile;
    return ok && code_module(module) != NULL;
}

static bool autoload(term_t module)
{
    term_t why;
    return vm_load_module(module, &why);
}

/* ---- processes' ends -------------------------------------------------------- */

static vm_crash_fn crash_fn;
static pthread_mutex_t main_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t main_done = PTHREAD_COND_INITIALIZER;
static term_t main_pid = NIL;
static bool main_exited;
static int main_status;

void vm_set_crash_report(vm_crash_fn fn) { crash_fn = fn; }
void vm_set_backtrace(vm_backtrace_fn fn) { proc_backtrace_fn = fn; }

/* A process ends: a crash (an error exception that nothing caught) is
 * logged as OTP's emulator logs it, vm_eval's process's end reported to
 * crash_fn instead, and vm_eval woken when it was its process. */
static void note_exit(process *p)
{
    eval_note_exit(p);
    pthread_mutex_lock(&main_lock);
    bool is_main = p->pid == main_pid;
    if (is_main) {
        main_status = p->exit_reason == ATOM_normal ? 0 : 1;
        main_exited = true;
        pthread_cond_signal(&main_done);
    }
    pthread_mutex_unlock(&main_lock);
    if (!is_main)
        report_exit(p);
    else if (p->exit_reason != ATOM_normal && crash_fn)
        crash_fn(p->exit_reason);
}

/* ---- start and evaluation --------------------------------------------------- */

void vm_start(unsigned schedulers)
{
    atom_table_init();
    proc_table_init(note_exit);
    code_init(autoload);
    sched_start(schedulers);
}

int vm_eval(const char *text, size_t len)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t exprs;
    if (parse_exprs_string(&h, text, len, true, &exprs) != PARSE_OK) {
        char msg[1024];
        size_t n = parse_format_error(exprs, msg, sizeof msg - 1);
        if (n > sizeof msg - 2)
            n = sizeof msg - 2;
        msg[n++] = '\n';
        vm_write(VM_STDERR, "dbgsh: -e: ", 11);
        vm_write(VM_STDERR, msg, n);
        heap_destroy(&h);
        return 1;
    }
    exprs = eval_rewrite_fun2ms(&h, exprs, THE_NON_VALUE);
    lint_diags diags = {0};
    module_code *mc = NULL;
    term_t module = atom_from_cstr("dbgsh_eval"), function = atom_from_cstr("eval");
    compile_result cr = compile_exprs(exprs, NULL, 0, module, function, THE_NON_VALUE, &mc, &diags);
    print_diags(&diags);
    lint_diags_free(&diags);
    heap_destroy(&h);
    if (cr != COMPILE_OK)
        return 1;
    code_load(mc);
    pthread_mutex_lock(&main_lock);
    main_exited = false;
    main_pid = proc_spawn(NULL, module, function, NIL, 0, NULL, NULL);
    while (!main_exited)
        pthread_cond_wait(&main_done, &main_lock);
    main_pid = NIL;
    int status = main_status;
    pthread_mutex_unlock(&main_lock);
    return status;
}
