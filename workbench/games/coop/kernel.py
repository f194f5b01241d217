"""Compiled batch play of Co-op Dungeon Cards: the rules of rules.py and the bots of bots.py,
step for step, on integer tables.

Sweeps play tens of thousands of games; the rules engine spends a millisecond or more on each,
almost all of it in the Python machinery every game shares (chance objects, action lists,
dispatch). This kernel plays the same game in compiled code. It is an exact copy, not an
approximation: it draws from the same two Mersenne Twister streams a Match uses, resolves each
chance point with the same cumulative weights, lists actions in the same order and makes the
bots' floating-point choices with the same operations in the same order, so every game gives
the very row the rules engine gives (tests/coop/test_kernel.py plays both side by side).

batch.py builds the tables and turns each game's result (`out`, laid out below) into its row. It
hands a batch back to the rules engine, saying why, when the kernel has no copy of a seat's bot,
of the `agent` loot policy or of the cards (Tables.problem says what), or when the seeds or the
decision cap are wider than its integers; a traced batch goes to the engine too (a party has no
lead to trace). A game that reaches a position the kernel does not copy ends with status
UNSUPPORTED and is left out of the frame, and the engine plays it. A change to the code this
copies (the modules core/stamps.py fingerprints), or a rule variant it was not checked on, sends
every batch to the engine until this copy follows it and its stamp is renewed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...core.compiled import MT_SIZE, mt_random, mt_seed, no_counts, pick_cum

# The functions below stay long and branchy, past the complexity the linter allows elsewhere:
# each mirrors a method of rules.py branch for branch, so the two read side by side, and numba
# compiles every function a game calls (an inlined one again at each call site), so each one
# split out adds to the minute a first compile takes.

# -- column layouts (batch.py fills the tables and reads out) ----------------------------------
# ITEM[i, ...]
(
    I_FAMILY,
    I_HANDS,
    I_DICE,
    I_DAMAGE,
    I_DTYPE,
    I_HITS,
    I_HEAL,
    I_ARMOR,
    I_DODGE,
    I_SPECIAL,
    I_SOURCE,
) = range(11)
F_SWORD, F_DAGGER, F_BOW, F_ARMOR, F_SPELL, F_SHIELD = range(6)
SP_NONE, SP_AUTO, SP_DOUBLE, SP_HEAL_ON_HIT, SP_REGEN, SP_REFLECT = range(6)
MELEE, RANGED = 0, 1  # other damage types get codes from 2
# KIND[k, ...] (enemy types) and CLS[seat, ...] (each seat's class)
K_HEALTH, K_ARMOR, K_DODGE, K_DAMAGE, K_DICE = range(5)
C_HEALTH, C_ARMOR, C_DODGE, C_DAMAGE, C_DTYPE = range(5)
# ENC[c, ...]
E_KIND, E_BASE, E_K, E_LOOT, E_FIRST = range(5)
# CFG[...]
(
    G_SEATS,
    G_NEEDED,
    G_FIRST_ENC,
    G_EASY,
    G_LEADER_CHOOSE,
    G_PLACE_FIXED,
    G_GROUP_BY,
    G_ACTION_HEAL,
    G_SINGLE_TARGET,
    G_MELEE_FRONT,
    G_ORPHANS_IDLE,
    G_LEADER_PER_BATTLE,
    G_LOOT_RESHUFFLE,
    G_MAX_DECISIONS,
    G_ENEMY_CAP,
    G_CARD_CAP,
    G_MELEE_SCOPE,
) = range(17)
CFG_WIDTH = 17
# out[...]: one game's result
(
    O_STATUS,
    O_OUTCOME,
    O_LENGTH,
    O_BATTLES_WON,
    O_ROUNDS,
    O_ENCOUNTERS,
    O_ENCOUNTERS_WON,
    O_KNOCKOUTS,
    O_LOOT_DRAWN,
    O_DEFEATED,
    O_ITEMS,
    O_USED,
) = range(12)
OUT_WIDTH = 12
WIN, LOSS, TIMEOUT = 0, 1, 2
OK, UNSUPPORTED = 0, 1  # UNSUPPORTED: the engine must play this game (it will say why)
BOT_RANDOM, BOT_HEURISTIC = 0, 1

HAND_CAP = 6
GROUP_CAP = 16


# -- equipment and attack groups (R-26 ..) ------------------------------------------
@njit(cache=True)
def groups_for(
    cdmg, cdtype, hands, nh, ITEM, group_by, gd, gt, gdmg, gbon, gdbl, gheal, gauto, types
):
    """CoopState.groups_for: auto-hit groups first, then one group per bucket of sources."""
    ng = 0
    nsrc = 0
    for h in range(nh):
        it = hands[h]
        if ITEM[it, I_SPECIAL] == SP_AUTO:
            bonus = cdmg if cdtype == RANGED else 0
            for _ in range(ITEM[it, I_HITS]):
                if ng >= GROUP_CAP:
                    return -1
                gd[ng] = 0
                gt[ng] = ITEM[it, I_DTYPE]
                gdmg[ng] = ITEM[it, I_DAMAGE]
                gbon[ng] = bonus
                gdbl[ng] = 0
                gheal[ng] = 0
                gauto[ng] = 1
                ng += 1
        elif ITEM[it, I_SOURCE]:
            nsrc += 1
    if nsrc == 0 and ng == 0:
        gd[0] = 1
        gt[0] = cdtype
        gdmg[0] = cdmg
        gbon[0] = 0
        gdbl[0] = 0
        gheal[0] = 0
        gauto[0] = 0
        return 1
    first = ng
    for h in range(nh):
        it = hands[h]
        if ITEM[it, I_SPECIAL] == SP_AUTO or not ITEM[it, I_SOURCE]:
            continue
        dice, dtype = ITEM[it, I_DICE], ITEM[it, I_DTYPE]
        b = -1
        if group_by != 2:  # "never" gives every source its own roll
            for k in range(first, ng):
                if gd[k] == dice and (group_by == 1 or gt[k] == dtype):
                    b = k
                    break
        if b < 0:
            if ng >= GROUP_CAP:
                return -1
            b = ng
            ng += 1
            gd[b] = dice
            gt[b] = dtype  # the bucket key's type (dice_only: the first member's)
            gdmg[b] = 0
            gdbl[b] = 0
            gheal[b] = 0
            gauto[b] = 0
            types[b] = 0  # bit mask of the damage types in the bucket
        types[b] |= 1 << dtype
        gdmg[b] += ITEM[it, I_DAMAGE]
        if ITEM[it, I_SPECIAL] == SP_DOUBLE:
            gdbl[b] += ITEM[it, I_DAMAGE]
        if ITEM[it, I_SPECIAL] == SP_HEAL_ON_HIT:
            gheal[b] = 1
    for b in range(first, ng):
        gt[b] = MELEE if types[b] & (1 << MELEE) else RANGED
        gbon[b] = cdmg if types[b] & (1 << cdtype) else 0  # once per roll
    return ng


@njit(cache=True)
def loadout_score(cls, hands, nh, body, ITEM, PHIT, group_by, scratch):
    """bots._loadout_score, with the same operations in the same order."""
    gd, gt, gdmg, gbon = scratch[0], scratch[1], scratch[2], scratch[3]
    gdbl, gheal, gauto = scratch[4], scratch[5], scratch[6]
    ng = groups_for(
        cls[C_DAMAGE],
        cls[C_DTYPE],
        hands,
        nh,
        ITEM,
        group_by,
        gd,
        gt,
        gdmg,
        gbon,
        gdbl,
        gheal,
        gauto,
        scratch[7],
    )
    offence = 0.0
    for g in range(ng):
        dmg = max(0, gdmg[g] + gbon[g] - 2)  # a typical enemy's Armor
        hit = 1.0 if gauto[g] else PHIT[gd[g], 4 + 1]  # a typical enemy's Dodge
        offence += hit * dmg
    armor = cls[C_ARMOR]
    dodge = cls[C_DODGE]
    heal = 0
    for h in range(nh + (1 if body >= 0 else 0)):
        it = hands[h] if h < nh else body
        armor += ITEM[it, I_ARMOR]
        dodge += ITEM[it, I_DODGE]
        heal += ITEM[it, I_HEAL]
    return offence + 0.6 * armor + 0.5 * max(0, dodge) + heal * 0.4


@njit(cache=True)
def equip_problem(hands, nh, body, it, ITEM):
    """CoopState.equip_problem, as a yes or no."""
    fam = ITEM[it, I_FAMILY]
    if fam == F_ARMOR:
        return body >= 0
    used = 0
    for h in range(nh):
        held = hands[h]
        if (fam == F_SWORD or fam == F_SHIELD) and ITEM[held, I_FAMILY] == fam:
            return True
        if fam == F_SPELL and ITEM[it, I_HANDS] == 0 and ITEM[held, I_FAMILY] == F_SPELL:
            return True
        used += ITEM[held, I_HANDS]
    return used + ITEM[it, I_HANDS] > 2


# -- one game --------------------------------------------------------------------------------
# Phases where the game waits (rules.py's phase names) ...
(
    P_LEADER_ROLL,
    P_LEADER_CHOICE,
    P_FIRST_PICK,
    P_DRAW_ENC,
    P_CHOOSE,
    P_REINFORCE,
    P_PLACE,
    P_TURN,
    P_ATTACK_ROLL,
    P_ENEMY_ROLL,
    P_DRAW_LOOT,
    P_DRAFT,
    P_EQUIP,
    P_OVER,
) = range(14)
# ... and the steps between them, which rules.py takes by calling one method from another.
(
    S_NONE,
    S_BEGIN_GAME,
    S_FIRST_BATTLE,
    S_START_ENCOUNTER,
    S_CONTINUE,
    S_NEXT_TURN,
    S_MAYBE_END,
    S_ENEMY_PHASE,
    S_AFTER_TURN_STEP,
    S_AFTER_PLAYER_DAMAGE,
    S_END_ENCOUNTER,
    S_START_DRAFT,
    S_START_EQUIP,
    S_AFTER_EQUIP,
    S_START_BATTLE,
) = range(15)
# Action kinds
(
    A_ATTACK,
    A_HEAL,
    A_END_TURN,
    A_FIRST,
    A_ENCOUNTER,
    A_TAKE,
    A_EQUIP,
    A_UNEQUIP,
    A_DONE,
    A_LEADER,
) = range(10)
STALL_ROUNDS = 50  # CoopState.STALL_ROUNDS

# A game's numbers, in one vector V that the phases below read and change: where it waits, the
# Battle and the turn in progress, the lengths of its piles and lists, the heads and lengths of
# its queues, and the counts its row reports.
(
    V_PHASE,
    V_STEP,
    V_LEADER,
    V_OUTCOME,
    V_DECISIONS,
    V_EASY,
    V_START_CARD,
    V_BATTLES_WON,
    V_BATTLE_LOOT,
    V_DRAWS_LEFT,
    V_DRAFTER,
    V_ROUND,
    V_TURN_SEAT,
    V_IN_TURN,
    V_PLACE_COUNTER,
    V_NE,
    V_KIND,
    V_NED,
    V_NDISC,
    V_BQ_HEAD,
    V_BQ_LEN,
    V_NBC,
    V_NOFF,
    V_NLD,
    V_NST,
    V_NG,
    V_NHU,
    V_FIRST_TARGET,
    V_PEND_G,
    V_PEND_E,
    V_RO_HEAD,
    V_RO_LEN,
    V_PL_HEAD,
    V_PL_LEN,
    V_EQ_HEAD,
    V_EQ_LEN,
    V_EO_HEAD,
    V_EO_LEN,
    V_ROUNDS,
    V_ENCOUNTERS,
    V_ENCOUNTERS_WON,
    V_KNOCKOUTS,
    V_LOOT_DRAWN,
    V_DEFEATED,
) = range(44)
V_WIDTH = 44
# Its queues, the rows of Q: seats in round order, enemies to place, enemies to attack this
# turn, seats in equipping order ...
Q_ROUND, Q_PLACING, Q_ENEMY, Q_EQUIP = range(4)
# ... and the Battle, the rows of B: its encounters in order (card, enemies), its cards in play.
B_CARD, B_COUNT, B_CARDS = range(3)
# The phases _game runs are inlined into it (inline="always"): called, each is handed a dozen
# or more arrays as seven to nine machine words apiece, and games took over twice as long.


@njit(cache=True)
def play_one(
    seed,
    bseed,
    CFG,
    BOTS,
    CLS,
    ITEM,
    ITEM_VALUE,
    KIND,
    ENC,
    ENC_THREAT,
    LOOT_ITEMS,
    LOOT_COPIES,
    DOUT,
    DCUM,
    DLEN,
    PHIT,
    out,
):
    """One game from `seed` into `out`: its arrays made here, the game played by _game."""
    n = CFG[G_SEATS]
    ncards = ENC.shape[0]
    nitems = ITEM.shape[0]
    ecap = CFG[G_ENEMY_CAP]
    ccap = CFG[G_CARD_CAP]
    for k in range(OUT_WIDTH):
        out[k] = 0
    cmt = np.empty(MT_SIZE, np.int64)
    bmt = np.empty(MT_SIZE, np.int64)
    mt_seed(cmt, seed)
    bmt[MT_SIZE - 1] = -1  # seeded on first use: the heuristic seldom draws
    V = np.zeros(V_WIDTH, np.int64)
    # players: Health, Armor, Dodge now and at most, knocked out (one block, one allocation)
    players = np.zeros((7, n), np.int64)
    hands = np.full((n, HAND_CAP), -1, np.int64)
    nh = np.zeros(n, np.int64)
    body = np.full(n, -1, np.int64)
    # enemies of the current encounter (one type): Health, Armor, Dodge, seat, placing order
    enemies = np.zeros((5, ecap), np.int64)
    # decks and piles, in the insertion order of rules.py's dicts and lists
    edeck = np.arange(ncards).astype(np.int64)
    edisc = np.zeros(ncards, np.int64)
    B = np.zeros((3, ncards + 1), np.int64)
    offered = np.zeros(ccap, np.int64)
    ld_item = LOOT_ITEMS.copy()
    ld_cnt = LOOT_COPIES.copy()
    stash = np.zeros(ccap, np.int64)
    # the turn in progress: its attack groups (dice, damage type, damage, class bonus, doubled
    # damage, heals on hit, automatic hits, rolled already) and the healing items it used
    groups = np.zeros((8, GROUP_CAP), np.int64)
    heals_used = np.zeros(HAND_CAP, np.int64)
    Q = np.zeros((4, max(n, ecap)), np.int64)
    # actions on offer
    acap = GROUP_CAP * ecap + HAND_CAP * n + nitems + ncards + ccap + HAND_CAP + n + 4
    ak = np.zeros(acap, np.int64)
    a1 = np.zeros(acap, np.int64)
    a2 = np.zeros(acap, np.int64)
    tmp_hands = np.zeros(HAND_CAP + 1, np.int64)
    scratch = np.zeros((8, GROUP_CAP), np.int64)
    seen = np.zeros(max(nitems, ncards), np.int64)
    seat_cum = np.zeros(n, np.int64)

    V[V_NED] = ncards
    V[V_NLD] = LOOT_ITEMS.shape[0]
    if _game(
        bseed,
        CFG,
        BOTS,
        CLS,
        ITEM,
        ITEM_VALUE,
        KIND,
        ENC,
        ENC_THREAT,
        DOUT,
        DCUM,
        DLEN,
        PHIT,
        V,
        cmt,
        bmt,
        players,
        hands,
        nh,
        body,
        enemies,
        edeck,
        edisc,
        B,
        offered,
        ld_item,
        ld_cnt,
        stash,
        groups,
        heals_used,
        Q,
        ak,
        a1,
        a2,
        tmp_hands,
        scratch,
        seen,
        seat_cum,
    ):
        _record(V, n, hands, nh, body, out)
    else:
        out[O_STATUS] = UNSUPPORTED


@no_counts
def _game(
    bseed,
    CFG,
    BOTS,
    CLS,
    ITEM,
    ITEM_VALUE,
    KIND,
    ENC,
    ENC_THREAT,
    DOUT,
    DCUM,
    DLEN,
    PHIT,
    V,
    cmt,
    bmt,
    players,
    hands,
    nh,
    body,
    enemies,
    edeck,
    edisc,
    B,
    offered,
    ld_item,
    ld_cnt,
    stash,
    groups,
    heals_used,
    Q,
    ak,
    a1,
    a2,
    tmp_hands,
    scratch,
    seen,
    seat_cum,
):
    """The game of play_one, on the arrays it made, to its end: the steps rules.py takes
    between waits, then a chance point or a decision, again and again. Compiled without
    reference counts (no_counts), which a function that makes arrays cannot be. False when
    the game reaches a position the kernel does not copy."""
    _set_up(V, CFG, CLS, players)
    # A game reaches a decision every few chance points; a kernel that ran this long without
    # one has gone wrong, and hands the game to the engine rather than hang.
    budget = 1000 * (CFG[G_MAX_DECISIONS] + 100)
    while True:
        budget -= 1
        if budget < 0:
            return False
        if not _steps(
            V,
            CFG,
            CLS,
            ITEM,
            KIND,
            ENC,
            players,
            hands,
            nh,
            body,
            enemies,
            groups,
            edeck,
            edisc,
            B,
            ld_item,
            ld_cnt,
            stash,
            heals_used,
            Q,
            ak,
            a1,
            a2,
            scratch,
        ):
            return False
        if V[V_PHASE] == P_OVER:
            return True
        resolved = _chance(
            V,
            CFG,
            ITEM,
            KIND,
            ENC,
            DOUT,
            DCUM,
            DLEN,
            cmt,
            players,
            hands,
            nh,
            enemies,
            groups,
            edeck,
            edisc,
            B,
            offered,
            ld_item,
            ld_cnt,
            stash,
            Q,
            seat_cum,
        )
        if resolved < 0:
            return False
        if resolved:
            continue
        decisions = V[V_DECISIONS]
        if decisions >= CFG[G_MAX_DECISIONS] or (
            decisions % 64 == 63 and V[V_ROUND] > STALL_ROUNDS
        ):
            V[V_OUTCOME] = TIMEOUT
            return True
        mover = _mover(V, Q)
        nact = _options(
            V,
            CFG,
            ITEM,
            ENC,
            mover,
            players,
            hands,
            nh,
            body,
            enemies,
            groups,
            edeck,
            offered,
            stash,
            heals_used,
            ak,
            a1,
            a2,
            seen,
        )
        if nact == 0:
            return False
        choice = _choice(
            V,
            CFG,
            BOTS,
            CLS,
            ITEM,
            ITEM_VALUE,
            KIND,
            ENC_THREAT,
            PHIT,
            bseed,
            bmt,
            mover,
            nact,
            players,
            hands,
            nh,
            body,
            enemies,
            groups,
            ak,
            a1,
            a2,
            tmp_hands,
            scratch,
        )
        V[V_DECISIONS] += 1
        if not _apply(
            V,
            CFG,
            CLS,
            ITEM,
            mover,
            ak[choice],
            a1[choice],
            a2[choice],
            players,
            hands,
            nh,
            body,
            enemies,
            groups,
            edeck,
            edisc,
            offered,
            stash,
            heals_used,
            Q,
        ):
            return False


@no_counts
def _set_up(V, CFG, CLS, players):
    """CoopState.__init__: each player at its class's full strength, no one leading yet, and
    the leader to be rolled for or chosen."""
    ph, pa, pd = players[0], players[1], players[2]
    pmh, pma, pmd = players[3], players[4], players[5]
    for s in range(CFG[G_SEATS]):
        pmh[s] = CLS[s, C_HEALTH]
        pma[s] = CLS[s, C_ARMOR]
        pmd[s] = max(0, CLS[s, C_DODGE])
        ph[s], pa[s], pd[s] = pmh[s], pma[s], pmd[s]
    V[V_TURN_SEAT] = -1
    V[V_OUTCOME] = -1
    V[V_START_CARD] = -1
    V[V_FIRST_TARGET] = -1
    V[V_PEND_G], V[V_PEND_E] = -1, -1
    V[V_PHASE] = P_LEADER_CHOICE if CFG[G_LEADER_CHOOSE] else P_LEADER_ROLL
    V[V_STEP] = S_NONE


@no_counts
def _record(V, n, hands, nh, body, out):
    """The finished game's row: its outcome and counts, and the items equipped at the end as
    bits of one integer."""
    out[O_STATUS] = OK
    out[O_OUTCOME] = V[V_OUTCOME]
    out[O_LENGTH] = V[V_DECISIONS]
    out[O_BATTLES_WON] = V[V_BATTLES_WON]
    out[O_ROUNDS] = V[V_ROUNDS]
    out[O_ENCOUNTERS] = V[V_ENCOUNTERS]
    out[O_ENCOUNTERS_WON] = V[V_ENCOUNTERS_WON]
    out[O_KNOCKOUTS] = V[V_KNOCKOUTS]
    out[O_LOOT_DRAWN] = V[V_LOOT_DRAWN]
    out[O_DEFEATED] = V[V_DEFEATED]
    items = 0
    used = 0
    for s in range(n):
        items += nh[s] + (1 if body[s] >= 0 else 0)
        for h in range(nh[s]):
            used |= 1 << hands[s, h]
        if body[s] >= 0:
            used |= 1 << body[s]
    out[O_ITEMS] = items
    out[O_USED] = used


@no_counts(inline="always")
def _wait(V, phase):
    """The game waits in `phase`, for a chance point or a decision."""
    V[V_PHASE] = phase
    V[V_STEP] = S_NONE


# -- the steps rules.py takes between waits ----------------------------------------------------
@no_counts(inline="always")
def _steps(
    V,
    CFG,
    CLS,
    ITEM,
    KIND,
    ENC,
    players,
    hands,
    nh,
    body,
    enemies,
    groups,
    edeck,
    edisc,
    B,
    ld_item,
    ld_cnt,
    stash,
    heals_used,
    Q,
    ak,
    a1,
    a2,
    scratch,
):
    """The steps from one wait to the next, each as the rules.py method it copies; False when
    the game reaches a position the kernel does not copy."""
    n = CFG[G_SEATS]
    pko = players[6]
    eh, eseat, eorder = enemies[0], enemies[3], enemies[4]
    while V[V_STEP] != S_NONE:
        step = V[V_STEP]
        if step == S_BEGIN_GAME:
            if CFG[G_EASY]:
                V[V_EASY] = 1
                V[V_DRAWS_LEFT] = n
                _wait(V, P_DRAW_LOOT)
            else:
                V[V_STEP] = S_FIRST_BATTLE
        elif step == S_FIRST_BATTLE:
            _first_battle(V, CFG, edeck, edisc)
        elif step == S_START_BATTLE:
            _start_battle(V, ENC, B)
        elif step == S_START_ENCOUNTER:
            if not _start_encounter(V, CFG, KIND, ENC, enemies, B, Q[Q_PLACING]):
                return False
        elif step == S_CONTINUE:
            V[V_STEP] = S_AFTER_TURN_STEP if V[V_IN_TURN] else S_NEXT_TURN
        elif step == S_NEXT_TURN:
            if not _next_turn(
                V,
                CFG,
                CLS,
                ITEM,
                KIND,
                players,
                hands,
                nh,
                body,
                enemies,
                groups,
                Q[Q_ROUND],
                scratch,
            ):
                return False
        elif step == S_MAYBE_END:
            _maybe_end_attacks(
                V, CFG, ITEM, players, hands, nh, enemies, groups, heals_used, ak, a1, a2
            )
        elif step == S_ENEMY_PHASE:
            V[V_EQ_LEN] = _in_front(V[V_TURN_SEAT], eh, eseat, eorder, V[V_NE], Q[Q_ENEMY])
            V[V_EQ_HEAD] = 0
            V[V_STEP] = S_AFTER_TURN_STEP
        elif step == S_AFTER_TURN_STEP:
            if V[V_EQ_HEAD] < V[V_EQ_LEN] and not pko[V[V_TURN_SEAT]]:
                _wait(V, P_ENEMY_ROLL)
            else:
                V[V_IN_TURN] = 0
                V[V_EQ_HEAD], V[V_EQ_LEN] = 0, 0
                V[V_STEP] = S_NEXT_TURN
        elif step == S_AFTER_PLAYER_DAMAGE:
            V[V_STEP] = S_MAYBE_END if _any_alive(eh, V[V_NE]) else S_END_ENCOUNTER
        elif step == S_END_ENCOUNTER:
            _end_encounter(V, CFG, players, edisc, B, ld_item, ld_cnt, stash)
        elif step == S_START_DRAFT:
            if V[V_NOFF] == 0:
                V[V_STEP] = S_START_EQUIP
            else:
                V[V_DRAFTER] = V[V_LEADER]
                _wait(V, P_DRAFT)
        elif step == S_START_EQUIP:
            _start_equip(V, CFG, nh, body, Q[Q_EQUIP])
        elif step == S_AFTER_EQUIP:
            if V[V_EASY]:
                V[V_STEP] = S_FIRST_BATTLE
            else:
                V[V_NOFF] = 0
                V[V_DRAWS_LEFT] = 3
                _wait(V, P_DRAW_ENC)
    return True


@no_counts(inline="always")
def _first_battle(V, CFG, edeck, edisc):
    """CoopState._first_battle: the set-up's first encounter card, or the leader picks one."""
    V[V_EASY] = 0
    if CFG[G_FIRST_ENC] >= 0:
        V[V_START_CARD] = CFG[G_FIRST_ENC]
        V[V_NED], V[V_NDISC] = _take_encounter(
            edeck, V[V_NED], edisc, V[V_NDISC], _index(edeck, V[V_NED], CFG[G_FIRST_ENC])
        )
        V[V_STEP] = S_START_BATTLE
    else:
        _wait(V, P_FIRST_PICK)


