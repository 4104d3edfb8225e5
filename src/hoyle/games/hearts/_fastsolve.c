/* The exact ending solver of _fastcore.h: solver.py's max^n over a deal's last tricks with
 * every hand known, card for card the same search and the same answers.
 *
 * At each turn the seat to play takes the card that leaves it the best deal score, every later
 * seat doing the same; ties go to the card that leaves the others worst off (the least sum of
 * every seat's value), then to the lowest card (endings.prefers). The cards tried are
 * endings.distinct_cards': a card is dropped when the card just below it in the same candidates
 * is of its suit, counts alike, neither is a SPECIAL card (search.py) and no card another seat
 * holds or has played to this trick lies between them. Each leaf is scored by hc_deal_scores,
 * HeartsState.settle for the games the core scores, the moon's shooter choosing under
 * moon=choose (add first, then subtract, by the same preference). Positions at the start of a
 * trick are remembered in an open-addressed hash table of fixed-size slots, one a thread,
 * reused from call to call (memo_for); the values never depend on what it finds, only the time.
 *
 * The search runs in integers: the values are the deal scores times the sign's sign (+1 or -1),
 * which orders them and their sums exactly as the Python floats sign * score; they are turned
 * into r->sign * score only for the answer.
 */
#include <stdlib.h>

#include "_fastcore.h"

/* search.SPECIAL: T♣ 8, Q♣ 10, J♦ 22, Q♦ 23, Q♥ 36, Q♠ 49, never grouped with a neighbour. */
#define HS_SPECIAL (HC_BIT(8) | HC_BIT(10) | HC_BIT(22) | HC_BIT(23) | HC_BIT(36) | HC_BIT(49))

/* ------------------------------------------------------------------------- the memo */

/* A slot: the stamp of the call that wrote it, the key (each hand, the leader and hearts
 * broken packed above the cards of the first; each seat's cards taken) and each seat's value
 * (int32, two a word). The stamp changes with every call, so old slots need no clearing.
 * A solve of k cards uses 2^(k-2) slots (at least 256, at most what HS_MEMO_BYTES holds): a
 * small search keeps to a small, warm table. The table grows to the largest solve of its
 * thread and stays with it. */
#define HS_MEMO_BYTES ((size_t)4 << 20)
#define HS_PROBES 4

typedef struct {
    uint64_t *slots;
    uint64_t stamp;
    size_t entries;
    int stride, keylen, n;
} Memo;

static __thread Memo tl_memo;

/* The thread's table for n seats with at least want slots (or as many as HS_MEMO_BYTES
 * holds), made anew when n changes (slots of another stride would be misread) or it is too
 * small; NULL if it cannot be allocated. */
static Memo *memo_for(int n, size_t want) {
    Memo *m = &tl_memo;
    size_t stride = 1 + 2 * (size_t)n + ((size_t)n + 1) / 2;
    size_t most = HS_MEMO_BYTES / sizeof(uint64_t) / stride;
    if (want > most) want = most;
    if (!m->slots || m->n != n || m->entries < want) {
        free(m->slots);
        m->slots = calloc(want * stride, sizeof(uint64_t));
        m->n = 0;
        if (!m->slots) return NULL;
        m->n = n;
        m->keylen = 2 * n;
        m->stride = (int)stride;
        m->entries = want;
        m->stamp = 0;
    }
    m->stamp++;
    return m;
}

static inline uint64_t hash_key(const uint64_t *key, int len) {
    uint64_t h = 0x243F6A8885A308D3ULL;
    for (int i = 0; i < len; i++) {
        h ^= key[i];
        h *= 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
    }
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 32);
}

/* ------------------------------------------------------------------------- the search */

