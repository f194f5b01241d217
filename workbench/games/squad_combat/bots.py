"""A heuristic bot for Squad Combat.

It reads its own hand and what every seat sees (characters, dice, burden, attached cards, the
card being played), never another seat's hand. It plays the attack that does the most good
against the best target (a kill first, then damage that sticks, less what the energy costs),
heals what it can heal, refreshes a character whose dice cannot pay the attacks it holds, and
passes otherwise. It pays with the lowest dice that will do, dodges when its die can beat the
attack's Atk, braces or taunts to save a character, and keeps its best dice.
"""

from __future__ import annotations

KILL = 8.0  # a kill is worth more than any damage short of one


def heuristic(state, seat, actions, rng):
    if len(actions) == 1:
        return actions[0]
    return CHOOSERS.get(state.wait[0], _first)(state, seat, actions)


def _searched(state, actions) -> bool:
    return state.wait[0] in ("action", "target")


def search(samples: int = 2, depth: int = 60, fair: bool = True):
    """The heuristic with a look ahead: each option of an action phase or a target is played
    on by the heuristic for every seat for `depth` decisions, `samples` times, and the option
    whose positions score best (HP left against the opponent's) is chosen. Fair unless
    `fair=False` ("search-omniscient"): it plays on from dealings of what its seat cannot see,
    not from the other hands as they are."""
    from ...core.lookahead import LookaheadBot
    from .game import SPEC

    return LookaheadBot(
        heuristic, traits=SPEC.traits, samples=samples, depth=depth, searched=_searched, fair=fair
    )


def _first(state, seat, actions):
    return actions[0]


# -- what a play is worth --------------------------------------------------------------------


def _stick(state, src, target, mod: int = 0) -> int:
    """Damage `src` would leave on `target` (after Resistance; 0 if Hardened discards it)."""
    from .pieces import Attached

    rec = Attached(0, src.name, -1, src.damage, src.traits, mod)
    if state._hardened(rec, target):
        return 0
    return state.effective(rec, target)


def _hit_value(state, src, target, atk: int | None = None) -> float:
    left = target.d.hp - state.damage(target)
    worth = _stick(state, src, target)
    value = min(worth, left) + (KILL if worth >= left else 0.0)
    for e in src.effects:
        if e.keyword == "Stun":
            value += 0.4 * min(e.amount, target.energy)
        elif e.keyword in ("Drain", "Disarm", "Power Down"):
            value += 0.5 if target.dice else 0.0
        elif e.keyword == "Power Up":
            value += 0.3
    atk = src.atk if atk is None else atk
    if target.dice and target.dice[0] >= 4 + atk:
        value *= 0.75  # it could be dodged
    return value


def _enemies(state, seat):
    return [c for c in state.chars if c.alive and c.seat != seat and not state.players[c.seat].out]


def _friends(state, seat):
    return [state.chars[ci] for ci in state.players[seat].order if state.chars[ci].alive]


def _best_heal(state, seat, x: int) -> float:
    best = 0
    for c in _friends(state, seat):
        for rec in c.attached:
            if state.healable_worth(rec, c) <= x:
                best = max(best, state.effective(rec, c))
    return float(best)


def _source_value(state, seat, src, actor) -> float:
    if src.is_attack:
        targets = _enemies(state, seat)
        if not targets:
            return -1.0
        value = max(_hit_value(state, src, t) for t in targets)
        return value - 0.15 * src.cost.energy - 0.3 * len(src.cost.dice)
    value = 0.0
    for e in src.effects:
        if e.keyword == "Heal":
            value += _best_heal(state, seat, e.amount)
        elif e.keyword == "Overcharge":
            value += 1.0 * max(1, src.targets)
        elif e.keyword == "Power Up":
            value += 0.2
        elif e.keyword == "Recover":
            value += 0.5
    return value - 1.5 * src.cost.cards - 0.1 * src.cost.energy


def _needs_dice(state, seat, c) -> bool:
    """True if the hand holds a dice-cost card only `c`'s dice stop it from playing (energy
    comes back at the end of the turn, so a Refresh now pays off next turn at the latest)."""
    from .notation import can_pay

    for name in state.players[seat].hand:
        src = state.cat.cards[name]
        if not src.cost.dice or (src.traits and not src.traits & c.d.traits):
            continue
        if src.character is not None and src.character != c.d.name:
            continue
        if not can_pay(c.dice, src.cost.dice):
            return True
    return False


def _choose_action(state, seat, actions):
    best, best_value = None, 0.0
    for a in actions:
        value = 0.0
        if a.kind == "play":
            src = state.cat.cards[a.args[0]]
            actor = state._char_of(seat, a.args[1]) if len(a.args) > 1 else None
            value = _source_value(state, seat, src, actor)
        elif a.kind == "use":
            src = next(
                ab
                for ci in state.players[seat].order
                for ab in state.chars[ci].d.abilities
                if ab.name == a.args[0]
            )
            value = _source_value(state, seat, src, None)
        elif a.kind == "refresh":
            c = state.chars[state._char_of(seat, a.args[0])]
            value = 1.2 if _needs_dice(state, seat, c) else -1.0
        if value > best_value + 1e-9:
            best, best_value = a, value
    return best if best is not None else next(a for a in actions if a.kind == "pass")


# -- paying and targeting --------------------------------------------------------------------


def _choose_pay(state, seat, actions):
    play = state.plays[state.wait[2]]
    dodge = next((e for e in play.source.effects if e.keyword == "Dodge"), None)
    if dodge is not None:
        need = dodge.amount + state.plays[play.ctx].atk
        enough = [a for a in actions if a.args[0] >= need]
        if enough:
            return min(enough, key=lambda a: a.args)
    return min(actions, key=lambda a: sum(a.args))


