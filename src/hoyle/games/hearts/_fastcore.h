/* The compiled core of Hearts' card play: a deal's trick play, its playout policy and its
 * scoring, for the one-pack engine (HeartsState).
 *
 * The Python engine (state.py, play.py's rollout_move, scoring.py) is the reference and the
 * readable statement of the rules; every function here mirrors one there, named in its
 * comment, and tests/hearts/test_fastcore.py checks them against each other for every preset.
 * Cards are bits of a uint64: suit-major, clubs 0-12, diamonds 13-25, hearts 26-38, spades
 * 39-51, the jokers 52 and 53.
 */
#ifndef HOYLE_HEARTS_FASTCORE_H
#define HOYLE_HEARTS_FASTCORE_H

#include <stdint.h>
#include <string.h>

#define HC_MAX_SEATS 8
#define HC_CARDS 54
#define HC_QS 49
#define HC_JOKER 52
#define HC_SUIT(s) (((uint64_t)0x1FFF) << (13 * (s)))
#define HC_HEARTS HC_SUIT(2)
#define HC_CLUBS HC_SUIT(0)
#define HC_JOKERS (((uint64_t)3) << 52)
#define HC_BIT(c) (((uint64_t)1) << (c))

/* Moon rules the core scores (scoring.deal_scores); others are left to Python. */
enum { HC_MOON_NONE, HC_MOON_ADD, HC_MOON_SUBTRACT, HC_MOON_SLAM, HC_MOON_VOID, HC_MOON_CHOOSE };

/* What the rules (and the deal's card values) fix for a whole deal: HeartsGame's fields. */
typedef struct {
    int n;                 /* players */
    int hand_size;         /* cards dealt to each hand = tricks in the deal */
    int values[HC_CARDS];  /* what each card costs this deal (bonus cards negative) */
    uint64_t penalty;      /* the cards worth more than 0 (state._penalty) */
    uint64_t moon_mask;    /* the cards a moon takes */
    uint64_t safe_mask;    /* cards no_points_first_trick allows on the first trick */
    int lowest_club;       /* the first lead under first_lead=lowest_club; -1: none */
    int first_lead_club, lead_any_club, first_trick_safe, queen_breaks, hearts_for_queen;
    int moon;              /* HC_MOON_* */
    int moon_value;        /* 0: the shooter's own score */
    int nsides;            /* who shoots the moon: each seat, or the partnerships */
    int side_len[HC_MAX_SEATS];
    int sides[HC_MAX_SEATS][2];
    int no_tricks_bonus;
    int heart_queen_doubles, club_queen_cancels;
    double sign;           /* -1: penalty points count against (search's units) */
} HcRules;

/* A position in a deal's trick play, every hand known (a sampled world). */
typedef struct {
    uint64_t hands[HC_MAX_SEATS];
    uint64_t taken[HC_MAX_SEATS];
    int ntricks[HC_MAX_SEATS];
    int points[HC_MAX_SEATS];
    int trick[HC_MAX_SEATS];
    int trick_len;
    int leader, cur;
    int lead_suit;     /* -1: nothing (or only a joker) led yet */
    int win_card, win_pos, trick_pts;
    int tricks_done;   /* finished tricks this deal */
    int broken;        /* hearts broken */
    uint64_t widow;    /* widow=to_tricks: the cards the first trick's winner takes */
} HcPos;