@no_counts(inline="always")
def _start_battle(V, ENC, B):
    """CoopState._start_battle: the chosen card's encounter first, then its reinforcements."""
    c = V[V_START_CARD]
    B[B_CARD, 0], B[B_COUNT, 0] = c, ENC[c, E_BASE]
    V[V_BQ_HEAD], V[V_BQ_LEN] = 0, 1
    B[B_CARDS, 0] = c
    V[V_NBC] = 1
    V[V_BATTLE_LOOT] = ENC[c, E_LOOT]
    if ENC[c, E_K]:
        V[V_DRAWS_LEFT] = ENC[c, E_K]
        _wait(V, P_REINFORCE)
    else:
        V[V_STEP] = S_START_ENCOUNTER


@no_counts(inline="always")
def _start_encounter(V, CFG, KIND, ENC, enemies, B, placing):
    """CoopState._start_encounter: the Battle's next encounter, its enemies at full strength
    and waiting to be placed. False for an encounter of no enemies or more than the kernel
    has room for."""
    c = B[B_CARD, V[V_BQ_HEAD]]
    ne = B[B_COUNT, V[V_BQ_HEAD]]
    V[V_BQ_HEAD] += 1
    V[V_ENCOUNTERS] += 1
    kind = ENC[c, E_KIND]
    V[V_NE], V[V_KIND] = ne, kind
    if ne > CFG[G_ENEMY_CAP] or ne == 0:
        return False
    eh, ea, ed, eseat, eorder = enemies[0], enemies[1], enemies[2], enemies[3], enemies[4]
    for i in range(ne):
        eh[i] = KIND[kind, K_HEALTH]
        ea[i] = KIND[kind, K_ARMOR]
        ed[i] = KIND[kind, K_DODGE]
        eseat[i] = -1
        eorder[i] = 0
        placing[i] = i
    V[V_PL_HEAD], V[V_PL_LEN] = 0, ne
    V[V_ROUND] = 0
    V[V_RO_HEAD], V[V_RO_LEN] = 0, 0
    V[V_TURN_SEAT] = -1
    _wait(V, P_PLACE)
    return True


