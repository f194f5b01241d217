"""Compiled batch play of RPG Card Battle: the rules of rules.py and the bots of bots.py, step
for step, on integer tables.

An exact copy, not an approximation, as co-op's kernel is: the same two Mersenne Twister
streams a Match draws from, each card drawn by the same cumulative walk over the same deck
order (a deck lists its cards in the order they entered it, a reshuffled one in name order),
actions listed in the same order, and the heuristic's floating-point scores made with the same
operations in the same order, so every game gives the very row the rules engine gives
(tests/rpg_card_battle/test_kernel.py plays both side by side). Tables are built in batch.py,
which hands anything the kernel does not copy back to the rules engine.

The heuristic's helpers are inlined where they are called: each takes several tables and
rows of them, and a compiled call costs two atomic reference counts per array it is handed
(and a row, an array of its own to make), which cost more than the arithmetic they do.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...core.compiled import (
    MT_SIZE,
    deck_put,
    deck_take_at,
    mt_random,
    mt_seed,
    no_counts,
    pick_cum,
    tension,
)

# CARD[c, ...]: cards are numbered in name order, which is a reshuffled deck's order
(
    C_KIND,
    C_ATTACK,
    C_VS_GUARD,
    C_HAS_VS_GUARD,
    C_DEFENCE,
    C_REFLECT,
    C_HEAL,
    C_POISON,
    C_POISON_TURNS,
    C_GUARD,
    C_GUARD_TURNS,
    C_HALVE,
    C_WEAPON,
    C_MAGIC,
    C_SPENT,
    C_CLASS,
) = range(16)
CARD_WIDTH = 16
K_ATTACK, K_POISON, K_DEFEND, K_SHIELD_BASH, K_PARRY, K_ITEM, K_PASSIVE = range(7)
W_ANY, W_NONE = 0, 1  # weapon codes; other weapon types get codes from 2
# SEAT[s, ...]: each seat's build
S_ATTACK, S_DEFENCE, S_HP, S_WEAPON = range(4)
# CFG[...]
(
    G_BEFORE_ITEMS,
    G_HIGHER_HP,
    G_BARE_ATTACK,
    G_CLASS_WEAPON,
    G_HALVE_UP,
    G_REFRESH,
    G_CAP,
    G_SMOKE_IGNORED,
    G_TURN_LIMIT,
    G_MAX_DECISIONS,
    G_TRACE,
) = range(11)
CFG_WIDTH = 11
# out[...]: one game's result
O_STATUS, O_OUTCOME, O_WINNER, O_LENGTH, O_TURNS, O_HP0, O_HP1, O_RESHUFFLES, O_LEAD_CHANGES = (
    range(9)
)
OUT_WIDTH = 9
WIN, DRAW, TIMEOUT = 0, 1, 2
OK, UNSUPPORTED = 0, 1  # UNSUPPORTED: a hand or effect list outgrew the kernel's room
BOT_RANDOM, BOT_HEURISTIC = 0, 1

# A move: a card number, or one of these
BASIC, NOTHING = -1, -2
# A choice's kind
PLAY, BASIC_ATTACK, PASS = 0, 1, 2

HAND_CAP = 16  # a hand never holds more than 5 cards
EFFECT_CAP = 64
PENDING_CAP = 16
LETHAL = 40.0  # bots.LETHAL


@njit(cache=True, inline="always")
def _fighter(hand, start, nh, attack, defence, weapon, guard, CARD, f):
    """rules.fighter into f = (attack, defence, weapon, weapon bonus, other bonus, halve),
    counting the Passives of hand[start:nh]."""
    wb = 0
    ob = 0
    halve = 0
    for k in range(start, nh):
        c = hand[k]
        if CARD[c, C_KIND] == K_PASSIVE:
            a = CARD[c, C_ATTACK]
            if a:
                if CARD[c, C_WEAPON] == W_ANY:
                    wb += a
                    ob += a
                elif CARD[c, C_WEAPON] == weapon:
                    wb += a
            defence += CARD[c, C_DEFENCE]
            if CARD[c, C_HALVE]:
                halve = 1
    f[0] = attack
    f[1] = defence + guard
    f[2] = weapon
    f[3] = wb
    f[4] = ob
    f[5] = halve


@njit(cache=True, inline="always")
def _is_attack(move, CARD):
    if move == BASIC:
        return True
    if move == NOTHING:
        return False
    k = CARD[move, C_KIND]
    return k == K_ATTACK or k == K_POISON


@njit(cache=True, inline="always")
def _guards(move, CARD):
    if move < 0:
        return False
    k = CARD[move, C_KIND]
    return k == K_DEFEND or k == K_SHIELD_BASH


@njit(cache=True, inline="always")
def _damage(CFG, x, xmove, y, ymove, CARD):
    """rules.damage: what `x` playing `xmove` deals to `y` playing `ymove` (R-6, A-2, A-12,
    A-13)."""
    if xmove == NOTHING:
        return 0
    yplay = ymove if ymove >= 0 else -1
    if xmove == BASIC:
        mod = 0
        magic = False
        is_class = False
    else:
        k = CARD[xmove, C_KIND]
        if k != K_ATTACK and k != K_POISON:
            return 0
        mod = CARD[xmove, C_ATTACK]
        if CARD[xmove, C_HAS_VS_GUARD] and yplay >= 0 and _guards(yplay, CARD):
            mod = CARD[xmove, C_VS_GUARD]
        magic = CARD[xmove, C_MAGIC] != 0
        is_class = CARD[xmove, C_CLASS] != 0
    weapon_attack = not magic and x[2] != W_NONE and (not is_class or CFG[G_CLASS_WEAPON] != 0)
    d = x[0] + mod + (x[3] if weapon_attack else x[4]) - y[1]
    if yplay >= 0 and _guards(yplay, CARD):
        d -= CARD[yplay, C_DEFENCE]
    if d <= 0:
        return 0
    if weapon_attack and yplay >= 0 and CARD[yplay, C_KIND] == K_PARRY:
        return 0
    if y[5] and not magic:
        d = (d + 1) // 2 if CFG[G_HALVE_UP] else d // 2
    return d


@njit(cache=True, inline="always")
def _choices(hand, nh, CARD, bare_attack, kinds, idx):
    """rules.choices: (kind, hand index) of every choice, in the order the actions are
    listed. Returns how many."""
    n = 0
    for i in range(nh):
        if CARD[hand[i], C_KIND] != K_PASSIVE:
            kinds[n] = PLAY
            idx[n] = i
            n += 1
    if nh:
        kinds[n] = BASIC_ATTACK
        idx[n] = 0
    elif bare_attack:
        kinds[n] = BASIC_ATTACK
        idx[n] = -1
    else:
        kinds[n] = PASS
        idx[n] = -1
    return n + 1


@njit(cache=True, inline="always")
def _options(hand, nh, attack, defence, weapon, guard, CARD, bare_attack, T, r, F, f):
    """bots.options for one seat: each choice's kind, hand index, move and Fighter, into
    T[r] .. T[r + 3] (the Fighter as 0, the whole hand's, in F[f], or 1, the hand without
    its leftmost Passive, given up by a basic attack, in F[f + 1]). Returns how many."""
    kinds, idx, moves, sides = T[r], T[r + 1], T[r + 2], T[r + 3]
    n = _choices(hand, nh, CARD, bare_attack, kinds, idx)
    _fighter(hand, 0, nh, attack, defence, weapon, guard, CARD, F[f])
    for j in range(n):
        sides[j] = 0
        if kinds[j] == PLAY:
            moves[j] = hand[idx[j]]
        elif kinds[j] == BASIC_ATTACK:
            moves[j] = BASIC
            if idx[j] == 0 and CARD[hand[0], C_KIND] == K_PASSIVE:
                _fighter(hand, 1, nh, attack, defence, weapon, guard, CARD, F[f + 1])
                sides[j] = 1
        else:
            moves[j] = NOTHING
    return n


@njit(cache=True, inline="always")
def _keep_value(c, CARD):
    """bots._keep_value."""
    k = CARD[c, C_KIND]
    if k == K_PASSIVE:
        return (
            3.0
            + 1.5 * CARD[c, C_ATTACK]
            + 2.0 * CARD[c, C_DEFENCE]
            + (4.0 if CARD[c, C_HALVE] else 0.0)
        )
    if k == K_ITEM:
        return 0.3 * CARD[c, C_HEAL] + 0.5 * CARD[c, C_GUARD]
    return 0.1 * (CARD[c, C_ATTACK] + CARD[c, C_DEFENCE])


# The exchange table of one turn, T's rows: per seat s, from row T_SEAT * s, the options' kinds,
# hand indices, moves and Fighters (see _options), then which distinct (move, Fighter) each
# option is, and the distinct ones' moves, Fighters and counts. NT[s, 0] and NT[s, 1]: how
# many options and distinct ones.
T_ROWS = 16
T_SEAT = 8  # rows per seat
R_MAP, R_DMOVE, R_DSIDE, R_DCOUNT = 4, 5, 6, 7


# Not inlined, unlike the pieces around it: numba types an inlined body again where it lands,
# and this one, with the options and damage it inlines, made the kernel's first compile about
# half as long again, for a speed difference within the runs' spread (benchmarks/compile.py
# --against a checkout that inlines it).
@njit(cache=True)
def _exchanges(CFG, CARD, SEAT, hand, nh, guard, T, NT, F, OUT):
    """Both seats' options as the heuristic sees them at the start of a turn, and the damage
    of every pairing of their distinct ones: OUT[i, j, 0] what seat 0 deals playing its i-th
    against seat 1's j-th, OUT[i, j, 1] what it takes. Seat 0's choice stays hidden until
    seat 1 has chosen, so the table serves both seats' decisions in the turn."""
    bare = CFG[G_BARE_ATTACK] != 0
    for s in range(2):
        r = T_SEAT * s
        n = _options(
            hand[s],
            nh[s],
            SEAT[s, S_ATTACK],
            SEAT[s, S_DEFENCE],
            SEAT[s, S_WEAPON],
            guard[s],
            CARD,
            bare,
            T,
            r,
            F,
            2 * s,
        )
        # bots._distinct: each different (move, Fighter) once, in order of first appearance
        moves, sides, dmap = T[r + 2], T[r + 3], T[r + R_MAP]
        dmoves, dsides, dcount = T[r + R_DMOVE], T[r + R_DSIDE], T[r + R_DCOUNT]
        nd = 0
        for j in range(n):
            found = -1
            for q in range(nd):
                if dmoves[q] == moves[j] and dsides[q] == sides[j]:
                    found = q
                    break
            if found < 0:
                found = nd
                dmoves[nd] = moves[j]
                dsides[nd] = sides[j]
                dcount[nd] = 0
                nd += 1
            dcount[found] += 1
            dmap[j] = found
        NT[s, 0] = n
        NT[s, 1] = nd
    for i in range(NT[0, 1]):
        m0 = T[R_DMOVE, i]
        f0 = F[T[R_DSIDE, i]]
        for j in range(NT[1, 1]):
            m1 = T[T_SEAT + R_DMOVE, j]
            f1 = F[2 + T[T_SEAT + R_DSIDE, j]]
            OUT[i, j, 0] = _damage(CFG, f0, m0, f1, m1, CARD)
            OUT[i, j, 1] = _damage(CFG, f1, m1, f0, m0, CARD)


