/* A batched Hearts table, compiled: hoyle.games.hearts._fastvec.
 *
 * Why C: a learner wants thousands of deals a second with their observation vectors, which a
 * Python state stepped one action at a time cannot give (about 2 µs a step before encoding).
 * Here one call steps a whole batch of one-deal games: it deals (a seeded shuffle), passes,
 * plays the tricks and scores them, plays the seats the learner does not (at random, or by the
 * playout policy of _fastcore.h), and writes each seat-to-act's legal mask and observation
 * vector into buffers the caller owns.
 *
 * The trick play, the playout policy and the deal's score are _fastcore.h's (hc_legal, hc_play,
 * hc_policy, hc_deal_scores), which tests/hearts/test_fastcore.py checks against the engine;
 * the deal and the pass are written here, after HeartsState._start_deal and ._pass. The vector
 * is HeartsEncoder's (encode.py, the reference) for the phases a one-deal game without jokers,
 * widow, bids or a moon choice has: the pass, the play and the end. hoyle/vector/_table.py
 * computes where each field goes from the encoder itself and hands it here, and
 * tests/vector/ compare both entry for entry at every decision of many deals.
 *
 * The build is optional (setup.py): without a compiler hoyle.vector steps HeartsState objects
 * in Python instead, with the same dice, so both give the same deals and the same vectors.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* Card counts are popcounts in every legal move and random pick: without the instruction gcc
 * calls a library routine, which cost a quarter of a random deal. Every x86-64 CPU since 2008
 * has it; PyInit__fastvec refuses to load (hoyle then steps the Python table) on one without. */
#if defined(__x86_64__) && !defined(__POPCNT__)
#pragma GCC target("popcnt")
#define FV_NEEDS_POPCNT 1
#endif

#include "_fastcore.h"

#define FV_MAX_PASS 8
#define FV_MAX_ACTIONS 128 /* passes and plays of one deal: 6 seats x 6 passed + 52 cards */
#define FV_ACTIONS 201     /* HeartsGame.num_distinct_actions: the mask's width */

enum { PH_PASS = 1, PH_PLAY = 2, PH_OVER = 4 }; /* state.py's phase numbers */
enum { SEAT_LEARNER, SEAT_RANDOM, SEAT_PLAYOUT, SEAT_OUTSIDE };

/* Where each field of the vector starts (HeartsEncoder's f_* and u_* offsets). */
typedef struct {
    int size, nbits, f_block, u, k, cw;
    int f_hand, f_passed, f_recv, f_received, f_phase, f_broken, f_pass_dir; /* -1: none */
    int u_trick, u_played, u_won, u_void, u_turn, u_leader, u_dealer, u_sizes, most, u_passed;
    double score_scale, points_scale, hand_scale;
} Layout;

/* One deal of the batch. */
typedef struct {
    HcPos pos;
    uint64_t rng;    /* this deal's dice: the shuffle, and the seats the table plays */
    uint64_t stream; /* the slot's seed stream: each next deal's seed */
    uint64_t seed;   /* this deal's seed */
    uint64_t dealt[HC_MAX_SEATS];
    uint64_t played[HC_MAX_SEATS]; /* cards each seat played to completed tricks */
    uint64_t received[HC_MAX_SEATS];
    uint8_t passed[HC_MAX_SEATS][FV_MAX_PASS];
    uint8_t npassed[HC_MAX_SEATS];
    uint8_t voids[HC_MAX_SEATS]; /* suits C D H S shown lacking, 4 bits */
    int phase;
    int scores[HC_MAX_SEATS]; /* at the end: the deal's score (penalty points, moon applied) */
    int nactions;
    uint8_t actions[FV_MAX_ACTIONS]; /* the passes and plays, for replaying the deal */
} Deal;

typedef struct {
    PyObject_HEAD
    HcRules r;
    Layout lay;
    int n, hand_size, pass_count, nplan, dealer, eldest, ndeck, batch;
    int broken_at_start; /* must_break_hearts off: hearts count as broken from the start */
    uint8_t plan[FV_MAX_PASS]; /* seats to the left each passed card travels */
    uint8_t deck[HC_CARDS];
    uint8_t kind[HC_MAX_SEATS];
    double sign; /* returns = sign * score */
    uint64_t sampler; /* sample()'s dice */
    Deal *deals;
    Deal *finals; /* each slot's last finished deal */
    uint8_t *ended; /* per slot: a deal ended during the current call */
    float *rewards; /* per slot and seat: the returns of the deal that ended */
} TableObject;

/* ------------------------------------------------------------------ the game */

static uint64_t legal_of(const TableObject *t, const Deal *d) {
    if (d->phase == PH_PASS) return d->pos.hands[d->pos.cur];
    if (d->phase == PH_PLAY) return hc_legal(&t->r, &d->pos);
    return 0;
}

