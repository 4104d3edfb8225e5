/* hoyle.games.all_fours._fastcore: the compiled core of All Fours' trick play, for search.
 *
 * The Python engine is the reference and the readable statement of the rules: every function
 * here mirrors one there, named in its comment (state.py's playable, winning_place, _play and
 * _complete_trick; play.py's rollout_move; scoring.py's score_hand and counted; solver.py),
 * and tests/all_fours/test_all_fours_fastcore.py checks them against each other.
 *
 * Three types: Rules (what the rules and the hand under way fix, built by fast.py), Pos (a
 * position of the trick play with every hand known: legal cards, play, the playout policy, a
 * playout to the end of the hand, the ending solver and the hand's count) and Sampler (the
 * worlds a seat cannot tell from the real one: it draws them and plays moves out in many at
 * once). Cards are bits of a uint64, suit-major: clubs 0-12, diamonds, hearts, spades.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../../core/_worlds.h"

#define AF_MAX_SEATS 8
#define AF_CARDS 52
#define AF_JACK 9
#define AF_FIVE 3
#define AF_SUIT(s) (((uint64_t)0x1FFF) << (13 * (s)))
#define AF_BIT(c) (((uint64_t)1) << (c))
#define AF_THROW_IN 63 /* state.THROW_IN: the action, and its bit in a mask of legal moves */
#define AF_HIGH_CARDS (((uint64_t)0x1F00) * (1 + (1ULL << 13) + (1ULL << 26) + (1ULL << 39)))

enum { AF_TIE_NOBODY, AF_TIE_ELDEST, AF_TIE_NON_DEALER };
enum { AF_PLAYING, AF_HAND_OVER, AF_GAME_WON };

static const int AF_POINTS[13] = {0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4}; /* T 10, J 1 … */

/* What the rules and the hand under way fix: AllFoursRules' fields and the hand's dealer,
 * pitcher and bid. */
typedef struct {
    int n, step, nsides;
    int side[AF_MAX_SEATS];
    int trump_when_able, no_undertrump, low_captured, game_tie, game_value, hang_jack;
    int smudge, all_four_bonus, pitcher_first, at_once, five_value;
    int throw_in;           /* a player may concede the hand (Yorkshire) */
    int target;             /* 0: no target (a match of so many deals) */
    int dealer, pitcher;    /* pitcher -1: nobody pitched */
    int bid;                /* the bid the pitcher must make (0: none) */
    int kicks[13];          /* turn-up points by rank */
    int next_kick;          /* a seeded game going on: the next hand's turn-up is dealt at once */
} AfRules;

/* A position of the trick play, every hand known. */
typedef struct {
    uint64_t hands[AF_MAX_SEATS];
    uint64_t won[AF_MAX_SEATS];   /* cards taken in tricks, by side */
    uint64_t held[AF_MAX_SEATS];  /* cards played, by the side of the seat that played them */
    int scores[AF_MAX_SEATS];     /* the match totals, by side */
    int root[AF_MAX_SEATS];       /* the totals values are measured from */
    int trick[AF_MAX_SEATS];
    int trick_seats[AF_MAX_SEATS];
    int trick_len;
    int leader, cur, trump;       /* trump -1: the pitch (first card led) fixes it */
    int out;                      /* the seats that threw in their hands, as bits */
    int in_play;                  /* players still playing to tricks */
    int over;                     /* AF_PLAYING, AF_HAND_OVER, AF_GAME_WON */
} AfPos;

/* ------------------------------------------------------------------------- dice and bits */

