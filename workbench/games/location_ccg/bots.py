"""Bots for the Location CCG.

`heuristic` plays as a person new to the game would: it banks its weakest cards until it can
pay for characters, deploys the strongest character it can afford, attacks the Location its
party's Skl beats by the widest margin, defends when an attack would score, pairs so its
characters survive and kill, and spends Surprises where they turn a fight or a victory check.
`search` plays each option of a mission or deploy decision on with the heuristic
(workbench.core.lookahead) and keeps the heuristic's choice unless another scores better.
"""

from __future__ import annotations

from ...core.lookahead import LookaheadBot
from ...core.spec import Traits
from .rules import HQ


def value(state, name: str) -> float:
    """How much a card in hand is worth keeping (a bank card's worth is its points)."""
    d = state.cat.cards[name]
    if d.type == "character":
        return d.atk + d.def_ + 1.5 * d.skl + 2 * d.amount("Toughness") + 2 * d.amount("Giant")
    if d.type == "modifier":
        return 1.5 + d.atk + d.def_ + d.skl
    if d.type == "surprise":
        return 2.5
    return 2.0


def _by(actions, kind):
    return [a for a in actions if a.kind == kind]


def heuristic(state, seat, actions, rng):
    if len(actions) == 1:
        return actions[0]
    kind = state.ask[1]
    choose = CHOOSERS.get(kind)
    if choose is not None:
        picked = choose(state, seat, actions)
        if picked is not None:
            return picked
    return actions[0]


def _pick(state, seat, actions):
    def ease(a):
        loc = state.cat.locations[a.args[0]]
        return loc.skill + loc.vp

    return min(actions, key=ease)


def _mulligan(state, seat, actions):
    hand = state.zones[seat, "hand"]
    chars = [n for n in hand if state.cat.cards[n].type == "character"]
    if not chars:  # no character at all: send the dearest card back
        backs = _by(actions, "bottom")
        if backs and len(hand) == state.cat.hand_size:
            return max(backs, key=lambda a: state.cat.cards[a.args[0]].cost.points)
    return _by(actions, "keep")[0]


def _cheapest_payment(state, actions):
    pays = _by(actions, "pay")
    if not pays:
        return None
    return min(
        pays,
        key=lambda a: (
            sum(len(state.row(n)) * k for n, k in a.args),
            sum(value(state, n) * k for n, k in a.args),
        ),
    )


def _upkeep(state, seat, actions):
    return _cheapest_payment(state, actions)


def _bank_points(state, seat) -> int:
    return sum(len(state.row(n)) for n in state.zones[seat, "bank"])


def _produce(state, seat, actions):
    hand = state.zones[seat, "hand"]
    plays = _by(actions, "play")
    if plays:  # * Surprises: Scavenge the best card back, Insight for cards
        best = max(
            plays, key=lambda a: value(state, a.args[1]) if isinstance(a.args[1], str) else 3
        )
        if best.args[0] != "Scavenge" or value(state, best.args[1]) >= 5:
            return best
    banks = _by(actions, "bank")
    need = max(
        (state.cat.cards[n].cost.points for n in hand if state.cat.cards[n].type == "character"),
        default=2,
    )
    if banks and (_bank_points(state, seat) < need + 1 or len(hand) > 5):
        return min(banks, key=lambda a: value(state, a.args[0]) - len(state.row(a.args[0])))
    return _by(actions, "draw")[0] if _by(actions, "draw") else None


def _hq(state, seat):
    return [u for u in state.chars[seat] if state.inplay[u].where == HQ]


def _mission(state, seat, actions):
    mine = _hq(state, seat)
    if not mine:
        return _by(actions, "skip")[0]
    skl = sum(state.skl(u) for u in mine)
    other = 1 - seat
    their = sum(state.skl(u) for u in _hq(state, other))
    best, key_best = None, None
    for a in _by(actions, "mission"):
        loc = state.locs[a.args[0]]
        need = state.cat.locations[loc.name].skill
        here = sum(state.skl(u) for u in state.chars[other] if state.inplay[u].where == a.args[0])
        ours = sum(state.skl(u) for u in state.chars[seat] if state.inplay[u].where == a.args[0])
        undefended = skl + ours - here - need
        left = state.cat.locations[loc.name].vp - loc.vp[seat]
        key = (undefended - their >= 0, undefended >= 0, -left, undefended)
        if key[1] and (key_best is None or key > key_best):
            best, key_best = a, key
    return best if best is not None else _by(actions, "skip")[0]


def _attackers(state, seat, actions):
    sends = _by(actions, "attacker")
    if sends:
        return max(sends, key=lambda a: state.skl(a.args[0]) + state.atk(a.args[0]))
    return _by(actions, "go")[0]


def _defenders(state, seat, actions):
    c = state.combat
    need = state.cat.locations[state.locs[c.loc].name].skill
    att = state.skill_at(c.attacker)
    dfn = state.skill_at(seat)
    adds = _by(actions, "defender")
    if adds and att - dfn >= need:
        return max(adds, key=lambda a: (state.skl(a.args[0]), state.def_(a.args[0])))
    if adds:  # a strong blocker that kills an attacker and lives
        for a in adds:
            u = a.args[0]
            if any(
                state.atk(u) >= state.def_(x) and state.atk(x) < state.def_(u)
                for x in c.attackers
                if x in state.inplay
            ):
                return a
    return _by(actions, "done")[0]


