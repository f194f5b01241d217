"""Compiled batch play of Armies: the rules of rules.py (with plays.py, pay.py, combat.py and
moves.py) and the heuristic of bots.py, decision for decision, on one integer vector per game.

An exact copy, not an approximation, as the other games' kernels are: the same two Mersenne
Twister streams a Match draws from, every chance point walked as Dist.pick walks it (decks in
the order cards entered them, rolls as contest() lists their (attack, defence) pairs), the
agenda run last in first out as rules.py runs it, the legal decisions listed in the order the
rules list them, and the heuristic's floating-point values made with the same operations in
the same order. So every game gives the very row the rules engine gives
(tests/armies/test_kernel.py plays both side by side). Tables are built in batch.py, which hands
anything the kernel does not copy back to the rules engine; a game that outgrows a fixed room
below ends with status UNSUPPORTED, and its batch goes back to the engine too.

A game lives in one int64 vector W: scalars first, then the board, the pieces, hands, decks,
strategies, the agenda, the response stack, the legal decisions and the payment being split,
then scratch rows, and last the batch's own numbers (rule variants and setup, binomial weights,
the card and ability table). Every array a compiled call takes costs two atomic reference
counts, which is most of the time a game takes when helpers pass several; so they pass W alone,
and the functions a decision calls are compiled without reference counts at all (`no_counts`).
W is a pointer into the vector (`data_pointer`), which numba indexes without checking each
index for a negative one; play_many holds the vector itself (A) and hands its slices to the
shared helpers that take arrays.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ...core.compiled import (
    MT_SIZE,
    data_pointer,
    deck_take_at,
    mt_random,
    mt_seed,
    no_counts,
    pick_cum,
    tension,
)
from ...core.layout import Layout

# Without reference counts (no_counts), heuristic games played 1.15 times as fast and random
# ones 1.20 times (5 runs of 2,000 games, alternating). _setup, _chance and play_game, which
# run once a game or a chance point and slice W, keep plain njit.

# Rooms; a game that would outgrow one is handed back (status UNSUPPORTED).
NP = 32
HALF = NP // 2  # one seat's pieces
GCAP = 8  # Training cards kept by one piece
CCAP = 16  # Boons and Curses on one army
HCAP = 160
DCAP = 64  # different cards in a deck
STCAP = 16
TODOCAP = 256
DRAWCAP = 256
STKCAP = 32
LOSECAP = 16
THCAP = 28
OPTCAP = 2048
OW = 8
CELLCAP = 160
SHARECAP = 4096
ABCAP = 4  # abilities of one card
CARDCAP = 256  # cards in the tables
DICE_CAP = 52  # binary dice of an attack and its defence together (weights fit a double)
NDOM = 5  # vocab.DOMAINS: skill and costs are counted domain by domain

# Piece fields.
_piece = Layout()
(PK_OWNER, PK_KIND, PK_SQ, PK_MOVED) = _piece.fields(4)
PK_MAX = _piece.field(NDOM)
PK_CUR = _piece.field(NDOM)
(PK_LEADER, PK_READY, PK_HOPE, PK_TEMP, PK_STOPPED, PK_NG) = _piece.fields(6)
PK_GR = _piece.field(GCAP)
PK_NC = _piece.field()
PK_CARDS = _piece.field(3 * CCAP)
PW = _piece.size
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(6)

# W[...]: a game's scalars first, then its rows (OFF_...).
_w = Layout()
(
    G_PHASE,
    G_ACTIVE,
    G_TURN,
    G_STEP,
    G_FIRST,
    G_WINNER,
    G_REASON,
    G_MAJOR,
    G_TRAININGS,
    G_ACTED,
    G_QUIET,
    G_EP_SQ,
    G_EP_PID,
    G_EP_TURN,
    G_ASKING,
    G_PASSES,
    G_NSTK,
    G_NST,
    G_NTODO,
    G_NDRAWS,
    G_NLOSE,
    G_NOPT,
    G_HN0,
    G_HN1,
    G_DKL0,
    G_DKL1,
    G_DKS0,
    G_DKS1,
    G_C_ON,
    G_C_ATT,
    G_C_DEF,
    G_C_ORIGIN,
    G_C_TARGET,
    G_C_LAND,
    G_C_RANGED,
    G_C_HASPOWER,
    G_C_POWER,
    G_C_PROMO,
    G_C_HTL,
    G_C_HTLR,
    G_C_RA,
    G_C_RD,
    G_C_CANCELLED,
    G_C_STAGE,
    G_C_CAPTURED,
    G_C_FOLLOW,
    G_AMB_P,
    G_AMB_Q,
    G_ROLLING,
    G_CHARGE,
    G_STAMP,
    G_PAY_SEAT,
    G_PAY_N,
    G_PAY_I,
    G_PAY_PRIMARY,
    G_PAY_GENERIC,
) = _w.fields(56)
G_PAY_LET = _w.field(NDOM)
(G_CAP0, G_CAP1, G_CARDS0, G_CARDS1, G_GL0, G_GL1, G_ATTACKS, G_WON, G_DISRUPTED, G_STATUS) = (
    _w.fields(10)
)
# The choices of the payment under way are in the OFF_S_SHARES rows (_pay_settle listed them
# last), and how many.
G_PAY_LISTED, G_PAY_COUNT = _w.fields(2)
# Counts the changes to what bots.evaluate reads (a piece's kind, max skill, Leader, cards,
# Hope and temporary Offense, its life; hands; strategies; the end): a traced game works the
# evaluation out again only after one, not after every decision.
G_VALUES = _w.field()
# A bit for each piece on the board with a Leader, cards or Training grants: those whose
# abilities _ability_options lists (kept by _sources_changed).
G_ABLE = _w.field()
G_W = _w.size

OFF_BOARD = _w.field(64)
OFF_PC = _w.field(NP * PW)
OFF_HAND = _w.field(2 * HCAP)
OFF_DKI = _w.field(2 * DCAP)
OFF_DKC = _w.field(2 * DCAP)
STW = 5  # card, owner, tokens, turn and seat its war was called off
OFF_ST = _w.field(STCAP * STW)
OFF_TODO = _w.field(TODOCAP * 3)
OFF_DRAWS = _w.field(DRAWCAP)
SKW = OW + 1  # seat, then the play
OFF_STK = _w.field(STKCAP * SKW)
OFF_CAN = _w.field(STKCAP)
OFF_LOSE = _w.field(LOSECAP)
OFF_THN = _w.field(NP)
OFF_TH = _w.field(NP * THCAP)
OFF_OPT = _w.field(OPTCAP * OW)
OFF_CELL = _w.field(CELLCAP * 3)
OFF_TAKEN = _w.field(CELLCAP)
OFF_PAYO = _w.field(OW)
OFF_THM = _w.field(NP)  # each piece's threat squares as bits
OFF_POOL = _w.field(64 * NDOM)  # skill threatening each square, while one list of plays is made
OFF_PVALID = _w.field(64)
OFF_SEEN = _w.field(CARDCAP)  # per card: the count of _distinct that last met it
OFF_COPIES = _w.field(CARDCAP)  # per card: copies in the hand _distinct read
# Scratch rows the rules and the heuristic work in (kept in W: every array a compiled call
# takes costs two atomic reference counts).
OFF_S_NAMES = _w.field(HCAP)
OFF_S_CUR = _w.field(NDOM)
OFF_S_SKILL = _w.field(NDOM)  # the skill left of the seat whose options are listed, summed
OFF_S_NONE = _w.field(NDOM)
OFF_S_GIVEN = _w.field(NDOM)
OFF_S_XS = _w.field(8)
OFF_S_DANGER = _w.field(64)
OFF_S_MINE = _w.field(HALF)
# The pieces on the board with skill left of the seat whose options are listed, then how
# many: only they add to a pool, or can pay for a card played through them.
OFF_S_SKILLED = _w.field(HALF + 1)
OFF_S_SHARES = _w.field(SHARECAP * 5)
DIST_SIZE = 2 * (DICE_CAP + 2) * 2
CUM_SIZE = (DICE_CAP + 2) * (DICE_CAP + 2)
OFF_S_DIST = _w.field(DIST_SIZE)
OFF_S_CUM = _w.field(CUM_SIZE)
OFF_KEEP = _w.size  # a new game clears W up to here

# Phases and steps.
PH_FIRST, PH_DRAW, PH_ROLL, PH_STEP, PH_PAY, PH_RESPOND, PH_CHARGE, PH_LOSE, PH_OVER, PH_RUN = (
    range(10)
)
OPP1, MOVE, OPP2, REST = range(4)
# Agenda tasks.
(
    T_RESOLVE,
    T_END_STEP,
    T_NEXT_TURN,
    T_WAR,
    T_SNOW,
    T_GENERAL_LOSES,
    T_MELEE_END,
    T_ATTACK_RESULT,
    T_AFTER_ROLL,
    T_ROLL,
    T_BEFORE_ROLL,
    T_RANGED_END,
) = range(12)
# Decisions: a row of OW numbers, the kind first.
(O_END, O_MOVE, O_PLAY, O_ABILITY, O_PAY, O_PASS, O_REST, O_CHARGE, O_LOSE) = range(9)
X_NONE, X_PIECE, X_HAND, X_PAIR, X_STRATEGY, X_POLITICIAN = range(6)
STAGE_NONE, STAGE_PRE, STAGE_POST = range(3)
# Why a game ended (GameState.stats "end").
RS_NONE, RS_DRAW, RS_WAR, RS_DECK, RS_GENERAL = range(5)

# W[_ct(c) + ...]: a card.
_card = Layout()
(CT_TYPE, CT_KLASS, CT_GEN) = _card.fields(3)
CT_LET = _card.field(NDOM)
(
    CT_OFF,
    CT_DEF,
    CT_FLAGS,
    CT_DRAWKIND,
    CT_DRAWN,
    CT_RANGED,
    CT_DEFEND,
    CT_TRAIN,
    CT_TOKENS,
    CT_POLITICIAN,
    CT_NAB,
) = _card.fields(11)
CT_AB = _card.field(ABCAP)
(CT_RANK, CT_MAJOR, CT_THROUGH, CT_COST, CT_GRANTS) = _card.fields(5)
CT_W = _card.size
TY_LEADER, TY_MANEUVER, TY_TECHNIQUE, TY_BOON, TY_CURSE, TY_TRAINING, TY_STRATEGY = range(7)
KL_NONE, KL_HERO, KL_ELITE, KL_LEADER, KL_ARMY, KL_GENERAL = range(6)
DR_NONE, DR_COUNT, DR_EXTRA_LEADERS, DR_DOMAINS = range(4)
# Effect words as bits of CT_FLAGS; the first eight are traits.
FLAG_WORDS = (
    "cavalry",
    "stealth",
    "rest_after_capture",
    "must_move",
    "cannot_attack",
    "cannot_rest",
    "untargetable",
    "shielded",
    "enters_ready",
    "not_major",
    "spend_leader",
    "returns_to_hand",
    "ranged",
    "draw",
    "spend_threatened_leaders",
    "hope",
    "ready_leader",
    "remove_army",
    "defend",
    "ambush",
    "cancel",
    "train",
    "double_march",
    "snow",
    "unfavorable_war",
    "bows_and_knives",
    "surprise",
)
(
    F_CAVALRY,
    F_STEALTH,
    F_REST_AFTER,
    F_MUST_MOVE,
    F_CANNOT_ATTACK,
    F_CANNOT_REST,
    F_UNTARGETABLE,
    F_SHIELDED,
    F_ENTERS_READY,
    F_NOT_MAJOR,
    F_SPEND_LEADER,
    F_RETURNS,
    F_RANGED,
    F_DRAW,
    F_SPEND_THREATENED,
    F_HOPE,
    F_READY_LEADER,
    F_REMOVE_ARMY,
    F_DEFEND,
    F_AMBUSH,
    F_CANCEL,
    F_TRAIN,
    F_DOUBLE_MARCH,
    F_SNOW,
    F_WAR,
    F_BOWS,
    F_SURPRISE,
) = (1 << i for i in range(27))
TRAIT_MASK = (1 << 8) - 1

# W[_ct(a) + ...]: an ability.
_ability = Layout()
(AT_CARD, AT_KIND, AT_GEN) = _ability.fields(3)
AT_LET = _ability.field(NDOM)
(AT_EXTRA, AT_EFFECT, AT_AMOUNT, AT_MAJOR) = _ability.fields(4)
AT_W = _ability.size
AK_ACTIVATED, AK_MAJOR, AK_ENEMY_MAJOR, AK_GLOBAL_MAJOR, AK_GLOBAL, AK_GRANTED_MAJOR = range(6)
AX_NONE, AX_SACRIFICE, AX_DISCARD_2, AX_POLITICIAN = range(4)
AE_OFFENSE, AE_STOP_MOVE, AE_DESTROY_CURSE, AE_SKIP_WAR, AE_RANGED = range(5)

# W[OFF_R + ...]: rule variants, setup and the batch.
_rules = Layout()
(
    R_POWER_DICE,
    R_TRAINING_UNLIMITED,
    R_INSTANT,
    R_CLOAK_ARMY,
    R_DECKOUT_LOSE,
    R_GENERAL_BOONS,
    R_SACRIFICE_HAND,
    R_DRAW_AFTER,
    R_OPENING,
    R_FIRST,
    R_MAX_DECISIONS,
    R_TRACE,
) = _rules.fields(12)
R_GENERALS = _rules.field(2 * NDOM)  # each seat's General: its skill in each domain
R_WIDTH = _rules.size
# The batch's numbers in W, set once (after OFF_KEEP): rule variants and setup (R), and
# binomial weights.
OFF_R = _w.field(R_WIDTH)
BW = DICE_CAP + 1
OFF_BIN = _w.field(BW * BW)
OFF_CT = _w.size  # the card and ability table, CT_W numbers a row
W_SIZE = OFF_CT  # and the table's rows

BOT_RANDOM, BOT_HEURISTIC = 0, 1
OK, UNSUPPORTED = 0, 1
FINISHED, TIMEOUT = 0, 1
_result = Layout()
(
    O_STATUS,
    O_OUTCOME,
    O_WINNER,
    O_LENGTH,
    O_FIRST,
    O_TURNS,
    O_REASON,
    O_CAP0,
    O_CAP1,
    O_CARDS0,
    O_CARDS1,
    O_GL0,
    O_GL1,
    O_ATTACKS,
    O_WON,
    O_DISRUPTED,
    O_LEAD_CHANGES,
) = _result.fields(17)
O_WIDTH = _result.size

# Chess geometry: direction lists as grid.py orders them.
KING_D = np.array([[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]], np.int64)
ROOK_D = np.array([[1, 0], [-1, 0], [0, 1], [0, -1]], np.int64)
BISHOP_D = np.array([[1, 1], [1, -1], [-1, 1], [-1, -1]], np.int64)
KNIGHT_D = np.array(
    [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]], np.int64
)
BACK_ROW = (ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK)
VALUE = np.array([1.0, 3.0, 3.0, 5.0, 9.0, 0.0])
PROMOS = np.array([QUEEN, ROOK, BISHOP, KNIGHT], np.int64)
GENERAL_POINT = 4.0


# -- small pieces ------------------------------------------------------------------------------
# The small pieces are inlined by numba where they are called; the larger functions from the
# options on are not. numba types an inlined body again at every call site: inlining those too
# made the kernel's first compile some two thirds longer (122 s against 73 s); the two runs
# kept in benchmarks/RESULTS.md's history measured these calls 6% and 29% slower per game. A
# designer waits for the compile once per install; a 2,000-game sweep takes a second either
# way (benchmarks/compile.py --against a checkout that inlines them).
@no_counts(inline="always")
def _ct(row):
    """Where a row of the card and ability table starts in W."""
    return OFF_CT + row * CT_W


@no_counts(inline="always")
def _pc(pid):
    return OFF_PC + pid * PW


@no_counts(inline="always")
def _owner(pid):
    """The seat of piece `pid` (see _pieces), without reading the piece."""
    return pid // HALF


@no_counts(inline="always")
def _pieces(seat):
    """The pieces of `seat`, in the order of all pieces: _setup numbers the first seat's
    0-15 and the second's 16-31, and a piece never changes hands."""
    return range(seat * HALF, seat * HALF + HALF)


