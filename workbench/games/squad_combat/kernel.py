"""Compiled batch play of Squad Combat: the rules of rules.py (with combat.py, eligibility.py
and effects.py) and the bots of bots.py, decision for decision, on one integer vector per
position.

An exact copy, not an approximation, as the other games' kernels are: the same two Mersenne
Twister streams a Match draws from, every chance point walked as Dist.pick walks it (decks in
the order cards entered them, dice pools in pool_of's order), the queue of steps run in the
order rules.py runs it, the legal decisions listed in the order the rules list them, and the
heuristic's floating-point values made with the same operations in the same order. So every
game gives the very row the rules engine gives (tests/squad_combat/test_kernel.py plays both
side by side). Tables are built in batch.py, which hands anything the kernel does not copy
back to the rules engine; a game that outgrows a fixed room below ends with status
UNSUPPORTED, and its batch goes back to the engine too.

The position and everything the helpers read live in one int64 vector S: the characters, the
players, the plays, the queue and the other scalars of the game; then scratch rows (the legal
decisions, the dice combinations they are made from, the weights of a chance point); and last
the batch's own numbers, copied in once by play_many (the rule numbers, pool_of's outcomes,
and the card, character and keyword tables, each row at a fixed offset: _sr, _cd, _ef). Every
array a compiled call takes costs two atomic reference counts, which made up much of the time
a decision took when helpers passed the tables alongside the position; so they pass S alone.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ...core.compiled import (
    MT_SIZE,
    deck_put,
    deck_take_at,
    list_remove,
    mt_random,
    mt_seed,
    pick_cum,
    tension,
)
from ...core.layout import Layout

HAND = 5
END_DISCARDS = 2
KILL = 8.0  # bots.KILL

# Rooms; a game that would outgrow one is handed back (status UNSUPPORTED).
SEATS_CAP = 4
CHARS_CAP = 3 * SEATS_CAP
DICE_CAP = 16
ATT_CAP = 24
HAND_CAP = 64
PILE_CAP = 48  # different cards in one deck or discard pile
SRC_CAP = 128  # cards and abilities of the tables
COST_DICE_CAP = 8
POOL_CAP = 8  # notation.MOST_POOL
PLAY_CAP = 1024  # plays of one action phase: edges that pay for themselves can chain
TGT_CAP = 12
Q_CAP = 512
STACK_CAP = 64
CHO_CAP = 16
EDGE_CAP = 3 * HAND_CAP + 3 * 8  # each card in hand by each character, and the abilities
# Decisions in one list: enough for any list the rooms allow (the hand's cards by each
# character, abilities and Refreshes, or the ways to keep or pay with DICE_CAP dice).
OPT_CAP = 4096
# a decision: kind, a, b, count, values
_decision = Layout()
OP_KIND, OP_A, OP_B, OP_N = _decision.fields(4)
OP_V = _decision.field(DICE_CAP)
OPT_W = _decision.size
DEF_CAP = 64  # characters of the tables

# SRC[i, ...], in S at _sr(i): a card or an ability
_source = Layout()
(SK_KIND, SK_TRAITS, SK_CHAR, SK_ENERGY, SK_NDICE) = _source.fields(5)
SK_DICE = _source.field(COST_DICE_CAP)
(
    SK_CARDS,
    SK_ATK,
    SK_DAMAGE,
    SK_TARGET,
    SK_TARGETS,
    SK_TIMING,
    SK_ACTOR,
    SK_ABILITY,
    SK_MATTERS,
    SK_NEFF,
    SK_EFF,
) = _source.fields(11)
SRC_W = _source.size
ATTACK, ACTION, EDGE = 0, 1, 2
TG_NONE, TG_ENEMY, TG_FRIENDLY = 0, 1, 2
T_ANY, T_BEFORE, T_REACTION, T_AFTER_HIT, T_OTHER = range(5)
AC_ANY, AC_DEFENDER, AC_NOT_DEFENDER = range(3)
AB_NONE, AB_ALIVE, AB_DEAD = range(3)

# EFF[i, ...], in S at _ef(i): one keyword of a card
_keyword = Layout()
E_KW, E_AMT, E_SCOPE = _keyword.fields(3)
EFF_W = _keyword.size
(
    K_HEAL,
    K_STUN,
    K_RECOVER,
    K_POWER_UP,
    K_POWER_DOWN,
    K_OVERCHARGE,
    K_REROLL,
    K_DRAIN,
    K_DISARM,
    K_SUPPRESS,
    K_SWITCH,
    K_WOUND,
    K_DRAW,
    K_DODGE,
    K_SOAK,
    K_BOOST,
    K_AIM,
    K_GUARD,
    K_TAUNT,
) = range(19)
SC_DEFAULT, SC_TARGET, SC_SELF, SC_FRIENDLY, SC_ENEMY = range(5)

# CHD[d, ...], in S at _cd(d): a character's card
_char_card = Layout()
(D_TRAITS, D_HP, D_ENERGY, D_NFIXED) = _char_card.fields(4)
D_FIXED = _char_card.field(POOL_CAP)
D_RANDOM = _char_card.field()
D_REFRESH = _char_card.field()
D_NRES = _char_card.field()
D_RES = _char_card.field(16)  # (trait, X) pairs
D_NHARD = _char_card.field()
D_HARD = _char_card.field(16)
D_NAB = _char_card.field()
D_AB = _char_card.field(8)  # source numbers of its abilities
CHD_W = _char_card.size

# R[...], in S at RULES: rule variants and the batch
_rules = Layout()
(
    R_V05,
    R_CONTEST,
    R_RESET_NEVER,
    R_ROTATE,
    R_BLOCKS_REFRESH,
    R_LIFO,
    R_OVERCHARGE,
    R_DECK_LOSE,
    R_REACT_DEFENDER,
    R_STUN_ONE,
    R_HEAL_PRINTED,
    R_STALE_DRAW,
    R_REPEAT_SKIP,
    R_TURN_LIMIT,
    R_SEATS,
    R_FIXED_FIRST,
    R_MAX_DECISIONS,
    R_TRACE,
) = _rules.fields(18)
R_WIDTH = _rules.size
OC_ROLLED, OC_SIX, OC_CHOSEN = range(3)

# The position. A damage card under a character:
_attached = Layout()
(A_UID, A_SRC, A_OWNER, A_PRINTED, A_TRAITS, A_MOD, A_TOKEN) = _attached.fields(7)
AW = _attached.size
# a character:
_character = Layout()
(C_SEAT, C_DEF, C_BURDEN, C_SUPP, C_ALIVE, C_REMOVED, C_ND) = _character.fields(7)
C_DICE = _character.field(DICE_CAP)
C_NA = _character.field()
C_ATT = _character.field(ATT_CAP * AW)
CW = _character.size
# a pile (deck or discard): count of different cards, size, cards, copies, in entry order
_pile = Layout()
PILE_N, PILE_SIZE = _pile.fields(2)
PILE_CARD = _pile.field(PILE_CAP)
PILE_CNT = _pile.field(PILE_CAP)
PILE_W = _pile.size
# a player:
_player = Layout()
P_PASSED, P_OUT, P_NH = _player.fields(3)
P_HAND = _player.field(HAND_CAP)
P_DECK = _player.field(PILE_W)
P_DISCARD = _player.field(PILE_W)
P_ORDER = _player.field(3)
P_PLAYED = _player.field(SRC_CAP)
PW = _player.size
# a play:
_play = Layout()
(Y_SEAT, Y_SRC, Y_ACTOR, Y_CTX, Y_HAND, Y_NPAID) = _play.fields(6)
Y_PAID = _play.field(COST_DICE_CAP)
Y_NT = _play.field()
Y_T = _play.field(TGT_CAP)
(Y_ATK, Y_DEF, Y_MOD, Y_NEG, Y_REACTED, Y_HIT, Y_ATTACHED, Y_ADIE, Y_DDIE, Y_SETTLED) = (
    _play.fields(10)
)
YW = _play.size

# S[...]: the position, then scratch rows and the batch's tables.
_s = Layout()
CHARS = _s.field(CHARS_CAP * CW)
PLAYERS = _s.field(SEATS_CAP * PW)
PLAYS = _s.field(PLAY_CAP * YW)
QUEUE = _s.field(Q_CAP * 4)
STACK = _s.field(STACK_CAP)
WIN_ORDER = _s.field(SEATS_CAP)
CHO_V = _s.field(CHO_CAP)
CHO_U = _s.field(CHO_CAP)
EDGE_ROWS = _s.field(3 * EDGE_CAP)  # the edges the waiting seat may play: (kind, source, actor)
(
    NCHARS,
    TURN,
    FIRST,
    ACTIVE,
    ENDED,
    WINNER,
    UID,
    HURT,
    QUIET,
    WIN_ACTED,
    NPLAYS,
    NQ,
    NSTACK,
    HITS,
    MISSES,
    NEGATED,
    DEATHS,
    REFRESHES,
    EDGES,
    STATUS,
    WAIT,
    W_SEAT,
    W_A,
    W_B,
    W_C,
    WIN_ON,
    WIN_KIND,
    WIN_PID,
    WIN_N,
    WIN_AT,
    WIN_DECL,
    CHO_N,
    EDGE_N,
    VALUES,
) = _s.fields(34)
# VALUES counts the changes to what _score0 reads (damage attached, its modifiers, deaths): a
# traced game works the score out again only after one, not after every decision.
STATE_SIZE = _s.size  # a new game clears S[CHARS:PLAYS] and S[STACK:STATE_SIZE]
# Scratch rows, each written before it is read: the legal decisions (OPT_CAP rows of OPT_W),
# the dice combinations they are made from (OPT_CAP rows of DICE_CAP) and the indexes of the
# one being made, the cumulative weights of one chance point, the characters a card may
# target or an effect reaches, and who dies and which seats still stand.
OPTS = _s.field(OPT_CAP * OPT_W)
COMBOS = _s.field(OPT_CAP * DICE_CAP)
COMBO_IDX = _s.field(DICE_CAP)
CUM = _s.field(PILE_CAP)
PICKED = _s.field(CHARS_CAP)
DYING = _s.field(CHARS_CAP)
STANDING = _s.field(SEATS_CAP)
# The batch's tables, copied in once by play_many: the rule numbers (R), pool_of's outcomes
# for each pool size (their count, cumulative weights and faces), the cards and abilities
# (SRC), the characters (CHD), and last, to the end of S, the cards' keywords (EFF).
POOL_OUTCOMES = math.comb(POOL_CAP + 5, 5)  # the most: pools of POOL_CAP dice
RULES = _s.field(R_WIDTH)
POOLS_N = _s.field(POOL_CAP + 1)
POOLS_CUM = _s.field((POOL_CAP + 1) * POOL_OUTCOMES)
POOLS_FACES = _s.field((POOL_CAP + 1) * POOL_OUTCOMES * POOL_CAP)
SOURCES = _s.field(SRC_CAP * SRC_W)
DEFS = _s.field(DEF_CAP * CHD_W)
EFFECTS = _s.size

# Steps of the queue (rules.STEPS)
(
    ST_DRAW,
    ST_SETUP_DICE,
    ST_CHOOSE_FIRST,
    ST_SETUP_ALL,
    ST_TURN_START,
    ST_ROLL_POOL,
    ST_PHASE,
    ST_ACT,
    ST_NEXT,
    ST_END_TURN,
    ST_RESET,
    ST_DISCARD,
    ST_REFILL,
    ST_TURN_OVER,
    ST_WINDOW,
    ST_WINDOW_GO,
    ST_PAY,
    ST_PAY_CARDS,
    ST_TARGET,
    ST_DECLARED,
    ST_EDGE_RESOLVE,
    ST_RESOLVE,
    ST_ATTACK_DIE,
    ST_DEFENCE_DIE,
    ST_STRIKE,
    ST_EFFECT,
    ST_APPLY,
    ST_FINISH,
    ST_REFRESH_ROLL,
    ST_KEEP,
) = range(30)
# What the position waits for (state.wait[0])
(
    WT_NONE,
    WT_CHANCE,
    WT_ACTION,
    WT_WINDOW,
    WT_PAY,
    WT_CARDS,
    WT_TARGET,
    WT_KEEP,
    WT_CHOOSE,
    WT_ATTACK_DIE,
    WT_DEFENCE_DIE,
    WT_DISCARD,
) = range(12)
CH_DRAW, CH_FIRST, CH_POOL, CH_REFRESH, CH_OVERCHARGE, CH_REROLL = range(6)
CK_HEAL, CK_POWER_UP, CK_POWER_DOWN, CK_OVERCHARGE, CK_REROLL, CK_DRAIN = range(6)
WK_START, WK_END, WK_REACTION, WK_AFTER, WK_DECLARED = range(5)
# Decisions (OP_KIND)
(
    A_PASS,
    A_PLAY,
    A_USE,
    A_REFRESH,
    A_DECLINE,
    A_PAY,
    A_DISCARD,
    A_TARGET,
    A_KEEP,
    A_CHOOSE,
    A_DIE,
    A_KEEP_HAND,
) = range(12)

# out[...]: one game's result, and the seats' alive, hp and played columns after it
_result = Layout()
(
    O_STATUS,
    O_OUTCOME,
    O_WINNER,
    O_LENGTH,
    O_FIRST,
    O_TURNS,
    O_HITS,
    O_MISSES,
    O_NEGATED,
    O_DEATHS,
    O_REFRESHES,
    O_EDGES,
    O_LEAD_CHANGES,
) = _result.fields(13)
O_ALIVE = _result.field(SEATS_CAP)
O_HP = _result.field(SEATS_CAP)
OUT_WIDTH = _result.size
WIN, DRAW, TIMEOUT = 0, 1, 2
OK, UNSUPPORTED = 0, 1
BOT_RANDOM, BOT_HEURISTIC = 0, 1


@njit(cache=True)
def _fail(S):
    """The game outgrew a room, or reached what the engine would not play: hand it back."""
    S[STATUS] = UNSUPPORTED
    S[ENDED] = 1


@njit(cache=True)
def _push(S, kind, a, b, c):
    """One step before everything queued; steps that run in order are pushed last first."""
    n = S[NQ]
    if n >= Q_CAP:
        _fail(S)
        return
    q = QUEUE + 4 * n
    S[q] = kind
    S[q + 1] = a
    S[q + 2] = b
    S[q + 3] = c
    S[NQ] = n + 1


@njit(cache=True)
def _cb(ci):
    return CHARS + ci * CW


@njit(cache=True)
def _sr(src):
    return SOURCES + src * SRC_W


@njit(cache=True)
def _ef(e):
    return EFFECTS + e * EFF_W


@njit(cache=True)
def _cd(d):
    return DEFS + d * CHD_W


@njit(cache=True)
def _op(i):
    return OPTS + i * OPT_W


@njit(cache=True)
def _pb(seat):
    return PLAYERS + seat * PW


@njit(cache=True)
def _yb(pid):
    return PLAYS + pid * YW


# -- dice -------------------------------------------------------------------------------------


@njit(cache=True)
def _sort_dice(S, ci):
    b = _cb(ci) + C_DICE
    n = S[_cb(ci) + C_ND]
    for i in range(1, n):
        v = S[b + i]
        j = i - 1
        while j >= 0 and S[b + j] < v:
            S[b + j + 1] = S[b + j]
            j -= 1
        S[b + j + 1] = v


@njit(cache=True)
def _append_die(S, ci, v):
    cb = _cb(ci)
    n = S[cb + C_ND]
    if n >= DICE_CAP:
        _fail(S)
        return
    S[cb + C_DICE + n] = v
    S[cb + C_ND] = n + 1


@njit(cache=True)
def _remove_die(S, ci, v):
    """list.remove: the first die showing v."""
    cb = _cb(ci)
    if not list_remove(S, cb + C_DICE, cb + C_ND, v):
        _fail(S)


@njit(cache=True)
def _set_die(S, ci, old, new):
    _remove_die(S, ci, old)
    _append_die(S, ci, new)
    _sort_dice(S, ci)


@njit(cache=True)
def _add_die(S, ci, face):
    if S[_cb(ci) + C_ALIVE]:
        _append_die(S, ci, face)
        _sort_dice(S, ci)


@njit(cache=True)
def _can_pay(S, ci, src):
    cb = _cb(ci)
    n = S[_sr(src) + SK_NDICE]
    if n > S[cb + C_ND]:
        return False
    for i in range(n):
        if S[cb + C_DICE + i] < S[_sr(src) + SK_DICE + i]:
            return False
    return True


@njit(cache=True)
def _combos(S, ci, k, needs, use_needs, maxout):
    """itertools.combinations(dice, k) of character ci's dice in order, each set of values
    once (first seen), those meeting S[needs:needs + k] when use_needs: notation.payments and
    rules._opts_keep. The sets go into the COMBOS rows; returns their count, or -1 if more
    than maxout."""
    dice = _cb(ci) + C_DICE
    nd = S[_cb(ci) + C_ND]
    count = 0
    if k > nd:
        return 0
    idx = COMBO_IDX
    for i in range(k):
        S[idx + i] = i
    while True:
        ok = True
        if use_needs:
            for i in range(k):
                if S[dice + S[idx + i]] < S[needs + i]:
                    ok = False
                    break
        if ok:
            seen = False
            for r in range(count):
                same = True
                for i in range(k):
                    if S[COMBOS + r * DICE_CAP + i] != S[dice + S[idx + i]]:
                        same = False
                        break
                if same:
                    seen = True
                    break
            if not seen:
                if count >= maxout:
                    return -1
                for i in range(k):
                    S[COMBOS + count * DICE_CAP + i] = S[dice + S[idx + i]]
                count += 1
        # the next combination of indexes
        i = k - 1
        while i >= 0 and S[idx + i] == i + nd - k:
            i -= 1
        if i < 0:
            break
        S[idx + i] += 1
        for j in range(i + 1, k):
            S[idx + j] = S[idx + j - 1] + 1
    return count


# -- cards in hand and piles ------------------------------------------------------------------


@njit(cache=True)
def _pile_put(S, b, card):
    n = deck_put(S[b + PILE_CARD : b + PILE_CNT], S[b + PILE_CNT : b + PILE_W], S[b + PILE_N], card)
    if n < 0:
        _fail(S)
        return
    S[b + PILE_N] = n
    S[b + PILE_SIZE] += 1


@njit(cache=True)
def _pile_take_at(S, b, i):
    S[b + PILE_N] = deck_take_at(
        S[b + PILE_CARD : b + PILE_CNT], S[b + PILE_CNT : b + PILE_W], S[b + PILE_N], i
    )
    S[b + PILE_SIZE] -= 1


@njit(cache=True)
def _discard_put(S, seat, card):
    _pile_put(S, _pb(seat) + P_DISCARD, card)


@njit(cache=True)
def _hand_remove(S, seat, card):
    pb = _pb(seat)
    if not list_remove(S, pb + P_HAND, pb + P_NH, card):
        _fail(S)


@njit(cache=True)
def _first_in_hand(S, seat, i):
    """True if hand[i] is the first copy of its card (dict.fromkeys(hand) order)."""
    pb = _pb(seat)
    card = S[pb + P_HAND + i]
    for j in range(i):
        if S[pb + P_HAND + j] == card:
            return False
    return True


@njit(cache=True)
def _hand_count(S, seat, card):
    pb = _pb(seat)
    k = 0
    for i in range(S[pb + P_NH]):
        if S[pb + P_HAND + i] == card:
            k += 1
    return k


@njit(cache=True)
def _discard_from_hand(S, seat, card):
    _hand_remove(S, seat, card)
    _discard_put(S, seat, card)


# -- damage (combat.py) -------------------------------------------------------------------------


@njit(cache=True)
def _effective_of(S, ci, printed, mod, traits):
    """R-25, R-31: printed damage and tokens, less the best matching Resistance."""
    cd = _cd(S[_cb(ci) + C_DEF])
    resist = 0
    for k in range(S[cd + D_NRES]):
        t = S[cd + D_RES + 2 * k]
        x = S[cd + D_RES + 2 * k + 1]
        if (traits >> t) & 1 and x > resist:
            resist = x
    worth = printed + mod - resist
    return worth if worth > 0 else 0


@njit(cache=True)
def _hardened(S, ci, printed, mod, traits):
    worth = _effective_of(S, ci, printed, mod, traits)
    cd = _cd(S[_cb(ci) + C_DEF])
    for k in range(S[cd + D_NHARD]):
        t = S[cd + D_HARD + 2 * k]
        if (traits >> t) & 1 and worth <= S[cd + D_HARD + 2 * k + 1]:
            return True
    return False


@njit(cache=True)
def _rec_effective(S, ci, r):
    a = _cb(ci) + C_ATT + r * AW
    return _effective_of(S, ci, S[a + A_PRINTED], S[a + A_MOD], S[a + A_TRAITS])


@njit(cache=True)
def _healable_worth(S, ci, r):
    a = _cb(ci) + C_ATT + r * AW
    if S[RULES + R_HEAL_PRINTED]:
        return S[a + A_PRINTED] + S[a + A_MOD]
    return _rec_effective(S, ci, r)


@njit(cache=True)
def _damage(S, ci):
    total = 0
    for r in range(S[_cb(ci) + C_NA]):
        total += _rec_effective(S, ci, r)
    return total


@njit(cache=True)
def _attach(S, ci, src, owner, printed, traits, mod, token):
    cb = _cb(ci)
    n = S[cb + C_NA]
    if n >= ATT_CAP:
        _fail(S)
        return
    a = cb + C_ATT + n * AW
    S[a + A_UID] = S[UID]
    S[a + A_SRC] = src
    S[a + A_OWNER] = owner
    S[a + A_PRINTED] = printed
    S[a + A_TRAITS] = traits
    S[a + A_MOD] = mod
    S[a + A_TOKEN] = token
    S[cb + C_NA] = n + 1
    S[VALUES] += 1


@njit(cache=True)
def _detach(S, ci, r):
    cb = _cb(ci)
    n = S[cb + C_NA]
    for j in range(r, n - 1):
        for f in range(AW):
            S[cb + C_ATT + j * AW + f] = S[cb + C_ATT + (j + 1) * AW + f]
    S[cb + C_NA] = n - 1
    S[VALUES] += 1


@njit(cache=True)
def _remove_attached(S, ci, uid):
    cb = _cb(ci)
    for r in range(S[cb + C_NA]):
        a = cb + C_ATT + r * AW
        if S[a + A_UID] == uid:
            token = S[a + A_TOKEN]
            owner = S[a + A_OWNER]
            src = S[a + A_SRC]
            _detach(S, ci, r)
            if not token:
                _discard_put(S, owner, src)
            return
    _fail(S)


@njit(cache=True)
def _hp_left(S, seat):
    pb = _pb(seat)
    total = 0
    for k in range(3):
        ci = S[pb + P_ORDER + k]
        if S[_cb(ci) + C_ALIVE]:
            left = S[_cd(S[_cb(ci) + C_DEF]) + D_HP] - _damage(S, ci)
            total += left if left > 0 else 0
    return total


@njit(cache=True)
def _hp_total(S, seat):
    pb = _pb(seat)
    total = 0
    for k in range(3):
        total += S[_cd(S[_cb(S[pb + P_ORDER + k]) + C_DEF]) + D_HP]
    return total


@njit(cache=True)
def _alive_count(S, seat):
    pb = _pb(seat)
    n = 0
    for k in range(3):
        n += S[_cb(S[pb + P_ORDER + k]) + C_ALIVE]
    return n


@njit(cache=True)
def _score0(S):
    """SquadState.score(0)."""
    mine = _hp_left(S, 0) / _hp_total(S, 0)
    theirs = -1.0
    for s in range(1, S[RULES + R_SEATS]):
        x = _hp_left(S, s) / _hp_total(S, s)
        if theirs < 0 or x > theirs:
            theirs = x
    return min(1.0, max(0.0, 0.5 + 0.5 * (mine - theirs)))


# -- the end (R-10, R-36, A-35) -------------------------------------------------------------------


@njit(cache=True)
def _finish(S, winner):
    S[ENDED] = 1
    S[WINNER] = winner
    S[NQ] = 0
    S[WAIT] = WT_NONE
    S[WIN_ON] = 0


@njit(cache=True, inline="always")  # most calls find nobody hurt, and then make no call
def _check_deaths(S):
    if S[HURT]:
        _deaths(S)


@njit(cache=True)
def _deaths(S):
    S[HURT] = 0
    n = S[NCHARS]
    anyone = False
    for ci in range(n):
        cb = _cb(ci)
        if S[cb + C_ALIVE] and S[cb + C_NA] and _damage(S, ci) >= S[_cd(S[cb + C_DEF]) + D_HP]:
            S[DYING + ci] = 1
            anyone = True
        else:
            S[DYING + ci] = 0
    if not anyone:
        return
    for ci in range(n):
        if not S[DYING + ci]:
            continue
        cb = _cb(ci)
        S[cb + C_ALIVE] = 0
        S[VALUES] += 1
        S[cb + C_ND] = 0
        S[cb + C_BURDEN] = 0
        S[cb + C_SUPP] = 0
        S[DEATHS] += 1
        if S[RULES + R_V05]:  # R-36 (v0.5), A-19: removed; attached cards are discarded
            S[cb + C_REMOVED] = 1
            for r in range(S[cb + C_NA]):
                a = cb + C_ATT + r * AW
                if not S[a + A_TOKEN]:
                    _discard_put(S, S[a + A_OWNER], S[a + A_SRC])
            S[cb + C_NA] = 0
    seats = S[RULES + R_SEATS]
    living = 0
    last = -1
    for s in range(seats):
        pb = _pb(s)
        S[STANDING + s] = not S[pb + P_OUT] and _alive_count(S, s) > 0
        if S[STANDING + s]:
            living += 1
            last = s
    for s in range(seats):
        if not S[STANDING + s]:
            S[_pb(s) + P_OUT] = 1
    if living <= 1:
        _finish(S, last)


@njit(cache=True)
def _playable_by_someone(S, seat, src):
    pb = _pb(seat)
    sr = _sr(src)
    for k in range(3):
        cb = _cb(S[pb + P_ORDER + k])
        d = S[cb + C_DEF]
        alive = S[cb + C_ALIVE]
        if S[sr + SK_ABILITY]:
            if S[sr + SK_CHAR] == d:
                if S[sr + SK_ABILITY] == AB_ALIVE:
                    if alive:
                        return True
                elif not alive and not S[RULES + R_V05]:
                    return True
        elif (
            alive
            and (S[sr + SK_CHAR] == -1 or S[sr + SK_CHAR] == d)
            and (S[sr + SK_TRAITS] == 0 or S[sr + SK_TRAITS] & S[_cd(d) + D_TRAITS])
        ):
            return True
    return False


@njit(cache=True)
def _has_keyword(S, src, kw, need_amount):
    for k in range(S[_sr(src) + SK_NEFF]):
        e = S[_sr(src) + SK_EFF] + k
        if S[_ef(e) + E_KW] == kw and (not need_amount or S[_ef(e) + E_AMT]):
            return True
    return False


@njit(cache=True)
def _wounds(S, seat, src):
    hurts = (
        (S[_sr(src) + SK_KIND] == ATTACK and S[_sr(src) + SK_DAMAGE] > 0)
        or _has_keyword(S, src, K_WOUND, True)
        or _has_keyword(S, src, K_BOOST, True)
    )
    return hurts and _playable_by_someone(S, seat, src)


@njit(cache=True)
def _heals(S, seat, src):
    return _has_keyword(S, src, K_HEAL, False) and _playable_by_someone(S, seat, src)


@njit(cache=True)
def _any_source(S, seat, heals):
    """any(_wounds or _heals) over combat._sources: a set of card names, read only through
    any(), so its order does not matter; a card is asked once however many piles hold it."""
    pb = _pb(seat)
    for i in range(S[pb + P_NH]):
        src = S[pb + P_HAND + i]
        if _heals(S, seat, src) if heals else _wounds(S, seat, src):
            return True
    for b in (pb + P_DECK, pb + P_DISCARD):
        for i in range(S[b + PILE_N]):
            src = S[b + PILE_CARD + i]
            if _heals(S, seat, src) if heals else _wounds(S, seat, src):
                return True
    for k in range(3):
        cd = _cd(S[_cb(S[pb + P_ORDER + k]) + C_DEF])
        for j in range(S[cd + D_NAB]):
            src = S[cd + D_AB + j]
            if _heals(S, seat, src) if heals else _wounds(S, seat, src):
                return True
    return False


@njit(cache=True)
def _no_damage_left(S):
    if S[RULES + R_DECK_LOSE]:
        return False
    for s in range(S[RULES + R_SEATS]):
        if S[_pb(s) + P_OUT]:
            continue
        if _any_source(S, s, False):
            return False
    for ci in range(S[NCHARS]):
        cb = _cb(ci)
        if not S[cb + C_ALIVE] or not _any_source(S, S[cb + C_SEAT], True):
            continue
        for r in range(S[cb + C_NA]):
            a = cb + C_ATT + r * AW
            owner = S[a + A_OWNER]
            if not S[a + A_TOKEN] and not S[_pb(owner) + P_OUT] and _wounds(S, owner, S[a + A_SRC]):
                return False
    return True


@njit(cache=True)
def _eliminate(S, seat):
    S[_pb(seat) + P_OUT] = 1
    living = 0
    last = -1
    for s in range(S[RULES + R_SEATS]):
        if not S[_pb(s) + P_OUT]:
            living += 1
            last = s
    if living <= 1:
        _finish(S, last)


# -- who may play what (eligibility.py) -----------------------------------------------------------


@njit(cache=True)
def _candidates(S, seat, side, pid):
    """Characters a card of `seat` may target, not yet chosen by play `pid` (-1: none), into
    the PICKED row; returns their count."""
    n = 0
    if side == TG_FRIENDLY:
        pb = _pb(seat)
        for k in range(3):
            ci = S[pb + P_ORDER + k]
            if S[_cb(ci) + C_ALIVE] and not _chosen(S, pid, ci):
                S[PICKED + n] = ci
                n += 1
        return n
    for ci in range(S[NCHARS]):
        cb = _cb(ci)
        if (
            S[cb + C_ALIVE]
            and S[cb + C_SEAT] != seat
            and not S[_pb(S[cb + C_SEAT]) + P_OUT]
            and not _chosen(S, pid, ci)
        ):
            S[PICKED + n] = ci
            n += 1
    return n


@njit(cache=True)
def _chosen(S, pid, ci):
    if pid < 0:
        return False
    yb = _yb(pid)
    for k in range(S[yb + Y_NT]):
        if S[yb + Y_T + k] == ci:
            return True
    return False


@njit(cache=True)
def _target_ok(S, seat, src):
    targets = S[_sr(src) + SK_TARGETS]
    if not targets:
        return True
    n = 0
    if S[_sr(src) + SK_TARGET] == TG_FRIENDLY:
        pb = _pb(seat)
        for k in range(3):
            n += S[_cb(S[pb + P_ORDER + k]) + C_ALIVE] != 0
    else:
        for ci in range(S[NCHARS]):
            cb = _cb(ci)
            if S[cb + C_ALIVE] and S[cb + C_SEAT] != seat and not S[_pb(S[cb + C_SEAT]) + P_OUT]:
                n += 1
    return n >= targets


@njit(cache=True)
def _actor_ok(S, seat, src, ci, ctx):
    """eligibility._actor_check(...) is None."""
    cb = _cb(ci)
    d = S[cb + C_DEF]
    sr = _sr(src)
    ab = S[sr + SK_ABILITY]
    pb = _pb(seat)
    if ab:
        if S[sr + SK_CHAR] != d:
            return False
        if ab == AB_DEAD:
            if S[RULES + R_V05] or S[cb + C_ALIVE]:
                return False
            if S[pb + P_NH] < S[sr + SK_CARDS]:
                return False
            return _target_ok(S, seat, src)
    if not S[cb + C_ALIVE]:
        return False
    ch = S[sr + SK_CHAR]
    if ch != -1 and ch != d and not ab:
        return False
    tr = S[sr + SK_TRAITS]
    if tr and not (tr & S[_cd(d) + D_TRAITS]):
        return False
    if S[_cd(d) + D_ENERGY] - S[cb + C_BURDEN] < S[sr + SK_ENERGY]:
        return False
    if S[sr + SK_NDICE] and not _can_pay(S, ci, src):
        return False
    cards = S[sr + SK_CARDS]
    if cards and S[pb + P_NH] - (0 if ab else 1) < cards:
        return False
    if (
        ctx >= 0
        and S[sr + SK_TIMING] == T_REACTION
        and S[_sr(S[_yb(ctx) + Y_SRC]) + SK_KIND] == ATTACK
    ):
        defender = S[_yb(ctx) + Y_T]
        actor = S[sr + SK_ACTOR]
        if actor == AC_DEFENDER and ci != defender:
            return False
        if actor == AC_NOT_DEFENDER and ci == defender:
            return False
        if ci != defender and S[RULES + R_REACT_DEFENDER]:
            return False
    return _target_ok(S, seat, src)


@njit(cache=True)
def _may_play(S, src, ci):
    """What _actor_ok asks first of a card in hand, asked before calling it: most cards name
    a trait or a character that one character of three has."""
    cb = _cb(ci)
    d = S[cb + C_DEF]
    ch = S[_sr(src) + SK_CHAR]
    tr = S[_sr(src) + SK_TRAITS]
    return (
        S[cb + C_ALIVE] != 0
        and (ch == -1 or ch == d)
        and (tr == 0 or (tr & S[_cd(d) + D_TRAITS]) != 0)
    )


@njit(cache=True)
def _in_life(S, ab, alive):
    """What _actor_ok asks first of an ability, asked before calling it: most abilities are
    for the dead, and most characters live."""
    return alive != 0 if S[_sr(ab) + SK_ABILITY] == AB_ALIVE else alive == 0


@njit(cache=True)
def _timing_ok(S, src, seat, kind, ctx):
    """eligibility._timing_problem(...) is None."""
    t = S[_sr(src) + SK_TIMING]
    if t == T_ANY:
        return True
    yb = _yb(ctx)
    attack = ctx >= 0 and S[_sr(S[yb + Y_SRC]) + SK_KIND] == ATTACK
    if t == T_AFTER_HIT:
        if (
            kind == WK_AFTER
            and attack
            and S[yb + Y_HIT]
            and S[yb + Y_SEAT] == seat
            and S[yb + Y_ATTACHED] != 0
        ):
            cb = _cb(S[yb + Y_T])
            for r in range(S[cb + C_NA]):
                if S[cb + C_ATT + r * AW + A_UID] == S[yb + Y_ATTACHED]:
                    return True
        return False
    if kind != WK_REACTION or not attack:
        return False
    if S[yb + Y_NEG]:
        return False
    defender = S[_cb(S[yb + Y_T]) + C_SEAT]
    if t == T_REACTION:
        return seat == defender
    if seat != S[yb + Y_SEAT]:
        return False
    return not S[yb + Y_REACTED]


@njit(cache=True)
def _edges(S, seat):
    """eligibility._edge_choices into EDGE_ROWS; returns their count. A window asks this once a
    seat and options() copies the rows, so the list is not made twice."""
    pb = _pb(seat)
    if S[pb + P_OUT] or not S[WIN_ON]:
        return 0
    kind = S[WIN_KIND]
    ctx = S[WIN_PID]
    n = 0
    for i in range(S[pb + P_NH]):
        src = S[pb + P_HAND + i]
        if S[_sr(src) + SK_KIND] != EDGE or not _first_in_hand(S, seat, i):
            continue
        if not _timing_ok(S, src, seat, kind, ctx):
            continue
        for k in range(3):
            ci = S[pb + P_ORDER + k]
            if _may_play(S, src, ci) and _actor_ok(S, seat, src, ci, ctx):
                if n >= EDGE_CAP:
                    _fail(S)
                    return 0
                _edge_row(S, n, A_PLAY, src, ci if S[_sr(src) + SK_MATTERS] else -1)
                n += 1
                if not S[_sr(src) + SK_MATTERS]:
                    break
    for k in range(3):
        ci = S[pb + P_ORDER + k]
        d = S[_cb(ci) + C_DEF]
        alive = S[_cb(ci) + C_ALIVE]
        for j in range(S[_cd(d) + D_NAB]):
            ab = S[_cd(d) + D_AB + j]
            if (
                S[_sr(ab) + SK_KIND] == EDGE
                and _in_life(S, ab, alive)
                and _actor_ok(S, seat, ab, ci, ctx)
            ):
                if n >= EDGE_CAP:
                    _fail(S)
                    return 0
                _edge_row(S, n, A_USE, ab, ci)
                n += 1
    return n


@njit(cache=True)
def _edge_row(S, n, kind, a, b):
    e = EDGE_ROWS + 3 * n
    S[e] = kind
    S[e + 1] = a
    S[e + 2] = b


@njit(cache=True)
def _refresh_ok(S, ci):
    cb = _cb(ci)
    d = S[cb + C_DEF]
    if not S[cb + C_ALIVE]:
        return False
    if S[_cd(d) + D_ENERGY] - S[cb + C_BURDEN] < S[_cd(d) + D_REFRESH]:
        return False
    if S[cb + C_SUPP] and S[RULES + R_BLOCKS_REFRESH]:
        return False
    return True


@njit(cache=True)
def _next_seat(S, start, include_start):
    n = S[RULES + R_SEATS]
    for i in range(0 if include_start else 1, n + 1):
        s = (start + i) % n
        pb = _pb(s)
        if not S[pb + P_OUT] and not S[pb + P_PASSED]:
            return s
    return -1


# -- the legal decisions (rules._opts_*) --------------------------------------------------------


@njit(cache=True)
def _row(S, n, kind, a, b):
    o = _op(n)
    S[o + OP_KIND] = kind
    S[o + OP_A] = a
    S[o + OP_B] = b
    S[o + OP_N] = 0


@njit(cache=True)
def options(S):
    """The legal decisions of the waiting seat, in legal_actions' order, into the OPTS rows;
    returns their count."""
    w = S[WAIT]
    seat = S[W_SEAT]
    pb = _pb(seat)
    n = 0
    if w == WT_ACTION:
        for i in range(S[pb + P_NH]):
            src = S[pb + P_HAND + i]
            if S[_sr(src) + SK_KIND] == EDGE or not _first_in_hand(S, seat, i):
                continue
            for k in range(3):
                ci = S[pb + P_ORDER + k]
                if _may_play(S, src, ci) and _actor_ok(S, seat, src, ci, -1):
                    if n >= OPT_CAP - 8:
                        _fail(S)
                        return 0
                    _row(S, n, A_PLAY, src, ci if S[_sr(src) + SK_MATTERS] else -1)
                    n += 1
                    if not S[_sr(src) + SK_MATTERS]:
                        break
        for k in range(3):
            ci = S[pb + P_ORDER + k]
            d = S[_cb(ci) + C_DEF]
            alive = S[_cb(ci) + C_ALIVE]
            for j in range(S[_cd(d) + D_NAB]):
                ab = S[_cd(d) + D_AB + j]
                if (
                    S[_sr(ab) + SK_KIND] == ACTION
                    and _in_life(S, ab, alive)
                    and _actor_ok(S, seat, ab, ci, -1)
                ):
                    if n >= OPT_CAP - 8:
                        _fail(S)
                        return 0
                    _row(S, n, A_USE, ab, ci)
                    n += 1
        for k in range(3):
            ci = S[pb + P_ORDER + k]
            if _refresh_ok(S, ci):
                _row(S, n, A_REFRESH, ci, 0)
                n += 1
        _row(S, n, A_PASS, 0, 0)
        return n + 1
    if w == WT_WINDOW:
        n = S[EDGE_N]  # listed by _window_go as the window came to this seat
        if n >= OPT_CAP:
            _fail(S)
            return 0
        for i in range(n):
            e = EDGE_ROWS + 3 * i
            _row(S, i, S[e], S[e + 1], S[e + 2])
        _row(S, n, A_DECLINE, 0, 0)
        return n + 1
    if w == WT_PAY:
        yb = _yb(S[W_A])
        ci = S[yb + Y_ACTOR]
        src = S[yb + Y_SRC]
        k = S[_sr(src) + SK_NDICE]
        cb = _cb(ci)
        n = _combos(S, ci, k, _sr(src) + SK_DICE, True, OPT_CAP)
        return _combo_rows(S, n, k, A_PAY)
    if w == WT_CARDS or w == WT_DISCARD:
        for i in range(S[pb + P_NH]):
            if _first_in_hand(S, seat, i):
                _row(S, n, A_DISCARD, S[pb + P_HAND + i], 0)
                n += 1
        if w == WT_DISCARD:
            _row(S, n, A_KEEP_HAND, 0, 0)
            n += 1
        return n
    if w == WT_TARGET:
        yb = _yb(S[W_A])
        m = _candidates(S, S[yb + Y_SEAT], S[_sr(S[yb + Y_SRC]) + SK_TARGET], S[W_A])
        for i in range(m):
            _row(S, i, A_TARGET, S[PICKED + i], 0)
        return m
    if w == WT_KEEP:
        ci = S[W_A]
        cb = _cb(ci)
        k = S[_cd(S[cb + C_DEF]) + D_NFIXED] + S[_cd(S[cb + C_DEF]) + D_RANDOM]
        n = _combos(S, ci, k, 0, False, OPT_CAP)
        return _combo_rows(S, n, k, A_KEEP)
    if w == WT_CHOOSE:
        for i in range(S[CHO_N]):
            _row(S, i, A_CHOOSE, S[CHO_V + i], S[CHO_U + i])
        return S[CHO_N]
    if w == WT_ATTACK_DIE or w == WT_DEFENCE_DIE:
        yb = _yb(S[W_A])
        ci = S[yb + Y_ACTOR] if w == WT_ATTACK_DIE else S[yb + Y_T]
        cb = _cb(ci)
        for i in range(S[cb + C_ND]):
            v = S[cb + C_DICE + i]
            seen = False
            for j in range(i):
                if S[cb + C_DICE + j] == v:
                    seen = True
                    break
            if not seen:
                _row(S, n, A_DIE, v, 0)
                n += 1
        _row(S, n, A_DIE, 0, 0)
        return n + 1
    _fail(S)
    return 0


@njit(cache=True)
def _combo_rows(S, n, k, kind):
    if n < 0 or n > OPT_CAP:
        _fail(S)
        return 0
    for i in range(n):
        o = _op(i)
        S[o + OP_KIND] = kind
        S[o + OP_A] = 0
        S[o + OP_B] = 0
        S[o + OP_N] = k
        for j in range(k):
            S[o + OP_V + j] = S[COMBOS + i * DICE_CAP + j]
    return n


# -- the steps (rules.STEPS) --------------------------------------------------------------------


@njit(cache=True)
def _roll(S, what, a, b):
    S[WAIT] = WT_CHANCE
    S[W_SEAT] = -1
    S[W_A] = what
    S[W_B] = a
    S[W_C] = b


@njit(cache=True)
def _wait(S, kind, seat, a, b):
    S[WAIT] = kind
    S[W_SEAT] = seat
    S[W_A] = a
    S[W_B] = b


@njit(cache=True)
def _random_dice(S, d):
    """R's of the pool; v0.5 rolls the whole pool (1.7)."""
    if S[RULES + R_V05]:
        return S[_cd(d) + D_NFIXED] + S[_cd(d) + D_RANDOM]
    return S[_cd(d) + D_RANDOM]


