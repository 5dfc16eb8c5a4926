/* main.c: dbgsh's entry point: command-line options, then the shell.
 * Exit codes: 0 normal, 1 malformed input read from a non-terminal, 2 bad
 * options, 70 out of memory (documented in docs/dbgsh.1). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "shell/repl.h"
#include "vm/vm.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: dbgsh [OPTIONS]\n"
            "\n"
            "A native debugger for Erlang programs. This release reads Erlang terms\n"
            "(each ended by a full stop) and prints them as the Erlang shell prints\n"
            "values. When standard input is not a terminal it is read as a script.\n"
            "\n"
            "options:\n"
            "  -h, --help      print this help and exit\n"
            "  -V, --version   print the version and exit\n");
}

int main(int argc, char **argv)
{
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
        fprintf(stderr, "dbgsh: unknown option '%s' (try dbgsh --help)\n", a);
        return 2;
    }
    atom_table_init();
    repl_stats st;
    bool interactive = isatty(STDIN_FILENO);
    repl_run(stdin, stdout, stderr, interactive, &st);
    return !interactive && st.errors ? 1 : 0;
}