@no_counts(inline="always")
def _next_turn(
    V, CFG, CLS, ITEM, KIND, players, hands, nh, body, enemies, groups, round_order, scratch
):
    """CoopState._next_turn: the next standing seat of the round starts its turn, or with the
    round over a new one starts (the step comes back here for its first seat)."""
    pko = players[6]
    while V[V_RO_HEAD] < V[V_RO_LEN]:
        seat = round_order[V[V_RO_HEAD]]
        V[V_RO_HEAD] += 1
        if not pko[seat]:
            return _start_turn(V, CFG, CLS, ITEM, seat, hands, nh, groups, scratch)
    _new_round(V, CFG, ITEM, KIND, players, body, enemies, round_order)
    return True


@no_counts(inline="always")
def _start_turn(V, CFG, CLS, ITEM, seat, hands, nh, groups, scratch):
    """CoopState._start_turn: the seat's attack groups, none rolled yet. False for more groups
    than the kernel has room for."""
    V[V_TURN_SEAT] = seat
    V[V_IN_TURN] = 1
    ng = groups_for(
        CLS[seat, C_DAMAGE],
        CLS[seat, C_DTYPE],
        hands[seat],
        nh[seat],
        ITEM,
        CFG[G_GROUP_BY],
        groups[0],
        groups[1],
        groups[2],
        groups[3],
        groups[4],
        groups[5],
        groups[6],
        scratch[7],
    )
    if ng < 0:
        return False
    V[V_NG] = ng
    _fill(groups[7], ng, 0)
    V[V_NHU] = 0
    V[V_FIRST_TARGET] = -1
    V[V_EQ_HEAD], V[V_EQ_LEN] = 0, 0
    V[V_PHASE] = P_TURN
    V[V_STEP] = S_MAYBE_END
    return True


