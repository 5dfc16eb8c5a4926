/* eval.c: the shell's evaluator, as erl's shell evaluates: an input (a
 * dot-terminated expression sequence) is compiled with the variables bound
 * so far as arguments (compile_exprs), loaded as a module of its own, and
 * run by the evaluator process (vm/lib/dbgsh_shell.erl), which hands the
 * outcome back through dbgsh_shell:reply/1. The evaluator lives across
 * inputs, so self() and its mailbox stay, until an exception or an exit
 * ends it; the next input then starts a new one, as erl's shell does. The
 * waiting thread is the shell's, never a scheduler. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bif.h"
#include "binary.h"
#include "code.h"
#include "compile.h"
#include "copy.h"
#include "eval.h"
#include "lint.h"
#include "parse.h"
#include "proc.h"
#include "tstack.h"
#include "vm.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_eval.def"
#undef BIF

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t replied = PTHREAD_COND_INITIALIZER;
static term_t evaluator = NIL; /* its pid, NIL before the first input or after it ended */
static term_t command_evaluator = NIL; /* vm_eval_command's: untraced */
static term_t replier = NIL;    /* the evaluator of the input under way */
static bool waiting, ready;
static heap_t reply_heap, bindings_heap;
static bool heaps_ready;
static term_t reply; /* {value, V, Bindings} | {exception, C, R, S} | {exit, Reason} */
static atomic_bool interrupt;
static uint64_t inputs; /* names the modules: dbgsh_shell_1, ... */

/* The effects of the shell's f/0,1 during an input, applied to the
 * bindings once it is done. */
static bool forget_all;
static term_t forget[64];
static unsigned nforget;
static term_t current_bindings = NIL; /* during an input: what b/0 prints */

/* The shell's record definitions (rd/2, rr/1,2,3, rf/0,1), as erl's shell
 * keeps them in its record table: [{Name, {attribute, A, record, {Name,
 * Fields}}}] sorted by name, on a heap of its own. Each input gets them
 * expanded into plain tuple operations before it is compiled (see
 * expand_records), and, where it calls the record commands, as a literal
 * (see rewrite_command); dbgsh_shell's reply hands back a changed table. */
static heap_t records_heap;
static term_t records = NIL;

/* The text of the last HISTORY_LENGTH inputs by prompt number, for h/0
 * (erl's shell_history_length default). */
#define HISTORY_LENGTH 20
typedef struct input_text {
    unsigned number; /* 0: empty */
    char *text;      /* len bytes on ALLOC_SHELL, not NUL-terminated */
    size_t len;
} input_text;
static input_text history[HISTORY_LENGTH];

/* The values of the last SAVED_RESULTS inputs by prompt number, for v/1
 * (erl's shell_saved_results default), each on a heap of its own. */
#define SAVED_RESULTS 20
typedef struct saved {
    unsigned number; /* 0: empty */
    heap_t heap;
    term_t value;
} saved;
static saved results[SAVED_RESULTS];
static unsigned current_number; /* the input under way's */

/* Keeps `value` as input `number`'s result (under lock). */
static void save_result(unsigned number, term_t value)
{
    saved *r = &results[number % SAVED_RESULTS];
    if (r->number)
        heap_destroy(&r->heap);
    heap_init(&r->heap, ALLOC_TEMP);
    r->value = copy_term(&r->heap, value);
    r->number = number;
}

void vm_eval_interrupt(void) { atomic_store(&interrupt, true); }

void vm_eval_interrupt_reset(void) { atomic_store(&interrupt, false); }

term_t vm_eval_pid(void)
{
    pthread_mutex_lock(&lock);
    term_t pid = evaluator;
    pthread_mutex_unlock(&lock);
    return pid;
}

/* Takes the outcome of the current input (under lock). */
static void set_reply(term_t t)
{
    heap_reset(&reply_heap);
    reply = copy_term(&reply_heap, t);
    ready = true;
    pthread_cond_signal(&replied);
}

/* dbgsh_shell:reply(Outcome): the evaluator's answer. An exception ends the
 * evaluator: the next input gets a new one. */
term_t bif_eval_reply_1(process *p, const term_t *args)
{
    pthread_mutex_lock(&lock);
    if (p->pid == replier && waiting && !ready) {
        set_reply(args[0]);
        if (term_is_tuple(args[0]) && tuple_get(args[0], 0) != atom_from_cstr("value")) {
            if (p->pid == evaluator)
                evaluator = NIL;
            else
                command_evaluator = NIL;
        }
    }
    pthread_mutex_unlock(&lock);
    return ATOM_ok;
}

/* dbgsh_shell:forget(): forgets every binding once the input is done. */
term_t bif_eval_forget_0(process *p, const term_t *args)
{
    (void)p, (void)args;
    pthread_mutex_lock(&lock);
    forget_all = true;
    pthread_mutex_unlock(&lock);
    return ATOM_ok;
}

/* dbgsh_shell:forget(Name): forgets one binding once the input is done. */
term_t bif_eval_forget_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]))
        return BIF_BADARG(p);
    pthread_mutex_lock(&lock);
    if (nforget < sizeof forget / sizeof forget[0])
        forget[nforget++] = args[0];
    else
        forget_all = true;
    pthread_mutex_unlock(&lock);
    return ATOM_ok;
}

/* dbgsh_shell:bindings(): the bindings as the input began ([{Name,
 * Value}], sorted by name). */
term_t bif_eval_bindings_0(process *p, const term_t *args)
{
    (void)args;
    pthread_mutex_lock(&lock);
    term_t bs = copy_term(&p->heap, current_bindings);
    pthread_mutex_unlock(&lock);
    return bs;
}

/* Keeps input `number`'s text, without the blanks around it and its final
 * dot, for h/0 (under lock). */
static void save_command(unsigned number, const char *text, size_t len)
{
    while (len && (unsigned char)text[0] <= ' ')
        text++, len--;
    while (len && (unsigned char)text[len - 1] <= ' ')
        len--;
    if (len && text[len - 1] == '.')
        len--;
    while (len && (unsigned char)text[len - 1] <= ' ')
        len--;
    input_text *c = &history[number % HISTORY_LENGTH];
    if (c->number)
        alloc_free(ALLOC_SHELL, c->text, c->len + 1);
    c->text = alloc_new(ALLOC_SHELL, len + 1);
    memcpy(c->text, text, len);
    c->len = len;
    c->number = number;
}

/* The input a v(N) names from input `current` (N < 0: relative), or 0. */
static unsigned result_number(int64_t n, unsigned current)
{
    if (n < 0)
        n += current;
    return n > 0 && n <= (int64_t)UINT32_MAX ? (unsigned)n : 0;
}

/* Whether input n's result is kept (under lock). */
static bool result_kept(unsigned n) { return n && results[n % SAVED_RESULTS].number == n; }

/* dbgsh_shell:result(N): the value of input N (N < 0: the -N-th before
 * the input under way), as erl's v/1; undefined when it is not kept. */
term_t bif_eval_result_1(process *p, const term_t *args)
{
    if (!term_is_small(args[0]))
        return BIF_BADARG(p);
    pthread_mutex_lock(&lock);
    unsigned n = result_number(small_value(args[0]), current_number);
    term_t v = result_kept(n) ? copy_term(&p->heap, results[n % SAVED_RESULTS].value) : ATOM_undefined;
    pthread_mutex_unlock(&lock);
    return v;
}

/* The evaluator's end (vm.c's exit note): an exit that no reply told of
 * (killed, exit(self(), R), a linked process's exit) is the input's
 * outcome {exit, Reason}. */
void eval_note_exit(process *p)
{
    pthread_mutex_lock(&lock);
    if (p->pid == evaluator || p->pid == command_evaluator) {
        if (p->pid == replier && waiting && !ready) {
            heap_t h;
            heap_init(&h, ALLOC_TEMP);
            set_reply(term_tuple2(&h, ATOM_exit, p->exit_reason));
            heap_destroy(&h);
        }
        if (p->pid == evaluator)
            evaluator = NIL;
        else
            command_evaluator = NIL;
    }
    pthread_mutex_unlock(&lock);
}