@no_counts(inline="always")
def _offset(sq, dx, dy):
    # A square is never negative here, so its file and rank are plain bit operations (% and
    # // would also work out Python's rounding for negative numbers).
    x = (sq & 7) + dx
    y = (sq >> 3) + dy
    if 0 <= x < 8 and 0 <= y < 8:
        return y * 8 + x
    return -1


@no_counts(inline="always")
def _forward(seat):
    return 1 if seat == 0 else -1


@no_counts(inline="always")
def _last_row(seat):
    return 7 if seat == 0 else 0


@no_counts(inline="always")
def _controls(W, seat, flag):
    for i in range(W[G_NST]):
        b = OFF_ST + i * STW
        if W[b + 1] == seat and W[_ct(W[b]) + CT_FLAGS] & flag:
            return True
    return False


@no_counts(inline="always")
def _weather(W):
    for i in range(W[G_NST]):
        if W[_ct(W[OFF_ST + i * STW]) + CT_FLAGS] & F_SNOW:
            return True
    return False


@no_counts(inline="always")
def _traits(W, pid):
    b = _pc(pid)
    out = 0
    for i in range(W[b + PK_NG]):
        out |= W[_ct(W[b + PK_GR + i]) + CT_FLAGS]
    if W[b + PK_LEADER] >= 0:
        out |= W[_ct(W[b + PK_LEADER]) + CT_FLAGS]
    for i in range(W[b + PK_NC]):
        out |= W[_ct(W[b + PK_CARDS + 3 * i]) + CT_FLAGS]
    return out & TRAIT_MASK


@no_counts(inline="always")
def _offense(W, pid):
    b = _pc(pid)
    total = W[b + PK_TEMP] + W[b + PK_HOPE]
    if W[b + PK_LEADER] >= 0:
        total += W[_ct(W[b + PK_LEADER]) + CT_OFF]
    for i in range(W[b + PK_NC]):
        total += W[_ct(W[b + PK_CARDS + 3 * i]) + CT_OFF]
    return total


@no_counts(inline="always")
def _defense(W, pid):
    b = _pc(pid)
    total = W[b + PK_HOPE]
    if W[b + PK_LEADER] >= 0:
        total += W[_ct(W[b + PK_LEADER]) + CT_DEF]
    for i in range(W[b + PK_NC]):
        total += W[_ct(W[b + PK_CARDS + 3 * i]) + CT_DEF]
    if total > 1 and _controls(W, W[b + PK_OWNER], F_BOWS):
        total = 1
    return total


@no_counts(inline="always")
def _can_attack(W, pid):
    b = _pc(pid)
    if W[b + PK_STOPPED] or (W[b + PK_LEADER] >= 0 and not W[b + PK_READY]):
        return False
    return not (_traits(W, pid) & F_CANNOT_ATTACK)


@no_counts
def _clear_threats(W):
    for i in range(NP):
        W[OFF_THN + i] = -1


@no_counts(inline="always")
def _ray_threats(W, out, n, sq, dirs, reach, slide):
    """Squares along `dirs` from `sq` into W[out + n...]; returns the new count."""
    for k in range(dirs.shape[0]):
        to = sq
        i = 0
        while True:
            to = _offset(to, dirs[k, 0], dirs[k, 1])
            if to < 0:
                break
            if reach > 0 and i >= reach:
                break
            W[out + n] = to
            n += 1
            if not slide or W[OFF_BOARD + to] >= 0:
                break
            i += 1
    return n


@no_counts(inline="always")
def _threats(W, pid):
    """card_threats: (start, length) in W of the piece's own square and what it threatens,
    worked out again only after the board or the strategies changed."""
    n = W[OFF_THN + pid]
    if n >= 0:
        return OFF_TH + pid * THCAP, n
    return _work_out_threats(W, pid)


@no_counts
def _work_out_threats(W, pid):
    start = OFF_TH + pid * THCAP
    b = _pc(pid)
    sq, kind, owner = W[b + PK_SQ], W[b + PK_KIND], W[b + PK_OWNER]
    if kind == KING:
        kind = QUEEN
    reach = 1 if kind != KNIGHT and _controls(W, 1 - owner, F_SNOW) else 0
    W[start] = sq
    n = 1
    if kind == PAWN:
        f = _forward(owner)
        for dx in (-1, 1):
            to = _offset(sq, dx, f)
            if to >= 0:
                W[start + n] = to
                n += 1
    elif kind == KNIGHT:
        n = _ray_threats(W, start, n, sq, KNIGHT_D, reach, False)
    elif kind == BISHOP:
        n = _ray_threats(W, start, n, sq, BISHOP_D, reach, True)
    elif kind == ROOK:
        n = _ray_threats(W, start, n, sq, ROOK_D, reach, True)
    else:
        n = _ray_threats(W, start, n, sq, KING_D, reach, True)
    W[OFF_THN + pid] = n
    mask = 0
    for i in range(n):
        mask |= 1 << W[start + i]
    W[OFF_THM + pid] = mask
    return start, n


@no_counts(inline="always")
def _threatens(W, pid, sq):
    if W[OFF_THN + pid] < 0:
        _work_out_threats(W, pid)
    return (W[OFF_THM + pid] >> sq) & 1 == 1


@no_counts
def _threatening(W, sq, seat, exclude):
    count = 0
    for pid in _pieces(seat):
        b = _pc(pid)
        if W[b + PK_SQ] >= 0 and pid != exclude and _threatens(W, pid, sq):
            count += 1
    return count


@no_counts(inline="always")
def _sources_changed(W, pid):
    """Sets or clears the piece's bit in G_ABLE after its Leader, cards or grants, or its
    life, changed."""
    b = _pc(pid)
    if W[b + PK_SQ] >= 0 and (W[b + PK_LEADER] >= 0 or W[b + PK_NC] or W[b + PK_NG]):
        W[G_ABLE] |= 1 << pid
    else:
        W[G_ABLE] &= ~(1 << pid)


@no_counts(inline="always")
def _any_cur(W, pid):
    b = _pc(pid)
    for d in range(5):
        if W[b + PK_CUR + d]:
            return True
    return False


@no_counts
def _distinct(W, seat):
    """dict.fromkeys(hand): each card of the hand once, where it first appears, into the
    OFF_S_NAMES row; their copies in the hand go to the OFF_COPIES row. Returns how many."""
    W[G_STAMP] += 1
    stamp = W[G_STAMP]
    h = OFF_HAND + seat * HCAP
    n = 0
    for i in range(W[G_HN0 + seat]):
        c = W[h + i]
        if W[OFF_SEEN + c] != stamp:
            W[OFF_SEEN + c] = stamp
            W[OFF_COPIES + c] = 1
            W[OFF_S_NAMES + n] = c
            n += 1
        else:
            W[OFF_COPIES + c] += 1
    return n


@no_counts
def _hand_remove(W, seat, card):
    h = OFF_HAND + seat * HCAP
    n = W[G_HN0 + seat]
    for i in range(n):
        if W[h + i] == card:
            for j in range(i, n - 1):
                W[h + j] = W[h + j + 1]
            W[G_HN0 + seat] = n - 1
            W[G_VALUES] += 1
            return


@no_counts
def _hand_add(W, seat, card):
    n = W[G_HN0 + seat]
    if n >= HCAP:
        W[G_STATUS] = UNSUPPORTED
        return
    W[OFF_HAND + seat * HCAP + n] = card
    W[G_HN0 + seat] = n + 1
    W[G_VALUES] += 1


@no_counts
def _discard(W, owner, card, from_play):
    """A-28: only Unyielding Offense's way back to hand matters to the rest of the game."""
    if from_play and W[_ct(card) + CT_FLAGS] & F_RETURNS:
        _hand_add(W, owner, card)


@no_counts
def _todo(W, task, a, b):
    n = W[G_NTODO]
    if n >= TODOCAP:
        W[G_STATUS] = UNSUPPORTED
        return
    t = OFF_TODO + 3 * n
    W[t] = task
    W[t + 1] = a
    W[t + 2] = b
    W[G_NTODO] = n + 1


@no_counts
def _finish(W, winner, reason):
    W[G_WINNER] = winner
    W[G_REASON] = reason
    W[G_PHASE] = PH_OVER
    W[G_VALUES] += 1
    W[G_NTODO] = 0
    W[G_NDRAWS] = 0


@no_counts
def _st_remove(W, i):
    n = W[G_NST]
    for j in range(i, n - 1):
        for k in range(STW):
            W[OFF_ST + j * STW + k] = W[OFF_ST + (j + 1) * STW + k]
    W[G_NST] = n - 1
    W[G_VALUES] += 1


@no_counts
def _queue_draw(W, seat):
    """A draw, unless the opponent's Caught Off Guard takes a Surprise token (A-33)."""
    for i in range(W[G_NST]):
        b = OFF_ST + i * STW
        if W[b + 1] != seat and W[_ct(W[b]) + CT_FLAGS] & F_SURPRISE and W[b + 2] > 0:
            W[b + 2] -= 1
            if W[b + 2] == 0:
                card, owner = W[b], W[b + 1]
                _st_remove(W, i)
                _discard(W, owner, card, True)
            return
    n = W[G_NDRAWS]
    if n >= DRAWCAP:
        W[G_STATUS] = UNSUPPORTED
        return
    W[OFF_DRAWS + n] = seat
    W[G_NDRAWS] = n + 1


@no_counts
def _move_to(W, pid, to):
    b = _pc(pid)
    W[OFF_BOARD + W[b + PK_SQ]] = -1
    W[OFF_BOARD + to] = pid
    W[b + PK_SQ] = to
    W[b + PK_MOVED] = 1
    _clear_threats(W)


@no_counts
def _destroy(W, pid, removed):
    b = _pc(pid)
    W[OFF_BOARD + W[b + PK_SQ]] = -1
    W[b + PK_SQ] = -1
    _clear_threats(W)
    if not removed:
        if W[b + PK_LEADER] >= 0:
            _discard(W, W[b + PK_OWNER], W[b + PK_LEADER], True)
        for i in range(W[b + PK_NC]):
            _discard(W, W[b + PK_CARDS + 3 * i + 1], W[b + PK_CARDS + 3 * i], True)
    W[b + PK_LEADER] = -1
    W[b + PK_NC] = 0
    _sources_changed(W, pid)
    W[G_VALUES] += 1
    W[b + PK_READY] = 0
    W[b + PK_HOPE] = 0


@no_counts
def _rest(W, pid):
    b = _pc(pid)
    for d in range(5):
        W[b + PK_CUR + d] = W[b + PK_MAX + d]
    if W[b + PK_LEADER] >= 0:
        W[b + PK_READY] = 1


@no_counts(inline="always")
def _shielded(W, pid, major):
    return major and W[_pc(pid) + PK_KIND] != KING and (_traits(W, pid) & F_SHIELDED) != 0


@no_counts(inline="always")
def _cloaked(W, pid, on_leader):
    if pid < 0:
        return False
    leader = W[_pc(pid) + PK_LEADER]
    if leader < 0 or not (W[_ct(leader) + CT_FLAGS] & F_UNTARGETABLE):
        return False
    return on_leader or W[OFF_R + R_CLOAK_ARMY] == 1


