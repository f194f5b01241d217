"""The decisions of the Location CCG: what a seat may do for the question it is asked, what
each answer does, and why an action a person might try is refused (with the rule id)."""

from __future__ import annotations

from itertools import product

from ...core import Action
from .board import HQ, Combat
from .costs import Cost


def payment_words(state, option: tuple) -> str:
    parts = []
    for name, n in option:
        row = state.row(name)
        parts.append(f"{name} ({row})" + (f" ×{n}" if n > 1 else ""))
    return " + ".join(parts) if parts else "nothing"


def _stats(state, uid) -> str:
    return f"{state.atk(uid)}/{state.def_(uid)}/{state.skl(uid)}"


def legal(state) -> list[Action]:
    seat, kind, data = state.ask
    return ASK[kind](state, seat, data)


def _pick(state, seat, data):
    out = []
    for name in state.brought[seat]:
        loc = state.cat.locations[name]
        out.append(Action("pick", (name,), f"Place {name} (Skill {loc.skill}, VP {loc.vp})"))
    return out


def _mulligan(state, seat, data):
    hand = state.zones[seat, "hand"]
    out = [
        Action(
            "bottom",
            (n,),
            f"Mulligan: put {n} on the bottom of the deck",
            public="Mulligan: put a card on the bottom of the deck",
        )
        for n in dict.fromkeys(hand)
    ]
    missing = state.cat.hand_size - len(hand)
    out.append(
        Action("keep", (), f"Keep the hand and draw {missing}" if missing else "Keep this hand")
    )
    return out


def _pay_actions(state, options, what: str) -> list[Action]:
    return [Action("pay", opt, f"{what} with {payment_words(state, opt)}") for opt in options]


def _upkeep(state, seat, uid):
    cost = Cost(state.card(uid).amount("Upkeep"))
    out = _pay_actions(
        state, state.payment_options(seat, [cost]), f"Pay the upkeep of {state.label(uid)}"
    )
    out.append(Action("let_go", (uid,), f"Let {state.label(uid)} be destroyed"))
    return out


def _star_plays(state, seat) -> list[Action]:
    out = []
    for name in dict.fromkeys(state.zones[seat, "hand"]):
        d = state.cat.cards[name]
        if (
            d.type == "surprise"
            and d.cost.stars
            and not state.surprise_ok(seat, name)
            and state.can_afford(seat, state.costs_of(name))
        ):
            out += state._play_actions(seat, name, d.target)
    return out


def _produce(state, seat, data):
    left = state.prod_left
    out = [
        Action("draw", (), f"Draw a card ({left} production point{'s' if left > 1 else ''} left)")
    ]
    for name in dict.fromkeys(state.zones[seat, "hand"]):
        # a bank is face up but textless, so the opponent learns the points, not the card.
        out.append(
            Action(
                "bank",
                (name,),
                f"Bank {name} ({state.row(name)})",
                public=f"Bank a card ({state.row(name)})",
            )
        )
    out += _star_plays(state, seat)
    out.append(Action("end", (), f"End production ({left} point{'s' if left > 1 else ''} lost)"))
    return out


def _mission(state, seat, data):
    out = []
    for i in state.mission_targets():
        name = state.locs[i].name
        loc = state.cat.locations[name]
        out.append(
            Action(
                "mission",
                (i,),
                f"Mission to {name} (Skill {loc.skill}, VP {state.locs[i].vp[seat]}/{loc.vp})",
            )
        )
    out.append(Action("skip", (), "Skip the mission"))
    return out


def _attackers(state, seat, data):
    c = state.combat
    out = [
        Action("attacker", (u,), f"Send {state.label(u)} ({_stats(state, u)})")
        for u in state.chars[seat]
        if state.inplay[u].where == HQ and u not in c.attackers
    ]
    n = len(c.attackers)
    if n >= state.rule("loc.min_attackers"):
        out.append(Action("go", (), f"Go with {n} attacker{'' if n == 1 else 's'}"))
    return out