/* "* L:C: text" for an ErrorInfo {Loc, Module, Desc}, as erl's shell. */
static void error_text(term_t info, char *out, size_t cap)
{
    char msg[900];
    size_t n = parse_format_error(info, msg, sizeof msg);
    if (n >= sizeof msg)
        n = sizeof msg - 1;
    msg[n] = 0;
    term_t loc = term_is_tuple(info) && tuple_arity(info) == 3 ? tuple_get(info, 0) : THE_NON_VALUE;
    if (term_is_tuple(loc) && tuple_arity(loc) == 2)
        snprintf(out, cap, "* %lld:%lld: %s", (long long)small_value(tuple_get(loc, 0)),
                 (long long)small_value(tuple_get(loc, 1)), msg);
    else if (term_is_small(loc))
        snprintf(out, cap, "* %lld: %s", (long long)small_value(loc), msg);
    else
        snprintf(out, cap, "* %s", msg);
}

/* f(Var) in an input names the variable, not its value (erl's shell
 * handles it so): each top-level f(Var) becomes f('Var'). */
static term_t quote_forgets(heap_t *h, term_t exprs)
{
    static _Atomic term_t a_call, a_atom, a_var, a_f;
    term_t call = atom_cached(&a_call, "call"), atom = atom_cached(&a_atom, "atom"), var = atom_cached(&a_var, "var"),
           f = atom_cached(&a_f, "f");
    term_t v[256];
    size_t n = 0;
    for (term_t l = exprs; term_is_list(l); l = list_tail(l)) {
        term_t e = list_head(l);
        if (n == sizeof v / sizeof v[0])
            return exprs;
        if (term_is_tuple(e) && tuple_arity(e) == 4 && tuple_get(e, 0) == call) {
            term_t fn = tuple_get(e, 2), args = tuple_get(e, 3);
            if (term_is_tuple(fn) && tuple_arity(fn) == 3 && tuple_get(fn, 0) == atom && tuple_get(fn, 2) == f &&
                term_is_list(args) && list_tail(args) == NIL) {
                term_t a = list_head(args);
                if (term_is_tuple(a) && tuple_arity(a) == 3 && tuple_get(a, 0) == var) {
                    term_t q = term_tuple3(h, atom, tuple_get(a, 1), tuple_get(a, 2));
                    term_t ne[4] = {call, tuple_get(e, 1), fn, term_cons(h, q, NIL)};
                    e = term_tuple(h, 4, ne);
                }
            }
        }
        v[n++] = e;
    }
    return term_list_from(h, v, n, NIL);
}

/* erl's shell checks every v(N) of an input before it runs: the first whose
 * result is not kept, or 0. Walks the parse tree with a stack of its own. */
static int64_t missing_result(term_t exprs, unsigned number)
{
    static _Atomic term_t a_call, a_atom, a_integer, a_v;
    term_t call = atom_cached(&a_call, "call"), atom = atom_cached(&a_atom, "atom"),
           integer = atom_cached(&a_integer, "integer"), v = atom_cached(&a_v, "v");
    size_t cap = 256, n = 0;
    term_t *stack = alloc_new(ALLOC_TEMP, cap * sizeof *stack);
    stack[n++] = exprs;
    int64_t missing = 0;
    while (n && !missing) {
        term_t t = stack[--n];
        if (term_is_list(t)) {
            if (n + 2 > cap) {
                stack = alloc_resize(ALLOC_TEMP, stack, cap * sizeof *stack, 2 * cap * sizeof *stack);
                cap *= 2;
            }
            stack[n++] = list_tail(t);
            stack[n++] = list_head(t);
            continue;
        }
        if (!term_is_tuple(t))
            continue;
        size_t k = tuple_arity(t);
        if (k == 4 && tuple_get(t, 0) == call) {
            term_t fn = tuple_get(t, 2), args = tuple_get(t, 3);
            if (term_is_tuple(fn) && tuple_arity(fn) == 3 && tuple_get(fn, 0) == atom && tuple_get(fn, 2) == v &&
                term_is_list(args) && list_tail(args) == NIL) {
                term_t a = list_head(args);
                if (term_is_tuple(a) && tuple_arity(a) == 3 && tuple_get(a, 0) == integer &&
                    term_is_small(tuple_get(a, 2))) {
                    int64_t want = small_value(tuple_get(a, 2));
                    if (!result_kept(result_number(want, number)))
                        missing = want ? want : INT64_MIN;
                }
            }
        }
        if (n + k > cap) {
            size_t ncap = cap;
            while (n + k > ncap)
                ncap *= 2;
            stack = alloc_resize(ALLOC_TEMP, stack, cap * sizeof *stack, ncap * sizeof *stack);
            cap = ncap;
        }
        for (size_t i = 0; i < k; i++)
            stack[n++] = tuple_get(t, i);
    }
    alloc_free(ALLOC_TEMP, stack, cap * sizeof *stack);
    return missing;
}

/* The bindings without the ones f/0,1 forgot during the input and the
 * variables expand_records added. */
static term_t apply_forgets(heap_t *h, term_t bindings)
{
    if (forget_all)
        return NIL;
    term_t kept[256], l = bindings;
    size_t n = 0;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t b = list_head(l);
        size_t len;
        const char *name = atom_text(tuple_get(b, 0), &len);
        bool gone = len && name[0] >= 'a' && name[0] <= 'z'; /* expand_records' rec<N> */
        for (unsigned i = 0; i < nforget && !gone; i++)
            gone = tuple_get(b, 0) == forget[i];
        if (!gone) {
            if (n == sizeof kept / sizeof kept[0])
                return bindings; /* more than a shell holds in practice: keep all */
            kept[n++] = b;
        }
    }
    return term_list_from(h, kept, n, NIL);
}

/* ---- dbg:fun2ms/1 and ets:fun2ms/1 on a literal fun ------------------------------------- */

/* erl's shell hands dbg:fun2ms/1 (ets:fun2ms/1) an erl_eval fun, whose clauses
 * and bindings it takes back (erl_eval:fun_data/1) for
 * ms_transform:transform_from_shell/3. Our inputs are compiled, so a call whose
 * argument is a literal fun is rewritten before compiling into
 *
 *   (fun({error, [{_, [{_, _, Code} | _]} | _], _}) ->
 *            io:format("Error: ~ts~n", [ms_transform:format_error(Code)]),
 *            {error, transform_error};
 *       (Spec) -> Spec
 *    end)(ms_transform:transform_from_shell(dbg, Clauses, [{'V', V}, ...]))
 *
 * (what dbg's and ets's fun2ms/1 do with a shell fun), Clauses the fun's
 * clauses as a literal, the bindings the fun's free variables: those its
 * guards and bodies use that neither its head nor a pattern inside it binds,
 * each at its first use, so that one not bound is the compiler's "variable 'V'
 * is unbound" where erl's shell says it. Code and Spec are renamed to names no
 * input can write. */
static const char fun2ms_template[] =
    "(fun({error, [{_, [{_, _, Code} | _]} | _], _}) ->"
    " io:format(\"Error: ~ts~n\", [ms_transform:format_error(Code)]), {error, transform_error};"
    " (Spec) -> Spec end)(ms_transform:transform_from_shell(%s, [], [])).";

/* Pushes the children of a tuple or list cell onto a walk's stack, so that
 * they are popped first to last. */
static void push_children(tstack *stack, term_t t)
{
    if (term_is_list(t)) {
        tstack_push(stack, list_tail(t));
        tstack_push(stack, list_head(t));
    } else if (term_is_tuple(t)) {
        for (size_t i = tuple_arity(t); i-- > 0;)
            tstack_push(stack, tuple_get(t, i));
    }
}

/* Adds the names of the variables of pattern `t` to `names`. */
static void add_pattern_vars(term_t t, tstack *names)
{
    term_t var = atom_from_cstr("var");
    tstack stack = {0};
    tstack_push(&stack, t);
    while (stack.n) {
        term_t x = stack.items[--stack.n];
        if (term_is_tuple(x) && tuple_arity(x) == 3 && tuple_get(x, 0) == var) {
            if (!tstack_has(names, tuple_get(x, 2)))
                tstack_push(names, tuple_get(x, 2));
        } else {
            push_children(&stack, x);
        }
    }
    tstack_free(&stack);
}

/* Adds the free variables of a fun's clauses to `free_vars`: their
 * {var, Anno, Name} nodes at first use, in source order, one per name (see
 * fun2ms_template). */
