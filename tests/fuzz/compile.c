/* compile.c: the fuzz target of the Erlang source front end, the path
 * `c(Mod)`, `dbgsh FILE.erl` and the code server take from a file's text to
 * a module (docs/internals/fuzzing.md): vm/epp.c (with vm/lex.c and
 * vm/parse.c under it), vm/lint.c and the compiler, then the diagnostics as
 * the shell prints them. Errors are fine; the module is not loaded. The
 * text is named fuzz.erl, so an -include of a relative path looks in the
 * current directory. */
#include <stdint.h>
#include <stdio.h>

#include "tests/fuzz/fuzz.h"
#include "vm/code.h"
#include "vm/compile.h"
#include "vm/epp.h"
#include "vm/lint.h"
#include "vm/vm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (fuzz_setup())
        code_init(NULL);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t forms;
    if (epp_parse_string(&h, "fuzz.erl", (const char *)data, size, NULL, &forms) == EPP_OK) {
        lint_diags diags = {0};
        module_code *mc = NULL;
        compile_opts opts = {.file = "fuzz.erl"};
        if (compile_forms(forms, &opts, &mc, &diags) == COMPILE_OK)
            compile_module_free(mc);
        for (size_t i = 0; i < diags.n; i++) {
            char line[512];
            lint_diag_format(&diags.v[i], line, sizeof line);
        }
        lint_diags_free(&diags);
    }
    heap_destroy(&h);
    return 0;
}