/* splitmix64: the playout's dice (fast, and seeded from Python for reproducible searches). */
static inline uint64_t af_next(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A number in 0 .. k-1, each equally likely (Lemire's multiply; bias below 2^-58, k < 64). */
static inline int af_below(uint64_t *s, int k) {
    return (int)(((unsigned __int128)af_next(s) * (unsigned)k) >> 64);
}

static inline int af_low_bit(uint64_t m) { return __builtin_ctzll(m); }
static inline int af_high_bit(uint64_t m) { return 63 - __builtin_clzll(m); }
static inline int af_count(uint64_t m) { return __builtin_popcountll(m); }

static inline int af_nth_bit(uint64_t m, int k) {
    while (k-- > 0) m &= m - 1;
    return af_low_bit(m);
}

static inline int af_seat_at(const AfRules *r, int leader, int place) {
    return ((leader + r->step * place) % r->n + r->n) % r->n;
}

/* AllFoursState._card_points: A 4, K 3, Q 2, J 1, T 10, the trump five five_value. */
static inline int af_points(const AfRules *r, int trump, int c) {
    if (c / 13 == trump && c % 13 == AF_FIVE && r->five_value) return r->five_value;
    return AF_POINTS[c % 13];
}

/* The side that played (held) a card, -1 if none did. */
static inline int af_side_of_card(const AfRules *r, const uint64_t *by_side, int c) {
    for (int k = 0; k < r->nsides; k++)
        if (by_side[k] >> c & 1) return k;
    return -1;
}

/* ------------------------------------------------------------------------- the rules of play */

/* state.playable: follow suit if able, or trump instead where trump_when_able allows it. */
static uint64_t af_playable(const AfRules *r, int trump, uint64_t hand, const int *trick,
                            int len) {
    if (!len) return hand;
    int led = trick[0] / 13;
    uint64_t follow = hand & AF_SUIT(led);
    uint64_t legal;
    if (!follow) {
        legal = hand;
    } else if (led == trump || !r->trump_when_able || trump < 0) {
        return follow;
    } else {
        legal = follow | (hand & AF_SUIT(trump));
    }
    if (r->no_undertrump && trump >= 0) {
        uint64_t trumps = AF_SUIT(trump);
        int top = -1;
        for (int i = 0; i < len; i++)
            if (trick[i] / 13 == trump && trick[i] > top) top = trick[i];
        if (top >= 0 && (hand & ~trumps)) legal &= ~(trumps & (AF_BIT(top) - 1));
    }
    return legal;
}

static int af_winning_place(int trump, const int *trick, int len);

/* AllFoursState._may_throw_in: no trump and nothing above a nine, a partner still playing,
 * and the trick not being won by the player's side. */
static int af_may_throw_in(const AfRules *r, const AfPos *p) {
    if (!r->throw_in || !p->trick_len) return 0;
    int seat = p->cur;
    uint64_t hand = p->hands[seat];
    if ((hand & AF_SUIT(p->trump)) || (hand & AF_HIGH_CARDS)) return 0;
    int side = r->side[seat], partners = 0;
    for (int s = 0; s < r->n; s++) partners += r->side[s] == side && !(p->out >> s & 1);
    if (partners < 2) return 0;
    int winning = p->trick_seats[af_winning_place(p->trump, p->trick, p->trick_len)];
    return r->side[winning] != side;
}

/* AllFoursState._legal_now, the play phase: the playable cards, and the throw-in (bit 63). */
static inline uint64_t af_legal(const AfRules *r, const AfPos *p) {
    uint64_t legal = af_playable(r, p->trump, p->hands[p->cur], p->trick, p->trick_len);
    if (af_may_throw_in(r, p)) legal |= AF_BIT(AF_THROW_IN);
    return legal;
}

/* AllFoursState._next_active: the next seat still playing. */
static inline int af_next_active(const AfRules *r, const AfPos *p, int seat) {
    int next = af_seat_at(r, seat, 1);
    while (p->out >> next & 1) next = af_seat_at(r, next, 1);
    return next;
}

/* state.winning_place: the highest trump, else the highest card of the suit led. */
static int af_winning_place(int trump, const int *trick, int len) {
    int led = trick[0] / 13, best = 0, best_key = -1;
    for (int i = 0; i < len; i++) {
        int s = trick[i] / 13, c = trick[i];
        int key = s == trump ? 100 + c : (s == led ? c : -1);
        if (key > best_key) best = i, best_key = key;
    }
    return best;
}

/* scoring.score_hand then scoring.counted: the totals once the hand's points count (from
 * scores into after), the side that has then won (-1: none). won: cards taken by side; held:
 * cards played by side (every card in play). */
static int af_count_hand(const AfRules *r, int trump, const uint64_t *won, const uint64_t *held,
                         const int *scores, int *after) {
    int ns = r->nsides;
    uint64_t played = 0;
    for (int k = 0; k < ns; k++) played |= held[k];
    uint64_t trumps = trump >= 0 ? played & AF_SUIT(trump) : 0;
    int pts_side[8], pts_value[8], pts_kind[8], np = 0;
    if (trumps) {
        int high = af_high_bit(trumps), low = af_low_bit(trumps);
        pts_side[np] = af_side_of_card(r, held, high), pts_value[np] = 1, pts_kind[np++] = 0;
        pts_side[np] = af_side_of_card(r, r->low_captured ? won : held, low);
        pts_value[np] = 1, pts_kind[np++] = 1;
        int jack = trump * 13 + AF_JACK;
        if (trumps >> jack & 1) {
            int had = af_side_of_card(r, held, jack), taken = af_side_of_card(r, won, jack);
            int hung = r->hang_jack && taken != had;
            pts_side[np] = taken, pts_value[np] = hung ? r->hang_jack : 1, pts_kind[np++] = 2;
        }
    }
    /* Game: the most card points, ties as the rules say (scoring._game_side). */
    int card_points[AF_MAX_SEATS], best = -1, ntied = 0, tied[AF_MAX_SEATS];
    for (int k = 0; k < ns; k++) {
        int total = 0;
        for (uint64_t m = won[k] & played; m; m &= m - 1) total += af_points(r, trump, af_low_bit(m));
        card_points[k] = total;
        if (total > best) best = total;
    }
    for (int k = 0; k < ns; k++)
        if (card_points[k] == best) tied[ntied++] = k;
    int game = -1;
    if (ntied == 1) {
        game = tied[0];
    } else if (r->game_tie == AF_TIE_ELDEST) {
        int eldest = r->side[af_seat_at(r, r->dealer, 1)];
        for (int i = 0; i < ntied; i++)
            if (tied[i] == eldest) game = eldest;
    } else if (r->game_tie == AF_TIE_NON_DEALER) {
        int dealer = r->side[r->dealer], in = 0;
        for (int i = 0; i < ntied; i++) in |= tied[i] == dealer;
        if (in && ntied == 2) game = tied[0] == dealer ? tied[1] : tied[0];
    }
    if (game >= 0) pts_side[np] = game, pts_value[np] = r->game_value, pts_kind[np++] = 3;
    int pitcher_side = r->pitcher >= 0 ? r->side[r->pitcher] : -1;
    int bid = r->bid, made = 0;
    for (int i = 0; i < np; i++)
        if (pts_side[i] == pitcher_side) made += pts_value[i];
    int set_back = bid && made < bid;
    if (set_back) { /* the pitcher's side scores nothing of it */
        int k = 0;
        for (int i = 0; i < np; i++)
            if (pts_side[i] != pitcher_side)
                pts_side[k] = pts_side[i], pts_value[k] = pts_value[i], pts_kind[k++] = pts_kind[i];
        np = k;
    }
    int kinds[AF_MAX_SEATS] = {0}, sweeper = -1;
    for (int i = 0; i < np; i++) kinds[pts_side[i]] |= 1 << pts_kind[i];
    for (int i = 0; i < np && sweeper < 0; i++)
        if (kinds[pts_side[i]] == 0xF) sweeper = pts_side[i];
    int smudge = r->smudge && bid == 4 && sweeper >= 0 && sweeper == pitcher_side;
    if (r->all_four_bonus && sweeper >= 0)
        pts_side[np] = sweeper, pts_value[np] = r->all_four_bonus, pts_kind[np++] = 4;
    int order_side[10], order_value[10], no = 0;
    if (set_back) order_side[no] = pitcher_side, order_value[no++] = -bid;
    if (r->pitcher_first && pitcher_side >= 0) {
        for (int i = 0; i < np; i++)
            if (pts_side[i] == pitcher_side) order_side[no] = pts_side[i], order_value[no++] = pts_value[i];
        for (int i = 0; i < np; i++)
            if (pts_side[i] != pitcher_side) order_side[no] = pts_side[i], order_value[no++] = pts_value[i];
    } else {
        for (int i = 0; i < np; i++) order_side[no] = pts_side[i], order_value[no++] = pts_value[i];
    }
    for (int k = 0; k < ns; k++) after[k] = scores[k];
    if (smudge) {
        for (int i = 0; i < no; i++) after[order_side[i]] += order_value[i];
        return pitcher_side;
    }
    for (int i = 0; i < no; i++) {
        if (!order_value[i]) continue;
        after[order_side[i]] += order_value[i];
        if (r->target && after[order_side[i]] >= r->target) return order_side[i];
    }
    return -1;
}

/* AllFoursState._complete_trick: the trick to its winner (All Fives' trumps scoring for it at
 * once), the hand counted when the cards are out. */
static void af_complete_trick(const AfRules *r, AfPos *p) {
    int len = p->trick_len;
    int winner = p->trick_seats[af_winning_place(p->trump, p->trick, len)];
    int side = r->side[winner];
    int pts = 0;
    for (int i = 0; i < len; i++) {
        p->won[side] |= AF_BIT(p->trick[i]);
        if (p->trick[i] / 13 == p->trump) pts += af_points(r, p->trump, p->trick[i]);
    }
    p->trick_len = 0;
    p->leader = p->cur = winner;
    if (r->at_once && pts) {
        p->scores[side] += pts;
        if (r->target && p->scores[side] >= r->target) {
            p->over = AF_GAME_WON;
            return;
        }
    }
    uint64_t left = 0;
    for (int s = 0; s < r->n; s++) left |= p->hands[s];
    if (!left) {
        int after[AF_MAX_SEATS];
        int won = af_count_hand(r, p->trump, p->won, p->held, p->scores, after);
        memcpy(p->scores, after, sizeof(int) * (size_t)r->nsides);
        p->over = won >= 0 ? AF_GAME_WON : AF_HAND_OVER;
    }
}

/* AllFoursState._play: one card (the first led fixes trumps at the pitch). */
static void af_play_card(const AfRules *r, AfPos *p, int card) {
    int seat = p->cur;
    uint64_t bit = AF_BIT(card);
    p->hands[seat] &= ~bit;
    p->held[r->side[seat]] |= bit;
    if (!p->trick_len && p->trump < 0) p->trump = card / 13; /* the pitch */
    p->trick_seats[p->trick_len] = seat;
    p->trick[p->trick_len++] = card;
    if (p->trick_len < p->in_play) {
        p->cur = af_next_active(r, p, seat);
        return;
    }
    af_complete_trick(r, p);
}

/* AllFoursState._throw_in: the hand conceded (shown, and out of play); the partner plays on. */
static void af_throw_in(const AfRules *r, AfPos *p) {
    int seat = p->cur;
    p->out |= 1 << seat;
    p->in_play--;
    p->hands[seat] = 0;
    if (p->trick_len >= p->in_play) {
        af_complete_trick(r, p);
        return;
    }
    p->cur = af_next_active(r, p, seat);
}

/* A legal move: a card, or the throw-in. */
static void af_play(const AfRules *r, AfPos *p, int move) {
    if (move == AF_THROW_IN) af_throw_in(r, p);
    else af_play_card(r, p, move);
}

/* play.py's _trick_key: how strongly a card stands in a trick led in led. */
static inline int af_key(int c, int led, int trump) {
    int s = c / 13;
    return s == trump ? 100 + c : (s == led ? c : -1);
}

/* play.rollout_move, the play branch: a random lead; else the cheapest card that wins a trick
 * holding a counting card, else the lowest card (plain before trump, fewest card points, lowest
 * rank, the first such in card order). */
static int af_policy(const AfRules *r, const AfPos *p, uint64_t *rng) {
    uint64_t legal = af_legal(r, p);
    int k = af_count(legal);
    if (k == 1) return af_low_bit(legal);
    /* A random lead; with the throw-in among the moves, a random move. */
    if (!p->trick_len || (legal >> AF_THROW_IN & 1)) return af_nth_bit(legal, af_below(rng, k));
    int trump = p->trump, led = p->trick[0] / 13, best = -1, worth = 0;
    for (int i = 0; i < p->trick_len; i++) {
        int key = af_key(p->trick[i], led, trump);
        if (key > best) best = key;
        worth += af_points(r, trump, p->trick[i]);
    }
    if (worth) {
        int pick = -1, pick_key = 1 << 30;
        for (uint64_t m = legal; m; m &= m - 1) {
            int c = af_low_bit(m), key = af_key(c, led, trump);
            if (key > best && key < pick_key) pick = c, pick_key = key;
        }
        if (pick >= 0) return pick;
    }
    int pick = -1, pick_rank = 1 << 30;
    for (uint64_t m = legal; m; m &= m - 1) {
        int c = af_low_bit(m);
        int rank = (c / 13 == trump) * 10000 + af_points(r, trump, c) * 100 + c % 13;
        if (rank < pick_rank) pick = c, pick_rank = rank;
    }
    return pick;
}

/* ------------------------------------------------------------------------- the ending solver */

/* solver._Solver: max^n over the cards left, each seat preferring more for itself, then less
 * for the others, then the lowest card; touching cards that are sure to do the same are tried
 * once (core.endings.distinct_cards). Values are each seat's gain from the solver's start. */
typedef struct {
    const AfRules *r;
    int trump;
    uint64_t hands[AF_MAX_SEATS];
    uint64_t won[AF_MAX_SEATS];
    uint64_t held[AF_MAX_SEATS];  /* every card in play, by the side that plays it */
    int scores[AF_MAX_SEATS];
    int start[AF_MAX_SEATS];      /* by side */
    uint64_t special;
    int points[AF_CARDS];
} AfSolve;

static void sv_gains(const AfSolve *s, const int *totals, int *out) {
    for (int seat = 0; seat < s->r->n; seat++) {
        int side = s->r->side[seat];
        out[seat] = totals[side] - s->start[side];
    }
}

static inline int sv_prefers(const int *value, const int *best, int n, int seat) {
    if (value[seat] != best[seat]) return value[seat] > best[seat];
    int a = 0, b = 0;
    for (int i = 0; i < n; i++) a += value[i], b += best[i];
    return a < b;
}

static void sv_card(AfSolve *s, int leader, int *trick, int len, int *out);

static void sv_leaf(AfSolve *s, int *out) {
    int after[AF_MAX_SEATS];
    af_count_hand(s->r, s->trump, s->won, s->held, s->scores, after);
    sv_gains(s, after, out);
}

static void sv_end_trick(AfSolve *s, int leader, int *trick, int *out) {
    const AfRules *r = s->r;
    int winner = af_seat_at(r, leader, af_winning_place(s->trump, trick, r->n));
    int side = r->side[winner];
    uint64_t before_won = s->won[side];
    int before_score = s->scores[side];
    int gained = 0;
    for (int i = 0; i < r->n; i++) {
        s->won[side] |= AF_BIT(trick[i]);
        if (trick[i] / 13 == s->trump) gained += s->points[trick[i]];
    }
    int done = 0;
    if (r->at_once) {
        s->scores[side] += gained;
        if (gained && r->target && s->scores[side] >= r->target) {
            sv_gains(s, s->scores, out);
            done = 1;
        }
    }
    if (!done) {
        if (!s->hands[winner]) {
            sv_leaf(s, out);
        } else {
            int fresh[AF_MAX_SEATS];
            sv_card(s, winner, fresh, 0, out);
        }
    }
    s->won[side] = before_won;
    s->scores[side] = before_score;
}

static void sv_card(AfSolve *s, int leader, int *trick, int len, int *out) {
    const AfRules *r = s->r;
    int n = r->n;
    if (len == n) {
        sv_end_trick(s, leader, trick, out);
        return;
    }
    int seat = af_seat_at(r, leader, len);
    uint64_t hand = s->hands[seat];
    uint64_t cand = af_playable(r, s->trump, hand, trick, len);
    uint64_t live = 0;
    for (int i = 0; i < len; i++) live |= AF_BIT(trick[i]);
    for (int o = 0; o < n; o++)
        if (o != seat) live |= s->hands[o];
    int best[AF_MAX_SEATS], value[AF_MAX_SEATS], have = 0, last = -1;
    for (uint64_t m = cand; m; m &= m - 1) {
        int c = af_low_bit(m);
        uint64_t bit = AF_BIT(c);
        int same = last >= 0 && c / 13 == last / 13 && s->points[c] == s->points[last] &&
                   !((bit | AF_BIT(last)) & s->special) && !(live & (bit - (AF_BIT(last) << 1)));
        last = c;
        if (same) continue;
        s->hands[seat] = hand ^ bit;
        trick[len] = c;
        sv_card(s, leader, trick, len + 1, value);
        if (!have || sv_prefers(value, best, n, seat)) {
            memcpy(best, value, sizeof(int) * (size_t)n);
            have = 1;
        }
    }
    s->hands[seat] = hand;
    memcpy(out, best, sizeof(int) * (size_t)n);
}

/* solver.solve on a position of max_cards cards left or fewer, trumps fixed: each seat's gain
 * from here to the end of the hand played perfectly, into out; 0 when it does not answer. */
static int af_solve(const AfRules *r, const AfPos *p, int max_cards, int *out) {
    if (p->over || p->trump < 0 || r->throw_in || p->out) return 0;
    int held = 0;
    for (int s = 0; s < r->n; s++) held += af_count(p->hands[s]);
    if (held > max_cards) return 0;
    AfSolve s;
    s.r = r;
    s.trump = p->trump;
    memcpy(s.hands, p->hands, sizeof s.hands);
    memcpy(s.won, p->won, sizeof s.won);
    memcpy(s.held, p->held, sizeof s.held);
    memcpy(s.scores, p->scores, sizeof s.scores);
    memcpy(s.start, p->scores, sizeof s.start);
    uint64_t in_play = 0;
    for (int seat = 0; seat < r->n; seat++) {
        s.held[r->side[seat]] |= p->hands[seat];
        in_play |= p->hands[seat];
    }
    for (int k = 0; k < r->nsides; k++) in_play |= p->won[k];
    for (int i = 0; i < p->trick_len; i++) in_play |= AF_BIT(p->trick[i]);
    for (int c = 0; c < AF_CARDS; c++) s.points[c] = af_points(r, p->trump, c);
    uint64_t trumps = AF_SUIT(p->trump);
    s.special = AF_BIT(p->trump * 13 + AF_JACK);
    if (r->low_captured) {
        uint64_t low = in_play & trumps;
        s.special |= low & (~low + 1);
    }
    int trick[AF_MAX_SEATS];
    memcpy(trick, p->trick, sizeof trick);
    sv_card(&s, p->leader, trick, p->trick_len, out);
    return 1;
}

/* ------------------------------------------------------------------------- playouts */

/* Playout.finish from a position: the policy's moves to the end of the hand, the ending solver
 * where it answers (first_cards cards left or fewer where the playout starts, along_cards
 * further on; 0 never); each seat's gain since p->root into out. A seeded game's next hand is
 * dealt at once, and the kick of its turn-up counts too (as the engine's playout finds it). */
static void af_finish(const AfRules *r, AfPos *p, uint64_t *rng, int first_cards,
                      int along_cards, double *out) {
    int moves = 0;
    while (!p->over) {
        int limit = moves ? along_cards : first_cards;
        int exact[AF_MAX_SEATS];
        if (limit && af_solve(r, p, limit, exact)) {
            for (int s = 0; s < r->n; s++) {
                int side = r->side[s];
                out[s] = (double)(p->scores[side] - p->root[side]) + (double)exact[s];
            }
            return;
        }
        af_play(r, p, af_policy(r, p, rng));
        moves++;
    }
    if (p->over == AF_HAND_OVER && r->next_kick) {
        int card = af_below(rng, AF_CARDS);
        int dealer = af_seat_at(r, r->dealer, 1);
        p->scores[r->side[dealer]] += r->kicks[card % 13];
    }
    for (int s = 0; s < r->n; s++) out[s] = (double)(p->scores[r->side[s]] - p->root[r->side[s]]);
}

/* ------------------------------------------------------------------------- Rules */

typedef struct {
    PyObject_HEAD
    AfRules r;
} RulesObject;

static int Rules_init(RulesObject *self, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"n", "step", "sides", "trump_when_able", "no_undertrump",
                         "low_captured", "game_tie", "game_value", "hang_jack", "smudge",
                         "all_four_bonus", "pitcher_first", "at_once", "five_value", "throw_in", "target",
                         "dealer", "pitcher", "bid", "kicks", "next_kick", NULL};
    AfRules *r = &self->r;
    memset(r, 0, sizeof *r);
    PyObject *sides, *kicks;
    if (!PyArg_ParseTupleAndKeywords(
            args, kwds, "iiOiiiiiiiiiiiiiiiiOi", kw, &r->n, &r->step, &sides, &r->trump_when_able,
            &r->no_undertrump, &r->low_captured, &r->game_tie, &r->game_value, &r->hang_jack,
            &r->smudge, &r->all_four_bonus, &r->pitcher_first, &r->at_once, &r->five_value,
            &r->throw_in, &r->target, &r->dealer, &r->pitcher, &r->bid, &kicks, &r->next_kick))
        return -1;
    if (r->n < 2 || r->n > AF_MAX_SEATS) {
        PyErr_Format(PyExc_ValueError, "n: 2 to %d players, not %d", AF_MAX_SEATS, r->n);
        return -1;
    }
    if (r->step != 1 && r->step != -1) {
        PyErr_Format(PyExc_ValueError, "step: 1 or -1, not %d", r->step);
        return -1;
    }
    if (wd_read_ints(sides, r->side, r->n, "sides") != r->n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "sides: one a seat");
        return -1;
    }
    r->nsides = 0;
    for (int s = 0; s < r->n; s++) {
        if (r->side[s] < 0 || r->side[s] >= r->n) {
            PyErr_Format(PyExc_ValueError, "sides: a side 0-%d, not %d", r->n - 1, r->side[s]);
            return -1;
        }
        if (r->side[s] + 1 > r->nsides) r->nsides = r->side[s] + 1;
    }
    if (wd_read_ints(kicks, r->kicks, 13, "kicks") != 13) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kicks: one a rank");
        return -1;
    }
    if (r->game_tie < AF_TIE_NOBODY || r->game_tie > AF_TIE_NON_DEALER) {
        PyErr_Format(PyExc_ValueError, "game_tie: 0-2, not %d", r->game_tie);
        return -1;
    }
    if (r->dealer < 0 || r->dealer >= r->n || r->pitcher < -1 || r->pitcher >= r->n) {
        PyErr_SetString(PyExc_ValueError, "dealer and pitcher: seats (pitcher -1: none)");
        return -1;
    }
    return 0;
}

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hoyle.games.all_fours._fastcore.Rules",
    .tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "What the rules and the hand fix for the trick play (built by all_fours.fast).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rules_init,
};