static void add_free_vars(term_t clauses, tstack *free_vars)
{
    term_t var = atom_from_cstr("var"), match = atom_from_cstr("match"), clause = atom_from_cstr("clause"),
           generate = atom_from_cstr("generate"), b_generate = atom_from_cstr("b_generate"),
           named_fun = atom_from_cstr("named_fun"), underscore = atom_from_cstr("_");
    for (term_t l = clauses; term_is_list(l); l = list_tail(l)) {
        term_t c = list_head(l);
        if (!term_is_tuple(c) || tuple_arity(c) != 5)
            continue;
        tstack bound = {0}, used = {0}, stack = {0};
        add_pattern_vars(tuple_get(c, 2), &bound);
        tstack_push(&stack, tuple_get(c, 4)); /* the guards, then the body */
        tstack_push(&stack, tuple_get(c, 3));
        while (stack.n) {
            term_t x = stack.items[--stack.n];
            if (term_is_tuple(x) && tuple_arity(x) >= 3) {
                term_t tag = tuple_get(x, 0);
                if (tag == var && tuple_arity(x) == 3) {
                    if (tuple_get(x, 2) != underscore)
                        tstack_push(&used, x);
                    continue;
                }
                if ((tag == match || tag == generate || tag == b_generate) && tuple_arity(x) == 4)
                    add_pattern_vars(tuple_get(x, 2), &bound);
                else if (tag == clause && tuple_arity(x) == 5)
                    add_pattern_vars(tuple_get(x, 2), &bound);
                else if (tag == named_fun && tuple_arity(x) == 4 && !tstack_has(&bound, tuple_get(x, 2)))
                    tstack_push(&bound, tuple_get(x, 2));
            }
            push_children(&stack, x);
        }
        for (size_t i = 0; i < used.n; i++) {
            term_t name = tuple_get(used.items[i], 2);
            bool seen = tstack_has(&bound, name);
            for (size_t k = 0; k < free_vars->n && !seen; k++)
                seen = tuple_get(free_vars->items[k], 2) == name;
            if (!seen)
                tstack_push(free_vars, used.items[i]);
        }
        tstack_free(&bound);
        tstack_free(&used);
        tstack_free(&stack);
    }
}

/* The abstract form of a literal term (atoms, numbers, lists, tuples), as
 * erl_parse:abstract/1 writes it, with annotation `anno`; false when the term
 * holds anything else. Built top down: a node is made with its children's
 * places empty, and each place is filled when its child is popped (the
 * heap never moves a term). */
static bool abstract_term(heap_t *h, term_t t, term_t anno, term_t *out)
{
    term_t a_atom = atom_from_cstr("atom"), a_integer = atom_from_cstr("integer"),
           a_float = atom_from_cstr("float"), a_nil = atom_from_cstr("nil"), a_cons = atom_from_cstr("cons"),
           a_tuple = atom_from_cstr("tuple");
    tstack srcs = {0}, places = {0}; /* places: term_t pointers, as words */
    tstack_push(&srcs, t);
    tstack_push(&places, (term_t)(uintptr_t)out);
    bool ok = true;
    while (ok && srcs.n) {
        term_t x = srcs.items[--srcs.n];
        term_t *place = (term_t *)(uintptr_t)places.items[--places.n];
        if (term_is_atom(x)) {
            *place = term_tuple3(h, a_atom, anno, x);
        } else if (term_is_integer(x)) {
            *place = term_tuple3(h, a_integer, anno, x);
        } else if (term_is_float(x)) {
            *place = term_tuple3(h, a_float, anno, x);
        } else if (x == NIL) {
            *place = term_tuple2(h, a_nil, anno);
        } else if (term_is_list(x)) {
            term_t e[4] = {a_cons, anno, NIL, NIL};
            term_t cell = term_tuple(h, 4, e);
            *place = cell;
            tstack_push(&srcs, list_head(x));
            tstack_push(&places, (term_t)(uintptr_t)&tuple_elems(cell)[2]);
            tstack_push(&srcs, list_tail(x));
            tstack_push(&places, (term_t)(uintptr_t)&tuple_elems(cell)[3]);
        } else if (term_is_tuple(x)) {
            size_t k = tuple_arity(x);
            term_t elems = NIL;
            for (size_t i = 0; i < k; i++)
                elems = term_cons(h, NIL, elems);
            *place = term_tuple3(h, a_tuple, anno, elems);
            for (size_t i = 0; i < k; i++, elems = list_tail(elems)) {
                tstack_push(&srcs, tuple_get(x, i));
                tstack_push(&places, (term_t)(uintptr_t)&list_ptr(elems)[0]);
            }
        } else {
            ok = false;
        }
    }
    tstack_free(&srcs);
    tstack_free(&places);
    return ok;
}

/* In a compiled module that asks for ms_transform, the call becomes
 *
 *   dbgsh_ms:fun2ms(dbg, Records, Clauses, [{'V', V}, ...])
 *
 * Records the module's record definitions, as literals like Clauses; the
 * bindings as in the shell's. vm/lib/dbgsh_ms.erl applies ms_transform's
 * parse transform to them when the call runs. */
static const char fun2ms_module_template[] = "dbgsh_ms:fun2ms(%s, [], [], []).";

/* The call dbg:fun2ms or ets:fun2ms (`module`) on a literal fun with these
 * clauses becomes (see fun2ms_template, or fun2ms_module_template when
 * `recs` is a module's record definitions, not THE_NON_VALUE);
 * THE_NON_VALUE when the clauses are not a literal. */
static term_t fun2ms_call(heap_t *h, term_t module, term_t clauses, term_t recs)
{
    term_t anno = term_tuple2(h, term_small(1), term_small(1)), lit, records_lit = NIL;
    if (!abstract_term(h, clauses, anno, &lit))
        return THE_NON_VALUE;
    if (recs != THE_NON_VALUE && !abstract_term(h, recs, anno, &records_lit))
        return THE_NON_VALUE;
    const char *template = recs != THE_NON_VALUE ? fun2ms_module_template : fun2ms_template;
    char text[sizeof fun2ms_template + 8];
    snprintf(text, sizeof text, template, module == atom_from_cstr("ets") ? "ets" : "dbg");
    term_t exprs;
    if (parse_exprs_string(h, text, strlen(text), false, &exprs) != PARSE_OK)
        return THE_NON_VALUE;
    term_t call = list_head(exprs); /* (fun ... end)(Transform), or the module's call */
    /* ms_transform:transform_from_shell(D, [], []), or dbgsh_ms:fun2ms(D, [], [], []) */
    term_t transform = recs != THE_NON_VALUE ? call : list_head(tuple_get(call, 3));

    /* [{'V', V}, ...] */
    tstack free_vars = {0};
    add_free_vars(clauses, &free_vars);
    term_t a_tuple = atom_from_cstr("tuple"), a_atom = atom_from_cstr("atom"), a_cons = atom_from_cstr("cons");
    term_t bindings = term_tuple2(h, atom_from_cstr("nil"), anno);
    for (size_t i = free_vars.n; i-- > 0;) {
        term_t v = free_vars.items[i], vanno = tuple_get(v, 1);
        term_t pair[2] = {term_tuple3(h, a_atom, vanno, tuple_get(v, 2)), v};
        term_t cell[4] = {a_cons, vanno, term_tuple3(h, a_tuple, vanno, term_list_from(h, pair, 2, NIL)), bindings};
        bindings = term_tuple(h, 4, cell);
    }
    tstack_free(&free_vars);
    if (recs != THE_NON_VALUE) {
        term_t args[4] = {list_head(tuple_get(transform, 3)), records_lit, lit, bindings};
        tuple_elems(transform)[3] = term_list_from(h, args, 4, NIL);
        return call;
    }
    term_t args[3] = {list_head(tuple_get(transform, 3)), lit, bindings};
    tuple_elems(transform)[3] = term_list_from(h, args, 3, NIL); /* the template is ours: in place */

    /* Code and Spec get names no input can write */
    term_t var = atom_from_cstr("var"), code = atom_from_cstr("Code"), spec = atom_from_cstr("Spec");
    tstack stack = {0};
    tstack_push(&stack, tuple_get(call, 2));
    while (stack.n) {
        term_t x = stack.items[--stack.n];
        if (term_is_tuple(x) && tuple_arity(x) == 3 && tuple_get(x, 0) == var) {
            if (tuple_get(x, 2) == code)
                tuple_elems(x)[2] = atom_from_cstr("fun2ms code");
            else if (tuple_get(x, 2) == spec)
                tuple_elems(x)[2] = atom_from_cstr("fun2ms spec");
        } else {
            push_children(&stack, x);
        }
    }
    tstack_free(&stack);
    return call;
}