def _defenders(state, seat, data):
    c = state.combat
    out = [
        Action("defender", (u,), f"Defend with {state.label(u)} ({_stats(state, u)})")
        for u in state.defender_pool()
    ]
    out.append(Action("done", (), "No more defenders" if c.defenders else "Do not defend"))
    return out


def _challenger(state, seat, data):
    c = state.combat
    pool = c.A if c.chooser == c.attacker else c.D
    return [
        Action("challenger", (u,), f"Challenge with {state.label(u)} ({_stats(state, u)})")
        for u in pool
    ]


def _opposer(state, seat, data):
    ch = state.combat.challenger
    return [
        Action(
            "opposer", (u,), f"Oppose {state.label(ch)} with {state.label(u)} ({_stats(state, u)})"
        )
        for u in state._opposer_pool()
    ]


def _gang(state, seat, uid):
    atk = state.atk(uid)
    out = [
        Action("gang", (uid, t), f"{state.label(uid)} adds {atk} Atk to {state.label(t)}")
        for t in state.gang_targets(uid)
    ]
    out.append(Action("no_gang", (uid,), f"{state.label(uid)} stays out"))
    return out


def splits(total: int, parts: int):
    """Every way to share `total` damage among `parts` opponents."""
    for head in product(range(total + 1), repeat=parts - 1):
        if sum(head) <= total:
            yield (*head, total - sum(head))


def _split(state, seat, uid):
    facing = state.alive_facing(uid)
    out = []
    for shares in splits(state.atk(uid), len(facing)):
        words = ", ".join(f"{n} to {state.label(f)}" for f, n in zip(facing, shares, strict=True))
        out.append(Action("split", (uid, shares), f"{state.label(uid)} deals {words}"))
    return out


def _pay(state, seat, options):
    _, play, _ = state.paying
    what = play[1] if play[0] == "play" else state.label(play[1])
    return _pay_actions(state, options, f"Pay for {what}")


def _keep_mod(state, seat, data):
    host, key, old, new = data
    return [
        Action("keep_mod", (old,), f"Keep {state.label(old)}, discard {state.label(new)}"),
        Action("keep_mod", (new,), f"Keep {state.label(new)}, discard {state.label(old)}"),
    ]


def _discard(state, seat, data):
    return [
        Action("discard", (n,), f"Discard {n} (hand size, R-22)")
        for n in dict.fromkeys(state.zones[seat, "hand"])
    ]


def _bottom(state, seat, data):
    return [
        Action(
            "bottom",
            (n,),
            f"Put {n} on the bottom of the deck",
            public="Put a card on the bottom of the deck",
        )
        for n in dict.fromkeys(state.zones[seat, "hand"])
    ]


def _shrine(state, seat, data):
    name, cost = data
    out = _pay_actions(
        state,
        state.payment_options(seat, [cost]),
        f"Shrine: keep {name} in the discard pile, paying",
    )
    out.append(Action("let_go", (name,), f"Leave {name} in the void pile"))
    return out


def _window(state, seat, data):
    return state.window_plays(seat) + [Action("pass", (), f"Pass ({state.window_tag})")]


def _deploy(state, seat, data):
    return state.deploy_plays(seat) + [Action("end", (), "End deploy")]


ASK = {
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
    "keep_mod": _keep_mod,
    "discard": _discard,
    "bottom": _bottom,
    "shrine": _shrine,
    "window": _window,
    "deploy": _deploy,
}


# -- answers ---------------------------------------------------------------------------------

# A mission once its attackers are sent: each numbered step of 3.7, a priority window after
# each.
MISSION_STEPS = (
    ("window", "after R-23"),
    ("defenders",),
    ("def_done",),
    ("window", "after R-24"),
    ("pairing",),
    ("window", "after R-25"),
    ("resolve",),
    ("window", "after R-26"),
    ("victory",),
    ("window", "after R-27"),
    ("mission_end",),
)