@njit(cache=True)
def _add_fixed(S, ci):
    """A-7: fixed faces enter as printed (v1)."""
    if S[RULES + R_V05]:
        return
    d = S[_cb(ci) + C_DEF]
    for k in range(S[_cd(d) + D_NFIXED]):
        _append_die(S, ci, S[_cd(d) + D_FIXED + k])
    _sort_dice(S, ci)


@njit(cache=True)
def _new_play(S, seat, src, ci, ctx, from_hand):
    pid = S[NPLAYS]
    if pid >= PLAY_CAP:
        _fail(S)
        return 0
    yb = _yb(pid)
    S[yb : yb + YW] = 0
    S[yb + Y_SEAT] = seat
    S[yb + Y_SRC] = src
    S[yb + Y_ACTOR] = ci
    S[yb + Y_CTX] = ctx
    S[yb + Y_HAND] = from_hand
    S[yb + Y_ATK] = S[_sr(src) + SK_ATK]
    S[yb + Y_SETTLED] = not from_hand
    S[NPLAYS] = pid + 1
    return pid


@njit(cache=True)
def _push_pay_steps(S, pid):
    """Pushes target, pay_cards, pay (so they run pay, pay_cards, target)."""
    _push(S, ST_TARGET, pid, 0, 0)
    _push(S, ST_PAY_CARDS, pid, S[_sr(S[_yb(pid) + Y_SRC]) + SK_CARDS], 0)
    _push(S, ST_PAY, pid, 0, 0)


