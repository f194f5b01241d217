"""A heuristic bot for RPG Card Battle that plays from what its seat can see.

It reads only `state.observation(seat)` (both hands are face up, the other seat's pending pick
is not there) and the public card definitions. Each of its options is scored against every
option the opponent's visible hand allows, using the rules' own exchange function, and the
option with the best average is played: a one-turn look-ahead against an unknown pick.
"""

from __future__ import annotations

from .rules import BASIC, choices, damage, fighter, is_attack

LETHAL = 40.0  # ending the game (or being ended) outweighs any exchange of a few points


def options(hand: list[str], cards: dict, nothing_left: str) -> list[tuple]:
    """(kind, index, move, hand after R-5) for every choice R-4 allows with this hand."""
    out = []
    for kind, i, name in choices(hand, cards, nothing_left):
        if kind == "play":
            out.append((kind, i, cards[name], hand[:i] + hand[i + 1:]))
        elif kind == BASIC:
            out.append((kind, i, BASIC, hand[1:] if i == 0 else hand))
        else:
            out.append((kind, i, None, hand))
    return out


def _keep_value(card) -> float:
    """What giving up a card unused through a basic attack costs (it comes back only after
    the next reshuffle)."""
    if card.kind == "passive":
        return 3.0 + 1.5 * card.attack + 2.0 * card.defence + (4.0 if card.halve else 0.0)
    if card.kind == "item":
        return 0.3 * card.heal + 0.5 * card.guard
    return 0.1 * (card.attack + card.defence)


def _value(rules, me: dict, opp: dict, mine: tuple, theirs: tuple) -> float:
    ma, fa = mine
    mb, fb = theirs
    out = damage(rules, fa, ma, fb, mb)
    inn = damage(rules, fb, mb, fa, ma)
    dealt, taken = float(out), float(inn)
    if ma is not None and ma is not BASIC:
        if ma.reflect and is_attack(mb):
            dealt += ma.reflect
        if ma.poison and out >= 1:
            dealt += 0.8 * ma.poison * ma.poison_turns
    if mb is not None and mb is not BASIC:
        if mb.reflect and is_attack(ma):
            taken += mb.reflect
        if mb.poison and inn >= 1:
            taken += 0.8 * mb.poison * mb.poison_turns
    v = dealt - taken
    hp = me["hp"] - taken
    if ma is not None and ma is not BASIC and ma.kind == "item":
        heal = ma.heal
        if rules["rcb.overheal"] == "cap":
            heal = min(heal, max(0.0, me["max_hp"] - hp))
        v += heal + 0.7 * ma.guard * ma.guard_turns
        if rules["rcb.defeat_check"] == "after_items":
            hp += heal
    if opp["hp"] - dealt <= 0:
        v += LETHAL
    if hp <= 0:
        v -= LETHAL
    return v


def _sides(cards, who: dict, guard: int, opts) -> list[tuple]:
    return [(move, fighter(cards, who["attack"], who["defence"], who["weapon"], hand, guard))
            for _, _, move, hand in opts]


def heuristic(state, seat, actions, rng):
    if len(actions) == 1:
        return actions[0]
    obs = state.observation(seat)
    cards = state.cat.cards
    rules = state.rules
    me, opp = obs["players"][seat], obs["players"][1 - seat]
    guards = [0, 0]
    for e in obs["ongoing"]:
        if e["effect"] == "guard":
            guards[0 if e["target"] == seat else 1] += e["amount"]
    mine = options(me["hand"], cards, rules["rcb.nothing_left"])
    theirs = options(opp["hand"], cards, rules["rcb.nothing_left"])
    my_sides = _sides(cards, me, guards[0], mine)
    their_sides = _sides(cards, opp, guards[1], theirs)
    best, best_score = None, None
    for option, side in zip(mine, my_sides):
        score = sum(_value(rules, me, opp, side, t) for t in their_sides) / len(their_sides)
        kind, i, move, _ = option
        if kind == BASIC and i == 0:
            score -= _keep_value(cards[me["hand"][0]])
        elif move is not None and move is not BASIC and move.after == "spent":
            score -= 0.2 * (move.heal + move.guard)  # a one-use card is gone for good
        if best_score is None or score > best_score + 1e-9:
            best, best_score = option, score
    kind, i, move, _ = best
    for a in actions:
        if a.kind == kind and (kind != "play" or a.args[0] == i):
            return a
    return actions[0]
