/* main.c: dbgsh's entry point: command-line options, then the VM and the
 * shell. Exit codes: 0 normal, 1 malformed input read from a non-terminal
 * or an `-e` expression that failed, 2 bad options, 70 out of memory, N
 * from halt(N) (documented in docs/dbgsh.1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbgcore/dbgcore.h"
#include "format/format.h"
#include "shell/repl.h"
#include "vm/vm.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: dbgsh [OPTIONS] [FILE.erl ...]\n"
            "\n"
            "A native debugger for Erlang programs. Loads the given modules, then\n"
            "evaluates -e expressions or reads Erlang terms (each ended by a full\n"
            "stop) and prints them as the Erlang shell prints values. When standard\n"
            "input is not a terminal it is read as a script.\n"
            "\n"
            "options:\n"
            "  -e EXPRS        evaluate EXPRS in a new process, as erl -noshell -eval,\n"
            "                  then exit: 0 if it returned, 1 if it failed, N on halt(N)\n"
            "  -pa DIR         add DIR to the code path (modules load from DIR/Mod.erl)\n"
            "  -S N            run N scheduler threads (default: one per core)\n"
            "  --disasm MOD    print the VM code of module MOD (loaded from the files\n"
            "                  given or the code path) and exit\n"
            "  -h, --help      print this help and exit\n"
            "  -V, --version   print the version and exit\n");
}

/* The number of online cores, at least 1. */
static unsigned default_schedulers(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (unsigned)n;
}

int main(int argc, char **argv)
{
    unsigned schedulers = default_schedulers();
    const char *eval = NULL, *disasm = NULL;
    const char *files[256];
    size_t nfiles = 0;
    atom_table_init();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
            printf("dbgsh %s\n", DBGSH_VERSION);
            return 0;
        }
        bool takes_value = !strcmp(a, "-e") || !strcmp(a, "-pa") || !strcmp(a, "-S") || !strcmp(a, "--disasm");
        if (takes_value && i + 1 >= argc) {
            fprintf(stderr, "dbgsh: option '%s' needs a value (try dbgsh --help)\n", a);
            return 2;
        }
        if (!strcmp(a, "-e")) {
            eval = argv[++i];
        } else if (!strcmp(a, "--disasm")) {
            disasm = argv[++i];
        } else if (!strcmp(a, "-pa")) {
            vm_add_path(argv[++i]);
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
    fmt_io_register();
    dbgcore_init();
    vm_start(schedulers);
    int status = 0;
    for (size_t i = 0; i < nfiles; i++)
        if (!vm_load_file(files[i]))
            status = 1;
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
    repl_stats st;
    bool interactive = isatty(STDIN_FILENO);
    repl_run(stdin, stdout, stderr, interactive, &st);
    vm_halt(!interactive && st.errors ? 1 : status);
}