@no_counts(inline="always")
def _new_round(V, CFG, ITEM, KIND, players, body, enemies, round_order):
    """CoopState._end_round, then the next round: seats in order from the leader."""
    n = CFG[G_SEATS]
    ph, pa, pmh, pma, pko = players[0], players[1], players[3], players[4], players[6]
    if V[V_ROUND] > 0:
        ea = enemies[1]
        for i in range(V[V_NE]):
            ea[i] = KIND[V[V_KIND], K_ARMOR]
        for s in range(n):
            pa[s] = pma[s]
            if not pko[s] and body[s] >= 0 and ITEM[body[s], I_SPECIAL] == SP_REGEN:
                ph[s] = min(pmh[s], ph[s] + 2)
    V[V_ROUND] += 1
    V[V_ROUNDS] += 1
    for i in range(n):
        round_order[i] = (V[V_LEADER] + i) % n
    V[V_RO_HEAD], V[V_RO_LEN] = 0, n


@no_counts(inline="always")
def _maybe_end_attacks(V, CFG, ITEM, players, hands, nh, enemies, groups, heals_used, ak, a1, a2):
    """CoopState._maybe_end_attacks. R-34: with no attack and no heal left, the enemies
    attack."""
    V[V_STEP] = S_NONE
    if V[V_PHASE] == P_TURN:
        seat = V[V_TURN_SEAT]
        nact = _attack_options(
            V[V_NG],
            groups[7],
            groups[1],
            enemies[0],
            enemies[3],
            V[V_NE],
            seat,
            V[V_FIRST_TARGET],
            CFG,
            ak,
            a1,
            a2,
            0,
        )
        if nact == 0:
            nact = _heal_options(
                hands[seat],
                nh[seat],
                heals_used,
                V[V_NHU],
                ITEM,
                players[0],
                players[3],
                players[6],
                CFG[G_SEATS],
                CFG,
                ak,
                a1,
                a2,
                nact,
            )
        if nact == 0:
            V[V_STEP] = S_ENEMY_PHASE


@no_counts(inline="always")
def _end_encounter(V, CFG, players, edisc, B, ld_item, ld_cnt, stash):
    """CoopState._end_encounter: the Battle's next encounter, or the Battle is won."""
    n = CFG[G_SEATS]
    pa, pma, pko = players[1], players[4], players[6]
    V[V_ENCOUNTERS_WON] += 1
    V[V_IN_TURN] = 0
    V[V_EQ_HEAD], V[V_EQ_LEN] = 0, 0
    V[V_RO_HEAD], V[V_RO_LEN] = 0, 0
    V[V_TURN_SEAT] = -1
    for s in range(n):
        pa[s] = pma[s]
    if not CFG[G_LEADER_PER_BATTLE]:
        V[V_LEADER] = _next_leader(V[V_LEADER], pko, n)
    if V[V_BQ_HEAD] < V[V_BQ_LEN]:
        V[V_STEP] = S_START_ENCOUNTER
    else:
        _win_battle(V, CFG, players, edisc, B, ld_item, ld_cnt, stash)


