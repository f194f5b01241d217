"""Compiled batch play of Co-op Dungeon Cards: the rules of rules.py and the bots of bots.py,
step for step, on integer tables.

Sweeps play tens of thousands of games; the rules engine spends about a millisecond on each,
almost all of it in the Python machinery every game shares (chance objects, action lists,
dispatch). This kernel plays the same game in compiled code. It is an exact copy, not an
approximation: it draws from the same two Mersenne Twister streams a Match uses, resolves each
chance point with the same cumulative weights, lists actions in the same order and makes the
bots' floating-point choices with the same operations in the same order, so every game gives
the very row the rules engine gives (tests/coop/test_kernel.py plays both side by side).

Tables and the layout of a game's result are built in batch.py, which hands a batch it cannot
play (a variant value or a bot it does not copy) back to the rules engine, saying why. A rule
added or changed anywhere in the rules engine sends every batch to the engine until this copy
follows it and its stamp is renewed (core/stamps.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...core.compiled import MT_SIZE, mt_random, mt_seed, pick_cum

# -- column layouts (batch.py fills them) ------------------------------------------------------
# ITEM[i, ...]
I_FAMILY, I_HANDS, I_DICE, I_DAMAGE, I_DTYPE, I_HITS, I_HEAL, I_ARMOR, I_DODGE, I_SPECIAL, \
    I_SOURCE = range(11)
F_SWORD, F_DAGGER, F_BOW, F_ARMOR, F_SPELL, F_SHIELD = range(6)
SP_NONE, SP_AUTO, SP_DOUBLE, SP_HEAL_ON_HIT, SP_REGEN, SP_REFLECT = range(6)
MELEE, RANGED = 0, 1  # other damage types get codes from 2
# KIND[k, ...] (enemy types) and CLS[seat, ...] (each seat's class)
K_HEALTH, K_ARMOR, K_DODGE, K_DAMAGE, K_DICE = range(5)
C_HEALTH, C_ARMOR, C_DODGE, C_DAMAGE, C_DTYPE = range(5)
# ENC[c, ...]
E_KIND, E_BASE, E_K, E_LOOT, E_FIRST = range(5)
# CFG[...]
(G_SEATS, G_NEEDED, G_FIRST_ENC, G_EASY, G_LEADER_CHOOSE, G_PLACE_FIXED, G_GROUP_BY,
 G_ACTION_HEAL, G_SINGLE_TARGET, G_MELEE_FRONT, G_ORPHANS_IDLE, G_LEADER_PER_BATTLE,
 G_LOOT_RESHUFFLE, G_MAX_DECISIONS, G_ENEMY_CAP, G_CARD_CAP, G_MELEE_SCOPE) = range(17)
CFG_WIDTH = 17
# out[...]: one game's result
(O_STATUS, O_OUTCOME, O_LENGTH, O_BATTLES_WON, O_ROUNDS, O_ENCOUNTERS, O_ENCOUNTERS_WON,
 O_KNOCKOUTS, O_LOOT_DRAWN, O_DEFEATED, O_ITEMS, O_USED) = range(12)
OUT_WIDTH = 12
WIN, LOSS, TIMEOUT = 0, 1, 2
OK, UNSUPPORTED = 0, 1  # UNSUPPORTED: the engine must play this game (it will say why)
BOT_RANDOM, BOT_HEURISTIC = 0, 1

HAND_CAP = 6
GROUP_CAP = 16

# -- equipment and attack groups (R-26 ..) ------------------------------------------
@njit(cache=True)
def groups_for(cdmg, cdtype, hands, nh, ITEM, group_by, gd, gt, gdmg, gbon, gdbl, gheal, gauto,
               types):
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
    ng = groups_for(cls[C_DAMAGE], cls[C_DTYPE], hands, nh, ITEM, group_by,
                    gd, gt, gdmg, gbon, gdbl, gheal, gauto, scratch[7])
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
(P_LEADER_ROLL, P_LEADER_CHOICE, P_FIRST_PICK, P_DRAW_ENC, P_CHOOSE, P_REINFORCE, P_PLACE,
 P_TURN, P_ATTACK_ROLL, P_ENEMY_ROLL, P_DRAW_LOOT, P_DRAFT, P_EQUIP, P_OVER) = range(14)
# ... and the steps between them, which rules.py takes by calling one method from another.
(S_NONE, S_BEGIN_GAME, S_FIRST_BATTLE, S_START_ENCOUNTER, S_CONTINUE, S_NEXT_TURN,
 S_MAYBE_END, S_ENEMY_PHASE, S_AFTER_TURN_STEP, S_AFTER_PLAYER_DAMAGE, S_END_ENCOUNTER,
 S_START_DRAFT, S_START_EQUIP, S_AFTER_EQUIP, S_START_BATTLE) = range(15)
# Action kinds
(A_ATTACK, A_HEAL, A_END_TURN, A_FIRST, A_ENCOUNTER, A_TAKE, A_EQUIP, A_UNEQUIP, A_DONE,
 A_LEADER) = range(10)
STALL_ROUNDS = 50  # CoopState.STALL_ROUNDS


@njit(cache=True)
def play_one(seed, bseed, CFG, BOTS, CLS, ITEM, ITEM_VALUE, KIND, ENC, ENC_THREAT, LOOT_ITEMS,
             LOOT_COPIES, DOUT, DCUM, DLEN, PHIT, out):
    n = CFG[G_SEATS]
    ncards = ENC.shape[0]
    nitems = ITEM.shape[0]
    ecap = CFG[G_ENEMY_CAP]
    ccap = CFG[G_CARD_CAP]
    group_by = CFG[G_GROUP_BY]
    for k in range(OUT_WIDTH):
        out[k] = 0
    cmt = np.empty(MT_SIZE, np.int64)
    bmt = np.empty(MT_SIZE, np.int64)
    mt_seed(cmt, seed)
    bmt[MT_SIZE - 1] = -1  # seeded on first use: the heuristic seldom draws

    # players: Health, Armor, Dodge now and at most, knocked out (one block, one allocation)
    players = np.zeros((7, n), np.int64)
    ph, pa, pd = players[0], players[1], players[2]
    pmh, pma, pmd, pko = players[3], players[4], players[5], players[6]
    hands = np.full((n, HAND_CAP), -1, np.int64)
    nh = np.zeros(n, np.int64)
    body = np.full(n, -1, np.int64)
    # enemies of the current encounter (one type): Health, Armor, Dodge, seat, placing order
    enemies = np.zeros((5, ecap), np.int64)
    eh, ea, ed, eseat, eorder = enemies[0], enemies[1], enemies[2], enemies[3], enemies[4]
    ne = 0
    kind = 0
    # decks and piles, in the insertion order of rules.py's dicts and lists
    edeck = np.arange(ncards).astype(np.int64)
    ned = ncards
    edisc = np.zeros(ncards, np.int64)
    ndisc = 0
    bq_card = np.zeros(ncards + 1, np.int64)
    bq_count = np.zeros(ncards + 1, np.int64)
    bq_head, bq_len = 0, 0
    bcards = np.zeros(ncards + 1, np.int64)
    nbc = 0
    offered = np.zeros(ccap, np.int64)
    noff = 0
    ld_item = LOOT_ITEMS.copy()
    ld_cnt = LOOT_COPIES.copy()
    nld = LOOT_ITEMS.shape[0]
    stash = np.zeros(ccap, np.int64)
    nst = 0
    # the turn in progress: its attack groups (dice, damage type, damage, class bonus, doubled
    # damage, heals on hit, automatic hits, rolled already)
    groups = np.zeros((8, GROUP_CAP), np.int64)
    gd, gt, gdmg, gbon = groups[0], groups[1], groups[2], groups[3]
    gdbl, gheal, gauto, gdone = groups[4], groups[5], groups[6], groups[7]
    ng = 0
    heals_used = np.zeros(HAND_CAP, np.int64)
    nhu = 0
    first_target = -1
    pend_g, pend_e = -1, -1
    round_order = np.zeros(n, np.int64)
    ro_head, ro_len = 0, 0
    placing = np.zeros(ecap, np.int64)
    pl_head, pl_len = 0, 0
    equeue = np.zeros(ecap, np.int64)
    eq_head, eq_len = 0, 0
    equip_order = np.zeros(n, np.int64)
    eo_head, eo_len = 0, 0
    # actions on offer
    acap = GROUP_CAP * ecap + HAND_CAP * n + nitems + ncards + ccap + HAND_CAP + n + 4
    ak = np.zeros(acap, np.int64)
    a1 = np.zeros(acap, np.int64)
    a2 = np.zeros(acap, np.int64)
    tmp_hands = np.zeros(HAND_CAP + 1, np.int64)
    scratch = np.zeros((8, GROUP_CAP), np.int64)
    seen = np.zeros(max(nitems, ncards), np.int64)
    seat_cum = np.zeros(n, np.int64)

    leader = 0
    battles_won = 0
    needed = CFG[G_NEEDED]
    battle_loot = 0
    draws_left = 0
    drafter = 0
    rnd = 0
    turn_seat = -1
    place_counter = 0
    in_turn = False
    easy = False
    outcome = -1
    rounds = encounters = encounters_won = knockouts = loot_drawn = defeated = 0
    decisions = 0
    start_card = -1

    for s in range(n):
        pmh[s] = CLS[s, C_HEALTH]
        pma[s] = CLS[s, C_ARMOR]
        pmd[s] = max(0, CLS[s, C_DODGE])
        ph[s], pa[s], pd[s] = pmh[s], pma[s], pmd[s]

    phase = P_LEADER_CHOICE if CFG[G_LEADER_CHOOSE] else P_LEADER_ROLL
    step = S_NONE
    # A game reaches a decision every few chance points; a kernel that ran this long without
    # one has gone wrong, and hands the batch to the engine rather than hang.
    budget = 1000 * (CFG[G_MAX_DECISIONS] + 100)
    while True:
        budget -= 1
        if budget < 0:
            out[O_STATUS] = UNSUPPORTED
            return
        # -- the steps rules.py takes between waits ------------------------------------------
        while step != S_NONE:
            if step == S_BEGIN_GAME:
                if CFG[G_EASY]:
                    easy = True
                    draws_left = n
                    phase = P_DRAW_LOOT
                    step = S_NONE
                else:
                    step = S_FIRST_BATTLE
            elif step == S_FIRST_BATTLE:
                easy = False
                if CFG[G_FIRST_ENC] >= 0:
                    start_card = CFG[G_FIRST_ENC]
                    # _take_encounter
                    ned, ndisc = _take_encounter(edeck, ned, edisc, ndisc,
                                                 _index(edeck, ned, start_card))
                    step = S_START_BATTLE
                else:
                    phase = P_FIRST_PICK
                    step = S_NONE
            elif step == S_START_BATTLE:
                c = start_card
                bq_card[0], bq_count[0] = c, ENC[c, E_BASE]
                bq_head, bq_len = 0, 1
                bcards[0] = c
                nbc = 1
                battle_loot = ENC[c, E_LOOT]
                if ENC[c, E_K]:
                    draws_left = ENC[c, E_K]
                    phase = P_REINFORCE
                    step = S_NONE
                else:
                    step = S_START_ENCOUNTER
            elif step == S_START_ENCOUNTER:
                c = bq_card[bq_head]
                ne = bq_count[bq_head]
                bq_head += 1
                encounters += 1
                kind = ENC[c, E_KIND]
                if ne > ecap or ne == 0:
                    out[O_STATUS] = UNSUPPORTED
                    return
                for i in range(ne):
                    eh[i] = KIND[kind, K_HEALTH]
                    ea[i] = KIND[kind, K_ARMOR]
                    ed[i] = KIND[kind, K_DODGE]
                    eseat[i] = -1
                    eorder[i] = 0
                    placing[i] = i
                pl_head, pl_len = 0, ne
                rnd = 0
                ro_head, ro_len = 0, 0
                turn_seat = -1
                phase = P_PLACE
                step = S_NONE
            elif step == S_CONTINUE:
                step = S_AFTER_TURN_STEP if in_turn else S_NEXT_TURN
            elif step == S_NEXT_TURN:
                started = False
                while ro_head < ro_len:
                    seat = round_order[ro_head]
                    ro_head += 1
                    if not pko[seat]:
                        # _start_turn
                        turn_seat = seat
                        in_turn = True
                        ng = groups_for(CLS[seat, C_DAMAGE], CLS[seat, C_DTYPE], hands[seat],
                                        nh[seat], ITEM, group_by, gd, gt, gdmg, gbon, gdbl,
                                        gheal, gauto, scratch[7])
                        if ng < 0:
                            out[O_STATUS] = UNSUPPORTED
                            return
                        _fill(gdone, ng, 0)
                        nhu = 0
                        first_target = -1
                        eq_head, eq_len = 0, 0
                        phase = P_TURN
                        step = S_MAYBE_END
                        started = True
                        break
                if not started:
                    if rnd > 0:
                        for i in range(ne):
                            ea[i] = KIND[kind, K_ARMOR]
                        for s in range(n):
                            pa[s] = pma[s]
                            if not pko[s] and body[s] >= 0 and ITEM[body[s], I_SPECIAL] == SP_REGEN:
                                ph[s] = min(pmh[s], ph[s] + 2)
                    rnd += 1
                    rounds += 1
                    for i in range(n):
                        round_order[i] = (leader + i) % n
                    ro_head, ro_len = 0, n
            elif step == S_MAYBE_END:
                # with no attack and no heal left, the enemies attack.
                step = S_NONE
                if phase == P_TURN:
                    nact = 0
                    nact = _attack_options(ng, gdone, gt, eh, eseat, ne, turn_seat, first_target,
                                           CFG, ak, a1, a2, nact)
                    if nact == 0:
                        nact = _heal_options(hands[turn_seat], nh[turn_seat], heals_used, nhu,
                                             ITEM, ph, pmh, pko, n, CFG, ak, a1, a2, nact)
                    if nact == 0:
                        step = S_ENEMY_PHASE
            elif step == S_ENEMY_PHASE:
                eq_len = _in_front(turn_seat, eh, eseat, eorder, ne, equeue)
                eq_head = 0
                step = S_AFTER_TURN_STEP
            elif step == S_AFTER_TURN_STEP:
                if eq_head < eq_len and not pko[turn_seat]:
                    phase = P_ENEMY_ROLL
                    step = S_NONE
                else:
                    in_turn = False
                    eq_head, eq_len = 0, 0
                    step = S_NEXT_TURN
            elif step == S_AFTER_PLAYER_DAMAGE:
                alive = False
                for i in range(ne):
                    if eh[i] > 0:
                        alive = True
                        break
                step = S_MAYBE_END if alive else S_END_ENCOUNTER
            elif step == S_END_ENCOUNTER:
                encounters_won += 1
                in_turn = False
                eq_head, eq_len = 0, 0
                ro_head, ro_len = 0, 0
                turn_seat = -1
                for s in range(n):
                    pa[s] = pma[s]
                if not CFG[G_LEADER_PER_BATTLE]:
                    leader = _next_leader(leader, pko, n)
                if bq_head < bq_len:
                    step = S_START_ENCOUNTER
                    continue
                battles_won += 1
                for s in range(n):
                    pko[s] = 0
                    ph[s], pa[s], pd[s] = pmh[s], pma[s], pmd[s]
                ne = 0
                for i in range(nbc):
                    edisc[ndisc] = bcards[i]
                    ndisc += 1
                nbc = 0
                if CFG[G_LEADER_PER_BATTLE]:
                    leader = _next_leader(leader, pko, n)
                if battles_won >= needed:
                    outcome = WIN
                    phase = P_OVER
                    step = S_NONE
                    continue
                draws_left = battle_loot
                if CFG[G_LOOT_RESHUFFLE] and nld == 0 and nst > 0:
                    nld = _refill(ld_item, ld_cnt, stash, nst)
                    nst = 0
                if draws_left and nld:
                    phase = P_DRAW_LOOT
                    step = S_NONE
                else:
                    step = S_START_DRAFT
            elif step == S_START_DRAFT:
                if noff == 0:
                    step = S_START_EQUIP
                else:
                    phase = P_DRAFT
                    drafter = leader
                    step = S_NONE
            elif step == S_START_EQUIP:
                anything = nst > 0
                for s in range(n):
                    if nh[s] or body[s] >= 0:
                        anything = True
                if anything:
                    for i in range(n):
                        equip_order[i] = (leader + i) % n
                    eo_head, eo_len = 0, n
                    phase = P_EQUIP
                    step = S_NONE
                else:
                    step = S_AFTER_EQUIP
            elif step == S_AFTER_EQUIP:
                if easy:
                    step = S_FIRST_BATTLE
                else:
                    noff = 0
                    draws_left = 3
                    phase = P_DRAW_ENC
                    step = S_NONE

        if phase == P_OVER:
            break

        # -- chance points ---------------------------------------------------------------------
        if phase == P_LEADER_ROLL:
            u = mt_random(cmt)
            leader = int(u * n)
            step = S_BEGIN_GAME
            continue
        if phase == P_DRAW_ENC or phase == P_REINFORCE:
            if ned == 0:
                out[O_STATUS] = UNSUPPORTED
                return
            u = mt_random(cmt)
            i = int(u * ned)
            c = edeck[i]
            ned, ndisc = _take_encounter(edeck, ned, edisc, ndisc, i)
            if phase == P_DRAW_ENC:
                offered[noff] = c
                noff += 1
                draws_left -= 1
                if draws_left == 0:
                    phase = P_CHOOSE
            else:
                bq_card[bq_len] = c
                bq_count[bq_len] = ENC[c, E_BASE] + ENC[c, E_K]
                bq_len += 1
                bcards[nbc] = c
                nbc += 1
                draws_left -= 1
                if draws_left == 0:
                    step = S_START_ENCOUNTER
            continue
        if phase == P_DRAW_LOOT:
            if nld == 0:
                out[O_STATUS] = UNSUPPORTED
                return
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
                nld = _remove_at(ld_cnt, pick, nld)
            if noff >= ccap:
                out[O_STATUS] = UNSUPPORTED
                return
            offered[noff] = it
            noff += 1
            loot_drawn += 1
            draws_left -= 1
            if CFG[G_LOOT_RESHUFFLE] and nld == 0 and nst > 0:
                nld = _refill(ld_item, ld_cnt, stash, nst)
                nst = 0
            if draws_left == 0 or nld == 0:
                step = S_START_DRAFT
            continue
        if phase == P_PLACE:
            u = mt_random(cmt)
            # active seats clockwise from the leader, each equally likely; with fixed
            # numbers and 4 or 5 seats, face f goes to the ((f - 1) mod k)-th of them.
            k = 0
            for i in range(n):
                if not pko[(leader + i) % n]:
                    k += 1
            if k == 0:
                out[O_STATUS] = UNSUPPORTED
                return
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
            e = placing[pl_head]
            pl_head += 1
            eseat[e] = seat
            eorder[e] = place_counter
            place_counter += 1
            if pl_head >= pl_len:
                step = S_CONTINUE
            continue
        if phase == P_ATTACK_ROLL:
            roll = _roll(gd[pend_g], DOUT, DCUM, DLEN, cmt)
            if roll < 0:
                out[O_STATUS] = UNSUPPORTED
                return
            g, e = pend_g, pend_e
            pend_g, pend_e = -1, -1
            if roll > ed[e]:
                dmg = gdmg[g] + gbon[g]
                if gdbl[g] and roll >= 2 * ed[e]:
                    dmg += gdbl[g]
                defeated += _damage(eh, ea, e, dmg)
                if gheal[g]:
                    ph[turn_seat] = min(pmh[turn_seat], ph[turn_seat] + 2)
            else:
                ed[e] = max(0, ed[e] - 1)
            phase = P_TURN
            step = S_AFTER_PLAYER_DAMAGE
            continue
        if phase == P_ENEMY_ROLL:
            e = equeue[eq_head]
            eq_head += 1
            roll = _roll(KIND[kind, K_DICE], DOUT, DCUM, DLEN, cmt)
            if roll < 0:
                out[O_STATUS] = UNSUPPORTED
                return
            s = eseat[e]
            if roll > pd[s]:
                dmg = KIND[kind, K_DAMAGE]
                if _damage(ph, pa, s, dmg):
                    pko[s] = 1
                    knockouts += 1
                    anyone = False
                    for i in range(n):
                        if not pko[i]:
                            anyone = True
                    if not anyone:  # R-16 as the damage lands, before any reflection
                        outcome = LOSS
                        phase = P_OVER
                        continue
                reflect = False
                for h in range(nh[s]):
                    if ITEM[hands[s, h], I_SPECIAL] == SP_REFLECT:
                        reflect = True
                if reflect:
                    defeated += _damage(eh, ea, e, dmg // 2)
            else:
                pd[s] = max(0, pd[s] - 1)
            alive = False
            for i in range(ne):
                if eh[i] > 0:
                    alive = True
            if not alive:
                in_turn = False
                step = S_END_ENCOUNTER
                continue
            if pko[s]:
                eq_head, eq_len = 0, 0
                anyone = False
                for i in range(n):
                    if not pko[i]:
                        anyone = True
                if not anyone:
                    outcome = LOSS
                    phase = P_OVER
                    continue
                pl_head = 0
                pl_len = _in_front(s, eh, eseat, eorder, ne, placing)
                if CFG[G_ORPHANS_IDLE]:
                    for i in range(pl_len):
                        eseat[placing[i]] = -1
                    pl_len = 0
                if pl_len:
                    phase = P_PLACE
                    continue
            step = S_AFTER_TURN_STEP
            continue

        # -- decisions -------------------------------------------------------------------------
        if decisions >= CFG[G_MAX_DECISIONS] or (decisions % 64 == 63 and rnd > STALL_ROUNDS):
            outcome = TIMEOUT
            break
        if phase == P_TURN:
            mover = turn_seat
        elif phase == P_DRAFT:
            mover = drafter
        elif phase == P_EQUIP:
            mover = equip_order[eo_head]
        else:
            mover = leader
        nact = 0
        if phase == P_TURN:
            nact = _attack_options(ng, gdone, gt, eh, eseat, ne, turn_seat, first_target, CFG,
                                   ak, a1, a2, 0)
            n_attacks = nact
            nact = _heal_options(hands[turn_seat], nh[turn_seat], heals_used, nhu, ITEM, ph, pmh,
                                 pko, n, CFG, ak, a1, a2, nact)
            if n_attacks == 0:
                ak[nact] = A_END_TURN
                nact += 1
        elif phase == P_FIRST_PICK:
            for c in range(ncards):
                if ENC[c, E_FIRST]:
                    for i in range(ned):
                        if edeck[i] == c:
                            ak[nact], a1[nact] = A_FIRST, c
                            nact += 1
                            break
        elif phase == P_CHOOSE:
            for i in range(noff):
                ak[nact], a1[nact] = A_ENCOUNTER, offered[i]
                nact += 1
        elif phase == P_DRAFT:
            _fill(seen, seen.shape[0], 0)
            for i in range(noff):
                if not seen[offered[i]]:
                    seen[offered[i]] = 1
                    ak[nact], a1[nact] = A_TAKE, offered[i]
                    nact += 1
        elif phase == P_EQUIP:
            _fill(seen, seen.shape[0], 0)
            for i in range(nst):
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
            nact += 1
        elif phase == P_LEADER_CHOICE:
            for s in range(n):
                ak[nact], a1[nact] = A_LEADER, s
                nact += 1
        if nact == 0:
            out[O_STATUS] = UNSUPPORTED
            return

        # the bot's choice (bots.heuristic, or core.bots.random_bot)
        choice = -1
        if BOTS[mover] == BOT_HEURISTIC:
            if phase == P_TURN:
                best = -1
                best_def = 0
                for i in range(nact):
                    if ak[i] == A_HEAL:
                        q = a2[i]
                        d = pmh[q] - ph[q]
                        if best < 0 or d > best_def:
                            best, best_def = i, d
                if best >= 0 and best_def >= min(ITEM[a1[best], I_HEAL], 3):
                    choice = best
                else:
                    best_v = 0.0
                    for i in range(nact):
                        if ak[i] == A_ATTACK:
                            v = _attack_value(a1[i], a2[i], gd, gdmg, gbon, gdbl, gauto, eh, ea,
                                              ed, eseat, turn_seat, KIND[kind], PHIT)
                            if choice < 0 or v > best_v:
                                choice, best_v = i, v
                    if choice < 0:
                        choice = nact - 1  # end turn
            elif phase == P_FIRST_PICK or phase == P_CHOOSE:
                best_v = 0.0
                for i in range(nact):
                    v = ENC_THREAT[a1[i]]
                    if choice < 0 or v < best_v:
                        choice, best_v = i, v
            elif phase == P_EQUIP:
                cls = CLS[mover]
                base = loadout_score(cls, hands[mover], nh[mover], body[mover], ITEM, PHIT,
                                     group_by, scratch)
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
                    gain = loadout_score(cls, tmp_hands, m, b2, ITEM, PHIT, group_by,
                                         scratch) - base
                    if gain > best_gain:
                        choice, best_gain = i, gain
                if choice < 0:
                    choice = nact - 1  # done
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
        decisions += 1

        # -- apply the action (CoopState.apply) -----------------------------------------------
        kd, x, y = ak[choice], a1[choice], a2[choice]
        if kd == A_ATTACK:
            gdone[x] = 1
            if first_target < 0:
                first_target = y
            if gauto[x]:  # no roll, never changes Dodge
                defeated += _damage(eh, ea, y, gdmg[x] + gbon[x])
                step = S_AFTER_PLAYER_DAMAGE
            else:
                pend_g, pend_e = x, y
                phase = P_ATTACK_ROLL
        elif kd == A_HEAL:
            heals_used[nhu] = x
            nhu += 1
            ph[y] = min(pmh[y], ph[y] + ITEM[x, I_HEAL])
            step = S_MAYBE_END
        elif kd == A_END_TURN:
            step = S_ENEMY_PHASE
        elif kd == A_FIRST:
            start_card = x
            ned, ndisc = _take_encounter(edeck, ned, edisc, ndisc, _index(edeck, ned, x))
            step = S_START_BATTLE
        elif kd == A_ENCOUNTER:
            removed = False
            for i in range(noff):
                if not removed and offered[i] == x:
                    removed = True
                    continue
                edisc[ndisc] = offered[i]  # the other two are discarded
                ndisc += 1
            noff = 0
            start_card = x
            step = S_START_BATTLE
        elif kd == A_TAKE:
            noff = _remove_at(offered, _index(offered, noff, x), noff)
            stash[nst] = x  # unequipped loot waits in the party stash
            nst += 1
            if noff == 0:
                step = S_START_EQUIP
            else:
                drafter = (drafter + 1) % n
        elif kd == A_EQUIP:
            nst = _remove_at(stash, _index(stash, nst, x), nst)
            if ITEM[x, I_FAMILY] == F_ARMOR:
                body[mover] = x
            else:
                if nh[mover] >= HAND_CAP:
                    out[O_STATUS] = UNSUPPORTED
                    return
                hands[mover, nh[mover]] = x
                nh[mover] += 1
            _refresh(mover, CLS, hands, nh, body, ITEM, CFG, ph, pa, pd, pmh, pma, pmd)
        elif kd == A_UNEQUIP:
            if body[mover] == x:
                body[mover] = -1
            else:
                nh[mover] = _remove_at(hands[mover], _index(hands[mover], nh[mover], x),
                                       nh[mover])
            stash[nst] = x
            nst += 1
            _refresh(mover, CLS, hands, nh, body, ITEM, CFG, ph, pa, pd, pmh, pma, pmd)
        elif kd == A_DONE:
            eo_head += 1
            if eo_head >= eo_len:
                step = S_AFTER_EQUIP
        elif kd == A_LEADER:
            leader = x
            step = S_BEGIN_GAME

    out[O_STATUS] = OK
    out[O_OUTCOME] = outcome
    out[O_LENGTH] = decisions
    out[O_BATTLES_WON] = battles_won
    out[O_ROUNDS] = rounds
    out[O_ENCOUNTERS] = encounters
    out[O_ENCOUNTERS_WON] = encounters_won
    out[O_KNOCKOUTS] = knockouts
    out[O_LOOT_DRAWN] = loot_drawn
    out[O_DEFEATED] = defeated
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
def _attack_options(ng, gdone, gt, eh, eseat, ne, turn_seat, first_target, CFG, ak, a1, a2,
                    nact):
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
def play_many(seeds, bot_seeds, CFG, BOTS, CLS, ITEM, ITEM_VALUE, KIND, ENC, ENC_THREAT,
              LOOT_ITEMS, LOOT_COPIES, DOUT, DCUM, DLEN, PHIT):
    out = np.zeros((seeds.shape[0], OUT_WIDTH), np.int64)
    for g in range(seeds.shape[0]):
        play_one(seeds[g], bot_seeds[g], CFG, BOTS, CLS, ITEM, ITEM_VALUE, KIND, ENC, ENC_THREAT,
                 LOOT_ITEMS, LOOT_COPIES, DOUT, DCUM, DLEN, PHIT, out[g])
    return out
