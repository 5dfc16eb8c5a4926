/* main.c: dbgsh's entry point: command-line options, then the VM and the
 * shell. Exit codes: 0 normal, 1 malformed input read from a non-terminal
 * or an `-e` expression that failed, 2 bad options, 70 out of memory, N
 * from halt(N) (documented in docs/dbgsh.1). */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbgcore/dbgcore.h"
#include "format/format.h"
#include "shell/offline.h"
#include "shell/cmd.h"
#include "shell/exec.h"
#include "shell/out.h"
#include "shell/repl.h"
#include "shell/sessions.h"
#include "vm/vm.h"

/* The shell's Erlang modules (shell/lib: shell_default). */
extern const vm_lib_file shell_embedded_lib[];
extern const size_t shell_embedded_lib_n;

/* The number of online cores, at least 1. */
static unsigned default_schedulers(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (unsigned)n;
}

/* An option followed by one value. */
static bool takes_value(const char *a)
{
    static const char *const with_value[] = {"-e",      "-pa",  "-I",      "-D",      "-S",    "--disasm",
                                             "--grep",  "-o",   "--color", "--clock", "+hmax", "+hmaxk",
                                             "+hmaxel", "+hms", "+hmbs",   "-config"};
    for (size_t i = 0; i < sizeof with_value / sizeof *with_value; i++)
        if (!strcmp(a, with_value[i]))
            return true;
    return false;
}

/* -D NAME or -D NAME=VALUE, as erlc's: VALUE is the text of a term. False
 * after saying what is wrong. */
static bool define_macro(const char *def)
{
    const char *eq = strchr(def, '=');
    size_t n = eq ? (size_t)(eq - def) : strlen(def);
    char name[256];
    if (n == 0 || n >= sizeof name) {
        fprintf(stderr, "dbgsh: -D wants NAME or NAME=VALUE, not '%s'\n", def);
        return false;
    }
    memcpy(name, def, n);
    name[n] = '\0';
    vm_define_macro(name, eq ? eq + 1 : NULL);
    return true;
}

/* +Mis BOOL, +Mim BOOL and --mem-map (vm/alloc.h), read before anything is
 * allocated; the main loop skips them. Stops where a script's arguments
 * start. 0, or 2 after saying what is wrong. */
static int configure_memory(int argc, char **argv)
{
    bool status = true, map = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        size_t len = strlen(a);
        if (!strcmp(a, "-x") || (a[0] != '-' && len > 4 && !strcmp(a + len - 4, ".dbg")))
            break;
        if (!strcmp(a, "--mem-map")) {
            map = true;
        } else if (!strcmp(a, "+Mim") || !strcmp(a, "+Mis")) {
            const char *v = i + 1 < argc ? argv[++i] : "";
            if (strcmp(v, "true") != 0 && strcmp(v, "false") != 0) {
                fprintf(stderr, "dbgsh: option '%s' wants true or false, not '%s'\n", a, v);
                return 2;
            }
            *(a[3] == 'm' ? &map : &status) = !strcmp(v, "true");
        } else if (takes_value(a)) {
            i++; /* its value is no option */
        } else if (!strcmp(a, "--wrap")) {
            i += 2;
        }
    }
    alloc_configure(status, map);
    return 0;
}

/* erl's heap flags: +hmax, +hms and +hmbs take words, +hmaxk and +hmaxel
 * true or false, and set what erlang:system_flag/2 sets, for every process
 * (dbgsh's own shell evaluators too, as erl's init and shell). False
 * after saying what is wrong with the value (erl takes a bad +hmax as 0). */
static bool heap_flag(const char *a, const char *v, gc_opts *o)
{
    if (!strcmp(a, "+hmaxk") || !strcmp(a, "+hmaxel")) {
        if (strcmp(v, "true") != 0 && strcmp(v, "false") != 0) {
            fprintf(stderr, "dbgsh: option '%s' wants true or false, not '%s'\n", a, v);
            return false;
        }
        *(a[5] == 'k' ? &o->max_heap.kill : &o->max_heap.log) = !strcmp(v, "true");
        return true;
    }
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (!*v || *end || v[0] == '-' || errno || n > GC_MAX_HEAP_LIMIT) {
        fprintf(stderr, "dbgsh: option '%s' wants a number of words from 0 to %llu, not '%s'\n", a,
                (unsigned long long)GC_MAX_HEAP_LIMIT, v);
        return false;
    }
    *(!strcmp(a, "+hmax")  ? &o->max_heap.words
      : !strcmp(a, "+hms") ? &o->min_heap_words
                           : &o->min_vheap_words) = n;
    return true;
}