@njit(cache=True, inline="always")
def _average(CFG, CARD, my_hp, max_hp, their_hp, ma, mine, seat, T, NT, OUT):
    """bots._average: the value for `seat` of playing its `mine`-th distinct option (move
    `ma`), averaged over the other seat's options (each distinct one weighted by how many of
    its choices give it), from the turn's exchange table."""
    o = 1 - seat
    card = ma if ma >= 0 else -1
    item = card >= 0 and CARD[card, C_KIND] == K_ITEM
    total = 0.0
    for j in range(NT[o, 1]):
        mb = T[T_SEAT * o + R_DMOVE, j]
        if seat == 0:
            out = OUT[mine, j, 0]
            inn = OUT[mine, j, 1]
        else:
            out = OUT[j, mine, 1]
            inn = OUT[j, mine, 0]
        dealt = float(out)
        taken = float(inn)
        if card >= 0:
            if CARD[card, C_REFLECT] and _is_attack(mb, CARD):
                dealt += CARD[card, C_REFLECT]
            if CARD[card, C_POISON] and out >= 1:
                dealt += 0.8 * CARD[card, C_POISON] * CARD[card, C_POISON_TURNS]
        if mb >= 0:
            if CARD[mb, C_REFLECT] and _is_attack(ma, CARD):
                taken += CARD[mb, C_REFLECT]
            if CARD[mb, C_POISON] and inn >= 1:
                taken += 0.8 * CARD[mb, C_POISON] * CARD[mb, C_POISON_TURNS]
        v = dealt - taken
        hp = my_hp - taken
        if item:
            heal = float(CARD[card, C_HEAL])
            if CFG[G_CAP]:
                heal = min(heal, max(0.0, max_hp - hp))
            v += heal + 0.7 * CARD[card, C_GUARD] * CARD[card, C_GUARD_TURNS]
            if not CFG[G_BEFORE_ITEMS]:
                hp += heal
        if their_hp - dealt <= 0:
            v += LETHAL
        if hp <= 0:
            v -= LETHAL
        total += T[T_SEAT * o + R_DCOUNT, j] * v
    return total / NT[o, 0]