/* The fun2ms call at `x`, {call, A, {remote, _, {atom, _, dbg | ets},
 * {atom, _, fun2ms}}, [{'fun', _, {clauses, Cs}}]}: its module, with *clauses
 * set; else THE_NON_VALUE. */
static term_t match_fun2ms(term_t x, term_t *clauses)
{
    static _Atomic term_t a_call, a_remote, a_atom, a_fun, a_clauses, a_fun2ms, a_dbg, a_ets;
    term_t call = atom_cached(&a_call, "call"), remote = atom_cached(&a_remote, "remote"),
           atom = atom_cached(&a_atom, "atom"), fun = atom_cached(&a_fun, "fun"),
           cls = atom_cached(&a_clauses, "clauses"), fun2ms = atom_cached(&a_fun2ms, "fun2ms"),
           dbg = atom_cached(&a_dbg, "dbg"), ets = atom_cached(&a_ets, "ets");
    if (!term_is_tuple(x) || tuple_arity(x) != 4 || tuple_get(x, 0) != call)
        return THE_NON_VALUE;
    term_t r = tuple_get(x, 2), args = tuple_get(x, 3);
    if (!term_is_tuple(r) || tuple_arity(r) != 4 || tuple_get(r, 0) != remote || !term_is_list(args) ||
        list_tail(args) != NIL)
        return THE_NON_VALUE;
    term_t m = tuple_get(r, 2), f = tuple_get(r, 3), a = list_head(args);
    if (!term_is_tuple(m) || tuple_arity(m) != 3 || tuple_get(m, 0) != atom ||
        (tuple_get(m, 2) != dbg && tuple_get(m, 2) != ets))
        return THE_NON_VALUE;
    if (!term_is_tuple(f) || tuple_arity(f) != 3 || tuple_get(f, 0) != atom || tuple_get(f, 2) != fun2ms)
        return THE_NON_VALUE;
    if (!term_is_tuple(a) || tuple_arity(a) != 3 || tuple_get(a, 0) != fun)
        return THE_NON_VALUE;
    term_t cs = tuple_get(a, 2);
    if (!term_is_tuple(cs) || tuple_arity(cs) != 2 || tuple_get(cs, 0) != cls)
        return THE_NON_VALUE;
    *clauses = tuple_get(cs, 1);
    return tuple_get(m, 2);
}

/* Adds to `names` the records that the clauses of a fun use: #r{...},
 * X#r{...}, X#r.f, #r.f and is_record(X, r[, N]). */
static void add_record_names(term_t clauses, tstack *names)
{
    term_t record = atom_from_cstr("record"), record_field = atom_from_cstr("record_field"),
           record_index = atom_from_cstr("record_index"), call = atom_from_cstr("call"),
           atom = atom_from_cstr("atom"), is_record = atom_from_cstr("is_record");
    tstack stack = {0};
    tstack_push(&stack, clauses);
    while (stack.n) {
        term_t x = stack.items[--stack.n], name = THE_NON_VALUE;
        if (term_is_tuple(x) && tuple_arity(x) >= 4) {
            term_t tag = tuple_get(x, 0);
            size_t n = tuple_arity(x);
            if ((tag == record || tag == record_index) && n == 4)
                name = tuple_get(x, 2);
            else if ((tag == record || tag == record_field) && n == 5)
                name = tuple_get(x, 3);
            else if (tag == call && n == 4) {
                term_t f = tuple_get(x, 2), args = tuple_get(x, 3);
                if (term_is_tuple(f) && tuple_arity(f) == 3 && tuple_get(f, 0) == atom &&
                    tuple_get(f, 2) == is_record && term_is_list(args) && term_is_list(list_tail(args))) {
                    term_t r = list_head(list_tail(args));
                    if (term_is_tuple(r) && tuple_arity(r) == 3 && tuple_get(r, 0) == atom)
                        name = tuple_get(r, 2);
                }
            }
        }
        if (term_is_atom(name) && !tstack_has(names, name))
            tstack_push(names, name);
        push_children(&stack, x);
    }
    tstack_free(&stack);
}

term_t eval_rewrite_fun2ms(heap_t *h, term_t exprs, term_t recs)
{
    tstack stack = {0}, used = {0};
    tstack_push(&stack, exprs);
    while (stack.n) {
        term_t x = stack.items[--stack.n], clauses, module = match_fun2ms(x, &clauses);
        if (module != THE_NON_VALUE) {
            term_t new_call = fun2ms_call(h, module, clauses, recs);
            if (new_call != THE_NON_VALUE) {
                if (recs != THE_NON_VALUE)
                    add_record_names(clauses, &used);
                /* the tree is ours (just parsed onto h): the call changes in place */
                tuple_elems(x)[2] = tuple_get(new_call, 2);
                tuple_elems(x)[3] = tuple_get(new_call, 3);
                continue;
            }
        }
        push_children(&stack, x);
    }
    tstack_free(&stack);
    if (used.n && term_is_list(exprs)) {
        /* as OTP's transform: the records its funs use are used, though
         * only literals name them now; after the first form, -file */
        term_t anno = term_small(0), opt = term_tuple2(h, atom_from_cstr("nowarn_unused_record"),
                                                       term_list_from(h, used.items, used.n, NIL));
        term_t attr[4] = {atom_from_cstr("attribute"), anno, atom_from_cstr("compile"), opt};
        exprs = term_cons(h, list_head(exprs), term_cons(h, term_tuple(h, 4, attr), list_tail(exprs)));
    }
    tstack_free(&used);
    return exprs;
}

/* ---- records and the shell's record commands ------------------------------------------ */

/* erl's shell expands the records of an input into tuple operations
 * (erl_expand_records, with strict record tests) before it evaluates it,
 * using its record table; so does expand_records, on the parse tree, before
 * the input is compiled, so the compiler and the linter see no record of the
 * table (an unknown record stays, for the linter's "record R undefined"):
 *
 *   #r{f = V}           {r, V, Default...}: each missing field its default
 *                       expression ('undefined' without one), or _ in a
 *                       pattern; #r{_ = V} gives V to every missing field
 *   E#r.f               case E of {r, _, X, _} -> X; Y -> erlang:error({badrecord, Y}) end
 *                       in a guard: element(I, E), the guard test preceded by
 *                       is_record(E, r, Size) andalso
 *   E#r{f = V}          begin X1 = V, X2 = E, case X2 of {r, _, _} -> setelement(I, X2, X1);
 *                       Y -> erlang:error({badrecord, Y}) end end
 *   #r.f                its index
 *   is_record(E, r)     is_record(E, r, Size); record(E, r) too, in guards
 *   record_info(fields | size, r)   the literal
 *
 * The variables it adds are named rec0, rec1, ... (lower case: no input can
 * write them, and eval drops them from the bindings as erl's shell does).
 * The shell's commands rd/2, rf/0,1, rl/0,1, rp/1, rr/1,2,3 and h/0 are, as
 * in erl's shell, the shell's own (no user_default overrides them): a local
 * call to one becomes a call of dbgsh_shell's function with the table (h/0:
 * the history, with calls of dbgsh_shell:result/1 for the values) as a
 * last argument; rd/2's arguments are passed as
 * their parse trees, as erl's shell takes them. The walk recurses on the
 * depth of the tree, bounded by EXPAND_MAX_DEPTH (deeper parts stay as they
 * are), and loops along lists. */
#define EXPAND_MAX_DEPTH 2000

enum { CTX_EXPR, CTX_PAT, CTX_GUARD };

typedef struct expander {
    heap_t *h;
    term_t records;   /* the table */
    unsigned fresh;   /* the next rec<N> */
    unsigned number;  /* the input's prompt number (0: a command) */
    tstack *checks;   /* in a guard test: the (E, Name, Size) triples to test */
    term_t table_lit; /* the table as a literal, made at first need */
    term_t anno;      /* {1, 1} */
    bool failed;
    char msg[300]; /* the first error, as erl's shell prints it */
} expander;

static term_t atom_of(const char *name) { return atom_from_cstr(name); }

/* {Tag, A, X} and the other small nodes of the abstract format. */
static term_t node3(expander *X, const char *tag, term_t anno, term_t x)
{
    return term_tuple3(X->h, atom_of(tag), anno, x);
}

static bool is_node(term_t t, const char *tag, size_t arity)
{
    return term_is_tuple(t) && tuple_arity(t) == arity && tuple_get(t, 0) == atom_of(tag);
}

