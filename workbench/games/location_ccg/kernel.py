"""Compiled batch play of the Location CCG: the rules of rules.py (with moves.py, costs.py and
effects.py) and the heuristic of bots.py, decision for decision, on one integer vector per
position and a table of the cards in play.

An exact copy, not an approximation, as the other games' kernels are: the same two Mersenne
Twister streams a Match draws from, every draw walked as Dist.pick walks the deck (cards in the
order they entered it), the queue of steps run in the order rules.py runs it (kept here as a
stack, its front last), the legal decisions listed in the order moves.py lists them, payments
searched in costs.payments' order, and the heuristic's floating-point values made with the
same operations. So every game gives the very row the rules engine gives
(tests/location_ccg/test_kernel.py plays both side by side). Tables are built in batch.py,
which hands anything the kernel does not copy back to the rules engine; a game that outgrows
a fixed room below ends with status UNSUPPORTED, and its batch goes back to the engine too.

Cards are numbered in the order of their names, so a payment's cards (costs.payments sorts
them by name) come in the order of their numbers. A hand and a discard pile keep their order
(the decisions list their cards in it); a bank and a void pile are only ever counted.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...core.compiled import (
    MT_SIZE,
    deck_put,
    deck_take_at,
    list_remove,
    mt_random,
    mt_seed,
    no_counts,
    pick_cum,
    tension,
)
from ...core.layout import Layout

NSYM = 6  # costs.SYMBOLS

# Rooms; a game that would outgrow one is handed back (status UNSUPPORTED).
CARD_CAP = 64  # different cards in the tables
ZONE_CAP = 160  # cards of one seat in one zone (a seat's deck at most)
LIST_CAP = 64  # characters or assets of a seat, parties of a mission
UID_CAP = 4096  # cards put into play in one game
MOD_CAP = 8  # modifiers on one character (with the one waiting for R-31's choice)
PAIR_CAP = 128
Q_CAP = 512
STACK_CAP = 64
OPT_CAP = 8192
PAYS_CAP = 4096
TYPED_CAP = 12
SHARE_CAP = 8

# CARD[c, ...]
_card = Layout()
(F_TYPE, F_SUB, F_PHASE, F_TARGET, F_ATK, F_DEF, F_SKL, F_ROWLEN) = _card.fields(8)
F_ROW = _card.field(NSYM)  # symbols of its resource row, counted by kind
(
    F_MOB,
    F_UNIQUE,
    F_GANG,
    F_SHIELD,
    F_RECUR,
    F_LR,
    F_TOUGH,
    F_HAS_UPKEEP,
    F_UPKEEP,
    F_GIANT,
    F_PSTARS,
    F_PPOINTS,
    F_HAS_AB,
    F_AB_ROW,
    F_HERE,
    F_XPROD,
    F_SHRINE,
    F_RACKET,
    F_SCAVENGE,
    F_NEFF,
) = _card.fields(20)
EFF_CAP = 4
F_EFF = _card.field(3 * EFF_CAP)  # (keyword, amount, 'each friendly here') of each effect
CARD_W = _card.size
TY_CHAR, TY_MOD, TY_SURPRISE, TY_ASSET = range(4)
PH_ANY, PH_MISSION_WORD, PH_PRODUCTION_WORD = range(3)
TG_NONE, TG_CHARACTER, TG_FRIENDLY, TG_DEFENDER, TG_DAMAGED, TG_DISCARD = range(6)
(K_ATK, K_DEF, K_SKL, K_SEND_HOME, K_PREVENT, K_DESTROY, K_RETURN, K_DRAW, K_BOTTOM, K_PASSIVE) = (
    range(10)
)
# K[k, ...]: one cost (generic points, production points, typed symbols)
_cost = Layout()
CO_GEN, CO_STARS, CO_NT = _cost.fields(3)
CO_T = _cost.field(TYPED_CAP)
COST_W = _cost.size
# L[l, ...]: a Location, numbered in the order of the names
L_SKILL, L_VP = range(2)

# R[...]: rule variants and the batch
_rules = Layout()
(
    R_LIFO,
    R_MISSION_ONLY,
    R_TURN_LIMIT,
    R_PAY_CARDS,
    R_NO_PROD,
    R_MOD_ONE,
    R_GIANT,
    R_LR_START,
    R_MIN_ATT,
    R_UNIQUE_NEWER,
    R_MOB_IN_PLAY,
    R_PER_NAME,
    R_DECK_LOSE,
    R_FIRST,
    R_NPICKS,
) = _rules.fields(15)
R_PICK = _rules.field(3)  # Locations placed for the players (setup)
(R_HAND, R_PROD, R_MAX_DECISIONS, R_TRACE, R_NCARDS, R_ONE_KEY, R_GEN_ROW, R_LIMIT_TOKENS) = (
    _rules.fields(8)
)
R_WIDTH = _rules.size
GI_SPLIT, GI_FULL_EACH, GI_IGNORE = range(3)

# An instance in play: INST[uid, ...]
_instance = Layout()
(
    I_NAME,
    I_OWNER,
    I_WHERE,
    I_DAMAGE,
    I_WOUNDS,
    I_HOST,
    I_T0,
    I_T1,
    I_T2,
    I_USED,
    I_PREVENT,
    I_ALIVE,
    I_GLEFT,
    I_GSTAMP,
    I_NMODS,
) = _instance.fields(15)
I_MKEY = _instance.field(MOD_CAP)
I_MUID = _instance.field(MOD_CAP)
INST_W = _instance.size
NEW_KEY = 1 << 20  # key + "+new" (R-31: both attached until the controller chooses)
HQ = -1

# The position, S[...]. A list is its length then its items.
ZW = ZONE_CAP + 1
LW = LIST_CAP + 1
# a player, at _pat(seat):
_player = Layout()
P_HAND = _player.field(ZW)
P_DISC = _player.field(ZW)
P_BOTTOM = _player.field(ZW)
P_BANK = _player.field(CARD_CAP)  # copies of each card
P_VOID = _player.field(CARD_CAP)
P_DECK_N = _player.field()
P_DECK_SIZE = _player.field()
P_DECK_IDS = _player.field(CARD_CAP)
P_DECK_CNT = _player.field(CARD_CAP)
P_BROUGHT = _player.field(4)  # length then up to 3 Locations
P_CHARS = _player.field(LW)
P_ASSETS = _player.field(LW)
P_USED_NAMES = _player.field(CARD_CAP)
(P_MULLIGANED, P_OWN_TURNS, P_MISSIONS, P_VP, P_DESTROYED) = _player.fields(5)
PW = _player.size

# and after the two players:
_s = Layout(2 * PW)
LOC_W = 5
LOCS = _s.field(3 * LOC_W)  # per Location: name, placed by, won by (-1), vp of seat 0 and seat 1
COMBAT = _s.size  # the combat under way
(C_ON, C_LOC, C_ATT, C_STEP, C_CHOOSER, C_CHAL, C_TO_OPP) = _s.fields(7)
C_ATTACKERS = _s.field(LW)
C_DEFENDERS = _s.field(LW)
C_A = _s.field(LW)
C_D = _s.field(LW)
C_NP = _s.field()
C_PAIRS = _s.field(2 * PAIR_CAP)
C_NG = _s.field()
C_GANG = _s.field(2 * LIST_CAP)
C_NS = _s.field()
C_SPLIT = _s.field(3 * PAIR_CAP)  # (giant, opponent, damage) in the order the split names them
QUEUE = _s.field(4 * Q_CAP)
STACK = _s.field(4 * STACK_CAP)
(
    NQ,
    NSTACK,
    W_ON,
    W_AT,
    W_DECL,
    ASK_ON,
    ASK_SEAT,
    ASK_KIND,
    ASK_A,
    ASK_B,
    ASK_C,
    ASK_D,
    WAIT,
    WAIT_SEAT,
    PAY_SEAT,
    PAY_KIND,
    PAY_WHAT,
    PAY_TGT,
    PAY_K0,
    PAY_KN,
    PROD_LEFT,
    TURN,
    ACTIVE,
    PHASE,
    FIRST,
    WINNER,
    NEXT_UID,
    STATUS,
    MISSION_ID,
    NLOCS,
) = _s.fields(30)
# Scratch rows for one step of a combat at a time (its targets and amounts, gangs, splits):
# a function that made its own arrays would need numba's reference counts (no_counts).
SCR_W = 2 * PAIR_CAP + 1
SCR_A = _s.field(SCR_W)
SCR_B = _s.field(SCR_W)
SCR_C = _s.field(SCR_W)
STATE_SIZE = _s.size

PH_SETUP, PH_BEGIN, PH_PRODUCTION, PH_MISSION, PH_DEPLOY, PH_END = range(6)
CS_R23, CS_R24, CS_R25, CS_R26, CS_R26_DONE, CS_R27 = range(6)
WT_NONE, WT_FIRST, WT_DRAW = range(3)
NO_WINNER = -2

# Steps of the queue (rules.py's todo)
(
    ST_FIRST,
    ST_PICK,
    ST_DRAW,
    ST_MULLIGAN,
    ST_TURN,
    ST_PHASE,
    ST_WINDOW,
    ST_UPKEEP,
    ST_UPKEEP_ONE,
    ST_HOME,
    ST_PRODUCTION,
    ST_PRODUCE,
    ST_MISSION,
    ST_ATTACKERS,
    ST_DEFENDERS,
    ST_DEF_DONE,
    ST_PAIRING,
    ST_RESOLVE,
    ST_GANG,
    ST_SPLIT,
    ST_DAMAGE,
    ST_VICTORY,
    ST_MISSION_END,
    ST_DEPLOY,
    ST_CLEANUP,
    ST_DISCARD_DOWN,
    ST_BOTTOM,
    ST_SHRINE,
    ST_RESOLVE_PLAY,
) = range(29)
# Questions (state.ask[1])
(
    AK_PICK,
    AK_MULLIGAN,
    AK_UPKEEP,
    AK_PRODUCE,
    AK_MISSION,
    AK_ATTACKERS,
    AK_DEFENDERS,
    AK_CHALLENGER,
    AK_OPPOSER,
    AK_GANG,
    AK_SPLIT,
    AK_PAY,
    AK_KEEP_MOD,
    AK_DISCARD,
    AK_BOTTOM,
    AK_SHRINE,
    AK_WINDOW,
    AK_DEPLOY,
) = range(18)
# Decisions: OPT[i] = (kind, a, b)
(
    A_PICK,
    A_BOTTOM,
    A_KEEP,
    A_PAY,
    A_LET_GO,
    A_DRAW,
    A_BANK,
    A_PLAY,
    A_USE,
    A_END,
    A_MISSION,
    A_SKIP,
    A_ATTACKER,
    A_GO,
    A_DEFENDER,
    A_DONE,
    A_CHALLENGER,
    A_OPPOSER,
    A_GANG,
    A_NO_GANG,
    A_SPLIT,
    A_KEEP_MOD,
    A_DISCARD,
    A_PASS,
) = range(24)
PLAY, USE = 0, 1

# out[...]: one game's row
_result = Layout()
(O_STATUS, O_OUTCOME, O_WINNER, O_LENGTH, O_TURNS, O_FIRST) = _result.fields(6)
O_MISSIONS = _result.field(2)  # seat 0's, then seat 1's
O_VP = _result.field(2)
O_DESTROYED = _result.field(2)
O_LOCS = _result.field(3)  # the Locations' names, -1 past the last
O_LEAD_CHANGES = _result.field()
OUT_WIDTH = _result.size
WIN, DRAW, TIMEOUT = 0, 1, 2
OK, UNSUPPORTED = 0, 1
BOT_RANDOM, BOT_HEURISTIC = 0, 1


# -- small lists ------------------------------------------------------------------------------


@no_counts
def _push(S, at, v, cap):
    n = S[at]
    if n >= cap:
        S[STATUS] = UNSUPPORTED
        return
    S[at + 1 + n] = v
    S[at] = n + 1


@no_counts
def _has(S, at, v):
    for i in range(S[at]):
        if S[at + 1 + i] == v:
            return True
    return False


@no_counts
def _remove(S, at, v):
    return list_remove(S, at + 1, at, v)


@no_counts
def _pat(seat):
    return seat * PW


# -- the queue of steps: its front is its last entry ---------------------------------------------


@no_counts
def _q_push(S, kind, a, b, c):
    n = S[NQ]
    if n >= Q_CAP:
        S[STATUS] = UNSUPPORTED
        return
    at = QUEUE + 4 * n
    S[at] = kind
    S[at + 1] = a
    S[at + 2] = b
    S[at + 3] = c
    S[NQ] = n + 1


@no_counts
def _q_push_steps(S, STEPS, n):
    """todo[0:0] = steps: the first of them runs first."""
    for i in range(n - 1, -1, -1):
        _q_push(S, STEPS[i, 0], STEPS[i, 1], STEPS[i, 2], STEPS[i, 3])


@no_counts
def _again(S, kind, a, seat, ask):
    _q_push(S, kind, a, 0, 0)
    _ask(S, seat, ask, 0, 0, 0, 0)


@no_counts
def _ask(S, seat, kind, a, b, c, d):
    S[ASK_ON] = 1
    S[ASK_SEAT] = seat
    S[ASK_KIND] = kind
    S[ASK_A] = a
    S[ASK_B] = b
    S[ASK_C] = c
    S[ASK_D] = d


# -- reading cards ------------------------------------------------------------------------------


@no_counts
def _stat(INST, C, uid, i):
    name = INST[uid, I_NAME]
    total = C[name, F_ATK + i] + INST[uid, I_T0 + i]
    for k in range(INST[uid, I_NMODS]):
        total += C[INST[INST[uid, I_MUID + k], I_NAME], F_ATK + i]
    return total


@no_counts
def _atk(INST, C, uid):
    return max(0, _stat(INST, C, uid, 0))


@no_counts
def _def(INST, C, uid):
    return _stat(INST, C, uid, 1)


@no_counts
def _skl(INST, C, uid):
    return _stat(INST, C, uid, 2)


@no_counts
def _alive(INST, uid):
    return uid > 0 and INST[uid, I_ALIVE] == 1


@no_counts
def _giant(C, R, INST, uid):
    if R[R_GIANT] == GI_IGNORE:
        return 1
    return max(1, C[INST[uid, I_NAME], F_GIANT])


@no_counts
def _visible(S, INST, R, name):
    """R-37, A-19: copies in play and, by default, in discard piles (never banks)."""
    n = 0
    for uid in range(1, S[NEXT_UID]):
        if INST[uid, I_ALIVE] == 1 and INST[uid, I_NAME] == name:
            n += 1
    if R[R_MOB_IN_PLAY] == 0:
        for s in range(2):
            at = _pat(s) + P_DISC
            for i in range(S[at]):
                if S[at + 1 + i] == name:
                    n += 1
    return n


@no_counts
def _costs_of(S, INST, C, R, CL, name):
    """The (first, count) of the card's costs in K after Mob's reductions."""
    by = 0
    if C[name, F_MOB]:
        by = min(_visible(S, INST, R, name), CL.shape[1] - 1)
    return CL[name, by, 0], CL[name, by, 1]


# -- paying (R-11 .. R-13) ----------------------------------------------------------------------

# Rows of the payment search's scratch W: the bank's cards and copies, the copies picked and
# the stage of each node of the walk, a set and a set with one card less, then the flow of
# each symbol to each card (payment 'cards'), after the rows _match searches in.
(
    W_IDS,
    W_CNT,
    W_PK,
    W_STAGE,
    W_SEL,
    W_SUB,
    W_USED,
    W_NEED,
    W_SEEN_S,
    W_SEEN_C,
    W_PAR_C,
    W_PAR_S,
    W_QUEUE,
    W_DIGITS,
    W_FLOW,
) = range(15)
W_WIDTH = NSYM + CARD_CAP  # W_QUEUE holds symbols and cards


@no_counts
def _match(C, K, k, cnt, ids, nids, W):
    """payment 'cards': every typed point of cost k gets its own card holding that symbol, as
    an augmenting-path matching of symbols to cards (F: flow of each symbol to each card)."""
    nt = K[k, CO_NT]
    F = W[W_FLOW:]
    for s in range(NSYM):
        for j in range(nids):
            F[s, j] = 0
    used, need, seen_s, seen_c = W[W_USED], W[W_NEED], W[W_SEEN_S], W[W_SEEN_C]
    par_c, par_s, qs = W[W_PAR_C], W[W_PAR_S], W[W_QUEUE]
    for j in range(W_WIDTH):
        used[j] = 0
        need[j] = 0
    for t in range(nt):
        need[K[k, CO_T + t]] += 1
    for s0 in range(NSYM):
        while need[s0] > 0:
            # breadth-first from s0 to a card with room, through cards other symbols hold
            for x in range(NSYM):
                seen_s[x] = 0
            for j in range(nids):
                seen_c[j] = 0
            qn = 0
            qs[qn] = s0
            qn += 1
            seen_s[s0] = 1
            par_s[s0] = -1
            head = 0
            found = -1
            while head < qn and found < 0:
                s = qs[head]
                head += 1
                for j in range(nids):
                    if seen_c[j] or C[ids[j], F_ROW + s] == 0:
                        continue
                    seen_c[j] = 1
                    par_c[j] = s
                    if used[j] < cnt[j]:
                        found = j
                        break
                    for s2 in range(NSYM):
                        if F[s2, j] > 0 and not seen_s[s2]:
                            seen_s[s2] = 1
                            par_s[s2] = j
                            qs[qn] = s2
                            qn += 1
            if found < 0:
                return False
            j = found
            used[j] += 1
            while True:
                s = par_c[j]
                F[s, j] += 1
                if s == s0:
                    break
                j2 = par_s[s]
                F[s, j2] -= 1
                j = j2
            need[s0] -= 1
    return True


@no_counts
def _covers(C, K, k, cnt, ids, nids, cards_mode, W):
    need = K[k, CO_GEN] + K[k, CO_NT]
    if cards_mode == 0:
        total = 0
        for j in range(nids):
            total += cnt[j] * C[ids[j], F_ROWLEN]
        if total < need:
            return False
        for s in range(NSYM):
            want = 0
            for t in range(K[k, CO_NT]):
                if K[k, CO_T + t] == s:
                    want += 1
            if want:
                have = 0
                for j in range(nids):
                    have += cnt[j] * C[ids[j], F_ROW + s]
                if have < want:
                    return False
        return True
    total = 0
    for j in range(nids):
        total += cnt[j]
    if total < need:
        return False
    if K[k, CO_NT] == 0:
        return True
    return _match(C, K, k, cnt, ids, nids, W)


@no_counts
def _bank_ids(S, seat, ncards, ids, cnt):
    n = 0
    at = _pat(seat) + P_BANK
    for c in range(ncards):
        if S[at + c] > 0:
            ids[n] = c
            cnt[n] = S[at + c]
            n += 1
    return n


@no_counts
def _star_ok(S, K, k, seat):
    stars = K[k, CO_STARS]
    return not (stars and (S[PHASE] != PH_PRODUCTION or seat != S[ACTIVE] or S[PROD_LEFT] < stars))


@no_counts
def _can_afford(S, C, K, R, seat, k0, kn, W):
    ids = W[W_IDS]
    cnt = W[W_CNT]
    nids = _bank_ids(S, seat, R[R_NCARDS], ids, cnt)
    for k in range(k0, k0 + kn):
        if not _star_ok(S, K, k, seat):
            continue
        if _covers(C, K, k, cnt, ids, nids, R[R_PAY_CARDS], W):
            return True
    return False


@no_counts
def _payments(S, C, K, R, seat, k0, kn, PAYS, W):
    """payment_options: costs.payments of each cost in turn, without repeats, as copies of
    each card in PAYS; their number (-1 when they outgrow PAYS)."""
    # pk: copies of ids[i] picked at node i of the walk; stage: whether node i has gone down
    ids = W[W_IDS]
    cnt = W[W_CNT]
    pk = W[W_PK]
    stage = W[W_STAGE]
    sel = W[W_SEL]
    sub = W[W_SUB]
    ncards = R[R_NCARDS]
    mode = R[R_PAY_CARDS]
    nids = _bank_ids(S, seat, ncards, ids, cnt)
    npays = 0
    for k in range(k0, k0 + kn):
        if not _star_ok(S, K, k, seat):
            continue
        if not _covers(C, K, k, cnt, ids, nids, mode, W):
            continue
        points = K[k, CO_GEN] + K[k, CO_NT]
        if points == 0:
            found = -1
            for p in range(npays):
                same = True
                for c in range(ncards):
                    if PAYS[p, c] != 0:
                        same = False
                        break
                if same:
                    found = p
                    break
            if found < 0:
                if npays >= PAYS.shape[0]:
                    return -1
                for c in range(ncards):
                    PAYS[npays, c] = 0
                npays += 1
            continue
        # costs.payments' walk without recursion: node i decides the copies of the i-th
        # card, none first; a set that pays ends its branch (kept when minimal).
        cut = max(points, 1)
        for j in range(nids):
            pk[j] = 0
        i = 0
        npicked = 0
        stage[0] = 0
        while True:
            up = False
            if stage[i] == 0:
                for j in range(nids):
                    sel[j] = pk[j] if j < i else 0
                if _covers(C, K, k, sel, ids, nids, mode, W):
                    minimal = True
                    for j in range(i):
                        if sel[j] > 0:
                            for x in range(nids):
                                sub[x] = sel[x]
                            sub[j] -= 1
                            if _covers(C, K, k, sub, ids, nids, mode, W):
                                minimal = False
                                break
                    if minimal:
                        found = -1
                        for p in range(npays):
                            same = True
                            for c in range(ncards):
                                want = 0
                                for j in range(i):
                                    if ids[j] == c:
                                        want = sel[j]
                                if PAYS[p, c] != want:
                                    same = False
                                    break
                            if same:
                                found = p
                                break
                        if found < 0:
                            if npays >= PAYS.shape[0]:
                                return -1
                            for c in range(ncards):
                                PAYS[npays, c] = 0
                            for j in range(i):
                                PAYS[npays, ids[j]] = sel[j]
                            npays += 1
                    up = True
                elif i == nids or npicked >= cut:
                    up = True
                else:
                    pk[i] = 0
                    stage[i] = 1
                    i += 1
                    stage[i] = 0
            else:
                if pk[i] < cnt[i]:
                    pk[i] += 1
                    npicked += 1
                    i += 1
                    stage[i] = 0
                else:
                    npicked -= pk[i]
                    pk[i] = 0
                    up = True
            if up:
                if i == 0:
                    break
                i -= 1
    return npays


@no_counts
def _to_discard(S, C, seat, name):
    """R-5 discard, with Recur (R-41): a discarded Recur card goes back to the hand."""
    if C[name, F_RECUR]:
        _push(S, _pat(seat) + P_HAND, name, ZONE_CAP)
    else:
        _push(S, _pat(seat) + P_DISC, name, ZONE_CAP)


@no_counts
def _pay(S, C, K, R, seat, PAYS, p, k0, kn):
    """R-11: the whole set is discarded; a `*` cost uses production points (R-13)."""
    for c in range(R[R_NCARDS]):
        for _ in range(PAYS[p, c]):
            S[_pat(seat) + P_BANK + c] -= 1
            _push(S, _pat(seat) + P_DISC, c, ZONE_CAP)  # bank cards have no text
    stars = K[k0, CO_STARS]
    for k in range(k0, k0 + kn):
        stars = min(stars, K[k, CO_STARS])
    S[PROD_LEFT] -= stars


# -- leaving play -----------------------------------------------------------------------------


@no_counts
def _leave_play(S, INST, C, uid, to_void):
    """A card leaves play for the discard pile (KO) or the void pile (destroyed), its
    modifiers first (they hold no modifiers themselves, so this needs no recursion, which
    numba's cache cannot reload)."""
    INST[uid, I_ALIVE] = 0
    for k in range(INST[uid, I_NMODS]):
        m = INST[uid, I_MUID + k]
        if INST[m, I_ALIVE] == 1:
            INST[m, I_ALIVE] = 0
            _gone(S, INST, C, m, False)
    _gone(S, INST, C, uid, to_void)


@no_counts
def _gone(S, INST, C, uid, to_void):
    seat = INST[uid, I_OWNER]
    host = INST[uid, I_HOST]
    if host > 0 and INST[host, I_ALIVE] == 1:
        n = INST[host, I_NMODS]
        w = 0
        for k in range(n):
            if INST[host, I_MUID + k] != uid:
                INST[host, I_MKEY + w] = INST[host, I_MKEY + k]
                INST[host, I_MUID + w] = INST[host, I_MUID + k]
                w += 1
        INST[host, I_NMODS] = w
    p = _pat(seat)
    _remove(S, p + P_CHARS, uid)
    _remove(S, p + P_ASSETS, uid)
    if S[C_ON]:
        _remove(S, C_A, uid)
        _remove(S, C_D, uid)
    name = INST[uid, I_NAME]
    if to_void:
        if C[name, F_RECUR]:
            _push(S, p + P_DISC, name, ZONE_CAP)
        else:
            S[p + P_VOID + name] += 1
    else:
        _to_discard(S, C, seat, name)


@no_counts
def _destroy(S, INST, C, uid):
    """R-5; a Shrine may pay to keep a destroyed character in the discard pile."""
    seat = INST[uid, I_OWNER]
    name = INST[uid, I_NAME]
    is_char = _has(S, _pat(seat) + P_CHARS, uid)
    _leave_play(S, INST, C, uid, True)
    if is_char:
        S[_pat(seat) + P_DESTROYED] += 1
        at = _pat(seat) + P_ASSETS
        for i in range(S[at]):
            x = C[INST[S[at + 1 + i], I_NAME], F_SHRINE]
            if x:
                _q_push(S, ST_SHRINE, seat, name, x)
                break


# -- combat helpers -------------------------------------------------------------------------


@no_counts
def _paired(S, uid):
    for i in range(S[C_NP]):
        if S[C_PAIRS + 2 * i] == uid or S[C_PAIRS + 2 * i + 1] == uid:
            return True
    return False


@no_counts
def _alive_facing(S, INST, uid, out):
    n = 0
    for i in range(S[C_NP]):
        a = S[C_PAIRS + 2 * i]
        b = S[C_PAIRS + 2 * i + 1]
        f = -1
        if a == uid:
            f = b
        elif b == uid:
            f = a
        if f >= 0 and INST[f, I_ALIVE] == 1:
            out[n] = f
            n += 1
    return n


@no_counts
def _side(S, seat):
    return C_ATTACKERS if seat == S[C_ATT] else C_DEFENDERS


@no_counts
def _gang_targets(S, INST, uid, out, tmp):
    seat = INST[uid, I_OWNER]
    at = _side(S, seat)
    n = 0
    for i in range(S[at]):
        u = S[at + 1 + i]
        if INST[u, I_ALIVE] == 1 and _paired(S, u) and _alive_facing(S, INST, u, tmp) > 0:
            out[n] = u
            n += 1
    return n


@no_counts
def _skill_at(S, INST, C, R, seat):
    total = 0
    if R[R_MISSION_ONLY]:
        at = _side(S, seat)
        for i in range(S[at]):
            u = S[at + 1 + i]
            if INST[u, I_ALIVE] == 1:
                total += _skl(INST, C, u)
    else:
        at = _pat(seat) + P_CHARS
        for i in range(S[at]):
            u = S[at + 1 + i]
            if INST[u, I_WHERE] == S[C_LOC]:
                total += _skl(INST, C, u)
    return total


@no_counts
def _damage(INST, uid, amount):
    if INST[uid, I_PREVENT] or amount <= 0:
        return
    INST[uid, I_DAMAGE] += amount


@no_counts
def _lethal(S, INST, C, uids, n):
    """R-26.4 with Toughness (R-35): lethal damage destroys, unless a wound is left."""
    for i in range(n):
        uid = uids[i]
        dup = False
        for j in range(i):
            if uids[j] == uid:
                dup = True
                break
        if dup or INST[uid, I_ALIVE] != 1 or INST[uid, I_DAMAGE] < _def(INST, C, uid):
            continue
        if INST[uid, I_WOUNDS] < C[INST[uid, I_NAME], F_TOUGH]:
            INST[uid, I_DAMAGE] = 0
            INST[uid, I_WOUNDS] += 1
            continue
        _destroy(S, INST, C, uid)


@no_counts
def _lethal_one(S, INST, C, uid):
    """_lethal for one character whose Def has fallen (1.1, A-E10)."""
    one = S[SCR_C : SCR_C + 1]
    one[0] = uid
    _lethal(S, INST, C, one, 1)


@no_counts
def _long_range(S, INST, C, first, last):
    """R-34 for the pairs first..last-1: both of a pair at the same moment."""
    n = 0
    tg = S[SCR_A : SCR_A + SCR_W]
    am = S[SCR_B : SCR_B + SCR_W]
    for i in range(first, last):
        a = S[C_PAIRS + 2 * i]
        b = S[C_PAIRS + 2 * i + 1]
        for r in range(2):
            x = a if r == 0 else b
            y = b if r == 0 else a
            if INST[x, I_ALIVE] == 1 and INST[y, I_ALIVE] == 1 and C[INST[x, I_NAME], F_LR]:
                tg[n] = y
                am[n] = _atk(INST, C, x)
                n += 1
    for i in range(n):
        _damage(INST, tg[i], am[i])
    _lethal(S, INST, C, tg, n)


@no_counts
def _opposer_pool(S, INST, out):
    ch = S[C_CHAL]
    side = 1 - INST[ch, I_OWNER]
    at = C_A if side == S[C_ATT] else C_D
    n = 0
    for i in range(S[at]):
        u = S[at + 1 + i]
        taken = False
        for p in range(S[C_NP]):
            a = S[C_PAIRS + 2 * p]
            b = S[C_PAIRS + 2 * p + 1]
            if (a == ch and b == u) or (a == u and b == ch):
                taken = True
                break
        if not taken:
            out[n] = u
            n += 1
    return n


@no_counts
def _gleft(S, INST, C, R, uid):
    if INST[uid, I_GSTAMP] == S[MISSION_ID]:
        return INST[uid, I_GLEFT]
    return _giant(C, R, INST, uid)


@no_counts
def _send_home(S, INST, uid):
    if not _alive(INST, uid) or not S[C_ON]:
        return
    INST[uid, I_WHERE] = HQ
    _remove(S, C_DEFENDERS, uid)
    _remove(S, C_D, uid)
    _remove(S, C_ATTACKERS, uid)
    _remove(S, C_A, uid)


# -- what a seat may play -----------------------------------------------------------------------


@no_counts
def _targets(S, INST, C, seat, kind, out):
    """Legal targets (R-40); -1 for none; a card number for a discard pile's card."""
    if kind == TG_NONE:
        out[0] = -1
        return 1
    p = _pat(seat)
    n = 0
    if kind == TG_DISCARD:
        at = p + P_DISC
        return _distinct(S, at + 1, S[at], out)
    if kind == TG_FRIENDLY:
        at = p + P_CHARS
        for i in range(S[at]):
            out[n] = S[at + 1 + i]
            n += 1
        return n
    if kind == TG_DEFENDER:
        if not S[C_ON] or S[C_STEP] != CS_R24:
            return 0
        for i in range(S[C_DEFENDERS]):
            u = S[C_DEFENDERS + 1 + i]
            if (
                _has(S, C_D, u)
                and not _paired(S, u)
                and (INST[u, I_OWNER] == seat or not C[INST[u, I_NAME], F_SHIELD])
            ):
                out[n] = u
                n += 1
        return n
    for r in range(2):
        at = _pat(seat if r == 0 else 1 - seat) + P_CHARS
        for i in range(S[at]):
            u = S[at + 1 + i]
            if kind == TG_DAMAGED and INST[u, I_DAMAGE] <= 0:
                continue
            if INST[u, I_OWNER] == seat or not C[INST[u, I_NAME], F_SHIELD]:
                out[n] = u
                n += 1
    return n


@no_counts
def _surprise_ok(S, C, seat, name):
    ph = C[name, F_PHASE]
    if ph == PH_MISSION_WORD and S[PHASE] != PH_MISSION:
        return False
    if (ph == PH_PRODUCTION_WORD or C[name, F_PSTARS]) and (
        S[PHASE] != PH_PRODUCTION or seat != S[ACTIVE]
    ):
        return False
    if C[name, F_HERE] and not S[C_ON]:
        return False
    return True


@no_counts
def _add(OPT, n, kind, a, b):
    if n >= OPT.shape[0]:
        return n
    OPT[n, 0] = kind
    OPT[n, 1] = a
    OPT[n, 2] = b
    return n + 1


@no_counts
def _distinct(S, start, count, out):
    """The different values of S[start:start + count] into out, in the order they first
    come (dict.fromkeys); how many."""
    n = 0
    for i in range(count):
        v = S[start + i]
        seen = False
        for j in range(n):
            if out[j] == v:
                seen = True
                break
        if not seen:
            out[n] = v
            n += 1
    return n


@no_counts
def _distinct_hand(S, seat, out):
    at = _pat(seat) + P_HAND
    return _distinct(S, at + 1, S[at], out)


@no_counts
def _play_actions(S, INST, C, seat, name, tkind, OPT, n, TG):
    nt = _targets(S, INST, C, seat, tkind, TG)
    for i in range(nt):
        n = _add(OPT, n, A_PLAY, name, TG[i])
    return n


@no_counts
def _window_plays(S, INST, C, K, R, CL, seat, OPT, n, W, HN, TG, first_only):
    nh = _distinct_hand(S, seat, HN)
    for h in range(nh):
        name = HN[h]
        if C[name, F_TYPE] != TY_SURPRISE or not _surprise_ok(S, C, seat, name):
            continue
        k0, kn = _costs_of(S, INST, C, R, CL, name)
        if not _can_afford(S, C, K, R, seat, k0, kn, W):
            continue
        n = _play_actions(S, INST, C, seat, name, C[name, F_TARGET], OPT, n, TG)
        if first_only and n:
            return n
    at = _pat(seat) + P_ASSETS
    for i in range(S[at]):
        uid = S[at + 1 + i]
        name = INST[uid, I_NAME]
        if not C[name, F_HAS_AB] or INST[uid, I_USED]:
            continue
        if R[R_PER_NAME] and S[_pat(seat) + P_USED_NAMES + name]:
            continue
        k = C[name, F_AB_ROW]
        if not _can_afford(S, C, K, R, seat, k, 1, W):
            continue
        nt = _targets(S, INST, C, seat, C[name, F_TARGET], TG)
        for j in range(nt):
            n = _add(OPT, n, A_USE, uid, TG[j])
        if first_only and n:
            return n
    return n


@no_counts
def _deploy_plays(S, INST, C, K, R, CL, seat, OPT, n, W, HN, TG):
    nh = _distinct_hand(S, seat, HN)
    for h in range(nh):
        name = HN[h]
        if C[name, F_TYPE] == TY_SURPRISE:
            continue
        k0, kn = _costs_of(S, INST, C, R, CL, name)
        if not _can_afford(S, C, K, R, seat, k0, kn, W):
            continue
        tk = C[name, F_TARGET] if C[name, F_TYPE] == TY_MOD else TG_NONE
        n = _play_actions(S, INST, C, seat, name, tk, OPT, n, TG)
    return n


# -- playing a card or an ability -------------------------------------------------------------


@no_counts
def _costs_for(S, INST, C, R, CL, kind, what):
    if kind == USE:
        return C[INST[what, I_NAME], F_AB_ROW], 1
    return _costs_of(S, INST, C, R, CL, what)


@no_counts
def _start_play(S, INST, C, K, R, CL, seat, kind, what, target, PAYS, W, STEPS):
    """Pay for a play (asking which cards when there is a choice), then resolve it."""
    k0, kn = _costs_for(S, INST, C, R, CL, kind, what)
    npay = _payments(S, C, K, R, seat, k0, kn, PAYS, W)
    if npay < 0:
        S[STATUS] = UNSUPPORTED
        return
    if npay == 1:
        _pay(S, C, K, R, seat, PAYS, 0, k0, kn)
        _after_payment(S, INST, C, R, seat, kind, what, target, STEPS)
    else:
        S[PAY_SEAT] = seat
        S[PAY_KIND] = kind
        S[PAY_WHAT] = what
        S[PAY_TGT] = target
        S[PAY_K0] = k0
        S[PAY_KN] = kn
        _ask(S, seat, AK_PAY, 0, 0, 0, 0)


@no_counts
def _after_payment(S, INST, C, R, seat, kind, what, target, STEPS):
    p = _pat(seat)
    if kind == USE:
        INST[what, I_USED] = 1
        S[p + P_USED_NAMES + INST[what, I_NAME]] = 1
        name = INST[what, I_NAME]
    else:
        _remove(S, p + P_HAND, what)
        name = what
    if kind == PLAY and C[name, F_TYPE] == TY_SURPRISE:
        _to_discard(S, C, seat, name)
    if kind == PLAY and C[name, F_TYPE] != TY_SURPRISE:
        _q_push(S, ST_RESOLVE_PLAY, seat, what, target)
    elif R[R_LIFO]:
        n = S[NSTACK]
        if n >= STACK_CAP:
            S[STATUS] = UNSUPPORTED
            return
        at = STACK + 4 * n
        S[at] = seat
        S[at + 1] = kind
        S[at + 2] = what
        S[at + 3] = target
        S[NSTACK] = n + 1
    else:
        ns = _resolve_effects(S, INST, C, seat, kind, what, target, STEPS, 0)
        _q_push_steps(S, STEPS, ns)


@no_counts
def _resolve_effects(S, INST, C, seat, kind, what, target, STEPS, ns):
    """The effects of a Surprise or an ability; the steps they leave (draws, cards to the
    bottom) are added to STEPS[ns:], and the new count returned."""
    name = INST[what, I_NAME] if kind == USE else what
    tk = C[name, F_TARGET]
    targets_card = tk != TG_NONE and tk != TG_DISCARD
    if targets_card and target > 0 and INST[target, I_ALIVE] != 1:
        return ns
    for e in range(C[name, F_NEFF]):
        ns = _effect(S, INST, C, seat, name, e, target, STEPS, ns)
    return ns


@no_counts
def _effect(S, INST, C, seat, name, e, target, STEPS, ns):
    kw = C[name, F_EFF + 3 * e]
    amount = C[name, F_EFF + 3 * e + 1]
    if kw <= K_SKL:
        if C[name, F_EFF + 3 * e + 2]:
            at = _pat(seat) + P_CHARS
            if S[C_ON]:
                for i in range(S[at]):
                    u = S[at + 1 + i]
                    if INST[u, I_WHERE] == S[C_LOC]:
                        INST[u, I_T0 + kw] += amount
        elif target > 0:
            INST[target, I_T0 + kw] += amount
    elif kw == K_SEND_HOME:
        _send_home(S, INST, target)
    elif kw == K_PREVENT:
        INST[target, I_PREVENT] = 1
    elif kw == K_DESTROY:
        _destroy(S, INST, C, target)
    elif kw == K_RETURN:
        p = _pat(seat)
        if _has(S, p + P_DISC, target):
            _remove(S, p + P_DISC, target)
            _push(S, p + P_HAND, target, ZONE_CAP)
    elif kw == K_DRAW or kw == K_BOTTOM:
        st = ST_DRAW if kw == K_DRAW else ST_BOTTOM
        for _ in range(amount):
            if ns >= STEPS.shape[0]:
                S[STATUS] = UNSUPPORTED
                return ns
            STEPS[ns, 0] = st
            STEPS[ns, 1] = seat
            STEPS[ns, 2] = 0
            STEPS[ns, 3] = 0
            ns += 1
    return ns


@no_counts
def _finish_play(S, INST, C, R, seat, name, target):
    uid = S[NEXT_UID]
    if uid >= INST.shape[0]:
        S[STATUS] = UNSUPPORTED
        return
    S[NEXT_UID] = uid + 1
    for f in range(INST_W):
        INST[uid, f] = 0
    INST[uid, I_NAME] = name
    INST[uid, I_OWNER] = seat
    INST[uid, I_WHERE] = HQ
    INST[uid, I_ALIVE] = 1
    INST[uid, I_GSTAMP] = -1
    p = _pat(seat)
    ty = C[name, F_TYPE]
    if ty == TY_CHAR:
        _push(S, p + P_CHARS, uid, LIST_CAP)
        _unique(S, INST, C, R, uid)
    elif ty == TY_ASSET:
        _push(S, p + P_ASSETS, uid, LIST_CAP)
        _unique(S, INST, C, R, uid)
    elif ty == TY_MOD:
        _attach(S, INST, C, R, uid, target)


@no_counts
def _unique(S, INST, C, R, uid):
    """R-38 / A-18: a second copy in play sends one copy to its owner's discard pile."""
    name = INST[uid, I_NAME]
    if not C[name, F_UNIQUE]:
        return
    other = -1
    for u in range(1, S[NEXT_UID]):
        if u != uid and INST[u, I_ALIVE] == 1 and INST[u, I_NAME] == name:
            other = u
            break
    if other < 0:
        return
    _leave_play(S, INST, C, other if R[R_UNIQUE_NEWER] == 0 else uid, False)


@no_counts
def _mod_key(C, R, name):
    """LocationState.mod_key."""
    return R[R_ONE_KEY] if R[R_MOD_ONE] else C[name, F_SUB]


@no_counts
def _attach(S, INST, C, R, uid, host):
    if not _alive(INST, host):
        _leave_play(S, INST, C, uid, False)
        return
    INST[uid, I_HOST] = host
    key = _mod_key(C, R, INST[uid, I_NAME])
    n = INST[host, I_NMODS]
    old = -1
    for k in range(n):
        if INST[host, I_MKEY + k] == key:
            old = INST[host, I_MUID + k]
            break
    if n >= MOD_CAP:
        S[STATUS] = UNSUPPORTED
        return
    if old < 0:
        INST[host, I_MKEY + n] = key
        INST[host, I_MUID + n] = uid
        INST[host, I_NMODS] = n + 1
        _lethal_one(S, INST, C, host)  # a modifier with a negative Def (A-E10)
        return
    INST[host, I_MKEY + n] = key + NEW_KEY  # both attached until the controller chooses
    INST[host, I_MUID + n] = uid
    INST[host, I_NMODS] = n + 1
    _ask(S, INST[host, I_OWNER], AK_KEEP_MOD, host, key, old, uid)


# -- the step machine -------------------------------------------------------------------------


@no_counts
def _end(S, winner):
    S[WINNER] = winner
    S[ASK_ON] = 0
    S[WAIT] = WT_NONE
    S[W_ON] = 0


@no_counts
def _end_by_limit(S, R):
    won0 = 0
    won1 = 0
    tok0 = 0
    tok1 = 0
    for i in range(S[NLOCS]):
        at = LOCS + LOC_W * i
        if S[at + 2] == 0:
            won0 += 1
        elif S[at + 2] == 1:
            won1 += 1
        else:
            tok0 += S[at + 3]
            tok1 += S[at + 4]
    if R[R_LIMIT_TOKENS]:  # A-25's literal reading: the tokens alone
        won0 = 0
        won1 = 0
    if won0 == won1 and tok0 == tok1:
        _end(S, -1)
    elif won0 > won1 or (won0 == won1 and tok0 > tok1):
        _end(S, 0)
    else:
        _end(S, 1)


@no_counts
def _set_first(S, R, seat):
    S[FIRST] = seat
    second = 1 - seat
    hand = R[R_HAND]
    # pushed last step first: the queue's front is its end
    _q_push(S, ST_MULLIGAN, second, 0, 0)
    _q_push(S, ST_MULLIGAN, seat, 0, 0)
    for _ in range(hand):
        _q_push(S, ST_DRAW, second, 0, 0)
    for _ in range(hand):
        _q_push(S, ST_DRAW, seat, 0, 0)
    _q_push(S, ST_PICK, seat, 0, 0)
    _q_push(S, ST_PICK, second, 0, 0)
    _q_push(S, ST_PICK, seat, 0, 0)
    S[ACTIVE] = second  # the second player takes the first turn


@no_counts
def _place(S, seat, loc):
    _remove(S, _pat(seat) + P_BROUGHT, loc)
    at = LOCS + LOC_W * S[NLOCS]
    S[at] = loc
    S[at + 1] = seat
    S[at + 2] = -1
    S[at + 3] = 0
    S[at + 4] = 0
    S[NLOCS] += 1


@no_counts
def _do_draw(S, R, seat):
    p = _pat(seat)
    if S[p + P_DECK_SIZE] > 0:
        S[WAIT] = WT_DRAW
        S[WAIT_SEAT] = seat
    elif S[p + P_BOTTOM] > 0:
        card = S[p + P_BOTTOM + 1]
        _remove(S, p + P_BOTTOM, card)
        _push(S, p + P_HAND, card, ZONE_CAP)
    elif S[p + P_DISC] > 0:
        n = S[p + P_DECK_N]
        for i in range(S[p + P_DISC]):
            n = deck_put(
                S[p + P_DECK_IDS : p + P_DECK_IDS + CARD_CAP],
                S[p + P_DECK_CNT : p + P_DECK_CNT + CARD_CAP],
                n,
                S[p + P_DISC + 1 + i],
            )
            S[p + P_DECK_SIZE] += 1
        S[p + P_DECK_N] = n
        S[p + P_DISC] = 0
        S[WAIT] = WT_DRAW
        S[WAIT_SEAT] = seat
    elif R[R_DECK_LOSE]:
        _end(S, 1 - seat)


@no_counts
def _do_turn(S, R, L):
    limit = R[R_TURN_LIMIT]
    if S[TURN] and limit and S[TURN] >= limit:
        _end_by_limit(S, R)
        return
    if S[TURN]:
        S[ACTIVE] = 1 - S[ACTIVE]
    S[TURN] += 1
    S[_pat(S[ACTIVE]) + P_OWN_TURNS] += 1
    S[PROD_LEFT] = 0
    # End: phase, window, cleanup; the others: phase, window, their step(s), window
    _q_push(S, ST_CLEANUP, 0, 0, 0)
    _q_push(S, ST_WINDOW, 0, 0, 0)
    _q_push(S, ST_PHASE, PH_END, 0, 0)
    for ph in range(PH_DEPLOY, PH_BEGIN - 1, -1):
        _q_push(S, ST_WINDOW, 0, 0, 0)
        if ph == PH_BEGIN:
            _q_push(S, ST_HOME, 0, 0, 0)
            _q_push(S, ST_UPKEEP, 0, 0, 0)
        elif ph == PH_PRODUCTION:
            _q_push(S, ST_PRODUCTION, 0, 0, 0)
        elif ph == PH_MISSION:
            _q_push(S, ST_MISSION, 0, 0, 0)
        else:
            _q_push(S, ST_DEPLOY, 0, 0, 0)
        _q_push(S, ST_WINDOW, 0, 0, 0)
        _q_push(S, ST_PHASE, ph, 0, 0)


@no_counts
def _resolve_stack(S, INST, C, STEPS):
    ns = 0
    while S[NSTACK] > 0:
        n = S[NSTACK] - 1
        S[NSTACK] = n
        at = STACK + 4 * n
        ns = _resolve_effects(S, INST, C, S[at], S[at + 1], S[at + 2], S[at + 3], STEPS, ns)
    _q_push_steps(S, STEPS, ns)


@no_counts
def _defender_pool(S, INST, out):
    at = _pat(1 - S[C_ATT]) + P_CHARS
    n = 0
    for i in range(S[at]):
        u = S[at + 1 + i]
        if INST[u, I_WHERE] == HQ and not _has(S, C_DEFENDERS, u):
            out[n] = u
            n += 1
    return n


@no_counts
def _choose_challenger(S, INST, C, R, uid):
    att_side = S[C_CHOOSER] == S[C_ATT]
    _remove(S, C_A if att_side else C_D, uid)
    S[C_CHAL] = uid
    other = C_D if att_side else C_A
    S[C_TO_OPP] = min(_giant(C, R, INST, uid), S[other])
    S[C_CHOOSER] = 1 - S[C_CHOOSER]


@no_counts
def _choose_opposer(S, INST, C, R, uid):
    ch = S[C_CHAL]
    pool = C_A if INST[uid, I_OWNER] == S[C_ATT] else C_D
    n = S[C_NP]
    if n >= PAIR_CAP:
        S[STATUS] = UNSUPPORTED
        return
    S[C_PAIRS + 2 * n] = ch
    S[C_PAIRS + 2 * n + 1] = uid
    S[C_NP] = n + 1
    # A Giant opposer stays available until it has been paired X times.
    left = _gleft(S, INST, C, R, uid) - 1
    INST[uid, I_GLEFT] = left
    INST[uid, I_GSTAMP] = S[MISSION_ID]
    if left <= 0:
        _remove(S, pool, uid)
    S[C_TO_OPP] -= 1
    if R[R_LR_START] == 0:
        _long_range(S, INST, C, n, n + 1)


@no_counts
def _do_pairing(S, INST, C, R, TMP):
    S[C_STEP] = CS_R25
    ch = S[C_CHAL]
    if ch > 0 and INST[ch, I_ALIVE] != 1:
        S[C_TO_OPP] = 0  # a Long Range opposer destroyed it before its last opposer
    if ch > 0 and S[C_TO_OPP] > 0:
        if _opposer_pool(S, INST, TMP) > 0:
            _again(S, ST_PAIRING, 0, 1 - INST[ch, I_OWNER], AK_OPPOSER)
            return
        S[C_TO_OPP] = 0
    S[C_CHAL] = 0
    if S[C_A] == 0 or S[C_D] == 0:
        return
    _again(S, ST_PAIRING, 0, S[C_CHOOSER], AK_CHALLENGER)


@no_counts
def _do_resolve(S, INST, C, R, TMP, TMP2):
    S[C_STEP] = CS_R26
    if R[R_LR_START]:
        _long_range(S, INST, C, 0, S[C_NP])
    # the steps in order, pushed at the end last first
    ng = 0
    gl = S[SCR_A : SCR_A + SCR_W]  # _long_range is done with it
    for r in range(2):
        at = C_ATTACKERS if r == 0 else C_DEFENDERS
        for i in range(S[at]):
            u = S[at + 1 + i]
            if (
                INST[u, I_ALIVE] == 1
                and not _paired(S, u)
                and C[INST[u, I_NAME], F_GANG]
                and _gang_targets(S, INST, u, TMP, TMP2) > 0
            ):
                gl[ng] = u
                ng += 1
    ns = 0
    sl = S[SCR_B : SCR_B + SCR_W]
    if R[R_GIANT] == GI_SPLIT:
        for r in range(2):
            at = C_ATTACKERS if r == 0 else C_DEFENDERS
            for i in range(S[at]):
                u = S[at + 1 + i]
                if (
                    INST[u, I_ALIVE] == 1
                    and _giant(C, R, INST, u) > 1
                    and _alive_facing(S, INST, u, TMP) > 1
                ):
                    sl[ns] = u
                    ns += 1
    _q_push(S, ST_DAMAGE, 0, 0, 0)
    for i in range(ns - 1, -1, -1):
        _q_push(S, ST_SPLIT, sl[i], 0, 0)
    for i in range(ng - 1, -1, -1):
        _q_push(S, ST_GANG, gl[i], 0, 0)


@no_counts
def _do_damage(S, INST, C, R, TMP):
    """R-26.3-4: every character in combat deals its Atk to what it faces, all at once."""
    npairs = S[C_NP]
    order = S[SCR_A : SCR_A + SCR_W]
    no = _distinct(S, C_PAIRS, 2 * npairs, order)
    ht = S[SCR_B : SCR_B + SCR_W]
    ha = S[SCR_C : SCR_C + SCR_W]
    nh = 0
    for oi in range(no):
        uid = order[oi]
        if INST[uid, I_ALIVE] != 1:
            continue
        nf = _alive_facing(S, INST, uid, TMP)
        if nf == 0:
            continue
        if C[INST[uid, I_NAME], F_LR]:
            continue  # its damage was dealt when it was paired
        atk = _atk(INST, C, uid)
        for g in range(S[C_NG]):
            gu = S[C_GANG + 2 * g]
            if S[C_GANG + 2 * g + 1] == uid and INST[gu, I_ALIVE] == 1:
                atk += _atk(INST, C, gu)
        has_split = False
        for s in range(S[C_NS]):
            if S[C_SPLIT + 3 * s] == uid:
                has_split = True
                break
        if nf == 1:
            nh = _hit(INST, ht, ha, nh, TMP[0], atk)
        elif R[R_GIANT] == GI_FULL_EACH:
            for k in range(nf):
                nh = _hit(INST, ht, ha, nh, TMP[k], atk)
        elif has_split:
            for s in range(S[C_NS]):
                if S[C_SPLIT + 3 * s] == uid:
                    nh = _hit(INST, ht, ha, nh, S[C_SPLIT + 3 * s + 1], S[C_SPLIT + 3 * s + 2])
        else:
            nh = _hit(INST, ht, ha, nh, TMP[0], atk)
    for i in range(nh):
        _damage(INST, ht[i], ha[i])
    _lethal(S, INST, C, ht, nh)
    S[C_STEP] = CS_R26_DONE


@no_counts
def _hit(INST, ht, ha, nh, t, amount):
    if INST[t, I_ALIVE] != 1:
        return nh
    for i in range(nh):
        if ht[i] == t:
            ha[i] += amount
            return nh
    ht[nh] = t
    ha[nh] = amount
    return nh + 1


@no_counts
def _do_victory(S, INST, C, R, L):
    """R-27 .. R-29."""
    S[C_STEP] = CS_R27
    at = LOCS + LOC_W * S[C_LOC]
    if S[at + 2] >= 0:
        return
    att = S[C_ATT]
    net = _skill_at(S, INST, C, R, att) - _skill_at(S, INST, C, R, 1 - att)
    lid = S[at]
    if net < L[lid, L_SKILL]:
        return
    S[at + 3 + att] += 1
    S[_pat(att) + P_VP] += 1
    if S[at + 3 + att] >= L[lid, L_VP]:
        S[at + 2] = att
        S[at + 3] = 0
        S[at + 4] = 0
        won = 0
        for i in range(S[NLOCS]):
            if S[LOCS + LOC_W * i + 2] == att:
                won += 1
        if 2 * won > S[NLOCS]:
            _end(S, att)


@no_counts
def _window_can_act(S, INST, C, K, R, CL, seat, OPT, W, HN, TG):
    return _window_plays(S, INST, C, K, R, CL, seat, OPT, 0, W, HN, TG, True) > 0


@no_counts
def _run(S, INST, C, K, R, CL, L, OPT, PAYS, W, HN, TG, TMP, TMP2, STEPS):
    while S[ASK_ON] == 0 and S[WAIT] == WT_NONE and S[WINNER] == NO_WINNER and S[STATUS] == OK:
        if S[NQ] == 0:
            _q_push(S, ST_TURN, 0, 0, 0)
        n = S[NQ] - 1
        S[NQ] = n
        at = QUEUE + 4 * n
        kind = S[at]
        a = S[at + 1]
        b = S[at + 2]
        c = S[at + 3]
        if kind == ST_FIRST:
            S[WAIT] = WT_FIRST
        elif kind == ST_PICK:
            if S[NLOCS] < R[R_NPICKS]:
                _place(S, a, R[R_PICK + S[NLOCS]])
            else:
                _ask(S, a, AK_PICK, 0, 0, 0, 0)
        elif kind == ST_DRAW:
            _do_draw(S, R, a)
        elif kind == ST_MULLIGAN:
            if not S[_pat(a) + P_MULLIGANED]:
                _again(S, ST_MULLIGAN, a, a, AK_MULLIGAN)
        elif kind == ST_TURN:
            _do_turn(S, R, L)
        elif kind == ST_PHASE:
            S[PHASE] = a
        elif kind == ST_WINDOW:
            if not S[W_ON]:
                S[W_ON] = 1
                S[W_AT] = 0
                S[W_DECL] = 0
            asked = False
            while S[W_DECL] < 2:
                seat = S[ACTIVE] if S[W_AT] == 0 else 1 - S[ACTIVE]
                if _window_can_act(S, INST, C, K, R, CL, seat, OPT, W, HN, TG):
                    _again(S, ST_WINDOW, 0, seat, AK_WINDOW)
                    asked = True
                    break
                S[W_DECL] += 1
                S[W_AT] = (S[W_AT] + 1) % 2
            if not asked:
                S[W_ON] = 0
                if S[NSTACK]:
                    _resolve_stack(S, INST, C, STEPS)
        elif kind == ST_UPKEEP:
            seat = S[ACTIVE]
            p = _pat(seat)
            nu = 0
            for r in range(2):
                at2 = p + (P_CHARS if r == 0 else P_ASSETS)
                for i in range(S[at2]):
                    u = S[at2 + 1 + i]
                    if C[INST[u, I_NAME], F_HAS_UPKEEP]:
                        TMP[nu] = u
                        nu += 1
            for i in range(nu - 1, -1, -1):
                _q_push(S, ST_UPKEEP_ONE, TMP[i], 0, 0)
        elif kind == ST_UPKEEP_ONE:
            if INST[a, I_ALIVE] == 1:
                seat = INST[a, I_OWNER]
                k = R[R_GEN_ROW] + C[INST[a, I_NAME], F_UPKEEP]
                npay = _payments(S, C, K, R, seat, k, 1, PAYS, W)
                if npay < 0:
                    S[STATUS] = UNSUPPORTED
                elif npay == 0:
                    _destroy(S, INST, C, a)
                else:
                    _ask(S, seat, AK_UPKEEP, a, 0, 0, 0)
        elif kind == ST_HOME:
            at2 = _pat(S[ACTIVE]) + P_CHARS
            for i in range(S[at2]):
                INST[S[at2 + 1 + i], I_WHERE] = HQ
        elif kind == ST_PRODUCTION:
            if not (S[TURN] == 1 and R[R_NO_PROD]):
                S[PROD_LEFT] += R[R_PROD]
                _q_push(S, ST_PRODUCE, 0, 0, 0)
        elif kind == ST_PRODUCE:
            if S[PROD_LEFT] <= 0:
                S[PROD_LEFT] = 0
            else:
                _again(S, ST_PRODUCE, 0, S[ACTIVE], AK_PRODUCE)
        elif kind == ST_MISSION:
            targets = False
            for i in range(S[NLOCS]):
                if S[LOCS + LOC_W * i + 2] < 0:
                    targets = True
            at2 = _pat(S[ACTIVE]) + P_CHARS
            at_hq = False
            for i in range(S[at2]):
                if INST[S[at2 + 1 + i], I_WHERE] == HQ:
                    at_hq = True
            if targets and (at_hq or not R[R_MIN_ATT]):
                _ask(S, S[ACTIVE], AK_MISSION, 0, 0, 0, 0)
        elif kind == ST_ATTACKERS:
            _again(S, ST_ATTACKERS, 0, S[ACTIVE], AK_ATTACKERS)
        elif kind == ST_DEFENDERS:
            if _defender_pool(S, INST, TMP) > 0:
                _again(S, ST_DEFENDERS, 0, 1 - S[ACTIVE], AK_DEFENDERS)
        elif kind == ST_DEF_DONE:
            for i in range(S[C_DEFENDERS] + 1):
                S[C_D + i] = S[C_DEFENDERS + i]
            S[C_STEP] = CS_R24
        elif kind == ST_PAIRING:
            _do_pairing(S, INST, C, R, TMP)
        elif kind == ST_RESOLVE:
            _do_resolve(S, INST, C, R, TMP, TMP2)
        elif kind == ST_GANG:
            if INST[a, I_ALIVE] == 1 and _gang_targets(S, INST, a, TMP, TMP2) > 0:
                _ask(S, INST[a, I_OWNER], AK_GANG, a, 0, 0, 0)
        elif kind == ST_SPLIT:
            if INST[a, I_ALIVE] == 1 and _alive_facing(S, INST, a, TMP) > 1:
                _ask(S, INST[a, I_OWNER], AK_SPLIT, a, 0, 0, 0)
        elif kind == ST_DAMAGE:
            _do_damage(S, INST, C, R, TMP)
        elif kind == ST_VICTORY:
            _do_victory(S, INST, C, R, L)
        elif kind == ST_MISSION_END:
            S[C_ON] = 0
        elif kind == ST_DEPLOY:
            _again(S, ST_DEPLOY, 0, S[ACTIVE], AK_DEPLOY)
        elif kind == ST_CLEANUP:
            for u in range(1, S[NEXT_UID]):
                if INST[u, I_ALIVE] == 1:
                    INST[u, I_DAMAGE] = 0
                    INST[u, I_T0] = 0
                    INST[u, I_T1] = 0
                    INST[u, I_T2] = 0
                    INST[u, I_PREVENT] = 0
                    INST[u, I_USED] = 0
            for s in range(2):
                for x in range(CARD_CAP):
                    S[_pat(s) + P_USED_NAMES + x] = 0
            _q_push(S, ST_DISCARD_DOWN, S[ACTIVE], 0, 0)
        elif kind == ST_DISCARD_DOWN:
            if S[_pat(a) + P_HAND] > R[R_HAND]:
                _again(S, ST_DISCARD_DOWN, a, a, AK_DISCARD)
        elif kind == ST_BOTTOM:
            if S[_pat(a) + P_HAND] > 0:
                _ask(S, a, AK_BOTTOM, 0, 0, 0, 0)
        elif kind == ST_SHRINE:
            if S[_pat(a) + P_VOID + b] > 0:
                npay = _payments(S, C, K, R, a, R[R_GEN_ROW] + c, 1, PAYS, W)
                if npay < 0:
                    S[STATUS] = UNSUPPORTED
                elif npay > 0:
                    _ask(S, a, AK_SHRINE, b, c, 0, 0)
        elif kind == ST_RESOLVE_PLAY:
            _finish_play(S, INST, C, R, a, b, c)


# -- decisions ------------------------------------------------------------------------------


@no_counts
def _splits(total, parts, SPL, W):
    """moves.splits: every way to share `total` among `parts`, in itertools.product's order."""
    n = 0
    digits = W[W_DIGITS]
    for i in range(SHARE_CAP):
        digits[i] = 0
    while True:
        s = 0
        for i in range(parts - 1):
            s += digits[i]
        if s <= total:
            if n >= SPL.shape[0]:
                return -1
            for i in range(parts - 1):
                SPL[n, i] = digits[i]
            SPL[n, parts - 1] = total - s
            n += 1
        i = parts - 2
        while i >= 0:
            digits[i] += 1
            if digits[i] <= total:
                break
            digits[i] = 0
            i -= 1
        if i < 0:
            break
    return n


@no_counts
def legal(S, INST, C, K, R, CL, OPT, PAYS, SPL, W, HN, TG, TMP, TMP2):
    """The decisions of the question asked, in moves.legal's order; -1 if they outgrow OPT."""
    seat = S[ASK_SEAT]
    kind = S[ASK_KIND]
    p = _pat(seat)
    n = 0
    if kind == AK_PICK:
        for i in range(S[p + P_BROUGHT]):
            n = _add(OPT, n, A_PICK, S[p + P_BROUGHT + 1 + i], 0)
    elif kind == AK_MULLIGAN or kind == AK_DISCARD or kind == AK_BOTTOM:
        nh = _distinct_hand(S, seat, HN)
        ak = A_DISCARD if kind == AK_DISCARD else A_BOTTOM
        for i in range(nh):
            n = _add(OPT, n, ak, HN[i], 0)
        if kind == AK_MULLIGAN:
            n = _add(OPT, n, A_KEEP, 0, 0)
    elif kind == AK_UPKEEP or kind == AK_SHRINE or kind == AK_PAY:
        if kind == AK_UPKEEP:
            k0 = R[R_GEN_ROW] + C[INST[S[ASK_A], I_NAME], F_UPKEEP]
            kn = 1
        elif kind == AK_SHRINE:
            k0 = R[R_GEN_ROW] + S[ASK_B]
            kn = 1
        else:
            k0 = S[PAY_K0]
            kn = S[PAY_KN]
        npay = _payments(S, C, K, R, seat, k0, kn, PAYS, W)
        if npay < 0:
            return -1
        for j in range(npay):
            n = _add(OPT, n, A_PAY, j, 0)
        if kind != AK_PAY:
            n = _add(OPT, n, A_LET_GO, 0, 0)
    elif kind == AK_PRODUCE:
        n = _add(OPT, n, A_DRAW, 0, 0)
        nh = _distinct_hand(S, seat, HN)
        for i in range(nh):
            n = _add(OPT, n, A_BANK, HN[i], 0)
        for i in range(nh):
            name = HN[i]
            if (
                C[name, F_TYPE] == TY_SURPRISE
                and C[name, F_PSTARS]
                and _surprise_ok(S, C, seat, name)
            ):
                k0, kn = _costs_of(S, INST, C, R, CL, name)
                if _can_afford(S, C, K, R, seat, k0, kn, W):
                    n = _play_actions(S, INST, C, seat, name, C[name, F_TARGET], OPT, n, TG)
        n = _add(OPT, n, A_END, 0, 0)
    elif kind == AK_MISSION:
        for i in range(S[NLOCS]):
            if S[LOCS + LOC_W * i + 2] < 0:
                n = _add(OPT, n, A_MISSION, i, 0)
        n = _add(OPT, n, A_SKIP, 0, 0)
    elif kind == AK_ATTACKERS:
        at = p + P_CHARS
        for i in range(S[at]):
            u = S[at + 1 + i]
            if INST[u, I_WHERE] == HQ and not _has(S, C_ATTACKERS, u):
                n = _add(OPT, n, A_ATTACKER, u, 0)
        if S[C_ATTACKERS] >= R[R_MIN_ATT]:
            n = _add(OPT, n, A_GO, 0, 0)
    elif kind == AK_DEFENDERS:
        nd = _defender_pool(S, INST, TMP)
        for i in range(nd):
            n = _add(OPT, n, A_DEFENDER, TMP[i], 0)
        n = _add(OPT, n, A_DONE, 0, 0)
    elif kind == AK_CHALLENGER:
        at = C_A if S[C_CHOOSER] == S[C_ATT] else C_D
        for i in range(S[at]):
            n = _add(OPT, n, A_CHALLENGER, S[at + 1 + i], 0)
    elif kind == AK_OPPOSER:
        no = _opposer_pool(S, INST, TMP)
        for i in range(no):
            n = _add(OPT, n, A_OPPOSER, TMP[i], 0)
    elif kind == AK_GANG:
        g = S[ASK_A]
        nt = _gang_targets(S, INST, g, TMP, TMP2)
        for i in range(nt):
            n = _add(OPT, n, A_GANG, g, TMP[i])
        n = _add(OPT, n, A_NO_GANG, g, 0)
    elif kind == AK_SPLIT:
        g = S[ASK_A]
        nf = _alive_facing(S, INST, g, TMP)
        if nf > SHARE_CAP:
            return -1
        ns = _splits(_atk(INST, C, g), nf, SPL, W)
        if ns < 0:
            return -1
        for i in range(ns):
            n = _add(OPT, n, A_SPLIT, i, nf)
    elif kind == AK_KEEP_MOD:
        n = _add(OPT, n, A_KEEP_MOD, S[ASK_C], 0)
        n = _add(OPT, n, A_KEEP_MOD, S[ASK_D], 0)
    elif kind == AK_WINDOW:
        n = _window_plays(S, INST, C, K, R, CL, seat, OPT, 0, W, HN, TG, False)
        n = _add(OPT, n, A_PASS, 0, 0)
    elif kind == AK_DEPLOY:
        n = _deploy_plays(S, INST, C, K, R, CL, seat, OPT, 0, W, HN, TG)
        n = _add(OPT, n, A_END, 0, 0)
    if n >= OPT.shape[0]:
        return -1
    return n


@no_counts
def perform(S, INST, C, K, R, CL, L, OPT, PAYS, SPL, W, HN, TG, TMP, TMP2, STEPS, i):
    seat = S[ASK_SEAT]
    kind = S[ASK_KIND]
    S[ASK_ON] = 0
    a = OPT[i, 0]
    x = OPT[i, 1]
    y = OPT[i, 2]
    p = _pat(seat)
    if kind == AK_PICK:
        _place(S, seat, x)
    elif kind == AK_MULLIGAN:
        if a == A_BOTTOM:
            _remove(S, p + P_HAND, x)
            _push(S, p + P_BOTTOM, x, ZONE_CAP)
        else:
            S[NQ] -= 1
            S[p + P_MULLIGANED] = 1
            missing = R[R_HAND] - S[p + P_HAND]
            for _ in range(missing):
                _q_push(S, ST_DRAW, seat, 0, 0)
    elif kind == AK_UPKEEP:
        uid = S[ASK_A]
        if a == A_PAY:
            k = R[R_GEN_ROW] + C[INST[uid, I_NAME], F_UPKEEP]
            _pay(S, C, K, R, seat, PAYS, x, k, 1)
            S[PROD_LEFT] += C[INST[uid, I_NAME], F_XPROD]
        else:
            _destroy(S, INST, C, uid)
    elif kind == AK_PRODUCE:
        if a == A_DRAW:
            S[PROD_LEFT] -= 1
            _q_push(S, ST_DRAW, seat, 0, 0)
        elif a == A_BANK:
            S[PROD_LEFT] -= 1
            _remove(S, p + P_HAND, x)
            S[p + P_BANK + x] += 1
        elif a == A_PLAY:
            _start_play(S, INST, C, K, R, CL, seat, PLAY, x, y, PAYS, W, STEPS)
        else:
            S[NQ] -= 1
            S[PROD_LEFT] = 0
    elif kind == AK_MISSION:
        if a == A_MISSION:
            S[C_ON] = 1
            S[C_LOC] = x
            S[C_ATT] = seat
            S[C_STEP] = CS_R23
            S[C_CHOOSER] = seat
            S[C_CHAL] = 0
            S[C_TO_OPP] = 0
            S[C_ATTACKERS] = 0
            S[C_DEFENDERS] = 0
            S[C_A] = 0
            S[C_D] = 0
            S[C_NP] = 0
            S[C_NG] = 0
            S[C_NS] = 0
            S[MISSION_ID] += 1
            S[p + P_MISSIONS] += 1
            _q_push(S, ST_ATTACKERS, 0, 0, 0)
    elif kind == AK_ATTACKERS:
        if a == A_ATTACKER:
            _push(S, C_ATTACKERS, x, LIST_CAP)
        else:
            S[NQ] -= 1
            for j in range(S[C_ATTACKERS]):
                INST[S[C_ATTACKERS + 1 + j], I_WHERE] = S[C_LOC]
            for j in range(S[C_ATTACKERS] + 1):
                S[C_A + j] = S[C_ATTACKERS + j]
            _q_push(S, ST_MISSION_END, 0, 0, 0)
            _q_push(S, ST_WINDOW, 0, 0, 0)
            _q_push(S, ST_VICTORY, 0, 0, 0)
            _q_push(S, ST_WINDOW, 0, 0, 0)
            _q_push(S, ST_RESOLVE, 0, 0, 0)
            _q_push(S, ST_WINDOW, 0, 0, 0)
            _q_push(S, ST_PAIRING, 0, 0, 0)
            _q_push(S, ST_WINDOW, 0, 0, 0)
            _q_push(S, ST_DEF_DONE, 0, 0, 0)
            _q_push(S, ST_DEFENDERS, 0, 0, 0)
            _q_push(S, ST_WINDOW, 0, 0, 0)
    elif kind == AK_DEFENDERS:
        if a == A_DEFENDER:
            _push(S, C_DEFENDERS, x, LIST_CAP)
            INST[x, I_WHERE] = S[C_LOC]
        else:
            S[NQ] -= 1
    elif kind == AK_CHALLENGER:
        _choose_challenger(S, INST, C, R, x)
    elif kind == AK_OPPOSER:
        _choose_opposer(S, INST, C, R, x)
    elif kind == AK_GANG:
        if a == A_GANG:
            done = False
            for g in range(S[C_NG]):
                if S[C_GANG + 2 * g] == x:
                    S[C_GANG + 2 * g + 1] = y
                    done = True
            if not done:
                ng = S[C_NG]
                if ng >= LIST_CAP:
                    S[STATUS] = UNSUPPORTED
                    return
                S[C_GANG + 2 * ng] = x
                S[C_GANG + 2 * ng + 1] = y
                S[C_NG] = ng + 1
    elif kind == AK_SPLIT:
        g = S[ASK_A]
        nf = _alive_facing(S, INST, g, TMP)
        w = 0
        for s in range(S[C_NS]):  # a second split of the same Giant replaces the first
            if S[C_SPLIT + 3 * s] != g:
                for f in range(3):
                    S[C_SPLIT + 3 * w + f] = S[C_SPLIT + 3 * s + f]
                w += 1
        for j in range(nf):
            if w >= PAIR_CAP:
                S[STATUS] = UNSUPPORTED
                break
            S[C_SPLIT + 3 * w] = g
            S[C_SPLIT + 3 * w + 1] = TMP[j]
            S[C_SPLIT + 3 * w + 2] = SPL[x, j]
            w += 1
        S[C_NS] = w
    elif kind == AK_PAY:
        ps = S[PAY_SEAT]
        _pay(S, C, K, R, ps, PAYS, x, S[PAY_K0], S[PAY_KN])
        _after_payment(S, INST, C, R, ps, S[PAY_KIND], S[PAY_WHAT], S[PAY_TGT], STEPS)
    elif kind == AK_KEEP_MOD:
        host = S[ASK_A]
        key = S[ASK_B]
        old = S[ASK_C]
        new = S[ASK_D]
        n = INST[host, I_NMODS]
        w = 0
        for k in range(n):
            if INST[host, I_MKEY + k] != key + NEW_KEY:
                INST[host, I_MKEY + w] = INST[host, I_MKEY + k]
                INST[host, I_MUID + w] = INST[host, I_MUID + k]
                w += 1
        INST[host, I_NMODS] = w
        for k in range(w):
            if INST[host, I_MKEY + k] == key:
                INST[host, I_MUID + k] = x
        _leave_play(S, INST, C, new if x == old else old, False)
        _lethal_one(S, INST, C, host)  # the modifier that left may have given Def (A-E10)
    elif kind == AK_DISCARD:
        _remove(S, p + P_HAND, x)
        _push(S, p + P_DISC, x, ZONE_CAP)
    elif kind == AK_BOTTOM:
        _remove(S, p + P_HAND, x)
        _push(S, p + P_BOTTOM, x, ZONE_CAP)
    elif kind == AK_SHRINE:
        if a == A_PAY:
            _pay(S, C, K, R, seat, PAYS, x, R[R_GEN_ROW] + S[ASK_B], 1)
            S[p + P_VOID + S[ASK_A]] -= 1
            _push(S, p + P_DISC, S[ASK_A], ZONE_CAP)
    elif kind == AK_WINDOW:
        if a == A_PASS:
            S[W_DECL] += 1
            S[W_AT] = (S[W_AT] + 1) % 2
        else:
            S[W_DECL] = 0
            S[W_AT] = (S[W_AT] + 1) % 2
            _start_play(
                S, INST, C, K, R, CL, seat, PLAY if a == A_PLAY else USE, x, y, PAYS, W, STEPS
            )
    elif kind == AK_DEPLOY:
        if a == A_END:
            S[NQ] -= 1
        else:
            _start_play(S, INST, C, K, R, CL, seat, PLAY, x, y, PAYS, W, STEPS)
    _run(S, INST, C, K, R, CL, L, OPT, PAYS, W, HN, TG, TMP, TMP2, STEPS)


# -- the heuristic of bots.py -------------------------------------------------------------------


@no_counts
def _first_of(OPT, n, kind):
    for i in range(n):
        if OPT[i, 0] == kind:
            return i
    return -1


@no_counts
def _cheapest_payment(C, R, V, PAYS, OPT, n):
    best = -1
    bp = 0
    bv = 0.0
    for i in range(n):
        if OPT[i, 0] != A_PAY:
            continue
        j = OPT[i, 1]
        pts = 0
        val = 0.0
        for c in range(R[R_NCARDS]):
            k = PAYS[j, c]
            if k:
                pts += C[c, F_ROWLEN] * k
                val += V[c] * k
        if best < 0 or pts < bp or (pts == bp and val < bv):
            best, bp, bv = i, pts, val
    return best


@no_counts
def _bank_points(S, C, R, seat):
    total = 0
    for c in range(R[R_NCARDS]):
        total += S[_pat(seat) + P_BANK + c] * C[c, F_ROWLEN]
    return total


@no_counts
def _hq_skl(S, INST, C, seat):
    at = _pat(seat) + P_CHARS
    total = 0
    count = 0
    for i in range(S[at]):
        u = S[at + 1 + i]
        if INST[u, I_WHERE] == HQ:
            total += _skl(INST, C, u)
            count += 1
    return total, count


@no_counts
def _dies(S, INST, C, u, TMP2):
    nf = _alive_facing(S, INST, u, TMP2)
    for j in range(nf):
        if _atk(INST, C, TMP2[j]) >= _def(INST, C, u) - INST[u, I_DAMAGE]:
            return True
    return False


@no_counts
def _window_choice(S, INST, C, R, L, OPT, n, TMP2):
    seat = S[ASK_SEAT]
    on = S[C_ON] == 1
    step = S[C_STEP]
    for i in range(n):
        a = OPT[i, 0]
        if a != A_PLAY and a != A_USE:
            continue
        name = OPT[i, 1] if a == A_PLAY else INST[OPT[i, 1], I_NAME]
        t = OPT[i, 2]
        tk = C[name, F_TARGET]
        is_uid = tk != TG_NONE and tk != TG_DISCARD and t > 0
        effect = C[name, F_EFF] if C[name, F_NEFF] else -1
        own = is_uid and INST[t, I_ALIVE] == 1 and INST[t, I_OWNER] == seat
        if on and step == CS_R24 and effect == K_SEND_HOME and seat == S[C_ATT]:
            return i
        if on and step == CS_R25 and own and _paired(S, t):
            if (effect == K_DEF or effect == K_PREVENT) and _dies(S, INST, C, t, TMP2):
                return i
            if effect == K_ATK:
                nf = _alive_facing(S, INST, t, TMP2)
                at = _atk(INST, C, t)
                for j in range(nf):
                    f = TMP2[j]
                    left = _def(INST, C, f) - INST[f, I_DAMAGE]
                    if at < left <= at + 2:
                        return i
        if on and step == CS_R26_DONE and effect == K_SKL:
            lid = S[LOCS + LOC_W * S[C_LOC]]
            need = L[lid, L_SKILL]
            att = S[C_ATT]
            net = _skill_at(S, INST, C, R, att) - _skill_at(S, INST, C, R, 1 - att)
            here = C[name, F_EFF + 2]
            if here:
                count = 0
                at2 = _pat(seat) + P_CHARS
                for j in range(S[at2]):
                    if INST[S[at2 + 1 + j], I_WHERE] == S[C_LOC]:
                        count += 1
                gain = C[name, F_EFF + 1] * count
            else:
                gain = C[name, F_EFF + 1]
            if seat == att and net < need <= net + gain and (own or here):
                return i
            if seat != att and net >= need > net - gain and (own or here):
                return i
        if effect == K_DESTROY and is_uid and not own and INST[t, I_ALIVE] == 1:
            return i
        if (
            effect == K_DRAW
            and S[PHASE] == PH_END
            and seat != S[ACTIVE]
            and _bank_points(S, C, R, seat) >= 5
        ):
            return i
    return _first_of(OPT, n, A_PASS)


@no_counts
def heuristic(S, INST, C, R, L, V, PAYS, SPL, OPT, n, TMP, TMP2):
    """bots.heuristic: the index of its decision among OPT[:n]."""
    if n == 1:
        return 0
    seat = S[ASK_SEAT]
    kind = S[ASK_KIND]
    p = _pat(seat)
    if kind == AK_PICK:
        best = 0
        for i in range(1, n):
            a = OPT[i, 1]
            b = OPT[best, 1]
            if L[a, L_SKILL] + L[a, L_VP] < L[b, L_SKILL] + L[b, L_VP]:
                best = i
        return best
    if kind == AK_MULLIGAN:
        at = p + P_HAND
        chars = False
        for i in range(S[at]):
            if C[S[at + 1 + i], F_TYPE] == TY_CHAR:
                chars = True
        if not chars and S[at] == R[R_HAND]:
            best = -1
            for i in range(n):
                if OPT[i, 0] == A_BOTTOM and (
                    best < 0 or C[OPT[i, 1], F_PPOINTS] > C[OPT[best, 1], F_PPOINTS]
                ):
                    best = i
            if best >= 0:
                return best
        return _first_of(OPT, n, A_KEEP)
    if kind == AK_UPKEEP or kind == AK_PAY or kind == AK_SHRINE:
        best = _cheapest_payment(C, R, V, PAYS, OPT, n)
        return best if best >= 0 else 0
    if kind == AK_PRODUCE:
        best = -1
        bk = 0.0
        for i in range(n):
            if OPT[i, 0] != A_PLAY:
                continue
            t = OPT[i, 2]
            key = V[t] if C[OPT[i, 1], F_TARGET] == TG_DISCARD else 3.0
            if best < 0 or key > bk:
                best, bk = i, key
        if best >= 0:
            if not C[OPT[best, 1], F_SCAVENGE] or V[OPT[best, 2]] >= 5:
                return best
        at = p + P_HAND
        need = -1
        for i in range(S[at]):
            c = S[at + 1 + i]
            if C[c, F_TYPE] == TY_CHAR and C[c, F_PPOINTS] > need:
                need = C[c, F_PPOINTS]
        if need < 0:
            need = 2
        banks = _first_of(OPT, n, A_BANK)
        if banks >= 0 and (_bank_points(S, C, R, seat) < need + 1 or S[at] > 5):
            best = -1
            bk = 0.0
            for i in range(n):
                if OPT[i, 0] != A_BANK:
                    continue
                key = V[OPT[i, 1]] - C[OPT[i, 1], F_ROWLEN]
                if best < 0 or key < bk:
                    best, bk = i, key
            return best
        return _first_of(OPT, n, A_DRAW)
    if kind == AK_MISSION:
        mine, count = _hq_skl(S, INST, C, seat)
        if count == 0:
            return _first_of(OPT, n, A_SKIP)
        other = 1 - seat
        their, _ = _hq_skl(S, INST, C, other)
        best = -1
        b0 = 0
        b2 = 0
        b3 = 0
        for i in range(n):
            if OPT[i, 0] != A_MISSION:
                continue
            li = OPT[i, 1]
            at = LOCS + LOC_W * li
            lid = S[at]
            need = L[lid, L_SKILL]
            here = 0
            ours = 0
            for r in range(2):
                at2 = _pat(other if r == 0 else seat) + P_CHARS
                for j in range(S[at2]):
                    u = S[at2 + 1 + j]
                    if INST[u, I_WHERE] == li:
                        if r == 0:
                            here += _skl(INST, C, u)
                        else:
                            ours += _skl(INST, C, u)
            undefended = mine + ours - here - need
            left = L[lid, L_VP] - S[at + 3 + seat]
            k0 = 1 if undefended - their >= 0 else 0
            if undefended >= 0:
                if (
                    best < 0
                    or k0 > b0
                    or (k0 == b0 and (-left > b2 or (-left == b2 and undefended > b3)))
                ):
                    best, b0, b2, b3 = i, k0, -left, undefended
        return best if best >= 0 else _first_of(OPT, n, A_SKIP)
    if kind == AK_ATTACKERS:
        best = -1
        bk = 0
        for i in range(n):
            if OPT[i, 0] != A_ATTACKER:
                continue
            u = OPT[i, 1]
            key = _skl(INST, C, u) + _atk(INST, C, u)
            if best < 0 or key > bk:
                best, bk = i, key
        return best if best >= 0 else _first_of(OPT, n, A_GO)
    if kind == AK_DEFENDERS:
        lid = S[LOCS + LOC_W * S[C_LOC]]
        need = L[lid, L_SKILL]
        att = _skill_at(S, INST, C, R, S[C_ATT])
        dfn = _skill_at(S, INST, C, R, seat)
        adds = _first_of(OPT, n, A_DEFENDER)
        if adds >= 0 and att - dfn >= need:
            best = -1
            b0 = 0
            b1 = 0
            for i in range(n):
                if OPT[i, 0] != A_DEFENDER:
                    continue
                u = OPT[i, 1]
                k0 = _skl(INST, C, u)
                k1 = _def(INST, C, u)
                if best < 0 or k0 > b0 or (k0 == b0 and k1 > b1):
                    best, b0, b1 = i, k0, k1
            return best
        if adds >= 0:  # a strong blocker that kills an attacker and lives
            for i in range(n):
                if OPT[i, 0] != A_DEFENDER:
                    continue
                u = OPT[i, 1]
                for j in range(S[C_ATTACKERS]):
                    x = S[C_ATTACKERS + 1 + j]
                    if (
                        INST[x, I_ALIVE] == 1
                        and _atk(INST, C, u) >= _def(INST, C, x)
                        and _atk(INST, C, x) < _def(INST, C, u)
                    ):
                        return i
        return _first_of(OPT, n, A_DONE)
    if kind == AK_CHALLENGER:
        best = 0
        b0 = _atk(INST, C, OPT[0, 1])
        b1 = _def(INST, C, OPT[0, 1])
        for i in range(1, n):
            u = OPT[i, 1]
            k0 = _atk(INST, C, u)
            k1 = _def(INST, C, u)
            if k0 > b0 or (k0 == b0 and k1 > b1):
                best, b0, b1 = i, k0, k1
        return best
    if kind == AK_OPPOSER:
        ch = S[C_CHAL]
        best = -1
        b0 = 0
        b1 = 0
        b2 = 0
        b3 = 0.0
        for i in range(n):
            u = OPT[i, 1]
            kills = 1 if _atk(INST, C, u) >= _def(INST, C, ch) - INST[ch, I_DAMAGE] else 0
            lives = 1 if _atk(INST, C, ch) < _def(INST, C, u) - INST[u, I_DAMAGE] else 0
            k0 = 1 if (lives and kills) else 0
            k3 = -V[INST[u, I_NAME]]
            if (
                best < 0
                or k0 > b0
                or (
                    k0 == b0
                    and (lives > b1 or (lives == b1 and (kills > b2 or (kills == b2 and k3 > b3))))
                )
            ):
                best, b0, b1, b2, b3 = i, k0, lives, kills, k3
        return best
    if kind == AK_GANG:
        best = -1
        bk = 0
        for i in range(n):
            if OPT[i, 0] != A_GANG:
                continue
            g = OPT[i, 1]
            t = OPT[i, 2]
            nf = _alive_facing(S, INST, t, TMP)
            before = 0
            after = 0
            at = _atk(INST, C, t)
            ag = _atk(INST, C, g)
            for j in range(nf):
                f = TMP[j]
                left = _def(INST, C, f) - INST[f, I_DAMAGE]
                if at >= left:
                    before += 1
                if at + ag >= left:
                    after += 1
            key = after - before
            if best < 0 or key > bk:
                best, bk = i, key
        return best if best >= 0 else n - 1
    if kind == AK_SPLIT:
        g = S[ASK_A]
        nf = _alive_facing(S, INST, g, TMP)
        best = 0
        bk = -1
        for i in range(n):
            row = OPT[i, 1]
            kills = 0
            for j in range(nf):
                f = TMP[j]
                if SPL[row, j] >= _def(INST, C, f) - INST[f, I_DAMAGE]:
                    kills += 1
            if kills > bk:
                best, bk = i, kills
        return best
    if kind == AK_DISCARD or kind == AK_BOTTOM:
        best = 0
        for i in range(1, n):
            if V[OPT[i, 1]] < V[OPT[best, 1]]:
                best = i
        return best
    if kind == AK_WINDOW:
        return _window_choice(S, INST, C, R, L, OPT, n, TMP2)
    if kind == AK_DEPLOY:
        best = -1
        bk = 0.0
        for i in range(n):
            if OPT[i, 0] != A_PLAY:
                continue
            name = OPT[i, 1]
            t = OPT[i, 2]
            ty = C[name, F_TYPE]
            if ty == TY_CHAR:
                w = 10 + V[name]
            elif ty == TY_MOD:
                w = 5 + V[name] + (_skl(INST, C, t) + _atk(INST, C, t)) / 4
            elif C[name, F_RACKET]:
                w = 4.0
            else:
                w = 3.0
            if best < 0 or w > bk:
                best, bk = i, w
        if best < 0:
            return 0
        name = OPT[best, 1]
        if C[name, F_TYPE] == TY_MOD:
            host = OPT[best, 2]
            key = _mod_key(C, R, name)
            for k in range(INST[host, I_NMODS]):
                if INST[host, I_MKEY + k] == key:
                    return _first_of(OPT, n, A_END)
        return best
    return 0


# -- games ------------------------------------------------------------------------------------


@no_counts
def _score0(S, L):
    """LocationState.score(0)."""
    if S[WINNER] != NO_WINNER:
        return 1.0 if S[WINNER] == 0 else 0.0
    total = 0.0
    for i in range(S[NLOCS]):
        at = LOCS + LOC_W * i
        if S[at + 2] == 0:
            total += 0.5
        elif S[at + 2] < 0:
            total += 0.5 * S[at + 3] / (L[S[at], L_VP] + 1)
    return min(1.0, total)


@njit(cache=True)
def _allowed(INST, OPT, n, banned):
    """core/restricted.BannedBot.allowed: the first n decisions less the cards played and the
    abilities used whose card `banned` names, moved to the front in order; how many are
    left, or all n when every one is banned. A row names what it refers to (a split's SPL
    row, a payment's PAYS row), so the rows it refers to stay where they are."""
    m = 0
    for i in range(n):
        a = OPT[i, 0]
        if (a == A_PLAY and banned[OPT[i, 1]]) or (a == A_USE and banned[INST[OPT[i, 1], I_NAME]]):
            continue
        if m != i:
            OPT[m] = OPT[i]
        m += 1
    return m if m else n


@njit(cache=True)
def play_one(
    seed,
    bseed,
    R,
    BOTS,
    BAN,
    BANNING,
    C,
    K,
    CL,
    L,
    V,
    DECK,
    DECK_N,
    BROUGHT,
    out,
    outf,
    g,
    S,
    INST,
    OPT,
    PAYS,
    SPL,
    W,
    HN,
    TG,
    TMP,
    TMP2,
    STEPS,
    scores,
    mt,
    bmt,
    cum,
):
    S[:] = 0
    S[WINNER] = NO_WINNER
    S[FIRST] = -1
    S[NEXT_UID] = 1
    S[MISSION_ID] = 0
    mt_seed(mt, seed)
    mt_seed(bmt, bseed)
    for s in range(2):
        p = _pat(s)
        n = DECK_N[s]
        size = 0
        for j in range(n):
            S[p + P_DECK_IDS + j] = DECK[s, j, 0]
            S[p + P_DECK_CNT + j] = DECK[s, j, 1]
            size += DECK[s, j, 1]
        S[p + P_DECK_N] = n
        S[p + P_DECK_SIZE] = size
        S[p + P_BROUGHT] = 3
        for j in range(3):
            S[p + P_BROUGHT + 1 + j] = BROUGHT[s, j]
    if R[R_FIRST] < 0:
        _q_push(S, ST_FIRST, 0, 0, 0)
    else:
        _set_first(S, R, R[R_FIRST])
    _run(S, INST, C, K, R, CL, L, OPT, PAYS, W, HN, TG, TMP, TMP2, STEPS)
    decisions = 0
    timeout = False
    while S[STATUS] == OK and S[WINNER] == NO_WINNER:
        if S[WAIT] != WT_NONE:
            u = mt_random(mt)
            if S[WAIT] == WT_FIRST:
                cum[0] = 1
                cum[1] = 2
                S[WAIT] = WT_NONE
                _set_first(S, R, pick_cum(cum, 2, u))
            else:
                seat = S[WAIT_SEAT]
                p = _pat(seat)
                dn = S[p + P_DECK_N]
                total = 0
                for j in range(dn):
                    total += S[p + P_DECK_CNT + j]
                    cum[j] = total
                j = pick_cum(cum, dn, u)
                card = S[p + P_DECK_IDS + j]
                S[p + P_DECK_N] = deck_take_at(
                    S[p + P_DECK_IDS : p + P_DECK_IDS + CARD_CAP],
                    S[p + P_DECK_CNT : p + P_DECK_CNT + CARD_CAP],
                    dn,
                    j,
                )
                S[p + P_DECK_SIZE] -= 1
                _push(S, p + P_HAND, card, ZONE_CAP)
                S[WAIT] = WT_NONE
            _run(S, INST, C, K, R, CL, L, OPT, PAYS, W, HN, TG, TMP, TMP2, STEPS)
            continue
        if decisions >= R[R_MAX_DECISIONS]:
            timeout = True
            break
        n = legal(S, INST, C, K, R, CL, OPT, PAYS, SPL, W, HN, TG, TMP, TMP2)
        if n <= 0:
            S[STATUS] = UNSUPPORTED
            break
        if BANNING[S[ASK_SEAT]]:
            n = _allowed(INST, OPT, n, BAN[S[ASK_SEAT]])
        if BOTS[S[ASK_SEAT]] == BOT_RANDOM:
            i = int(mt_random(bmt) * n)
        else:
            i = heuristic(S, INST, C, R, L, V, PAYS, SPL, OPT, n, TMP, TMP2)
        perform(S, INST, C, K, R, CL, L, OPT, PAYS, SPL, W, HN, TG, TMP, TMP2, STEPS, i)
        if R[R_TRACE]:
            if decisions >= scores.shape[0]:
                S[STATUS] = UNSUPPORTED
                break
            scores[decisions] = _score0(S, L)
        decisions += 1
    out[g, O_STATUS] = S[STATUS]
    if S[STATUS] != OK:
        return
    if timeout:
        out[g, O_OUTCOME] = TIMEOUT
        out[g, O_WINNER] = -1
    elif S[WINNER] < 0:
        out[g, O_OUTCOME] = DRAW
        out[g, O_WINNER] = -1
    else:
        out[g, O_OUTCOME] = WIN
        out[g, O_WINNER] = S[WINNER]
    out[g, O_LENGTH] = decisions
    out[g, O_TURNS] = S[TURN]
    out[g, O_FIRST] = S[FIRST]
    for s in range(2):
        p = _pat(s)
        out[g, O_MISSIONS + s] = S[p + P_MISSIONS]
        out[g, O_VP + s] = S[p + P_VP]
        out[g, O_DESTROYED + s] = S[p + P_DESTROYED]
    for i in range(3):
        out[g, O_LOCS + i] = S[LOCS + LOC_W * i] if i < S[NLOCS] else -1
    if R[R_TRACE] and not timeout:
        w = S[WINNER] if S[WINNER] >= 0 else -1
        changes, decisive, drama = tension(scores, decisions, w)
        out[g, O_LEAD_CHANGES] = changes
        outf[g, 0] = decisive
        outf[g, 1] = drama


@njit(cache=True, nogil=True)
def play_many(seeds, bot_seeds, R, BOTS, BAN, C, K, CL, L, V, DECK, DECK_N, BROUGHT):
    n = len(seeds)
    out = np.zeros((n, OUT_WIDTH), np.int64)
    outf = np.zeros((n, 2), np.float64)
    S = np.zeros(STATE_SIZE, np.int64)
    INST = np.zeros((UID_CAP, INST_W), np.int64)
    OPT = np.zeros((OPT_CAP, 3), np.int64)
    PAYS = np.zeros((PAYS_CAP, CARD_CAP), np.int64)
    SPL = np.zeros((OPT_CAP, SHARE_CAP), np.int64)
    W = np.zeros((W_FLOW + NSYM, W_WIDTH), np.int64)
    HN = np.zeros(ZONE_CAP, np.int64)
    TG = np.zeros(4 * LIST_CAP + ZONE_CAP, np.int64)
    TMP = np.zeros(4 * LIST_CAP + PAIR_CAP, np.int64)
    TMP2 = np.zeros(4 * LIST_CAP + PAIR_CAP, np.int64)
    STEPS = np.zeros((Q_CAP, 4), np.int64)
    scores = np.zeros(R[R_MAX_DECISIONS] if R[R_TRACE] else 1, np.float64)
    mt = np.zeros(MT_SIZE, np.int64)
    bmt = np.zeros(MT_SIZE, np.int64)
    cum = np.zeros(CARD_CAP, np.int64)
    banning = np.zeros(2, np.bool_)  # the seats with a ban list
    for s in range(2):
        banning[s] = BAN[s].any()
    for g in range(n):
        play_one(
            seeds[g],
            bot_seeds[g],
            R,
            BOTS,
            BAN,
            banning,
            C,
            K,
            CL,
            L,
            V,
            DECK,
            DECK_N,
            BROUGHT,
            out,
            outf,
            g,
            S,
            INST,
            OPT,
            PAYS,
            SPL,
            W,
            HN,
            TG,
            TMP,
            TMP2,
            STEPS,
            scores,
            mt,
            bmt,
            cum,
        )
    return out, outf