/* HeartsState._begin_play: the holder of the lowest club leads it, or eldest hand leads. */
static void begin_play(const TableObject *t, Deal *d) {
    HcPos *p = &d->pos;
    d->phase = PH_PLAY;
    p->cur = p->leader = t->eldest;
    if (t->r.first_lead_club)
        for (int s = 0; s < t->n; s++)
            if (p->hands[s] & HC_BIT(t->r.lowest_club)) p->cur = p->leader = s;
}

/* HeartsState._start_deal with a seeded shuffle: Fisher-Yates over the pack in card order,
 * then seat eldest + i takes cards i*hand_size … (i+1)*hand_size - 1. */
static void new_deal(const TableObject *t, Deal *d, uint64_t seed) {
    uint64_t stream = d->stream;
    memset(d, 0, sizeof *d);
    d->stream = stream;
    d->seed = d->rng = seed;
    uint8_t cards[HC_CARDS];
    memcpy(cards, t->deck, (size_t)t->ndeck);
    for (int i = t->ndeck - 1; i > 0; i--) {
        int j = hc_below(&d->rng, i + 1);
        uint8_t c = cards[i];
        cards[i] = cards[j];
        cards[j] = c;
    }
    HcPos *p = &d->pos;
    int n = t->n, hs = t->hand_size;
    for (int i = 0; i < n; i++) {
        uint64_t h = 0;
        for (int k = 0; k < hs; k++) h |= HC_BIT(cards[i * hs + k]);
        d->dealt[(t->eldest + i) % n] = p->hands[(t->eldest + i) % n] = h;
    }
    p->lead_suit = -1;
    p->broken = t->broken_at_start;
    if (t->nplan) {
        d->phase = PH_PASS;
        p->cur = t->eldest;
    } else {
        begin_play(t, d);
    }
}

/* HeartsState._pass: one card put aside; once every seat has passed, the exchange. */
static void pass_card(const TableObject *t, Deal *d, int card) {
    HcPos *p = &d->pos;
    int seat = p->cur, n = t->n;
    p->hands[seat] &= ~HC_BIT(card);
    d->passed[seat][d->npassed[seat]++] = (uint8_t)card;
    if (d->npassed[seat] < t->pass_count) return;
    int next = (seat + 1) % n;
    if (next != t->eldest) {
        p->cur = next;
        return;
    }
    for (int s = 0; s < n; s++)
        for (int i = 0; i < t->pass_count; i++)
            d->received[(s + t->plan[i]) % n] |= HC_BIT(d->passed[s][i]);
    for (int s = 0; s < n; s++) p->hands[s] |= d->received[s];
    begin_play(t, d);
}

static void play_card(const TableObject *t, Deal *d, int card) {
    HcPos *p = &d->pos;
    int seat = p->cur, leader = p->leader, done = p->tricks_done;
    if (p->trick_len && p->lead_suit >= 0 && card / 13 != p->lead_suit)
        d->voids[seat] |= (uint8_t)(1 << p->lead_suit);
    hc_play(&t->r, p, card);
    if (p->tricks_done == done) return;
    for (int i = 0; i < t->n; i++) d->played[(leader + i) % t->n] |= HC_BIT(p->trick[i]);
    if (hc_over(&t->r, p)) {
        d->phase = PH_OVER;
        hc_deal_scores(&t->r, p->taken, p->ntricks, p->points, 0, d->scores);
    }
}

static void apply(const TableObject *t, Deal *d, int action) {
    d->actions[d->nactions++] = (uint8_t)action;
    if (d->phase == PH_PASS)
        pass_card(t, d, action);
    else
        play_card(t, d, action);
}

/* The move of a seat the table plays: at random, or by the playout policy (at random in the
 * pass, as play.rollout_move). */
static int table_move(const TableObject *t, Deal *d, int kind) {
    if (kind == SEAT_PLAYOUT && d->phase == PH_PLAY) return hc_policy(&t->r, &d->pos, &d->rng);
    uint64_t legal = legal_of(t, d);
    return hc_nth_bit(legal, hc_below(&d->rng, hc_count(legal)));
}

/* Play the table's seats in slot b until a learner or an outside agent is to act; a deal that
 * ends is scored, kept as the slot's final deal and followed by the slot's next deal. */
static void advance(TableObject *t, int b) {
    Deal *d = &t->deals[b];
    for (;;) {
        if (d->phase == PH_OVER) {
            t->ended[b] = 1;
            for (int s = 0; s < t->n; s++)
                t->rewards[b * t->n + s] = (float)(t->sign * d->scores[s]) + 0.0f; /* no -0 */
            t->finals[b] = *d;
            new_deal(t, d, hc_next(&d->stream));
            continue;
        }
        int kind = t->kind[d->pos.cur];
        if (kind == SEAT_LEARNER || kind == SEAT_OUTSIDE) return;
        apply(t, d, table_move(t, d, kind));
    }
}