static term_t remote_call(expander *X, term_t anno, const char *m, const char *f, term_t args)
{
    term_t r[4] = {atom_of("remote"), anno, node3(X, "atom", anno, atom_of(m)), node3(X, "atom", anno, atom_of(f))};
    term_t c[4] = {atom_of("call"), anno, term_tuple(X->h, 4, r), args};
    return term_tuple(X->h, 4, c);
}

/* A new variable node rec<N>. */
static term_t fresh_var(expander *X, term_t anno)
{
    char name[24];
    snprintf(name, sizeof name, "rec%u", X->fresh++);
    return node3(X, "var", anno, atom_of(name));
}

/* Records the first error, "* L:C: text" at annotation `anno`. */
static void fail_at(expander *X, term_t anno, const char *fmt, term_t a1, term_t a2)
{
    if (X->failed)
        return;
    X->failed = true;
    size_t n1 = 0, n2 = 0;
    const char *s1 = term_is_atom(a1) ? atom_text(a1, &n1) : "";
    const char *s2 = term_is_atom(a2) ? atom_text(a2, &n2) : "";
    char text[200];
    snprintf(text, sizeof text, fmt, (int)n1, s1, (int)n2, s2);
    if (term_is_tuple(anno) && tuple_arity(anno) == 2 && term_is_small(tuple_get(anno, 0)))
        snprintf(X->msg, sizeof X->msg, "* %lld:%lld: %s", (long long)small_value(tuple_get(anno, 0)),
                 (long long)small_value(tuple_get(anno, 1)), text);
    else if (term_is_small(anno))
        snprintf(X->msg, sizeof X->msg, "* %lld: %s", (long long)small_value(anno), text);
    else
        snprintf(X->msg, sizeof X->msg, "* %s", text);
}

/* The fields of record `name` in the table, or THE_NON_VALUE. */
static term_t record_fields(expander *X, term_t name)
{
    for (term_t l = X->records; term_is_list(l); l = list_tail(l)) {
        term_t e = list_head(l);
        if (tuple_get(e, 0) == name) {
            term_t def = tuple_get(tuple_get(e, 1), 3); /* {Name, Fields} */
            return tuple_get(def, 1);
        }
    }
    return THE_NON_VALUE;
}

/* A field of a definition without its type: {record_field, A, {atom, _, F}[, Default]}. */
static term_t untyped_field(term_t f)
{
    return is_node(f, "typed_record_field", 3) ? tuple_get(f, 1) : f;
}

/* The position (0-based) of field `name` in `fields`, or -1. */
static long field_position(term_t fields, term_t name)
{
    long i = 0;
    for (term_t l = fields; term_is_list(l); l = list_tail(l), i++)
        if (tuple_get(tuple_get(untyped_field(list_head(l)), 2), 2) == name)
            return i;
    return -1;
}

bool vm_eval_record_fields(void *ctx, term_t tag, size_t arity, term_t *fields)
{
    (void)ctx;
    bool found = false;
    pthread_mutex_lock(&lock);
    for (term_t l = records; term_is_list(l); l = list_tail(l)) {
        term_t e = list_head(l);
        if (tuple_get(e, 0) != tag)
            continue;
        size_t n = 0;
        term_t f = tuple_get(tuple_get(tuple_get(e, 1), 3), 1); /* {attribute, A, record, {Name, Fields}} */
        for (; term_is_list(f) && n < arity; f = list_tail(f))
            fields[n++] = tuple_get(tuple_get(untyped_field(list_head(f)), 2), 2);
        found = n == arity && !term_is_list(f);
        break;
    }
    pthread_mutex_unlock(&lock);
    return found;
}

/* {tuple, A, [{atom, A, Name}, _, ...]} with `at` (unless < 0) in place `pos`. */
static term_t record_pattern(expander *X, term_t anno, term_t name, size_t n, long pos, term_t at)
{
    term_t elems = NIL, wild = node3(X, "var", anno, atom_of("_"));
    for (size_t i = n; i-- > 0;)
        elems = term_cons(X->h, (long)i == pos ? at : wild, elems);
    elems = term_cons(X->h, node3(X, "atom", anno, name), elems);
    return node3(X, "tuple", anno, elems);
}

/* case Subject of Pattern -> Body; Y -> erlang:error({badrecord, Y}) end */
static term_t record_case(expander *X, term_t anno, term_t subject, term_t pattern, term_t body)
{
    term_t y = fresh_var(X, anno);
    term_t reason[2] = {node3(X, "atom", anno, atom_of("badrecord")), y};
    term_t err = remote_call(X, anno, "erlang", "error",
                             term_cons(X->h, node3(X, "tuple", anno, term_list_from(X->h, reason, 2, NIL)), NIL));
    term_t c1[5] = {atom_of("clause"), anno, term_cons(X->h, pattern, NIL), NIL, term_cons(X->h, body, NIL)};
    term_t c2[5] = {atom_of("clause"), anno, term_cons(X->h, y, NIL), NIL, term_cons(X->h, err, NIL)};
    term_t cl[2] = {term_tuple(X->h, 5, c1), term_tuple(X->h, 5, c2)};
    term_t c[4] = {atom_of("case"), anno, subject, term_list_from(X->h, cl, 2, NIL)};
    return term_tuple(X->h, 4, c);
}

static term_t walk(expander *X, term_t t, int ctx, unsigned depth);

/* Walks the elements of a list, rebuilding it only when one changed. */
static term_t walk_list(expander *X, term_t l, int ctx, unsigned depth)
{
    tstack items = {0};
    bool changed = false;
    term_t x = l;
    for (; term_is_list(x); x = list_tail(x)) {
        term_t e = list_head(x), ne = walk(X, e, ctx, depth + 1);
        changed |= ne != e;
        tstack_push(&items, ne);
    }
    term_t r = changed ? term_list_from(X->h, items.items, items.n, x) : l;
    tstack_free(&items);
    return r;
}

/* A copy of tuple t with element i replaced by v, unless v is already there. */
static term_t with_elem(expander *X, term_t t, size_t i, term_t v)
{
    if (tuple_get(t, i) == v)
        return t;
    size_t k = tuple_arity(t);
    term_t e[k];
    for (size_t j = 0; j < k; j++)
        e[j] = tuple_get(t, j);
    e[i] = v;
    return term_tuple(X->h, k, e);
}

/* {record, A, Name, Fields}: a new record, or a record pattern. */
static term_t expand_record_new(expander *X, term_t t, int ctx, unsigned depth)
{
    term_t anno = tuple_get(t, 1), name = tuple_get(t, 2), fields = record_fields(X, name);
    if (fields == THE_NON_VALUE)
        return t;
    size_t n = (size_t)list_length(fields);
    term_t *vals = alloc_new(ALLOC_TEMP, (n + 1) * sizeof *vals);
    for (size_t i = 0; i < n; i++)
        vals[i] = THE_NON_VALUE;
    term_t wildcard = THE_NON_VALUE;
    for (term_t l = tuple_get(t, 3); term_is_list(l) && !X->failed; l = list_tail(l)) {
        term_t init = list_head(l); /* {record_field, A, {atom | var, Af, F}, V} */
        term_t key = tuple_get(init, 2), f = tuple_get(key, 2);
        if (is_node(key, "var", 3)) {
            wildcard = tuple_get(init, 3);
            continue;
        }
        long pos = field_position(fields, f);
        if (pos < 0)
            fail_at(X, tuple_get(key, 1), "field %.*s undefined in record %.*s", f, name);
        else if (vals[pos] != THE_NON_VALUE)
            fail_at(X, tuple_get(key, 1), "field %.*s already defined in record %.*s", f, name);
        else
            vals[pos] = tuple_get(init, 3);
    }
    term_t elems = NIL;
    if (!X->failed) {
        size_t j = 0;
        term_t *fs = alloc_new(ALLOC_TEMP, (n + 1) * sizeof *fs);
        for (term_t l = fields; term_is_list(l); l = list_tail(l))
            fs[j++] = list_head(l);
        for (size_t i = n; i-- > 0;) {
            term_t v, field = untyped_field(fs[i]);
            if (vals[i] != THE_NON_VALUE)
                v = walk(X, vals[i], ctx, depth + 1);
            else if (wildcard != THE_NON_VALUE)
                v = walk(X, wildcard, ctx, depth + 1);
            else if (ctx == CTX_PAT)
                v = node3(X, "var", anno, atom_of("_"));
            else if (tuple_arity(field) == 4)
                v = walk(X, tuple_get(field, 3), ctx, depth + 1);
            else
                v = node3(X, "atom", anno, ATOM_undefined);
            elems = term_cons(X->h, v, elems);
        }
        alloc_free(ALLOC_TEMP, fs, (n + 1) * sizeof *fs);
    }
    alloc_free(ALLOC_TEMP, vals, (n + 1) * sizeof *vals);
    return node3(X, "tuple", anno, term_cons(X->h, node3(X, "atom", anno, name), elems));
}

