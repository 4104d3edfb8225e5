/* hoyle.games.hearts._fastcore: the compiled core of Hearts' card play, for search.
 *
 * Three types: Rules (what a deal's rules fix, built by fast.py from a HeartsGame and the
 * deal's card values), Pos (a position of the trick play with every hand known: legal moves,
 * play, the playout policy, a playout to the deal's end and its score) and Sampler (the worlds
 * a seat cannot tell from the real one: it draws them, and plays moves out in many of them at
 * once for the search agents). The rules themselves are in _fastcore.h; fast.py is the Python
 * side and says which positions the core plays.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_fastcore.h"
#include "../../core/_worlds.h"

/* ------------------------------------------------------------------------- Rules */

typedef struct {
    PyObject_HEAD
    HcRules r;
} RulesObject;

static int Rules_init(RulesObject *self, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"n", "hand_size", "values", "penalty", "moon_mask", "safe_mask",
                         "lowest_club", "first_lead_club", "lead_any_club", "first_trick_safe",
                         "queen_breaks", "hearts_for_queen", "moon", "moon_value", "sides",
                         "no_tricks_bonus", "heart_queen_doubles", "club_queen_cancels", "sign",
                         NULL};
    HcRules *r = &self->r;
    memset(r, 0, sizeof *r);
    PyObject *values, *sides;
    unsigned long long penalty, moon_mask, safe_mask;
    if (!PyArg_ParseTupleAndKeywords(
            args, kwds, "iiOKKKiiiiiiiiOiiid", kw, &r->n, &r->hand_size, &values, &penalty,
            &moon_mask, &safe_mask, &r->lowest_club, &r->first_lead_club, &r->lead_any_club,
            &r->first_trick_safe, &r->queen_breaks, &r->hearts_for_queen, &r->moon,
            &r->moon_value, &sides, &r->no_tricks_bonus, &r->heart_queen_doubles,
            &r->club_queen_cancels, &r->sign))
        return -1;
    if (r->n < 2 || r->n > HC_MAX_SEATS) {
        PyErr_Format(PyExc_ValueError, "n: 2 to %d players, not %d", HC_MAX_SEATS, r->n);
        return -1;
    }
    if (r->hand_size < 1 || r->hand_size * r->n > HC_CARDS) {
        PyErr_Format(PyExc_ValueError, "hand_size: %d cards for %d players do not fit a pack",
                     r->hand_size, r->n);
        return -1;
    }
    if (r->moon < HC_MOON_NONE || r->moon > HC_MOON_CHOOSE) {
        PyErr_Format(PyExc_ValueError, "moon: a rule 0-%d, not %d", HC_MOON_CHOOSE, r->moon);
        return -1;
    }
    if (wd_read_ints(values, r->values, HC_CARDS, "values") < 0) return -1;
    r->penalty = penalty;
    r->moon_mask = moon_mask;
    r->safe_mask = safe_mask;
    PyObject *fast = PySequence_Fast(sides, "sides");
    if (!fast) return -1;
    Py_ssize_t ns = PySequence_Fast_GET_SIZE(fast);
    if (ns > HC_MAX_SEATS) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "sides: at most one a seat");
        return -1;
    }
    r->nsides = (int)ns;
    for (Py_ssize_t i = 0; i < ns; i++) {
        int got = wd_read_ints(PySequence_Fast_GET_ITEM(fast, i), r->sides[i], 2, "a side");
        if (got < 1) {
            Py_DECREF(fast);
            if (got == 0) PyErr_SetString(PyExc_ValueError, "a side needs a seat");
            return -1;
        }
        r->side_len[i] = got;
    }
    Py_DECREF(fast);
    return 0;
}

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hoyle.games.hearts._fastcore.Rules",
    .tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "What a deal's rules fix for its trick play (built by hoyle.games.hearts.fast).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rules_init,
};

/* ------------------------------------------------------------------------- playouts */

/* Playout.finish from a position: the policy's moves to the end of the deal, the ending solver
 * where it answers (first_cards cards left or fewer where the playout starts, along_cards
 * further on; 0 never); each seat's value, in search's units, into out. */