typedef struct {
    const HcRules *r;
    int n, isign, choose, queen_breaks, hearts_for_queen;
    uint64_t hands[HC_MAX_SEATS];
    uint64_t held; /* every hand's cards */
    uint64_t taken[HC_MAX_SEATS];
    int ntricks[HC_MAX_SEATS];
    int points[HC_MAX_SEATS];
    Memo *memo;
    size_t used; /* the slots this solve uses: a small search keeps to a small, warm part */
    int done;    /* tricks finished in the search so far */
    int plain;   /* no moon can be shot any more and no queen counts beyond its points */
} Solver;

/* endings.prefers: more for seat, or as much and less for everyone together. */
static inline int prefers(const int *value, int vsum, const int *best, int bsum, int seat) {
    return value[seat] > best[seat] || (value[seat] == best[seat] && vsum < bsum);
}

static inline int sum_of(const int *v, int n) {
    int total = 0;
    for (int i = 0; i < n; i++) total += v[i];
    return total;
}

/* _Solver.leaf: the deal played out, settled; under moon=choose the shooter takes the better
 * of add and subtract. */
static void leaf(const Solver *s, int *out) {
    const HcRules *r = s->r;
    int n = s->n, scores[HC_MAX_SEATS];
    if (s->plain) { /* hc_deal_scores without a shooter or the queens' effects */
        for (int i = 0; i < n; i++)
            out[i] = s->isign * (s->points[i] - (s->ntricks[i] ? 0 : r->no_tricks_bonus));
        return;
    }
    hc_deal_scores(r, s->taken, s->ntricks, s->points, 0, scores);
    for (int i = 0; i < n; i++) out[i] = s->isign * scores[i];
    if (!s->choose) return;
    int shooter = hc_shooter(r, s->taken);
    if (shooter < 0) return;
    int other[HC_MAX_SEATS] = {0};
    hc_deal_scores(r, s->taken, s->ntricks, s->points, 1, scores);
    for (int i = 0; i < n; i++) other[i] = s->isign * scores[i];
    if (prefers(other, sum_of(other, n), out, sum_of(out, n), shooter))
        for (int i = 0; i < n; i++) out[i] = other[i];
}

static void trick(Solver *s, int leader, int broken, int *out);

/* _Solver.end_trick: the trick of played cards goes to winner. */
static void end_trick(Solver *s, int winner, int pts, int broken, uint64_t played, int *out) {
    uint64_t before = s->taken[winner];
    s->taken[winner] = before | played;
    s->ntricks[winner]++;
    s->points[winner] += pts;
    s->done++;
    trick(s, winner, broken, out);
    s->done--;
    s->taken[winner] = before;
    s->ntricks[winner]--;
    s->points[winner] -= pts;
}

/* _Solver.card: the k-th card of the trick led by leader is to be played. */
static void card(Solver *s, int leader, int k, int suit, int win_card, int win_pos, int pts,
                 int broken, uint64_t played, int *out) {
    int n = s->n;
    if (k == n) {
        int winner = leader + win_pos;
        if (winner >= n) winner -= n;
        end_trick(s, winner, pts, broken, played, out);
        return;
    }
    int seat = leader + k;
    if (seat >= n) seat -= n;
    uint64_t hand = s->hands[seat];
    uint64_t cand;
    if (k == 0) {
        cand = hand;
        if (!broken) {
            uint64_t plain = hand & ~HC_HEARTS;
            if (plain && !(s->hearts_for_queen && plain == HC_BIT(HC_QS))) cand = plain;
        }
    } else {
        cand = hand & HC_SUIT(suit);
        if (!cand) cand = hand;
    }
    uint64_t live = played | (s->held ^ hand);
    const int *values = s->r->values;
    int best[HC_MAX_SEATS], value[HC_MAX_SEATS];
    int bsum = 0, have = 0, last = -1;
    while (cand) {
        int c = hc_low_bit(cand);
        uint64_t bit = HC_BIT(c);
        cand ^= bit;
        if (last >= 0 && c / 13 == last / 13 && values[c] == values[last] &&
            !((bit | HC_BIT(last)) & HS_SPECIAL) && !(live & (bit - (HC_BIT(last) << 1)))) {
            last = c; /* plays as the card below it does */
            continue;
        }
        last = c;
        s->hands[seat] = hand ^ bit;
        s->held ^= bit;
        int now_broken = broken || (bit & HC_HEARTS) || (c == HC_QS && s->queen_breaks);
        if (k == 0)
            card(s, leader, 1, c / 13, c, 0, values[c], now_broken, bit, value);
        else if (c / 13 == suit && c > win_card)
            card(s, leader, k + 1, suit, c, k, pts + values[c], now_broken, played | bit, value);
        else
            card(s, leader, k + 1, suit, win_card, win_pos, pts + values[c], now_broken,
                 played | bit, value);
        s->held ^= bit;
        int vsum = sum_of(value, n);
        if (!have || prefers(value, vsum, best, bsum, seat)) {
            memcpy(best, value, sizeof best);
            bsum = vsum;
            have = 1;
        }
    }
    s->hands[seat] = hand;
    memcpy(out, best, sizeof best);
}