/* ------------------------------------------------------------------------- Pos */

typedef struct {
    PyObject_HEAD
    RulesObject *rules;
    AfPos p;
} PosObject;

static PyTypeObject PosType;

static PosObject *new_pos(RulesObject *rules, const AfPos *p) {
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

/* Pos(rules, hands, won, held, scores, trick, trick_seats, leader, cur, trump, out): a
 * position of the trick play (won, held and scores by side; out: the seats that threw in, as
 * bits); values are measured from these scores. */
static PyObject *Pos_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    RulesObject *rules;
    PyObject *hands, *won, *held, *scores, *trick, *trick_seats;
    AfPos p;
    memset(&p, 0, sizeof p);
    (void)kwds;
    (void)type;
    if (!PyArg_ParseTuple(args, "O!OOOOOOiiii", &RulesType, &rules, &hands, &won, &held,
                          &scores, &trick, &trick_seats, &p.leader, &p.cur, &p.trump, &p.out))
        return NULL;
    const AfRules *r = &rules->r;
    int n = r->n, ns = r->nsides;
    if (wd_read_masks(hands, p.hands, n, AF_CARDS, "hands") != n || wd_read_masks(won, p.won, ns, AF_CARDS, "won") != ns ||
        wd_read_masks(held, p.held, ns, AF_CARDS, "held") != ns ||
        wd_read_ints(scores, p.scores, ns, "scores") != ns) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "hands one a seat (%d), won, held, scores one a side (%d)",
                         n, ns);
        return NULL;
    }
    int len = wd_read_ints(trick, p.trick, n - 1, "trick");
    if (len < 0) return NULL;
    p.trick_len = len;
    if (wd_read_ints(trick_seats, p.trick_seats, n - 1, "trick_seats") != len) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "trick_seats: one a card");
        return NULL;
    }
    if (p.leader < 0 || p.leader >= n || p.cur < 0 || p.cur >= n || p.trump < -1 ||
        p.trump > 3 || (len && p.trump < 0) || p.out < 0 || p.out >> n || (p.out >> p.cur & 1)) {
        PyErr_SetString(PyExc_ValueError,
                        "leader, cur: seats (cur not out); trump: a suit (-1 only before a lead)");
        return NULL;
    }
    for (int i = 0; i < len; i++)
        if (p.trick_seats[i] < 0 || p.trick_seats[i] >= n || p.trick[i] < 0 ||
            p.trick[i] >= AF_CARDS) {
            PyErr_SetString(PyExc_ValueError, "trick: cards, trick_seats: seats");
            return NULL;
        }
    p.in_play = n - af_count((uint64_t)p.out);
    memcpy(p.root, p.scores, sizeof p.root);
    uint64_t left = 0;
    for (int s = 0; s < n; s++) left |= p.hands[s];
    p.over = left || len ? AF_PLAYING : AF_HAND_OVER;
    return (PyObject *)new_pos(rules, &p);
}

