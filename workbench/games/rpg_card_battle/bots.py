"""A heuristic bot for RPG Card Battle that plays from what its seat can see.

It reads only `state.observation(seat)` (both hands are face up, the other seat's pending pick
is not there) and the public card definitions. Each of its options is scored against every
option the opponent's visible hand allows, using the rules' own exchange function, and the
option with the best average is played: a one-turn look-ahead against an unknown pick.
"""

from __future__ import annotations

from .rules import BASIC, choices, damage, fighter, is_attack

LETHAL = 40.0  # ending the game (or being ended) outweighs any exchange of a few points


def options(who: dict, guard: int, cards: dict, nothing_left: str) -> list[tuple]:
    """(kind, index, move, side) for every choice R-4 allows with this hand, where `side` is
    the Fighter after R-5 took the card out. Only Passives change a Fighter (R-13) and no
    Passive is ever played, so every choice but giving up a leftmost Passive fights as the
    whole hand does: the Fighter is worked out once or twice, not once per choice."""
    hand = who["hand"]
    whole = fighter(cards, who["attack"], who["defence"], who["weapon"], hand, guard)
    out = []
    for kind, i, name in choices(hand, cards, nothing_left):
        if kind == "play":
            out.append((kind, i, cards[name], whole))
        elif kind == BASIC:
            side = whole
            if i == 0 and cards[name].kind == "passive":
                side = fighter(cards, who["attack"], who["defence"], who["weapon"], hand[1:], guard)
            out.append((kind, i, BASIC, side))
        else:
            out.append((kind, i, None, whole))
    return out


def _keep_value(card) -> float:
    """What giving up a card unused through a basic attack costs (it comes back only after
    the next reshuffle)."""
    if card.kind == "passive":
        return 3.0 + 1.5 * card.attack + 2.0 * card.defence + (4.0 if card.halve else 0.0)
    if card.kind == "item":
        return 0.3 * card.heal + 0.5 * card.guard
    return 0.1 * (card.attack + card.defence)


def _average(rules, me: dict, opp: dict, mine: tuple, theirs: list, n: int) -> float:
    """The value of playing `mine`, averaged over the opponent's `n` choices (`theirs`: each
    different (move, Fighter) with how many choices give it): the damage dealt less the damage
    taken in the exchange the rules work out, with reflect, poison, healing and guard added
    and ending the game outweighing everything. One loop rather than a call per pair: this is
    most of what the bot costs."""
    ma, fa = mine
    card = ma if ma is not None and ma is not BASIC else None
    item = card is not None and card.kind == "item"
    cap = rules["rcb.overheal"] == "cap"
    heal_first = rules["rcb.defeat_check"] == "after_items"
    my_hp, max_hp, their_hp = me["hp"], me["max_hp"], opp["hp"]
    total = 0
    for (mb, fb), count in theirs:
        out = damage(rules, fa, ma, fb, mb)
        inn = damage(rules, fb, mb, fa, ma)
        dealt, taken = float(out), float(inn)
        if card is not None:
            if card.reflect and is_attack(mb):
                dealt += card.reflect
            if card.poison and out >= 1:
                dealt += 0.8 * card.poison * card.poison_turns
        if mb is not None and mb is not BASIC:
            if mb.reflect and is_attack(ma):
                taken += mb.reflect
            if mb.poison and inn >= 1:
                taken += 0.8 * mb.poison * mb.poison_turns
        v = dealt - taken
        hp = my_hp - taken
        if item:
            heal = card.heal
            if cap:
                heal = min(heal, max(0.0, max_hp - hp))
            v += heal + 0.7 * card.guard * card.guard_turns
            if heal_first:
                hp += heal
        if their_hp - dealt <= 0:
            v += LETHAL
        if hp <= 0:
            v -= LETHAL
        total += count * v
    return total / n


def _distinct(opts: list[tuple]) -> list[tuple]:
    """Each different (move, Fighter) once, with how many choices give it: equal cards in a
    hand are equal choices, and an exchange need not be worked out twice."""
    out: dict = {}
    for _, _, move, side in opts:
        key = (id(move), id(side))
        if key in out:
            out[key][1] += 1
        else:
            out[key] = [(move, side), 1]
    return list(out.values())


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
    mine = options(me, guards[0], cards, rules["rcb.nothing_left"])
    theirs = options(opp, guards[1], cards, rules["rcb.nothing_left"])
    # The average over the opponent's choices, each different one worked out once and
    # weighted by how many of its choices give it.
    their_sides = _distinct(theirs)
    n = len(theirs)
    averages: dict = {}
    best, best_score = None, None
    for option in mine:
        kind, i, move, side = option
        key = (id(move), id(side))
        score = averages.get(key)
        if score is None:
            score = averages[key] = _average(rules, me, opp, (move, side), their_sides, n)
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