@njit(cache=True)
def _start_play(S, seat, kind, src, ci, ctx):
    """R-13: announce the card (or ability) and the acting character."""
    pb = _pb(seat)
    if kind == A_USE:
        found = -1
        for k in range(3):
            c = S[pb + P_ORDER + k]
            d = S[_cb(c) + C_DEF]
            for j in range(S[_cd(d) + D_NAB]):
                if S[_cd(d) + D_AB + j] == src and found < 0:
                    found = c
        ci = found
        from_hand = 0
    else:
        if ci < 0:
            for k in range(3):
                c = S[pb + P_ORDER + k]
                if _actor_ok(S, seat, src, c, ctx):
                    ci = c
                    break
        _hand_remove(S, seat, src)
        from_hand = 1
    if ci < 0:
        _fail(S)
        return 0
    S[pb + P_PLAYED + src] = 1
    return _new_play(S, seat, src, ci, ctx, from_hand)


@njit(cache=True)
def _window(S, kind, pid):
    if kind == WK_START and S[QUIET] and S[RULES + R_REPEAT_SKIP]:
        S[QUIET] = 0  # the window after the last card was this one
        return
    S[QUIET] = 0
    S[WIN_ACTED] = 0
    if kind == WK_REACTION:
        yb = _yb(pid)
        if S[yb + Y_NT] == 0:
            _fail(S)
            return
        start = S[_cb(S[yb + Y_T]) + C_SEAT]  # the defender first
    elif kind == WK_END:
        start = S[FIRST]
    else:
        start = S[ACTIVE]
    seats = S[RULES + R_SEATS]
    m = 0
    for i in range(seats):
        s = (start + i) % seats
        if not S[_pb(s) + P_OUT]:
            S[WIN_ORDER + m] = s
            m += 1
    if m == 0:
        return
    S[WIN_ON] = 1
    S[WIN_KIND] = kind
    S[WIN_PID] = pid
    S[WIN_N] = m
    S[WIN_AT] = 0
    S[WIN_DECL] = 0
    _window_go(S)