static PyObject *Pos_legal(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    if (self->p.over) return PyLong_FromLong(0);
    return PyLong_FromUnsignedLongLong(af_legal(&self->rules->r, &self->p));
}

static PyObject *Pos_legal_list(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    if (self->p.over) return PyList_New(0);
    return wd_mask_list(af_legal(&self->rules->r, &self->p));
}

static PyObject *Pos_apply(PosObject *self, PyObject *arg) {
    long card = PyLong_AsLong(arg);
    if (card == -1 && PyErr_Occurred()) return NULL;
    const AfRules *r = &self->rules->r;
    if (self->p.over || card < 0 || card > AF_THROW_IN || !(af_legal(r, &self->p) >> card & 1)) {
        PyErr_Format(PyExc_ValueError, "move %ld is not a legal play here", card);
        return NULL;
    }
    af_play(r, &self->p, (int)card);
    Py_RETURN_NONE;
}

static PyObject *Pos_current(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromLong(self->p.over ? -1 : self->p.cur);
}

static PyObject *Pos_over(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    return PyBool_FromLong(self->p.over != AF_PLAYING);
}

static PyObject *Pos_game_won(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    return PyBool_FromLong(self->p.over == AF_GAME_WON);
}

static PyObject *Pos_copy(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    return (PyObject *)new_pos(self->rules, &self->p);
}