/* ------------------------------------------------------------------ the vector */

/* The entries of each byte value: a card set is written eight entries at a
 * time (a bit at a time cost most of a vector's writing, late in a deal when sets fill up). */
static float BYTE_FLOATS[256][8];
/* Entries 0-51 of o from the 52 card bits of m (o already zeroed: nothing past 51 is touched). */
static inline void put_mask(float *o, uint64_t m) {
    if (!m) return;
    for (int i = 0; i < 6; i++) memcpy(o + 8 * i, BYTE_FLOATS[m >> (8 * i) & 255], 32);
    memcpy(o + 48, BYTE_FLOATS[m >> 48 & 15], 16);
}

/* HeartsEncoder.encode for seat p of deal d (the pass, the play, or the end). */
static void write_obs(const TableObject *t, const Deal *d, int p, float *o) {
    const Layout *L = &t->lay;
    const HcPos *q = &d->pos;
    int n = t->n, phase = d->phase;
    memset(o, 0, (size_t)L->size * sizeof(float));
    put_mask(o + L->f_hand, q->hands[p]);
    if (t->nplan) {
        for (int i = 0; i < d->npassed[p]; i++)
            o[L->f_passed + t->plan[i] * L->cw + d->passed[p][i]] = 1.0f;
        if (phase != PH_PASS) { /* as observe: once the cards are exchanged */
            put_mask(o + L->f_received, d->received[p]);
            for (int s = 0; s < n; s++) {
                if (s == p) continue;
                float *from = o + L->f_recv + ((s - p + n) % n) * L->cw;
                for (int i = 0; i < d->npassed[s]; i++)
                    if ((s + t->plan[i]) % n == p) from[d->passed[s][i]] = 1.0f;
            }
        }
    }
    if (L->f_pass_dir >= 0) o[L->f_pass_dir] = 1.0f;
    o[L->f_phase + phase] = 1.0f;
    if (q->broken) o[L->f_broken] = 1.0f;
    int rel[HC_MAX_SEATS]; /* where each seat's block starts, seen from p */
    for (int s = 0, r = n - p; s < n; s++, r++) rel[s] = L->f_block + (r < n ? r : r - n) * L->u;
    for (int s = 0; s < n; s++) {
        float *blk = o + rel[s];
        put_mask(blk + L->u_played, d->played[s]);
        put_mask(blk + L->u_won, q->taken[s]);
        for (int suit = 0; suit < 4; suit++)
            if (d->voids[s] >> suit & 1) blk[L->u_void + suit] = 1.0f;
        int held = hc_count(q->hands[s]);
        if (held > L->most) held = L->most;
        /* (a loop: a memcpy of a variable length became rep movsq, slow to start) */
        for (int j = 0; j < held; j++) blk[L->u_sizes + j] = 1.0f;
        if (L->u_passed >= 0)
            for (int j = 0; j < d->npassed[s]; j++) blk[L->u_passed + j] = 1.0f;
    }
    o[rel[t->dealer] + L->u_dealer] = 1.0f;
    for (int i = 0; i < q->trick_len; i++)
        o[rel[(q->leader + i) % n] + L->u_trick + q->trick[i]] = 1.0f;
    if (phase != PH_OVER) o[rel[q->cur] + L->u_turn] = 1.0f;
    if (phase == PH_PLAY) o[rel[q->leader] + L->u_leader] = 1.0f;
    float *tail = o + L->nbits;
    for (int r = 0; r < n; r++) {
        int s = (p + r) % n;
        if (phase == PH_OVER) tail[r * L->k] = (float)((double)d->scores[s] / L->score_scale);
        tail[r * L->k + 1] = (float)((double)q->points[s] / L->points_scale);
        tail[r * L->k + 2] = (float)((double)q->ntricks[s] / L->hand_scale);
    }
    /* The table's scalar, deals played before this one / 1, is 0 throughout a one-deal game. */
}

static void write_mask(uint64_t legal, uint8_t *m) {
    memset(m, 0, FV_ACTIONS);
    for (; legal; legal &= legal - 1) m[hc_low_bit(legal)] = 1;
}

/* ------------------------------------------------------------------ buffers */

/* A C-contiguous buffer of `count` items of `itemsize` bytes whose format's last letter is
 * one of `kinds`; 0, or -1 with ValueError naming `what`. */