@njit(cache=True, inline="always")
def _heuristic(seat, CFG, CARD, SEAT, hp, hand, T, NT, OUT, AVG):
    """bots.heuristic, from the turn's exchange table: the index of the chosen action among
    the listed ones."""
    r = T_SEAT * seat
    kinds, idx, moves, dmap = T[r], T[r + 1], T[r + 2], T[r + R_MAP]
    for d in range(NT[seat, 1]):
        AVG[d] = _average(
            CFG,
            CARD,
            hp[seat],
            SEAT[seat, S_HP],
            hp[1 - seat],
            T[r + R_DMOVE, d],
            d,
            seat,
            T,
            NT,
            OUT,
        )
    best = 0
    best_score = 0.0
    for j in range(NT[seat, 0]):
        score = AVG[dmap[j]]
        move = moves[j]
        if kinds[j] == BASIC_ATTACK and idx[j] == 0:
            score -= _keep_value(hand[seat, 0], CARD)
        elif move >= 0 and CARD[move, C_SPENT]:
            score -= 0.2 * (CARD[move, C_HEAL] + CARD[move, C_GUARD])
        if j == 0 or score > best_score + 1e-9:
            best = j
            best_score = score
    return best


# Stages: what the state waits for (rules.DEAL, ...); a finished game just stops
ST_DEAL, ST_CHOOSE, ST_DRAW, ST_RESHUFFLE = range(4)
# E[e, ...]: the Ongoing effects, oldest first
E_CARD, E_POISON, E_AMOUNT, E_TURNS, E_OWNER, E_TARGET, E_SPENT = range(7)