static PyObject *Pos_policy(PosObject *self, PyObject *arg) {
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(arg);
    if (PyErr_Occurred()) return NULL;
    if (self->p.over) {
        PyErr_SetString(PyExc_ValueError, "the hand is over: nobody plays");
        return NULL;
    }
    uint64_t rng = seed;
    return PyLong_FromLong(af_policy(&self->rules->r, &self->p, &rng));
}

static PyObject *Pos_scores(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    return wd_int_list(self->p.scores, self->rules->r.nsides);
}

/* finish(seed, first_cards, along_cards): played out to the end of the hand (changing the
 * position); each seat's gain since the position was built. */
static PyObject *Pos_finish(PosObject *self, PyObject *args) {
    unsigned long long seed;
    int first_cards, along_cards;
    if (!PyArg_ParseTuple(args, "Kii", &seed, &first_cards, &along_cards)) return NULL;
    uint64_t rng = seed;
    double out[AF_MAX_SEATS];
    af_finish(&self->rules->r, &self->p, &rng, first_cards, along_cards, out);
    return wd_float_list(out, self->rules->r.n);
}

/* solve(max_cards): each seat's gain from here played perfectly, or None. */
static PyObject *Pos_solve(PosObject *self, PyObject *arg) {
    long max_cards = PyLong_AsLong(arg);
    if (max_cards == -1 && PyErr_Occurred()) return NULL;
    int out[AF_MAX_SEATS];
    if (!af_solve(&self->rules->r, &self->p, (int)max_cards, out)) Py_RETURN_NONE;
    return wd_int_list(out, self->rules->r.n);
}

