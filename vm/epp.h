/* epp.h: the Erlang preprocessor (epp of OTP 25): a source file in, the
 * forms epp:parse_file/2 returns with compile's options out, macros,
 * conditionals, includes and epp's error forms included.
 * Ownership: forms go on the caller's heap_t (no GC); nothing is kept. */
#ifndef VM_EPP_H
#define VM_EPP_H

#include <stdbool.h>
#include <stddef.h>

#include "term.h"

/* A predefined macro, as compile's {d,Name} and {d,Name,Value}: `value`
 * is the text of a term (read as erl_parse:parse_term would), or NULL for
 * `true`. */
typedef struct epp_macro {
    const char *name;
    const char *value;
} epp_macro;

typedef struct epp_opts {
    /* Where -include looks after the including file's directory (compile
     * passes ".", the source's directory, then each -I directory). */
    const char *const *include_dirs;
    size_t n_include_dirs;
    /* Where -include_lib("App/...") finds App when the include path does
     * not have the file: directories holding App or App-Vsn (the highest
     * version wins), standing in for code:lib_dir(App). */
    const char *const *lib_dirs;
    size_t n_lib_dirs;
    const epp_macro *macros;
    size_t n_macros;
    /* The file name -file and ?FILE show (compile's source_name); NULL:
     * the path as given. */
    const char *source_name;
    /* Application directories, each standing for code:lib_dir(App) of the
     * App its name gives (App or App-Vsn), the first match winning: the
     * code path's, searched before lib_dirs, as OTP's code path holds the
     * user's applications before its own. */
    const char *const *app_dirs;
    size_t n_app_dirs;
    /* The last place -include_lib("App/Rest") looks: a header built into
     * the binary under the name "App/Rest" (*text is not owned); NULL for
     * none. */
    bool (*builtin)(const char *name, const char **text, size_t *len);
} epp_opts;

typedef enum epp_result {
    EPP_OK = 0,
    EPP_NOFILE,   /* the file cannot be read (errno says why) */
    EPP_BADMACRO  /* a predefined macro is malformed or defined twice */
} epp_result;

/* epp:parse_file(Path, Opts) as compile calls it: *forms is the list of
 * forms ({attribute,...}, {function,...}, {error,Info}, {warning,Info},
 * ending with {eof,Loc}). Syntax and preprocessor errors are forms in the
 * list, not a result code. `opts` may be NULL (no include directories,
 * no lib directories, no macros). Reads the file and its includes whole;
 * allocates only on `h` and scratch memory it frees; never runs a GC.
 * EPP_NOFILE leaves errno as the failed open/read set it. */
epp_result epp_parse_file(heap_t *h, const char *path, const epp_opts *opts, term_t *forms);

/* The same over text in memory, as if read from a file called `name`
 * (its directory heads the include path). */
epp_result epp_parse_string(heap_t *h, const char *name, const char *text, size_t len, const epp_opts *opts,
                            term_t *forms);

#endif