@njit(cache=True)
def _window_go(S):
    while S[WIN_DECL] < S[WIN_N]:
        seat = S[WIN_ORDER + S[WIN_AT]]
        S[EDGE_N] = _edges(S, seat)
        if S[EDGE_N]:
            _wait(S, WT_WINDOW, seat, 0, 0)
            return
        S[WIN_DECL] += 1
        S[WIN_AT] = (S[WIN_AT] + 1) % S[WIN_N]
    if S[NSTACK]:  # sc.edge_stack = lifo: the last edge played resolves first
        S[NSTACK] -= 1
        top = S[STACK + S[NSTACK]]
        S[WIN_AT] = 0
        S[WIN_DECL] = 0
        _push(S, ST_WINDOW_GO, 0, 0, 0)
        _push(S, ST_RESOLVE, top, 0, 0)
        return
    S[QUIET] = S[WIN_KIND] == WK_AFTER and not S[WIN_ACTED]
    S[WIN_ON] = 0


@njit(cache=True)
def _miss(S, pid):
    yb = _yb(pid)
    S[yb + Y_SETTLED] = 1
    S[MISSES] += 1
    _discard_put(S, S[yb + Y_SEAT], S[yb + Y_SRC])


@njit(cache=True)
def _push_effects(S, pid):
    n = S[_sr(S[_yb(pid) + Y_SRC]) + SK_NEFF]
    for i in range(n - 1, -1, -1):
        _push(S, ST_EFFECT, pid, i, 0)