@no_counts(inline="always")
def _win_battle(V, CFG, players, edisc, B, ld_item, ld_cnt, stash):
    """The rest of CoopState._end_encounter once the Battle's last encounter falls: everyone
    back up at full strength, its cards discarded, and the game won or loot drawn."""
    n = CFG[G_SEATS]
    ph, pa, pd = players[0], players[1], players[2]
    pmh, pma, pmd, pko = players[3], players[4], players[5], players[6]
    V[V_BATTLES_WON] += 1
    for s in range(n):
        pko[s] = 0
        ph[s], pa[s], pd[s] = pmh[s], pma[s], pmd[s]
    V[V_NE] = 0
    for i in range(V[V_NBC]):
        edisc[V[V_NDISC]] = B[B_CARDS, i]
        V[V_NDISC] += 1
    V[V_NBC] = 0
    if CFG[G_LEADER_PER_BATTLE]:
        V[V_LEADER] = _next_leader(V[V_LEADER], pko, n)
    if V[V_BATTLES_WON] >= CFG[G_NEEDED]:
        V[V_OUTCOME] = WIN
        _wait(V, P_OVER)
        return
    V[V_DRAWS_LEFT] = V[V_BATTLE_LOOT]
    _refill_loot(V, CFG, ld_item, ld_cnt, stash)
    if V[V_DRAWS_LEFT] and V[V_NLD]:
        _wait(V, P_DRAW_LOOT)
    else:
        V[V_STEP] = S_START_DRAFT


@no_counts(inline="always")
def _refill_loot(V, CFG, ld_item, ld_cnt, stash):
    """CoopState._refill_loot: under the loot_reshuffle variant an empty Loot deck takes the
    stash."""
    if CFG[G_LOOT_RESHUFFLE] and V[V_NLD] == 0 and V[V_NST] > 0:
        V[V_NLD] = _refill(ld_item, ld_cnt, stash, V[V_NST])
        V[V_NST] = 0


@no_counts(inline="always")
def _start_equip(V, CFG, nh, body, equip_order):
    """CoopState._start_equip: with anything to equip or unequip, each seat in turn from the
    leader."""
    n = CFG[G_SEATS]
    anything = V[V_NST] > 0
    for s in range(n):
        if nh[s] or body[s] >= 0:
            anything = True
    if anything:
        for i in range(n):
            equip_order[i] = (V[V_LEADER] + i) % n
        V[V_EO_HEAD], V[V_EO_LEN] = 0, n
        _wait(V, P_EQUIP)
    else:
        V[V_STEP] = S_AFTER_EQUIP


# -- chance points -----------------------------------------------------------------------------
@no_counts(inline="always")
def _chance(
    V,
    CFG,
    ITEM,
    KIND,
    ENC,
    DOUT,
    DCUM,
    DLEN,
    cmt,
    players,
    hands,
    nh,
    enemies,
    groups,
    edeck,
    edisc,
    B,
    offered,
    ld_item,
    ld_cnt,
    stash,
    Q,
    seat_cum,
):
    """CoopState.apply_chance, drawing the outcome from the chance stream: 1 once it resolves
    the chance point the game waits at, 0 when the game waits for a decision instead, -1 when
    it reaches a position the kernel does not copy."""
    phase = V[V_PHASE]
    if phase == P_LEADER_ROLL:
        V[V_LEADER] = int(mt_random(cmt) * CFG[G_SEATS])
        V[V_STEP] = S_BEGIN_GAME
        return 1
    if phase == P_DRAW_ENC or phase == P_REINFORCE:
        ok = _draw_encounter(V, ENC, cmt, edeck, edisc, B, offered)
    elif phase == P_DRAW_LOOT:
        ok = _draw_loot(V, CFG, cmt, offered, ld_item, ld_cnt, stash)
    elif phase == P_PLACE:
        ok = _place(V, CFG, cmt, players, enemies, Q[Q_PLACING], seat_cum)
    elif phase == P_ATTACK_ROLL:
        ok = _attack_roll(V, DOUT, DCUM, DLEN, cmt, players, enemies, groups)
    elif phase == P_ENEMY_ROLL:
        ok = _enemy_roll(V, CFG, ITEM, KIND, DOUT, DCUM, DLEN, cmt, players, hands, nh, enemies, Q)
    else:
        return 0
    return 1 if ok else -1


@no_counts(inline="always")
def _draw_encounter(V, ENC, cmt, edeck, edisc, B, offered):
    """An encounter card drawn: one of the three offered (R-8), or a reinforcement joining the
    Battle (R-9). False with the deck and the discard pile both empty."""
    if V[V_NED] == 0:
        return False
    i = int(mt_random(cmt) * V[V_NED])
    c = edeck[i]
    V[V_NED], V[V_NDISC] = _take_encounter(edeck, V[V_NED], edisc, V[V_NDISC], i)
    if V[V_PHASE] == P_DRAW_ENC:
        offered[V[V_NOFF]] = c
        V[V_NOFF] += 1
        V[V_DRAWS_LEFT] -= 1
        if V[V_DRAWS_LEFT] == 0:
            V[V_PHASE] = P_CHOOSE
    else:
        B[B_CARD, V[V_BQ_LEN]] = c
        B[B_COUNT, V[V_BQ_LEN]] = ENC[c, E_BASE] + ENC[c, E_K]
        V[V_BQ_LEN] += 1
        B[B_CARDS, V[V_NBC]] = c
        V[V_NBC] += 1
        V[V_DRAWS_LEFT] -= 1
        if V[V_DRAWS_LEFT] == 0:
            V[V_STEP] = S_START_ENCOUNTER
    return True


@no_counts(inline="always")
def _draw_loot(V, CFG, cmt, offered, ld_item, ld_cnt, stash):
    """A Loot card drawn for the draft. False with the deck empty or the draft past the
    kernel's room."""
    nld = V[V_NLD]
    if nld == 0:
        return False
    u = mt_random(cmt)
    total = 0
    for i in range(nld):
        total += ld_cnt[i]
    x = int(u * total)
    acc = 0
    pick = nld - 1
    for i in range(nld):
        acc += ld_cnt[i]
        if acc > x:
            pick = i
            break
    it = ld_item[pick]
    ld_cnt[pick] -= 1
    if ld_cnt[pick] == 0:
        _remove_at(ld_item, pick, nld)
        V[V_NLD] = _remove_at(ld_cnt, pick, nld)
    if V[V_NOFF] >= CFG[G_CARD_CAP]:
        return False
    offered[V[V_NOFF]] = it
    V[V_NOFF] += 1
    V[V_LOOT_DRAWN] += 1
    V[V_DRAWS_LEFT] -= 1
    _refill_loot(V, CFG, ld_item, ld_cnt, stash)
    if V[V_DRAWS_LEFT] == 0 or V[V_NLD] == 0:
        V[V_STEP] = S_START_DRAFT
    return True


@no_counts(inline="always")
def _place(V, CFG, cmt, players, enemies, placing, seat_cum):
    """The next enemy to place goes in front of a standing seat. False with nobody
    standing."""
    n = CFG[G_SEATS]
    pko = players[6]
    leader = V[V_LEADER]
    u = mt_random(cmt)
    # active seats clockwise from the leader, each equally likely; with fixed
    # numbers and 4 or 5 seats, face f goes to the ((f - 1) mod k)-th of them.
    k = 0
    for i in range(n):
        if not pko[(leader + i) % n]:
            k += 1
    if k == 0:
        return False
    if CFG[G_PLACE_FIXED] and k > 3:
        _fill(seat_cum, k, 0)
        for f in range(6):
            seat_cum[f % k] += 1
        for j in range(1, k):
            seat_cum[j] += seat_cum[j - 1]
        idx = pick_cum(seat_cum, k, u)
    else:
        idx = int(u * k)
    j = 0
    seat = -1
    for i in range(n):
        s = (leader + i) % n
        if not pko[s]:
            if j == idx:
                seat = s
                break
            j += 1
    e = placing[V[V_PL_HEAD]]
    V[V_PL_HEAD] += 1
    enemies[3, e] = seat
    enemies[4, e] = V[V_PLACE_COUNTER]
    V[V_PLACE_COUNTER] += 1
    if V[V_PL_HEAD] >= V[V_PL_LEN]:
        V[V_STEP] = S_CONTINUE
    return True


