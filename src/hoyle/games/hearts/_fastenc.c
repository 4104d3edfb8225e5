/* The Hearts observation tensor in the pass and the play, compiled: hoyle.games.hearts._fastenc.
 *
 * Why C: a Hearts step costs about 2 µs in Python, and the issue asks that encoding cost at most
 * 1.5 steps. The Python encoder (encode.py) is already built around caches and a single numpy
 * call; what is left is the interpreter's cost per operation. This module writes the same vector
 * as HeartsEncoder.encode, for the pass and the play of the games encode.py marks `fast` (all
 * but those that count revokes), reading the cards from the state's own fields. What does not
 * move during a deal's pass or play (the viewer's passes and receipts, the pass direction, the
 * dealer, bids, a Générale, a widow's taker, the scores, the table) is built once per deal by
 * encode.py and handed in as bytes. tests/hearts/test_fastenc.py checks that the two encoders
 * agree entry for entry, for every seat, at every position of random deals of every preset.
 *
 * The build is optional (setup.py): without a compiler hoyle runs the Python encoder alone.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <structmember.h> /* T_OBJECT_EX: how __slots__ members are stored */

/* Where things are in the vector: see HeartsEncoder.__init__, which fills it. */
typedef struct {
    long n, u, f_block, nbits, size, f_hand, f_broken;
    long u_trick, u_played, u_won, u_void, u_turn, u_leader, u_sizes, most, k;
    long f_passed, cw, u_passed, pass_count;
    long jokers, partner_card, u_partner; /* partner_card -1: no slam bid */
    long packs2, f_carry;                 /* two packs: a card set is two planes of 52 */
    long domino, u_out, f_drawn;          /* Domino Hearts: a stock drawn from in the play */
    double points_scale, hand_scale, stock_scale;
} Layout;

/* The state's fields read here. The states keep them in __slots__: their offsets are looked up
 * once per state class, so reading one is a load, not an attribute lookup by name. */
enum {
    F_TRICKS, F_TRICK, F_LEADER, F_CUR, F_HANDS, F_BROKEN, F_POINTS, F_NTRICKS, F_PASSED,
    F_PARTNER, F_TWICE, F_CARRY, F_SEATS, F_TRICK_SEATS, F_DRAWS, F_STOCK, NFIELDS
};
static const char *FIELD_NAMES[NFIELDS] = {
    "_tricks", "_trick", "_leader", "_cur", "_hands", "_broken", "_points", "_ntricks",
    "_passed", "_partner", "_twice", "_carry", "_seats", "_trick_seats", "_draws", "_stock",
};
static PyObject *field_names[NFIELDS];

typedef struct {
    PyTypeObject *type;           /* a strong reference: the offsets are this class's */
    Py_ssize_t offset[NFIELDS];   /* -1: not a slot of the class (looked up by name) */
} Slots;
#define KNOWN 8
static Slots known[KNOWN];
static int nknown;

/* The slot offsets of a state class (NULL past KNOWN classes: then fields go by name). */
static const Slots *slots_of(PyTypeObject *type) {
    for (int i = 0; i < nknown; i++)
        if (known[i].type == type) return &known[i];
    if (nknown == KNOWN) return NULL;
    Slots *s = &known[nknown];
    for (int f = 0; f < NFIELDS; f++) {
        s->offset[f] = -1;
        PyObject *d = PyObject_GetAttr((PyObject *)type, field_names[f]);
        if (!d) {
            PyErr_Clear();
            continue;
        }
        if (Py_IS_TYPE(d, &PyMemberDescr_Type)) {
            PyMemberDef *m = ((PyMemberDescrObject *)d)->d_member;
            if (m->type == T_OBJECT_EX && !(m->flags & READ_RESTRICTED)) s->offset[f] = m->offset;
        }
        Py_DECREF(d);
    }
    Py_INCREF(type);
    s->type = type;
    nknown++;
    return s;
}

/* A new reference to field f of state, or NULL with AttributeError. */
static PyObject *field(PyObject *state, const Slots *slots, int f) {
    if (slots && slots->offset[f] >= 0) {
        PyObject *v = *(PyObject **)((char *)state + slots->offset[f]);
        if (!v) {
            PyErr_Format(PyExc_AttributeError, "the state's %s is not set", FIELD_NAMES[f]);
            return NULL;
        }
        Py_INCREF(v);
        return v;
    }
    return PyObject_GetAttr(state, field_names[f]);
}