@njit(cache=True)
def _hit(S, pid):
    """R-17.4: attach the card, apply Resistance and Hardened, check for death, then the rest
    of the Effect Bar."""
    yb = _yb(pid)
    src = S[yb + Y_SRC]
    ci = S[yb + Y_T]
    S[yb + Y_HIT] = 1
    S[yb + Y_SETTLED] = 1
    S[HITS] += 1
    S[UID] += 1
    printed = S[_sr(src) + SK_DAMAGE]
    traits = S[_sr(src) + SK_TRAITS]
    mod = S[yb + Y_MOD]
    if _hardened(S, ci, printed, mod, traits):
        _discard_put(S, S[yb + Y_SEAT], src)
    else:
        _attach(S, ci, src, S[yb + Y_SEAT], printed, traits, mod, 0)
        S[yb + Y_ATTACHED] = S[UID]
        S[HURT] = 1
    _check_deaths(S)
    _push_effects(S, pid)


@njit(cache=True)
def _scope(S, pid, scope):
    """The characters an effect of play `pid` reaches, into the PICKED row; returns their
    count."""
    yb = _yb(pid)
    n = 0
    if scope == SC_SELF:
        S[PICKED] = S[yb + Y_ACTOR]
        return 1
    if scope == SC_FRIENDLY:
        pb = _pb(S[yb + Y_SEAT])
        for k in range(3):
            ci = S[pb + P_ORDER + k]
            if S[_cb(ci) + C_ALIVE]:
                S[PICKED + n] = ci
                n += 1
        return n
    if scope == SC_ENEMY:
        for ci in range(S[NCHARS]):
            cb = _cb(ci)
            if S[cb + C_ALIVE] and S[cb + C_SEAT] != S[yb + Y_SEAT]:
                S[PICKED + n] = ci
                n += 1
        return n
    for k in range(S[yb + Y_NT]):
        S[PICKED + k] = S[yb + Y_T + k]
    if S[yb + Y_NT]:
        return S[yb + Y_NT]
    S[PICKED] = S[yb + Y_ACTOR]
    return 1


@njit(cache=True)
def _modify_attack(S, pid, amount):
    yb = _yb(pid)
    if not S[yb + Y_HIT]:
        S[yb + Y_MOD] += amount
        return
    cb = _cb(S[yb + Y_T])
    for r in range(S[cb + C_NA]):
        a = cb + C_ATT + r * AW
        if S[a + A_UID] == S[yb + Y_ATTACHED]:
            S[a + A_MOD] += amount
            S[VALUES] += 1
            S[HURT] = 1


@njit(cache=True)
def _ask(S, seat, kind, ci, n):
    S[CHO_N] = n
    _wait(S, WT_CHOOSE, seat, kind, ci)


@njit(cache=True)
def _distinct_dice(S, ci, low, high):
    """sorted({v for v in dice if low <= v <= high}, reverse=True), into CHO_V: the values a
    choice of a die offers. Returns their count."""
    cb = _cb(ci)
    n = 0
    for i in range(S[cb + C_ND]):  # dice are highest first
        v = S[cb + C_DICE + i]
        if low <= v <= high and (n == 0 or S[CHO_V + n - 1] != v):
            S[CHO_V + n] = v
            n += 1
    return n


@njit(cache=True)
def _one_die(S, seat, ci, kind):
    n = _distinct_dice(S, ci, 1, 6)
    if n == 1:
        _die_chosen(S, ci, kind, S[CHO_V])
    elif n:
        _ask(S, seat, kind, ci, n)


@njit(cache=True)
def _die_chosen(S, ci, kind, v):
    if kind == CK_REROLL:
        _roll(S, CH_REROLL, ci, v)
    else:
        _remove_die(S, ci, v)


@njit(cache=True)
def _character_effect(S, pid, e, ci):
    """effects.py's handlers of keywords on characters."""
    kw = S[_ef(e) + E_KW]
    x = S[_ef(e) + E_AMT]
    yb = _yb(pid)
    cb = _cb(ci)
    d = S[cb + C_DEF]
    if kw == K_HEAL:
        n = 0
        for r in range(S[cb + C_NA]):
            if _healable_worth(S, ci, r) <= x:
                a = cb + C_ATT + r * AW
                # keyed by (name, effective): a token's name is its card's with " token"
                worth = _rec_effective(S, ci, r)
                if worth >= 1024:
                    _fail(S)
                    return
                key = (S[a + A_SRC] * 2 + S[a + A_TOKEN]) * 1024 + worth
                seen = False
                for j in range(n):
                    if S[CHO_V + j] == key:
                        seen = True
                        break
                if not seen:
                    if n >= CHO_CAP:
                        _fail(S)
                        return
                    S[CHO_V + n] = key
                    S[CHO_U + n] = S[a + A_UID]
                    n += 1
        if n == 1:
            _remove_attached(S, ci, S[CHO_U])
        elif n > 1:
            _ask(S, S[yb + Y_SEAT], CK_HEAL, ci, n)
    elif kw == K_STUN:
        amount = 1 if S[RULES + R_STUN_ONE] else x
        S[cb + C_BURDEN] = min(S[_cd(d) + D_ENERGY], S[cb + C_BURDEN] + amount)
    elif kw == K_RECOVER:
        S[cb + C_BURDEN] = max(0, S[cb + C_BURDEN] - x)
    elif kw == K_POWER_UP:
        n = _distinct_dice(S, ci, 1, 5)
        if n == 0:
            return
        S[CHO_V + n] = 0
        _ask(S, S[cb + C_SEAT], CK_POWER_UP, ci, n + 1)
    elif kw == K_POWER_DOWN:
        n = _distinct_dice(S, ci, 2, 6)
        if n == 1:
            v = S[CHO_V]
            _set_die(S, ci, v, v - 1)
        elif n:
            _ask(S, S[cb + C_SEAT], CK_POWER_DOWN, ci, n)
    elif kw == K_OVERCHARGE:
        if S[RULES + R_OVERCHARGE] == OC_SIX:
            _add_die(S, ci, 6)
        elif S[RULES + R_OVERCHARGE] == OC_CHOSEN:
            for i in range(6):
                S[CHO_V + i] = 6 - i
            _ask(S, S[yb + Y_SEAT], CK_OVERCHARGE, ci, 6)
        else:
            _roll(S, CH_OVERCHARGE, ci, 0)
    elif kw == K_REROLL:
        _one_die(S, S[yb + Y_SEAT], ci, CK_REROLL)
    elif kw == K_DRAIN:
        _one_die(S, S[yb + Y_SEAT], ci, CK_DRAIN)
    elif kw == K_DISARM:
        if S[cb + C_ND]:
            _remove_die(S, ci, S[cb + C_DICE])
    elif kw == K_SUPPRESS:
        S[cb + C_SUPP] = 1
    elif kw == K_SWITCH:
        a = S[yb + Y_ACTOR]
        if a == ci or S[_cb(a) + C_SEAT] != S[cb + C_SEAT]:
            return
        pb = _pb(S[cb + C_SEAT])
        i = j = -1
        for k in range(3):
            if S[pb + P_ORDER + k] == a:
                i = k
            if S[pb + P_ORDER + k] == ci:
                j = k
        S[pb + P_ORDER + i] = ci
        S[pb + P_ORDER + j] = a
    elif kw == K_WOUND:
        src = S[yb + Y_SRC]
        S[UID] += 1
        traits = S[_sr(src) + SK_TRAITS]
        if not _hardened(S, ci, x, 0, traits):
            _attach(S, ci, src, S[yb + Y_SEAT], x, traits, 0, 1)
            S[HURT] = 1
    else:
        _fail(S)


@njit(cache=True)
def _other_effect(S, pid, e):
    """effects.py's handlers of keywords on the player or on the attack answered."""
    kw = S[_ef(e) + E_KW]
    x = S[_ef(e) + E_AMT]
    yb = _yb(pid)
    if kw == K_DRAW:
        _push(S, ST_DRAW, S[yb + Y_SEAT], x, 0)
        return
    ctx = S[yb + Y_CTX]
    if ctx < 0:
        _fail(S)  # the engine would read plays[-1]
        return
    cy = _yb(ctx)
    if kw == K_DODGE:
        die = S[yb + Y_PAID] if S[yb + Y_NPAID] else 0
        if die >= x + S[cy + Y_ATK]:
            S[cy + Y_NEG] = 1
    elif kw == K_SOAK:
        _modify_attack(S, ctx, -x)
    elif kw == K_BOOST:
        _modify_attack(S, ctx, x)
    elif kw == K_AIM:
        S[cy + Y_ATK] += x
    elif kw == K_GUARD:
        S[cy + Y_DEF] += x
    elif kw == K_TAUNT:
        actor = S[yb + Y_ACTOR]
        me = _cb(actor)
        if S[cy + Y_NT] == 0:
            _fail(S)
            return
        defender = S[cy + Y_T]
        if S[me + C_ALIVE] and S[me + C_SEAT] == S[_cb(defender) + C_SEAT] and actor != defender:
            S[cy + Y_T] = actor
    else:
        _fail(S)


@njit(cache=True)
def _is_character_keyword(kw):
    return kw <= K_WOUND