static void finish(const HcRules *r, HcPos *p, uint64_t *rng, int first_cards, int along_cards,
                   double *out) {
    int moves = 0;
    while (!hc_over(r, p)) {
        int limit = moves ? along_cards : first_cards;
        if (limit && p->tricks_done && (r->hand_size - p->tricks_done) * r->n <= limit &&
            hc_solve(r, p, limit, out))
            return;
        hc_play(r, p, hc_policy(r, p, rng));
        moves++;
    }
    int scores[HC_MAX_SEATS];
    int choice = r->moon == HC_MOON_CHOOSE ? hc_below(rng, 2) : 0;
    hc_deal_scores(r, p->taken, p->ntricks, p->points, choice, scores);
    for (int s = 0; s < r->n; s++) out[s] = r->sign * scores[s];
}

/* ------------------------------------------------------------------------- Pos */

typedef struct {
    PyObject_HEAD
    RulesObject *rules;
    HcPos p;
} PosObject;

static PyTypeObject PosType;

static PosObject *new_pos(RulesObject *rules, const HcPos *p) {
    PosObject *self = PyObject_New(PosObject, &PosType);
    if (!self) return NULL;
    Py_INCREF(rules);
    self->rules = rules;
    self->p = *p;
    return self;
}

static void Pos_dealloc(PosObject *self) {
    Py_XDECREF(self->rules);
    PyObject_Free(self);
}

/* Pos(rules, hands, taken, ntricks, points, trick, leader, lead_suit, win_card, win_pos,
 * trick_pts, tricks_done, broken, widow): a position of the trick play. */
static PyObject *Pos_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    RulesObject *rules;
    PyObject *hands, *taken, *ntricks, *points, *trick;
    HcPos p;
    memset(&p, 0, sizeof p);
    unsigned long long widow;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "O!OOOOOiiiiiiiK", &RulesType, &rules, &hands, &taken, &ntricks,
                          &points, &trick, &p.leader, &p.lead_suit, &p.win_card, &p.win_pos,
                          &p.trick_pts, &p.tricks_done, &p.broken, &widow))
        return NULL;
    int n = rules->r.n;
    if (wd_read_masks(hands, p.hands, n, HC_CARDS, "hands") != n || wd_read_masks(taken, p.taken, n, HC_CARDS, "taken") != n ||
        wd_read_ints(ntricks, p.ntricks, n, "ntricks") != n ||
        wd_read_ints(points, p.points, n, "points") != n) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "one entry a seat: %d", n);
        return NULL;
    }
    int len = wd_read_ints(trick, p.trick, n - 1, "trick");
    if (len < 0) return NULL;
    p.trick_len = len;
    p.widow = widow;
    if (p.leader < 0 || p.leader >= n) {
        PyErr_Format(PyExc_ValueError, "leader: a seat 0-%d, not %d", n - 1, p.leader);
        return NULL;
    }
    p.cur = (p.leader + len) % n;
    if (!len) p.lead_suit = -1;
    (void)type;
    return (PyObject *)new_pos(rules, &p);
}

static PyObject *Pos_legal(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    if (hc_over(&self->rules->r, &self->p)) return PyLong_FromLong(0);
    return PyLong_FromUnsignedLongLong(hc_legal(&self->rules->r, &self->p));
}

static PyObject *Pos_legal_list(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    if (hc_over(&self->rules->r, &self->p)) return PyList_New(0);
    return wd_mask_list(hc_legal(&self->rules->r, &self->p));
}

static PyObject *Pos_apply(PosObject *self, PyObject *arg) {
    long card = PyLong_AsLong(arg);
    if (card == -1 && PyErr_Occurred()) return NULL;
    const HcRules *r = &self->rules->r;
    if (hc_over(r, &self->p) || card < 0 || card >= HC_CARDS ||
        !(hc_legal(r, &self->p) >> card & 1)) {
        PyErr_Format(PyExc_ValueError, "card %ld is not a legal play here", card);
        return NULL;
    }
    hc_play(r, &self->p, (int)card);
    Py_RETURN_NONE;
}

