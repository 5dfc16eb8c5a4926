/* driver.c: our side of the parser's differential test. For each file on
 * the command line it prints "== FILE" and then every form epp_parse_file
 * returns, one per line, as ~w writes it; errors also as the message erlc
 * would print ("-- Line:Col: message"). tests/diff/parse/run.sh compares
 * this with what epp:parse_file/2 gives (erlside.escript).
 *   driver [-I DIR]... [-L LIBDIR]... [-e] FILE...
 * -I adds an include directory (after "." and the file's directory, as
 * compile passes them), -L a directory holding OTP applications for
 * -include_lib, -e also prints the error messages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"
#include "vm/epp.h"
#include "vm/parse.h"

#define MAX_DIRS 64

static void print_message(term_t form, fmt_buf *b)
{
    char small[256];
    size_t n = parse_format_error(form, small, sizeof small);
    char *msg = small;
    if (n >= sizeof small) {
        msg = malloc(n + 1);
        parse_format_error(form, msg, n + 1);
    }
    term_t info = tuple_get(form, 1);
    fmt_buf_reset(b);
    fmt_write(b, tuple_get(info, 0), -1, false);
    printf("-- %s: %s\n", b->data, msg);
    if (msg != small)
        free(msg);
}

int main(int argc, char **argv)
{
    const char *incs[MAX_DIRS + 2], *libs[MAX_DIRS];
    size_t ninc = 0, nlib = 0;
    bool messages = false;
    int i = 1;
    for (; i < argc; i++) {
        if (strcmp(argv[i], "-I") == 0 && i + 1 < argc && ninc < MAX_DIRS)
            incs[2 + ninc++] = argv[++i];
        else if (strcmp(argv[i], "-L") == 0 && i + 1 < argc && nlib < MAX_DIRS)
            libs[nlib++] = argv[++i];
        else if (strcmp(argv[i], "-e") == 0)
            messages = true;
        else
            break;
    }
    atom_table_init();
    fmt_buf b;
    fmt_buf_init(&b);
    int status = 0;
    for (; i < argc; i++) {
        const char *path = argv[i];
        char *dir = strdup(path);
        char *slash = strrchr(dir, '/');
        if (slash)
            *slash = '\0';
        else
            strcpy(dir, ".");
        incs[0] = ".";
        incs[1] = dir;
        epp_opts o = {incs, 2 + ninc, libs, nlib, NULL, 0, NULL};
        heap_t h;
        heap_init(&h, ALLOC_HEAP);
        term_t forms;
        printf("== %s\n", path);
        if (epp_parse_file(&h, path, &o, &forms) != EPP_OK) {
            printf("cannot read\n");
            status = 1;
        } else {
            for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
                term_t f = list_head(l);
                fmt_buf_reset(&b);
                fmt_write(&b, f, -1, false);
                fputs(b.data, stdout);
                fputc('\n', stdout);
                if (messages && term_is_tuple(f) && tuple_arity(f) == 2 &&
                    (tuple_get(f, 0) == ATOM_error || tuple_get(f, 0) == ATOM_warning))
                    print_message(f, &b);
            }
        }
        heap_destroy(&h);
        free(dir);
    }
    fmt_buf_free(&b);
    return status;
}