/* fields(): (hands, won, held, scores, trick, leader, cur, trump, over, trick_seats, out). */
static PyObject *Pos_fields(PosObject *self, PyObject *Py_UNUSED(ignored)) {
    const AfRules *r = &self->rules->r;
    const AfPos *p = &self->p;
    return Py_BuildValue("(NNNNNiiiiNi)", wd_mask_tuple(p->hands, r->n),
                         wd_mask_tuple(p->won, r->nsides), wd_mask_tuple(p->held, r->nsides),
                         wd_int_list(p->scores, r->nsides), wd_int_list(p->trick, p->trick_len),
                         p->leader, p->cur, p->trump, p->over,
                         wd_int_list(p->trick_seats, p->trick_len), p->out);
}

static PyMethodDef Pos_methods[] = {
    {"legal", (PyCFunction)Pos_legal, METH_NOARGS, "The legal cards, as a mask."},
    {"legal_list", (PyCFunction)Pos_legal_list, METH_NOARGS, "The legal cards, increasing."},
    {"apply", (PyCFunction)Pos_apply, METH_O, "Play a legal card."},
    {"current", (PyCFunction)Pos_current, METH_NOARGS, "The seat to play (-1: the hand over)."},
    {"over", (PyCFunction)Pos_over, METH_NOARGS, "Whether the hand (or the game) is over."},
    {"game_won", (PyCFunction)Pos_game_won, METH_NOARGS, "Whether a side has won the game."},
    {"copy", (PyCFunction)Pos_copy, METH_NOARGS, "An independent copy."},
    {"policy", (PyCFunction)Pos_policy, METH_O, "The playout policy's card, from a seed."},
    {"scores", (PyCFunction)Pos_scores, METH_NOARGS, "The totals, by side."},
    {"finish", (PyCFunction)Pos_finish, METH_VARARGS, "Played out: each seat's gain."},
    {"solve", (PyCFunction)Pos_solve, METH_O, "The ending solver's gains, or None."},
    {"fields", (PyCFunction)Pos_fields, METH_NOARGS, "The position's fields, for tests."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject PosType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hoyle.games.all_fours._fastcore.Pos",
    .tp_basicsize = sizeof(PosObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A position of All Fours' trick play with every hand known.",
    .tp_new = Pos_new,
    .tp_dealloc = (destructor)Pos_dealloc,
    .tp_methods = Pos_methods,
};

/* ------------------------------------------------------------------------- Sampler */

/* The worlds one seat cannot tell from the real one. Cards it cannot see are grouped by which
 * hidden seats may hold them (fast.py); a split says how many cards of each group each
 * constrained seat takes, drawn with weight the number of deals it stands for, so that every
 * deal that fits is equally likely (hoyle.core.sampling.sample_by_seat's distribution). The
 * seats open to every group then share what is left at random; seat n stands for every card
 * out of the hands (the stock, discards, cards thrown out unseen). */
typedef struct {
    PyObject_HEAD
    RulesObject *rules;
    AfPos base;
    WdSplits splits;
} SamplerObject;

static void Sampler_dealloc(SamplerObject *self) {
    Py_XDECREF(self->rules);
    wd_splits_free(&self->splits);
    PyObject_Free(self);
}

/* Sampler(base, groups, constrained, splits, weights, free_seats, free_need). */
static PyObject *Sampler_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PosObject *base;
    PyObject *groups, *constrained, *splits, *weights, *free_seats, *free_need;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "O!OOOOOO", &PosType, &base, &groups, &constrained, &splits,
                          &weights, &free_seats, &free_need))
        return NULL;
    SamplerObject *self = (SamplerObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    Py_INCREF(base->rules);
    self->rules = base->rules;
    self->base = base->p;
    if (wd_splits_read(&self->splits, base->rules->r.n + 1, AF_CARDS, groups, constrained, splits,
                       weights, free_seats, free_need) < 0)
        goto fail;
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

typedef struct {
    const AfRules *r;
    AfPos *p;
} Giving;

/* Where a drawn card goes: a hand, or (place n) out of the hands. */
static void give(void *ctx, int place, int card) {
    Giving *to = ctx;
    if (place < to->r->n) to->p->hands[place] |= AF_BIT(card);
}

/* One world. */
static void draw(const SamplerObject *self, uint64_t *rng, AfPos *out) {
    *out = self->base;
    Giving to = {&self->rules->r, out};
    wd_splits_draw(&self->splits, rng, give, &to);
}

static PyObject *Sampler_draw(SamplerObject *self, PyObject *arg) {
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(arg);
    if (PyErr_Occurred()) return NULL;
    uint64_t rng = seed;
    AfPos p;
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
    int moves[AF_CARDS + 1];
    int nmoves = wd_read_ints(moves_obj, moves, AF_CARDS + 1, "moves");
    if (nmoves < 0) return NULL;
    const AfRules *r = &self->rules->r;
    uint64_t legal = self->base.over ? 0 : af_legal(r, &self->base);
    for (int m = 0; m < nmoves; m++) {
        if (moves[m] < 0 || moves[m] > AF_THROW_IN || !(legal >> moves[m] & 1)) {
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
        AfPos world;
        draw(self, &rng, &world);
        uint64_t dice = af_next(&rng);
        for (int m = 0; m < nmoves; m++) {
            AfPos trial = world;
            uint64_t d = dice;
            double out[AF_MAX_SEATS];
            af_play(r, &trial, moves[m]);
            af_finish(r, &trial, &d, first_cards, along_cards, out);
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

static PyMethodDef Sampler_methods[] = {
    {"draw", (PyCFunction)Sampler_draw, METH_O, "One world (a Pos), from a seed."},
    {"values", (PyCFunction)Sampler_values, METH_VARARGS,
     "Moves tried and played out in many worlds: one row of values a world."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SamplerType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hoyle.games.all_fours._fastcore.Sampler",
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
    .m_doc = "The compiled core of All Fours' trick play (see hoyle.games.all_fours.fast).",
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