@no_counts(inline="always")
def _payable(W, generic, let, pool, primary):
    """pay.payable, with the letters, the pool and the primary piece's skill as offsets of
    rows of five in W (slices would cost reference counts); `primary` is None when its first
    number is negative."""
    total = generic
    s = 0
    for d in range(5):
        if W[pool + d] < W[let + d]:
            return False
        total += W[let + d]
        s += W[pool + d]
    if s < total:
        return False
    if W[primary] < 0 or total == 0:
        return True
    for d in range(5):
        if W[primary + d] and (W[let + d] or generic):
            return True
    return False


# -- options -----------------------------------------------------------------------------------
@no_counts
def _opt(W, kind, a, b, c, d, e, f, g):
    n = W[G_NOPT]
    if n >= OPTCAP:
        W[G_STATUS] = UNSUPPORTED
        return
    o = OFF_OPT + n * OW
    W[o] = kind
    W[o + 1] = a
    W[o + 2] = b
    W[o + 3] = c
    W[o + 4] = d
    W[o + 5] = e
    W[o + 6] = f
    W[o + 7] = g
    W[G_NOPT] = n + 1


@no_counts
def _may_play(W, card, window):
    if window:
        return W[_ct(card) + CT_TYPE] == TY_TECHNIQUE
    if W[_ct(card) + CT_MAJOR] and W[G_MAJOR]:
        return False
    if W[_ct(card) + CT_TYPE] == TY_TRAINING:
        return W[OFF_R + R_TRAINING_UNLIMITED] == 1 or W[G_TRAININGS] < 1
    return True


@no_counts
def _pool_at(W, sq, pool):
    """The skill threatening `sq` of the seat whose options are listed, into the row of five
    at W[pool]."""
    for d in range(5):
        W[pool + d] = 0
    for j in range(W[OFF_S_SKILLED + HALF]):
        pid = W[OFF_S_SKILLED + j]
        if _threatens(W, pid, sq):
            b = _pc(pid)
            for d in range(5):
                W[pool + d] += W[b + PK_CUR + d]


@no_counts
def _forget_pools(W, seat):
    """Before a list of options for `seat` is made: the pools _pool kept are of an earlier
    state, and so are the list of the pieces that can add to them and their skill summed."""
    for sq in range(64):
        W[OFF_PVALID + sq] = 0
    for d in range(5):
        W[OFF_S_SKILL + d] = 0
    n = 0
    for pid in _pieces(seat):
        b = _pc(pid)
        if W[b + PK_SQ] >= 0 and _any_cur(W, pid):
            W[OFF_S_SKILLED + n] = pid
            n += 1
            for d in range(5):
                W[OFF_S_SKILL + d] += W[b + PK_CUR + d]
    W[OFF_S_SKILLED + HALF] = n


@no_counts
def _pool(W, seat, sq):
    """Where the skill of `seat` threatening `sq` is, worked out once per list of options
    (the cards' and the abilities' alike)."""
    if not W[OFF_PVALID + sq]:
        _pool_at(W, sq, OFF_POOL + 5 * sq)
        W[OFF_PVALID + sq] = 1
    return OFF_POOL + 5 * sq


@no_counts
def _play_target(W, seat, card, pid, tsq, tpid, extra):
    """One target of a card played through `pid`: an option if the pool there can pay."""
    if _payable(
        W, W[_ct(card) + CT_GEN], _ct(card) + CT_LET, _pool(W, seat, tsq), _pc(pid) + PK_CUR
    ):
        _opt(W, O_PLAY, card, pid, tsq, tpid, extra, 0, 0)


@no_counts
def _play_options(W, seat, window):
    if W[G_HN0 + seat] == 0:
        return
    nd = _distinct(W, seat)
    names = OFF_S_NAMES
    nn = 0
    for i in range(nd):
        if _may_play(W, W[names + i], window):
            W[names + nn] = W[names + i]
            nn += 1
    if nn == 0:
        return
    # The seat's pieces on the board, listed once for all cards rather than looked for among
    # all pieces for each card.
    mine = OFF_S_MINE
    nm = 0
    for pid in _pieces(seat):
        if W[_pc(pid) + PK_SQ] >= 0:
            W[mine + nm] = pid
            nm += 1
    for k in range(nn):
        card = W[names + k]
        ty = W[_ct(card) + CT_TYPE]
        if not _payable(W, W[_ct(card) + CT_GEN], _ct(card) + CT_LET, OFF_S_SKILL, OFF_S_NONE):
            continue
        if not W[_ct(card) + CT_THROUGH]:
            if ty == TY_STRATEGY:
                _opt(W, O_PLAY, card, -1, -1, -1, -1, 0, 0)
                continue
            kl = W[_ct(card) + CT_KLASS]
            for j in range(nm):
                q = W[mine + j]
                bq = _pc(q)
                if (kl == KL_ARMY and W[bq + PK_KIND] == KING) or (
                    kl == KL_GENERAL and W[bq + PK_KIND] != KING
                ):
                    continue
                _opt(W, O_PLAY, card, -1, W[bq + PK_SQ], q, -1, 0, 0)
            continue
        flags = W[_ct(card) + CT_FLAGS]
        major = W[_ct(card) + CT_MAJOR] == 1
        # A costly card is played through a piece with skill left (_forget_pools listed them,
        # in the same order).
        through, count = mine, nm
        if W[_ct(card) + CT_COST] > 0:
            through, count = OFF_S_SKILLED, W[OFF_S_SKILLED + HALF]
        for j in range(count):
            pid = W[through + j]
            b = _pc(pid)
            start, n = _threats(W, pid)
            if ty == TY_LEADER:
                for i in range(n):
                    sq = W[start + i]
                    occ = W[OFF_BOARD + sq]
                    if occ < 0:
                        continue
                    bq = _pc(occ)
                    if (
                        W[bq + PK_OWNER] == seat
                        and W[bq + PK_KIND] != KING
                        and W[bq + PK_LEADER] < 0
                        and not _shielded(W, occ, major)
                    ):
                        _play_target(W, seat, card, pid, sq, occ, -1)
                        start, n = _threats(W, pid)
                continue
            if ty == TY_BOON or ty == TY_CURSE:
                on_leader = W[_ct(card) + CT_KLASS] == KL_LEADER
                friendly = ty == TY_BOON
                for i in range(n):
                    sq = W[start + i]
                    occ = W[OFF_BOARD + sq]
                    if occ < 0:
                        continue
                    bq = _pc(occ)
                    if (W[bq + PK_OWNER] == seat) != friendly or _shielded(W, occ, True):
                        continue
                    if W[bq + PK_KIND] == KING and (on_leader or W[OFF_R + R_GENERAL_BOONS] == 0):
                        continue
                    if on_leader and W[bq + PK_LEADER] < 0:
                        continue
                    _play_target(W, seat, card, pid, sq, occ, -1)
                    start, n = _threats(W, pid)
                continue
            # Maneuvers and Techniques.
            if W[_ct(card) + CT_KLASS] == KL_LEADER:
                if W[b + PK_LEADER] < 0:
                    continue
                if flags & F_SPEND_LEADER and not W[b + PK_READY]:
                    continue
                if flags & F_READY_LEADER and W[b + PK_READY]:
                    continue
            if flags & F_RANGED:
                if not _can_attack(W, pid):
                    continue
                for i in range(1, n):
                    sq = W[start + i]
                    occ = W[OFF_BOARD + sq]
                    if occ >= 0 and _owner(occ) != seat and not _shielded(W, occ, major):
                        _play_target(W, seat, card, pid, sq, occ, -1)
                        start, n = _threats(W, pid)
            elif flags & F_REMOVE_ARMY:
                for i in range(n):
                    sq = W[start + i]
                    occ = W[OFF_BOARD + sq]
                    if occ >= 0 and _owner(occ) != seat and W[_pc(occ) + PK_KIND] != KING:
                        _play_target(W, seat, card, pid, sq, occ, -1)
                        start, n = _threats(W, pid)
            elif flags & F_DEFEND:
                if W[G_C_ON] and W[G_C_STAGE] != STAGE_NONE:
                    q = W[G_C_DEF]
                    bq = _pc(q)
                    if (
                        W[bq + PK_SQ] >= 0
                        and W[bq + PK_KIND] != KING
                        and _threatens(W, pid, W[bq + PK_SQ])
                    ):
                        _play_target(W, seat, card, pid, W[bq + PK_SQ], q, -1)
            elif flags & F_AMBUSH:
                if W[G_C_ON] and W[G_C_STAGE] == STAGE_PRE:
                    q = W[G_C_ATT]
                    bq = _pc(q)
                    if (
                        W[bq + PK_SQ] >= 0
                        and W[bq + PK_OWNER] != seat
                        and W[bq + PK_KIND] != KING
                        and _threatens(W, pid, W[bq + PK_SQ])
                        and not (_traits(W, pid) & F_CANNOT_ATTACK)
                    ):
                        _play_target(W, seat, card, pid, W[bq + PK_SQ], q, -1)
            elif flags & F_CANCEL:
                for i in range(W[G_NSTK]):
                    s = OFF_STK + i * SKW
                    target = W[s + 2]
                    tt = W[_ct(target) + CT_TYPE]
                    if (
                        W[s + 1] == O_PLAY
                        and (
                            tt == TY_MANEUVER
                            or tt == TY_TECHNIQUE
                            or tt == TY_BOON
                            or tt == TY_CURSE
                        )
                        and not (W[_ct(target) + CT_FLAGS] & F_CANCEL)
                        and not W[OFF_CAN + i]
                        and _threatens(W, pid, W[s + 4])
                    ):
                        _play_target(W, seat, card, pid, W[s + 4], -1, i)
            else:
                _play_target(W, seat, card, pid, W[b + PK_SQ], pid, -1)


@no_counts
def _activated(W, seat, a, pid):
    b = _pc(pid)
    if not _payable(
        W, W[_ct(a) + AT_GEN], _ct(a) + AT_LET, _pool(W, seat, W[b + PK_SQ]), b + PK_CUR
    ):
        return
    sq = W[b + PK_SQ]
    if W[_ct(a) + AT_EXTRA] == AX_SACRIFICE:
        for q in _pieces(seat):
            bq = _pc(q)
            if W[bq + PK_SQ] >= 0 and W[bq + PK_LEADER] >= 0:
                _opt(W, O_ABILITY, a, pid, sq, pid, X_PIECE, q, 0)
        if W[OFF_R + R_SACRIFICE_HAND] == 1:
            h = OFF_HAND + seat * HCAP
            W[G_STAMP] += 1
            stamp = W[G_STAMP]
            for i in range(W[G_HN0 + seat]):
                c = W[h + i]
                if W[OFF_SEEN + c] != stamp:
                    W[OFF_SEEN + c] = stamp
                    if W[_ct(c) + CT_TYPE] == TY_LEADER:
                        _opt(W, O_ABILITY, a, pid, sq, pid, X_HAND, c, 0)
        return
    _opt(W, O_ABILITY, a, pid, sq, pid, X_NONE, -1, 0)


@no_counts
def _ability_from(W, seat, window, a, pid, controller):
    kind = W[_ct(a) + AT_KIND]
    b = _pc(pid)
    if kind == AK_ACTIVATED:
        if controller == seat:
            _activated(W, seat, a, pid)
        return
    if window or (W[_ct(a) + AT_MAJOR] and W[G_MAJOR]):
        return
    if kind == AK_MAJOR or kind == AK_GRANTED_MAJOR:
        if controller == seat and W[_ct(a) + AT_EFFECT] == AE_RANGED and _can_attack(W, pid):
            start, n = _threats(W, pid)
            for i in range(1, n):
                sq = W[start + i]
                occ = W[OFF_BOARD + sq]
                if occ >= 0 and _owner(occ) != seat and not _shielded(W, occ, True):
                    _opt(W, O_ABILITY, a, pid, sq, occ, X_NONE, -1, 0)
                    start, n = _threats(W, pid)
    elif kind == AK_ENEMY_MAJOR and controller != seat and not _shielded(W, pid, True):
        if W[_ct(a) + AT_EFFECT] == AE_STOP_MOVE and W[b + PK_STOPPED]:
            return
        if W[_ct(a) + AT_EXTRA] == AX_DISCARD_2:
            # _pairs: distinct names in name order, a pair of one name needs two copies.
            names = OFF_S_NAMES
            n = _distinct(W, seat)
            for i in range(1, n):
                c = W[names + i]
                j = i
                while j > 0 and W[_ct(W[names + j - 1]) + CT_RANK] > W[_ct(c) + CT_RANK]:
                    W[names + j] = W[names + j - 1]
                    j -= 1
                W[names + j] = c
            for i in range(n):
                x = W[names + i]
                if W[OFF_COPIES + x] >= 2:
                    _opt(W, O_ABILITY, a, pid, W[b + PK_SQ], pid, X_PAIR, x, x)
                for j in range(i + 1, n):
                    _opt(W, O_ABILITY, a, pid, W[b + PK_SQ], pid, X_PAIR, x, W[names + j])
        else:
            _opt(W, O_ABILITY, a, pid, W[b + PK_SQ], pid, X_NONE, -1, 0)


@no_counts
def _again(W, row, width, i, card, controller, seat):
    """Whether a card before the i-th of a piece's row (entries `width` apart, the card
    first and, for Boons and Curses, its controller next) is `card` on the same side of
    `seat`. Its abilities then give the options they gave already: what an ability offers
    depends on the card, the piece and only whether its controller is `seat`."""
    for j in range(i):
        if W[row + width * j] == card and (
            controller < 0 or (W[row + width * j + 1] == seat) == (controller == seat)
        ):
            return True
    return False