static int get_buf(PyObject *obj, Py_buffer *view, Py_ssize_t itemsize, Py_ssize_t count,
                   const char *kinds, int writable, const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s: a C-contiguous%s numpy array is needed", what,
                     writable ? " writable" : "");
        return -1;
    }
    const char *fmt = view->format ? view->format : "B";
    char letter = fmt[0] ? fmt[strlen(fmt) - 1] : 'B';
    if (view->itemsize != itemsize || view->len != itemsize * count || !strchr(kinds, letter)) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items of %zd bytes (%s) needed, not %zd of %zd (%s)",
                     what, count, itemsize, kinds, view->len / (view->itemsize ? view->itemsize : 1),
                     view->itemsize, fmt);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ the type */

static int dict_int(PyObject *cfg, const char *key, int *out) {
    PyObject *v = PyDict_GetItemString(cfg, key);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "Table config: %s is missing", key);
        return -1;
    }
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    *out = (int)x;
    return 0;
}

static int dict_double(PyObject *cfg, const char *key, double *out) {
    PyObject *v = PyDict_GetItemString(cfg, key);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "Table config: %s is missing", key);
        return -1;
    }
    *out = PyFloat_AsDouble(v);
    return *out == -1.0 && PyErr_Occurred() ? -1 : 0;
}

static int dict_u64(PyObject *cfg, const char *key, uint64_t *out) {
    PyObject *v = PyDict_GetItemString(cfg, key);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "Table config: %s is missing", key);
        return -1;
    }
    unsigned long long x = PyLong_AsUnsignedLongLongMask(v);
    if (x == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = x;
    return 0;
}

/* A list of small ints from cfg[key] into out (at most max); how many, or -1. */
static int dict_ints(PyObject *cfg, const char *key, int *out, int max) {
    PyObject *v = PyDict_GetItemString(cfg, key);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "Table config: %s is missing", key);
        return -1;
    }
    PyObject *fast = PySequence_Fast(v, key);
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > max) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "Table config: %s has more than %d items", key, max);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)x;
    }
    Py_DECREF(fast);
    return (int)len;
}