def perform(state, seat: int, kind: str, data, action: Action) -> None:
    """Carry out `action`, the answer of `seat` to the question `kind` about `data`."""
    answer = ANSWER.get(kind)
    if answer is not None:
        answer(state, seat, data, action.kind, action.args)


def _answer_pick(state, seat, data, a, args):
    state._place(seat, args[0])


def _answer_mulligan(state, seat, data, a, args):
    if a == "bottom":
        _answer_bottom(state, seat, data, a, args)
        return
    state.todo.pop(0)
    state.mulliganed[seat] = True
    missing = state.cat.hand_size - len(state.zones[seat, "hand"])
    state.todo[0:0] = [("draw", seat)] * missing


def _answer_upkeep(state, seat, uid, a, args):
    if a == "pay":
        state.pay(seat, args, [Cost(state.card(uid).amount("Upkeep"))])
        extra = sum(state.card(u).passive("Extra Production") for u in (uid,))
        state.prod_left += extra
        state.note(
            f"Seat {seat + 1} pays the upkeep of {state.label(uid)} (R-36)"
            + (f" and gets {extra} extra production" if extra else "")
        )
    else:
        state.note(f"{state.label(uid)} is destroyed: upkeep not paid (R-36)")
        state.destroy(uid)


def _answer_produce(state, seat, data, a, args):
    if a == "draw":
        state.prod_left -= 1
        state.todo.insert(0, ("draw", seat))
    elif a == "bank":
        state.prod_left -= 1
        state.zones.move(seat, args[0], "hand", "bank")
    elif a == "play":
        state.start_play(seat, ("play", args[0], args[1]))
    else:
        state.todo.pop(0)
        state.prod_left = 0


def _answer_mission(state, seat, data, a, args):
    if a == "mission":
        state.combat = Combat(args[0], seat)
        state.counts["missions"][seat] += 1
        state.todo.insert(0, ("attackers",))


def _answer_attackers(state, seat, data, a, args):
    c = state.combat
    if a == "attacker":
        c.attackers.append(args[0])
        return
    state.todo.pop(0)
    for u in c.attackers:
        state.inplay[u].where = c.loc
    c.A = list(c.attackers)
    state.note(
        f"Seat {seat + 1} attacks {state.locs[c.loc].name} with "
        + (", ".join(state.label(u) for u in c.attackers) or "nobody")
        + " (R-23)"
    )
    state.todo[0:0] = MISSION_STEPS


def _answer_defenders(state, seat, data, a, args):
    c = state.combat
    if a == "defender":
        c.defenders.append(args[0])
        state.inplay[args[0]].where = c.loc
    else:
        state.todo.pop(0)


def _answer_challenger(state, seat, data, a, args):
    state.choose_challenger(args[0])


def _answer_opposer(state, seat, data, a, args):
    state.choose_opposer(args[0])


def _answer_gang(state, seat, data, a, args):
    if a == "gang":
        state.combat.gang[args[0]] = args[1]
        state.note(f"{state.label(args[0])} gangs up with {state.label(args[1])} (R-32)")


def _answer_split(state, seat, data, a, args):
    uid, shares = args
    state.combat.split[uid] = dict(zip(state.alive_facing(uid), shares, strict=True))


def _answer_pay(state, seat, data, a, args):
    _, play, costs = state.paying
    state.paying = None
    state.pay(seat, args, costs)
    state._after_payment(seat, play)


def _answer_keep_mod(state, seat, data, a, args):
    host, key, old, new = data
    h = state.inplay[host]
    kept = args[0]
    h.mods.pop(key + "+new", None)
    h.mods[key] = kept
    state.leave_play(new if kept == old else old, "discard")
    state._lethal([host], "A-E10")  # the modifier that left may have given Def


def _answer_discard(state, seat, data, a, args):
    state.zones[seat, "hand"].remove(args[0])
    state.zones.add(seat, "discard", args[0])