@njit(cache=True)
def _set_effect(E, e, card, poison, amount, turns, owner, target, spent):
    E[e, E_CARD] = card
    E[e, E_POISON] = poison
    E[e, E_AMOUNT] = amount
    E[e, E_TURNS] = turns
    E[e, E_OWNER] = owner
    E[e, E_TARGET] = target
    E[e, E_SPENT] = spent


@njit(cache=True)
def _effect_ends(E, e, rid, rcnt, rn):
    """The card of an ended effect goes to its owner's Recycle, unless it is Spent (A-15)."""
    if not E[e, E_SPENT]:
        o = E[e, E_OWNER]
        rn[o] = deck_put(rid[o], rcnt[o], rn[o], E[e, E_CARD])


@njit(cache=True)
def play_one(seed, bseed, CFG, BOTS, CARD, SEAT, DECK, out, outf, g):
    """One game from `seed` into out[g] and outf[g] (decisiveness, drama)."""
    nc = CARD.shape[0]
    cmt = np.empty(MT_SIZE, np.int64)
    bmt = np.empty(MT_SIZE, np.int64)
    mt_seed(cmt, seed)
    bmt[MT_SIZE - 1] = -1  # seeded on first use: the heuristic never draws
    hp = np.empty(2, np.int64)
    hand = np.zeros((2, HAND_CAP), np.int64)
    nh = np.zeros(2, np.int64)
    did = np.zeros((2, nc), np.int64)  # draw piles, (card, copies) in entry order
    dcnt = np.zeros((2, nc), np.int64)
    dn = np.zeros(2, np.int64)
    dsize = np.zeros(2, np.int64)
    rid = np.zeros((2, nc), np.int64)  # Recycle; Spent is never drawn again, so not kept
    rcnt = np.zeros((2, nc), np.int64)
    rn = np.zeros(2, np.int64)
    E = np.zeros((EFFECT_CAP, 7), np.int64)
    NEW = np.zeros((2, 7), np.int64)
    pend = np.zeros(PENDING_CAP, np.int64)
    cum = np.zeros(max(nc, 1), np.int64)
    kinds = np.zeros(HAND_CAP + 1, np.int64)
    idx = np.zeros(HAND_CAP + 1, np.int64)
    T = np.zeros((T_ROWS, HAND_CAP + 1), np.int64)
    NT = np.zeros((2, 2), np.int64)
    OUT = np.zeros((HAND_CAP + 1, HAND_CAP + 1, 2), np.int64)
    AVG = np.zeros(HAND_CAP + 1, np.float64)
    F = np.zeros((4, 6), np.int64)
    FR = np.zeros((2, 6), np.int64)
    guard = np.zeros(2, np.int64)
    ch_kind = np.zeros(2, np.int64)
    ch_idx = np.zeros(2, np.int64)
    chosen = np.zeros(2, np.int64)
    moves = np.zeros(2, np.int64)
    hit = np.zeros(2, np.int64)
    reflect = np.zeros(2, np.int64)
    ongoing_card = np.zeros(2, np.int64)
    reshuffles = np.zeros(2, np.int64)
    scores = np.zeros(CFG[G_MAX_DECISIONS] if CFG[G_TRACE] != 0 else 1, np.float64)
    _game(
        bseed,
        CFG,
        BOTS,
        CARD,
        SEAT,
        DECK,
        out,
        outf,
        g,
        cmt,
        bmt,
        hp,
        hand,
        nh,
        did,
        dcnt,
        dn,
        dsize,
        rid,
        rcnt,
        rn,
        E,
        NEW,
        pend,
        cum,
        kinds,
        idx,
        T,
        NT,
        OUT,
        AVG,
        F,
        FR,
        guard,
        ch_kind,
        ch_idx,
        chosen,
        moves,
        hit,
        reflect,
        ongoing_card,
        reshuffles,
        scores,
    )