@no_counts
def _ability_options(W, seat, window):
    """The abilities' options, each once as the rules list them: every option names its piece
    (or its strategy's row), and on one piece a second copy of a card is passed over."""
    if window:
        instant = W[OFF_R + R_INSTANT] == 1
        if not instant and not (
            W[G_C_ON] and W[G_C_STAGE] == STAGE_PRE and W[_pc(W[G_C_ATT]) + PK_OWNER] == seat
        ):
            return
    able = W[G_ABLE]
    for pid in range(NP):
        if not (able >> pid) & 1:
            continue
        b = _pc(pid)
        leader = W[b + PK_LEADER]
        if leader >= 0:
            for k in range(W[_ct(leader) + CT_NAB]):
                _ability_from(W, seat, window, W[_ct(leader) + CT_AB + k], pid, W[b + PK_OWNER])
        for i in range(W[b + PK_NC]):
            c = W[b + PK_CARDS + 3 * i]
            controller = W[b + PK_CARDS + 3 * i + 1]
            if _again(W, b + PK_CARDS, 3, i, c, controller, seat):
                continue
            for k in range(W[_ct(c) + CT_NAB]):
                _ability_from(W, seat, window, W[_ct(c) + CT_AB + k], pid, controller)
        for i in range(W[b + PK_NG]):
            c = W[b + PK_GR + i]
            if _again(W, b + PK_GR, 1, i, c, -1, seat):
                continue
            for k in range(W[_ct(c) + CT_NAB]):
                a = W[_ct(c) + CT_AB + k]
                if W[_ct(a) + AT_KIND] == AK_GRANTED_MAJOR:
                    _ability_from(W, seat, window, a, pid, W[b + PK_OWNER])
    if not window:
        for i in range(W[G_NST]):
            s = OFF_ST + i * STW
            card = W[s]
            for k in range(W[_ct(card) + CT_NAB]):
                a = W[_ct(card) + CT_AB + k]
                if W[s + 3] == W[G_TURN] and W[s + 4] == seat:
                    continue
                if W[_ct(a) + AT_KIND] == AK_GLOBAL_MAJOR and not W[G_MAJOR]:
                    W[OFF_S_CUR] = -1
                    if _payable(W, W[_ct(a) + AT_GEN], _ct(a) + AT_LET, OFF_S_SKILL, OFF_S_CUR):
                        _opt(W, O_ABILITY, a, -1, -1, -1, X_STRATEGY, i, 0)
                elif W[_ct(a) + AT_KIND] == AK_GLOBAL and W[_ct(a) + AT_EXTRA] == AX_POLITICIAN:
                    for q in _pieces(seat):
                        bq = _pc(q)
                        if (
                            W[bq + PK_SQ] >= 0
                            and W[bq + PK_LEADER] >= 0
                            and W[bq + PK_READY]
                            and W[_ct(W[bq + PK_LEADER]) + CT_POLITICIAN]
                        ):
                            _opt(W, O_ABILITY, a, q, -1, -1, X_POLITICIAN, i, q)


@no_counts
def _response_options(W, seat):
    h = OFF_HAND + seat * HCAP
    has = False
    for i in range(W[G_HN0 + seat]):
        if W[_ct(W[h + i]) + CT_TYPE] == TY_TECHNIQUE:
            has = True
            break
    _forget_pools(W, seat)
    if has:
        _play_options(W, seat, True)
    _ability_options(W, seat, True)


@no_counts
def _promoting(W, pid, to, seat):
    if to // 8 == _last_row(seat):
        for k in range(4):
            _opt(W, O_MOVE, pid, to, PROMOS[k], 0, 0, 0, 0)
    else:
        _opt(W, O_MOVE, pid, to, -1, 0, 0, 0, 0)


@no_counts
def _live_ep(W):
    pid = W[G_EP_PID]
    if pid < 0 or W[G_EP_TURN] != W[G_TURN] - 1 or W[_pc(pid) + PK_SQ] < 0:
        return False
    return True


@no_counts
def _move_options(W, seat):
    weather = _weather(W)
    march = _controls(W, seat, F_DOUBLE_MARCH)
    ep = _live_ep(W) and not _controls(W, 1 - seat, F_DOUBLE_MARCH)
    for pid in _pieces(seat):
        b = _pc(pid)
        if W[b + PK_SQ] < 0 or W[b + PK_STOPPED]:
            continue
        sq, kind = W[b + PK_SQ], W[b + PK_KIND]
        traits = _traits(W, pid)
        attacks = not (
            W[b + PK_STOPPED]
            or (W[b + PK_LEADER] >= 0 and not W[b + PK_READY])
            or traits & F_CANNOT_ATTACK
        )
        if kind == PAWN:
            f = _forward(seat)
            double = not weather and (not W[b + PK_MOVED] or march)
            one = _offset(sq, 0, f)
            if one >= 0 and W[OFF_BOARD + one] < 0:
                _promoting(W, pid, one, seat)
                if double:
                    two = _offset(one, 0, f)
                    if two >= 0 and W[OFF_BOARD + two] < 0:
                        _promoting(W, pid, two, seat)
            if attacks:
                for dx in (-1, 1):
                    to = _offset(sq, dx, f)
                    if to < 0:
                        continue
                    occ = W[OFF_BOARD + to]
                    if (occ >= 0 and _owner(occ) != seat) or (ep and to == W[G_EP_SQ]):
                        _promoting(W, pid, to, seat)
        elif kind == KNIGHT or kind == KING:
            dirs = KNIGHT_D if kind == KNIGHT else KING_D
            for k in range(8):
                to = _offset(sq, dirs[k, 0], dirs[k, 1])
                if to < 0:
                    continue
                occ = W[OFF_BOARD + to]
                if occ < 0 or (attacks and _owner(occ) != seat):
                    _opt(W, O_MOVE, pid, to, -1, 0, 0, 0, 0)
            if kind == KING and not W[b + PK_MOVED] and not weather:
                row = sq // 8
                for side in range(2):
                    rook_x = 7 if side == 0 else 0
                    rook = W[OFF_BOARD + row * 8 + rook_x]
                    if rook < 0:
                        continue
                    br = _pc(rook)
                    if W[br + PK_OWNER] != seat or W[br + PK_KIND] != ROOK or W[br + PK_MOVED]:
                        continue
                    if side == 0:
                        clear = W[OFF_BOARD + row * 8 + 5] < 0 and W[OFF_BOARD + row * 8 + 6] < 0
                        if clear:
                            _opt(W, O_MOVE, pid, row * 8 + 6, -1, 0, 0, 0, 0)
                    else:
                        clear = (
                            W[OFF_BOARD + row * 8 + 1] < 0
                            and W[OFF_BOARD + row * 8 + 2] < 0
                            and W[OFF_BOARD + row * 8 + 3] < 0
                        )
                        if clear:
                            _opt(W, O_MOVE, pid, row * 8 + 2, -1, 0, 0, 0, 0)
        else:
            stealth = (traits & F_STEALTH) != 0
            dirs = BISHOP_D if kind == BISHOP else ROOK_D if kind == ROOK else KING_D
            for k in range(dirs.shape[0]):
                jumped = False
                to = sq
                i = 0
                while True:
                    to = _offset(to, dirs[k, 0], dirs[k, 1])
                    if to < 0:
                        break
                    if weather and i >= 1:
                        break
                    i += 1
                    occ = W[OFF_BOARD + to]
                    if occ < 0:
                        _opt(W, O_MOVE, pid, to, -1, 0, 0, 0, 0)
                        continue
                    if not jumped and attacks and _owner(occ) != seat:
                        _opt(W, O_MOVE, pid, to, -1, 0, 0, 0, 0)
                    if not stealth:
                        break
                    jumped = True


@no_counts
def _step_options(W):
    W[G_NOPT] = 0
    seat, step = W[G_ACTIVE], W[G_STEP]
    if step == MOVE:
        _move_options(W, seat)
        # Unholy Bloodthirst: the cursed armies must move or attack if they can.
        n = W[G_NOPT]
        keep = 0
        any_cursed = False
        for pid in _pieces(seat):
            b = _pc(pid)
            if W[b + PK_SQ] >= 0 and W[b + PK_NC] and (_traits(W, pid) & F_MUST_MOVE):
                any_cursed = True
        if any_cursed:
            for i in range(n):
                pid = W[OFF_OPT + i * OW + 1]
                b = _pc(pid)
                if W[b + PK_NC] and (_traits(W, pid) & F_MUST_MOVE):
                    if keep != i:
                        for k in range(OW):
                            W[OFF_OPT + keep * OW + k] = W[OFF_OPT + i * OW + k]
                    keep += 1
            if keep > 0:
                W[G_NOPT] = keep
                return
            W[G_NOPT] = n  # rows past `keep` were only read, never moved over
        _opt(W, O_END, 0, 0, 0, 0, 0, 0, 0)
        return
    if step == REST:
        for pid in _pieces(seat):
            b = _pc(pid)
            if W[b + PK_SQ] < 0:
                continue
            differ = False
            for d in range(5):
                if W[b + PK_CUR + d] != W[b + PK_MAX + d]:
                    differ = True
            if (differ or (W[b + PK_LEADER] >= 0 and not W[b + PK_READY])) and not (
                _traits(W, pid) & F_CANNOT_REST
            ):
                _opt(W, O_REST, pid, 0, 0, 0, 0, 0, 0)
        _opt(W, O_END, 0, 0, 0, 0, 0, 0, 0)
        return
    _forget_pools(W, seat)
    _play_options(W, seat, False)
    _ability_options(W, seat, False)
    _opt(W, O_END, 0, 0, 0, 0, 0, 0, 0)


# -- paying (pay.py) ---------------------------------------------------------------------------
@no_counts
def _pay_total(W):
    t = W[G_PAY_GENERIC]
    for d in range(5):
        t += W[G_PAY_LET + d]
    return t


@no_counts
def _pay_given(W):
    """(rest, paid by the primary piece) of the cells taken so far; `given` per domain."""
    for d in range(5):
        W[OFF_S_GIVEN + d] = 0
    paid = False
    s = 0
    for j in range(W[G_PAY_I]):
        x = W[OFF_TAKEN + j]
        d = W[OFF_CELL + 3 * j + 1]
        W[OFF_S_GIVEN + d] += x
        s += x
        if x > 0 and W[OFF_CELL + 3 * j] == W[G_PAY_PRIMARY]:
            paid = True
    return _pay_total(W) - s, paid


@no_counts
def _completes(W, i, rest, paid):
    """Payment._completes in closed form: whether cells i.. can give exactly `rest` more with
    every letter covered and, if still owed, a point from the primary piece."""
    given = OFF_S_GIVEN
    n = W[G_PAY_N]
    if rest == 0:
        for d in range(5):
            if W[given + d] < W[G_PAY_LET + d]:
                return False
        return paid or W[G_PAY_PRIMARY] < 0 or _pay_total(W) == 0
    left0 = 0
    left1 = 0
    left2 = 0
    left3 = 0
    left4 = 0
    for j in range(i, n):
        d = W[OFF_CELL + 3 * j + 1]
        cap = W[OFF_CELL + 3 * j + 2]
        if d == 0:
            left0 += cap
        elif d == 1:
            left1 += cap
        elif d == 2:
            left2 += cap
        elif d == 3:
            left3 += cap
        else:
            left4 += cap
    if i >= n or left0 + left1 + left2 + left3 + left4 < rest:
        return False
    owed = 0
    for d in range(5):
        short = W[G_PAY_LET + d] - W[given + d]
        left = (
            left0
            if d == 0
            else left1
            if d == 1
            else left2
            if d == 2
            else (left3 if d == 3 else left4)
        )
        if short > 0:
            if left < short:
                return False
            owed += short
    if owed > rest:
        return False
    if paid or W[G_PAY_PRIMARY] < 0:
        return True
    for j in range(i, n):
        if W[OFF_CELL + 3 * j] == W[G_PAY_PRIMARY]:
            d = W[OFF_CELL + 3 * j + 1]
            if W[G_PAY_LET + d] - W[given + d] > 0 or owed < rest:
                return True
    return False


@no_counts
def _pay_end(W):
    i = W[G_PAY_I]
    n = W[G_PAY_N]
    pid = W[OFF_CELL + 3 * i]
    end = i + 1
    while end < n and W[OFF_CELL + 3 * end] == pid:
        end += 1
    return end


@no_counts
def _pay_choices(W):
    """Payment.choices into the OFF_S_SHARES rows (of 5), most points first; returns how
    many."""
    given = OFF_S_GIVEN
    xs = OFF_S_XS
    rest, paid = _pay_given(W)
    i = W[G_PAY_I]
    end = _pay_end(W)
    m = end - i
    pid = W[OFF_CELL + 3 * i]
    primary = pid == W[G_PAY_PRIMARY]
    for k in range(m):
        cap = W[OFF_CELL + 3 * (i + k) + 2]
        W[xs + k] = cap if cap < rest else rest
    count = 0
    while True:
        total = 0
        for k in range(m):
            total += W[xs + k]
        if total <= rest:
            for k in range(m):
                W[given + W[OFF_CELL + 3 * (i + k) + 1]] += W[xs + k]
            ok = _completes(W, end, rest - total, paid or (total > 0 and primary))
            for k in range(m):
                W[given + W[OFF_CELL + 3 * (i + k) + 1]] -= W[xs + k]
            if ok:
                if count >= SHARECAP:
                    W[G_STATUS] = UNSUPPORTED
                    return count
                for d in range(5):
                    W[OFF_S_SHARES + 5 * count + d] = 0
                for k in range(m):
                    W[OFF_S_SHARES + 5 * count + W[OFF_CELL + 3 * (i + k) + 1]] = W[xs + k]
                count += 1
        # itertools.product, the last cell fastest, each counting down to 0.
        k = m - 1
        while k >= 0:
            if W[xs + k] > 0:
                W[xs + k] -= 1
                break
            cap = W[OFF_CELL + 3 * (i + k) + 2]
            W[xs + k] = cap if cap < rest else rest
            k -= 1
        if k < 0:
            break
    # A stable sort, most points first.
    for a in range(1, count):
        sa = 0
        for d in range(5):
            sa += W[OFF_S_SHARES + 5 * a + d]
        j = a
        while j > 0:
            sb = 0
            for d in range(5):
                sb += W[OFF_S_SHARES + 5 * (j - 1) + d]
            if sb >= sa:
                break
            for d in range(5):
                t = W[OFF_S_SHARES + 5 * j + d]
                W[OFF_S_SHARES + 5 * j + d] = W[OFF_S_SHARES + 5 * (j - 1) + d]
                W[OFF_S_SHARES + 5 * (j - 1) + d] = t
            j -= 1
    return count


