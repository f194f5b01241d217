"""Compiled batch play of Soldiers! Aliens! Carnage!: the dungeon builder of dungeon.py in game
mode, the skirmish of rules.py and the bots of bots.py, chance point for chance point and
decision for decision, on a few integer arrays per game.

An exact copy, not an approximation, as the other games' kernels are: the same two Mersenne
Twister streams a Match draws from, every card drawn by Dist.pick's walk over the pile's cards
in the order they entered it (a pile known to its last cards still takes a number from the
stream), the legal decisions listed in rules._candidates's order, and the heuristic's
breadth-first walks visiting each card's neighbours in dungeon.links's order. So every game
gives the very row the rules engine gives (tests/sac/test_kernel.py plays both side by side).
Tables are built in batch.py, which hands anything the kernel does not copy back to the rules
engine.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...core.compiled import MT_SIZE, mt_random, mt_seed, no_counts, pick_cum

# Roles (cards52), directions (dungeon.DIRS: clockwise from Up) and senses.
R_CORRIDOR, R_ROOM, R_ENEMY, R_DOOR, R_SHOP, R_HEALING, R_BIG_BAD = range(7)
UP, RIGHT, DOWN, LEFT = range(4)
CW, CCW = 0, 1
BLACK, RED = 0, 1

# CARD[c, ...]: one row per distinct card of the deck, in the order it entered the deck
(K_ROLE, K_RED, K_NUMBER, K_COST, K_HEALTH, K_CREDITS, K_DROPS, K_COVER) = range(8)
CARD_WIDTH = 8

# P[...]: the rule variants and the cards' numbers
(
    P_TABLE_WIDTH,
    P_TABLE_HEIGHT,
    P_START,
    P_DIR6_KEEP,
    P_PER_CARD,
    P_SHIFT_PLACE,
    P_FIRST_EACH,
    P_IMMEDIATE,
    P_BACKTRACK,
    P_RESHUFFLE,
    P_MISS,
    P_RANGE,
    P_ROUNDS,
    P_HEALTH,
    P_ARMOR,
    P_AMMO,
    P_MOST,
    P_ACTIONS,
    P_SALVO_ACTIONS,
    P_SALVO_AMMO,
    P_SALVO_DICE,
    P_HEAL,
    P_RESPAWN,
    P_SEARCH_CREDITS,
    P_DROP_AMOUNT,
    P_COVER,
    P_CREDITS,
    P_JOKERS,
    P_BUY_AMMO,
    P_BUY_MEDKIT,
    P_BUY_ARMOUR,
    P_MAX_DECISIONS,
) = range(32)
P_WIDTH = 32

# SHOP[i, ...]: shop.csv's rows; the stats are those of rules._gain
SH_STAT, SH_AMOUNT, SH_PRICE = range(3)
ST_HEALTH, ST_ARMOR, ST_AMMO = range(3)

# CELL[p, ...], p = x * height + y, so that cell numbers sort as the engine's (x, y) tuples:
# the card placed there (-1: empty) and its build-path neighbours in cell order, as
# dungeon.links lists them (-1 after the last).
(C_CARD, C_ROLE, C_SEG, C_DIR, C_ORIGIN, C_DOOR, C_VISITED, C_SEARCHED, C_NEAR) = range(9)
NEAR = 4  # a card is joined only to cards beside it
CELL_WIDTH = C_NEAR + NEAR

# SEG[s, ...]: dungeon.Segment
(
    G_KIND,
    G_PARENT,
    G_ANCHOR,
    G_DIR,
    G_SENSE,
    G_FIRST,
    G_COLOUR,
    G_LAST,
    G_ENTRY,
    G_ENDED,
    G_RETRIED,
    G_CELLS,
) = range(12)
SEG_WIDTH = 12
KIND_CORRIDOR, KIND_ROOM, KIND_STALL = range(3)
ENDED_NOT, ENDED_OTHER, ENDED_DEAD_END = range(3)

# DOOR[d, ...] and EN[e, ...] (an enemy made of a counter)
D_POS, D_DIR, D_CARD, D_SEG, D_TO_CORRIDOR, D_OPEN = range(6)
DOOR_WIDTH = 6
E_CARD, E_POS, E_HEALTH, E_MOST, E_ALIVE, E_BIG = range(6)
EN_WIDTH = 6

# ROLLS[i, ...]: rules.rolls, the chance points waiting: (kind, enemy, dice)
ROLL_SHOT, ROLL_LOOT, ROLL_BITE = range(3)

# S[...]: the scalars. DECK_SIZE and the bottom queues' heads and tails per pile (0: pile 1).
(
    NEED,
    CUR,
    FINISHED,
    LAST_ROOM,
    N_SEG,
    N_DOOR,
    N_EN,
    N_CELLS,
    N_PEND,
    N_BT,
    N_ROLLS,
    DECK_SIZE,
    BOTTOM_HEAD,
    BOTTOM_TAIL,
    POS,
    HEALTH,
    ARMOR,
    AMMO,
    CREDITS,
    ACTIONS,
    ROUND,
    ENDED,
    KILLS,
    BIG_KILLS,
    DOORS_SHOT,
    BITING,
    STATUS,
    PREV_ND,
) = (
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
    13,
    15,
    17,
    18,
    19,
    20,
    21,
    22,
    23,
    24,
    25,
    26,
    27,
    28,
    29,
    30,
)
STATE_SIZE = 31
GAME_ON, WON, DEAD, TIME = range(4)

# A decision: (kind, argument)
A_MOVE, A_DOOR, A_SHOOT, A_SALVO, A_SEARCH, A_REST, A_BUY, A_TRAVEL, A_END = range(9)

# out[...]: one game's result
(
    O_STATUS,
    O_OUTCOME,
    O_WINNER,
    O_LENGTH,
    O_ROUNDS,
    O_HEALTH,
    O_AMMO,
    O_CREDITS,
    O_KILLS,
    O_BIG_KILLS,
    O_DOORS_SHOT,
    O_CARDS_PLACED,
    O_SURVIVED,
) = range(13)
OUT_WIDTH = 13
WIN, LOSS, TIMEOUT = 0, 1, 2
OK, UNSUPPORTED = 0, 1  # UNSUPPORTED: the game outgrew a table, or stood on an empty cell
BOT_RANDOM, BOT_HEURISTIC = 0, 1


@no_counts
def _rot(d, sense, k):
    return (d + (k if sense == CW else -k)) % 4


@no_counts
def _sense_of(colour):
    return CW if colour == RED else CCW


@no_counts
def _direction(P, DIRT, CARD, c, current):
    """Config.direction: a 6 keeps the current direction under dir6 = keep."""
    n = CARD[c, K_NUMBER]
    if n == 6 and P[P_DIR6_KEEP] and current >= 0:
        return current
    return DIRT[n - 2]


@no_counts
def _link(CELL, p, q):
    """Join q to p's neighbours, kept in cell order (dungeon.links); False when they are
    full."""
    i = NEAR - 1
    if CELL[p, C_NEAR + i] >= 0:
        return False
    while i > 0 and (CELL[p, C_NEAR + i - 1] < 0 or CELL[p, C_NEAR + i - 1] > q):
        CELL[p, C_NEAR + i] = CELL[p, C_NEAR + i - 1]
        i -= 1
    CELL[p, C_NEAR + i] = q
    return True


@no_counts
def _is_open(CELL, DOOR, p):
    d = CELL[p, C_DOOR]
    return d < 0 or DOOR[d, D_OPEN] != 0


@no_counts
def _new_seg(S, SEG, kind, parent, anchor, direction, sense, first):
    s = S[N_SEG]
    if s >= SEG.shape[0]:
        S[STATUS] = UNSUPPORTED
        return -1
    SEG[s, :] = 0
    SEG[s, G_KIND] = kind
    SEG[s, G_PARENT] = parent
    SEG[s, G_ANCHOR] = anchor
    SEG[s, G_DIR] = direction
    SEG[s, G_SENSE] = sense
    SEG[s, G_FIRST] = first
    SEG[s, G_COLOUR] = -1
    SEG[s, G_LAST] = -1
    SEG[s, G_ENTRY] = 1
    S[N_SEG] = s + 1
    S[CUR] = s
    S[N_BT] = 0  # backtrack_from = ()
    return s


@no_counts
def _add_enemy(S, EN, CARD, pos, c):
    e = S[N_EN]
    if e >= EN.shape[0]:
        S[STATUS] = UNSUPPORTED
        return
    EN[e, E_CARD] = c
    EN[e, E_POS] = pos
    EN[e, E_HEALTH] = CARD[c, K_HEALTH]
    EN[e, E_MOST] = CARD[c, K_HEALTH]
    EN[e, E_ALIVE] = 1
    EN[e, E_BIG] = CARD[c, K_ROLE] == R_BIG_BAD
    S[N_EN] = e + 1


@no_counts
def _end(S, P, SEG, PEND, EN, CARD, s, why):
    """Builder._end: the segment's pending enemies become counters on its last non-door
    card, else the last one an earlier segment placed, else the start cell (R-12)."""
    SEG[s, G_ENDED] = why
    if S[N_PEND]:
        where = P[P_START]
        if SEG[s, G_LAST] >= 0:
            where = SEG[s, G_LAST]
        elif S[PREV_ND] >= 0:
            where = S[PREV_ND]
        for k in range(S[N_PEND]):
            _add_enemy(S, EN, CARD, where, PEND[k])
        S[N_PEND] = 0
    if SEG[s, G_LAST] >= 0:
        S[PREV_ND] = SEG[s, G_LAST]
    if S[CUR] == s:
        S[CUR] = -1


@no_counts
def _try_from(P, CELL, a, want, sense):
    """R-1 from one anchor: (cell, direction), cell -1 when every direction is refused; an
    anchor of -1 (nothing placed yet) is the start cell itself."""
    if a < 0:
        start = P[P_START]
        if CELL[start, C_CARD] < 0:
            return start, want
        return -1, 0
    h = P[P_TABLE_HEIGHT]
    x = a // h
    y = a % h
    for k in range(4):
        d = _rot(want, sense, k)
        nx = x + (1 if d == RIGHT else -1 if d == LEFT else 0)
        ny = y + (1 if d == DOWN else -1 if d == UP else 0)
        if 0 <= nx < P[P_TABLE_WIDTH] and 0 <= ny < h and CELL[nx * h + ny, C_CARD] < 0:
            return nx * h + ny, d
    return -1, 0


@no_counts
def _place(S, P, CELL, ORDER, BT, s, anchor, want, sense):
    """Builder._place: (cell, direction, anchor used), cell -1 when blocked; the backtrack
    variant (and a reshuffled room) tries further anchors."""
    p, d = _try_from(P, CELL, anchor, want, sense)
    if p >= 0:
        return p, d, anchor
    if not P[P_BACKTRACK] and S[N_BT] == 0:
        return -1, 0, -1
    if S[N_BT]:
        for k in range(S[N_BT]):
            a = BT[k]
            if a != anchor:
                p, d = _try_from(P, CELL, a, want, sense)
                if p >= 0:
                    return p, d, a
        return -1, 0, -1
    for k in range(S[N_CELLS] - 1, -1, -1):  # the segment's earlier cells, latest first
        a = ORDER[k]
        if CELL[a, C_SEG] == s and CELL[a, C_ROLE] != R_DOOR and a != anchor:
            p, d = _try_from(P, CELL, a, want, sense)
            if p >= 0:
                return p, d, a
    return -1, 0, -1


@no_counts
def _put(S, CELL, ORDER, SEG, s, c, role, p, d, origin):
    CELL[p, C_CARD] = c
    CELL[p, C_ROLE] = role
    CELL[p, C_SEG] = s
    CELL[p, C_DIR] = d
    CELL[p, C_ORIGIN] = origin
    CELL[p, C_DOOR] = -1
    ORDER[S[N_CELLS]] = p
    S[N_CELLS] += 1
    SEG[s, G_CELLS] += 1
    if role != R_DOOR:
        SEG[s, G_LAST] = p
        if role == R_ROOM or role == R_SHOP or role == R_HEALING:
            S[LAST_ROOM] = p
    if origin >= 0 and not (_link(CELL, p, origin) and _link(CELL, origin, p)):
        S[STATUS] = UNSUPPORTED


@no_counts
def _put_door(S, CELL, ORDER, SEG, DOOR, s, c, p, d, origin, to_corridor):
    _put(S, CELL, ORDER, SEG, s, c, R_DOOR, p, d, origin)
    k = S[N_DOOR]
    CELL[p, C_DOOR] = k
    DOOR[k, D_POS] = p
    DOOR[k, D_DIR] = d
    DOOR[k, D_CARD] = c
    DOOR[k, D_SEG] = s
    DOOR[k, D_TO_CORRIDOR] = to_corridor
    DOOR[k, D_OPEN] = 0
    S[N_DOOR] = k + 1


@no_counts
def _enemy(S, P, SEG, PEND, EN, CARD, s, c):
    if P[P_IMMEDIATE] and SEG[s, G_LAST] >= 0:
        _add_enemy(S, EN, CARD, SEG[s, G_LAST], c)
        return
    PEND[S[N_PEND]] = c
    S[N_PEND] += 1


@no_counts
def _room_after(S, P, SEG, PEND, EN, CARD, s, anchor, heading, sense):
    _end(S, P, SEG, PEND, EN, CARD, s, ENDED_OTHER)
    _new_seg(S, SEG, KIND_ROOM, s, anchor, heading, sense, 0)


@no_counts
def _corridor_card(S, P, DIRT, CARD, CELL, ORDER, SEG, DOOR, EN, PEND, BOTTOM, BT, s, c):
    """Builder._corridor_card (R-3 to R-5)."""
    role = CARD[c, K_ROLE]
    if role == R_ENEMY or role == R_BIG_BAD:
        _enemy(S, P, SEG, PEND, EN, CARD, s, c)
        return
    here = SEG[s, G_LAST] if SEG[s, G_LAST] >= 0 else SEG[s, G_ANCHOR]
    if role == R_DOOR:
        if SEG[s, G_FIRST] and SEG[s, G_LAST] < 0:  # under pile 1
            BOTTOM[0, S[BOTTOM_TAIL]] = c
            S[BOTTOM_TAIL] += 1
            return
        colour = SEG[s, G_COLOUR]
        sense = _sense_of(colour) if colour >= 0 else CW
        p, d, origin = _place(S, P, CELL, ORDER, BT, s, here, SEG[s, G_DIR], sense)
        if p < 0:
            _end(S, P, SEG, PEND, EN, CARD, s, ENDED_DEAD_END)
            return
        _put_door(S, CELL, ORDER, SEG, DOOR, s, c, p, d, origin, 0)
        _end(S, P, SEG, PEND, EN, CARD, s, ENDED_OTHER)
        return
    colour = CARD[c, K_RED]
    if SEG[s, G_FIRST] and SEG[s, G_LAST] < 0:
        SEG[s, G_COLOUR] = colour
        SEG[s, G_DIR] = _direction(P, DIRT, CARD, c, -1)
        _put(S, CELL, ORDER, SEG, s, c, role, P[P_START], -1, -1)
        return
    if SEG[s, G_COLOUR] < 0:
        SEG[s, G_COLOUR] = colour
        if P[P_FIRST_EACH] or SEG[s, G_DIR] < 0:
            SEG[s, G_DIR] = _direction(P, DIRT, CARD, c, SEG[s, G_DIR])
    elif colour != SEG[s, G_COLOUR]:  # the colour shifts
        sense = _sense_of(colour)
        if P[P_SHIFT_PLACE]:
            p, d, origin = _place(
                S, P, CELL, ORDER, BT, s, here, SEG[s, G_DIR], _sense_of(SEG[s, G_COLOUR])
            )
            if p >= 0:
                SEG[s, G_DIR] = d
                _put(S, CELL, ORDER, SEG, s, c, role, p, d, origin)
                here = p
        _room_after(S, P, SEG, PEND, EN, CARD, s, here, SEG[s, G_DIR], sense)
        return
    p, d, origin = _place(
        S, P, CELL, ORDER, BT, s, here, SEG[s, G_DIR], _sense_of(SEG[s, G_COLOUR])
    )
    if p < 0:
        _end(S, P, SEG, PEND, EN, CARD, s, ENDED_DEAD_END)
        return
    SEG[s, G_DIR] = d  # straight on unless a blocked cell turned it
    _put(S, CELL, ORDER, SEG, s, c, role, p, d, origin)


@no_counts
def _next(P, DIRT, CARD, c, role, placed):
    if role == R_SHOP or role == R_HEALING:
        return placed  # an ace keeps the direction it was given
    return _direction(P, DIRT, CARD, c, placed)


@no_counts
def _room_card(S, P, DIRT, CARD, CELL, ORDER, SEG, DOOR, EN, PEND, BT, s, c):
    """Builder._room_card (R-7 to R-10)."""
    role = CARD[c, K_ROLE]
    if role == R_ENEMY or role == R_BIG_BAD:
        _enemy(S, P, SEG, PEND, EN, CARD, s, c)
        return
    sense = _sense_of(CARD[c, K_RED]) if P[P_PER_CARD] else SEG[s, G_SENSE]
    anchor = SEG[s, G_ANCHOR] if SEG[s, G_ENTRY] else SEG[s, G_LAST]
    p, d, origin = _place(S, P, CELL, ORDER, BT, s, anchor, SEG[s, G_DIR], sense)
    if p < 0:
        _end(S, P, SEG, PEND, EN, CARD, s, ENDED_DEAD_END)
        return
    if role == R_DOOR:
        _put_door(S, CELL, ORDER, SEG, DOOR, s, c, p, d, origin, 1)
        if SEG[s, G_ENTRY]:  # a door first circles the anchor
            SEG[s, G_DIR] = _rot(d, sense, 1)
        else:
            _end(S, P, SEG, PEND, EN, CARD, s, ENDED_OTHER)
        return
    SEG[s, G_ENTRY] = 0
    _put(S, CELL, ORDER, SEG, s, c, role, p, d, origin)
    SEG[s, G_DIR] = _next(P, DIRT, CARD, c, role, d)


@no_counts
def _pile_len(S, k):
    return S[DECK_SIZE + k] + S[BOTTOM_TAIL + k] - S[BOTTOM_HEAD + k]


@no_counts
def _stall(S, P, CELL, ORDER, SEG, BT):
    """Builder._stall (R-14a, and A-31's reshuffle)."""
    if P[P_RESHUFFLE]:
        for s in range(S[N_SEG] - 1, -1, -1):
            if SEG[s, G_ENDED] == ENDED_DEAD_END and not SEG[s, G_RETRIED] and SEG[s, G_CELLS]:
                SEG[s, G_RETRIED] = 1
                n = 0
                back = s
                while back >= 0:
                    for k in range(S[N_CELLS] - 1, -1, -1):
                        q = ORDER[k]
                        if CELL[q, C_SEG] == back and CELL[q, C_ROLE] != R_DOOR:
                            BT[n] = q
                            n += 1
                    back = SEG[back, G_PARENT]
                if n == 0:
                    continue
                first = BT[0]
                heading = CELL[first, C_DIR] if CELL[first, C_DIR] >= 0 else LEFT
                sense = SEG[s, G_SENSE] if SEG[s, G_SENSE] >= 0 else CW
                if _new_seg(S, SEG, KIND_ROOM, s, first, heading, sense, 0) >= 0:
                    S[N_BT] = n
                return
    where = S[LAST_ROOM] if S[LAST_ROOM] >= 0 else P[P_START]
    _new_seg(S, SEG, KIND_STALL, -1, where, -1, -1, 0)


@no_counts
def _advance(S, P, CARD, CELL, ORDER, SEG, DOOR, EN, PEND, BOTTOM, BT):
    """Builder.advance in game mode: take every step that draws no card, until a card is
    needed (S[NEED] = its pile, 1 or 2) or none is (0)."""
    while S[STATUS] == OK:
        s = S[CUR]
        if s >= 0:
            k = 0 if SEG[s, G_KIND] == KIND_CORRIDOR else 1
            recycled = False  # R-3's doors under pile 1 would come round for ever
            if SEG[s, G_FIRST] and SEG[s, G_LAST] < 0 and S[DECK_SIZE + k] == 0:
                recycled = True
                for j in range(S[BOTTOM_HEAD + k], S[BOTTOM_TAIL + k]):
                    if CARD[BOTTOM[k, j], K_ROLE] != R_DOOR:
                        recycled = False
            if _pile_len(S, k) and not recycled:
                S[NEED] = k + 1
                return
            if SEG[s, G_KIND] == KIND_CORRIDOR:
                colour = SEG[s, G_COLOUR]
                here = SEG[s, G_LAST] if SEG[s, G_LAST] >= 0 else SEG[s, G_ANCHOR]
                heading = SEG[s, G_DIR] if SEG[s, G_DIR] >= 0 else LEFT
                _room_after(
                    S, P, SEG, PEND, EN, CARD, s, here, heading, CCW if colour == RED else CW
                )
            else:
                _end(S, P, SEG, PEND, EN, CARD, s, ENDED_OTHER)
                S[FINISHED] = 1
            continue
        S[NEED] = 0
        if S[FINISHED]:
            return
        if _pile_len(S, 1) == 0:
            S[FINISHED] = 1
            return
        for d in range(S[N_DOOR]):
            if not DOOR[d, D_OPEN]:
                return  # game mode: a door opens when it is shot
        _stall(S, P, CELL, ORDER, SEG, BT)


@no_counts
def _feed(S, P, DIRT, CARD, CELL, ORDER, SEG, DOOR, EN, PEND, PILE, DECK, BOTTOM, BT, cum, u):
    """Builder.feed of the card Dist.pick(u) draws from pile S[NEED]."""
    k = S[NEED] - 1
    if S[DECK_SIZE + k]:
        n = PILE.shape[1]
        total = 0
        for i in range(n):
            total += DECK[k, i]
            cum[i] = total
        i = pick_cum(cum, n, u)
        c = PILE[k, i]
        DECK[k, i] -= 1
        S[DECK_SIZE + k] -= 1
    else:  # the bottom cards come in a known order: one outcome, still a number drawn
        c = BOTTOM[k, S[BOTTOM_HEAD + k]]
        S[BOTTOM_HEAD + k] += 1
    s = S[CUR]
    kind = SEG[s, G_KIND]
    if kind == KIND_CORRIDOR:
        _corridor_card(S, P, DIRT, CARD, CELL, ORDER, SEG, DOOR, EN, PEND, BOTTOM, BT, s, c)
    elif kind == KIND_ROOM:
        _room_card(S, P, DIRT, CARD, CELL, ORDER, SEG, DOOR, EN, PEND, BT, s, c)
    elif CARD[c, K_ROLE] == R_ENEMY or CARD[c, K_ROLE] == R_BIG_BAD:  # R-14a
        _add_enemy(S, EN, CARD, SEG[s, G_ANCHOR], c)
    _advance(S, P, CARD, CELL, ORDER, SEG, DOOR, EN, PEND, BOTTOM, BT)


# -- the skirmish -------------------------------------------------------------------------
@no_counts
def _gain(S, P, stat, amount):
    at = HEALTH if stat == ST_HEALTH else ARMOR if stat == ST_ARMOR else AMMO
    S[at] = min(P[P_MOST], S[at] + amount)


@no_counts
def _hurt(S, damage):
    """Vitals.take: armour soaks first; 0 health ends the game."""
    soaked = min(S[ARMOR], damage)
    S[ARMOR] -= soaked
    S[HEALTH] -= damage - soaked
    if S[HEALTH] <= 0:
        S[HEALTH] = 0
        S[ENDED] = DEAD


@no_counts
def _start_round(S, P, EN):
    S[ROUND] += 1
    if S[ROUND] > P[P_ROUNDS]:
        S[ROUND] -= 1
        S[ENDED] = TIME
        return
    if S[ROUND] > 1 and (S[ROUND] - 1) % P[P_RESPAWN] == 0:
        for e in range(S[N_EN]):
            if not EN[e, E_ALIVE]:
                EN[e, E_ALIVE] = 1
                EN[e, E_HEALTH] = EN[e, E_MOST]
    S[ACTIONS] = P[P_ACTIONS]


@no_counts
def _end_round(S, P, CELL, EN, ROLLS):
    """rules._end_round: the Big Bads on or next to the soldier's card bite once (R-22),
    then the next round."""
    S[ACTIONS] = 0
    if S[ENDED]:
        return
    if S[N_ROLLS] == 0 and not S[BITING]:
        pos = S[POS]
        for e in range(S[N_EN]):
            if not (EN[e, E_BIG] and EN[e, E_ALIVE]):
                continue
            q = EN[e, E_POS]
            near = q == pos
            for j in range(NEAR):
                near = near or CELL[pos, C_NEAR + j] == q
            if near:
                if S[N_ROLLS] >= ROLLS.shape[0]:
                    S[STATUS] = UNSUPPORTED
                    return
                ROLLS[S[N_ROLLS], 0] = ROLL_BITE
                ROLLS[S[N_ROLLS], 1] = e
                S[N_ROLLS] += 1
        if S[N_ROLLS]:
            S[BITING] = 1
            return
    if S[N_ROLLS]:
        return
    S[BITING] = 0
    _start_round(S, P, EN)


@no_counts
def _roll(S, P, CARD, CELL, EN, ROLLS, D20, D20_CUM, SALVO, SALVO_CUM, D6, D6_CUM, u):
    """rules.apply_chance for the first roll waiting."""
    kind = ROLLS[0, 0]
    e = ROLLS[0, 1]
    dice = ROLLS[0, 2]
    S[N_ROLLS] -= 1
    for i in range(S[N_ROLLS]):
        for k in range(3):  # (a row copied onto a row needs an array made)
            ROLLS[i, k] = ROLLS[i + 1, k]
    if kind == ROLL_SHOT:
        if dice == 1:
            total = D20[pick_cum(D20_CUM, len(D20_CUM), u)]
        else:
            total = SALVO[pick_cum(SALVO_CUM, len(SALVO_CUM), u)]
        where = CELL[EN[e, E_POS], C_CARD]
        cover = P[P_COVER] if where >= 0 and CARD[where, K_COVER] else 0
        damage = max(0, total - cover)
        c = EN[e, E_CARD]
        if damage >= EN[e, E_HEALTH]:
            EN[e, E_HEALTH] = 0
            EN[e, E_ALIVE] = 0
            S[KILLS] += 1
            S[BIG_KILLS] += EN[e, E_BIG]
            S[CREDITS] += CARD[c, K_CREDITS]
            if CARD[c, K_DROPS]:  # the loot is rolled first
                if S[N_ROLLS] >= ROLLS.shape[0]:
                    S[STATUS] = UNSUPPORTED
                    return
                for i in range(S[N_ROLLS], 0, -1):
                    for k in range(3):
                        ROLLS[i, k] = ROLLS[i - 1, k]
                ROLLS[0, 0] = ROLL_LOOT
                S[N_ROLLS] += 1
            bigs = 0
            alive = False
            for x in range(S[N_EN]):
                if EN[x, E_BIG]:
                    bigs += 1
                    alive = alive or EN[x, E_ALIVE] != 0
            if not alive and bigs >= P[P_JOKERS]:
                S[ENDED] = WON
        else:
            if not P[P_MISS]:
                EN[e, E_HEALTH] -= damage
            _hurt(S, EN[e, E_HEALTH])
    elif kind == ROLL_LOOT:
        outcome = D6[pick_cum(D6_CUM, len(D6_CUM), u)]
        _gain(S, P, (outcome - 1) // 2, P[P_DROP_AMOUNT])
    else:
        _hurt(S, D20[pick_cum(D20_CUM, len(D20_CUM), u)])
    if S[N_ROLLS] == 0 and not S[ENDED] and S[ACTIONS] == 0:
        _end_round(S, P, CELL, EN, ROLLS)


@no_counts
def _within(CELL, DOOR, start, steps, SEEN, LIST):
    """rules._within: the cells at most `steps` moves away along the build path (closed
    doors stop it), marked in SEEN and listed in LIST; returns how many."""
    SEEN[start] = 1
    LIST[0] = start
    n = 1
    lo = 0
    for _ in range(steps):
        hi = n
        for i in range(lo, hi):
            p = LIST[i]
            for j in range(NEAR):
                q = CELL[p, C_NEAR + j]
                if q >= 0 and not SEEN[q] and _is_open(CELL, DOOR, q):
                    SEEN[q] = 1
                    LIST[n] = q
                    n += 1
        lo = hi
    return n


@no_counts
def _room_left(S, CELL, ORDER, SEG, p):
    """(cards in the room of cell p, the first of them not searched yet or -1):
    rules._room_cells."""
    s = CELL[p, C_SEG]
    if SEG[s, G_KIND] != KIND_ROOM or CELL[p, C_ROLE] == R_DOOR:
        return 0, -1
    n = 0
    first = -1
    for k in range(S[N_CELLS]):
        q = ORDER[k]
        role = CELL[q, C_ROLE]
        if CELL[q, C_SEG] == s and (role == R_ROOM or role == R_SHOP or role == R_HEALING):
            n += 1
            if first < 0 and not CELL[q, C_SEARCHED]:
                first = q
    return n, first


@no_counts
def _held(S, EN, p):
    """Whether a living enemy stands on p."""
    for e in range(S[N_EN]):
        if EN[e, E_ALIVE] and EN[e, E_POS] == p:
            return True
    return False


@no_counts
def _add(OPTS, n, kind, arg):
    OPTS[n, 0] = kind
    OPTS[n, 1] = arg
    return n + 1


@no_counts
def options(S, P, CARD, CELL, ORDER, SEG, DOOR, EN, SHOP, OPTS, SEEN, LIST):
    """rules.legal_actions: _candidates in order, those _why allows."""
    n = 0
    here = S[POS]
    acts = S[ACTIONS]
    for j in range(NEAR):  # in cell order, as _candidates sorts them
        p = CELL[here, C_NEAR + j]
        if p < 0:
            break
        d = CELL[p, C_DOOR]
        if d >= 0 and not DOOR[d, D_OPEN]:
            if acts >= 1 and not S[FINISHED] and S[AMMO] >= CARD[DOOR[d, D_CARD], K_COST]:
                n = _add(OPTS, n, A_DOOR, p)
        elif acts >= 1 and not _held(S, EN, p):
            n = _add(OPTS, n, A_MOVE, p)
    m = _within(CELL, DOOR, here, P[P_RANGE], SEEN, LIST)
    for e in range(S[N_EN]):
        if EN[e, E_ALIVE] and SEEN[EN[e, E_POS]] and acts >= 1:
            if S[AMMO] >= 1:
                n = _add(OPTS, n, A_SHOOT, e)
            if acts >= P[P_SALVO_ACTIONS] and S[AMMO] >= P[P_SALVO_AMMO]:
                n = _add(OPTS, n, A_SALVO, e)
    for i in range(m):
        SEEN[LIST[i]] = 0
    cards, first = _room_left(S, CELL, ORDER, SEG, here)
    if cards and acts >= 1 and first >= 0:
        n = _add(OPTS, n, A_SEARCH, 0)
    role = CELL[here, C_ROLE]
    most = P[P_MOST]
    if role == R_HEALING and acts >= P[P_ACTIONS] and not (S[HEALTH] >= most and S[ARMOR] >= most):
        n = _add(OPTS, n, A_REST, 0)
    if role == R_SHOP:
        for i in range(SHOP.shape[0]):
            stat = SHOP[i, SH_STAT]
            have = S[HEALTH] if stat == ST_HEALTH else S[ARMOR] if stat == ST_ARMOR else S[AMMO]
            if S[CREDITS] >= SHOP[i, SH_PRICE] and have < most:
                n = _add(OPTS, n, A_BUY, i)
    if acts >= P[P_ACTIONS] and _explored(S, CELL, ORDER, DOOR):
        for p in range(CELL.shape[0]):
            role = CELL[p, C_ROLE]
            if (
                CELL[p, C_CARD] >= 0
                and p != here
                and _is_open(CELL, DOOR, p)
                and (role == R_ROOM or role == R_SHOP or role == R_HEALING or role == R_DOOR)
                and not _held(S, EN, p)
            ):
                n = _add(OPTS, n, A_TRAVEL, p)
    return _add(OPTS, n, A_END, 0)


@no_counts
def _explored(S, CELL, ORDER, DOOR):
    """A-24: every card visited and no door left that could open anything."""
    if not S[FINISHED]:
        for d in range(S[N_DOOR]):
            if not DOOR[d, D_OPEN]:
                return False
    for k in range(S[N_CELLS]):
        p = ORDER[k]
        if not CELL[p, C_VISITED] and _is_open(CELL, DOOR, p):
            return False
    return True


@no_counts
def apply(S, P, CARD, CELL, ORDER, SEG, DOOR, EN, PEND, BOTTOM, BT, SHOP, ROLLS, kind, arg):
    """rules.apply."""
    if kind == A_END:
        _end_round(S, P, CELL, EN, ROLLS)
        return
    if kind == A_BUY:
        S[CREDITS] -= SHOP[arg, SH_PRICE]
        _gain(S, P, SHOP[arg, SH_STAT], SHOP[arg, SH_AMOUNT])
        return
    if kind == A_TRAVEL or kind == A_REST:
        S[ACTIONS] = 0
        if kind == A_TRAVEL:
            S[POS] = arg
            CELL[arg, C_VISITED] = 1
        else:
            _gain(S, P, ST_HEALTH, P[P_HEAL])
            _gain(S, P, ST_ARMOR, P[P_HEAL])
        _end_round(S, P, CELL, EN, ROLLS)
        return
    if kind == A_MOVE:
        S[ACTIONS] -= 1
        S[POS] = arg
        CELL[arg, C_VISITED] = 1
    elif kind == A_DOOR:  # building goes on behind it
        d = CELL[arg, C_DOOR]
        S[ACTIONS] -= 1
        S[AMMO] -= CARD[DOOR[d, D_CARD], K_COST]
        S[DOORS_SHOT] += 1
        DOOR[d, D_OPEN] = 1
        s = DOOR[d, D_SEG]
        if DOOR[d, D_TO_CORRIDOR]:
            _new_seg(S, SEG, KIND_CORRIDOR, s, DOOR[d, D_POS], DOOR[d, D_DIR], -1, 0)
        else:
            _new_seg(S, SEG, KIND_ROOM, s, DOOR[d, D_POS], DOOR[d, D_DIR], CW, 0)
        _advance(S, P, CARD, CELL, ORDER, SEG, DOOR, EN, PEND, BOTTOM, BT)
    elif kind == A_SHOOT or kind == A_SALVO:
        salvo = kind == A_SALVO
        S[ACTIONS] -= P[P_SALVO_ACTIONS] if salvo else 1
        S[AMMO] -= P[P_SALVO_AMMO] if salvo else 1
        if S[N_ROLLS] >= ROLLS.shape[0]:
            S[STATUS] = UNSUPPORTED
            return
        ROLLS[S[N_ROLLS], 0] = ROLL_SHOT
        ROLLS[S[N_ROLLS], 1] = arg
        ROLLS[S[N_ROLLS], 2] = P[P_SALVO_DICE] if salvo else 1
        S[N_ROLLS] += 1
    elif kind == A_SEARCH:
        S[ACTIONS] -= 1
        _, first = _room_left(S, CELL, ORDER, SEG, S[POS])
        CELL[first, C_SEARCHED] = 1
        S[CREDITS] += P[P_SEARCH_CREDITS]
    if S[ACTIONS] == 0 and S[N_ROLLS] == 0 and S[NEED] == 0 and not S[ENDED]:
        _end_round(S, P, CELL, EN, ROLLS)


# -- the heuristic (bots.py) --------------------------------------------------------------
@no_counts
def _find(OPTS, n, kind, arg):
    for i in range(n):
        if OPTS[i, 0] == kind and OPTS[i, 1] == arg:
            return i
    return -1


@no_counts
def _first_of(OPTS, n, kind):
    for i in range(n):
        if OPTS[i, 0] == kind:
            return i
    return -1


@no_counts
def _step_towards(S, CELL, ORDER, DOOR, EN, GOAL, PREV, QUEUE, BLOCKED):
    """bots._step_towards: the first cell of a shortest path along the build path to a cell
    marked in GOAL, or -1. Neighbours are visited in cell order (dungeon.links), which decides
    ties."""
    start = S[POS]
    for k in range(S[N_CELLS]):
        PREV[ORDER[k]] = -2
    PREV[start] = -1
    for e in range(S[N_EN]):
        if EN[e, E_ALIVE]:
            BLOCKED[EN[e, E_POS]] = 1
    QUEUE[0] = start
    head = 0
    tail = 1
    found = -1
    while head < tail:
        p = QUEUE[head]
        head += 1
        if GOAL[p] and p != start:
            while PREV[p] != start:
                p = PREV[p]
            found = p
            break
        for j in range(NEAR):
            q = CELL[p, C_NEAR + j]
            if q < 0 or PREV[q] != -2:
                continue
            if not GOAL[q] and (BLOCKED[q] or not _is_open(CELL, DOOR, q)):
                continue
            PREV[q] = p
            QUEUE[tail] = q
            tail += 1
    for e in range(S[N_EN]):
        BLOCKED[EN[e, E_POS]] = 0
    return found


@no_counts
def _clear(S, ORDER, GOAL, start):
    for k in range(S[N_CELLS]):
        GOAL[ORDER[k]] = 0
    GOAL[start] = 0


@no_counts
def heuristic(
    S, P, CARD, CELL, ORDER, SEG, DOOR, EN, OPTS, n, SEEN, LIST, GOAL, PREV, QUEUE, BLOCKED
):
    """bots.heuristic's choice among the n decisions in OPTS."""
    pos = S[POS]
    for want in (P[P_BUY_AMMO], P[P_BUY_MEDKIT], P[P_BUY_ARMOUR]):
        if want < 0 or (want == P[P_BUY_ARMOUR] and S[ARMOR] >= 10):
            continue
        i = _find(OPTS, n, A_BUY, want)
        if i >= 0:
            return i
    rest = _first_of(OPTS, n, A_REST)
    vitals = S[HEALTH] + S[ARMOR]
    if rest >= 0 and vitals <= 30:
        return rest
    # Enemies in range: the first of the Big Bads, else of the healthiest.
    target = -1
    for i in range(n):
        if OPTS[i, 0] == A_SHOOT:
            e = OPTS[i, 1]
            if (
                target < 0
                or EN[e, E_BIG] > EN[target, E_BIG]
                or (EN[e, E_BIG] == EN[target, E_BIG] and EN[e, E_HEALTH] > EN[target, E_HEALTH])
            ):
                target = e
    if target >= 0:
        big = EN[target, E_BIG]
        hp = EN[target, E_HEALTH]
        salvo = _find(OPTS, n, A_SALVO, target)
        if salvo >= 0 and (hp > 8 or big):
            return salvo
        if big and hp > 10:  # step back out of every Big Bad's reach instead
            for e in range(S[N_EN]):
                if EN[e, E_BIG] and EN[e, E_ALIVE]:
                    q = EN[e, E_POS]
                    GOAL[q] = 1
                    for j in range(NEAR):
                        if CELL[q, C_NEAR + j] >= 0:
                            GOAL[CELL[q, C_NEAR + j]] = 1
            away = -1
            for i in range(n):
                if OPTS[i, 0] == A_MOVE and not GOAL[OPTS[i, 1]]:
                    away = i
                    break
            for e in range(S[N_EN]):
                q = EN[e, E_POS]
                GOAL[q] = 0
                for j in range(NEAR):
                    if CELL[q, C_NEAR + j] >= 0:
                        GOAL[CELL[q, C_NEAR + j]] = 0
            if away >= 0:
                return away
        return _find(OPTS, n, A_SHOOT, target)
    search = _first_of(OPTS, n, A_SEARCH)
    if search >= 0 and S[ACTIONS] >= 1:
        return search
    bigs = False
    for e in range(S[N_EN]):
        bigs = bigs or (EN[e, E_BIG] != 0 and EN[e, E_ALIVE] != 0)
    healing = False
    at_healing = False
    for k in range(S[N_CELLS]):
        if CELL[ORDER[k], C_ROLE] == R_HEALING:
            healing = True
            at_healing = at_healing or ORDER[k] == pos
    if vitals < 25 and healing and not at_healing:
        for k in range(S[N_CELLS]):
            GOAL[ORDER[k]] = CELL[ORDER[k], C_ROLE] == R_HEALING
        step = _step_towards(S, CELL, ORDER, DOOR, EN, GOAL, PREV, QUEUE, BLOCKED)
        _clear(S, ORDER, GOAL, pos)
        i = _find(OPTS, n, A_MOVE, step) if step >= 0 else -1
        if i >= 0:
            return i
    if rest >= 0 and vitals < 40 and bigs:
        return rest
    if bigs and S[AMMO] >= 3 and (vitals >= 25 or not healing):
        for e in range(S[N_EN]):
            if EN[e, E_BIG] and EN[e, E_ALIVE]:
                b = EN[e, E_POS]
                m = _within(CELL, DOOR, b, P[P_RANGE], SEEN, LIST)
                for k in range(m):
                    SEEN[LIST[k]] = 0
                    if LIST[k] != b:
                        GOAL[LIST[k]] = 1
        step = _step_towards(S, CELL, ORDER, DOOR, EN, GOAL, PREV, QUEUE, BLOCKED)
        _clear(S, ORDER, GOAL, pos)
        if step >= 0:
            i = _find(OPTS, n, A_MOVE, step)
            return i if i >= 0 else _first_of(OPTS, n, A_END)
    # Doors next to the soldier, if they can be paid for with some ammunition to spare.
    for i in range(n):
        if OPTS[i, 0] == A_DOOR:
            d = CELL[OPTS[i, 1], C_DOOR]
            if S[AMMO] - CARD[DOOR[d, D_CARD], K_COST] >= 3:
                return i
    # The cards not seen yet, and the cards closed doors were placed from.
    any_goal = False
    for k in range(S[N_CELLS]):
        p = ORDER[k]
        if not CELL[p, C_VISITED] and _is_open(CELL, DOOR, p) and p != pos:
            GOAL[p] = 1
            any_goal = True
    if not S[FINISHED]:
        for d in range(S[N_DOOR]):
            if not DOOR[d, D_OPEN]:
                origin = CELL[DOOR[d, D_POS], C_ORIGIN]
                if origin >= 0 and origin != pos:
                    GOAL[origin] = 1
                    any_goal = True
    if any_goal:
        step = _step_towards(S, CELL, ORDER, DOOR, EN, GOAL, PREV, QUEUE, BLOCKED)
        _clear(S, ORDER, GOAL, pos)
        i = _find(OPTS, n, A_MOVE, step) if step >= 0 else -1
        if i >= 0:
            return i
    shops = False
    at_shop = False
    for k in range(S[N_CELLS]):
        if CELL[ORDER[k], C_ROLE] == R_SHOP:
            shops = True
            at_shop = at_shop or ORDER[k] == pos
    if S[CREDITS] >= 5 and shops and not at_shop:
        for k in range(S[N_CELLS]):
            GOAL[ORDER[k]] = CELL[ORDER[k], C_ROLE] == R_SHOP
        step = _step_towards(S, CELL, ORDER, DOOR, EN, GOAL, PREV, QUEUE, BLOCKED)
        _clear(S, ORDER, GOAL, pos)
        i = _find(OPTS, n, A_MOVE, step) if step >= 0 else -1
        if i >= 0:
            return i
    return _first_of(OPTS, n, A_END)


@no_counts
def play_one(
    seed,
    bseed,
    P,
    BOTS,
    DIRT,
    CARD,
    PILE,
    PILE_COUNT,
    JOKER,
    SHOP,
    D20,
    D20_CUM,
    SALVO,
    SALVO_CUM,
    D6,
    D6_CUM,
    out,
    g,
    S,
    CELL,
    ORDER,
    SEG,
    DOOR,
    EN,
    PEND,
    DECK,
    BOTTOM,
    BT,
    ROLLS,
    OPTS,
    cum,
    SEEN,
    LIST,
    GOAL,
    PREV,
    QUEUE,
    BLOCKED,
    cmt,
    bmt,
):
    """One game from `seed` into out[g]: simulate.play_out's loop over SacState, drawing
    from the two streams `cmt` and `bmt`."""
    mt_seed(cmt, seed)
    bmt[MT_SIZE - 1] = -1  # seeded on first use: the heuristic never draws
    S[:] = 0
    CELL[:, :] = -1
    CELL[:, C_VISITED] = 0
    CELL[:, C_SEARCHED] = 0
    for k in range(PILE_COUNT.shape[0]):  # (an array copied onto a slice needs one made)
        for i in range(PILE_COUNT.shape[1]):
            DECK[k, i] = PILE_COUNT[k, i]
    for k in range(2):
        total = 0
        for i in range(PILE_COUNT.shape[1]):
            total += PILE_COUNT[k, i]
        S[DECK_SIZE + k] = total
    for j in range(JOKER[1]):  # both Jokers at the bottom of pile 2
        BOTTOM[1, j] = JOKER[0]
    S[BOTTOM_TAIL + 1] = JOKER[1]
    S[LAST_ROOM] = -1
    S[PREV_ND] = -1
    _new_seg(S, SEG, KIND_CORRIDOR, -1, -1, -1, -1, 1)
    _advance(S, P, CARD, CELL, ORDER, SEG, DOOR, EN, PEND, BOTTOM, BT)
    S[POS] = P[P_START]
    S[HEALTH] = P[P_HEALTH]
    S[ARMOR] = P[P_ARMOR]
    S[AMMO] = P[P_AMMO]
    S[CREDITS] = P[P_CREDITS]
    CELL[P[P_START], C_VISITED] = 1
    if S[NEED] == 0:
        _start_round(S, P, EN)
    decisions = 0
    timeout = False
    while S[STATUS] == OK and not S[ENDED]:
        if S[NEED] or S[N_ROLLS]:
            u = mt_random(cmt)
            if S[NEED]:
                _feed(
                    S,
                    P,
                    DIRT,
                    CARD,
                    CELL,
                    ORDER,
                    SEG,
                    DOOR,
                    EN,
                    PEND,
                    PILE,
                    DECK,
                    BOTTOM,
                    BT,
                    cum,
                    u,
                )
                if S[NEED] == 0 and S[ROUND] == 0:
                    _start_round(S, P, EN)
                if S[NEED] == 0 and S[ROUND] and S[ACTIONS] == 0:
                    _end_round(S, P, CELL, EN, ROLLS)
            else:
                _roll(S, P, CARD, CELL, EN, ROLLS, D20, D20_CUM, SALVO, SALVO_CUM, D6, D6_CUM, u)
            continue
        if decisions >= P[P_MAX_DECISIONS]:
            timeout = True
            break
        if CELL[S[POS], C_CARD] < 0:  # the engine has no card to read there
            S[STATUS] = UNSUPPORTED
            break
        n = options(S, P, CARD, CELL, ORDER, SEG, DOOR, EN, SHOP, OPTS, SEEN, LIST)
        if BOTS[0] == BOT_RANDOM:
            if bmt[MT_SIZE - 1] < 0:
                mt_seed(bmt, bseed)
            i = int(mt_random(bmt) * n)
        else:
            i = heuristic(
                S,
                P,
                CARD,
                CELL,
                ORDER,
                SEG,
                DOOR,
                EN,
                OPTS,
                n,
                SEEN,
                LIST,
                GOAL,
                PREV,
                QUEUE,
                BLOCKED,
            )
        apply(
            S,
            P,
            CARD,
            CELL,
            ORDER,
            SEG,
            DOOR,
            EN,
            PEND,
            BOTTOM,
            BT,
            SHOP,
            ROLLS,
            OPTS[i, 0],
            OPTS[i, 1],
        )
        decisions += 1
    out[g, O_STATUS] = S[STATUS]
    if timeout:
        out[g, O_OUTCOME] = TIMEOUT
        out[g, O_WINNER] = -1
    elif S[ENDED] == WON:
        out[g, O_OUTCOME] = WIN
        out[g, O_WINNER] = 0
    else:
        out[g, O_OUTCOME] = LOSS
        out[g, O_WINNER] = -1
    out[g, O_LENGTH] = decisions
    out[g, O_ROUNDS] = S[ROUND]
    out[g, O_HEALTH] = S[HEALTH]
    out[g, O_AMMO] = S[AMMO]
    out[g, O_CREDITS] = S[CREDITS]
    out[g, O_KILLS] = S[KILLS]
    out[g, O_BIG_KILLS] = S[BIG_KILLS]
    out[g, O_DOORS_SHOT] = S[DOORS_SHOT]
    out[g, O_CARDS_PLACED] = S[N_CELLS]
    out[g, O_SURVIVED] = S[ENDED] != DEAD


@njit(cache=True, nogil=True)
def play_many(
    seeds,
    bot_seeds,
    P,
    BOTS,
    DIRT,
    CARD,
    PILE,
    PILE_COUNT,
    JOKER,
    SHOP,
    D20,
    D20_CUM,
    SALVO,
    SALVO_CUM,
    D6,
    D6_CUM,
):
    n = len(seeds)
    out = np.zeros((n, OUT_WIDTH), np.int64)
    cells = P[P_TABLE_WIDTH] * P[P_TABLE_HEIGHT]
    cards = 0  # every card dealt: the most doors, counters, pending enemies and rolls
    for k in range(2):
        for i in range(PILE_COUNT.shape[1]):
            cards += PILE_COUNT[k, i]
    cards += JOKER[1]
    # A segment starts behind a door, after a corridor, or from a dead end's cells.
    segs = 2 * cards + cells + 8
    S = np.zeros(STATE_SIZE, np.int64)
    CELL = np.zeros((cells, CELL_WIDTH), np.int64)
    ORDER = np.zeros(cells, np.int64)
    SEG = np.zeros((segs, SEG_WIDTH), np.int64)
    DOOR = np.zeros((cards + 1, DOOR_WIDTH), np.int64)
    EN = np.zeros((cards + 1, EN_WIDTH), np.int64)
    PEND = np.zeros(cards + 1, np.int64)
    DECK = np.zeros(PILE_COUNT.shape, np.int64)
    BOTTOM = np.zeros((2, cards + 1), np.int64)
    BT = np.zeros(cells, np.int64)
    ROLLS = np.zeros((cards + 4, 3), np.int64)
    OPTS = np.zeros((8 + 2 * (cards + 1) + SHOP.shape[0] + cells, 2), np.int64)
    cum = np.zeros(max(1, PILE.shape[1]), np.int64)
    SEEN = np.zeros(cells, np.int64)
    LIST = np.zeros(cells, np.int64)
    GOAL = np.zeros(cells, np.int64)
    PREV = np.zeros(cells, np.int64)
    QUEUE = np.zeros(cells, np.int64)
    BLOCKED = np.zeros(cells, np.int64)
    cmt = np.empty(MT_SIZE, np.int64)
    bmt = np.empty(MT_SIZE, np.int64)
    for g in range(n):
        play_one(
            seeds[g],
            bot_seeds[g],
            P,
            BOTS,
            DIRT,
            CARD,
            PILE,
            PILE_COUNT,
            JOKER,
            SHOP,
            D20,
            D20_CUM,
            SALVO,
            SALVO_CUM,
            D6,
            D6_CUM,
            out,
            g,
            S,
            CELL,
            ORDER,
            SEG,
            DOOR,
            EN,
            PEND,
            DECK,
            BOTTOM,
            BT,
            ROLLS,
            OPTS,
            cum,
            SEEN,
            LIST,
            GOAL,
            PREV,
            QUEUE,
            BLOCKED,
            cmt,
            bmt,
        )
    return out