int main(int argc, char **argv)
{
    int bad = configure_memory(argc, argv);
    if (bad)
        return bad;
    unsigned schedulers = default_schedulers();
    const char *eval = NULL, *disasm = NULL, *script = NULL;
    const char *const *script_args = NULL;
    size_t script_nargs = 0;
    const char *files[256];
    size_t nfiles = 0;
    /* --format: every FILE and --wrap set, in order (argc bounds them);
     * static, so that it stays reachable at every return (LeakSanitizer) */
    static offline_input *inputs;
    inputs = alloc_new(ALLOC_TEMP, (size_t)argc * sizeof *inputs);
    offline_opts fo = {.inputs = inputs};
    bool format = false, heap_flags = false, config = false;
    gc_opts heap_opts;
    gc_system_opts(&heap_opts);
    out_color color = OUT_COLOR_AUTO;
    const char *format_only = NULL; /* a --format option given, for errors */
    /* The terminal's character set, for libedit's multibyte input (and
     * regex classes); numbers stay in the C locale's format (LC_NUMERIC). */
    setlocale(LC_CTYPE, "");
    atom_table_init();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cmd_usage(stdout);
            return 0;
        }
        if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
            printf("dbgsh %s\n", DBGSH_VERSION);
            return 0;
        }
        bool is_dbg = a[0] != '-' && strlen(a) > 4 && !strcmp(a + strlen(a) - 4, ".dbg") && !format;
        if (!strcmp(a, "-x") || is_dbg) {
            if (!is_dbg && i + 1 >= argc) {
                fprintf(stderr, "dbgsh: option '-x' needs a value (try dbgsh --help)\n");
                return 2;
            }
            script = is_dbg ? a : argv[++i];
            script_args = (const char *const *)argv + i + 1;
            script_nargs = (size_t)(argc - i - 1);
            if (script_nargs > 9) {
                fprintf(stderr, "dbgsh: a script takes at most 9 arguments, not %zu\n", script_nargs);
                return 2;
            }
            break;
        }
        if (!strcmp(a, "--wrap") && i + 2 >= argc) {
            fprintf(stderr, "dbgsh: option '--wrap' needs a NAME and a SUFFIX (try dbgsh --help)\n");
            return 2;
        }
        if (takes_value(a) && i + 1 >= argc) {
            fprintf(stderr, "dbgsh: option '%s' needs a value (try dbgsh --help)\n", a);
            return 2;
        }
        if (!strcmp(a, "--format")) {
            format = true;
        } else if (!strcmp(a, "--wrap")) {
            inputs[fo.ninputs++] = (offline_input){OFFLINE_WRAP, argv[i + 1], argv[i + 2]};
            i += 2;
            format_only = a;
        } else if (!strcmp(a, "--grep")) {
            fo.grep = argv[++i];
            format_only = a;
        } else if (!strcmp(a, "-v")) {
            fo.invert = true;
            format_only = a;
        } else if (!strcmp(a, "-o")) {
            fo.out = argv[++i];
            format_only = a;
        } else if (!strcmp(a, "+Mim") || !strcmp(a, "+Mis")) {
            i++; /* configure_memory took it */
        } else if (!strncmp(a, "+hm", 3) && takes_value(a)) {
            if (!heap_flag(a, argv[++i], &heap_opts))
                return 2;
            heap_flags = true;
        } else if (!strcmp(a, "--mem-map")) {
        } else if (a[0] != '-' && (format || strlen(a) <= 4 || strcmp(a + strlen(a) - 4, ".erl") != 0)) {
            /* a trace file if --format comes (before or after it) */
            inputs[fo.ninputs++] = (offline_input){OFFLINE_FILE, a, NULL};
        } else if (!strcmp(a, "--color")) {
            const char *when = argv[++i];
            if (!strcmp(when, "auto"))
                color = OUT_COLOR_AUTO;
            else if (!strcmp(when, "always"))
                color = OUT_COLOR_ALWAYS;
            else if (!strcmp(when, "never"))
                color = OUT_COLOR_NEVER;
            else {
                fprintf(stderr, "dbgsh: --color wants auto, always or never, not '%s'\n", when);
                return 2;
            }
        } else if (!strcmp(a, "--json")) {
            fo.json = true;
        } else if (!strcmp(a, "--clock")) {
            const char *kind = argv[++i];
            if (strcmp(kind, "iso") != 0 && strcmp(kind, "raw") != 0) {
                fprintf(stderr, "dbgsh: --clock wants iso or raw, not '%s'\n", kind);
                return 2;
            }
            fo.iso_clock = !strcmp(kind, "iso");
        } else if (!strcmp(a, "-e")) {
            eval = argv[++i];
        } else if (!strcmp(a, "--disasm")) {
            disasm = argv[++i];
        } else if (!strcmp(a, "-pa")) {
            vm_add_path(argv[++i]);
        } else if (!strcmp(a, "-config")) {
            vm_add_config_file(argv[++i]);
            config = true;
        } else if (!strncmp(a, "-I", 2)) {
            vm_add_include_dir(a[2] ? a + 2 : argv[++i]);
        } else if (!strncmp(a, "-D", 2)) {
            if (!define_macro(a[2] ? a + 2 : argv[++i]))
                return 2;
        } else if (!strcmp(a, "-S")) {
            char *end;
            long n = strtol(argv[++i], &end, 10);
            if (*end || n < 1 || n > 64) {
                fprintf(stderr, "dbgsh: -S wants a number of schedulers from 1 to 64, not '%s'\n", argv[i]);
                return 2;
            }
            schedulers = (unsigned)n;
        } else if (a[0] != '-' && strlen(a) > 4 && !strcmp(a + strlen(a) - 4, ".erl") &&
                   nfiles < sizeof files / sizeof files[0]) {
            files[nfiles++] = a;
        } else {
            fprintf(stderr, "dbgsh: unknown option '%s' (try dbgsh --help)\n", a);
            return 2;
        }
    }
    if (!format) {
        for (size_t i = 0; i < fo.ninputs; i++)
            if (inputs[i].kind == OFFLINE_FILE) {
                fprintf(stderr, "dbgsh: unknown option '%s' (try dbgsh --help)\n", inputs[i].path);
                return 2;
            }
        if (format_only) {
            fprintf(stderr, "dbgsh: option '%s' works with --format only (try dbgsh --help)\n", format_only);
            return 2;
        }
    }
    if (format) {
        if (eval || disasm || nfiles) {
            fprintf(stderr, "dbgsh: --format takes trace files, not %s (try dbgsh --help)\n",
                    eval ? "-e" : disasm ? "--disasm" : "modules");
            return 2;
        }
        if (fo.ninputs == 0) {
            fprintf(stderr, "dbgsh: --format needs a trace file or a --wrap set (try dbgsh --help)\n");
            return 2;
        }
        if (fo.invert && !fo.grep) {
            fprintf(stderr, "dbgsh: option '-v' needs --grep (try dbgsh --help)\n");
            return 2;
        }
        return offline_format(&fo, stderr);
    }
    if (script && (eval || disasm)) {
        fprintf(stderr, "dbgsh: a script and %s do not go together (try dbgsh --help)\n", eval ? "-e" : "--disasm");
        return 2;
    }
    bool interactive = !script && !eval && !disasm && isatty(STDIN_FILENO);
    out_init(stdout, stderr, interactive);
    out_set_color(color);
    fmt_io_register();
    vm_log_reports(true);
    dbgcore_init();
    vm_add_library(shell_embedded_lib, shell_embedded_lib_n);
    vm_start(schedulers);
    if (heap_flags)
        gc_set_system_opts(&heap_opts);
    int status = 0;
    for (size_t i = 0; i < nfiles; i++)
        if (!vm_load_file(files[i]))
            status = 1;
    /* With -config, the application controller starts now and reads the
     * files, so that a bad one stops dbgsh at once, as it stops erl's boot
     * (otherwise it starts at the first call of application). */
    if (config && !disasm) {
        static const char start_ac[] = "application_controller:start()";
        int rc = vm_eval(start_ac, sizeof start_ac - 1);
        if (rc)
            vm_halt(rc);
    }
    if (disasm) {
        term_t why;
        if (!vm_disasm(stdout, atom_from_cstr(disasm), &why)) {
            size_t len;
            const char *w = atom_text(why, &len);
            fprintf(stderr, "dbgsh: cannot load module '%s': %.*s\n", disasm, (int)len, w);
            vm_halt(1);
        }
        vm_halt(status);
    }
    if (eval)
        vm_halt(status ? status : vm_eval(eval, strlen(eval)));
    sessions_init(interactive);
    sessions_set_json(fo.json);
    sessions_set_clock(fo.iso_clock ? SESSIONS_CLOCK_ISO : SESSIONS_CLOCK_RAW);
    repl_stats st;
    bool ok = true;
    if (script) {
        FILE *f = fopen(script, "r");
        if (!f) {
            fprintf(stderr, "dbgsh: cannot read %s: %s\n", script, strerror(errno));
            vm_halt(1);
        }
        ok = repl_run_script(f, script, script_args, script_nargs, &st);
        fclose(f);
    } else if (interactive) {
        repl_run(stdin, stdout, &st);
    } else {
        /* piped input goes on after a failure, as erl reading it does */
        exec_set_on_error(EXEC_ON_ERROR_CONTINUE);
        ok = repl_run_script(stdin, NULL, NULL, 0, &st) && !st.errors;
    }
    sessions_shutdown();
    out_flush();
    vm_halt(!ok ? 1 : status);
}
