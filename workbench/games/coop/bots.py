"""A heuristic party bot: sensible targets, heals and equipment, from public information.

kernel.py copies this bot, operation for operation, for sweeps; change both together
(tests/coop/test_kernel.py compares them)."""

from __future__ import annotations

from functools import cache

from .rules import CHOOSE_PRIMARY, DRAFT, EQUIP, FIRST_PICK, TURN, CoopState, hit_chance

# A stand-in enemy for judging loadouts: middling Dodge and Armor.
_TYPICAL_DODGE = 4
_TYPICAL_ARMOR = 2


@cache
def _p_hit(n: int, dodge: int, roll: str) -> float:
    return float(hit_chance(n, dodge, roll))


def _attack_value(state: CoopState, gi: int, uid: int) -> float:
    g = state.groups[gi]
    e = state.enemies[uid]
    roll = state.rules["coop.roll"]
    dmg = g.damage + g.class_bonus
    if g.auto_hits:
        p = 1.0
    else:
        p = _p_hit(g.dice, e.dodge, roll)
        if g.double:
            dmg += g.double * _p_hit(g.dice, 2 * e.dodge - 1, roll)
    left = e.health + e.armor
    threat = e.kind.damage * e.kind.dice
    value = p * (min(dmg, left) / max(1, e.kind.health + e.kind.armor)) * threat
    if dmg >= left:
        value += p * threat * 2
    if e.seat == state.turn_seat:
        value *= 1.3
    # A miss still wears Dodge down, which matters most against hard-to-hit enemies.
    value += (1 - p) * 0.1 * threat
    return value


def _loadout_score(state: CoopState, cls, hands: list[str], body: str | None) -> float:
    roll = state.rules["coop.roll"]
    items = [state.cat.items[i] for i in hands + ([body] if body else [])]
    offence = 0.0
    for g in state.groups_for(cls, hands):
        dmg = max(0, g.damage + g.class_bonus - _TYPICAL_ARMOR)
        hit = 1.0 if g.auto_hits else _p_hit(g.dice, _TYPICAL_DODGE, roll)
        offence += hit * dmg
    armor = cls.armor + sum(it.armor for it in items)
    dodge = max(0, cls.dodge + sum(it.dodge for it in items))
    heal = sum(it.heal for it in items) * 0.4
    return offence + 0.6 * armor + 0.5 * dodge + heal


def _after(state: CoopState, seat: int, kind: str, item: str):
    p = state.players[seat]
    hands, body = list(p.hands), p.body
    is_armor = state.cat.items[item].family == "Armor"
    if kind == "equip":
        if is_armor:
            body = item
        else:
            hands.append(item)
    elif body == item:
        body = None
    else:
        hands.remove(item)
    return hands, body


def _equip_choice(state: CoopState, seat: int, actions):
    p = state.players[seat]
    base = _loadout_score(state, p.cls, p.hands, p.body)
    best, best_gain = None, 0.05
    for a in actions:
        if a.kind in ("equip", "unequip"):
            gain = _loadout_score(state, p.cls, *_after(state, seat, a.kind, a.args[0])) - base
            if gain > best_gain:
                best, best_gain = a, gain
    if best is not None:
        return best
    return next(a for a in actions if a.kind == "done")


def _encounter_threat(state: CoopState, card_id: str) -> float:
    def threat(cid: str) -> float:
        c = state.cat.encounters[cid]
        e = state.cat.enemies[c.enemy]
        return (e.health + e.armor) * e.damage * e.dice * (1 + e.dodge / 6) * c.base

    c = state.cat.encounters[card_id]
    # Reinforcements are unknown cards: count each as an average card of the deck.
    deck = list(state.cat.encounters)
    average = sum(threat(x) for x in deck) / len(deck)
    return (threat(card_id) + c.k * average) / (1 + 0.3 * c.loot)


def heuristic(state: CoopState, seat: int, actions, rng):
    phase = state.phase
    if phase == TURN:
        heals = [a for a in actions if a.kind == "heal"]
        if heals:

            def deficit(a):
                q = state.players[a.args[1]]
                return q.max_health - q.health

            best = max(heals, key=deficit)
            if deficit(best) >= min(state.cat.items[best.args[0]].heal, 3):
                return best
        attacks = [a for a in actions if a.kind == "attack"]
        if attacks:
            return max(attacks, key=lambda a: _attack_value(state, *a.args))
        return next(a for a in actions if a.kind == "end turn")
    if phase in (FIRST_PICK, CHOOSE_PRIMARY):
        return min(actions, key=lambda a: _encounter_threat(state, a.args[0]))
    if phase == EQUIP:
        return _equip_choice(state, seat, actions)
    if phase == DRAFT:
        if actions[0].kind == "give":
            return _best_gift(state, actions)
        return max(actions, key=lambda a: _item_value(state, a.args[0]))
    return actions[int(rng.random() * len(actions))]


def _item_value(state: CoopState, item_id: str) -> float:
    it = state.cat.items[item_id]
    return it.dice * 3 + it.damage + it.armor * 1.2 + it.dodge * 0.5 + it.heal * 0.5


def _best_gift(state: CoopState, actions):
    best, best_gain = actions[-1], 0.0
    for a in actions:
        card, seat = a.args
        if seat < 0 or state.equip_problem(state.players[seat], card) is not None:
            continue
        p = state.players[seat]
        gain = _loadout_score(state, p.cls, *_after(state, seat, "equip", card)) - _loadout_score(
            state, p.cls, p.hands, p.body
        )
        if gain > best_gain:
            best, best_gain = a, gain
    return best