/* splitmix64: the playout's dice (fast, and seeded from Python for reproducible searches). */
static inline uint64_t hc_next(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A number in 0 .. k-1, each equally likely (Lemire's multiply, bias below 2^-58 for k < 64). */
static inline int hc_below(uint64_t *s, int k) {
    return (int)(((unsigned __int128)hc_next(s) * (unsigned)k) >> 64);
}

static inline int hc_low_bit(uint64_t m) { return __builtin_ctzll(m); }
static inline int hc_high_bit(uint64_t m) { return 63 - __builtin_clzll(m); }
static inline int hc_count(uint64_t m) { return __builtin_popcountll(m); }

/* The k-th (from 0) set bit of m. */
static inline int hc_nth_bit(uint64_t m, int k) {
    while (k-- > 0) m &= m - 1;
    return hc_low_bit(m);
}

static inline int hc_over(const HcRules *r, const HcPos *p) {
    return p->tricks_done >= r->hand_size;
}

/* HeartsState._legal_mask, the play phase. */
static inline uint64_t hc_legal(const HcRules *r, const HcPos *p) {
    uint64_t hand = p->hands[p->cur];
    uint64_t jokers = hand & HC_JOKERS;
    if (jokers) {
        hand ^= jokers;
        if (jokers == HC_JOKERS) jokers = HC_BIT(HC_JOKER); /* two alike: one action */
        if (!hand) return jokers;
    }
    int first = p->tricks_done == 0;
    if (p->trick_len) {
        if (p->lead_suit < 0) return hand | jokers;
        uint64_t follow = hand & HC_SUIT(p->lead_suit);
        if (follow) {
            if (first && r->first_trick_safe) {
                uint64_t safe = follow & r->safe_mask;
                return (safe ? safe : follow) | jokers;
            }
            return follow | jokers;
        }
        if (r->first_trick_safe && first) {
            uint64_t safe = hand & r->safe_mask;
            if (safe) return safe | jokers;
        }
        return hand | jokers;
    }
    uint64_t cand = hand;
    if (first) {
        if (r->first_lead_club) {
            if (r->lead_any_club) return (hand & HC_CLUBS) | jokers;
            return HC_BIT(r->lowest_club) | jokers;
        }
        if (r->first_trick_safe) {
            uint64_t safe = hand & r->safe_mask;
            if (safe) cand = safe;
        }
    }
    if (!p->broken) {
        uint64_t plain = cand & ~HC_HEARTS;
        if (plain) {
            if (r->hearts_for_queen && plain == HC_BIT(HC_QS)) return cand | jokers;
            return plain | jokers;
        }
    }
    return cand | jokers;
}

/* HeartsState._play (widow=to_tricks: the first trick's winner takes the widow). */
static inline void hc_play(const HcRules *r, HcPos *p, int card) {
    int cur = p->cur;
    p->hands[cur] &= ~HC_BIT(card);
    if (!p->trick_len) {
        p->lead_suit = card < HC_JOKER ? card / 13 : -1;
        p->win_card = card;
        p->win_pos = 0;
        p->trick_pts = r->values[card];
    } else {
        if (card / 13 == p->lead_suit && card > p->win_card) {
            p->win_card = card;
            p->win_pos = p->trick_len;
        } else if (p->lead_suit < 0 && card < HC_JOKER) {
            p->lead_suit = card / 13;
            p->win_card = card;
            p->win_pos = p->trick_len;
        }
        p->trick_pts += r->values[card];
    }
    p->trick[p->trick_len++] = card;
    if (!p->broken && ((HC_BIT(card) & HC_HEARTS) || (card == HC_QS && r->queen_breaks)))
        p->broken = 1;
    int n = r->n;
    if (p->trick_len < n) {
        p->cur = cur + 1 < n ? cur + 1 : 0;
        return;
    }
    int winner = (p->leader + p->win_pos) % n;
    if (p->widow && p->tricks_done == 0) {
        uint64_t w = p->widow;
        p->taken[winner] |= w;
        while (w) {
            p->points[winner] += r->values[hc_low_bit(w)];
            w &= w - 1;
        }
        p->widow = 0;
    }
    for (int i = 0; i < n; i++) p->taken[winner] |= HC_BIT(p->trick[i]);
    p->ntricks[winner]++;
    p->points[winner] += p->trick_pts;
    p->trick_len = 0;
    p->lead_suit = -1;
    p->cur = p->leader = winner;
    p->tricks_done++;
}

static inline int hc_rank(int card) { return card % 13; }

/* play.rollout_move, the play phase: duck under the winning card, win only the last place of a
 * clean trick, shed the Q♠ and high hearts when void, lead low. */
static inline int hc_policy(const HcRules *r, const HcPos *p, uint64_t *rng) {
    uint64_t legal = hc_legal(r, p);
    int count = hc_count(legal);
    if (count == 1) return hc_low_bit(legal);
    if (legal & HC_JOKERS) return hc_nth_bit(legal, hc_below(rng, count));
    if (!p->trick_len) {
        if (p->hands[p->cur] & HC_BIT(HC_QS)) { /* no spade lead under one's own queen */
            uint64_t plain = legal & ~HC_SUIT(3);
            if (plain) legal = plain;
        }
        /* One of the (up to) three lowest-ranked cards, ties in card order. */
        int low[3], k = 0;
        for (int rank = 0; rank < 13 && k < 3; rank++)
            for (int s = 0; s < 4 && k < 3; s++)
                if (legal & HC_BIT(13 * s + rank)) low[k++] = 13 * s + rank;
        return low[hc_below(rng, k)];
    }
    int first = hc_low_bit(legal);
    if (first / 13 == p->lead_suit) { /* following: every legal card is of the suit */
        uint64_t below = legal & (HC_BIT(p->win_card) - 1);
        if (below) return hc_high_bit(below);
        if (p->trick_len == r->n - 1 && !p->trick_pts) return hc_high_bit(legal);
        return first;
    }
    if (legal & HC_BIT(HC_QS)) return HC_QS;
    uint64_t hearts = legal & HC_HEARTS;
    if (hearts) return hc_high_bit(hearts);
    int best = -1;
    for (uint64_t m = legal; m; m &= m - 1) {
        int c = hc_low_bit(m);
        if (best < 0 || hc_rank(c) > hc_rank(best)) best = c;
    }
    return best;
}

/* HeartsState._moon_shooter: the first seat of the side that took every moon card, or -1. */
static inline int hc_shooter(const HcRules *r, const uint64_t *taken) {
    int shooter = -1;
    if (r->moon == HC_MOON_NONE) return -1;
    for (int i = 0; i < r->nsides; i++) {
        uint64_t won = 0;
        for (int j = 0; j < r->side_len[i]; j++) won |= taken[r->sides[i][j]];
        if ((won & r->moon_mask) == r->moon_mask) shooter = r->sides[i][0];
    }
    return shooter;
}

static inline int hc_card_sum(const HcRules *r, uint64_t m) {
    int total = 0;
    for (; m; m &= m - 1) total += r->values[hc_low_bit(m)];
    return total;
}

/* HeartsState.settle for the points games the core scores (scoring.deal_scores and
 * queen_scores): each seat's deal score, given the moon's choice under moon=choose (0 add,
 * 1 subtract). */
static inline void hc_deal_scores(const HcRules *r, const uint64_t *taken, const int *ntricks,
                                  const int *points, int choice, int *out) {
    int n = r->n;
    int pts[HC_MAX_SEATS], positive[HC_MAX_SEATS];
    int shooter = hc_shooter(r, taken);
    int in_side[HC_MAX_SEATS] = {0};
    if (shooter >= 0) {
        for (int i = 0; i < r->nsides; i++) {
            int has = 0;
            for (int j = 0; j < r->side_len[i]; j++) has |= r->sides[i][j] == shooter;
            if (has)
                for (int j = 0; j < r->side_len[i]; j++) in_side[r->sides[i][j]] = 1;
        }
    }
    for (int s = 0; s < n; s++) {
        pts[s] = points[s];
        positive[s] = shooter >= 0 ? hc_card_sum(r, taken[s] & r->penalty) : 0;
    }
    if (r->heart_queen_doubles || r->club_queen_cancels) {
        /* queen_scores: the Q♥ doubles its taker's hearts; the Q♣ cancels a Q♠ taken with it */
        for (int s = 0; s < n; s++) {
            int score = points[s];
            if (r->heart_queen_doubles && (taken[s] >> 36 & 1))
                score += hc_card_sum(r, taken[s] & HC_HEARTS);
            if (r->club_queen_cancels && (taken[s] >> 10 & 1) && (taken[s] >> HC_QS & 1))
                score -= r->values[HC_QS];
            pts[s] = positive[s] = score;
        }
    }
    if (shooter < 0) {
        for (int s = 0; s < n; s++) out[s] = pts[s] - (ntricks[s] == 0 ? r->no_tricks_bonus : 0);
        return;
    }
    int worth = r->moon_value ? r->moon_value : pts[shooter];
    int moon = r->moon;
    if (moon == HC_MOON_CHOOSE) moon = choice ? HC_MOON_SUBTRACT : HC_MOON_ADD;
    for (int s = 0; s < n; s++) {
        switch (moon) {
        case HC_MOON_ADD: out[s] = in_side[s] ? pts[s] - positive[s] : pts[s] + worth; break;
        case HC_MOON_SUBTRACT: out[s] = in_side[s] ? pts[s] - positive[s] - worth : pts[s]; break;
        case HC_MOON_SLAM: out[s] = in_side[s] ? -worth : 0; break;
        case HC_MOON_VOID: out[s] = 0; break;
        default: out[s] = pts[s];
        }
    }
}

/* The exact solver of a deal's last tricks (solver.py), in _fastsolve.c: each seat's deal
 * score times r->sign when the rest is played perfectly (max^n), into out; returns 0 where it
 * does not answer (before the first trick is done, more than max_cards cards left, a joker). */
int hc_solve(const HcRules *r, const HcPos *p, int max_cards, double *out);

#endif