static void Table_dealloc(TableObject *self) {
    PyMem_Free(self->deals);
    PyMem_Free(self->finals);
    PyMem_Free(self->ended);
    PyMem_Free(self->rewards);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Table(config: dict): see hoyle/vector/_table.py (compiled_config), which builds it. */
static int Table_init(TableObject *self, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"config", NULL};
    PyObject *cfg;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!", kw, &PyDict_Type, &cfg)) return -1;
    HcRules *r = &self->r;
    Layout *L = &self->lay;
    memset(r, 0, sizeof *r);
    int ints[HC_CARDS], moon_sides[HC_MAX_SEATS * 2];
    uint64_t penalty, moon_mask, safe_mask, deck_mask;
    int broken_at_start;
    if (dict_int(cfg, "n", &r->n) || dict_int(cfg, "hand_size", &r->hand_size) ||
        dict_u64(cfg, "penalty", &penalty) || dict_u64(cfg, "moon_mask", &moon_mask) ||
        dict_u64(cfg, "safe_mask", &safe_mask) || dict_u64(cfg, "deck_mask", &deck_mask) ||
        dict_int(cfg, "lowest_club", &r->lowest_club) ||
        dict_int(cfg, "first_lead_club", &r->first_lead_club) ||
        dict_int(cfg, "lead_any_club", &r->lead_any_club) ||
        dict_int(cfg, "first_trick_safe", &r->first_trick_safe) ||
        dict_int(cfg, "queen_breaks", &r->queen_breaks) ||
        dict_int(cfg, "hearts_for_queen", &r->hearts_for_queen) ||
        dict_int(cfg, "moon", &r->moon) || dict_int(cfg, "moon_value", &r->moon_value) ||
        dict_int(cfg, "no_tricks_bonus", &r->no_tricks_bonus) ||
        dict_int(cfg, "heart_queen_doubles", &r->heart_queen_doubles) ||
        dict_int(cfg, "club_queen_cancels", &r->club_queen_cancels) ||
        dict_int(cfg, "broken_at_start", &broken_at_start) ||
        dict_double(cfg, "sign", &self->sign) || dict_int(cfg, "batch", &self->batch) ||
        dict_int(cfg, "dealer", &self->dealer) || dict_int(cfg, "pass_count", &self->pass_count) ||
        dict_u64(cfg, "sample_seed", &self->sampler))
        return -1;
    if (r->n < 3 || r->n > 6 || r->hand_size < 1 || r->hand_size * r->n > 52 ||
        self->batch < 1 || self->pass_count < 0 || self->pass_count > FV_MAX_PASS ||
        r->moon < HC_MOON_NONE || r->moon > HC_MOON_VOID || self->dealer < 0 ||
        self->dealer >= r->n || r->n * (r->hand_size + self->pass_count) > FV_MAX_ACTIONS) {
        PyErr_SetString(PyExc_ValueError, "Table config: the table's sizes are out of range");
        return -1;
    }
    self->n = r->n;
    self->hand_size = r->hand_size;
    self->eldest = (self->dealer + 1) % r->n;
    r->penalty = penalty;
    r->moon_mask = moon_mask;
    r->safe_mask = safe_mask;
    if (dict_ints(cfg, "values", ints, HC_CARDS) < 0) return -1;
    memcpy(r->values, ints, sizeof r->values);
    int nsides = dict_ints(cfg, "sides", moon_sides, HC_MAX_SEATS * 2);
    if (nsides < 0) return -1;
    /* sides: a flat list, two entries a side (the second -1 for a seat alone) */
    r->nsides = nsides / 2;
    for (int i = 0; i < r->nsides; i++) {
        r->sides[i][0] = moon_sides[2 * i];
        r->sides[i][1] = moon_sides[2 * i + 1];
        r->side_len[i] = moon_sides[2 * i + 1] < 0 ? 1 : 2;
    }
    int plan[FV_MAX_PASS], kinds[HC_MAX_SEATS];
    self->nplan = dict_ints(cfg, "plan", plan, FV_MAX_PASS);
    if (self->nplan < 0) return -1;
    if (self->nplan && self->nplan != self->pass_count) {
        PyErr_SetString(PyExc_ValueError, "Table config: the plan has one entry a card passed");
        return -1;
    }
    for (int i = 0; i < self->nplan; i++) {
        if (plan[i] < 1 || plan[i] >= r->n) {
            PyErr_SetString(PyExc_ValueError, "Table config: a pass goes 1 to n-1 seats left");
            return -1;
        }
        self->plan[i] = (uint8_t)plan[i];
    }
    if (dict_ints(cfg, "kinds", kinds, HC_MAX_SEATS) != r->n) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "Table config: kinds has one entry a seat");
        return -1;
    }
    int acting = 0;
    for (int s = 0; s < r->n; s++) {
        if (kinds[s] < SEAT_LEARNER || kinds[s] > SEAT_OUTSIDE) {
            PyErr_SetString(PyExc_ValueError, "Table config: a seat kind is 0-3");
            return -1;
        }
        self->kind[s] = (uint8_t)kinds[s];
        acting |= kinds[s] == SEAT_LEARNER || kinds[s] == SEAT_OUTSIDE;
    }
    if (!acting) {
        PyErr_SetString(PyExc_ValueError, "Table config: no seat is a learner's or an agent's");
        return -1;
    }
    self->ndeck = 0;
    for (int c = 0; c < 52; c++)
        if (deck_mask >> c & 1) self->deck[self->ndeck++] = (uint8_t)c;
    if (self->ndeck != r->n * r->hand_size) {
        PyErr_SetString(PyExc_ValueError, "Table config: the pack does not deal out evenly");
        return -1;
    }
    int lay[22];
    if (dict_ints(cfg, "layout", lay, 22) != 22) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "Table config: 22 layout ints");
        return -1;
    }
    L->size = lay[0], L->nbits = lay[1], L->f_block = lay[2], L->u = lay[3], L->k = lay[4];
    L->cw = lay[5], L->f_hand = lay[6], L->f_passed = lay[7], L->f_recv = lay[8];
    L->f_received = lay[9], L->f_phase = lay[10], L->f_broken = lay[11];
    L->f_pass_dir = lay[12], L->u_trick = lay[13], L->u_played = lay[14], L->u_won = lay[15];
    L->u_void = lay[16], L->u_turn = lay[17], L->u_leader = lay[18], L->u_dealer = lay[19];
    L->u_sizes = lay[20], L->u_passed = lay[21];
    L->most = r->hand_size;
    if (L->k < 3 || L->f_block + r->n * L->u > L->nbits || L->nbits + r->n * L->k > L->size ||
        L->cw < 52) {
        PyErr_SetString(PyExc_ValueError, "Table config: the layout does not fit the vector");
        return -1;
    }
    if (dict_double(cfg, "score_scale", &L->score_scale) ||
        dict_double(cfg, "points_scale", &L->points_scale) ||
        dict_double(cfg, "hand_scale", &L->hand_scale))
        return -1;
    size_t B = (size_t)self->batch;
    PyMem_Free(self->deals);
    PyMem_Free(self->finals);
    PyMem_Free(self->ended);
    PyMem_Free(self->rewards);
    self->deals = PyMem_Calloc(B, sizeof(Deal));
    self->finals = PyMem_Calloc(B, sizeof(Deal));
    self->ended = PyMem_Calloc(B, 1);
    self->rewards = PyMem_Calloc(B * (size_t)r->n, sizeof(float));
    if (!self->deals || !self->finals || !self->ended || !self->rewards) {
        PyErr_NoMemory();
        return -1;
    }
    self->broken_at_start = broken_at_start;
    return 0;
}