static PyObject *Pos_current(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromLong(hc_over(&self->rules->r, &self->p) ? -1 : self->p.cur);
}

static PyObject *Pos_over(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    return PyBool_FromLong(hc_over(&self->rules->r, &self->p));
}

static PyObject *Pos_copy(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    return (PyObject *)new_pos(self->rules, &self->p);
}

static PyObject *Pos_policy(PosObject *self, PyObject *arg) {
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(arg);
    if (PyErr_Occurred()) return NULL;
    if (hc_over(&self->rules->r, &self->p)) {
        PyErr_SetString(PyExc_ValueError, "the deal is over: nobody plays");
        return NULL;
    }
    uint64_t rng = seed;
    return PyLong_FromLong(hc_policy(&self->rules->r, &self->p, &rng));
}

/* deal_scores(choice): each seat's deal score (unsigned), the deal over. */
static PyObject *Pos_deal_scores(PosObject *self, PyObject *arg) {
    long choice = PyLong_AsLong(arg);
    if (choice == -1 && PyErr_Occurred()) return NULL;
    const HcRules *r = &self->rules->r;
    if (!hc_over(r, &self->p)) {
        PyErr_SetString(PyExc_ValueError, "the deal is not over");
        return NULL;
    }
    int scores[HC_MAX_SEATS];
    hc_deal_scores(r, self->p.taken, self->p.ntricks, self->p.points, (int)choice, scores);
    PyObject *out = PyList_New(r->n);
    if (!out) return NULL;
    for (int s = 0; s < r->n; s++) PyList_SET_ITEM(out, s, PyLong_FromLong(scores[s]));
    return out;
}

/* finish(seed, first_cards, along_cards): play out to the deal's end; each seat's value. */
static PyObject *Pos_finish(PosObject *self, PyObject *args) {
    unsigned long long seed;
    int first_cards, along_cards;
    if (!PyArg_ParseTuple(args, "Kii", &seed, &first_cards, &along_cards)) return NULL;
    double out[HC_MAX_SEATS];
    uint64_t rng = seed;
    finish(&self->rules->r, &self->p, &rng, first_cards, along_cards, out);
    return wd_float_list(out, self->rules->r.n);
}

/* solve(max_cards): the ending solver's values, or None where it does not answer. */
static PyObject *Pos_solve(PosObject *self, PyObject *arg) {
    long max_cards = PyLong_AsLong(arg);
    if (max_cards == -1 && PyErr_Occurred()) return NULL;
    const HcRules *r = &self->rules->r;
    double out[HC_MAX_SEATS];
    if (hc_over(r, &self->p) || !self->p.tricks_done ||
        (r->hand_size - self->p.tricks_done) * r->n > max_cards ||
        !hc_solve(r, &self->p, (int)max_cards, out))
        Py_RETURN_NONE;
    return wd_float_list(out, r->n);
}

/* fields(): (hands, taken, ntricks, points, trick, leader, tricks_done, broken), for tests. */
static PyObject *Pos_fields(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    const HcPos *p = &self->p;
    int n = self->rules->r.n;
    return Py_BuildValue("(NNNNNiii)", wd_mask_tuple(p->hands, n), wd_mask_tuple(p->taken, n),
                         wd_int_tuple(p->ntricks, n), wd_int_tuple(p->points, n),
                         wd_int_tuple(p->trick, p->trick_len), p->leader, p->tricks_done,
                         p->broken);
}