static const char *LAYOUT = "hoyle.hearts.layout";

static void free_layout(PyObject *capsule) {
    PyMem_Free(PyCapsule_GetPointer(capsule, LAYOUT));
}

/* layout(ints, points_scale, hand_scale, stock_scale) -> capsule: ints are Layout's 28 integers
 * in order. */
static PyObject *make_layout(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *ints;
    double points_scale, hand_scale, stock_scale;
    if (!PyArg_ParseTuple(args, "O!ddd", &PyTuple_Type, &ints, &points_scale, &hand_scale,
                          &stock_scale))
        return NULL;
    if (PyTuple_GET_SIZE(ints) != 28) {
        PyErr_SetString(PyExc_ValueError, "layout: 28 integers expected");
        return NULL;
    }
    Layout *lay = PyMem_Malloc(sizeof(Layout));
    if (!lay) return PyErr_NoMemory();
    long v[28];
    for (Py_ssize_t i = 0; i < 28; i++) {
        v[i] = PyLong_AsLong(PyTuple_GET_ITEM(ints, i));
        if (v[i] == -1 && PyErr_Occurred()) {
            PyMem_Free(lay);
            return NULL;
        }
    }
    lay->n = v[0], lay->u = v[1], lay->f_block = v[2], lay->nbits = v[3], lay->size = v[4];
    lay->f_hand = v[5], lay->f_broken = v[6], lay->u_trick = v[7], lay->u_played = v[8];
    lay->u_won = v[9], lay->u_void = v[10], lay->u_turn = v[11], lay->u_leader = v[12];
    lay->u_sizes = v[13], lay->most = v[14], lay->k = v[15];
    lay->f_passed = v[16], lay->cw = v[17], lay->u_passed = v[18], lay->pass_count = v[19];
    lay->jokers = v[20], lay->partner_card = v[21], lay->u_partner = v[22];
    lay->packs2 = v[23], lay->f_carry = v[24];
    lay->domino = v[25], lay->u_out = v[26], lay->f_drawn = v[27];
    if (lay->n < 1 || lay->n > 16 || lay->k < 3 || lay->nbits + lay->n * lay->k > lay->size || lay->n * lay->u + lay->f_block > lay->nbits) {
        PyMem_Free(lay);
        PyErr_SetString(PyExc_ValueError, "layout: sizes do not fit the vector");
        return NULL;
    }
    if (lay->domino && lay->k < 4) {
        PyMem_Free(lay);
        PyErr_SetString(PyExc_ValueError, "layout: a stock game has a draws scalar (4th)");
        return NULL;
    }
    lay->points_scale = points_scale;
    lay->hand_scale = hand_scale;
    lay->stock_scale = stock_scale;
    PyObject *capsule = PyCapsule_New(lay, LAYOUT, free_layout);
    if (!capsule) PyMem_Free(lay);
    return capsule;
}

static long as_long(PyObject *obj, int *bad) {
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) *bad = 1;
    return v;
}

/* Set entry i to 1.0 for every set bit i (little-endian bit order) of b below limit. */
static void set_front(float *o, const unsigned char *b, Py_ssize_t len, long limit) {
    for (Py_ssize_t byte = 0; byte < len; byte++) {
        unsigned v = b[byte];
        while (v) {
            long i = byte * 8 + __builtin_ctz(v);
            if (i < limit) o[i] = 1.0f;
            v &= v - 1;
        }
    }
}

/* The card id in `item` (an int below card_ids) into *c; -1 with an exception when it is not. */
static int card_of(PyObject *item, long card_ids, long *c) {
    int bad = 0;
    *c = as_long(item, &bad);
    if (bad) return -1;
    if (*c < 0 || *c >= card_ids) {
        PyErr_SetString(PyExc_ValueError, "a card id out of range");
        return -1;
    }
    return 0;
}

/* The seat in `item` (an int below n) into *seat; -1 with an exception when it is not. */
static int seat_of(PyObject *item, long n, long *seat) {
    int bad = 0;
    *seat = as_long(item, &bad);
    if (bad) return -1;
    if (*seat < 0 || *seat >= n) {
        PyErr_SetString(PyExc_ValueError, "a trick's seat is not a seat");
        return -1;
    }
    return 0;
}