/* reset(seeds: uint64[B]) -> int: a new deal in every slot, deal b from seeds[b] (the slot's
 * later deals from its stream, seeded by the same number); the table's seats played up to a
 * learner's or an outside agent's turn. Returns how many slots wait for an outside agent. */
static PyObject *Table_reset(TableObject *self, PyObject *arg) {
    Py_buffer seeds;
    if (get_buf(arg, &seeds, 8, self->batch, "LQlq", 0, "seeds") < 0) return NULL;
    const uint64_t *s = seeds.buf;
    memset(self->ended, 0, (size_t)self->batch);
    memset(self->rewards, 0, (size_t)self->batch * self->n * sizeof(float));
    int pending = 0;
    for (int b = 0; b < self->batch; b++) {
        Deal *d = &self->deals[b];
        d->stream = s[b];
        new_deal(self, d, s[b]);
        advance(self, b);
        pending += self->kind[d->pos.cur] == SEAT_OUTSIDE;
    }
    PyBuffer_Release(&seeds);
    return PyLong_FromLong(pending);
}

/* Copy the deals' ends since the last step into the caller's rewards and terminated. */
static int copy_results(TableObject *self, PyObject *rewards_o, PyObject *terminated_o) {
    Py_buffer rw, tm;
    if (get_buf(rewards_o, &rw, 4, (Py_ssize_t)self->batch * self->n, "f", 1, "rewards") < 0)
        return -1;
    if (get_buf(terminated_o, &tm, 1, self->batch, "?bB", 1, "terminated") < 0) {
        PyBuffer_Release(&rw);
        return -1;
    }
    memcpy(rw.buf, self->rewards, (size_t)self->batch * self->n * sizeof(float));
    memcpy(tm.buf, self->ended, (size_t)self->batch);
    PyBuffer_Release(&rw);
    PyBuffer_Release(&tm);
    return 0;
}

/* Apply actions[i] in slot slots[i] (slots NULL: slot i) for seats of kind `kind`; everything
 * is checked first. Returns the pending count, or -1 - i for the first entry i that is not
 * legal (nothing changed), or -1 - count - i when slot i's seat is not of that kind. */
static long apply_batch(TableObject *self, const int64_t *slots, const int64_t *actions,
                        Py_ssize_t count, int kind) {
    for (Py_ssize_t i = 0; i < count; i++) {
        int64_t b = slots ? slots[i] : i;
        if (b < 0 || b >= self->batch) return -1 - count - i;
        const Deal *d = &self->deals[b];
        if (self->kind[d->pos.cur] != kind) return -1 - count - i;
        int64_t a = actions[i];
        if (a < 0 || a >= 64 || !(legal_of(self, d) >> a & 1)) return -1 - i;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        int64_t b = slots ? slots[i] : i;
        apply(self, &self->deals[b], (int)actions[i]);
        advance(self, (int)b);
    }
    long pending = 0;
    for (int b = 0; b < self->batch; b++)
        pending += self->kind[self->deals[b].pos.cur] == SEAT_OUTSIDE;
    return pending;
}

/* step(actions: int64[B], rewards: float32[B, n], terminated: bool[B]) -> int
 * Each slot's learner seat plays actions[b]; the table's seats then play on; deals that end are
 * scored (rewards: each seat's returns, terminated: True) and the slot deals its next. Returns
 * the number of slots that now wait for an outside agent (see act), or -1 - b when actions[b]
 * is not legal (nothing changed), or -1 - B - b when slot b waits for an outside agent. */
static PyObject *Table_step(TableObject *self, PyObject *args) {
    PyObject *actions_o, *rewards_o, *terminated_o;
    if (!PyArg_ParseTuple(args, "OOO", &actions_o, &rewards_o, &terminated_o)) return NULL;
    Py_buffer av;
    if (get_buf(actions_o, &av, 8, self->batch, "lq", 0, "actions") < 0) return NULL;
    memset(self->ended, 0, (size_t)self->batch);
    memset(self->rewards, 0, (size_t)self->batch * self->n * sizeof(float));
    long got = apply_batch(self, NULL, av.buf, self->batch, SEAT_LEARNER);
    PyBuffer_Release(&av);
    if (got >= 0 && copy_results(self, rewards_o, terminated_o) < 0) return NULL;
    return PyLong_FromLong(got);
}

/* act(slots: int64[k], actions: int64[k], rewards, terminated) -> int: as step, for outside
 * agents' seats in the given slots; deals' ends since step() accumulate. */