/* Whether an update's new value may be used where it stands (erl's shell
 * binds the others to variables first, so each is evaluated once, in order). */
static bool is_simple(term_t v)
{
    static const char *const simple[] = {"atom", "integer", "float", "char", "string", "var"};
    for (size_t i = 0; i < sizeof simple / sizeof *simple; i++)
        if (is_node(v, simple[i], 3))
            return true;
    return is_node(v, "nil", 2);
}

/* {record, A, E, Name, Updates}: a record update. */
static term_t expand_record_update(expander *X, term_t t, unsigned depth)
{
    term_t anno = tuple_get(t, 1), name = tuple_get(t, 3), fields = record_fields(X, name);
    if (fields == THE_NON_VALUE)
        return t;
    size_t n = (size_t)list_length(fields);
    tstack pre = {0};
    term_t r = fresh_var(X, anno), body = r;
    unsigned long long seen = 0; /* positions updated, for the first 64 */
    for (term_t l = tuple_get(t, 4); term_is_list(l) && !X->failed; l = list_tail(l)) {
        term_t up = list_head(l), key = tuple_get(up, 2), f = tuple_get(key, 2);
        long pos = is_node(key, "atom", 3) ? field_position(fields, f) : -1;
        if (pos < 0) {
            fail_at(X, tuple_get(key, 1), "field %.*s undefined in record %.*s", f, name);
            break;
        }
        if (pos < 64 && (seen >> pos & 1)) {
            fail_at(X, tuple_get(key, 1), "field %.*s already defined in record %.*s", f, name);
            break;
        }
        if (pos < 64)
            seen |= 1ULL << pos;
        term_t v = walk(X, tuple_get(up, 3), CTX_EXPR, depth + 1);
        if (!is_simple(v)) {
            term_t var = fresh_var(X, anno);
            term_t m[4] = {atom_of("match"), anno, var, v};
            tstack_push(&pre, term_tuple(X->h, 4, m));
            v = var;
        }
        term_t args[3] = {node3(X, "integer", anno, term_small(pos + 2)), body, v};
        body = remote_call(X, anno, "erlang", "setelement", term_list_from(X->h, args, 3, NIL));
    }
    term_t m[4] = {atom_of("match"), anno, r, walk(X, tuple_get(t, 2), CTX_EXPR, depth + 1)};
    tstack_push(&pre, term_tuple(X->h, 4, m));
    tstack_push(&pre, record_case(X, anno, r, record_pattern(X, anno, name, n, -1, THE_NON_VALUE), body));
    term_t block = node3(X, "block", anno, term_list_from(X->h, pre.items, pre.n, NIL));
    tstack_free(&pre);
    return block;
}

/* {record_field, A, E, Name, {atom, Af, F}}: a field's value. */
static term_t expand_record_field(expander *X, term_t t, int ctx, unsigned depth)
{
    term_t anno = tuple_get(t, 1), name = tuple_get(t, 3), key = tuple_get(t, 4);
    term_t fields = record_fields(X, name);
    if (fields == THE_NON_VALUE || !is_node(key, "atom", 3) || ctx == CTX_PAT)
        return t;
    long pos = field_position(fields, tuple_get(key, 2));
    if (pos < 0) {
        fail_at(X, tuple_get(key, 1), "field %.*s undefined in record %.*s", tuple_get(key, 2), name);
        return t;
    }
    size_t n = (size_t)list_length(fields);
    term_t e = walk(X, tuple_get(t, 2), ctx, depth + 1);
    if (ctx == CTX_GUARD && X->checks) {
        tstack_push(X->checks, e);
        tstack_push(X->checks, name);
        tstack_push(X->checks, term_small((int64_t)n + 1));
        term_t args[2] = {node3(X, "integer", anno, term_small(pos + 2)), e};
        return remote_call(X, anno, "erlang", "element", term_list_from(X->h, args, 2, NIL));
    }
    term_t v = fresh_var(X, anno);
    return record_case(X, anno, e, record_pattern(X, anno, name, n, pos, v), v);
}

/* One guard test: its record fields read with element/2, after the tests
 * that the records are what they say. */
static term_t expand_guard_test(expander *X, term_t test, unsigned depth)
{
    tstack checks = {0}, *outer = X->checks;
    X->checks = &checks;
    term_t e = walk(X, test, CTX_GUARD, depth + 1);
    X->checks = outer;
    for (size_t i = checks.n; i >= 3; i -= 3) {
        term_t anno = X->anno;
        term_t args[3] = {checks.items[i - 3], node3(X, "atom", anno, checks.items[i - 2]),
                          node3(X, "integer", anno, checks.items[i - 1])};
        term_t call[4] = {atom_of("call"), anno, node3(X, "atom", anno, atom_of("is_record")),
                          term_list_from(X->h, args, 3, NIL)};
        term_t op[5] = {atom_of("op"), anno, atom_of("andalso"), term_tuple(X->h, 4, call), e};
        e = term_tuple(X->h, 5, op);
    }
    tstack_free(&checks);
    return e;
}

/* A clause's guard: a list of guards, each a list of tests. */
static term_t expand_guards(expander *X, term_t gs, unsigned depth)
{
    tstack out = {0};
    bool changed = false;
    for (term_t l = gs; term_is_list(l); l = list_tail(l)) {
        tstack tests = {0};
        bool ch = false;
        term_t g = list_head(l);
        for (term_t k = g; term_is_list(k); k = list_tail(k)) {
            term_t e = expand_guard_test(X, list_head(k), depth + 1);
            ch |= e != list_head(k);
            tstack_push(&tests, e);
        }
        term_t ng = ch ? term_list_from(X->h, tests.items, tests.n, NIL) : g;
        tstack_free(&tests);
        changed |= ch;
        tstack_push(&out, ng);
    }
    term_t r = changed ? term_list_from(X->h, out.items, out.n, NIL) : gs;
    tstack_free(&out);
    return r;
}

/* The table as a literal argument (made once). */
static term_t table_literal(expander *X)
{
    if (X->table_lit == THE_NON_VALUE && !abstract_term(X->h, X->records, X->anno, &X->table_lit))
        X->table_lit = term_tuple2(X->h, atom_of("nil"), X->anno); /* cannot be: the table is forms */
    return X->table_lit;
}

/* h/0's argument, an expression: [{N, Text, {value, dbgsh_shell:result(N)}
 * | none}] for the inputs kept before this one, oldest first, Text as
 * its bytes. */
static term_t history_arg(expander *X)
{
    term_t anno = X->anno, list = term_tuple2(X->h, atom_of("nil"), anno);
    pthread_mutex_lock(&lock);
    unsigned first = X->number > HISTORY_LENGTH ? X->number - HISTORY_LENGTH : 1;
    for (unsigned k = X->number; k-- > first;) {
        input_text *c = &history[k % HISTORY_LENGTH];
        if (c->number != k)
            continue;
        term_t n = node3(X, "integer", anno, term_small(k)), text, result;
        if (!abstract_term(X->h, term_string(X->h, c->text, c->len), anno, &text))
            continue;
        if (result_kept(k)) {
            term_t get = remote_call(X, anno, "dbgsh_shell", "result", term_cons(X->h, n, NIL));
            term_t pair[2] = {node3(X, "atom", anno, atom_of("value")), get};
            result = node3(X, "tuple", anno, term_list_from(X->h, pair, 2, NIL));
        } else {
            result = node3(X, "atom", anno, atom_of("none"));
        }
        term_t item[3] = {n, text, result};
        term_t cell[4] = {atom_of("cons"), anno, node3(X, "tuple", anno, term_list_from(X->h, item, 3, NIL)), list};
        list = term_tuple(X->h, 4, cell);
    }
    pthread_mutex_unlock(&lock);
    return list;
}