@njit(cache=True, inline="always")  # into run, its one caller: a step is small, a call is not
def _step(S, kind, a, b, c):
    """One step of the queue (rules.STEPS)."""
    if kind == ST_DRAW:
        seat, k = a, b
        pb = _pb(seat)
        if k <= 0 or S[pb + P_OUT]:
            return
        if S[pb + P_DECK + PILE_SIZE] == 0:
            if S[RULES + R_DECK_LOSE]:  # A-22 variant
                _eliminate(S, seat)
                return
            if S[pb + P_DISCARD + PILE_SIZE] == 0:
                return
            # the discard pile becomes the deck, in its order
            S[pb + P_DECK : pb + P_DECK + PILE_W] = S[pb + P_DISCARD : pb + P_DISCARD + PILE_W]
            S[pb + P_DISCARD + PILE_N] = 0
            S[pb + P_DISCARD + PILE_SIZE] = 0
        _push(S, ST_DRAW, seat, k - 1, 0)
        _roll(S, CH_DRAW, seat, 0)
    elif kind == ST_CHOOSE_FIRST:
        if S[RULES + R_FIXED_FIRST] >= 0:
            S[FIRST] = S[RULES + R_FIXED_FIRST]
        else:
            _roll(S, CH_FIRST, 0, 0)
    elif kind == ST_SETUP_ALL:
        seats = S[RULES + R_SEATS]
        for i in range(seats - 1, -1, -1):
            _push(S, ST_SETUP_DICE, (S[FIRST] + i) % seats, 0, 0)
    elif kind == ST_SETUP_DICE:
        pb = _pb(a)
        for k in range(2, -1, -1):
            _push(S, ST_ROLL_POOL, S[pb + P_ORDER + k], 0, 0)
    elif kind == ST_ROLL_POOL or kind == ST_REFRESH_ROLL:
        ci = a
        _add_fixed(S, ci)
        if _random_dice(S, S[_cb(ci) + C_DEF]):
            _roll(S, CH_POOL if kind == ST_ROLL_POOL else CH_REFRESH, ci, 0)
    elif kind == ST_TURN_START:
        limit = S[RULES + R_TURN_LIMIT]
        if limit and S[TURN] >= limit:
            _finish(S, -1)
            return
        S[TURN] += 1
        for ci in range(S[NCHARS]):
            S[_cb(ci) + C_SUPP] = 0
        seat = _next_seat(S, S[FIRST], True)
        if seat < 0:
            _fail(S)
            return
        _push(S, ST_PHASE, seat, 0, 0)
    elif kind == ST_PHASE:
        S[ACTIVE] = a
        S[NPLAYS] = 0
        _push(S, ST_ACT, 0, 0, 0)
        _push(S, ST_WINDOW, WK_START, -1, 0)
    elif kind == ST_ACT:
        _wait(S, WT_ACTION, S[ACTIVE], 0, 0)
    elif kind == ST_NEXT:
        seat = _next_seat(S, S[ACTIVE], False)
        if seat < 0:
            _push(S, ST_END_TURN, 0, 0, 0)
        else:
            _push(S, ST_PHASE, seat, 0, 0)
    elif kind == ST_END_TURN:
        _push(S, ST_TURN_OVER, 0, 0, 0)
        seats = S[RULES + R_SEATS]
        for i in range(seats - 1, -1, -1):
            s = (S[FIRST] + i) % seats
            if S[_pb(s) + P_OUT]:
                continue
            _push(S, ST_REFILL, s, 0, 0)
            _push(S, ST_DISCARD, s, END_DISCARDS, 0)
        _push(S, ST_RESET, 0, 0, 0)
        _push(S, ST_WINDOW, WK_END, -1, 0)
    elif kind == ST_RESET:
        if S[RULES + R_RESET_NEVER]:
            return
        keep = not S[RULES + R_BLOCKS_REFRESH]
        for ci in range(S[NCHARS]):
            cb = _cb(ci)
            if S[cb + C_ALIVE] and not (keep and S[cb + C_SUPP]):
                S[cb + C_BURDEN] = 0
    elif kind == ST_DISCARD:
        pb = _pb(a)
        if b > 0 and S[pb + P_NH] and not S[pb + P_OUT]:
            _wait(S, WT_DISCARD, a, b, 0)
    elif kind == ST_REFILL:
        _push(S, ST_DRAW, a, HAND - S[_pb(a) + P_NH], 0)
    elif kind == ST_TURN_OVER:
        for s in range(S[RULES + R_SEATS]):
            S[_pb(s) + P_PASSED] = 0
        if S[RULES + R_STALE_DRAW] and _no_damage_left(S):
            _finish(S, -1)
            return
        if S[RULES + R_ROTATE]:
            S[FIRST] = _next_seat(S, S[FIRST], False)
        _push(S, ST_TURN_START, 0, 0, 0)
    elif kind == ST_WINDOW:
        _window(S, a, b)
    elif kind == ST_WINDOW_GO:
        _window_go(S)
    elif kind == ST_PAY:
        yb = _yb(a)
        src = S[yb + Y_SRC]
        if S[_sr(src) + SK_ABILITY] == AB_DEAD:
            return
        ci = S[yb + Y_ACTOR]
        cb = _cb(ci)
        S[cb + C_BURDEN] += S[_sr(src) + SK_ENERGY]
        k = S[_sr(src) + SK_NDICE]
        if k:
            n = _combos(S, ci, k, _sr(src) + SK_DICE, True, 2)
            if n == 1:  # the player picks only when there is a choice
                for j in range(k):
                    _remove_die(S, ci, S[COMBOS + j])
                    S[yb + Y_PAID + j] = S[COMBOS + j]
                S[yb + Y_NPAID] = k
            else:
                if n == 0:
                    _fail(S)
                    return
                _wait(S, WT_PAY, S[yb + Y_SEAT], a, 0)
    elif kind == ST_PAY_CARDS:
        if b <= 0:
            return
        seat = S[_yb(a) + Y_SEAT]
        pb = _pb(seat)
        names = 0
        only = -1
        for i in range(S[pb + P_NH]):
            if _first_in_hand(S, seat, i):
                names += 1
                only = S[pb + P_HAND + i]
        if names == 1:
            _discard_from_hand(S, seat, only)
            _push(S, ST_PAY_CARDS, a, b - 1, 0)
        elif names:
            _wait(S, WT_CARDS, seat, a, b)
    elif kind == ST_TARGET:
        yb = _yb(a)
        src = S[yb + Y_SRC]
        need = S[_sr(src) + SK_TARGETS] - S[yb + Y_NT]
        if need <= 0:
            return
        m = _candidates(S, S[yb + Y_SEAT], S[_sr(src) + SK_TARGET], a)
        if m <= need:
            for i in range(m):
                if S[yb + Y_NT] >= TGT_CAP:
                    _fail(S)
                    return
                S[yb + Y_T + S[yb + Y_NT]] = S[PICKED + i]
                S[yb + Y_NT] += 1
        else:
            _wait(S, WT_TARGET, S[yb + Y_SEAT], a, 0)
    elif kind == ST_DECLARED:
        attack = S[_sr(S[_yb(a) + Y_SRC]) + SK_KIND] == ATTACK
        _push(S, ST_WINDOW, WK_REACTION if attack else WK_DECLARED, a, 0)
    elif kind == ST_EDGE_RESOLVE:
        if S[RULES + R_LIFO]:
            if S[NSTACK] >= STACK_CAP:
                _fail(S)
                return
            S[STACK + S[NSTACK]] = a
            S[NSTACK] += 1
        else:
            _push(S, ST_RESOLVE, a, 0, 0)  # edges resolve at once
    elif kind == ST_RESOLVE:
        yb = _yb(a)
        src = S[yb + Y_SRC]
        if S[_sr(src) + SK_KIND] == ATTACK:
            if S[yb + Y_NEG]:
                S[NEGATED] += 1
                _miss(S, a)
            elif S[RULES + R_CONTEST]:
                _push(S, ST_STRIKE, a, 0, 0)
                _push(S, ST_DEFENCE_DIE, a, 0, 0)
                _push(S, ST_ATTACK_DIE, a, 0, 0)
            else:
                _push(S, ST_STRIKE, a, 0, 0)
            return
        _push(S, ST_FINISH, a, 0, 0)
        _push_effects(S, a)
    elif kind == ST_ATTACK_DIE or kind == ST_DEFENCE_DIE:
        yb = _yb(a)
        ci = S[yb + Y_ACTOR] if kind == ST_ATTACK_DIE else S[yb + Y_T]
        cb = _cb(ci)
        if S[cb + C_ALIVE] and S[cb + C_ND]:
            _wait(
                S, WT_ATTACK_DIE if kind == ST_ATTACK_DIE else WT_DEFENCE_DIE, S[cb + C_SEAT], a, 0
            )
    elif kind == ST_STRIKE:
        yb = _yb(a)
        if not S[_cb(S[yb + Y_T]) + C_ALIVE]:
            _miss(S, a)
            return
        if S[RULES + R_CONTEST]:  # ties go to the attacker
            if S[yb + Y_ADIE] + S[yb + Y_ATK] < S[yb + Y_DDIE] + S[yb + Y_DEF]:
                _miss(S, a)
                return
        _hit(S, a)
    elif kind == ST_EFFECT:
        e = S[_sr(S[_yb(a) + Y_SRC]) + SK_EFF] + b
        if _is_character_keyword(S[_ef(e) + E_KW]):
            m = _scope(S, a, S[_ef(e) + E_SCOPE])
            for i in range(m - 1, -1, -1):
                _push(S, ST_APPLY, a, b, S[PICKED + i])
        else:
            _other_effect(S, a, e)
            _check_deaths(S)
    elif kind == ST_APPLY:
        if S[_cb(c) + C_ALIVE]:
            e = S[_sr(S[_yb(a) + Y_SRC]) + SK_EFF] + b
            _character_effect(S, a, e, c)
            _check_deaths(S)
    elif kind == ST_FINISH:
        yb = _yb(a)
        if S[yb + Y_HAND]:  # discarded after it resolves
            _discard_put(S, S[yb + Y_SEAT], S[yb + Y_SRC])
            S[yb + Y_SETTLED] = 1
    elif kind == ST_KEEP:
        ci = a
        cb = _cb(ci)
        d = S[cb + C_DEF]
        k = S[_cd(d) + D_NFIXED] + S[_cd(d) + D_RANDOM]
        if S[cb + C_ND] <= k:
            return
        n = _combos(S, ci, k, 0, False, 2)
        if n == 1:
            for j in range(k):
                S[cb + C_DICE + j] = S[COMBOS + j]
            S[cb + C_ND] = k
        else:
            _wait(S, WT_KEEP, S[cb + C_SEAT], ci, 0)  # the controller chooses
    else:
        _fail(S)


@njit(cache=True)
def run(S):
    """rules._run: steps until one waits, or the game ends."""
    while S[WAIT] == WT_NONE and not S[ENDED] and S[NQ] > 0:
        S[NQ] -= 1
        q = QUEUE + 4 * S[NQ]
        _step(S, S[q], S[q + 1], S[q + 2], S[q + 3])


# -- chance and decisions ------------------------------------------------------------------------


@njit(cache=True)
def _pick(S, cum, length, u):
    """pick_cum on the cumulative weights S[cum:cum + length]."""
    return pick_cum(S[cum : cum + length], length, u)


@njit(cache=True)
def apply_chance(S, cmt):
    what = S[W_A]
    a = S[W_B]
    b = S[W_C]
    S[WAIT] = WT_NONE
    u = mt_random(cmt)
    if what == CH_DRAW:
        pb = _pb(a)
        deck = pb + P_DECK
        n = S[deck + PILE_N]
        total = 0
        for i in range(n):
            total += S[deck + PILE_CNT + i]
            S[CUM + i] = total
        i = _pick(S, CUM, n, u)
        card = S[deck + PILE_CARD + i]
        _pile_take_at(S, deck, i)
        nh = S[pb + P_NH]
        if nh >= HAND_CAP:
            _fail(S)
            return
        S[pb + P_HAND + nh] = card
        S[pb + P_NH] = nh + 1
    elif what == CH_FIRST:
        n = S[RULES + R_SEATS]
        for i in range(n):
            S[CUM + i] = i + 1
        S[FIRST] = _pick(S, CUM, n, u)
    elif what == CH_POOL or what == CH_REFRESH:
        ci = a
        k = _random_dice(S, S[_cb(ci) + C_DEF])
        i = _pick(S, POOLS_CUM + k * POOL_OUTCOMES, S[POOLS_N + k], u)
        faces = POOLS_FACES + (k * POOL_OUTCOMES + i) * POOL_CAP
        for j in range(k):
            _append_die(S, ci, S[faces + j])
        _sort_dice(S, ci)
    else:
        for i in range(6):
            S[CUM + i] = i + 1
        face = _pick(S, CUM, 6, u) + 1
        if what == CH_OVERCHARGE:
            _add_die(S, a, face)
        else:
            _set_die(S, a, b, face)
        _check_deaths(S)
    run(S)