static PyObject *Table_act(TableObject *self, PyObject *args) {
    PyObject *slots_o, *actions_o, *rewards_o, *terminated_o;
    if (!PyArg_ParseTuple(args, "OOOO", &slots_o, &actions_o, &rewards_o, &terminated_o))
        return NULL;
    Py_buffer sv, av;
    Py_ssize_t k = PyObject_Length(slots_o);
    if (k < 0) return NULL;
    if (get_buf(slots_o, &sv, 8, k, "lq", 0, "slots") < 0) return NULL;
    if (get_buf(actions_o, &av, 8, k, "lq", 0, "actions") < 0) {
        PyBuffer_Release(&sv);
        return NULL;
    }
    long got = apply_batch(self, sv.buf, av.buf, k, SEAT_OUTSIDE);
    PyBuffer_Release(&sv);
    PyBuffer_Release(&av);
    if (got >= 0 && copy_results(self, rewards_o, terminated_o) < 0) return NULL;
    return PyLong_FromLong(got);
}

/* pending(out: int64[B]) -> int: the slots waiting for an outside agent, first in out. */
static PyObject *Table_pending(TableObject *self, PyObject *arg) {
    Py_buffer v;
    if (get_buf(arg, &v, 8, self->batch, "lq", 1, "out") < 0) return NULL;
    int64_t *out = v.buf;
    long k = 0;
    for (int b = 0; b < self->batch; b++)
        if (self->kind[self->deals[b].pos.cur] == SEAT_OUTSIDE) out[k++] = b;
    PyBuffer_Release(&v);
    return PyLong_FromLong(k);
}

/* current(out: int32[B]): each slot's seat to act. */
static PyObject *Table_current(TableObject *self, PyObject *arg) {
    Py_buffer v;
    if (get_buf(arg, &v, 4, self->batch, "il", 1, "out") < 0) return NULL;
    int32_t *out = v.buf;
    for (int b = 0; b < self->batch; b++) out[b] = self->deals[b].pos.cur;
    PyBuffer_Release(&v);
    Py_RETURN_NONE;
}

/* masks(out: bool[B, 201]): each slot's legal actions for its seat to act. */
static PyObject *Table_masks(TableObject *self, PyObject *arg) {
    Py_buffer v;
    if (get_buf(arg, &v, 1, (Py_ssize_t)self->batch * FV_ACTIONS, "?bB", 1, "mask") < 0)
        return NULL;
    uint8_t *m = v.buf;
    for (int b = 0; b < self->batch; b++)
        write_mask(legal_of(self, &self->deals[b]), m + (size_t)b * FV_ACTIONS);
    PyBuffer_Release(&v);
    Py_RETURN_NONE;
}

/* observe(obs: float32[B, D], mask: bool[B, 201] or None): each slot's seat to act's vector
 * (and legal mask). */
static PyObject *Table_observe(TableObject *self, PyObject *args) {
    PyObject *obs_o, *mask_o = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &obs_o, &mask_o)) return NULL;
    Py_buffer ov, mv;
    const size_t D = (size_t)self->lay.size;
    if (get_buf(obs_o, &ov, 4, (Py_ssize_t)(self->batch * D), "f", 1, "obs") < 0) return NULL;
    int masks = mask_o != Py_None;
    if (masks &&
        get_buf(mask_o, &mv, 1, (Py_ssize_t)self->batch * FV_ACTIONS, "?bB", 1, "mask") < 0) {
        PyBuffer_Release(&ov);
        return NULL;
    }
    float *o = ov.buf;
    for (int b = 0; b < self->batch; b++) {
        const Deal *d = &self->deals[b];
        write_obs(self, d, d->pos.cur, o + b * D);
        if (masks) write_mask(legal_of(self, d), (uint8_t *)mv.buf + (size_t)b * FV_ACTIONS);
    }
    PyBuffer_Release(&ov);
    if (masks) PyBuffer_Release(&mv);
    Py_RETURN_NONE;
}

/* observe_seats(obs: float32[B, D], seats: int32[B], final: bool): seat seats[b]'s vector of
 * slot b's deal under way, or (final) of its last finished deal, for the slots whose deal
 * ended in the last step (the others are left as they are). */
static PyObject *Table_observe_seats(TableObject *self, PyObject *args) {
    PyObject *obs_o, *seats_o;
    int final;
    if (!PyArg_ParseTuple(args, "OOp", &obs_o, &seats_o, &final)) return NULL;
    Py_buffer ov, sv;
    const size_t D = (size_t)self->lay.size;
    if (get_buf(obs_o, &ov, 4, (Py_ssize_t)(self->batch * D), "f", 1, "obs") < 0) return NULL;
    if (get_buf(seats_o, &sv, 4, self->batch, "il", 0, "seats") < 0) {
        PyBuffer_Release(&ov);
        return NULL;
    }
    const int32_t *seats = sv.buf;
    for (int b = 0; b < self->batch; b++) {
        if (seats[b] < 0 || seats[b] >= self->n) {
            PyBuffer_Release(&ov);
            PyBuffer_Release(&sv);
            return PyErr_Format(PyExc_ValueError, "seats[%d]: %d is not a seat", b, seats[b]);
        }
    }
    for (int b = 0; b < self->batch; b++) {
        if (final && !self->ended[b]) continue;
        write_obs(self, final ? &self->finals[b] : &self->deals[b], seats[b],
                  (float *)ov.buf + b * D);
    }
    PyBuffer_Release(&ov);
    PyBuffer_Release(&sv);
    Py_RETURN_NONE;
}