/* The first variable in t, or THE_NON_VALUE. */
static term_t first_var(term_t t)
{
    tstack stack = {0};
    tstack_push(&stack, t);
    term_t found = THE_NON_VALUE;
    while (stack.n && found == THE_NON_VALUE) {
        term_t x = stack.items[--stack.n];
        if (is_node(x, "var", 3))
            found = x;
        else
            push_children(&stack, x);
    }
    tstack_free(&stack);
    return found;
}

/* A local call to one of the shell's commands (see above) becomes the call
 * of dbgsh_shell's; THE_NON_VALUE for any other call. `args` are walked. */
static term_t rewrite_command(expander *X, term_t anno, term_t f, term_t args)
{
    static const struct {
        const char *name;
        unsigned arity;
    } commands[] = {{"rd", 2}, {"rf", 0}, {"rf", 1}, {"rl", 0}, {"rl", 1}, {"rp", 1},
                    {"rr", 1}, {"rr", 2}, {"rr", 3}, {"h", 0}};
    size_t n = (size_t)list_length(args);
    size_t i = 0;
    for (; i < sizeof commands / sizeof *commands; i++)
        if (f == atom_of(commands[i].name) && n == commands[i].arity)
            break;
    if (i == sizeof commands / sizeof *commands)
        return THE_NON_VALUE;
    term_t last;
    if (f == atom_of("h")) {
        last = history_arg(X);
    } else if (f == atom_of("rd")) {
        term_t v = first_var(args);
        if (v != THE_NON_VALUE) {
            fail_at(X, tuple_get(v, 1), "variable '%.*s' is unbound", tuple_get(v, 2), THE_NON_VALUE);
            return THE_NON_VALUE;
        }
        term_t lits[2];
        if (!abstract_term(X->h, list_head(args), anno, &lits[0]) ||
            !abstract_term(X->h, list_head(list_tail(args)), anno, &lits[1]))
            return THE_NON_VALUE;
        args = term_list_from(X->h, lits, 2, NIL);
        last = table_literal(X);
    } else {
        last = table_literal(X);
    }
    term_t items[4];
    size_t k = 0;
    for (term_t l = args; term_is_list(l); l = list_tail(l))
        items[k++] = list_head(l);
    items[k++] = last;
    size_t len;
    const char *name = atom_text(f, &len);
    char fname[8];
    snprintf(fname, sizeof fname, "%.*s", (int)len, name);
    return remote_call(X, anno, "dbgsh_shell", fname, term_list_from(X->h, items, k, NIL));
}

/* {call, A, F, Args} */
static term_t expand_call(expander *X, term_t t, int ctx, unsigned depth)
{
    term_t anno = tuple_get(t, 1), fn = walk(X, tuple_get(t, 2), ctx, depth + 1),
           args = walk_list(X, tuple_get(t, 3), ctx, depth + 1);
    t = with_elem(X, t, 2, fn);
    size_t n = (size_t)list_length(args);
    term_t f = THE_NON_VALUE;
    bool local = is_node(fn, "atom", 3);
    if (local)
        f = tuple_get(fn, 2);
    else if (is_node(fn, "remote", 4) && is_node(tuple_get(fn, 2), "atom", 3) &&
             tuple_get(tuple_get(fn, 2), 2) == atom_of("erlang") && is_node(tuple_get(fn, 3), "atom", 3))
        f = tuple_get(tuple_get(fn, 3), 2);
    if (f == THE_NON_VALUE)
        return with_elem(X, t, 3, args);
    if (n == 2 && is_node(list_head(list_tail(args)), "atom", 3) &&
        (f == atom_of("is_record") || (local && ctx == CTX_GUARD && f == atom_of("record")))) {
        term_t name = tuple_get(list_head(list_tail(args)), 2), fields = record_fields(X, name);
        if (fields != THE_NON_VALUE) {
            term_t size = node3(X, "integer", anno, term_small(list_length(fields) + 1));
            term_t nargs = term_list_from(X->h, (term_t[]){list_head(args), list_head(list_tail(args)), size}, 3, NIL);
            term_t nfn = local ? node3(X, "atom", tuple_get(fn, 1), atom_of("is_record")) : fn;
            term_t c[4] = {atom_of("call"), anno, nfn, nargs};
            return term_tuple(X->h, 4, c);
        }
    }
    if (local && f == atom_of("record_info") && n == 2 && is_node(list_head(args), "atom", 3) &&
        is_node(list_head(list_tail(args)), "atom", 3)) {
        term_t what = tuple_get(list_head(args), 2), name = tuple_get(list_head(list_tail(args)), 2);
        term_t fields = record_fields(X, name);
        if (fields != THE_NON_VALUE && what == atom_of("size"))
            return node3(X, "integer", anno, term_small(list_length(fields) + 1));
        if (fields != THE_NON_VALUE && what == atom_of("fields")) {
            tstack names = {0};
            for (term_t l = fields; term_is_list(l); l = list_tail(l))
                tstack_push(&names, tuple_get(tuple_get(untyped_field(list_head(l)), 2), 2));
            term_t lit;
            bool ok = abstract_term(X->h, term_list_from(X->h, names.items, names.n, NIL), anno, &lit);
            tstack_free(&names);
            if (ok)
                return lit;
        }
    }
    if (local && ctx == CTX_EXPR) {
        term_t c = rewrite_command(X, anno, f, args);
        if (c != THE_NON_VALUE)
            return c;
    }
    return with_elem(X, t, 3, args);
}

static term_t walk(expander *X, term_t t, int ctx, unsigned depth)
{
    if (X->failed || depth > EXPAND_MAX_DEPTH)
        return t;
    if (term_is_list(t))
        return walk_list(X, t, ctx, depth);
    if (!term_is_tuple(t) || tuple_arity(t) < 2 || !term_is_atom(tuple_get(t, 0)))
        return t;
    size_t k = tuple_arity(t);
    if (is_node(t, "cons", 4)) { /* along the list, in a loop */
        tstack cells = {0};
        term_t x = t;
        for (; is_node(x, "cons", 4); x = tuple_get(x, 3))
            tstack_push(&cells, x);
        term_t tail = walk(X, x, ctx, depth + 1);
        for (size_t i = cells.n; i-- > 0;) {
            term_t c = cells.items[i], head = walk(X, tuple_get(c, 2), ctx, depth + 1);
            if (head != tuple_get(c, 2) || tail != tuple_get(c, 3)) {
                term_t e[4] = {tuple_get(c, 0), tuple_get(c, 1), head, tail};
                c = term_tuple(X->h, 4, e);
            }
            tail = c;
        }
        tstack_free(&cells);
        return tail;
    }
    if (is_node(t, "clause", 5)) {
        term_t c = with_elem(X, t, 2, walk_list(X, tuple_get(t, 2), CTX_PAT, depth + 1));
        c = with_elem(X, c, 3, expand_guards(X, tuple_get(t, 3), depth + 1));
        return with_elem(X, c, 4, walk_list(X, tuple_get(t, 4), CTX_EXPR, depth + 1));
    }
    if (is_node(t, "match", 4) || is_node(t, "generate", 4) || is_node(t, "b_generate", 4)) {
        int rhs = is_node(t, "match", 4) ? ctx : CTX_EXPR;
        term_t m = with_elem(X, t, 2, walk(X, tuple_get(t, 2), ctx == CTX_GUARD ? ctx : CTX_PAT, depth + 1));
        return with_elem(X, m, 3, walk(X, tuple_get(t, 3), rhs, depth + 1));
    }
    if (is_node(t, "record", 4))
        return expand_record_new(X, t, ctx, depth);
    if (is_node(t, "record", 5))
        return ctx == CTX_EXPR ? expand_record_update(X, t, depth) : t;
    if (is_node(t, "record_field", 5))
        return expand_record_field(X, t, ctx, depth);
    if (is_node(t, "record_index", 4) && is_node(tuple_get(t, 3), "atom", 3)) {
        term_t fields = record_fields(X, tuple_get(t, 2)), key = tuple_get(t, 3);
        if (fields == THE_NON_VALUE)
            return t;
        long pos = field_position(fields, tuple_get(key, 2));
        if (pos < 0) {
            fail_at(X, tuple_get(key, 1), "field %.*s undefined in record %.*s", tuple_get(key, 2), tuple_get(t, 2));
            return t;
        }
        return node3(X, "integer", tuple_get(t, 1), term_small(pos + 2));
    }
    if (is_node(t, "call", 4))
        return expand_call(X, t, ctx, depth);
    term_t r = t;
    for (size_t i = 1; i < k; i++)
        r = with_elem(X, r, i, walk(X, tuple_get(t, i), ctx, depth + 1));
    return r;
}