@njit(cache=True)
def apply(S, i):
    """rules.apply with decision i of the OPTS rows."""
    w = S[WAIT]
    seat = S[W_SEAT]
    wa = S[W_A]
    wb = S[W_B]
    S[WAIT] = WT_NONE
    kind = S[_op(i) + OP_KIND]
    oa = S[_op(i) + OP_A]
    ob = S[_op(i) + OP_B]
    if w == WT_ACTION:
        pb = _pb(seat)
        if kind == A_PASS:
            S[pb + P_PASSED] = 1
            _push(S, ST_NEXT, 0, 0, 0)
        elif kind == A_REFRESH:
            cb = _cb(oa)
            S[cb + C_BURDEN] += S[_cd(S[cb + C_DEF]) + D_REFRESH]
            S[REFRESHES] += 1
            _push(S, ST_NEXT, 0, 0, 0)
            _push(S, ST_KEEP, oa, 0, 0)
            _push(S, ST_REFRESH_ROLL, oa, 0, 0)
        else:
            pid = _start_play(S, seat, kind, oa, ob, -1)
            _push(S, ST_NEXT, 0, 0, 0)
            _push(S, ST_WINDOW, WK_AFTER, pid, 0)
            _push(S, ST_RESOLVE, pid, 0, 0)
            _push(S, ST_DECLARED, pid, 0, 0)
            _push_pay_steps(S, pid)
    elif w == WT_WINDOW:
        if kind == A_DECLINE:
            S[WIN_DECL] += 1
            S[WIN_AT] = (S[WIN_AT] + 1) % S[WIN_N]
            _push(S, ST_WINDOW_GO, 0, 0, 0)
        else:
            S[WIN_DECL] = 0
            S[WIN_AT] = (S[WIN_AT] + 1) % S[WIN_N]
            S[WIN_ACTED] = 1
            S[EDGES] += 1
            ctx = S[WIN_PID]
            new = _start_play(S, seat, kind, oa, ob, ctx)
            if S[_sr(S[_yb(new) + Y_SRC]) + SK_TIMING] == T_REACTION and ctx >= 0:
                S[_yb(ctx) + Y_REACTED] = 1
            _push(S, ST_WINDOW_GO, 0, 0, 0)
            _push(S, ST_EDGE_RESOLVE, new, 0, 0)
            _push_pay_steps(S, new)
    elif w == WT_PAY:
        yb = _yb(wa)
        k = S[_op(i) + OP_N]
        for j in range(k):
            _remove_die(S, S[yb + Y_ACTOR], S[_op(i) + OP_V + j])
            S[yb + Y_PAID + j] = S[_op(i) + OP_V + j]
        S[yb + Y_NPAID] = k
    elif w == WT_CARDS:
        _discard_from_hand(S, seat, oa)
        _push(S, ST_PAY_CARDS, wa, wb - 1, 0)
    elif w == WT_TARGET:
        yb = _yb(wa)
        if S[yb + Y_NT] >= TGT_CAP:
            _fail(S)
            return
        S[yb + Y_T + S[yb + Y_NT]] = oa
        S[yb + Y_NT] += 1
        _push(S, ST_TARGET, wa, 0, 0)
    elif w == WT_KEEP:
        cb = _cb(wa)
        k = S[_op(i) + OP_N]
        for j in range(k):
            S[cb + C_DICE + j] = S[_op(i) + OP_V + j]
        S[cb + C_ND] = k
    elif w == WT_CHOOSE:
        ci = wb
        if wa == CK_HEAL:
            _remove_attached(S, ci, ob)
        elif wa == CK_POWER_UP:
            if oa:
                _set_die(S, ci, oa, oa + 1)
        elif wa == CK_POWER_DOWN:
            _set_die(S, ci, oa, oa - 1)
        elif wa == CK_OVERCHARGE:
            _add_die(S, ci, oa)
        else:
            _die_chosen(S, ci, wa, oa)
    elif w == WT_ATTACK_DIE:
        yb = _yb(wa)
        S[yb + Y_ADIE] = oa
        if oa:
            _remove_die(S, S[yb + Y_ACTOR], oa)
    elif w == WT_DEFENCE_DIE:
        yb = _yb(wa)
        S[yb + Y_DDIE] = oa
        if oa:
            _remove_die(S, S[yb + Y_T], oa)
    elif w == WT_DISCARD:
        if kind == A_DISCARD:
            _discard_from_hand(S, seat, oa)
            _push(S, ST_DISCARD, seat, wa - 1, 0)
    _check_deaths(S)
    run(S)


# -- the heuristic (bots.py) ---------------------------------------------------------------------


@njit(cache=True)
def _stick(S, ci, printed, traits, mod):
    if _hardened(S, ci, printed, mod, traits):
        return 0
    return _effective_of(S, ci, printed, mod, traits)


@njit(cache=True)
def _energy(S, ci):
    cb = _cb(ci)
    return S[_cd(S[cb + C_DEF]) + D_ENERGY] - S[cb + C_BURDEN]


@njit(cache=True)
def _hit_value(S, src, ci):
    sr = _sr(src)
    cb = _cb(ci)
    left = S[_cd(S[cb + C_DEF]) + D_HP] - _damage(S, ci)
    worth = _stick(S, ci, S[sr + SK_DAMAGE], S[sr + SK_TRAITS], 0)
    value = float(min(worth, left)) + (KILL if worth >= left else 0.0)
    nd = S[cb + C_ND]
    for k in range(S[sr + SK_NEFF]):
        e = S[sr + SK_EFF] + k
        kw = S[_ef(e) + E_KW]
        if kw == K_STUN:
            value += 0.4 * min(S[_ef(e) + E_AMT], _energy(S, ci))
        elif kw == K_DRAIN or kw == K_DISARM or kw == K_POWER_DOWN:
            value += 0.5 if nd else 0.0
        elif kw == K_POWER_UP:
            value += 0.3
    if nd and S[cb + C_DICE] >= 4 + S[sr + SK_ATK]:
        value *= 0.75  # it could be dodged
    return value


@njit(cache=True)
def _is_enemy(S, seat, ci):
    cb = _cb(ci)
    return S[cb + C_ALIVE] and S[cb + C_SEAT] != seat and not S[_pb(S[cb + C_SEAT]) + P_OUT]


@njit(cache=True)
def _best_heal(S, seat, x):
    best = 0
    pb = _pb(seat)
    for k in range(3):
        ci = S[pb + P_ORDER + k]
        if not S[_cb(ci) + C_ALIVE]:
            continue
        for r in range(S[_cb(ci) + C_NA]):
            if _healable_worth(S, ci, r) <= x:
                best = max(best, _rec_effective(S, ci, r))
    return float(best)


@njit(cache=True)
def _source_value(S, seat, src):
    sr = _sr(src)
    if S[sr + SK_KIND] == ATTACK:
        found = False
        value = 0.0
        for ci in range(S[NCHARS]):
            if _is_enemy(S, seat, ci):
                v = _hit_value(S, src, ci)
                if not found or v > value:
                    value = v
                found = True
        if not found:
            return -1.0
        return value - 0.15 * S[sr + SK_ENERGY] - 0.3 * S[sr + SK_NDICE]
    value = 0.0
    for k in range(S[sr + SK_NEFF]):
        e = S[sr + SK_EFF] + k
        kw = S[_ef(e) + E_KW]
        if kw == K_HEAL:
            value += _best_heal(S, seat, S[_ef(e) + E_AMT])
        elif kw == K_OVERCHARGE:
            value += 1.0 * max(1, S[sr + SK_TARGETS])
        elif kw == K_POWER_UP:
            value += 0.2
        elif kw == K_RECOVER:
            value += 0.5
    return value - 1.5 * S[sr + SK_CARDS] - 0.1 * S[sr + SK_ENERGY]


@njit(cache=True)
def _needs_dice(S, seat, ci):
    pb = _pb(seat)
    d = S[_cb(ci) + C_DEF]
    for i in range(S[pb + P_NH]):
        src = S[pb + P_HAND + i]
        sr = _sr(src)
        if not S[sr + SK_NDICE] or (
            S[sr + SK_TRAITS] and not S[sr + SK_TRAITS] & S[_cd(d) + D_TRAITS]
        ):
            continue
        if S[sr + SK_CHAR] != -1 and S[sr + SK_CHAR] != d:
            continue
        if not _can_pay(S, ci, src):
            return True
    return False


@njit(cache=True)
def _card_worth(S, seat, src, copies):
    pb = _pb(seat)
    sr = _sr(src)
    usable = False
    for k in range(3):
        cb = _cb(S[pb + P_ORDER + k])
        d = S[cb + C_DEF]
        if (
            S[cb + C_ALIVE]
            and (S[sr + SK_CHAR] == -1 or S[sr + SK_CHAR] == d)
            and (S[sr + SK_TRAITS] == 0 or S[sr + SK_TRAITS] & S[_cd(d) + D_TRAITS])
        ):
            usable = True
            break
    if not usable:
        return -10.0
    if S[sr + SK_KIND] == ATTACK:
        return 3.0 + S[sr + SK_DAMAGE]
    if _has_keyword(S, src, K_HEAL, False):
        return 3.0
    if _has_keyword(S, src, K_DODGE, False):
        return 2.5 if copies == 1 else 0.5
    return 1.0


@njit(cache=True)
def _last_amount(S, src, kw):
    """{e.keyword: e.amount} keeps the last; -1 if the card names no such keyword."""
    x = -1
    for k in range(S[_sr(src) + SK_NEFF]):
        e = S[_sr(src) + SK_EFF] + k
        if S[_ef(e) + E_KW] == kw:
            x = S[_ef(e) + E_AMT]
    return x


@njit(cache=True)
def _edge_value(S, seat, i):
    if S[_op(i) + OP_KIND] == A_USE:
        return -1.0  # death effects cost cards the bot would rather play
    src = S[_op(i) + OP_A]
    ctx = S[WIN_PID]
    if ctx >= 0 and S[_sr(S[_yb(ctx) + Y_SRC]) + SK_KIND] == ATTACK:
        cy = _yb(ctx)
        csrc = S[cy + Y_SRC]
        defender = S[cy + Y_T]
        db = _cb(defender)
        if _has_keyword(S, src, K_DODGE, False):
            dodge = _last_amount(S, src, K_DODGE)
            actor = S[_op(i) + OP_B]
            if actor < 0:
                _fail(S)
                return -1.0
            ab = _cb(actor)
            return 5.0 if S[ab + C_ND] and S[ab + C_DICE] >= dodge + S[cy + Y_ATK] else -1.0
        if _has_keyword(S, src, K_AIM, False):
            return 2.0 if S[db + C_ND] and S[db + C_DICE] >= 4 + S[cy + Y_ATK] else -1.0
        # what the attack would do, read by Soak and Taunt only
        incoming = _stick(
            S, defender, S[_sr(csrc) + SK_DAMAGE], S[_sr(csrc) + SK_TRAITS], S[cy + Y_MOD]
        )
        if _has_keyword(S, src, K_SOAK, False):
            return 2.0 if incoming >= 3 else -1.0
        if _has_keyword(S, src, K_TAUNT, False):
            actor = S[_op(i) + OP_B]
            if actor < 0:
                _fail(S)
                return -1.0
            left = S[_cd(S[db + C_DEF]) + D_HP] - _damage(S, defender)
            mine = _stick(
                S, actor, S[_sr(csrc) + SK_DAMAGE], S[_sr(csrc) + SK_TRAITS], S[cy + Y_MOD]
            )
            actor_left = S[_cd(S[_cb(actor) + C_DEF]) + D_HP] - _damage(S, actor)
            saves = incoming >= left and mine < actor_left
            softer = mine < incoming and mine < actor_left
            return 3.0 if saves or softer else -1.0
        if _has_keyword(S, src, K_BOOST, False):
            return 3.0
    mine = S[WIN_KIND] == WK_START and S[ACTIVE] == seat
    pb = _pb(seat)
    if _has_keyword(S, src, K_RECOVER, False):
        if mine:
            for k in range(3):
                cb = _cb(S[pb + P_ORDER + k])
                if S[cb + C_ALIVE] and S[cb + C_BURDEN] >= 3:
                    return 1.0
        return -1.0
    if _has_keyword(S, src, K_REROLL, False):
        if mine:
            for k in range(3):
                cb = _cb(S[pb + P_ORDER + k])
                if S[cb + C_ALIVE] and S[cb + C_ND] and S[cb + C_DICE + S[cb + C_ND] - 1] <= 2:
                    return 1.0
        return -1.0
    return -1.0


@njit(cache=True)
def _lex_less(S, i, j):
    """Decision i's values < decision j's, as tuples compare."""
    vi = _op(i) + OP_V
    vj = _op(j) + OP_V
    ni = S[_op(i) + OP_N]
    nj = S[_op(j) + OP_N]
    for k in range(min(ni, nj)):
        if S[vi + k] != S[vj + k]:
            return S[vi + k] < S[vj + k]
    return ni < nj