@no_counts
def _pay_choose(W, share):
    """Takes the share at W[share] (a row of five) from the cells of the piece paying."""
    end = _pay_end(W)
    for j in range(W[G_PAY_I], end):
        W[OFF_TAKEN + j] = W[share + W[OFF_CELL + 3 * j + 1]]
    W[G_PAY_I] = end
    W[G_PAY_LISTED] = 0


@no_counts
def _pay_done(W):
    if W[G_PAY_I] >= W[G_PAY_N]:
        return True
    rest, _ = _pay_given(W)
    return rest == 0


@no_counts
def _pay_settle(W):
    while not _pay_done(W):
        n = _pay_choices(W)
        if n != 1:
            # Kept for the decision's options: nothing changes the payment before them.
            W[G_PAY_LISTED] = 1
            W[G_PAY_COUNT] = n
            return
        _pay_choose(W, OFF_S_SHARES)


@no_counts
def _pay_cell(W, pid, generic):
    b = _pc(pid)
    for d in range(5):
        cap = W[b + PK_CUR + d]
        if cap and (W[G_PAY_LET + d] or generic):
            n = W[G_PAY_N]
            if n >= CELLCAP:
                W[G_STATUS] = UNSUPPORTED
                return
            W[OFF_CELL + 3 * n] = pid
            W[OFF_CELL + 3 * n + 1] = d
            W[OFF_CELL + 3 * n + 2] = cap
            W[G_PAY_N] = n + 1


@no_counts
def _start_payment(W, seat, generic, let, primary, sq):
    """A Payment over _payers(seat, primary, sq): the primary piece first, then friendly
    pieces with skill threatening `sq` (any friendly piece when sq < 0). `let` is where the
    letters are in W."""
    W[G_PAY_SEAT] = seat
    W[G_PAY_N] = 0
    W[G_PAY_I] = 0
    W[G_PAY_LISTED] = 0
    W[G_PAY_PRIMARY] = primary
    W[G_PAY_GENERIC] = generic
    for d in range(5):
        W[G_PAY_LET + d] = W[let + d]
    if primary >= 0:
        _pay_cell(W, primary, generic)
    for q in _pieces(seat):
        b = _pc(q)
        if W[b + PK_SQ] < 0 or not _any_cur(W, q) or q == primary:
            continue
        if sq < 0 or _threatens(W, q, sq):
            _pay_cell(W, q, generic)


# -- attacks (combat.py) -----------------------------------------------------------------------
@no_counts
def _combat(W, att, dfd, origin, target, land, ranged, has_power, power, promo, follow):
    W[G_C_ON] = 1
    W[G_C_ATT] = att
    W[G_C_DEF] = dfd
    W[G_C_ORIGIN] = origin
    W[G_C_TARGET] = target
    W[G_C_LAND] = land
    W[G_C_RANGED] = ranged
    W[G_C_HASPOWER] = has_power
    W[G_C_POWER] = power
    W[G_C_PROMO] = promo
    W[G_C_FOLLOW] = follow
    W[G_C_HTL] = 0
    W[G_C_HTLR] = 0
    W[G_C_RA] = 0
    W[G_C_RD] = 0
    W[G_C_CANCELLED] = 0
    W[G_C_STAGE] = STAGE_NONE
    W[G_C_CAPTURED] = 0


@no_counts
def _begin_melee(W, att, dfd, origin, target, land, promo):
    W[G_ATTACKS] += 1
    _combat(W, att, dfd, origin, target, land, 0, 0, 0, promo, 0)
    _todo(W, T_MELEE_END, 0, 0)
    _todo(W, T_ATTACK_RESULT, 0, 0)
    _todo(W, T_AFTER_ROLL, 0, 0)
    _todo(W, T_ROLL, 0, 0)
    _todo(W, T_BEFORE_ROLL, 0, 0)


@no_counts
def _begin_ranged(W, p, q, power):
    W[G_ATTACKS] += 1
    _combat(W, p, q, W[_pc(p) + PK_SQ], W[_pc(q) + PK_SQ], -1, 1, 1, power, -1, 0)
    _todo(W, T_RANGED_END, 0, 0)
    _todo(W, T_ATTACK_RESULT, 0, 0)
    _todo(W, T_AFTER_ROLL, 0, 0)
    _todo(W, T_ROLL, 0, 0)
    _todo(W, T_BEFORE_ROLL, 0, 0)


@no_counts
def _valid(W):
    return (
        not W[G_C_CANCELLED]
        and W[_pc(W[G_C_ATT]) + PK_SQ] >= 0
        and W[_pc(W[G_C_DEF]) + PK_SQ] == W[G_C_TARGET]
    )


@no_counts
def _ask(W, seat, passes):
    W[G_ASKING] = seat
    W[G_PASSES] = passes
    if passes >= 2:
        W[G_ASKING] = -1
        W[G_PASSES] = 0


@no_counts
def _pass(W):
    W[G_PASSES] += 1
    W[G_ASKING] = (W[G_ASKING] + 1) % 2
    if W[G_PASSES] >= 2:
        W[G_ASKING] = -1
        W[G_PASSES] = 0


@no_counts
def _dist_at(side, k):
    """Where row k (value, weight) of a roll's attack (side 0) or defence (1) is in W."""
    return OFF_S_DIST + (side * (DICE_CAP + 2) + k) * 2


@no_counts
def _rolls(W, kind, att, dfd):
    """The (A, D) distributions of an attack as rows (value, weight) at _dist_at(0, k) for
    the attack and _dist_at(1, k) for the defence; returns (attack length, defence length)
    or (-1, -1) past the room.
    kind 0 the attack in W's combat, 1 an Ambush."""
    defense = _defense(W, dfd)
    bows = False
    fixed = False
    power = 0
    dice = 0
    plus = 0
    bonus = 0
    if kind == 1:
        dice = _offense(W, att)
        plus = 1
    elif W[G_C_RANGED]:
        if W[OFF_R + R_POWER_DICE] == 0:
            fixed = True
            power = W[G_C_POWER]
        else:
            dice = W[G_C_POWER]
        bows = _controls(W, _owner(att), F_BOWS)
        bonus = W[G_C_HTL]
    elif W[G_C_HASPOWER]:
        fixed = True
        power = W[G_C_POWER]
        bonus = W[G_C_HTL]
    else:
        dice = _offense(W, att)
        plus = 1
        bonus = W[G_C_HTL]
    if dice + defense > DICE_CAP or dice < 0:
        return -1, -1
    na = 1
    if fixed:
        W[_dist_at(0, 0)] = power * 2 if bows else power
        W[_dist_at(0, 0) + 1] = 1
    else:
        na = dice + 1
        for k in range(na):
            v = k + plus
            W[_dist_at(0, k)] = v * 2 if bows else v
            W[_dist_at(0, k) + 1] = W[OFF_BIN + (dice) * BW + k]
    nd = defense + 1
    for k in range(nd):
        W[_dist_at(1, k)] = k + bonus
        W[_dist_at(1, k) + 1] = W[OFF_BIN + (defense) * BW + k]
    return na, nd


@no_counts
def _win_chance(W, a_dice, a_plus, a_fixed, a_power, bows, defense):
    """float(P(A > D)) of armies_rolls without defence modifiers."""
    if a_dice + defense > DICE_CAP:
        return -1.0
    win = 0
    total = 0
    if a_fixed:
        av = a_power * 2 if bows else a_power
        for j in range(defense + 1):
            w = W[OFF_BIN + (defense) * BW + j]
            total += w
            if av > j:
                win += w
    else:
        for k in range(a_dice + 1):
            av = k + a_plus
            if bows:
                av *= 2
            for j in range(defense + 1):
                w = W[OFF_BIN + (a_dice) * BW + k] * W[OFF_BIN + (defense) * BW + j]
                total += w
                if av > j:
                    win += w
    return win / total