/* Expands the records of an input's expressions (on X->h) with the table
 * X->records; X->failed and X->msg say what was wrong. */
static term_t expand_records(expander *X, term_t exprs)
{
    X->anno = term_tuple2(X->h, term_small(1), term_small(1));
    X->table_lit = THE_NON_VALUE;
    return walk_list(X, exprs, CTX_EXPR, 0);
}

/* Replaces the table (under lock): `table` is dbgsh_shell's. */
static void set_records(term_t table)
{
    static bool kept;
    heap_t nh;
    heap_init(&nh, ALLOC_TEMP);
    term_t t = copy_term(&nh, table);
    if (kept)
        heap_destroy(&records_heap);
    records_heap = nh;
    records = t;
    kept = true;
}

/* An input that did not compile (out->msg says why): it still goes into
 * h()'s history; th, the input's scratch heap, goes. */
static vm_outcome compile_failed(vm_eval_result *out, unsigned number, const char *text, size_t len, heap_t *th)
{
    pthread_mutex_lock(&lock);
    if (number)
        save_command(number, text, len);
    pthread_mutex_unlock(&lock);
    heap_destroy(th);
    out->parsed = true;
    return out->kind = VM_OUT_ERROR;
}

/* An input in the evaluator, or (command) in the command evaluator. */
static vm_outcome eval_input(bool command, const char *text, size_t len, unsigned number, term_t bindings, heap_t *h,
                             vm_eval_result *out)
{
    memset(out, 0, sizeof *out);
    heap_t th;
    heap_init(&th, ALLOC_TEMP);
    term_t exprs;
    if (parse_exprs_string(&th, text, len, false, &exprs) != PARSE_OK) {
        error_text(exprs, out->msg, sizeof out->msg);
        heap_destroy(&th);
        return out->kind = VM_OUT_ERROR;
    }
    pthread_mutex_lock(&lock);
    expander X = {.h = &th, .records = copy_term(&th, records), .number = number};
    pthread_mutex_unlock(&lock);
    exprs = expand_records(&X, exprs);
    if (X.failed) {
        snprintf(out->msg, sizeof out->msg, "%s", X.msg);
        return compile_failed(out, number, text, len, &th);
    }
    exprs = quote_forgets(&th, exprs);
    exprs = eval_rewrite_fun2ms(&th, exprs, THE_NON_VALUE);
    pthread_mutex_lock(&lock);
    int64_t missing = number ? missing_result(exprs, number) : 0;
    pthread_mutex_unlock(&lock);
    if (missing) {
        snprintf(out->msg, sizeof out->msg, "* %lld: command not found",
                 missing == INT64_MIN ? 0LL : (long long)missing);
        heap_destroy(&th);
        return out->kind = VM_OUT_ERROR;
    }
    /* the bound variables, in order, and their values as the arguments */
    size_t nbound = 0;
    for (term_t l = bindings; term_is_list(l); l = list_tail(l))
        nbound++;
    term_t *names = alloc_new(ALLOC_TEMP, (nbound + 1) * sizeof *names);
    term_t args = NIL;
    size_t i = 0;
    for (term_t l = bindings; term_is_list(l); l = list_tail(l))
        names[i++] = tuple_get(list_head(l), 0);
    term_t vals[nbound + 1];
    i = 0;
    for (term_t l = bindings; term_is_list(l); l = list_tail(l))
        vals[i++] = tuple_get(list_head(l), 1);
    args = term_list_from(&th, vals, nbound, NIL);
    char name[48];
    pthread_mutex_lock(&lock);
    snprintf(name, sizeof name, "dbgsh_shell_%llu", (unsigned long long)++inputs);
    pthread_mutex_unlock(&lock);
    term_t module = atom_from_cstr(name), function = atom_from_cstr("eval");
    lint_diags diags = {0};
    module_code *mc = NULL;
    compile_result cr = compile_exprs(exprs, names, nbound, module, function, THE_NON_VALUE, &mc, &diags);
    alloc_free(ALLOC_TEMP, names, (nbound + 1) * sizeof *names);
    if (cr != COMPILE_OK) {
        /* erl's shell tells the first error only (erl_eval:check_command/2) */
        for (size_t k = 0; k < diags.n; k++) {
            if (diags.v[k].warning)
                continue;
            snprintf(out->msg, sizeof out->msg, "* %u:%u: %s", diags.v[k].line, diags.v[k].col, diags.v[k].text);
            break;
        }
        lint_diags_free(&diags);
        return compile_failed(out, number, text, len, &th);
    }
    lint_diags_free(&diags);
    code_load(mc);

    pthread_mutex_lock(&lock);
    if (!heaps_ready) {
        heap_init(&reply_heap, ALLOC_TEMP);
        heap_init(&bindings_heap, ALLOC_TEMP);
        heaps_ready = true;
    }
    term_t *slot = command ? &command_evaluator : &evaluator;
    if (*slot == NIL)
        *slot = proc_spawn(NULL, atom_from_cstr("dbgsh_shell"), atom_from_cstr("start"), NIL,
                           command ? SPAWN_UNTRACED : 0, NULL, NULL);
    term_t pid = replier = *slot;
    waiting = true;
    ready = false;
    forget_all = false;
    nforget = 0;
    heap_reset(&reply_heap);
    heap_reset(&bindings_heap);
    current_bindings = copy_term(&bindings_heap, bindings);
    current_number = number;
    pthread_mutex_unlock(&lock);

    term_t msg = term_tuple3(&th, atom_from_cstr("dbgsh_eval"), module, args);
    proc_deliver(pid, pid, msg);

    pthread_mutex_lock(&lock);
    bool killed = false;
    while (!ready) {
        if (!killed && atomic_load(&interrupt)) {
            killed = true;
            proc_signal(pid, SIG_EXIT, pid, ATOM_kill, NULL, NIL);
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 50 * 1000000;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&replied, &lock, &until);
    }
    waiting = false;
    atomic_store(&interrupt, false); /* a Ctrl-C is for one input */
    out->module = module;
    term_t r = copy_term(h, reply);
    term_t tag = tuple_get(r, 0);
    /* {value, V, Bs, Table} | {exception, C, R, S, Table}: Table is the
     * record table the input left, or unchanged */
    size_t arity = tuple_arity(r);
    if (((tag == atom_from_cstr("value") && arity == 4) || (tag != ATOM_exit && arity == 5)) &&
        term_is_cons_or_nil(tuple_get(r, arity - 1)))
        set_records(tuple_get(r, arity - 1));
    if (number)
        save_command(number, text, len);
    if (tag == atom_from_cstr("value")) {
        out->kind = VM_OUT_VALUE;
        out->value = tuple_get(r, 1);
        if (number)
            save_result(number, out->value);
        out->bindings = apply_forgets(h, tuple_get(r, 2));
    } else if (tag == ATOM_exit) {
        out->kind = VM_OUT_EXCEPTION;
        out->cls = ATOM_exit;
        out->reason = tuple_get(r, 1);
        out->stack = NIL;
        out->bindings = bindings;
        if (number) /* erl keeps {'EXIT', Reason} as the input's result */
            save_result(number, term_tuple2(h, atom_from_cstr("EXIT"), out->reason));
    } else {
        out->kind = VM_OUT_EXCEPTION;
        out->cls = tuple_get(r, 1);
        out->reason = tuple_get(r, 2);
        out->stack = tuple_get(r, 3);
        out->bindings = bindings;
        if (number) { /* {'EXIT', {Reason, Stack}}, a throw's as {nocatch, R} */
            term_t why = out->cls == atom_from_cstr("throw") ? term_tuple2(h, atom_from_cstr("nocatch"), out->reason)
                                                             : out->reason;
            save_result(number, term_tuple2(h, atom_from_cstr("EXIT"), term_tuple2(h, why, out->stack)));
        }
    }
    current_bindings = NIL;
    pthread_mutex_unlock(&lock);
    heap_destroy(&th);
    return out->kind;
}

vm_outcome vm_eval_shell(const char *text, size_t len, unsigned number, term_t bindings, heap_t *h,
                         vm_eval_result *out)
{
    return eval_input(false, text, len, number, bindings, h, out);
}

vm_outcome vm_eval_command(const char *text, size_t len, term_t bindings, heap_t *h, vm_eval_result *out)
{
    return eval_input(true, text, len, 0, bindings, h, out);
}