def _choose_target(state, seat, actions):
    play = state.plays[state.wait[2]]
    src = play.source
    chars = [state.chars[state._char_of(a.args[0], a.args[1])] for a in actions]
    if src.target == "enemy":
        values = [
            _hit_value(state, src, c) if src.is_attack else c.energy + len(c.dice) for c in chars
        ]
    else:
        keywords = {e.keyword for e in src.effects}
        values = []
        for c in chars:
            if "Heal" in keywords:
                x = next(e.amount for e in src.effects if e.keyword == "Heal")
                values.append(
                    max(
                        (
                            state.effective(r, c)
                            for r in c.attached
                            if state.healable_worth(r, c) <= x
                        ),
                        default=0,
                    )
                )
            elif "Recover" in keywords:
                values.append(c.burden)
            elif "Reroll" in keywords:
                values.append(6 - (c.dice[-1] if c.dice else 6))
            else:
                values.append(-len(c.dice))
    return actions[values.index(max(values))]


# -- edges in priority windows ---------------------------------------------------------------


def _edge_value(state, seat, a) -> float:
    kind, pid, _ = state.win
    ctx = state.plays[pid] if pid >= 0 else None
    if a.kind == "use":
        return -1.0  # death effects cost cards the bot would rather play
    src = state.cat.cards[a.args[0]]
    words = {e.keyword: e.amount for e in src.effects}
    if ctx is not None and ctx.source.is_attack:
        defender = state.chars[ctx.targets[0]]
        incoming = _stick(state, ctx.source, defender, ctx.mod)
        left = defender.d.hp - state.damage(defender)
        if "Dodge" in words:
            actor = state.chars[state._char_of(seat, a.args[1])]
            return 5.0 if actor.dice and actor.dice[0] >= words["Dodge"] + ctx.atk else -1.0
        if "Aim" in words:
            return 2.0 if defender.dice and defender.dice[0] >= 4 + ctx.atk else -1.0
        if "Soak" in words:
            return 2.0 if incoming >= 3 else -1.0
        if "Taunt" in words:
            actor = state.chars[state._char_of(seat, a.args[1])]
            mine = _stick(state, ctx.source, actor, ctx.mod)
            actor_left = actor.d.hp - state.damage(actor)
            saves = incoming >= left and mine < actor_left
            softer = mine < incoming and mine < actor_left
            return 3.0 if saves or softer else -1.0
        if "Boost" in words:
            return 3.0
    mine = kind == "start" and state.active == seat
    if "Recover" in words:
        return 1.0 if mine and any(c.burden >= 3 for c in _friends(state, seat)) else -1.0
    if "Reroll" in words:
        return (
            1.0 if mine and any(c.dice and c.dice[-1] <= 2 for c in _friends(state, seat)) else -1.0
        )
    return -1.0


def _choose_window(state, seat, actions):
    best, best_value = None, 0.0
    for a in actions:
        if a.kind == "decline":
            continue
        value = _edge_value(state, seat, a)
        if value > best_value:
            best, best_value = a, value
    return best if best is not None else actions[-1]


# -- effects, dice and cards -----------------------------------------------------------------


def _choose_effect(state, seat, actions):
    kind = state.wait[2][0]
    if kind == "heal":
        return max(actions, key=lambda a: a.args[1])
    if kind in ("power_down", "reroll"):
        return actions[-1]  # the lowest die
    return actions[0]  # raise the highest die below 6, remove the best die, a 6


def _choose_keep(state, seat, actions):
    return max(actions, key=lambda a: a.args)


def _card_worth(state, seat, name, copies: int = 1) -> float:
    """How much a card in hand is worth keeping: attacks and heals most, one Dodge Roll,
    other edges little; a card no living character can play nothing."""
    src = state.cat.cards[name]
    usable = any(
        (src.character is None or src.character == c.d.name)
        and (not src.traits or src.traits & c.d.traits)
        for c in _friends(state, seat)
    )
    if not usable:
        return -10.0
    words = {e.keyword for e in src.effects}
    if src.is_attack:
        return 3.0 + src.damage
    if "Heal" in words:
        return 3.0
    if "Dodge" in words:
        return 2.5 if copies == 1 else 0.5
    return 1.0


def _choose_cards(state, seat, actions):
    return min(actions, key=lambda a: _card_worth(state, seat, a.args[0]))


def _choose_discard(state, seat, actions):
    """R-9.2: throw away what will not be played, to draw something better."""
    hand = state.players[seat].hand
    worst, worst_value = None, 1.5
    for a in actions:
        if a.kind == "discard":
            value = _card_worth(state, seat, a.args[0], hand.count(a.args[0]))
            if value < worst_value:
                worst, worst_value = a, value
    return worst if worst is not None else next(a for a in actions if a.kind == "keep")


def _choose_attack_die(state, seat, actions):
    return max(actions, key=lambda a: a.args[0])


def _choose_defence_die(state, seat, actions):
    play = state.plays[state.wait[2]]
    attack = play.adie + play.atk
    stops = [a for a in actions if a.args[0] and a.args[0] + play.defence > attack]
    if stops:
        return min(stops, key=lambda a: a.args[0])
    return next(a for a in actions if a.args[0] == 0)


CHOOSERS = {
    "action": _choose_action,
    "pay": _choose_pay,
    "target": _choose_target,
    "window": _choose_window,
    "choose": _choose_effect,
    "keep": _choose_keep,
    "cards": _choose_cards,
    "discard": _choose_discard,
    "attack_die": _choose_attack_die,
    "defence_die": _choose_defence_die,
}