/* The last trick, one card in each hand: no choice left, played straight to the leaf. */
static void last_trick(Solver *s, int leader, int *out) {
    int n = s->n;
    const int *values = s->r->values;
    uint64_t played = 0;
    int pts = 0, suit = hc_low_bit(s->hands[leader]) / 13, win_card = -1, winner = leader;
    for (int k = 0; k < n; k++) {
        int seat = leader + k;
        if (seat >= n) seat -= n;
        int c = hc_low_bit(s->hands[seat]);
        played |= HC_BIT(c);
        pts += values[c];
        if (c / 13 == suit && c > win_card) {
            win_card = c;
            winner = seat;
        }
    }
    uint64_t hands[HC_MAX_SEATS];
    memcpy(hands, s->hands, sizeof hands);
    memset(s->hands, 0, sizeof s->hands);
    s->held = 0;
    uint64_t before = s->taken[winner];
    s->taken[winner] = before | played;
    s->ntricks[winner]++;
    s->points[winner] += pts;
    leaf(s, out);
    s->taken[winner] = before;
    s->ntricks[winner]--;
    s->points[winner] -= pts;
    memcpy(s->hands, hands, sizeof hands);
    s->held = played;
}

/* _Solver.trick: the start of a trick led by leader, remembered by hands, cards taken (which,
 * within one solve, fix the tricks won and points), leader and hearts broken. */
static void trick(Solver *s, int leader, int broken, int *out) {
    int n = s->n;
    if (!s->hands[leader]) {
        leaf(s, out);
        return;
    }
    int single = 1;
    for (int i = 0; i < n && single; i++) single = !(s->hands[i] & (s->hands[i] - 1));
    if (single) { /* every hand one card (none empty: the leader's is not, and all match) */
        last_trick(s, leader, out);
        return;
    }
    /* Two ways to one position need two tricks played in the search (the same trick twice
     * is the same way): before that nothing is looked up, as nothing could be found. */
    Memo *m = s->memo;
    if (!m || s->done < 2) {
        card(s, leader, 0, -1, -1, 0, 0, broken, 0, out);
        return;
    }
    uint64_t key[2 * HC_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        key[i] = s->hands[i];
        key[n + i] = s->taken[i];
    }
    key[0] |= (uint64_t)leader << 58 | (uint64_t)(broken != 0) << 57;
    int len = m->keylen, stride = m->stride;
    uint64_t h = hash_key(key, len);
    size_t home = (size_t)(((unsigned __int128)h * s->used) >> 64), at = home;
    uint64_t *free_slot = NULL;
    for (int probe = 0; probe < HS_PROBES; probe++) {
        uint64_t *slot = m->slots + at * (size_t)stride;
        if (slot[0] != m->stamp) {
            if (!free_slot) free_slot = slot;
        } else {
            int i = 0;
            while (i < len && slot[1 + i] == key[i]) i++;
            if (i == len) {
                const uint64_t *found = slot + 1 + len; /* two values a word */
                for (i = 0; i < n; i++)
                    out[i] = (int)(int32_t)(uint32_t)(found[i / 2] >> (32 * (i & 1)));
                return;
            }
        }
        if (++at == s->used) at = 0;
    }
    card(s, leader, 0, -1, -1, 0, 0, broken, 0, out);
    /* The search below may have filled the free slot: then (or with none free) the first
     * slot probed is overwritten. */
    uint64_t *slot = free_slot;
    if (!slot || slot[0] == m->stamp) slot = m->slots + home * (size_t)stride;
    slot[0] = m->stamp;
    for (int i = 0; i < len; i++) slot[1 + i] = key[i];
    uint64_t *kept = slot + 1 + len;
    for (int i = 0; i < n; i += 2)
        kept[i / 2] = (uint32_t)out[i] | (i + 1 < n ? (uint64_t)(uint32_t)out[i + 1] << 32 : 0);
}

