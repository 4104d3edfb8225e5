/* What the families' compiled cores share (hoyle.games.hearts._fastcore,
 * hoyle.games.all_fours._fastcore): reading Python sequences, building Python lists, and
 * drawing the unseen cards of a world by the splits of hoyle.core.sampling.splits_by_seat.
 *
 * Included by one C file of each extension (everything here is static).
 */
#ifndef HOYLE_CORE_WORLDS_H
#define HOYLE_CORE_WORLDS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define WD_MAX_GROUPS 64
#define WD_MAX_CARDS 64
#define WD_MAX_PLACES 9 /* the seats, and one place for what no hand holds */

/* splitmix64, and a number in 0 .. k-1 each equally likely (Lemire's multiply). */
static inline uint64_t wd_next(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline int wd_below(uint64_t *s, int k) {
    return (int)(((unsigned __int128)wd_next(s) * (unsigned)k) >> 64);
}

/* ------------------------------------------------------------------------- Python helpers */

/* A sequence of at most max ints into out: its length, or -1 with an exception set. */
static inline int wd_read_ints(PyObject *seq, int *out, int max, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > max) {
        PyErr_Format(PyExc_ValueError, "%s: at most %d entries, not %zd", what, max, len);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return (int)len;
}

/* A sequence of at most max card masks of bits cards into out: its length, or -1. */
static inline int wd_read_masks(PyObject *seq, uint64_t *out, int max, int bits, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > max) {
        PyErr_Format(PyExc_ValueError, "%s: at most %d entries, not %zd", what, max, len);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (bits < 64 && v >> bits) {
            PyErr_Format(PyExc_ValueError, "%s: a mask of %d cards, not %llu", what, bits, v);
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (uint64_t)v;
    }
    Py_DECREF(fast);
    return (int)len;
}

/* The set bits of m, lowest first. */
static inline PyObject *wd_mask_list(uint64_t m) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (; m; m &= m - 1) {
        PyObject *v = PyLong_FromLong(__builtin_ctzll(m));
        if (!v || PyList_Append(out, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(v);
    }
    return out;
}

static inline PyObject *wd_float_list(const double *v, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyFloat_FromDouble(v[i]);
        if (!x) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, x);
    }
    return out;
}

static inline PyObject *wd_int_list(const int *v, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, x);
    }
    return out;
}

static inline PyObject *wd_int_tuple(const int *v, int n) {
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, x);
    }
    return out;
}

static inline PyObject *wd_mask_tuple(const uint64_t *m, int n) {
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(m[i]);
        if (!x) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, x);
    }
    return out;
}

/* ------------------------------------------------------------------------- splits */

/* The worlds one seat cannot tell from the real one, as hoyle.core.sampling.Splits gives
 * them: the cards it cannot see grouped by the places (seats, and place n for what no hand
 * holds) that may hold them; a split says how many cards of each group each constrained place
 * takes, drawn with weight the number of deals it stands for, so that every deal that fits is
 * equally likely (sample_by_seat's distribution); the places open to every group then share
 * what is left at random. */
typedef struct {
    int ngroups;
    int group_len[WD_MAX_GROUPS];
    int group_cards[WD_MAX_GROUPS][WD_MAX_CARDS];
    int nconstrained;
    int constrained[WD_MAX_PLACES];
    int nfree;
    int free_place[WD_MAX_PLACES];
    int free_need[WD_MAX_PLACES];
    int nsplits;
    int *takes;         /* nsplits x nconstrained x ngroups */
    double *cumulative; /* the splits' running weights, the last 1 */
} WdSplits;

static inline void wd_splits_free(WdSplits *s) {
    PyMem_Free(s->takes);
    PyMem_Free(s->cumulative);
    s->takes = NULL;
    s->cumulative = NULL;
}

/* Read Splits' fields (places 0 .. places-1; cards masks of bits cards); 0, or -1 with an
 * exception set. Every split must deal out exactly what the groups hold. */