@no_counts
def _stop_short(W, att):
    b = _pc(att)
    kind = W[b + PK_KIND]
    if kind == BISHOP or kind == ROOK or kind == QUEEN:
        a = W[b + PK_SQ]
        t = W[G_C_TARGET]
        dx = t % 8 - a % 8
        dy = t // 8 - a // 8
        n = max(abs(dx), abs(dy))
        if n > 1:
            sx = (dx > 0) - (dx < 0)
            sy = (dy > 0) - (dy < 0)
            _move_to(W, att, (a // 8 + sy * (n - 1)) * 8 + a % 8 + sx * (n - 1))


@no_counts
def _charge_count(W):
    """len(charge_options()), and the options themselves into the option buffer."""
    W[G_NOPT] = 0
    att = W[G_C_ATT]
    a = W[_pc(att) + PK_SQ]
    ox, oy = W[G_C_ORIGIN] % 8, W[G_C_ORIGIN] // 8
    tx, ty = W[G_C_TARGET] % 8, W[G_C_TARGET] // 8
    dx = (tx > ox) - (tx < ox)
    dy = (ty > oy) - (ty < oy)
    _opt(W, O_CHARGE, a, 0, 0, 0, 0, 0, 0)
    sq = _offset(a, dx, dy)
    while sq >= 0:
        occ = W[OFF_BOARD + sq]
        if occ < 0:
            _opt(W, O_CHARGE, sq, 0, 0, 0, 0, 0, 0)
        else:
            if _owner(occ) != _owner(att):
                _opt(W, O_CHARGE, sq, 0, 0, 0, 0, 0, 0)
            break
        sq = _offset(sq, dx, dy)
    return W[G_NOPT]


@no_counts
def _attack_result(W):
    W[G_C_STAGE] = STAGE_NONE
    if W[G_C_CANCELLED] or not _valid(W):
        W[G_C_CANCELLED] = 1
        return
    att, dfd = W[G_C_ATT], W[G_C_DEF]
    ba, bd = _pc(att), _pc(dfd)
    a = W[G_C_RA]
    defence = W[G_C_RD] + W[G_C_HTL] - W[G_C_HTLR]
    won = a > defence
    if won:
        W[G_WON] += 1
    if W[bd + PK_KIND] == KING:
        if not W[G_C_RANGED]:
            _stop_short(W, att)
        if won:
            _todo(W, T_GENERAL_LOSES, W[bd + PK_OWNER], 0)
        return
    if not won:
        if not W[G_C_RANGED]:
            _stop_short(W, att)
        return
    _destroy(W, dfd, False)
    W[G_CAP0 + W[ba + PK_OWNER]] += 1
    W[G_ACTED] = 1
    if W[G_C_RANGED]:
        return
    _move_to(W, att, W[G_C_LAND])
    W[G_C_CAPTURED] = 1
    if (
        W[G_C_PROMO] >= 0
        and W[ba + PK_KIND] == PAWN
        and W[ba + PK_SQ] // 8 == _last_row(W[ba + PK_OWNER])
    ):
        W[ba + PK_KIND] = W[G_C_PROMO]
        W[G_VALUES] += 1
        _clear_threats(W)
    margin = a - defence
    kind = W[ba + PK_KIND]
    if (
        margin > 2
        and (kind == BISHOP or kind == ROOK or kind == QUEEN)
        and (_traits(W, att) & F_CAVALRY)
        and not _weather(W)
    ):
        W[G_CHARGE] = margin
        if _charge_count(W) > 1:
            W[G_PHASE] = PH_CHARGE
        else:
            W[G_CHARGE] = -1
        W[G_NOPT] = 0


@no_counts
def _charge_on(W, sq):
    margin = W[G_CHARGE]
    W[G_CHARGE] = -1
    att = W[G_C_ATT]
    a = W[_pc(att) + PK_SQ]
    if sq == a:
        return
    occ = W[OFF_BOARD + sq]
    if occ < 0:
        _move_to(W, att, sq)
        return
    _combat(W, att, occ, a, sq, sq, 0, 1, margin - 1, -1, 1)
    W[G_C_CAPTURED] = 1
    W[G_ATTACKS] += 1
    _todo(W, T_ATTACK_RESULT, 0, 0)
    _todo(W, T_AFTER_ROLL, 0, 0)
    _todo(W, T_ROLL, 0, 0)
    _todo(W, T_BEFORE_ROLL, 0, 0)


@no_counts
def _declare_move(W, pid, to, promo):
    b = _pc(pid)
    frm = W[b + PK_SQ]
    occ = W[OFF_BOARD + to]
    ep = _live_ep(W)
    if occ >= 0 or (W[b + PK_KIND] == PAWN and ep and to == W[G_EP_SQ] and to % 8 != frm % 8):
        dfd = occ if occ >= 0 else W[G_EP_PID]
        _begin_melee(W, pid, dfd, frm, W[_pc(dfd) + PK_SQ], to, promo)
        return
    _move_to(W, pid, to)
    if W[b + PK_KIND] == KING and abs(to - frm) == 2:
        rook_from = frm - frm % 8 + (7 if to > frm else 0)
        _move_to(W, W[OFF_BOARD + rook_from], (frm + to) // 2)
    if W[b + PK_KIND] == PAWN and abs(to - frm) == 16:
        W[G_EP_SQ] = (frm + to) // 2
        W[G_EP_PID] = pid
        W[G_EP_TURN] = W[G_TURN]
    if promo >= 0:
        W[b + PK_KIND] = promo
        W[G_VALUES] += 1
        _clear_threats(W)


# -- playing cards and abilities (plays.py) ----------------------------------------------------
@no_counts
def _sacrifice_leader(W, q):
    b = _pc(q)
    _discard(W, W[b + PK_OWNER], W[b + PK_LEADER], True)
    keep = 0
    for i in range(W[b + PK_NC]):
        e = b + PK_CARDS + 3 * i
        if W[e + 2]:
            _discard(W, W[e + 1], W[e], True)
        else:
            k = b + PK_CARDS + 3 * keep
            W[k] = W[e]
            W[k + 1] = W[e + 1]
            W[k + 2] = W[e + 2]
            keep += 1
    W[b + PK_NC] = keep
    W[b + PK_LEADER] = -1
    _sources_changed(W, q)
    W[G_VALUES] += 1
    W[b + PK_READY] = 0
    W[b + PK_HOPE] = 0


@no_counts
def _effects(W, seat, card, p, q, extra):
    flags = W[_ct(card) + CT_FLAGS]
    if flags & F_DRAW:
        kind = W[_ct(card) + CT_DRAWKIND]
        n = W[_ct(card) + CT_DRAWN]
        if kind == DR_EXTRA_LEADERS:
            mine = 0
            theirs = 0
            for x in range(NP):
                bx = _pc(x)
                if W[bx + PK_SQ] >= 0 and W[bx + PK_LEADER] >= 0:
                    if W[bx + PK_OWNER] == seat:
                        mine += 1
                    else:
                        theirs += 1
            n = max(0, mine - theirs)
        elif kind == DR_DOMAINS:
            n = 0
            for d in range(5):
                if W[_pc(p) + PK_MAX + d] > 0:
                    n += 1
        for _ in range(n):
            _queue_draw(W, seat)
    if flags & F_RANGED:
        _begin_ranged(W, p, q, W[_ct(card) + CT_RANGED])
    if flags & F_SPEND_THREATENED:
        start, n = _threats(W, p)
        for i in range(n):
            occ = W[OFF_BOARD + W[start + i]]
            if occ >= 0 and _owner(occ) != seat and W[_pc(occ) + PK_LEADER] >= 0:
                W[_pc(occ) + PK_READY] = 0
    if flags & F_HOPE:
        sq = W[_pc(p) + PK_SQ]
        x = _threatening(W, sq, 1 - seat, -1) - _threatening(W, sq, seat, p)
        W[_pc(p) + PK_HOPE] += max(0, x)
        W[G_VALUES] += 1
    if flags & F_READY_LEADER and W[_pc(p) + PK_LEADER] >= 0:
        W[_pc(p) + PK_READY] = 1
    if flags & F_REMOVE_ARMY:
        _destroy(W, q, True)
    if flags & F_DEFEND and W[G_C_ON] and W[G_C_DEF] == q:
        W[G_C_HTL] += W[_ct(card) + CT_DEFEND]
    if flags & F_AMBUSH and W[G_C_ON] and W[G_C_ATT] == q:
        W[G_AMB_P] = p
        W[G_AMB_Q] = q
        W[G_ROLLING] = 2
        W[G_PHASE] = PH_ROLL
    if flags & F_CANCEL and extra < W[G_NSTK]:
        W[OFF_CAN + extra] = 1
        W[G_DISRUPTED] += 1


@no_counts
def _resolve_play(W, seat, o):
    """R-14 for the play in row `o` of W (on the stack or in the option buffer)."""
    card, pid, tsq, tpid, extra = W[o + 1], W[o + 2], W[o + 3], W[o + 4], W[o + 5]
    depth = W[G_NSTK]
    if W[OFF_CAN + depth]:
        W[OFF_CAN + depth] = 0
        return
    ty = W[_ct(card) + CT_TYPE]
    gone = (pid >= 0 and W[_pc(pid) + PK_SQ] < 0) or (tpid >= 0 and W[_pc(tpid) + PK_SQ] != tsq)
    targets_q = (
        (tpid >= 0 and tpid != pid)
        or ty == TY_LEADER
        or ty == TY_BOON
        or (ty == TY_CURSE)
        or ty == TY_TRAINING
    )
    on_leader = W[_ct(card) + CT_KLASS] == KL_LEADER and (ty == TY_BOON or ty == TY_CURSE)
    if gone or (targets_q and _cloaked(W, tpid, on_leader)):
        return
    if ty == TY_LEADER:
        bq = _pc(tpid)
        if W[bq + PK_LEADER] >= 0:
            return
        W[bq + PK_LEADER] = card
        _sources_changed(W, tpid)
        W[G_VALUES] += 1
        W[bq + PK_READY] = 1 if W[_ct(card) + CT_FLAGS] & F_ENTERS_READY else 0
        W[bq + PK_HOPE] = 0
        return
    if ty == TY_BOON or ty == TY_CURSE:
        bq = _pc(tpid)
        if on_leader and W[bq + PK_LEADER] < 0:
            return
        n = W[bq + PK_NC]
        if n >= CCAP:
            W[G_STATUS] = UNSUPPORTED
            return
        e = bq + PK_CARDS + 3 * n
        W[e] = card
        W[e + 1] = seat
        W[e + 2] = 1 if on_leader else 0
        W[bq + PK_NC] = n + 1
        _sources_changed(W, tpid)
        W[G_VALUES] += 1
        return
    if ty == TY_STRATEGY:
        n = W[G_NST]
        if n >= STCAP:
            W[G_STATUS] = UNSUPPORTED
            return
        s = OFF_ST + n * STW
        W[s] = card
        W[s + 1] = seat
        W[s + 2] = W[_ct(card) + CT_TOKENS]
        W[s + 3] = -1
        W[s + 4] = -1
        W[G_NST] = n + 1
        W[G_VALUES] += 1
        _clear_threats(W)
        return
    if ty == TY_TRAINING:
        bq = _pc(tpid)
        d = W[_ct(card) + CT_TRAIN]
        W[bq + PK_MAX + d] += 1
        W[G_VALUES] += 1
        W[bq + PK_CUR + d] += 1
        if W[_ct(card) + CT_GRANTS]:
            n = W[bq + PK_NG]
            if n >= GCAP:
                W[G_STATUS] = UNSUPPORTED
                return
            W[bq + PK_GR + n] = card
            W[bq + PK_NG] = n + 1
            _sources_changed(W, tpid)
    _effects(W, seat, card, pid, tpid, extra)


@no_counts
def _paid_play(W, seat, o):
    card = W[o + 1]
    if W[_ct(card) + CT_FLAGS] & F_SPEND_LEADER:
        W[_pc(W[o + 2]) + PK_READY] = 0
    if W[_ct(card) + CT_MAJOR]:
        W[G_MAJOR] = 1
    if W[_ct(card) + CT_TYPE] == TY_TRAINING:
        W[G_TRAININGS] += 1
    W[G_ACTED] = 1
    W[G_CARDS0 + seat] += 1
    ty = W[_ct(card) + CT_TYPE]
    if ty == TY_MANEUVER or ty == TY_TECHNIQUE or ty == TY_BOON or ty == TY_CURSE:
        n = W[G_NSTK]
        if n >= STKCAP:
            W[G_STATUS] = UNSUPPORTED
            return
        s = OFF_STK + n * SKW
        W[s] = seat
        for k in range(OW):
            W[s + 1 + k] = W[o + k]
        W[G_NSTK] = n + 1
        W[G_ASKING] = 1 - seat
        W[G_PASSES] = 1
    else:
        _resolve_play(W, seat, o)


@no_counts
def _paid_ability(W, seat, o):
    a, pid, tpid, xk, x1, x2 = W[o + 1], W[o + 2], W[o + 4], W[o + 5], W[o + 6], W[o + 7]
    if W[_ct(a) + AT_MAJOR]:
        W[G_MAJOR] = 1
    extra = W[_ct(a) + AT_EXTRA]
    if extra == AX_SACRIFICE:
        if xk == X_HAND:
            _hand_remove(W, seat, x1)
        else:
            _sacrifice_leader(W, x1)
    elif extra == AX_DISCARD_2:
        _hand_remove(W, seat, x1)
        _hand_remove(W, seat, x2)
    elif extra == AX_POLITICIAN:
        W[_pc(x2) + PK_READY] = 0
    if tpid >= 0 and tpid != pid and _cloaked(W, tpid, False):
        return
    effect = W[_ct(a) + AT_EFFECT]
    if effect == AE_OFFENSE:
        W[_pc(pid) + PK_TEMP] += W[_ct(a) + AT_AMOUNT]
        W[G_VALUES] += 1
    elif effect == AE_STOP_MOVE:
        W[_pc(pid) + PK_STOPPED] = 1
    elif effect == AE_DESTROY_CURSE:
        b = _pc(pid)
        n = W[b + PK_NC]
        for i in range(n):
            e = b + PK_CARDS + 3 * i
            if W[e] == W[_ct(a) + AT_CARD]:
                name, owner = W[e], W[e + 1]
                for j in range(i, n - 1):
                    for k in range(3):
                        W[b + PK_CARDS + 3 * j + k] = W[b + PK_CARDS + 3 * (j + 1) + k]
                W[b + PK_NC] = n - 1
                _sources_changed(W, pid)
                W[G_VALUES] += 1
                _discard(W, owner, name, True)
                break
    elif effect == AE_SKIP_WAR:
        s = OFF_ST + x1 * STW
        W[s + 3] = W[G_TURN]
        W[s + 4] = seat
    elif effect == AE_RANGED:
        _begin_ranged(W, pid, tpid, W[_ct(a) + AT_AMOUNT])


@no_counts
def _continue_payment(W):
    if not _pay_done(W):
        W[G_PHASE] = PH_PAY
        return
    for j in range(W[G_PAY_I]):
        x = W[OFF_TAKEN + j]
        if x:
            W[_pc(W[OFF_CELL + 3 * j]) + PK_CUR + W[OFF_CELL + 3 * j + 1]] -= x
    seat = W[G_PAY_SEAT]
    if W[OFF_PAYO] == O_PLAY:
        _paid_play(W, seat, OFF_PAYO)
    else:
        _paid_ability(W, seat, OFF_PAYO)


@no_counts
def _start_play(W, seat, o):
    for k in range(OW):
        W[OFF_PAYO + k] = W[o + k]
    card = W[o + 1]
    _hand_remove(W, seat, card)
    if W[_ct(card) + CT_THROUGH]:
        _start_payment(W, seat, W[_ct(card) + CT_GEN], _ct(card) + CT_LET, W[o + 2], W[o + 3])
    else:
        _start_payment(W, seat, W[_ct(card) + CT_GEN], _ct(card) + CT_LET, -1, -1)
    _pay_settle(W)
    _continue_payment(W)


@no_counts
def _use_ability(W, seat, o):
    for k in range(OW):
        W[OFF_PAYO + k] = W[o + k]
    a = W[o + 1]
    if W[_ct(a) + AT_KIND] == AK_ACTIVATED:
        pid = W[o + 2]
        _start_payment(W, seat, W[_ct(a) + AT_GEN], _ct(a) + AT_LET, pid, W[_pc(pid) + PK_SQ])
    else:
        _start_payment(W, seat, W[_ct(a) + AT_GEN], _ct(a) + AT_LET, -1, -1)
    _pay_settle(W)
    _continue_payment(W)


# -- the turn (rules.py) -----------------------------------------------------------------------
@no_counts
def _end_step(W):
    step = W[G_STEP]
    if step == OPP1:
        W[G_STEP] = MOVE
    elif step == MOVE:
        W[G_STEP] = OPP2
    elif step == OPP2:
        W[G_STEP] = REST
    else:
        seat = W[G_ACTIVE]
        _todo(W, T_NEXT_TURN, 0, 0)
        _todo(W, T_WAR, 0, 0)
        _todo(W, T_SNOW, 0, 0)
        _queue_draw(W, seat)


@no_counts
def _lower_general(W, seat, d):
    b = _pc(4 if seat == 0 else 20)
    W[b + PK_MAX + d] -= 1
    W[G_VALUES] += 1
    W[b + PK_CUR + d] = min(W[b + PK_CUR + d], W[b + PK_MAX + d])


@no_counts
def _general_loses(W, seat, war):
    b = _pc(4 if seat == 0 else 20)
    W[G_GL0 + seat] += 1
    count = 0
    last = -1
    for d in range(5):
        if W[b + PK_MAX + d] > 0:
            count += 1
            last = d
    if count == 0:
        _finish(W, 1 - seat, RS_WAR if war else RS_GENERAL)
        return
    if count == 1:
        _lower_general(W, seat, last)
        return
    n = W[G_NLOSE]
    if n >= LOSECAP:
        W[G_STATUS] = UNSUPPORTED
        return
    W[OFF_LOSE + n] = seat
    W[G_NLOSE] = n + 1
    W[G_PHASE] = PH_LOSE


@no_counts
def _task(W, task, a, b):
    if task == T_RESOLVE:
        n = W[G_NSTK]
        if n:
            W[G_NSTK] = n - 1
            s = OFF_STK + (n - 1) * SKW
            _todo(W, T_RESOLVE, 0, 0)
            _resolve_play(W, W[s], s + 1)
    elif task == T_END_STEP:
        _end_step(W)
    elif task == T_NEXT_TURN:
        if W[G_PHASE] == PH_OVER:
            return
        W[G_QUIET] = 0 if W[G_ACTED] else W[G_QUIET] + 1
        if W[G_QUIET] >= W[OFF_R + R_DRAW_AFTER]:
            _finish(W, -1, RS_DRAW)
            return
        W[G_VALUES] += 1
        for pid in range(NP):
            W[_pc(pid) + PK_TEMP] = 0
            W[_pc(pid) + PK_STOPPED] = 0
        W[G_ACTIVE] = 1 - W[G_ACTIVE]
        W[G_TURN] += 1
        W[G_STEP] = OPP1
        W[G_MAJOR] = 0
        W[G_TRAININGS] = 0
        W[G_ACTED] = 0
    elif task == T_WAR:
        for i in range(W[G_NST]):
            s = OFF_ST + i * STW
            if W[_ct(W[s]) + CT_FLAGS] & F_WAR and not (
                W[s + 3] == W[G_TURN] and W[s + 4] == W[G_ACTIVE]
            ):
                _todo(W, T_GENERAL_LOSES, W[G_ACTIVE], 1)
    elif task == T_SNOW:
        i = 0
        while i < W[G_NST]:
            s = OFF_ST + i * STW
            if W[_ct(W[s]) + CT_FLAGS] & F_SNOW:
                W[s + 2] -= 1
                if W[s + 2] <= 0:
                    card, owner = W[s], W[s + 1]
                    _st_remove(W, i)
                    _discard(W, owner, card, True)
                    _clear_threats(W)
                    continue
            i += 1
    elif task == T_GENERAL_LOSES:
        _general_loses(W, a, b)
    elif task == T_MELEE_END:
        on = W[G_C_ON]
        W[G_C_ON] = 0
        W[G_CHARGE] = -1
        if not on:
            return
        att = W[G_C_ATT]
        if W[_pc(att) + PK_SQ] >= 0:
            traits = _traits(W, att)
            if W[G_C_CAPTURED] and traits & F_REST_AFTER and not (traits & F_CANNOT_REST):
                _rest(W, att)
    elif task == T_RANGED_END:
        W[G_C_ON] = 0
    elif task == T_BEFORE_ROLL:
        if _valid(W):
            W[G_C_STAGE] = STAGE_PRE
            _ask(W, W[_pc(W[G_C_ATT]) + PK_OWNER], 0)
    elif task == T_ROLL:
        W[G_C_STAGE] = STAGE_NONE
        if not _valid(W):
            W[G_C_CANCELLED] = 1
            return
        W[G_ROLLING] = 1
        W[G_PHASE] = PH_ROLL
    elif task == T_AFTER_ROLL:
        if not W[G_C_CANCELLED]:
            W[G_C_STAGE] = STAGE_POST
            _ask(W, W[_pc(W[G_C_DEF]) + PK_OWNER], 1)
    elif task == T_ATTACK_RESULT:
        _attack_result(W)


@no_counts
def _run(W):
    """Draws, response windows and the agenda until a seat must decide or chance is due."""
    while W[G_PHASE] == PH_RUN:
        if W[G_STATUS] != OK:
            return
        if W[G_NDRAWS]:
            seat = W[OFF_DRAWS]
            if W[G_DKS0 + seat]:
                W[G_PHASE] = PH_DRAW
                return
            n = W[G_NDRAWS]
            for i in range(n - 1):
                W[OFF_DRAWS + i] = W[OFF_DRAWS + i + 1]
            W[G_NDRAWS] = n - 1
            if W[OFF_R + R_DECKOUT_LOSE]:
                _finish(W, 1 - seat, RS_DECK)
            continue
        if W[G_ASKING] >= 0:
            W[G_NOPT] = 0
            _response_options(W, W[G_ASKING])
            if W[G_NOPT]:
                _opt(W, O_PASS, 0, 0, 0, 0, 0, 0, 0)
                W[G_PHASE] = PH_RESPOND
                return
            _pass(W)
            if W[G_ASKING] < 0:
                _todo(W, T_RESOLVE, 0, 0)
            continue
        n = W[G_NTODO]
        if n:
            t = OFF_TODO + 3 * (n - 1)
            W[G_NTODO] = n - 1
            _task(W, W[t], W[t + 1], W[t + 2])
            continue
        _step_options(W)
        if W[G_NOPT] == 1 and W[OFF_OPT] == O_END:
            _end_step(W)
            continue
        W[G_PHASE] = PH_STEP
        return


@no_counts
def _options(W):
    """The legal decisions of the phase, into the option buffer (as rules._options)."""
    phase = W[G_PHASE]
    if phase == PH_STEP or phase == PH_RESPOND:
        return  # worked out when the phase began, as the engine caches them
    W[G_NOPT] = 0
    if phase == PH_PAY:
        n = W[G_PAY_COUNT] if W[G_PAY_LISTED] else _pay_choices(W)
        for i in range(n):
            r = OFF_S_SHARES + 5 * i
            _opt(W, O_PAY, W[r], W[r + 1], W[r + 2], W[r + 3], W[r + 4], 0, 0)
    elif phase == PH_CHARGE:
        _charge_count(W)
    elif phase == PH_LOSE:
        b = _pc(4 if W[OFF_LOSE] == 0 else 20)
        for d in range(5):
            if W[b + PK_MAX + d] > 0:
                _opt(W, O_LOSE, d, 0, 0, 0, 0, 0, 0)


@no_counts
def _to_move(W):
    phase = W[G_PHASE]
    if phase == PH_STEP:
        return W[G_ACTIVE]
    if phase == PH_RESPOND:
        return W[G_ASKING]
    if phase == PH_PAY:
        return W[G_PAY_SEAT]
    if phase == PH_CHARGE:
        return W[_pc(W[G_C_ATT]) + PK_OWNER]
    if phase == PH_LOSE:
        return W[OFF_LOSE]
    return -1


@no_counts
def _do(W, i):
    seat = _to_move(W)
    o = OFF_OPT + i * OW
    kind = W[o]
    W[G_PHASE] = PH_RUN
    if kind == O_END:
        _end_step(W)
    elif kind == O_MOVE:
        _todo(W, T_END_STEP, 0, 0)
        _declare_move(W, W[o + 1], W[o + 2], W[o + 3])
    elif kind == O_PLAY:
        _start_play(W, seat, o)
    elif kind == O_ABILITY:
        _use_ability(W, seat, o)
    elif kind == O_PAY:
        _pay_choose(W, o + 1)
        _pay_settle(W)
        _continue_payment(W)
    elif kind == O_PASS:
        _pass(W)
        if W[G_ASKING] < 0:
            _todo(W, T_RESOLVE, 0, 0)
    elif kind == O_REST:
        _rest(W, W[o + 1])
        _end_step(W)
    elif kind == O_CHARGE:
        _charge_on(W, W[o + 1])
    elif kind == O_LOSE:
        s = W[OFF_LOSE]
        n = W[G_NLOSE]
        for k in range(n - 1):
            W[OFF_LOSE + k] = W[OFF_LOSE + k + 1]
        W[G_NLOSE] = n - 1
        _lower_general(W, s, W[o + 1])
    _run(W)


# -- the heuristic (bots.py) -------------------------------------------------------------------
@no_counts
def _army_value(W, pid):
    b = _pc(pid)
    s = 0
    for d in range(5):
        s += W[b + PK_MAX + d]
    if W[b + PK_KIND] == KING:
        return GENERAL_POINT * s
    return VALUE[W[b + PK_KIND]] + 0.6 * (_offense(W, pid) + _defense(W, pid)) + 0.5 * s


@no_counts
def _evaluate(W, seat):
    if W[G_PHASE] == PH_OVER:
        if W[G_WINNER] < 0:
            return 0.5
        return 1.0 if W[G_WINNER] == seat else 0.0
    balance = 0.0
    for pid in range(NP):
        b = _pc(pid)
        if W[b + PK_SQ] >= 0:
            v = _army_value(W, pid)
            balance += v if W[b + PK_OWNER] == seat else -v
    balance += 0.3 * (W[G_HN0 + seat] - W[G_HN0 + 1 - seat])
    return 1 / (1 + math.exp(-balance / 12))


# How bots.p_win rolls an attack: by the attacker's Offense, by a ranged power (which Bows and
# Knives doubles), or by a charge's margin.
(BY_OFFENSE, BY_RANGED, BY_CHARGE) = range(3)


@no_counts
def _p_win(W, att, dfd, by, power):
    if by != BY_OFFENSE:
        bows = by == BY_RANGED and _controls(W, _owner(att), F_BOWS)
        p = _win_chance(W, 0, 0, True, power, bows, _defense(W, dfd))
    else:
        p = _win_chance(W, _offense(W, att), 1, False, 0, False, _defense(W, dfd))
    if p < 0:
        W[G_STATUS] = UNSUPPORTED
    return p


@no_counts
def _danger(W, seat):
    """Squares the opponent could attack next turn (king-like General)."""
    danger = OFF_S_DANGER
    for sq in range(64):
        W[danger + sq] = 0
    for pid in _pieces(1 - seat):
        b = _pc(pid)
        if W[b + PK_SQ] < 0:
            continue
        sq, kind = W[b + PK_SQ], W[b + PK_KIND]
        if kind == PAWN:
            f = _forward(W[b + PK_OWNER])
            for dx in (-1, 1):
                to = _offset(sq, dx, f)
                if to >= 0:
                    W[danger + to] = 1
            continue
        dirs = (
            KNIGHT_D
            if kind == KNIGHT
            else BISHOP_D
            if kind == BISHOP
            else (ROOK_D if kind == ROOK else KING_D)
        )
        slide = kind == BISHOP or kind == ROOK or kind == QUEEN
        for k in range(dirs.shape[0]):
            to = sq
            while True:
                to = _offset(to, dirs[k, 0], dirs[k, 1])
                if to < 0:
                    break
                W[danger + to] = 1
                if not slide or W[OFF_BOARD + to] >= 0:
                    break


@no_counts
def _score(W, seat, i):
    danger = OFF_S_DANGER
    o = OFF_OPT + i * OW
    kind = W[o]
    if kind == O_END or kind == O_PASS:
        return 0.0
    if kind == O_MOVE:
        pid, to, promo = W[o + 1], W[o + 2], W[o + 3]
        b = _pc(pid)
        occ = W[OFF_BOARD + to]
        value = 0.05 if (to == 27 or to == 28 or to == 35 or to == 36) else 0.0
        if promo >= 0:
            value += 8.0 if promo == QUEEN else 4.0 if promo == ROOK else 2.0
        pk = W[b + PK_KIND]
        if occ >= 0:
            win = _p_win(W, pid, occ, BY_OFFENSE, 0)
            gain = 3 * GENERAL_POINT if W[_pc(occ) + PK_KIND] == KING else _army_value(W, occ)
            value += win * gain - (1 - win) * 0.3 * _army_value(W, pid) + 0.5
        elif pk == PAWN and to % 8 != W[b + PK_SQ] % 8:
            value += 1.0
        if W[danger + to] and pk != KING:
            value -= 0.6 * _army_value(W, pid)
        if W[danger + W[b + PK_SQ]] and not W[danger + to] and pk != KING:
            value += 0.5 * _army_value(W, pid)
        if pk == KING:
            value -= 0.3
        return value
    if kind == O_PLAY:
        card, pid, tpid, extra = W[o + 1], W[o + 2], W[o + 4], W[o + 5]
        ty = W[_ct(card) + CT_TYPE]
        flags = W[_ct(card) + CT_FLAGS]
        if tpid >= 0 and tpid != pid and _cloaked(W, tpid, W[_ct(card) + CT_KLASS] == KL_LEADER):
            return -5.0
        if ty == TY_LEADER:
            bonus = W[_ct(card) + CT_OFF] + W[_ct(card) + CT_DEF]
            qk = W[_pc(tpid) + PK_KIND]
            if flags & F_CAVALRY:
                bonus += 4 if (qk == BISHOP or qk == ROOK or qk == QUEEN) else -6
            return 1.0 + bonus + VALUE[qk] * 0.3
        if ty == TY_BOON:
            return (
                1.5
                + W[_ct(card) + CT_OFF]
                + W[_ct(card) + CT_DEF]
                + VALUE[W[_pc(tpid) + PK_KIND]] * 0.2
            )
        if ty == TY_CURSE:
            return 1.0 + _army_value(W, tpid) * 0.5
        if ty == TY_TRAINING:
            bq = _pc(tpid)
            d = W[_ct(card) + CT_TRAIN]
            return (
                3.0
                + (1.5 if W[bq + PK_KIND] == KING else 0.0)
                + (0.5 if W[bq + PK_MAX + d] else 0.0)
                + (1.0 if W[_ct(card) + CT_NAB] else 0.0)
            )
        if ty == TY_STRATEGY:
            if flags & F_WAR:
                mine = 0
                theirs = 0
                for d in range(5):
                    mine += W[_pc(4 if seat == 0 else 20) + PK_MAX + d]
                    theirs += W[_pc(20 if seat == 0 else 4) + PK_MAX + d]
                return 2.0 if mine > theirs + 1 else -3.0
            if flags & F_DOUBLE_MARCH:
                return 0.5
            return 1.5
        if flags & F_RANGED:
            win = _p_win(W, pid, tpid, BY_RANGED, W[_ct(card) + CT_RANGED])
            gain = 3 * GENERAL_POINT if W[_pc(tpid) + PK_KIND] == KING else _army_value(W, tpid)
            return win * gain
        if flags & F_REMOVE_ARMY:
            return _army_value(W, tpid) - 2.0
        if flags & F_DEFEND:
            return 1.0 + _army_value(W, tpid) * 0.5
        if flags & F_AMBUSH:
            return _army_value(W, tpid) * 0.6
        if flags & F_CANCEL:
            tt = W[_ct(W[OFF_STK + extra * SKW + 2]) + CT_TYPE]
            return 2.0 if (tt == TY_CURSE or tt == TY_MANEUVER) else 0.5
        if flags & F_DRAW:
            return 1.0
        if flags & F_HOPE:
            sq = W[_pc(pid) + PK_SQ]
            x = _threatening(W, sq, 1 - seat, -1) - _threatening(W, sq, seat, pid)
            return x - 1.0
        if flags & F_SPEND_THREATENED:
            count = 0.0
            start, n = _threats(W, pid)
            for k in range(n):
                occ = W[OFF_BOARD + W[start + k]]
                if occ >= 0 and _owner(occ) != seat and W[_pc(occ) + PK_READY]:
                    count += 1.0
            return count - 0.5
        if flags & F_READY_LEADER:
            return 1.0
        return 0.0
    if kind == O_ABILITY:
        a, pid, tpid = W[o + 1], W[o + 2], W[o + 4]
        effect = W[_ct(a) + AT_EFFECT]
        if effect == AE_RANGED:
            win = _p_win(W, pid, tpid, BY_RANGED, W[_ct(a) + AT_AMOUNT])
            return (
                win
                * (3 * GENERAL_POINT if W[_pc(tpid) + PK_KIND] == KING else _army_value(W, tpid))
                - 0.5
            )
        if effect == AE_OFFENSE:
            return (
                0.5
                if (W[G_C_ON] and W[G_C_ATT] == pid and W[_ct(a) + AT_EXTRA] != AX_SACRIFICE)
                else -1.0
            )
        if effect == AE_STOP_MOVE:
            return 1.5
        if effect == AE_SKIP_WAR:
            s = 0
            for d in range(5):
                s += W[_pc(4 if seat == 0 else 20) + PK_MAX + d]
            return 3.0 if s <= 2 else -1.0
        if effect == AE_DESTROY_CURSE:
            return -0.5
        return 0.0
    if kind == O_REST:
        b = _pc(W[o + 1])
        sm = 0
        sc = 0
        for d in range(5):
            sm += W[b + PK_MAX + d]
            sc += W[b + PK_CUR + d]
        spent = W[b + PK_LEADER] >= 0 and not W[b + PK_READY]
        return 0.2 + sm - sc + (2.0 if spent else 0.0)
    if kind == O_PAY:
        given = 0
        for d in range(5):
            given += W[o + 1 + d]
        asking = W[OFF_CELL + 3 * W[G_PAY_I]]
        return float(-given if W[_pc(asking) + PK_KIND] == KING else given)
    if kind == O_CHARGE:
        sq = W[o + 1]
        occ = W[OFF_BOARD + sq]
        if occ < 0:
            return 0.1 if not W[danger + sq] else -0.5
        return (
            _p_win(W, W[G_C_ATT], occ, BY_CHARGE, W[G_CHARGE] - 1) * (_army_value(W, occ) + 1) - 1
        )
    if kind == O_LOSE:
        return float(W[_pc(4 if seat == 0 else 20) + PK_MAX + W[o + 1]])
    return 0.0


@no_counts
def _choose(W, bmt, bot, seat, phase):
    """The bot's pick among the options listed, drawing from `bmt` as bots.py draws. Compiled
    without reference counts, as the calls it makes are: a call from play_game would count W
    up and down once per option scored."""
    n = W[G_NOPT]
    if bot == BOT_RANDOM:
        return int(mt_random(bmt) * n)
    if n == 1:
        return 0
    # Only moves and charges are scored by danger (bots.py): the opponent's reach in the move
    # step, none in a charge. Other steps and phases leave it unread.
    if phase == PH_STEP and W[G_STEP] == MOVE:
        _danger(W, seat)
    elif phase == PH_CHARGE:
        for sq in range(64):
            W[OFF_S_DANGER + sq] = 0
    i = 0
    best = 0.0
    for j in range(n):
        value = _score(W, seat, j) + 0.01 * mt_random(bmt)
        if j == 0 or value > best:
            i = j
            best = value
    return i


# -- a game --------------------------------------------------------------------------------------
@njit(cache=True)
def _setup(A, W, R, DKI, DKC, DKL):
    # The option rows are written before they are read, and are most of what lies below.
    A[:OFF_OPT] = 0
    A[OFF_CELL:OFF_S_NAMES] = 0
    for d in range(5):
        W[OFF_S_NONE + d] = -1
    for sq in range(64):
        W[OFF_BOARD + sq] = -1
    pid = 0
    for seat in range(2):
        back = 0 if seat == 0 else 7
        pawns = 1 if seat == 0 else 6
        for x in range(8):
            b = _pc(pid)
            W[b + PK_OWNER] = seat
            W[b + PK_KIND] = BACK_ROW[x]
            W[b + PK_SQ] = back * 8 + x
            W[b + PK_LEADER] = -1
            W[OFF_BOARD + back * 8 + x] = pid
            pid += 1
        for x in range(8):
            b = _pc(pid)
            W[b + PK_OWNER] = seat
            W[b + PK_KIND] = PAWN
            W[b + PK_SQ] = pawns * 8 + x
            W[b + PK_LEADER] = -1
            W[OFF_BOARD + pawns * 8 + x] = pid
            pid += 1
    for seat in range(2):
        b = _pc(4 if seat == 0 else 20)
        for d in range(5):
            W[b + PK_MAX + d] = R[R_GENERALS + 5 * seat + d]
            W[b + PK_CUR + d] = R[R_GENERALS + 5 * seat + d]
        n = DKL[seat]
        size = 0
        for i in range(n):
            W[OFF_DKI + seat * DCAP + i] = DKI[seat, i]
            W[OFF_DKC + seat * DCAP + i] = DKC[seat, i]
            size += DKC[seat, i]
        W[G_DKL0 + seat] = n
        W[G_DKS0 + seat] = size
    W[G_FIRST] = -1
    W[G_WINNER] = -1
    W[G_EP_PID] = -1
    W[G_ASKING] = -1
    W[G_CHARGE] = -1
    W[G_C_ON] = 0
    W[G_PHASE] = PH_FIRST
    _clear_threats(W)
    for seat in range(2):
        for _ in range(R[R_OPENING]):
            W[OFF_DRAWS + W[G_NDRAWS]] = seat
            W[G_NDRAWS] += 1


@no_counts
def _apply_chance(W, outcome):
    phase = W[G_PHASE]
    if phase == PH_FIRST:
        W[G_FIRST] = outcome
        W[G_ACTIVE] = outcome
        W[G_TURN] = 1
    W[G_PHASE] = PH_RUN
    _run(W)


@njit(cache=True)
def _chance(A, W, mt):
    """One chance point: a draw from the game generator, picked as Dist.pick picks it."""
    cum = A[OFF_S_CUM : OFF_S_CUM + CUM_SIZE]
    u = mt_random(mt)
    phase = W[G_PHASE]
    if phase == PH_FIRST:
        cum[0] = 1
        cum[1] = 2
        _apply_chance(W, pick_cum(cum, 2, u))
        return
    if phase == PH_DRAW:
        seat = W[OFF_DRAWS]
        base = seat * DCAP
        n = W[G_DKL0 + seat]
        acc = 0
        for i in range(n):
            acc += W[OFF_DKC + base + i]
            cum[i] = acc
        at = pick_cum(cum, n, u)
        card = W[OFF_DKI + base + at]
        ids = A[OFF_DKI + base : OFF_DKI + base + DCAP]
        cnt = A[OFF_DKC + base : OFF_DKC + base + DCAP]
        W[G_DKL0 + seat] = deck_take_at(ids, cnt, n, at)
        W[G_DKS0 + seat] -= 1
        nd = W[G_NDRAWS]
        for i in range(nd - 1):
            W[OFF_DRAWS + i] = W[OFF_DRAWS + i + 1]
        W[G_NDRAWS] = nd - 1
        _hand_add(W, seat, card)
        W[G_PHASE] = PH_RUN
        _run(W)
        return
    # A roll: contest() pairs, attack outermost, both ascending.
    if W[G_ROLLING] == 2:
        na, nd = _rolls(W, 1, W[G_AMB_P], W[G_AMB_Q])
    else:
        na, nd = _rolls(W, 0, W[G_C_ATT], W[G_C_DEF])
        W[G_C_HTLR] = W[G_C_HTL]
    if na < 0:
        W[G_STATUS] = UNSUPPORTED
        return
    acc = 0
    for i in range(na):
        for j in range(nd):
            acc += W[_dist_at(0, i) + 1] * W[_dist_at(1, j) + 1]
            cum[i * nd + j] = acc
    at = pick_cum(cum, na * nd, u)
    ra = W[_dist_at(0, at // nd)]
    rd = W[_dist_at(1, at % nd)]
    if W[G_ROLLING] == 2:
        p, q = W[G_AMB_P], W[G_AMB_Q]
        W[G_ROLLING] = 0
        W[G_AMB_P] = -1
        W[G_AMB_Q] = -1
        if ra > rd:
            _destroy(W, q, False)
            W[G_CAP0 + _owner(p)] += 1
            W[G_ACTED] = 1
            if W[G_C_ON]:
                W[G_C_CANCELLED] = 1
    else:
        W[G_ROLLING] = 0
        W[G_C_RA] = ra
        W[G_C_RD] = rd
    W[G_PHASE] = PH_RUN
    _run(W)


@no_counts
def _allowed(W, banned):
    """core/restricted.BannedBot.allowed: the options less the cards played that `banned`
    names, moved to the front in order (the count of options becomes theirs), unless every
    one is banned. The log still records how many the rules listed."""
    n = W[G_NOPT]
    m = 0
    for i in range(n):
        o = OFF_OPT + i * OW
        if W[o] == O_PLAY and banned[W[o + 1]]:
            continue
        if m != i:
            for k in range(OW):
                W[OFF_OPT + m * OW + k] = W[o + k]
        m += 1
    if m:
        W[G_NOPT] = m


@njit(cache=True)
def play_game(
    seed,
    bseed,
    R,
    bots,
    BAN,
    BANNING,
    DKI,
    DKC,
    DKL,
    A,
    W,
    mt,
    bmt,
    scores,
    out,
    outf,
    k,
    log,
    stop,
):
    """One game on the vector A, which W points into (A's slices go to the shared helpers
    that take arrays)."""
    mt_seed(mt, seed)
    mt_seed(bmt, bseed)
    _setup(A, W, R, DKI, DKC, DKL)
    if R[R_FIRST] >= 0:
        _apply_chance(W, R[R_FIRST])
    decisions = 0
    trace = R[R_TRACE] == 1
    valued = -1  # the G_VALUES count `value` was worked out at
    value = 0.0
    timeout = False
    while W[G_STATUS] == OK:
        phase = W[G_PHASE]
        if phase == PH_OVER:
            break
        if phase == PH_FIRST or phase == PH_DRAW or phase == PH_ROLL:
            _chance(A, W, mt)
            continue
        if decisions >= R[R_MAX_DECISIONS]:
            timeout = True
            break
        seat = _to_move(W)
        _options(W)
        n = W[G_NOPT]
        if n == 0:
            W[G_STATUS] = UNSUPPORTED
            break
        if BANNING[seat]:
            _allowed(W, BAN[seat])
        i = _choose(W, bmt, bots[seat], seat, phase)
        if k == 0 and decisions == stop:
            break
        if k == 0 and decisions < log.shape[0]:
            log[decisions, 0] = phase
            log[decisions, 1] = n
            log[decisions, 2] = i
            log[decisions, 3] = seat
        _do(W, i)
        decisions += 1
        if trace:
            if W[G_VALUES] != valued:
                valued = W[G_VALUES]
                value = _evaluate(W, 0)
            scores[decisions - 1] = value
    out[k, O_STATUS] = W[G_STATUS]
    out[k, O_LENGTH] = decisions
    out[k, O_FIRST] = W[G_FIRST]
    out[k, O_TURNS] = W[G_TURN]
    for j in range(9):
        out[k, O_CAP0 + j] = W[G_CAP0 + j]
    if timeout:
        out[k, O_OUTCOME] = TIMEOUT
        out[k, O_WINNER] = -1
        out[k, O_REASON] = RS_NONE
        return
    out[k, O_OUTCOME] = FINISHED
    out[k, O_WINNER] = W[G_WINNER]
    out[k, O_REASON] = W[G_REASON]
    if trace:
        changes, decisive, drama = tension(scores, decisions, W[G_WINNER])
        out[k, O_LEAD_CHANGES] = changes
        outf[k, 0] = decisive
        outf[k, 1] = drama


@njit(cache=True, nogil=True)
def play_many(seeds, bseeds, R, bots, BAN, CT, BIN, DKI, DKC, DKL, log, stop):
    """Plays the seeds' games; the first game's decisions (phase, options, choice, seat) go
    into the rows of `log`, as many as it holds, and with `stop` >= 0 the first game halts at
    that decision (its vector is returned too, for tests that look inside)."""
    n = len(seeds)
    out = np.zeros((n, O_WIDTH), np.int64)
    outf = np.zeros((n, 2), np.float64)
    A = np.zeros(W_SIZE + CT.shape[0] * CT_W, np.int64)
    for c in range(CT.shape[0]):
        for k in range(CT_W):
            A[OFF_CT + c * CT_W + k] = CT[c, k]
    for i in range(R_WIDTH):
        A[OFF_R + i] = R[i]
    for i in range(BW):
        for j in range(BW):
            A[OFF_BIN + i * BW + j] = BIN[i, j]
    # The rules index the vector through a pointer (data_pointer); A, returned below, keeps
    # it alive until then.
    W = data_pointer(A)
    mt = np.zeros(MT_SIZE, np.int64)
    bmt = np.zeros(MT_SIZE, np.int64)
    scores = np.zeros(R[R_MAX_DECISIONS] + 1 if R[R_TRACE] == 1 else 1, np.float64)
    banning = np.zeros(2, np.bool_)  # the seats with a ban list
    for s in range(2):
        banning[s] = BAN[s].any()
    for k in range(n):
        play_game(
            seeds[k],
            bseeds[k],
            R,
            bots,
            BAN,
            banning,
            DKI,
            DKC,
            DKL,
            A,
            W,
            mt,
            bmt,
            scores,
            out,
            outf,
            k,
            log,
            stop,
        )
        if out[k, O_STATUS] != OK or stop >= 0:
            break
    return out, outf, A