static PyMethodDef Pos_methods[] = {
    {"legal", (PyCFunction)Pos_legal, METH_NOARGS, "The legal cards, as a mask."},
    {"legal_list", (PyCFunction)Pos_legal_list, METH_NOARGS, "The legal cards, in order."},
    {"apply", (PyCFunction)Pos_apply, METH_O, "Play a card (ValueError if illegal)."},
    {"current", (PyCFunction)Pos_current, METH_NOARGS, "The seat to play; -1 once over."},
    {"over", (PyCFunction)Pos_over, METH_NOARGS, "Whether every trick has been played."},
    {"copy", (PyCFunction)Pos_copy, METH_NOARGS, "An independent copy."},
    {"policy", (PyCFunction)Pos_policy, METH_O, "The playout policy's card (dice seed)."},
    {"deal_scores", (PyCFunction)Pos_deal_scores, METH_O, "The deal's scores (moon choice)."},
    {"finish", (PyCFunction)Pos_finish, METH_VARARGS, "Play out; each seat's value."},
    {"solve", (PyCFunction)Pos_solve, METH_O, "The ending solver's values, or None."},
    {"fields", (PyCFunction)Pos_fields, METH_NOARGS, "The position's fields, for tests."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject PosType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hoyle.games.hearts._fastcore.Pos",
    .tp_basicsize = sizeof(PosObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A position of a Hearts deal's trick play with every hand known.",
    .tp_new = Pos_new,
    .tp_dealloc = (destructor)Pos_dealloc,
    .tp_methods = Pos_methods,
};

/* ------------------------------------------------------------------------- Sampler */

/* The worlds one seat cannot tell from the real one: the public position (with the seat's hand
 * and the cards known to be elsewhere placed) and the unseen cards, drawn by the splits of
 * hoyle.core.sampling.splits_by_seat (_worlds.h). Place n is the widow. */
typedef struct {
    PyObject_HEAD
    RulesObject *rules;
    HcPos base;
    WdSplits splits;
    int widow_taker; /* -1: the widow (place n) is still to be taken */
} SamplerObject;

static void Sampler_dealloc(SamplerObject *self) {
    Py_XDECREF(self->rules);
    wd_splits_free(&self->splits);
    PyObject_Free(self);
}

/* Sampler(base, groups, constrained, splits, weights, free_seats, free_need, widow_taker). */
static PyObject *Sampler_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PosObject *base;
    PyObject *groups, *constrained, *splits, *weights, *free_seats, *free_need;
    int widow_taker;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "O!OOOOOOi", &PosType, &base, &groups, &constrained, &splits,
                          &weights, &free_seats, &free_need, &widow_taker))
        return NULL;
    SamplerObject *self = (SamplerObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    Py_INCREF(base->rules);
    self->rules = base->rules;
    self->base = base->p;
    self->widow_taker = widow_taker;
    if (wd_splits_read(&self->splits, base->rules->r.n + 1, HC_CARDS, groups, constrained, splits,
                       weights, free_seats, free_need) < 0)
        goto fail;
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

typedef struct {
    const HcRules *r;
    HcPos *p;
    int widow_taker;
} Giving;

/* Where a drawn card goes: a hand, the widow, or (the widow taken unseen with the first
 * trick) its taker's cards. */
static void give(void *ctx, int place, int card) {
    Giving *to = ctx;
    HcPos *p = to->p;
    if (place < to->r->n) {
        p->hands[place] |= HC_BIT(card);
    } else if (to->widow_taker < 0) {
        p->widow |= HC_BIT(card);
    } else {
        p->taken[to->widow_taker] |= HC_BIT(card);
        p->points[to->widow_taker] += to->r->values[card];
    }
}

/* One world. */
static void draw(const SamplerObject *self, uint64_t *rng, HcPos *out) {
    *out = self->base;
    Giving to = {&self->rules->r, out, self->widow_taker};
    wd_splits_draw(&self->splits, rng, give, &to);
}

static PyObject *Sampler_draw(SamplerObject *self, PyObject *arg) {
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(arg);
    if (PyErr_Occurred()) return NULL;
    uint64_t rng = seed;
    HcPos p;
    draw(self, &rng, &p);
    return (PyObject *)new_pos(self->rules, &p);
}

/* values(moves, worlds, seed, first_cards, along_cards): a list of worlds rows, each the value
 * to the seat to play of each move tried in that world (the same world and the same playout
 * dice for every move of a row). */
static PyObject *Sampler_values(SamplerObject *self, PyObject *args) {
    PyObject *moves_obj;
    int worlds, first_cards, along_cards;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OiKii", &moves_obj, &worlds, &seed, &first_cards, &along_cards))
        return NULL;
    int moves[HC_CARDS];
    int nmoves = wd_read_ints(moves_obj, moves, HC_CARDS, "moves");
    if (nmoves < 0) return NULL;
    const HcRules *r = &self->rules->r;
    uint64_t legal = hc_over(r, &self->base) ? 0 : hc_legal(r, &self->base);
    for (int m = 0; m < nmoves; m++) {
        if (moves[m] < 0 || moves[m] >= HC_CARDS || !(legal >> moves[m] & 1)) {
            PyErr_Format(PyExc_ValueError, "move %d is not a legal play here", moves[m]);
            return NULL;
        }
    }
    if (worlds < 0 || worlds > 1000000) {
        PyErr_Format(PyExc_ValueError, "worlds: 0 to 1,000,000 a call, not %d", worlds);
        return NULL;
    }
    int player = self->base.cur;
    double *found = PyMem_Malloc(sizeof(double) * (size_t)(worlds * nmoves + 1));
    if (!found) return PyErr_NoMemory();
    uint64_t rng = seed;
    Py_BEGIN_ALLOW_THREADS
    for (int w = 0; w < worlds; w++) {
        HcPos world;
        draw(self, &rng, &world);
        uint64_t dice = hc_next(&rng);
        for (int m = 0; m < nmoves; m++) {
            HcPos trial = world;
            uint64_t d = dice;
            double out[HC_MAX_SEATS];
            hc_play(r, &trial, moves[m]);
            finish(r, &trial, &d, first_cards, along_cards, out);
            found[w * nmoves + m] = out[player];
        }
    }
    Py_END_ALLOW_THREADS
    PyObject *rows = PyList_New(worlds);
    if (!rows) goto done;
    for (int w = 0; w < worlds; w++) {
        PyObject *row = wd_float_list(found + w * nmoves, nmoves);
        if (!row) {
            Py_CLEAR(rows);
            goto done;
        }
        PyList_SET_ITEM(rows, w, row);
    }
done:
    PyMem_Free(found);
    return rows;
}

/* redeal(seed, played, plan, passes, eldest): one world as resample.py's _draw_after_exchange
 * makes it, for a directional pass: (hands, dealt, passes, received, actions). played: each
 * seat's cards played this deal; plan: the seats to the left each passed card travels, in
 * choosing order; passes: each seat's passed cards in that order, -1 where the searcher has not
 * seen them. The hidden passes are drawn from the cards their receiver has held since, as
 * resample.py does. actions: the deal's chance actions (from eldest hand, one card a seat in
 * turn, each hand in card order) and then the passes (from eldest hand). */
static PyObject *Sampler_redeal(SamplerObject *self, PyObject *args) {
    unsigned long long seed;
    PyObject *played_obj, *plan_obj, *passes_obj;
    int eldest;
    if (!PyArg_ParseTuple(args, "KOOOi", &seed, &played_obj, &plan_obj, &passes_obj, &eldest))
        return NULL;
    const HcRules *r = &self->rules->r;
    int n = r->n;
    uint64_t played[HC_MAX_SEATS];
    int plan[HC_CARDS], passes[HC_MAX_SEATS * HC_CARDS];
    if (wd_read_masks(played_obj, played, n, HC_CARDS, "played") != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "played: one mask a seat");
        return NULL;
    }
    int count = wd_read_ints(plan_obj, plan, HC_CARDS / n, "plan");
    if (count < 0) return NULL;
    if (wd_read_ints(passes_obj, passes, n * count, "passes") != n * count) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "passes: plan's a seat");
        return NULL;
    }
    uint64_t rng = seed;
    HcPos p;
    draw(self, &rng, &p);
    uint64_t holdings[HC_MAX_SEATS], received[HC_MAX_SEATS] = {0}, dealt[HC_MAX_SEATS];
    for (int s = 0; s < n; s++) holdings[s] = p.hands[s] | played[s];
    for (int s = 0; s < n; s++)
        for (int k = 0; k < count; k++)
            if (passes[s * count + k] >= 0)
                received[(s + plan[k]) % n] |= HC_BIT(passes[s * count + k]);
    for (int s = 0; s < n; s++) {
        for (int k = 0; k < count; k++) {
            if (passes[s * count + k] >= 0) continue;
            int to = (s + plan[k]) % n;
            uint64_t may = holdings[to] & ~received[to];
            if (!may) {
                PyErr_SetString(PyExc_RuntimeError, "no card the hidden pass could have been");
                return NULL;
            }
            int card = hc_nth_bit(may, hc_below(&rng, hc_count(may)));
            passes[s * count + k] = card;
            received[to] |= HC_BIT(card);
        }
    }
    for (int s = 0; s < n; s++) {
        uint64_t gave = 0;
        for (int k = 0; k < count; k++) gave |= HC_BIT(passes[s * count + k]);
        dealt[s] = (holdings[s] & ~received[s]) | gave;
    }
    if (eldest < 0 || eldest >= n) {
        PyErr_Format(PyExc_ValueError, "eldest: a seat 0-%d, not %d", n - 1, eldest);
        return NULL;
    }
    PyObject *passed = PyList_New(n);
    PyObject *actions = PyList_New(n * r->hand_size + n * count);
    if (!passed || !actions) {
        Py_XDECREF(passed);
        Py_XDECREF(actions);
        return NULL;
    }
    for (int s = 0; s < n; s++) {
        PyObject *list = PyList_New(count);
        if (!list) {
            Py_DECREF(passed);
            Py_DECREF(actions);
            return NULL;
        }
        for (int k = 0; k < count; k++)
            PyList_SET_ITEM(list, k, PyLong_FromLong(passes[s * count + k]));
        PyList_SET_ITEM(passed, s, list);
    }
    uint64_t left[HC_MAX_SEATS];
    for (int i = 0; i < n; i++) left[i] = dealt[(eldest + i) % n];
    int at = 0;
    for (int k = 0; k < r->hand_size; k++) {
        for (int i = 0; i < n; i++) { /* each hand's lowest card not yet dealt */
            int card = left[i] ? hc_low_bit(left[i]) : -1;
            left[i] &= left[i] - 1;
            PyList_SET_ITEM(actions, at++, PyLong_FromLong(card));
        }
    }
    for (int i = 0; i < n; i++)
        for (int k = 0; k < count; k++)
            PyList_SET_ITEM(actions, at++, PyLong_FromLong(passes[((eldest + i) % n) * count + k]));
    return Py_BuildValue("(NNNNN)", wd_mask_tuple(p.hands, n), wd_mask_tuple(dealt, n), passed,
                         wd_mask_tuple(received, n), actions);
}