@no_counts
def _game(
    bseed,
    CFG,
    BOTS,
    CARD,
    SEAT,
    DECK,
    out,
    outf,
    g,
    cmt,
    bmt,
    hp,
    hand,
    nh,
    did,
    dcnt,
    dn,
    dsize,
    rid,
    rcnt,
    rn,
    E,
    NEW,
    pend,
    cum,
    kinds,
    idx,
    T,
    NT,
    OUT,
    AVG,
    F,
    FR,
    guard,
    ch_kind,
    ch_idx,
    chosen,
    moves,
    hit,
    reflect,
    ongoing_card,
    reshuffles,
    scores,
):
    """The game of play_one, on the arrays it made: compiled without reference counts
    (no_counts), which a function that makes arrays cannot be."""
    nc = CARD.shape[0]
    tabled = False
    trace = CFG[G_TRACE] != 0
    for s in range(2):
        hp[s] = SEAT[s, S_HP]
        for c in range(nc):
            if DECK[s, c]:
                did[s, dn[s]] = c
                dcnt[s, dn[s]] = DECK[s, c]
                dn[s] += 1
                dsize[s] += DECK[s, c]
    ne = 0
    head = 0
    tail = 0
    for s in range(2):
        for _ in range(min(5, dsize[s])):
            pend[tail] = s
            tail += 1
    stage = ST_DEAL if tail else ST_CHOOSE
    turn = 1
    outcome = -1
    winner = -1
    decisions = 0
    status = OK
    while True:
        if outcome >= 0:
            break
        if head < tail:  # a card drawn (chance)
            s = pend[head]
            acc = 0
            for i in range(dn[s]):
                acc += dcnt[s, i]
                cum[i] = acc
            i = pick_cum(cum, dn[s], mt_random(cmt))
            c = did[s, i]
            dn[s] = deck_take_at(did[s], dcnt[s], dn[s], i)
            dsize[s] -= 1
            if nh[s] >= HAND_CAP:
                status = UNSUPPORTED
                break
            hand[s, nh[s]] = c  # cards enter from the right
            nh[s] += 1
            head += 1
            if head < tail:
                continue
            head = 0
            tail = 0
        else:
            mover = 0 if chosen[0] == 0 else 1
            if decisions >= CFG[G_MAX_DECISIONS]:
                outcome = TIMEOUT
                winner = -1
                break
            nact = _choices(hand[mover], nh[mover], CARD, CFG[G_BARE_ATTACK] != 0, kinds, idx)
            if BOTS[mover] == BOT_RANDOM:
                if bmt[MT_SIZE - 1] < 0:
                    mt_seed(bmt, bseed)
                a = int(mt_random(bmt) * nact)
            elif nact == 1:
                a = 0
            else:
                if not tabled:  # this turn's exchange table, for one or both seats
                    guard[0] = 0
                    guard[1] = 0
                    for e in range(ne):
                        if not E[e, E_POISON]:
                            guard[E[e, E_TARGET]] += E[e, E_AMOUNT]
                    _exchanges(CFG, CARD, SEAT, hand, nh, guard, T, NT, F, OUT)
                    tabled = True
                a = _heuristic(mover, CFG, CARD, SEAT, hp, hand, T, NT, OUT, AVG)
            ch_kind[mover] = kinds[a]
            ch_idx[mover] = idx[a]
            chosen[mover] = 1
            decisions += 1
            if mover == 1:
                tabled = False
                # -- the turn (rules._resolve) --
                for s in range(2):
                    k = ch_kind[s]
                    i = ch_idx[s]
                    if k == PLAY:
                        moves[s] = hand[s, i]
                        for q in range(i, nh[s] - 1):
                            hand[s, q] = hand[s, q + 1]
                        nh[s] -= 1
                    elif k == BASIC_ATTACK:
                        if i == 0:
                            c = hand[s, 0]
                            for q in range(nh[s] - 1):
                                hand[s, q] = hand[s, q + 1]
                            nh[s] -= 1
                            rn[s] = deck_put(rid[s], rcnt[s], rn[s], c)
                        moves[s] = BASIC
                    else:
                        moves[s] = NOTHING
                for s in range(2):
                    gsum = 0
                    for e in range(ne):
                        if not E[e, E_POISON] and E[e, E_TARGET] == s:
                            gsum += E[e, E_AMOUNT]
                    if CFG[G_SMOKE_IGNORED] and _is_attack(moves[s], CARD):
                        gsum = 0
                    _fighter(
                        hand[s],
                        0,
                        nh[s],
                        SEAT[s, S_ATTACK],
                        SEAT[s, S_DEFENCE],
                        SEAT[s, S_WEAPON],
                        gsum,
                        CARD,
                        FR[s],
                    )
                hit[0] = _damage(CFG, FR[1], moves[1], FR[0], moves[0], CARD)
                hit[1] = _damage(CFG, FR[0], moves[0], FR[1], moves[1], CARD)
                reflect[0] = 0
                reflect[1] = 0
                ongoing_card[0] = 0
                ongoing_card[1] = 0
                nnew = 0
                for x in range(2):
                    y = 1 - x
                    xm = moves[x]
                    ym = moves[y]
                    if ym >= 0 and CARD[ym, C_REFLECT] and _is_attack(xm, CARD):
                        reflect[x] += CARD[ym, C_REFLECT]
                    if xm >= 0 and CARD[xm, C_POISON] and hit[y] >= 1:
                        _set_effect(
                            NEW,
                            nnew,
                            xm,
                            1,
                            CARD[xm, C_POISON],
                            CARD[xm, C_POISON_TURNS],
                            x,
                            y,
                            CARD[xm, C_SPENT],
                        )
                        nnew += 1
                        ongoing_card[x] = 1
                for s in range(2):
                    hp[s] -= hit[s] + reflect[s]
                kept = 0
                for e in range(ne):  # the effects tick
                    if E[e, E_POISON]:
                        hp[E[e, E_TARGET]] -= E[e, E_AMOUNT]
                    if E[e, E_TURNS] > 1:
                        for q in range(7):
                            E[kept, q] = E[e, q]
                        E[kept, E_TURNS] -= 1
                        kept += 1
                    else:
                        _effect_ends(E, e, rid, rcnt, rn)
                ne = kept
                for j in range(nnew):
                    if CFG[G_REFRESH]:  # the new poison replaces the old
                        kept = 0
                        for e in range(ne):
                            if E[e, E_POISON] and E[e, E_TARGET] == NEW[j, E_TARGET]:
                                _effect_ends(E, e, rid, rcnt, rn)
                            else:
                                for q in range(7):
                                    E[kept, q] = E[e, q]
                                kept += 1
                        ne = kept
                    if ne >= EFFECT_CAP:
                        status = UNSUPPORTED
                        break
                    for q in range(7):
                        E[ne, q] = NEW[j, q]
                    ne += 1
                if status != OK:
                    break
                early = False
                if CFG[G_BEFORE_ITEMS]:
                    outcome, winner = _defeat(hp, CFG)
                    early = outcome >= 0
                for s in range(2):
                    m = moves[s]
                    if m < 0:
                        continue
                    if CARD[m, C_KIND] == K_ITEM and not early:
                        if CARD[m, C_HEAL]:
                            before = hp[s]
                            hp[s] += CARD[m, C_HEAL]
                            if CFG[G_CAP] and hp[s] > SEAT[s, S_HP]:
                                hp[s] = max(before, SEAT[s, S_HP])
                        if CARD[m, C_GUARD]:
                            if ne >= EFFECT_CAP:
                                status = UNSUPPORTED
                                break
                            _set_effect(
                                E,
                                ne,
                                m,
                                0,
                                CARD[m, C_GUARD],
                                CARD[m, C_GUARD_TURNS],
                                s,
                                s,
                                CARD[m, C_SPENT],
                            )
                            ne += 1
                            ongoing_card[s] = 1
                    if not ongoing_card[s] and not CARD[m, C_SPENT]:
                        rn[s] = deck_put(rid[s], rcnt[s], rn[s], m)
                if status != OK:
                    break
                if not early:
                    outcome, winner = _defeat(hp, CFG)
                if outcome < 0:
                    limit = CFG[G_TURN_LIMIT]
                    if limit and turn >= limit:
                        outcome = DRAW
                        winner = -1
                    else:
                        chosen[0] = 0
                        chosen[1] = 0
                        stage = ST_DRAW  # one card each if the pile has any
                        for s in range(2):
                            if dsize[s]:
                                pend[tail] = s
                                tail += 1
            if trace:
                lead = max(0, hp[0]) / SEAT[0, S_HP] - max(0, hp[1]) / SEAT[1, S_HP]
                scores[decisions - 1] = min(1.0, max(0.0, 0.5 + 0.5 * lead))
            if mover == 0 or outcome >= 0 or head < tail:
                continue
        # -- no cards to draw: rules._advance --
        if stage == ST_DRAW:
            for s in range(2):  # Recycle, in name order, becomes the draw pile
                if nh[s] or dsize[s] or rn[s] == 0:
                    continue
                n = rn[s]
                for i in range(n):  # insertion sort by card number
                    c = rid[s, i]
                    k = rcnt[s, i]
                    q = i
                    while q > 0 and rid[s, q - 1] > c:
                        rid[s, q] = rid[s, q - 1]
                        rcnt[s, q] = rcnt[s, q - 1]
                        q -= 1
                    rid[s, q] = c
                    rcnt[s, q] = k
                dsize[s] = 0
                for i in range(n):
                    did[s, i] = rid[s, i]
                    dcnt[s, i] = rcnt[s, i]
                    dsize[s] += rcnt[s, i]
                dn[s] = n
                rn[s] = 0
                reshuffles[s] += 1
                for _ in range(min(5, dsize[s])):
                    pend[tail] = s
                    tail += 1
            if head < tail:
                stage = ST_RESHUFFLE
                continue
        if stage != ST_DEAL:
            turn += 1
        stage = ST_CHOOSE
    out[g, O_STATUS] = status
    out[g, O_OUTCOME] = outcome
    out[g, O_WINNER] = winner
    out[g, O_LENGTH] = decisions
    out[g, O_TURNS] = turn
    out[g, O_HP0] = hp[0]
    out[g, O_HP1] = hp[1]
    out[g, O_RESHUFFLES] = reshuffles[0] + reshuffles[1]
    if trace:
        out[g, O_LEAD_CHANGES], outf[g, 0], outf[g, 1] = tension(scores, decisions, winner)


@njit(cache=True)
def _defeat(hp, CFG):
    """rules._defeat (R-9, A-6): (outcome, winner), outcome -1 while both stand."""
    down0 = hp[0] <= 0
    down1 = hp[1] <= 0
    if not down0 and not down1:
        return -1, -1
    if down0 != down1:
        return WIN, 1 if down0 else 0
    if CFG[G_HIGHER_HP] and hp[0] != hp[1]:
        return WIN, 0 if hp[0] > hp[1] else 1
    return DRAW, -1


@njit(cache=True, nogil=True)
def play_many(seeds, bot_seeds, CFG, BOTS, CARD, SEAT, DECK):
    n = len(seeds)
    out = np.zeros((n, OUT_WIDTH), np.int64)
    outf = np.zeros((n, 2), np.float64)
    for g in range(n):
        play_one(seeds[g], bot_seeds[g], CFG, BOTS, CARD, SEAT, DECK, out, outf, g)
    return out, outf