/* sample(out: int64[B]): a legal action for each slot's seat to act, uniformly at random from
 * the table's own dice (seeded by the config's sample_seed). */
static PyObject *Table_sample(TableObject *self, PyObject *arg) {
    Py_buffer v;
    if (get_buf(arg, &v, 8, self->batch, "lq", 1, "out") < 0) return NULL;
    int64_t *out = v.buf;
    for (int b = 0; b < self->batch; b++) {
        uint64_t legal = legal_of(self, &self->deals[b]);
        out[b] = hc_nth_bit(legal, hc_below(&self->sampler, hc_count(legal)));
    }
    PyBuffer_Release(&v);
    Py_RETURN_NONE;
}

/* record(b, final) -> (seed, hands, actions): slot b's deal under way (or its last finished
 * one): its seed, each seat's hand as dealt (masks) and the passes and plays so far. */
static PyObject *Table_record(TableObject *self, PyObject *args) {
    int b, final;
    if (!PyArg_ParseTuple(args, "ip", &b, &final)) return NULL;
    if (b < 0 || b >= self->batch)
        return PyErr_Format(PyExc_IndexError, "slot %d: the batch has %d", b, self->batch);
    const Deal *d = final ? &self->finals[b] : &self->deals[b];
    PyObject *hands = PyTuple_New(self->n);
    if (!hands) return NULL;
    for (int s = 0; s < self->n; s++) {
        PyObject *h = PyLong_FromUnsignedLongLong(d->dealt[s]);
        if (!h) {
            Py_DECREF(hands);
            return NULL;
        }
        PyTuple_SET_ITEM(hands, s, h);
    }
    return Py_BuildValue("KNy#", (unsigned long long)d->seed, hands, (const char *)d->actions,
                         (Py_ssize_t)d->nactions);
}

/* seeds(out: uint64[B]): each slot's deal under way's seed. */
static PyObject *Table_seeds(TableObject *self, PyObject *arg) {
    Py_buffer v;
    if (get_buf(arg, &v, 8, self->batch, "LQ", 1, "out") < 0) return NULL;
    uint64_t *out = v.buf;
    for (int b = 0; b < self->batch; b++) out[b] = self->deals[b].seed;
    PyBuffer_Release(&v);
    Py_RETURN_NONE;
}

static PyMethodDef Table_methods[] = {
    {"reset", (PyCFunction)Table_reset, METH_O, "reset(seeds) -> pending"},
    {"step", (PyCFunction)Table_step, METH_VARARGS, "step(actions, rewards, terminated) -> int"},
    {"act", (PyCFunction)Table_act, METH_VARARGS,
     "act(slots, actions, rewards, terminated) -> int"},
    {"pending", (PyCFunction)Table_pending, METH_O, "pending(out) -> count"},
    {"current", (PyCFunction)Table_current, METH_O, "current(out)"},
    {"masks", (PyCFunction)Table_masks, METH_O, "masks(out)"},
    {"observe", (PyCFunction)Table_observe, METH_VARARGS, "observe(obs, mask=None)"},
    {"observe_seats", (PyCFunction)Table_observe_seats, METH_VARARGS,
     "observe_seats(obs, seats, final)"},
    {"sample", (PyCFunction)Table_sample, METH_O, "sample(out)"},
    {"record", (PyCFunction)Table_record, METH_VARARGS, "record(b, final) -> (seed, hands, actions)"},
    {"seeds", (PyCFunction)Table_seeds, METH_O, "seeds(out)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hoyle.games.hearts._fastvec.Table",
    .tp_doc = "A batch of one-deal Hearts games stepped together (see hoyle.vector).",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Table_init,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastvec",
    "A batched one-deal Hearts table, compiled (see hoyle.vector).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastvec(void) {
    for (int v = 0; v < 256; v++)
        for (int j = 0; j < 8; j++) BYTE_FLOATS[v][j] = (float)(v >> j & 1);
#ifdef FV_NEEDS_POPCNT
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) {
        PyErr_SetString(PyExc_ImportError, "_fastvec needs a CPU with the popcnt instruction");
        return NULL;
    }
#endif
    if (PyType_Ready(&TableType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0 ||
        PyModule_AddIntConstant(m, "ACTIONS", FV_ACTIONS) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
