/* trace_rows.h: trace messages of the format tests' row tables, read from
 * Erlang text in which '$pid' stands for <0.90.0>, '$pid2' for <0.91.0>
 * and '$port' for #Port<0.3> (as list_to_pid/1 makes them in erl, where
 * the expected texts come from). For Criterion tests. */
#ifndef TESTS_TRACE_ROWS_H
#define TESTS_TRACE_ROWS_H

#include <criterion/criterion.h>
#include <string.h>

#include "vm/vm.h"

/* The term the placeholders of a row stand for, replaced in place. Row
 * terms are a few levels deep; the walk recurses on heads and elements
 * only, with a bound. */
static inline term_t trace_row_subst(term_t t, int depth)
{
    cr_assert(depth < 32, "row term too deep for trace_row_subst");
    if (t == atom_from_cstr("$pid"))
        return term_local_pid(90, 0);
    if (t == atom_from_cstr("$pid2"))
        return term_local_pid(91, 0);
    if (t == atom_from_cstr("$port"))
        return term_local_port(3);
    if (term_is_tuple(t)) {
        for (uint64_t i = 0; i < tuple_arity(t); i++)
            tuple_elems(t)[i] = trace_row_subst(tuple_elems(t)[i], depth + 1);
    } else if (term_is_list(t)) {
        for (term_t l = t;; l = list_tail(l)) {
            list_ptr(l)[0] = trace_row_subst(list_head(l), depth + 1);
            if (!term_is_list(list_tail(l))) {
                if (!term_is_nil(list_tail(l)))
                    list_ptr(l)[1] = trace_row_subst(list_tail(l), depth + 1);
                break;
            }
        }
    }
    return t;
}

/* The message a row's text reads as (no final dot), on h. */
static inline term_t trace_row_msg(heap_t *h, const char *text)
{
    term_t t;
    read_error err;
    cr_assert_eq(read_term_nodot(h, text, strlen(text), &t, &err), READ_OK, "cannot read %s: %s", text, err.msg);
    return trace_row_subst(t, 0);
}

#endif