/* One more copy of card c in the card set (once, twice): with two packs a second copy goes to
 * the second plane. */
static void add_card(uint64_t *once, uint64_t *twice, long c) {
    uint64_t bit = 1ULL << c;
    if (*once & bit)
        *twice |= bit;
    else
        *once |= bit;
}

/* Entries at + c for the cards of a card set: the first plane, then (two packs) the second. */
static void put_set(float *o, long at, uint64_t once, uint64_t twice) {
    while (once) {
        o[at + __builtin_ctzll(once)] = 1.0f;
        once &= once - 1;
    }
    while (twice) {
        o[at + 52 + __builtin_ctzll(twice)] = 1.0f;
        twice &= twice - 1;
    }
}

/* encode(layout, state, player, out, front, seats, per_seat, table, plan) -> bool
 *
 * Writes player's view of state (in the play, or in the pass when plan is given) into out, a
 * contiguous float32 buffer of the layout's size, and returns True; returns False, writing
 * nothing, when out is not such a buffer (the caller then uses the Python encoder).
 *   front: the bits before the seat blocks that are fixed for the deal (the viewer's own and
 *     the table's);
 *   seats: the seat-block bits fixed for the deal, by absolute seat;
 *   per_seat: the per-seat float32 scalars by absolute seat (points and tricks are written
 *     here: slot 1 holds what to add to the engine's points, minus a widow's points that only
 *     its taker knows);
 *   table: the table's float32 scalars;
 *   plan: None in the play; in the pass the deal's pass plan as bytes (for each card a seat
 *     passes, in the order chosen, how many seats to the left it goes). In the pass the cards
 *     each seat has put aside move too, and nobody leads.
 * A state whose fields are not what the engine keeps raises (TypeError, ValueError); out may
 * then be part written. */