static inline int wd_splits_read(WdSplits *s, int places, int bits, PyObject *groups,
                          PyObject *constrained, PyObject *splits, PyObject *weights,
                          PyObject *free_places, PyObject *free_need) {
    memset(s, 0, sizeof *s);
    uint64_t masks[WD_MAX_GROUPS];
    int ng = wd_read_masks(groups, masks, WD_MAX_GROUPS, bits, "groups");
    if (ng < 0) return -1;
    s->ngroups = ng;
    int total_cards = 0;
    for (int g = 0; g < ng; g++) {
        int k = 0;
        for (uint64_t m = masks[g]; m; m &= m - 1) s->group_cards[g][k++] = __builtin_ctzll(m);
        s->group_len[g] = k;
        total_cards += k;
    }
    s->nconstrained = wd_read_ints(constrained, s->constrained, places, "constrained");
    s->nfree = wd_read_ints(free_places, s->free_place, places, "free_seats");
    if (s->nconstrained < 0 || s->nfree < 0) return -1;
    for (int i = 0; i < s->nconstrained; i++)
        if (s->constrained[i] < 0 || s->constrained[i] >= places) {
            PyErr_Format(PyExc_ValueError, "constrained: places 0-%d", places - 1);
            return -1;
        }
    for (int i = 0; i < s->nfree; i++)
        if (s->free_place[i] < 0 || s->free_place[i] >= places) {
            PyErr_Format(PyExc_ValueError, "free_seats: places 0-%d", places - 1);
            return -1;
        }
    if (wd_read_ints(free_need, s->free_need, places, "free_need") != s->nfree) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "free_need: one a free seat");
        return -1;
    }
    PyObject *sp = PySequence_Fast(splits, "splits");
    if (!sp) return -1;
    Py_ssize_t ns = PySequence_Fast_GET_SIZE(sp);
    int width = s->nconstrained * ng;
    if (ns < 1) {
        Py_DECREF(sp);
        PyErr_SetString(PyExc_ValueError, "splits: at least one");
        return -1;
    }
    s->nsplits = (int)ns;
    s->takes = PyMem_Malloc(sizeof(int) * (size_t)(ns * (width ? width : 1)));
    s->cumulative = PyMem_Malloc(sizeof(double) * (size_t)ns);
    if (!s->takes || !s->cumulative) {
        Py_DECREF(sp);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < ns; i++) {
        if (wd_read_ints(PySequence_Fast_GET_ITEM(sp, i), s->takes + i * width, width,
                         "a split") != width) {
            Py_DECREF(sp);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a split: one a group a seat");
            return -1;
        }
    }
    Py_DECREF(sp);
    int total_need = 0;
    for (int f = 0; f < s->nfree; f++) total_need += s->free_need[f];
    for (Py_ssize_t i = 0; i < ns; i++) {
        int taken = 0;
        for (int g = 0; g < ng; g++) {
            int of_g = 0;
            for (int c = 0; c < s->nconstrained; c++) {
                int k = s->takes[i * width + c * ng + g];
                if (k < 0) {
                    PyErr_SetString(PyExc_ValueError, "a split takes fewer than no cards");
                    return -1;
                }
                of_g += k;
            }
            if (of_g > s->group_len[g]) {
                PyErr_SetString(PyExc_ValueError, "a split takes more than a group holds");
                return -1;
            }
            taken += of_g;
        }
        if (taken + total_need != total_cards) {
            PyErr_SetString(PyExc_ValueError, "a split and the free seats' needs: not every card");
            return -1;
        }
    }
    PyObject *wf = PySequence_Fast(weights, "weights");
    if (!wf) return -1;
    if (PySequence_Fast_GET_SIZE(wf) != ns) {
        Py_DECREF(wf);
        PyErr_SetString(PyExc_ValueError, "weights: one a split");
        return -1;
    }
    double total = 0;
    for (Py_ssize_t i = 0; i < ns; i++) {
        double w = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(wf, i));
        if (w == -1.0 && PyErr_Occurred()) {
            Py_DECREF(wf);
            return -1;
        }
        if (w < 0) {
            Py_DECREF(wf);
            PyErr_SetString(PyExc_ValueError, "weights: none below 0");
            return -1;
        }
        total += w;
        s->cumulative[i] = total;
    }
    Py_DECREF(wf);
    if (!(total > 0)) {
        PyErr_SetString(PyExc_ValueError, "weights: no deal fits");
        return -1;
    }
    for (Py_ssize_t i = 0; i < ns; i++) s->cumulative[i] /= total;
    return 0;
}

/* One world's unseen cards: a split drawn by weight, each group's cards dealt at random by it,
 * then the rest shared among the free places; give(ctx, place, card) places each card. */
static inline void wd_splits_draw(const WdSplits *s, uint64_t *rng, void (*give)(void *, int, int),
                           void *ctx) {
    double u = (double)(wd_next(rng) >> 11) * (1.0 / 9007199254740992.0);
    int lo = 0, hi = s->nsplits - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (s->cumulative[mid] > u) hi = mid;
        else lo = mid + 1;
    }
    int ng = s->ngroups;
    const int *take = s->takes + lo * s->nconstrained * ng;
    int cards[WD_MAX_GROUPS][WD_MAX_CARDS];
    int left[WD_MAX_GROUPS];
    for (int g = 0; g < ng; g++) {
        left[g] = s->group_len[g];
        memcpy(cards[g], s->group_cards[g], sizeof(int) * (size_t)left[g]);
    }
    for (int i = 0; i < s->nconstrained; i++) {
        for (int g = 0; g < ng; g++) {
            for (int k = take[i * ng + g]; k > 0; k--) { /* a random card of what is left */
                int j = wd_below(rng, left[g]);
                int card = cards[g][j];
                cards[g][j] = cards[g][--left[g]];
                give(ctx, s->constrained[i], card);
            }
        }
    }
    int rest[WD_MAX_CARDS], nrest = 0;
    for (int g = 0; g < ng; g++)
        for (int j = 0; j < left[g]; j++) rest[nrest++] = cards[g][j];
    for (int f = 0; f < s->nfree; f++) {
        for (int k = s->free_need[f]; k > 0; k--) {
            int j = wd_below(rng, nrest);
            int card = rest[j];
            rest[j] = rest[--nrest];
            give(ctx, s->free_place[f], card);
        }
    }
}

#endif