def _answer_bottom(state, seat, data, a, args):
    state.zones[seat, "hand"].remove(args[0])
    state.bottom[seat].append(args[0])


def _answer_shrine(state, seat, data, a, args):
    name, cost = data
    if a == "pay":
        state.pay(seat, args, [cost])
        state.zones.move(seat, name, "void", "discard")
        state.note(f"Shrine keeps {name} in the discard pile")


def _answer_window(state, seat, data, a, args):
    if a == "pass":
        state.window.decline()
    else:
        state.window.acted()
        state.start_play(seat, (a, args[0], args[1]))


def _answer_deploy(state, seat, data, a, args):
    if a == "end":
        state.todo.pop(0)
    else:
        state.start_play(seat, ("play", args[0], args[1]))


ANSWER = {
    "pick": _answer_pick,
    "mulligan": _answer_mulligan,
    "upkeep": _answer_upkeep,
    "produce": _answer_produce,
    "mission": _answer_mission,
    "attackers": _answer_attackers,
    "defenders": _answer_defenders,
    "challenger": _answer_challenger,
    "opposer": _answer_opposer,
    "gang": _answer_gang,
    "split": _answer_split,
    "pay": _answer_pay,
    "keep_mod": _answer_keep_mod,
    "discard": _answer_discard,
    "bottom": _answer_bottom,
    "shrine": _answer_shrine,
    "window": _answer_window,
    "deploy": _answer_deploy,
}


# -- refusals --------------------------------------------------------------------------------


def candidates(state) -> list[Action]:
    legal_now = state.legal_actions()
    if state.ask is None:
        return legal_now
    seat, kind, _ = state.ask
    out = list(legal_now)
    if kind in ("deploy", "window", "produce"):
        played = {a.args[0] for a in legal_now if a.kind == "play"}
        for name in dict.fromkeys(state.zones[seat, "hand"]):
            if name not in played:
                out.append(Action("play", (name, None), f"Play {name}"))
    if kind == "mission":
        for i, loc in enumerate(state.locs):
            if loc.won_by is not None:
                out.append(Action("mission", (i,), f"Mission to {loc.name}"))
    if kind == "attackers" and not state.combat.attackers:
        out.append(Action("go", (), "Go with 0 attackers"))
    return out


def explain(state, action: Action) -> tuple[str, str] | None:
    if state.ask is None:
        return None
    seat, kind, _ = state.ask
    a, args = action.kind, action.args
    if (
        kind == "mission"
        and a == "mission"
        and args
        and isinstance(args[0], int)
        and 0 <= args[0] < len(state.locs)
        and state.locs[args[0]].won_by is not None
    ):
        return "R-28", f"{state.locs[args[0]].name} has been won and cannot be attacked again"
    if kind == "attackers" and a == "go" and not state.combat.attackers:
        return "A-16", "a mission needs at least 1 attacker"
    if a != "play" or kind not in ("deploy", "window", "produce") or not args:
        return None
    name = args[0]
    if name not in state.zones[seat, "hand"] or name not in state.cat.cards:
        return "R-3", f"{name} is not in your hand"
    d = state.cat.cards[name]
    if kind == "produce" and not (d.type == "surprise" and d.cost.stars):
        return "R-18", (
            "production points buy a draw, a card banked or a * cost; "
            f"{name} is played in a priority window or the Deploy phase"
        )
    if kind == "deploy" and d.type == "surprise":
        return "R-30", f"{name} is a Surprise: it is played in a priority window (A-5)"
    if kind == "window" and d.type != "surprise":
        return "R-21", f"{name} is a {d.type}: it is played in your Deploy phase"
    if d.type == "surprise" and (why := state.surprise_ok(seat, name)):
        return why
    if not state.can_afford(seat, state.costs_of(name)):
        cost = " or ".join(str(c) for c in state.costs_of(name))
        return "R-11", f"your bank cannot pay {cost} for {name}"
    return "R-40", f"{name} has no target it may be played on now"