static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "encode takes 9 arguments");
        return NULL;
    }
    PyObject *plan = args[8];
    int passing = plan != Py_None;
    if (passing && !PyBytes_Check(plan)) {
        PyErr_SetString(PyExc_TypeError, "plan must be bytes or None");
        return NULL;
    }
    Layout *lay = PyCapsule_GetPointer(args[0], LAYOUT);
    if (!lay) return NULL;
    PyObject *state = args[1];
    int bad = 0;
    long player = as_long(args[2], &bad);
    if (bad) return NULL;
    const long n = lay->n, u = lay->u;
    if (player < 0 || player >= n) {
        PyErr_Format(PyExc_ValueError, "player %ld is not a seat (0 to %ld)", player, n - 1);
        return NULL;
    }
    for (int i = 4; i < 8; i++) {
        if (!PyBytes_Check(args[i])) {
            PyErr_SetString(PyExc_TypeError, "front, seats, per_seat and table must be bytes");
            return NULL;
        }
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[3], &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        Py_RETURN_FALSE;
    }
    const char *fmt = view.format ? view.format : "B";
    if (view.itemsize != 4 || view.len != (Py_ssize_t)lay->size * 4 ||
        !(strcmp(fmt, "f") == 0 || strcmp(fmt, "<f") == 0 || strcmp(fmt, "=f") == 0)) {
        PyBuffer_Release(&view);
        Py_RETURN_FALSE;
    }
    float *o = (float *)view.buf;
    PyObject *tricks = NULL, *trick = NULL, *hands = NULL, *points = NULL, *ntricks = NULL;
    PyObject *leader_o = NULL, *cur_o = NULL, *broken_o = NULL, *passed = NULL;
    PyObject *twice = NULL, *carry = NULL, *trick_seats = NULL, *seats_o = NULL, *draws = NULL;
    PyObject *stock = NULL;
    const Slots *slots = slots_of(Py_TYPE(state));
    PyObject *result = NULL;
    tricks = field(state, slots, F_TRICKS);
    trick = tricks ? field(state, slots, F_TRICK) : NULL;
    hands = trick ? field(state, slots, F_HANDS) : NULL;
    points = hands ? field(state, slots, F_POINTS) : NULL;
    ntricks = points ? field(state, slots, F_NTRICKS) : NULL;
    leader_o = ntricks ? field(state, slots, F_LEADER) : NULL;
    cur_o = leader_o ? field(state, slots, F_CUR) : NULL;
    broken_o = cur_o ? field(state, slots, F_BROKEN) : NULL;
    passed = broken_o ? field(state, slots, F_PASSED) : NULL;
    if (!passed) goto done;
    if (!PyList_Check(tricks) || !PyList_Check(trick) || !PyList_Check(hands) ||
        !PyList_Check(points) || !PyList_Check(ntricks) || PyList_GET_SIZE(hands) != n ||
        PyList_GET_SIZE(points) != n || PyList_GET_SIZE(ntricks) != n || !PyList_Check(passed) ||
        PyList_GET_SIZE(passed) != n) {
        PyErr_SetString(PyExc_TypeError, "not a Hearts state of this layout");
        goto done;
    }
    long leader = as_long(leader_o, &bad), cur = as_long(cur_o, &bad);
    int broken = PyObject_IsTrue(broken_o);
    if (bad || broken < 0) goto done;
    if ((!passing && (leader < 0 || leader >= n)) || cur < 0 || cur >= n) {
        PyErr_SetString(PyExc_ValueError, "not in the play or the pass: no seat to act");
        goto done;
    }

    memset(o, 0, (size_t)lay->size * 4);
    /* rel[s]: where absolute seat s's block starts, seen from player (layout() allows 16). */
    long rel[16];
    for (long s = 0; s < n; s++) rel[s] = lay->f_block + ((s - player + n) % n) * u;

    /* The deal's fixed part: front bits, then seat bits by absolute seat. */
    set_front(o, (const unsigned char *)PyBytes_AS_STRING(args[4]), PyBytes_GET_SIZE(args[4]),
              lay->f_block);
    {
        const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(args[5]);
        Py_ssize_t len = PyBytes_GET_SIZE(args[5]);
        long seat = 0, start = 0; /* the block bit i is in, and where that block starts */
        for (Py_ssize_t byte = 0; byte < len; byte++) {
            unsigned v = b[byte];
            while (v) {
                long i = byte * 8 + __builtin_ctz(v);
                v &= v - 1;
                while (seat < n && i >= start + u) {
                    seat++;
                    start += u;
                }
                if (seat < n) o[rel[seat] + i - start] = 1.0f;
            }
        }
    }
    if (broken) o[lay->f_broken] = 1.0f;

    /* The viewer's hand, and every seat's hand size in unary. */
    if (lay->packs2) {
        twice = field(state, slots, F_TWICE);
        if (!twice) goto done;
        if (!PyList_Check(twice) || PyList_GET_SIZE(twice) != n) {
            PyErr_SetString(PyExc_TypeError, "_twice must be a list of masks, one a seat");
            goto done;
        }
    }
    for (long s = 0; s < n; s++) {
        unsigned long long h = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(hands, s));
        if (h == (unsigned long long)-1 && PyErr_Occurred()) goto done;
        unsigned long long t = 0;
        if (twice) {
            t = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(twice, s));
            if (t == (unsigned long long)-1 && PyErr_Occurred()) goto done;
        }
        long held = __builtin_popcountll(h) + __builtin_popcountll(t);
        if (held > lay->most) held = lay->most;
        float *sizes = o + rel[s] + lay->u_sizes;
        for (long j = 0; j < held; j++) sizes[j] = 1.0f;
        if (s == player) {
            /* The jokers (ids 52 and 53) are alike: entries 52 and 53 count them. */
            long jokers = __builtin_popcountll(h >> 52 & 3);
            h &= (1ULL << 52) - 1;
            while (h) {
                o[lay->f_hand + __builtin_ctzll(h)] = 1.0f;
                h &= h - 1;
            }
            for (long j = 0; j < jokers; j++) o[lay->f_hand + 52 + j] = 1.0f;
            put_set(o, lay->f_hand, 0, t);
        }
    }

    /* Completed tricks: cards played and won, suits shown void (a joker counts as card 52,
     * a second one as 53; the suit led is the first natural card's). */
    const long card_ids = lay->jokers ? 54 : 52; /* the jokers are ids 52 and 53 */
    int partner_shown = 0;
    long played_jokers[16], won_jokers[16];
    uint64_t played_once[16], played_twice[16], won_once[16], won_twice[16];
    for (long s = 0; s < n; s++) {
        played_jokers[s] = won_jokers[s] = 0;
        played_once[s] = played_twice[s] = won_once[s] = won_twice[s] = 0;
    }
    Py_ssize_t done_tricks = PyList_GET_SIZE(tricks);
    /* A stock game: who played to each trick (those out of cards do not), and to this one. */
    if (lay->domino) {
        trick_seats = field(state, slots, F_TRICK_SEATS);
        seats_o = trick_seats ? field(state, slots, F_SEATS) : NULL;
        if (!seats_o) goto done;
        if (!PyList_Check(trick_seats) || PyList_GET_SIZE(trick_seats) != done_tricks ||
            !PyList_Check(seats_o)) {
            PyErr_SetString(PyExc_TypeError, "the trick seats do not match the tricks");
            goto done;
        }
    }
    for (Py_ssize_t t = 0; t < done_tricks; t++) {
        PyObject *entry = PyList_GET_ITEM(tricks, t);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 3 ||
            !PyTuple_Check(PyTuple_GET_ITEM(entry, 1))) {
            PyErr_SetString(PyExc_TypeError, "a trick is (leader, cards, winner)");
            goto done;
        }
        long lead_seat = as_long(PyTuple_GET_ITEM(entry, 0), &bad);
        long winner = as_long(PyTuple_GET_ITEM(entry, 2), &bad);
        PyObject *played = PyTuple_GET_ITEM(entry, 1);
        Py_ssize_t count = PyTuple_GET_SIZE(played);
        PyObject *order = trick_seats ? PyList_GET_ITEM(trick_seats, t) : NULL;
        if (order && (!PyTuple_Check(order) || PyTuple_GET_SIZE(order) < count)) {
            PyErr_SetString(PyExc_TypeError, "a trick's seats are a tuple, one a card");
            goto done;
        }
        if (bad) goto done;
        /* (Two packs: a void trick's winner, -1, is written in when a later trick is won.) */
        if (lead_seat < 0 || lead_seat >= n || winner < -1 || winner >= n || count > n ||
            (winner < 0 && !lay->packs2)) {
            PyErr_SetString(PyExc_ValueError, "a trick's leader or winner is not a seat");
            goto done;
        }
        long lead = -1;
        for (Py_ssize_t i = 0; i < count; i++) {
            long c, seat = lead_seat + i < n ? lead_seat + i : lead_seat + i - n;
            if (card_of(PyTuple_GET_ITEM(played, i), card_ids, &c) < 0) goto done;
            if (order && seat_of(PyTuple_GET_ITEM(order, i), n, &seat) < 0) goto done;
            if (c == lay->partner_card) partner_shown = 1;
            if (c >= 52) {
                played_jokers[seat]++;
                if (winner >= 0) won_jokers[winner]++;
                continue;
            }
            add_card(&played_once[seat], &played_twice[seat], c);
            if (winner >= 0) add_card(&won_once[winner], &won_twice[winner], c);
            if (lead < 0)
                lead = c / 13;
            else if (c / 13 != lead)
                o[rel[seat] + lay->u_void + lead] = 1.0f;
        }
    }

    for (long s = 0; s < n; s++) {
        put_set(o, rel[s] + lay->u_played, played_once[s], played_twice[s]);
        put_set(o, rel[s] + lay->u_won, won_once[s], won_twice[s]);
        for (long j = 0; j < played_jokers[s] && j < 2; j++) o[rel[s] + lay->u_played + 52 + j] = 1.0f;
        for (long j = 0; j < won_jokers[s] && j < 2; j++) o[rel[s] + lay->u_won + 52 + j] = 1.0f;
    }

    /* The trick in progress (a joker in entry 52), who leads it and who is to act. */
    {
        Py_ssize_t count = PyList_GET_SIZE(trick);
        long lead = -1;
        for (Py_ssize_t i = 0; i < count && i < n; i++) {
            long c, seat = (leader + i) % n;
            if (card_of(PyList_GET_ITEM(trick, i), card_ids, &c) < 0) goto done;
            if (seats_o) {
                if (i >= PyList_GET_SIZE(seats_o)) {
                    PyErr_SetString(PyExc_ValueError, "more cards in the trick than seats");
                    goto done;
                }
                if (seat_of(PyList_GET_ITEM(seats_o, i), n, &seat) < 0) goto done;
            }
            if (c == lay->partner_card) partner_shown = 1;
            if (c >= 52) {
                o[rel[seat] + lay->u_trick + 52] = 1.0f;
                continue;
            }
            o[rel[seat] + lay->u_trick + c] = 1.0f;
            if (lead < 0)
                lead = c / 13;
            else if (c / 13 != lead)
                o[rel[seat] + lay->u_void + lead] = 1.0f;
        }
        o[rel[cur] + lay->u_turn] = 1.0f;
        if (!passing) o[rel[leader] + lay->u_leader] = 1.0f;
    }

    /* A stock game: who is out of cards, what the viewer drew (draws are (trick, seat, card)),
     * how many each seat drew, and what the stock holds (written with the scalars below). */
    long drew[16];
    for (long s = 0; s < n; s++) drew[s] = 0;
    long stock_left = 0;
    if (lay->domino) {
        for (long s = 0; s < n; s++) {
            PyObject *h = PyList_GET_ITEM(hands, s);
            int empty = PyObject_Not(h);
            if (empty < 0) goto done;
            if (empty) o[rel[s] + lay->u_out] = 1.0f;
        }
        draws = field(state, slots, F_DRAWS);
        stock = draws ? field(state, slots, F_STOCK) : NULL;
        if (!stock) goto done;
        if (!PyList_Check(draws)) {
            PyErr_SetString(PyExc_TypeError, "_draws must be a list");
            goto done;
        }
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(draws); i++) {
            PyObject *d = PyList_GET_ITEM(draws, i);
            if (!PyTuple_Check(d) || PyTuple_GET_SIZE(d) != 3) {
                PyErr_SetString(PyExc_TypeError, "a draw is (trick, seat, card)");
                goto done;
            }
            long seat = as_long(PyTuple_GET_ITEM(d, 1), &bad);
            long c = as_long(PyTuple_GET_ITEM(d, 2), &bad);
            if (bad) goto done;
            if (seat < 0 || seat >= n || c < 0 || c >= 52) {
                PyErr_SetString(PyExc_ValueError, "a draw's seat or card is out of range");
                goto done;
            }
            drew[seat]++;
            if (seat == player) o[lay->f_drawn + c] = 1.0f;
        }
        unsigned long long left = PyLong_AsUnsignedLongLong(stock);
        if (left == (unsigned long long)-1 && PyErr_Occurred()) goto done;
        stock_left = __builtin_popcountll(left);
    }

    /* Two packs: the cards of void tricks waiting for the next trick's winner. */
    if (lay->packs2) {
        carry = field(state, slots, F_CARRY);
        if (!carry) goto done;
        if (!PyList_Check(carry)) {
            PyErr_SetString(PyExc_TypeError, "_carry must be a list of cards");
            goto done;
        }
        uint64_t once = 0, two = 0;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(carry); i++) {
            long c;
            if (card_of(PyList_GET_ITEM(carry, i), 52, &c) < 0) goto done;
            add_card(&once, &two, c);
        }
        put_set(o, lay->f_carry, once, two);
    }

    /* A slam bid's silent partner: known to itself from the bid, to all once the card that
     * made it partner is played. */
    if (lay->partner_card >= 0) {
        PyObject *partner_o = field(state, slots, F_PARTNER);
        if (!partner_o) goto done;
        long partner = as_long(partner_o, &bad);
        Py_DECREF(partner_o);
        if (bad) goto done;
        if (partner >= n) {
            PyErr_SetString(PyExc_ValueError, "the partner is not a seat");
            goto done;
        }
        if (partner >= 0 && (partner_shown || partner == player))
            o[rel[partner] + lay->u_partner] = 1.0f;
    }

    /* In the pass: how many cards each seat has put aside, and where the viewer's go. */
    if (passing) {
        const unsigned char *offsets = (const unsigned char *)PyBytes_AS_STRING(plan);
        Py_ssize_t planned = PyBytes_GET_SIZE(plan);
        for (long s = 0; s < n; s++) {
            PyObject *cards = PyList_GET_ITEM(passed, s);
            if (!PyList_Check(cards)) {
                PyErr_SetString(PyExc_TypeError, "a seat's passed cards are a list");
                goto done;
            }
            Py_ssize_t count = PyList_GET_SIZE(cards);
            if (count > lay->pass_count || count > planned) {
                PyErr_SetString(PyExc_ValueError, "more cards passed than the plan holds");
                goto done;
            }
            for (Py_ssize_t i = 0; i < count; i++) o[rel[s] + lay->u_passed + i] = 1.0f;
            if (s != player) continue;
            for (Py_ssize_t i = 0; i < count; i++) {
                long c = as_long(PyList_GET_ITEM(cards, i), &bad);
                if (bad) goto done;
                /* A joker (52, 53) is counted in the set's two joker entries, when it has them. */
                long top = lay->cw == 54 ? 54 : 52;
                if (c < 0 || c >= top || offsets[i] >= n) {
                    PyErr_SetString(PyExc_ValueError, "a passed card or its offset is out of range");
                    goto done;
                }
                float *set = o + lay->f_passed + offsets[i] * lay->cw;
                if (c >= 52) c = set[52] != 0.0f ? 53 : 52; /* the first joker, then the second */
                set[c] = 1.0f;
            }
        }
    }

    /* Scalars: each seat's, the viewer's first (points and tricks move in the play), then the
     * table's. */
    {
        const float *fixed = (const float *)PyBytes_AS_STRING(args[6]);
        Py_ssize_t k = lay->k;
        if (PyBytes_GET_SIZE(args[6]) != (Py_ssize_t)(n * k * 4) ||
            PyBytes_GET_SIZE(args[7]) != (Py_ssize_t)((lay->size - lay->nbits - n * k) * 4)) {
            PyErr_SetString(PyExc_ValueError, "per_seat or table has the wrong length");
            goto done;
        }
        float *tail = o + lay->nbits;
        for (long r = 0; r < n; r++) {
            long s = (player + r) % n;
            memcpy(tail + r * k, fixed + s * k, (size_t)k * 4);
            long pts = as_long(PyList_GET_ITEM(points, s), &bad);
            long tk = as_long(PyList_GET_ITEM(ntricks, s), &bad);
            if (bad) goto done;
            pts += (long)fixed[s * k + 1];
            tail[r * k + 1] = (float)((double)pts / lay->points_scale);
            tail[r * k + 2] = (float)((double)tk / lay->hand_scale);
            if (lay->domino) tail[r * k + 3] = (float)((double)drew[s] / lay->stock_scale);
        }
        Py_ssize_t ntable = PyBytes_GET_SIZE(args[7]) / 4;
        memcpy(tail + n * k, PyBytes_AS_STRING(args[7]), (size_t)ntable * 4);
        if (lay->domino && ntable)  /* the stock is the table's last scalar */
            tail[n * k + ntable - 1] = (float)((double)stock_left / lay->stock_scale);
    }
    result = Py_True;
    Py_INCREF(result);
done:
    Py_XDECREF(tricks);
    Py_XDECREF(trick);
    Py_XDECREF(hands);
    Py_XDECREF(points);
    Py_XDECREF(ntricks);
    Py_XDECREF(leader_o);
    Py_XDECREF(cur_o);
    Py_XDECREF(broken_o);
    Py_XDECREF(passed);
    Py_XDECREF(twice);
    Py_XDECREF(carry);
    Py_XDECREF(trick_seats);
    Py_XDECREF(seats_o);
    Py_XDECREF(draws);
    Py_XDECREF(stock);
    PyBuffer_Release(&view);
    return result;
}

static PyMethodDef methods[] = {
    {"layout", make_layout, METH_VARARGS,
     "layout(ints, points_scale, hand_scale, stock_scale) -> capsule"},
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(layout, state, player, out, front, seats, per_seat, table, plan) -> bool"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastenc",
    "The Hearts observation tensor in the pass and the play, compiled (see encode.py).", -1,
    methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastenc(void) {
    for (int f = 0; f < NFIELDS; f++) {
        field_names[f] = PyUnicode_InternFromString(FIELD_NAMES[f]);
        if (!field_names[f]) return NULL;
    }
    return PyModule_Create(&module);
}
