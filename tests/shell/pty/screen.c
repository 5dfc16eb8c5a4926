/* screen.c: the pty harness's terminal model (screen.h): a vt100/xterm
 * screen with scrollback fed the bytes dbgsh writes, and the growable text
 * buffer the harness uses. Checked against tmux by selftest/screen.txt. */
#include "tests/shell/pty/screen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { P_GROUND, P_ESC, P_CSI, P_OSC, P_OSC_ESC, P_SKIP1 };

void *screen_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "pty: out of memory\n");
        exit(2);
    }
    return p;
}

void screen_buf_add(screen_buf *b, const void *p, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 128;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->s = screen_xrealloc(b->s, cap);
        b->cap = cap;
    }
    memcpy(b->s + b->len, p, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void screen_buf_addc(screen_buf *b, char c) { screen_buf_add(b, &c, 1); }

void screen_buf_adds(screen_buf *b, const char *s) { screen_buf_add(b, s, strlen(s)); }

void screen_init(screen *s, int cols, int lines)
{
    memset(s, 0, sizeof *s);
    s->cols = cols;
    s->lines = lines;
}

void screen_free(screen *s)
{
    for (int i = 0; i < s->nrows; i++)
        free(s->rows[i].cell);
    free(s->rows);
    memset(s, 0, sizeof *s);
}

static screen_row *get_row(screen *s, int r)
{
    if (r >= s->caprows) {
        int cap = s->caprows ? s->caprows : 64;
        while (cap <= r)
            cap *= 2;
        s->rows = screen_xrealloc(s->rows, (size_t)cap * sizeof *s->rows);
        memset(s->rows + s->caprows, 0, (size_t)(cap - s->caprows) * sizeof *s->rows);
        s->caprows = cap;
    }
    if (r >= s->nrows)
        s->nrows = r + 1;
    return &s->rows[r];
}

/* Makes room for cells 0..c (new ones 0). */
static void grow_row(screen_row *w, int c)
{
    if (c >= w->cap) {
        int cap = w->cap ? w->cap : 128;
        while (cap <= c)
            cap *= 2;
        w->cell = screen_xrealloc(w->cell, (size_t)cap * sizeof *w->cell);
        memset(w->cell + w->cap, 0, (size_t)(cap - w->cap) * sizeof *w->cell);
        w->cap = cap;
    }
}

static void trim_row(screen_row *w)
{
    while (w->len > 0 && w->cell[w->len - 1] == 0)
        w->len--;
}

static void set_cell(screen_row *w, int c, uint32_t cp)
{
    grow_row(w, c);
    w->cell[c] = cp;
    if (c >= w->len)
        w->len = c + 1;
    trim_row(w);
}

/* Erases cells [from, to) of a row. */
static void erase_cells(screen_row *w, int from, int to)
{
    if (to > w->len)
        to = w->len;
    for (int i = from; i < to; i++)
        w->cell[i] = 0;
    trim_row(w);
}

static void clear_row(screen_row *w) { erase_cells(w, 0, w->len); }

static void move_to(screen *s, int r, int c)
{
    if (r < s->top)
        r = s->top;
    if (r > s->top + s->lines - 1)
        r = s->top + s->lines - 1;
    s->r = r;
    s->c = c < 0 ? 0 : c >= s->cols ? s->cols - 1 : c;
    s->wrap_next = false;
    get_row(s, s->r);
}

static void line_feed(screen *s)
{
    s->wrap_next = false;
    s->r++;
    get_row(s, s->r);
    if (s->r >= s->top + s->lines)
        s->top = s->r - s->lines + 1;
}

static void put_char(screen *s, uint32_t cp)
{
    if (s->wrap_next) {
        s->c = 0;
        line_feed(s);
    }
    set_cell(get_row(s, s->r), s->c, cp);
    if (s->c + 1 >= s->cols)
        s->wrap_next = true;
    else
        s->c++;
}

static void control(screen *s, unsigned char ch)
{
    switch (ch) {
    case '\b':
        s->wrap_next = false;
        if (s->c > 0)
            s->c--;
        break;
    case '\t':
        s->c = (s->c / 8 + 1) * 8;
        if (s->c >= s->cols)
            s->c = s->cols - 1;
        break;
    case '\n':
    case '\v':
    case '\f':
        line_feed(s);
        break;
    case '\r':
        s->c = 0;
        s->wrap_next = false;
        break;
    case 0x1b:
        s->state = P_ESC;
        break;
    default: /* BEL and the rest: nothing to show */
        break;
    }
}

static void erase_display(screen *s, int mode)
{
    int last = s->top + s->lines; /* rows past the screen do not exist yet */
    if (last > s->nrows)
        last = s->nrows;
    if (mode == 0) {
        erase_cells(get_row(s, s->r), s->c, s->cols);
        for (int i = s->r + 1; i < last; i++)
            clear_row(&s->rows[i]);
    } else if (mode == 1) {
        for (int i = s->top; i < s->r; i++)
            clear_row(&s->rows[i]);
        erase_cells(get_row(s, s->r), 0, s->c + 1);
    } else {
        for (int i = s->top; i < last; i++)
            clear_row(&s->rows[i]);
    }
}

static void csi_dispatch(screen *s, unsigned char final)
{
    int p0 = s->nparam > 0 ? s->param[0] : 0, p1 = s->nparam > 1 ? s->param[1] : 0;
    int n = p0 > 0 ? p0 : 1;
    screen_row *w = get_row(s, s->r);
    if (s->priv) {
        if ((final == 'h' || final == 'l') && p0 == 1)
            s->app_cursor = final == 'h';
        return; /* other private modes change nothing we model */
    }
    switch (final) {
    case 'A':
        move_to(s, s->r - n, s->c);
        break;
    case 'B':
        move_to(s, s->r + n, s->c);
        break;
    case 'C':
        move_to(s, s->r, s->c + n);
        break;
    case 'D':
        move_to(s, s->r, s->c - n);
        break;
    case 'E':
        move_to(s, s->r + n, 0);
        break;
    case 'F':
        move_to(s, s->r - n, 0);
        break;
    case 'G':
        move_to(s, s->r, n - 1);
        break;
    case 'd':
        move_to(s, s->top + n - 1, s->c);
        break;
    case 'H':
    case 'f':
        move_to(s, s->top + (p0 > 0 ? p0 : 1) - 1, (p1 > 0 ? p1 : 1) - 1);
        break;
    case 'J':
        erase_display(s, p0);
        break;
    case 'K':
        if (p0 == 0)
            erase_cells(w, s->c, s->cols);
        else if (p0 == 1)
            erase_cells(w, 0, s->c + 1);
        else
            clear_row(w);
        break;
    case 'X':
        erase_cells(w, s->c, s->c + n);
        break;
    case 'P': /* delete n characters, the rest of the row moves left */
        for (int i = s->c; i < w->len; i++)
            w->cell[i] = i + n < w->len ? w->cell[i + n] : 0;
        trim_row(w);
        break;
    case '@': /* insert n blanks, the rest moves right (and off the edge) */
        if (s->c < w->len) {
            int len = w->len + n < s->cols ? w->len + n : s->cols;
            grow_row(w, len - 1);
            for (int i = len - 1; i >= s->c + n; i--)
                w->cell[i] = w->cell[i - n];
            for (int i = s->c; i < s->c + n && i < len; i++)
                w->cell[i] = 0;
            for (int i = len; i < w->len; i++)
                w->cell[i] = 0;
            w->len = len;
            trim_row(w);
        }
        break;
    default: /* SGR, scroll regions, modes: nothing we model */
        break;
    }
}

/* Feeds bytes dbgsh wrote to the terminal. */
void screen_feed(screen *s, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = p[i];
        switch (s->state) {
        case P_GROUND:
            if (s->need > 0) {
                if ((ch & 0xc0) == 0x80) {
                    s->cp = s->cp << 6 | (ch & 0x3f);
                    if (--s->need == 0)
                        put_char(s, s->cp);
                    continue;
                }
                s->need = 0;
                put_char(s, 0xfffd); /* a broken sequence; this byte starts anew */
            }
            if (ch < 0x20 || ch == 0x7f)
                control(s, ch);
            else if (ch < 0x80)
                put_char(s, ch);
            else if (ch >= 0xc2 && ch <= 0xdf)
                s->cp = ch & 0x1f, s->need = 1;
            else if (ch >= 0xe0 && ch <= 0xef)
                s->cp = ch & 0x0f, s->need = 2;
            else if (ch >= 0xf0 && ch <= 0xf4)
                s->cp = ch & 0x07, s->need = 3;
            else
                put_char(s, 0xfffd);
            break;
        case P_ESC:
            s->state = P_GROUND;
            switch (ch) {
            case '[':
                s->state = P_CSI;
                s->nparam = 0;
                s->priv = 0;
                memset(s->param, 0, sizeof s->param);
                break;
            case ']':
                s->state = P_OSC;
                break;
            case '(':
            case ')':
            case '*':
            case '+':
                s->state = P_SKIP1;
                break;
            case '7':
                s->saved_r = s->r, s->saved_c = s->c;
                break;
            case '8':
                move_to(s, s->saved_r, s->saved_c);
                break;
            case 'D':
                line_feed(s);
                break;
            case 'E':
                s->c = 0, line_feed(s);
                break;
            case 'M':
                move_to(s, s->r - 1, s->c);
                break;
            default:
                break; /* ESC = and ESC > (keypad modes) and the rest */
            }
            break;
        case P_CSI:
            if (ch >= '0' && ch <= '9') {
                if (s->nparam == 0)
                    s->nparam = 1;
                int *v = &s->param[s->nparam - 1];
                if (*v < 100000)
                    *v = *v * 10 + (ch - '0');
            } else if (ch == ';') {
                if (s->nparam == 0)
                    s->nparam = 1;
                if (s->nparam < (int)(sizeof s->param / sizeof s->param[0]))
                    s->nparam++;
            } else if (ch == '?' || ch == '>' || ch == '<' || ch == '=') {
                s->priv = (char)ch;
            } else if (ch >= 0x40 && ch <= 0x7e) {
                s->state = P_GROUND;
                csi_dispatch(s, ch);
            } else if (ch < 0x20) {
                control(s, ch);
                if (ch == 0x1b)
                    s->state = P_ESC;
            } /* intermediates (0x20-0x2f) are ignored */
            break;
        case P_OSC:
            if (ch == 0x07)
                s->state = P_GROUND;
            else if (ch == 0x1b)
                s->state = P_OSC_ESC;
            break;
        case P_OSC_ESC:
            s->state = ch == '\\' ? P_GROUND : P_OSC;
            break;
        case P_SKIP1:
            s->state = P_GROUND;
            break;
        }
    }
}