@no_counts(inline="always")
def _attack_roll(V, DOUT, DCUM, DLEN, cmt, players, enemies, groups):
    """CoopState._resolve_attack: the party's attack roll against its target's Dodge. False
    when the variant has no such roll."""
    g, e = V[V_PEND_G], V[V_PEND_E]
    roll = _roll(groups[0, g], DOUT, DCUM, DLEN, cmt)
    if roll < 0:
        return False
    V[V_PEND_G], V[V_PEND_E] = -1, -1
    ed = enemies[2]
    if roll > ed[e]:
        dmg = groups[2, g] + groups[3, g]
        if groups[4, g] and roll >= 2 * ed[e]:
            dmg += groups[4, g]
        V[V_DEFEATED] += _damage(enemies[0], enemies[1], e, dmg)
        if groups[5, g]:
            ph, pmh, seat = players[0], players[3], V[V_TURN_SEAT]
            ph[seat] = min(pmh[seat], ph[seat] + 2)
    else:
        ed[e] = max(0, ed[e] - 1)
    V[V_PHASE] = P_TURN
    V[V_STEP] = S_AFTER_PLAYER_DAMAGE
    return True


@no_counts(inline="always")
def _enemy_roll(V, CFG, ITEM, KIND, DOUT, DCUM, DLEN, cmt, players, hands, nh, enemies, Q):
    """CoopState._resolve_enemy_attack: the next enemy in front of the player on turn attacks
    its Dodge. False when the variant has no such roll."""
    n = CFG[G_SEATS]
    ph, pa, pd, pko = players[0], players[1], players[2], players[6]
    eh, ea, eseat, eorder = enemies[0], enemies[1], enemies[3], enemies[4]
    kind = V[V_KIND]
    e = Q[Q_ENEMY, V[V_EQ_HEAD]]
    V[V_EQ_HEAD] += 1
    roll = _roll(KIND[kind, K_DICE], DOUT, DCUM, DLEN, cmt)
    if roll < 0:
        return False
    s = eseat[e]
    if roll > pd[s]:
        dmg = KIND[kind, K_DAMAGE]
        if _damage(ph, pa, s, dmg):
            pko[s] = 1
            V[V_KNOCKOUTS] += 1
            if not _anyone_standing(pko, n):  # R-16 as the damage lands, before any reflection
                V[V_OUTCOME] = LOSS
                V[V_PHASE] = P_OVER
                return True
        reflect = False
        for h in range(nh[s]):
            if ITEM[hands[s, h], I_SPECIAL] == SP_REFLECT:
                reflect = True
        if reflect:
            V[V_DEFEATED] += _damage(eh, ea, e, dmg // 2)
    else:
        pd[s] = max(0, pd[s] - 1)
    if not _any_alive(eh, V[V_NE]):
        V[V_IN_TURN] = 0
        V[V_STEP] = S_END_ENCOUNTER
        return True
    if pko[s]:
        V[V_EQ_HEAD], V[V_EQ_LEN] = 0, 0
        if not _anyone_standing(pko, n):
            V[V_OUTCOME] = LOSS
            V[V_PHASE] = P_OVER
            return True
        placing = Q[Q_PLACING]
        V[V_PL_HEAD] = 0
        pl_len = _in_front(s, eh, eseat, eorder, V[V_NE], placing)
        if CFG[G_ORPHANS_IDLE]:
            for i in range(pl_len):
                eseat[placing[i]] = -1
            pl_len = 0
        V[V_PL_LEN] = pl_len
        if pl_len:
            V[V_PHASE] = P_PLACE
            return True
    V[V_STEP] = S_AFTER_TURN_STEP
    return True


# -- decisions ---------------------------------------------------------------------------------
@no_counts(inline="always")
def _mover(V, Q):
    """The seat to decide: the player on turn, the drafter, the seat equipping, else the
    leader."""
    phase = V[V_PHASE]
    if phase == P_TURN:
        return V[V_TURN_SEAT]
    if phase == P_DRAFT:
        return V[V_DRAFTER]
    if phase == P_EQUIP:
        return Q[Q_EQUIP, V[V_EO_HEAD]]
    return V[V_LEADER]


@no_counts(inline="always")
def _options(
    V,
    CFG,
    ITEM,
    ENC,
    mover,
    players,
    hands,
    nh,
    body,
    enemies,
    groups,
    edeck,
    offered,
    stash,
    heals_used,
    ak,
    a1,
    a2,
    seen,
):
    """CoopState.legal_actions, in its order, into (ak, a1, a2); how many."""
    phase = V[V_PHASE]
    nact = 0
    if phase == P_TURN:
        seat = V[V_TURN_SEAT]
        nact = _attack_options(
            V[V_NG],
            groups[7],
            groups[1],
            enemies[0],
            enemies[3],
            V[V_NE],
            seat,
            V[V_FIRST_TARGET],
            CFG,
            ak,
            a1,
            a2,
            0,
        )
        n_attacks = nact
        nact = _heal_options(
            hands[seat],
            nh[seat],
            heals_used,
            V[V_NHU],
            ITEM,
            players[0],
            players[3],
            players[6],
            CFG[G_SEATS],
            CFG,
            ak,
            a1,
            a2,
            nact,
        )
        if n_attacks == 0:
            ak[nact] = A_END_TURN
            nact += 1
    elif phase == P_FIRST_PICK:
        for c in range(ENC.shape[0]):
            if ENC[c, E_FIRST]:
                for i in range(V[V_NED]):
                    if edeck[i] == c:
                        ak[nact], a1[nact] = A_FIRST, c
                        nact += 1
                        break
    elif phase == P_CHOOSE:
        for i in range(V[V_NOFF]):
            ak[nact], a1[nact] = A_ENCOUNTER, offered[i]
            nact += 1
    elif phase == P_DRAFT:
        _fill(seen, seen.shape[0], 0)
        for i in range(V[V_NOFF]):
            if not seen[offered[i]]:
                seen[offered[i]] = 1
                ak[nact], a1[nact] = A_TAKE, offered[i]
                nact += 1
    elif phase == P_EQUIP:
        nact = _equip_options(V, ITEM, mover, hands, nh, body, stash, ak, a1, seen)
    elif phase == P_LEADER_CHOICE:
        for s in range(CFG[G_SEATS]):
            ak[nact], a1[nact] = A_LEADER, s
            nact += 1
    return nact


@no_counts(inline="always")
def _equip_options(V, ITEM, mover, hands, nh, body, stash, ak, a1, seen):
    """CoopState._equip_actions: each stashed item the seat can equip, each item it can take
    off, then done."""
    nact = 0
    _fill(seen, seen.shape[0], 0)
    for i in range(V[V_NST]):
        it = stash[i]
        if not seen[it]:
            seen[it] = 1
            if not equip_problem(hands[mover], nh[mover], body[mover], it, ITEM):
                ak[nact], a1[nact] = A_EQUIP, it
                nact += 1
    _fill(seen, seen.shape[0], 0)
    for h in range(nh[mover] + 1):
        it = hands[mover, h] if h < nh[mover] else body[mover]
        if it >= 0 and not seen[it]:
            seen[it] = 1
            ak[nact], a1[nact] = A_UNEQUIP, it
            nact += 1
    ak[nact] = A_DONE
    return nact + 1


@no_counts(inline="always")
def _choice(
    V,
    CFG,
    BOTS,
    CLS,
    ITEM,
    ITEM_VALUE,
    KIND,
    ENC_THREAT,
    PHIT,
    bseed,
    bmt,
    mover,
    nact,
    players,
    hands,
    nh,
    body,
    enemies,
    groups,
    ak,
    a1,
    a2,
    tmp_hands,
    scratch,
):
    """The index of the action the mover's bot takes: bots.heuristic, or core.bots.random_bot
    (and the heuristic where it leaves the choice to chance)."""
    choice = -1
    if BOTS[mover] == BOT_HEURISTIC:
        phase = V[V_PHASE]
        if phase == P_TURN:
            choice = _heuristic_turn(
                V, ITEM, KIND, PHIT, nact, players, enemies, groups, ak, a1, a2
            )
        elif phase == P_FIRST_PICK or phase == P_CHOOSE:
            best_v = 0.0
            for i in range(nact):
                v = ENC_THREAT[a1[i]]
                if choice < 0 or v < best_v:
                    choice, best_v = i, v
        elif phase == P_EQUIP:
            choice = _heuristic_equip(
                CFG, CLS, ITEM, PHIT, mover, nact, hands, nh, body, ak, a1, tmp_hands, scratch
            )
        elif phase == P_DRAFT:
            best_v = 0.0
            for i in range(nact):
                v = ITEM_VALUE[a1[i]]
                if choice < 0 or v > best_v:
                    choice, best_v = i, v
    if choice < 0:
        if bmt[MT_SIZE - 1] < 0:
            mt_seed(bmt, bseed)
        choice = int(mt_random(bmt) * nact)
    return choice


@no_counts(inline="always")
def _heuristic_turn(V, ITEM, KIND, PHIT, nact, players, enemies, groups, ak, a1, a2):
    """bots.heuristic on a turn: heal the most hurt when it is worth it, else the attack of
    the highest value, else end the turn."""
    ph, pmh = players[0], players[3]
    best = -1
    best_def = 0
    for i in range(nact):
        if ak[i] == A_HEAL:
            q = a2[i]
            d = pmh[q] - ph[q]
            if best < 0 or d > best_def:
                best, best_def = i, d
    if best >= 0 and best_def >= min(ITEM[a1[best], I_HEAL], 3):
        return best
    choice = -1
    best_v = 0.0
    for i in range(nact):
        if ak[i] == A_ATTACK:
            v = _attack_value(
                a1[i],
                a2[i],
                groups[0],
                groups[2],
                groups[3],
                groups[4],
                groups[6],
                enemies[0],
                enemies[1],
                enemies[2],
                enemies[3],
                V[V_TURN_SEAT],
                KIND[V[V_KIND]],
                PHIT,
            )
            if choice < 0 or v > best_v:
                choice, best_v = i, v
    if choice < 0:
        choice = nact - 1  # end turn
    return choice


@no_counts(inline="always")
def _heuristic_equip(
    CFG, CLS, ITEM, PHIT, mover, nact, hands, nh, body, ak, a1, tmp_hands, scratch
):
    """bots.heuristic while equipping: the change that most improves the seat's loadout score,
    if by more than 0.05, else done."""
    cls = CLS[mover]
    group_by = CFG[G_GROUP_BY]
    base = loadout_score(cls, hands[mover], nh[mover], body[mover], ITEM, PHIT, group_by, scratch)
    choice = -1
    best_gain = 0.05
    for i in range(nact):
        if ak[i] != A_EQUIP and ak[i] != A_UNEQUIP:
            continue
        it = a1[i]
        m = 0
        b2 = body[mover]
        is_armor = ITEM[it, I_FAMILY] == F_ARMOR
        if ak[i] == A_EQUIP:
            for h in range(nh[mover]):
                tmp_hands[m] = hands[mover, h]
                m += 1
            if is_armor:
                b2 = it
            else:
                tmp_hands[m] = it
                m += 1
        elif b2 == it:
            b2 = -1
            for h in range(nh[mover]):
                tmp_hands[m] = hands[mover, h]
                m += 1
        else:
            removed = False
            for h in range(nh[mover]):
                if not removed and hands[mover, h] == it:
                    removed = True
                    continue
                tmp_hands[m] = hands[mover, h]
                m += 1
        gain = loadout_score(cls, tmp_hands, m, b2, ITEM, PHIT, group_by, scratch) - base
        if gain > best_gain:
            choice, best_gain = i, gain
    if choice < 0:
        choice = nact - 1  # done
    return choice


@no_counts(inline="always")
def _apply(
    V,
    CFG,
    CLS,
    ITEM,
    mover,
    kd,
    x,
    y,
    players,
    hands,
    nh,
    body,
    enemies,
    groups,
    edeck,
    edisc,
    offered,
    stash,
    heals_used,
    Q,
):
    """CoopState.apply of the action (kind kd, arguments x and y). False when an item finds
    no room in a hand."""
    n = CFG[G_SEATS]
    if kd == A_ATTACK:
        groups[7, x] = 1
        if V[V_FIRST_TARGET] < 0:
            V[V_FIRST_TARGET] = y
        if groups[6, x]:  # no roll, never changes Dodge
            V[V_DEFEATED] += _damage(enemies[0], enemies[1], y, groups[2, x] + groups[3, x])
            V[V_STEP] = S_AFTER_PLAYER_DAMAGE
        else:
            V[V_PEND_G], V[V_PEND_E] = x, y
            V[V_PHASE] = P_ATTACK_ROLL
    elif kd == A_HEAL:
        heals_used[V[V_NHU]] = x
        V[V_NHU] += 1
        ph, pmh = players[0], players[3]
        ph[y] = min(pmh[y], ph[y] + ITEM[x, I_HEAL])
        V[V_STEP] = S_MAYBE_END
    elif kd == A_END_TURN:
        V[V_STEP] = S_ENEMY_PHASE
    elif kd == A_FIRST:
        V[V_START_CARD] = x
        V[V_NED], V[V_NDISC] = _take_encounter(
            edeck, V[V_NED], edisc, V[V_NDISC], _index(edeck, V[V_NED], x)
        )
        V[V_STEP] = S_START_BATTLE
    elif kd == A_ENCOUNTER:
        removed = False
        for i in range(V[V_NOFF]):
            if not removed and offered[i] == x:
                removed = True
                continue
            edisc[V[V_NDISC]] = offered[i]  # the other two are discarded
            V[V_NDISC] += 1
        V[V_NOFF] = 0
        V[V_START_CARD] = x
        V[V_STEP] = S_START_BATTLE
    elif kd == A_TAKE:
        V[V_NOFF] = _remove_at(offered, _index(offered, V[V_NOFF], x), V[V_NOFF])
        stash[V[V_NST]] = x  # unequipped loot waits in the party stash
        V[V_NST] += 1
        if V[V_NOFF] == 0:
            V[V_STEP] = S_START_EQUIP
        else:
            V[V_DRAFTER] = (V[V_DRAFTER] + 1) % n
    elif kd == A_EQUIP or kd == A_UNEQUIP:
        return _change_kit(V, CFG, CLS, ITEM, mover, kd, x, players, hands, nh, body, stash)
    elif kd == A_DONE:
        V[V_EO_HEAD] += 1
        if V[V_EO_HEAD] >= V[V_EO_LEN]:
            V[V_STEP] = S_AFTER_EQUIP
    elif kd == A_LEADER:
        V[V_LEADER] = x
        V[V_STEP] = S_BEGIN_GAME
    return True


@no_counts(inline="always")
def _change_kit(V, CFG, CLS, ITEM, mover, kd, x, players, hands, nh, body, stash):
    """An equip or unequip action: the item moves between the stash and the seat, which is
    then at its new full strength. False when a hand has no room for it."""
    if kd == A_EQUIP:
        V[V_NST] = _remove_at(stash, _index(stash, V[V_NST], x), V[V_NST])
        if ITEM[x, I_FAMILY] == F_ARMOR:
            body[mover] = x
        else:
            if nh[mover] >= HAND_CAP:
                return False
            hands[mover, nh[mover]] = x
            nh[mover] += 1
    else:
        if body[mover] == x:
            body[mover] = -1
        else:
            nh[mover] = _remove_at(hands[mover], _index(hands[mover], nh[mover], x), nh[mover])
        stash[V[V_NST]] = x
        V[V_NST] += 1
    _refresh(
        mover,
        CLS,
        hands,
        nh,
        body,
        ITEM,
        CFG,
        players[0],
        players[1],
        players[2],
        players[3],
        players[4],
        players[5],
    )
    return True


@njit(cache=True)
def _damage(health, armor, i, d):
    """R-35: Armor absorbs first, the rest comes off Health; 1 if the character fell (its
    Health is then 0: damage beyond is lost, A-29), else 0."""
    a = min(armor[i], d)
    armor[i] -= a
    health[i] -= d - a
    if health[i] <= 0:
        health[i] = 0
        return 1
    return 0


@njit(cache=True)
def _roll(dice, DOUT, DCUM, DLEN, mt):
    """A roll of `dice` dice from the chance stream, or -1 when the variant has no such roll."""
    if DLEN[dice] == 0:
        return -1
    return DOUT[dice, pick_cum(DCUM[dice], DLEN[dice], mt_random(mt))]


# Small list operations on (array, length) pairs. Kept as functions so the compiler types
# each once: written out in place, every copy costs compile time on first use.
@njit(cache=True)
def _index(a, n, x):
    for i in range(n):
        if a[i] == x:
            return i
    return -1


@njit(cache=True)
def _remove_at(a, i, n):
    """Remove a[i] from the first n entries (i = -1 removes nothing); returns the new length."""
    if i < 0:
        return n
    for j in range(i, n - 1):
        a[j] = a[j + 1]
    return n - 1


@njit(cache=True)
def _fill(a, n, value):
    for i in range(n):
        a[i] = value


@njit(cache=True)
def _take_encounter(edeck, ned, edisc, ndisc, i):
    """Remove edeck[i]; an empty deck takes the discard pile in its order (R-11, A-24)."""
    ned = _remove_at(edeck, i, ned)
    if ned == 0:
        for j in range(ndisc):
            edeck[j] = edisc[j]
        ned, ndisc = ndisc, 0
    return ned, ndisc


@njit(cache=True)
def _in_front(seat, eh, eseat, eorder, ne, into):
    """The living enemies in front of `seat`, in the order they were placed (A-31)."""
    m = 0
    for i in range(ne):
        if eh[i] > 0 and eseat[i] == seat:
            j = m
            while j > 0 and eorder[into[j - 1]] > eorder[i]:
                into[j] = into[j - 1]
                j -= 1
            into[j] = i
            m += 1
    return m


@njit(cache=True)
def _next_leader(leader, pko, n):
    for i in range(1, n + 1):
        seat = (leader + i) % n
        if not pko[seat]:
            return seat
    return leader


@njit(cache=True)
def _any_alive(eh, ne):
    """Whether any of the encounter's ne enemies still has Health."""
    for i in range(ne):
        if eh[i] > 0:
            return True
    return False


@njit(cache=True)
def _anyone_standing(pko, n):
    """Whether any of the n players is not knocked out."""
    for i in range(n):
        if not pko[i]:
            return True
    return False


@njit(cache=True)
def _refill(ld_item, ld_cnt, stash, nst):
    """A-24 variant: the unequipped stash becomes the Loot deck, in stash order."""
    nld = 0
    for i in range(nst):
        it = stash[i]
        found = False
        for j in range(nld):
            if ld_item[j] == it:
                ld_cnt[j] += 1
                found = True
                break
        if not found:
            ld_item[nld] = it
            ld_cnt[nld] = 1
            nld += 1
    return nld


@njit(cache=True)
def _refresh(s, CLS, hands, nh, body, ITEM, CFG, ph, pa, pd, pmh, pma, pmd):
    """CoopState._derive then full strength (equipment changes only between Battles)."""
    armor = CLS[s, C_ARMOR]
    dodge = CLS[s, C_DODGE]
    health = CLS[s, C_HEALTH]
    for h in range(nh[s] + (1 if body[s] >= 0 else 0)):
        it = hands[s, h] if h < nh[s] else body[s]
        armor += ITEM[it, I_ARMOR]
        dodge += ITEM[it, I_DODGE]
        if not CFG[G_ACTION_HEAL]:
            health += ITEM[it, I_HEAL]
    pma[s] = armor
    pmd[s] = max(0, dodge)
    pmh[s] = health
    ph[s], pa[s], pd[s] = pmh[s], pma[s], pmd[s]


@njit(cache=True)
def _attack_options(ng, gdone, gt, eh, eseat, ne, turn_seat, first_target, CFG, ak, a1, a2, nact):
    """CoopState._attack_options with _targets (R-33, A-16, A-13, A-39)."""
    front_first = True
    if CFG[G_MELEE_SCOPE]:  # A-39 variant: only a player whose attacks are all melee
        for g in range(ng):
            if gt[g] == RANGED:
                front_first = False
    for g in range(ng):
        if gdone[g]:
            continue
        if CFG[G_SINGLE_TARGET] and first_target >= 0 and eh[first_target] > 0:
            ak[nact], a1[nact], a2[nact] = A_ATTACK, g, first_target
            nact += 1
            continue
        front_only = False
        if gt[g] == MELEE and front_first:
            front = False
            for i in range(ne):
                if eh[i] > 0 and eseat[i] == turn_seat:
                    front = True
                    break
            front_only = front or CFG[G_MELEE_FRONT]
        for i in range(ne):
            if eh[i] > 0 and (not front_only or eseat[i] == turn_seat):
                ak[nact], a1[nact], a2[nact] = A_ATTACK, g, i
                nact += 1
    return nact


@njit(cache=True)
def _heal_options(hands, nh, heals_used, nhu, ITEM, ph, pmh, pko, n, CFG, ak, a1, a2, nact):
    """CoopState._heal_options: each healing item once per turn, on anyone standing and hurt."""
    if not CFG[G_ACTION_HEAL]:
        return nact
    for h in range(nh):
        it = hands[h]
        if ITEM[it, I_HEAL] <= 0:
            continue
        # Each use this turn spends one copy, the earliest in hand first.
        earlier = 0
        for j in range(h):
            if hands[j] == it:
                earlier += 1
        uses = 0
        for j in range(nhu):
            if heals_used[j] == it:
                uses += 1
        if uses > earlier:
            continue
        for q in range(n):
            if not pko[q] and ph[q] < pmh[q]:
                ak[nact], a1[nact], a2[nact] = A_HEAL, it, q
                nact += 1
    return nact


@njit(cache=True)
def _attack_value(g, e, gd, gdmg, gbon, gdbl, gauto, eh, ea, ed, eseat, turn_seat, kind, PHIT):
    """bots._attack_value, with the same operations in the same order."""
    dmg = float(gdmg[g] + gbon[g])
    if gauto[g]:
        p = 1.0
    else:
        p = PHIT[gd[g], ed[e] + 1]
        if gdbl[g]:
            dmg += gdbl[g] * PHIT[gd[g], 2 * ed[e] - 1 + 1]
    left = eh[e] + ea[e]
    threat = kind[K_DAMAGE] * kind[K_DICE]
    m = left if left < dmg else dmg
    value = p * (m / max(1, kind[K_HEALTH] + kind[K_ARMOR])) * threat
    if dmg >= left:
        value += p * threat * 2
    if eseat[e] == turn_seat:
        value *= 1.3
    value += (1 - p) * 0.1 * threat
    return value


@njit(cache=True, nogil=True)
def play_many(
    seeds,
    bot_seeds,
    CFG,
    BOTS,
    CLS,
    ITEM,
    ITEM_VALUE,
    KIND,
    ENC,
    ENC_THREAT,
    LOOT_ITEMS,
    LOOT_COPIES,
    DOUT,
    DCUM,
    DLEN,
    PHIT,
):
    out = np.zeros((seeds.shape[0], OUT_WIDTH), np.int64)
    for g in range(seeds.shape[0]):
        play_one(
            seeds[g],
            bot_seeds[g],
            CFG,
            BOTS,
            CLS,
            ITEM,
            ITEM_VALUE,
            KIND,
            ENC,
            ENC_THREAT,
            LOOT_ITEMS,
            LOOT_COPIES,
            DOUT,
            DCUM,
            DLEN,
            PHIT,
            out[g],
        )
    return out