@njit(cache=True)
def heuristic(S, n):
    """bots.heuristic: the index of the decision it takes among the first n rows."""
    if n == 1:
        return 0
    w = S[WAIT]
    seat = S[W_SEAT]
    if w == WT_ACTION:
        best = -1
        best_value = 0.0
        for i in range(n):
            kind = S[_op(i) + OP_KIND]
            value = 0.0
            if kind == A_PLAY or kind == A_USE:
                value = _source_value(S, seat, S[_op(i) + OP_A])
            elif kind == A_REFRESH:
                value = 1.2 if _needs_dice(S, seat, S[_op(i) + OP_A]) else -1.0
            if value > best_value + 1e-9:
                best = i
                best_value = value
        if best >= 0:
            return best
        for i in range(n):
            if S[_op(i) + OP_KIND] == A_PASS:
                return i
        return n - 1
    if w == WT_PAY:
        yb = _yb(S[W_A])
        src = S[yb + Y_SRC]
        for k in range(S[_sr(src) + SK_NEFF]):
            e = S[_sr(src) + SK_EFF] + k
            if S[_ef(e) + E_KW] == K_DODGE:
                ctx = S[yb + Y_CTX]
                if ctx < 0:
                    _fail(S)
                    return 0
                need = S[_ef(e) + E_AMT] + S[_yb(ctx) + Y_ATK]
                best = -1
                for i in range(n):
                    if S[_op(i) + OP_N] == 0:
                        _fail(S)
                        return 0
                    if S[_op(i) + OP_V] >= need and (best < 0 or _lex_less(S, i, best)):
                        best = i
                if best >= 0:
                    return best
                break
        best = 0
        best_sum = -1
        for i in range(n):
            total = 0
            for j in range(S[_op(i) + OP_N]):
                total += S[_op(i) + OP_V + j]
            if i == 0 or total < best_sum:
                best = i
                best_sum = total
        return best
    if w == WT_TARGET:
        yb = _yb(S[W_A])
        src = S[yb + Y_SRC]
        best = 0
        best_value = 0.0
        heal = _has_keyword(S, src, K_HEAL, False)
        x = 0
        for k in range(S[_sr(src) + SK_NEFF]):
            e = S[_sr(src) + SK_EFF] + k
            if S[_ef(e) + E_KW] == K_HEAL:
                x = S[_ef(e) + E_AMT]
                break
        for i in range(n):
            ci = S[_op(i) + OP_A]
            cb = _cb(ci)
            if S[_sr(src) + SK_TARGET] == TG_ENEMY:
                if S[_sr(src) + SK_KIND] == ATTACK:
                    value = _hit_value(S, src, ci)
                else:
                    value = float(_energy(S, ci) + S[cb + C_ND])
            elif heal:
                v = 0
                for r in range(S[cb + C_NA]):
                    if _healable_worth(S, ci, r) <= x:
                        v = max(v, _rec_effective(S, ci, r))
                value = float(v)
            elif _has_keyword(S, src, K_RECOVER, False):
                value = float(S[cb + C_BURDEN])
            elif _has_keyword(S, src, K_REROLL, False):
                value = float(6 - (S[cb + C_DICE + S[cb + C_ND] - 1] if S[cb + C_ND] else 6))
            else:
                value = float(-S[cb + C_ND])
            if i == 0 or value > best_value:
                best = i
                best_value = value
        return best
    if w == WT_WINDOW:
        best = -1
        best_value = 0.0
        for i in range(n):
            if S[_op(i) + OP_KIND] == A_DECLINE:
                continue
            value = _edge_value(S, seat, i)
            if value > best_value:
                best = i
                best_value = value
        return best if best >= 0 else n - 1
    if w == WT_CHOOSE:
        kind = S[W_A]
        if kind == CK_HEAL:
            best = 0
            for i in range(n):
                if S[_op(i) + OP_A] % 1024 > S[_op(best) + OP_A] % 1024:
                    best = i
            return best
        if kind == CK_POWER_DOWN or kind == CK_REROLL:
            return n - 1  # the lowest die
        return 0
    if w == WT_KEEP:
        best = 0
        for i in range(1, n):
            if _lex_less(S, best, i):
                best = i
        return best
    if w == WT_CARDS:
        best = 0
        best_value = 0.0
        for i in range(n):
            v = _card_worth(S, seat, S[_op(i) + OP_A], 1)
            if i == 0 or v < best_value:
                best = i
                best_value = v
        return best
    if w == WT_DISCARD:
        best = -1
        worst_value = 1.5
        for i in range(n):
            if S[_op(i) + OP_KIND] == A_DISCARD:
                v = _card_worth(S, seat, S[_op(i) + OP_A], _hand_count(S, seat, S[_op(i) + OP_A]))
                if v < worst_value:
                    best = i
                    worst_value = v
        return best if best >= 0 else n - 1
    if w == WT_ATTACK_DIE:
        best = 0
        for i in range(n):
            if S[_op(i) + OP_A] > S[_op(best) + OP_A]:
                best = i
        return best
    if w == WT_DEFENCE_DIE:
        yb = _yb(S[W_A])
        attack = S[yb + Y_ADIE] + S[yb + Y_ATK]
        best = -1
        for i in range(n):
            v = S[_op(i) + OP_A]
            if v and v + S[yb + Y_DEF] > attack and (best < 0 or v < S[_op(best) + OP_A]):
                best = i
        if best >= 0:
            return best
        for i in range(n):
            if S[_op(i) + OP_A] == 0:
                return i
    return 0


@njit(cache=True)
def _allowed(S, n, banned):
    """core/restricted.BannedBot.allowed: the first n rows less the cards played and the
    abilities used that `banned` (by source) names, moved to the front in order; how many
    are left, or all n when every one is banned. apply reads a decision from its row alone."""
    m = 0
    for i in range(n):
        kind = S[_op(i) + OP_KIND]
        if (kind == A_PLAY or kind == A_USE) and banned[S[_op(i) + OP_A]]:
            continue
        if m != i:
            S[_op(m) : _op(m) + OPT_W] = S[_op(i) : _op(i) + OPT_W]
        m += 1
    return m if m else n


# -- games ----------------------------------------------------------------------------------------


@njit(cache=True)
def play_one(seed, bseed, BOTS, BAN, BANNING, SQ_CHARS, SQ_DECK, SQ_DN, out, outf, g, S, scores):
    """One game from `seed` into out[g] and outf[g] (decisiveness, drama)."""
    cmt = np.empty(MT_SIZE, np.int64)
    bmt = np.empty(MT_SIZE, np.int64)
    bmt[MT_SIZE - 1] = -1  # seeded on first use: the heuristic never draws
    mt_seed(cmt, seed)
    # Plays are cleared as they are made and the queue as it fills: the rest starts at zero.
    S[CHARS:PLAYS] = 0
    S[STACK:STATE_SIZE] = 0
    seats = S[RULES + R_SEATS]
    S[NCHARS] = 3 * seats
    S[FIRST] = -1
    S[ACTIVE] = -1
    S[WINNER] = -1
    for s in range(seats):
        pb = _pb(s)
        for k in range(3):  # in a row, left to right
            ci = 3 * s + k
            cb = _cb(ci)
            S[cb + C_SEAT] = s
            S[cb + C_DEF] = SQ_CHARS[s, k]
            S[cb + C_ALIVE] = 1
            S[pb + P_ORDER + k] = ci
        deck = pb + P_DECK
        for j in range(SQ_DN[s]):
            S[deck + PILE_CARD + j] = SQ_DECK[s, j, 0]
            S[deck + PILE_CNT + j] = SQ_DECK[s, j, 1]
            S[deck + PILE_SIZE] += SQ_DECK[s, j, 1]
        S[deck + PILE_N] = SQ_DN[s]
    _push(S, ST_TURN_START, 0, 0, 0)
    if S[RULES + R_V05]:  # R-4 (v0.5): pools first, then the first player
        _push(S, ST_CHOOSE_FIRST, 0, 0, 0)
        for s in range(seats - 1, -1, -1):
            _push(S, ST_SETUP_DICE, s, 0, 0)
    else:  # R-4 (v1): the first player, then pools in turn order
        _push(S, ST_SETUP_ALL, 0, 0, 0)
        _push(S, ST_CHOOSE_FIRST, 0, 0, 0)
    for s in range(seats - 1, -1, -1):
        _push(S, ST_DRAW, s, HAND, 0)
    run(S)
    trace = S[RULES + R_TRACE] != 0
    valued = -1  # the VALUES count `value` was worked out at
    value = 0.0
    decisions = 0
    timeout = False
    while not S[ENDED]:
        if S[WAIT] == WT_CHANCE:
            apply_chance(S, cmt)
            continue
        if S[WAIT] == WT_NONE:
            _fail(S)  # the engine would have nothing to ask
            break
        if decisions >= S[RULES + R_MAX_DECISIONS]:
            timeout = True
            break
        n = options(S)
        if S[ENDED]:
            break
        if n <= 0:
            _fail(S)
            break
        if BANNING[S[W_SEAT]]:
            n = _allowed(S, n, BAN[S[W_SEAT]])
        if BOTS[S[W_SEAT]] == BOT_RANDOM:
            if bmt[MT_SIZE - 1] < 0:
                mt_seed(bmt, bseed)
            i = int(mt_random(bmt) * n)
        else:
            i = heuristic(S, n)
            if S[ENDED]:
                break
        apply(S, i)
        decisions += 1
        if trace:
            if S[VALUES] != valued:
                valued = S[VALUES]
                value = _score0(S)
            scores[decisions - 1] = value
    out[g, O_STATUS] = S[STATUS]
    winner = -1 if timeout else S[WINNER]
    out[g, O_OUTCOME] = TIMEOUT if timeout else (DRAW if winner < 0 else WIN)
    out[g, O_WINNER] = winner
    out[g, O_LENGTH] = decisions
    out[g, O_FIRST] = S[FIRST]
    out[g, O_TURNS] = S[TURN]
    out[g, O_HITS] = S[HITS]
    out[g, O_MISSES] = S[MISSES]
    out[g, O_NEGATED] = S[NEGATED]
    out[g, O_DEATHS] = S[DEATHS]
    out[g, O_REFRESHES] = S[REFRESHES]
    out[g, O_EDGES] = S[EDGES]
    for s in range(seats):
        out[g, O_ALIVE + s] = _alive_count(S, s)
        out[g, O_HP + s] = _hp_left(S, s)
    if trace:
        out[g, O_LEAD_CHANGES], outf[g, 0], outf[g, 1] = tension(scores, decisions, winner)


@njit(cache=True, nogil=True)
def play_many(
    seeds,
    bot_seeds,
    R,
    BOTS,
    BAN,
    SRC,
    EFF,
    CHD,
    SQ_CHARS,
    SQ_DECK,
    SQ_DN,
    POOL_FACES,
    POOL_CUM,
    POOL_N,
):
    n = len(seeds)
    out = np.zeros((n, OUT_WIDTH), np.int64)
    outf = np.zeros((n, 2), np.float64)
    played = np.zeros((n, SEATS_CAP, SRC.shape[0]), np.bool_)
    S = np.zeros(EFFECTS + EFF.shape[0] * EFF_W, np.int64)
    S[RULES : RULES + R_WIDTH] = R
    for k in range(POOL_CUM.shape[0]):
        S[POOLS_N + k] = POOL_N[k]
        for i in range(POOL_N[k]):
            S[POOLS_CUM + k * POOL_OUTCOMES + i] = POOL_CUM[k, i]
            for j in range(POOL_FACES.shape[2]):
                S[POOLS_FACES + (k * POOL_OUTCOMES + i) * POOL_CAP + j] = POOL_FACES[k, i, j]
    for src in range(SRC.shape[0]):
        S[_sr(src) : _sr(src) + SRC_W] = SRC[src]
    for d in range(CHD.shape[0]):
        S[_cd(d) : _cd(d) + CHD_W] = CHD[d]
    for e in range(EFF.shape[0]):
        S[_ef(e) : _ef(e) + EFF_W] = EFF[e]
    scores = np.zeros(R[R_MAX_DECISIONS] if R[R_TRACE] else 1, np.float64)
    banning = np.zeros(BAN.shape[0], np.bool_)  # the seats with a ban list
    for s in range(BAN.shape[0]):
        banning[s] = BAN[s].any()
    for g in range(n):
        play_one(
            seeds[g],
            bot_seeds[g],
            BOTS,
            BAN,
            banning,
            SQ_CHARS,
            SQ_DECK,
            SQ_DN,
            out,
            outf,
            g,
            S,
            scores,
        )
        for s in range(R[R_SEATS]):
            pb = _pb(s)
            for k in range(SRC.shape[0]):
                played[g, s, k] = S[pb + P_PLAYED + k] != 0
    return out, outf, played