static void add_utf8(screen_buf *b, uint32_t cp)
{
    char u[4];
    size_t n;
    if (cp < 0x80)
        u[0] = (char)cp, n = 1;
    else if (cp < 0x800)
        u[0] = (char)(0xc0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3f)), n = 2;
    else if (cp < 0x10000)
        u[0] = (char)(0xe0 | cp >> 12), u[1] = (char)(0x80 | (cp >> 6 & 0x3f)),
        u[2] = (char)(0x80 | (cp & 0x3f)), n = 3;
    else
        u[0] = (char)(0xf0 | cp >> 18), u[1] = (char)(0x80 | (cp >> 12 & 0x3f)),
        u[2] = (char)(0x80 | (cp >> 6 & 0x3f)), u[3] = (char)(0x80 | (cp & 0x3f)), n = 4;
    screen_buf_add(b, u, n);
}

void screen_render_row(const screen *s, int r, int from, screen_buf *b)
{
    if (r >= s->nrows)
        return;
    const screen_row *w = &s->rows[r];
    for (int i = from; i < w->len; i++)
        add_utf8(b, w->cell[i] ? w->cell[i] : ' ');
}

void screen_row_text(const screen *s, int r, screen_buf *b)
{
    b->len = 0;
    screen_buf_add(b, "", 0);
    screen_render_row(s, r, 0, b);
    while (b->len > 0 && b->s[b->len - 1] == ' ')
        b->s[--b->len] = '\0';
}
