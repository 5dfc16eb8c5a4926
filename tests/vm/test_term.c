/* test_term.c: tests of vm/term.c and the accessors of vm/term.h. */
#include <criterion/criterion.h>

#include "vm/vm.h"

static heap_t h;
static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_HEAP);
}
static void teardown(void) { heap_destroy(&h); }
TestSuite(term, .init = setup, .fini = teardown);

Test(term, small_round_trip_at_boundaries)
{
    int64_t vals[] = {0, 1, -1, 42, SMALL_MAX, SMALL_MIN, SMALL_MAX - 1, SMALL_MIN + 1};
    for (size_t i = 0; i < sizeof vals / sizeof *vals; i++) {
        term_t t = term_small(vals[i]);
        cr_assert(term_is_small(t));
        cr_assert(term_is_integer(t));
        cr_assert(!term_is_atom(t) && !term_is_list(t) && !term_is_boxed(t));
        cr_assert_eq(small_value(t), vals[i]);
    }
}

Test(term, int64_picks_small_or_big)
{
    cr_assert(term_is_small(term_int64(&h, SMALL_MAX)));
    cr_assert(term_is_big(term_int64(&h, SMALL_MAX + 1)));
    cr_assert(term_is_small(term_int64(&h, SMALL_MIN)));
    cr_assert(term_is_big(term_int64(&h, SMALL_MIN - 1)));
    cr_assert(term_is_big(term_uint64(&h, UINT64_MAX)));
    int64_t v;
    cr_assert(int_to_int64(term_int64(&h, INT64_MIN), &v));
    cr_assert_eq(v, INT64_MIN);
}

Test(term, immediates_are_distinct)
{
    term_t pid = term_local_pid(90, 3), port = term_local_port(7);
    cr_assert(term_is_local_pid(pid) && term_is_pid(pid) && !term_is_port(pid));
    cr_assert_eq(pid_number(pid), 90);
    cr_assert_eq(pid_serial(pid), 3);
    cr_assert(term_is_local_port(port) && !term_is_pid(port));
    cr_assert_eq(port_number(port), 7);
    cr_assert(term_is_nil(NIL) && !term_is_atom(NIL) && !term_is_small(NIL));
    cr_assert(term_is_atom(ATOM_true) && !term_is_nil(ATOM_true));
    cr_assert(term_is_catch(term_catch(5)) && !term_is_atom(term_catch(5)));
}

Test(term, tuples_and_lists)
{
    term_t t = term_tuple3(&h, term_small(1), ATOM_ok, NIL);
    cr_assert(term_is_tuple(t));
    cr_assert_eq(tuple_arity(t), 3);
    cr_assert_eq(tuple_get(t, 1), ATOM_ok);
    term_t e = term_tuple(&h, 0, NULL);
    cr_assert(term_is_tuple(e) && tuple_arity(e) == 0);

    term_t elems[3] = {term_small(1), term_small(2), term_small(3)};
    term_t l = term_list_from(&h, elems, 3, NIL);
    cr_assert_eq(list_length(l), 3);
    cr_assert_eq(list_head(list_tail(l)), term_small(2));
    term_t improper = term_list_from(&h, elems, 2, term_small(9));
    cr_assert_eq(list_length(improper), -1);
    cr_assert_eq(list_length(NIL), 0);
}

Test(term, strings_are_byte_lists)
{
    term_t s = term_string(&h, "h\xe9", 2);
    cr_assert(term_is_byte_list(s));
    cr_assert_eq(small_value(list_head(list_tail(s))), 0xe9);
    cr_assert_eq(term_string(&h, "", 0), NIL);
    term_t notbytes = term_cons(&h, term_small(256), NIL);
    cr_assert(!term_is_byte_list(notbytes));
}

Test(term, floats_keep_bits)
{
    double vals[] = {0.0, -0.0, 1.5, 5e-324, 1.7976931348623157e308};
    for (size_t i = 0; i < 5; i++) {
        term_t f = term_float(&h, vals[i]);
        cr_assert(term_is_float(f) && term_is_number(f) && !term_is_integer(f));
        double d = float_value(f);
        cr_assert(memcmp(&d, &vals[i], sizeof d) == 0);
    }
}

Test(term, refs_funs_exports)
{
    uint32_t ids[3] = {1, 2, 3};
    term_t r = term_ref(&h, ids, 3);
    cr_assert(term_is_ref(r));
    cr_assert_eq(ref_object(r)->nids, 3);
    cr_assert_eq(ref_object(r)->ids[2], 3);

    term_t m = atom_from_cstr("lists"), f = atom_from_cstr("map");
    term_t ex = term_export(&h, m, f, 2);
    cr_assert(term_is_export(ex) && term_is_any_fun(ex) && !term_is_fun(ex));
    cr_assert_eq(export_object(ex)->arity, 2);

    term_t env[2] = {term_small(1), ATOM_true};
    term_t fn = term_fun(&h, m, 1, 4, 77, NULL, term_local_pid(1, 0), 2, env);
    cr_assert(term_is_fun(fn));
    cr_assert_eq(fun_object(fn)->num_free, 2);
    cr_assert_eq(fun_object(fn)->env[1], ATOM_true);
    cr_assert_eq(header_arity(*boxed_ptr(fn)), FUN_WORDS - 1 + 2);
}

Test(term, external_identities)
{
    uint32_t ids[2] = {5, 6};
    term_t node = atom_from_cstr("a@b");
    term_t p = term_ext_id(&h, HDR_EXT_PID, node, 3, ids, 2);
    cr_assert(term_is_pid(p) && !term_is_local_pid(p));
    cr_assert_eq(ext_id_object(p)->node, node);
    cr_assert_eq(ext_id_object(p)->creation, 3);
}

Test(term, the_non_value_is_not_a_term)
{
    cr_assert(term_is_header(THE_NON_VALUE));
    cr_assert(!term_is_small(THE_NON_VALUE) && !term_is_atom(THE_NON_VALUE));
}