static PyMethodDef Sampler_methods[] = {
    {"draw", (PyCFunction)Sampler_draw, METH_O, "One world (a Pos), from a seed."},
    {"redeal", (PyCFunction)Sampler_redeal, METH_VARARGS,
     "One world's hands, pre-pass hands and passes, from a seed."},
    {"values", (PyCFunction)Sampler_values, METH_VARARGS,
     "Moves tried and played out in many worlds: one row of values a world."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SamplerType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hoyle.games.hearts._fastcore.Sampler",
    .tp_basicsize = sizeof(SamplerObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The worlds a seat cannot tell from the real one, drawn and searched.",
    .tp_new = Sampler_new,
    .tp_dealloc = (destructor)Sampler_dealloc,
    .tp_methods = Sampler_methods,
};

/* ------------------------------------------------------------------------- module */

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_fastcore",
    .m_doc = "The compiled core of Hearts' card play (see hoyle.games.hearts.fast).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__fastcore(void) {
    if (PyType_Ready(&RulesType) < 0 || PyType_Ready(&PosType) < 0 ||
        PyType_Ready(&SamplerType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&RulesType);
    Py_INCREF(&PosType);
    Py_INCREF(&SamplerType);
    if (PyModule_AddObject(m, "Rules", (PyObject *)&RulesType) < 0 ||
        PyModule_AddObject(m, "Pos", (PyObject *)&PosType) < 0 ||
        PyModule_AddObject(m, "Sampler", (PyObject *)&SamplerType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