def _challenger(state, seat, actions):
    return max(actions, key=lambda a: (state.atk(a.args[0]), state.def_(a.args[0])))


def _opposer(state, seat, actions):
    ch = state.combat.challenger

    def score(a):
        u = a.args[0]
        kills = state.atk(u) >= state.def_(ch) - state.inplay[ch].damage
        lives = state.atk(ch) < state.def_(u) - state.inplay[u].damage
        return (lives and kills, lives, kills, -value(state, state.inplay[u].name))

    return max(actions, key=score)


def _gang(state, seat, actions):
    gangs = _by(actions, "gang")

    def turns(a):
        t = a.args[1]
        foe = state.alive_facing(t)
        before = sum(1 for f in foe if state.atk(t) >= state.def_(f) - state.inplay[f].damage)
        after = sum(
            1
            for f in foe
            if state.atk(t) + state.atk(a.args[0]) >= state.def_(f) - state.inplay[f].damage
        )
        return after - before

    # Ganging costs nothing: take the gang that turns the most blows into kills, even
    # if that is none.
    return max(gangs, key=turns) if gangs else actions[-1]


def _split(state, seat, actions):
    uid = actions[0].args[0]
    facing = state.alive_facing(uid)

    def kills(a):
        return sum(
            1
            for f, n in zip(facing, a.args[1], strict=True)
            if n >= state.def_(f) - state.inplay[f].damage
        )

    return max(actions, key=kills)


def _pay(state, seat, actions):
    return _cheapest_payment(state, actions)


def _discard(state, seat, actions):
    return min(actions, key=lambda a: value(state, a.args[0]))


def _shrine(state, seat, actions):
    return _cheapest_payment(state, actions)


def _dies(state, u) -> bool:
    return any(
        state.atk(f) >= state.def_(u) - state.inplay[u].damage for f in state.alive_facing(u)
    )


def _window(state, seat, actions):
    c = state.combat
    plays = [a for a in actions if a.kind in ("play", "use")]
    if not plays:
        return None
    for a in plays:
        name = a.args[0] if a.kind == "play" else state.inplay[a.args[0]].name
        t = a.args[1]
        d = state.cat.cards[name]
        effect = d.effects[0].keyword if d.effects else ""
        own = isinstance(t, int) and t in state.inplay and state.inplay[t].owner == seat
        if c is not None and c.step == "R-24" and effect == "Send Home" and seat == c.attacker:
            return a
        if c is not None and c.step == "R-25" and own and t in {x for p in c.pairs for x in p}:
            if effect in ("Def", "Prevent Damage") and _dies(state, t):
                return a
            if effect == "Atk" and any(
                state.atk(t) < state.def_(f) - state.inplay[f].damage <= state.atk(t) + 2
                for f in state.alive_facing(t)
            ):
                return a
        if c is not None and c.step == "R-26 done" and effect == "Skl":
            loc = state.locs[c.loc]
            need = state.cat.locations[loc.name].skill
            net = state.skill_at(c.attacker) - state.skill_at(1 - c.attacker)
            gain = d.effects[0].amount * (
                len(state.at_contested(seat)) if d.effects[0].scope else 1
            )
            if seat == c.attacker and net < need <= net + gain and (own or d.effects[0].scope):
                return a
            if seat != c.attacker and net >= need > net - gain and (own or d.effects[0].scope):
                return a
        if effect == "Destroy" and isinstance(t, int) and not own and t in state.inplay:
            return a
        if (
            effect == "Draw"
            and state.phase == "End"
            and seat != state.active
            and _bank_points(state, seat) >= 5
        ):
            return a
    return _by(actions, "pass")[0]


def _deploy(state, seat, actions):
    plays = _by(actions, "play")
    if not plays:
        return None

    def worth(a):
        name, t = a.args
        d = state.cat.cards[name]
        if d.type == "character":
            return 10 + value(state, name)
        if d.type == "modifier":
            return 5 + value(state, name) + (state.skl(t) + state.atk(t)) / 4
        if name == "Protection Racket":
            return 4
        return 3

    best = max(plays, key=worth)
    d = state.cat.cards[best.args[0]]
    if d.type == "modifier":
        host = state.inplay[best.args[1]]
        if state.mod_key(d) in host.mods:
            return _by(actions, "end")[0]
    return best


CHOOSERS = {
    "pick": _pick,
    "mulligan": _mulligan,
    "upkeep": _upkeep,
    "produce": _produce,
    "mission": _mission,
    "attackers": _attackers,
    "defenders": _defenders,
    "challenger": _challenger,
    "opposer": _opposer,
    "gang": _gang,
    "split": _split,
    "pay": _pay,
    "discard": _discard,
    "bottom": _discard,
    "shrine": _shrine,
    "window": _window,
    "deploy": _deploy,
}


def _worth_searching(state, actions) -> bool:
    return state.ask is not None and state.ask[1] in ("mission", "defenders", "deploy")


def search(samples: int = 2, depth: int = 120, fair: bool = True) -> LookaheadBot:
    """A new search bot; playouts that have not ended are scored by score(seat)
    (Locations won and VP tokens). Fair unless `fair=False` ("search-omniscient"): it plays
    on from dealings of what its seat cannot see, not from the opponent's true hand."""
    return LookaheadBot(
        heuristic,
        traits=Traits(scored=True, hidden_information=True),
        samples=samples,
        depth=depth,
        searched=_worth_searching,
        fair=fair,
    )