/* solver.solve: each seat's deal score times r->sign into out, the rest played perfectly;
 * 0 where it does not answer (the deal over or before its first trick is done, more than
 * max_cards cards left, a joker in a hand or in the trick). */
int hc_solve(const HcRules *r, const HcPos *p, int max_cards, double *out) {
    int n = r->n;
    if (n < 2 || n > HC_MAX_SEATS || p->tricks_done < 1 || hc_over(r, p) ||
        (r->hand_size - p->tricks_done) * n > max_cards || p->trick_len < 0 || p->trick_len >= n)
        return 0;
    Solver s;
    s.r = r;
    s.n = n;
    s.isign = r->sign < 0 ? -1 : 1;
    s.choose = r->moon == HC_MOON_CHOOSE;
    s.queen_breaks = r->queen_breaks;
    s.hearts_for_queen = r->hearts_for_queen;
    uint64_t held = 0;
    for (int i = 0; i < n; i++) {
        s.hands[i] = p->hands[i];
        s.taken[i] = p->taken[i];
        s.ntricks[i] = p->ntricks[i];
        s.points[i] = p->points[i];
        held |= p->hands[i];
    }
    if (held & HC_JOKERS) return 0;
    s.held = held;
    /* A side can still shoot the moon while no other seat has taken a moon card. */
    int moon_open = 0;
    if (r->moon != HC_MOON_NONE) {
        for (int i = 0; i < r->nsides && !moon_open; i++) {
            uint64_t others = 0;
            for (int seat = 0; seat < n; seat++) {
                int inside = 0;
                for (int j = 0; j < r->side_len[i]; j++) inside |= r->sides[i][j] == seat;
                if (!inside) others |= p->taken[seat];
            }
            moon_open = !(others & r->moon_mask);
        }
    }
    s.plain = !moon_open && !r->heart_queen_doubles && !r->club_queen_cancels;
    uint64_t played = 0;
    for (int k = 0; k < p->trick_len; k++) {
        if (p->trick[k] < 0 || p->trick[k] >= HC_JOKER) return 0;
        played |= HC_BIT(p->trick[k]);
    }
    s.done = 0;
    s.memo = NULL;
    s.used = 0;
    int cards = hc_count(held);
    if (cards > 3 * n) { /* else no trick start is looked up (trick()) */
        int bits = cards - 2 < 8 ? 8 : cards - 2 > 30 ? 30 : cards - 2;
        size_t want = (size_t)1 << bits;
        s.memo = memo_for(n, want);
        if (s.memo) s.used = want < s.memo->entries ? want : s.memo->entries;
    }
    int value[HC_MAX_SEATS];
    if (!p->trick_len)
        trick(&s, p->leader, p->broken, value);
    else
        card(&s, p->leader, p->trick_len, p->lead_suit, p->win_card, p->win_pos, p->trick_pts,
             p->broken, played, value);
    for (int i = 0; i < n; i++) out[i] = r->sign * (double)(s.isign * value[i]);
    return 1;
}
