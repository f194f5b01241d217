"""View data for the step-through widget: two characters, two face-up hands of five slots, the
piles, and each seat's pick, face down to everyone but its owner until the turn resolves."""

from __future__ import annotations

from .rules import BASIC, HAND_SIZE, BattleState

KIND_NAMES = {"attack": "ATTACK", "defend": "DEFEND", "shield_bash": "SHIELD BASH",
              "parry": "PARRY", "poison": "POISON", "item": "Item", "passive": "Passive"}


def _stat(label, value, top=None):
    out = {"label": label, "value": value}
    if top is not None:
        out["max"] = top
    return out


def _card(state: BattleState, name: str, tags=(), highlight=False, dim=False) -> dict:
    c = state.cat.cards[name]
    return {"name": name, "kind": c.kind, "subtitle": KIND_NAMES[c.kind]
            + (" · class" if c.is_class else ""), "text": c.text, "stats": [],
            "tags": list(tags), "highlight": highlight, "dim": dim, "hidden": False}


def _pile(name: str, count: int, text: str = "") -> dict:
    return {"name": name, "kind": "pile", "subtitle": f"{count} cards", "text": text,
            "stats": [_stat("cards", count)], "tags": [], "highlight": False,
            "dim": count == 0, "hidden": False}


def _choice_words(state: BattleState, choice) -> str:
    kind, i, name = choice
    if kind == "play":
        return f"played {name}"
    if kind == BASIC:
        return f"basic attack (gave up {name})" if i == 0 else "bare basic attack"
    return "passed"


def _effect_tags(state: BattleState, seat: int) -> list[str]:
    tags = []
    for e in state.ongoing:
        if e.target != seat:
            continue
        if e.effect == "poison":
            tags.append(f"poisoned: {e.amount} × {e.turns} turns ({e.card})")
        else:
            tags.append(f"defence +{e.amount}, {e.turns} turn{'s' * (e.turns > 1)} "
                        f"({e.card})")
    return tags


def render(state: BattleState, seat: int | None) -> dict:
    zones = []
    mover = state.to_move
    for p in state.players:
        b = p.build
        mine = seat == p.seat
        tags = (["you"] if mine else []) + _effect_tags(state, p.seat)
        if state.winner == p.seat:
            tags.append("winner")
        if p.choice is not None:
            tags.append("has chosen")
        character = {
            "name": f"Seat {p.seat + 1}: {b.name}", "kind": "character",
            "subtitle": f"{b.cls}, level {b.level}, {b.weapon if b.weapon != 'none' else 'no'} "
                        "weapon",
            "text": ", ".join(b.items),
            "stats": [_stat("Attack", b.attack), _stat("Defence", b.defence),
                      _stat("HP", p.hp, b.hp)],
            "tags": tags, "highlight": mover == p.seat, "dim": p.hp <= 0, "hidden": False,
        }
        ongoing = [e.card for e in state.ongoing if e.owner == p.seat]
        piles = [_pile("Draw pile", p.draw_n, "shuffled; drawn from the right"),
                 _pile("Recycle", sum(p.recycle.values()), "reshuffled when hand and pile "
                       "are empty"),
                 _pile("Spent", sum(p.spent.values()), "gone for good"),
                 _pile("Ongoing", len(ongoing), ", ".join(ongoing))]
        zones.append({"title": f"Seat {p.seat + 1} ({b.name})", "active": mover == p.seat,
                      "cards": [character, *piles]})
        # The hand as five slots, left to right. Only the owner sees which one is picked.
        picked = p.choice[1] if mine and p.choice is not None and p.choice[1] >= 0 else None
        slots = []
        for i in range(HAND_SIZE):
            if i < len(p.hand):
                name = p.hand[i]
                slot_tags = [f"slot {i + 1}"] + (["leftmost"] if i == 0 else [])
                if picked == i:
                    slot_tags.append("picked")
                slots.append(_card(state, name, slot_tags, highlight=picked == i,
                                   dim=state.cat.cards[name].kind == "passive" and i > 0))
            else:
                slots.append({"name": "", "kind": "empty", "subtitle": "empty slot",
                              "text": "", "stats": [], "tags": [f"slot {i + 1}"],
                              "highlight": False, "dim": True, "hidden": False})
        zones.append({"title": f"Seat {p.seat + 1} hand (left to right)",
                      "active": mover == p.seat, "cards": slots})
    zones.append({"title": f"Picks for turn {state.turn}", "active": False,
                  "cards": [_pick(state, p, seat) for p in state.players]})
    last = state.last_turn()
    if last is not None:
        cards = []
        for s in (0, 1):
            name = state.players[s].build.name
            bits = [f"took {last['damage'][s]}"]
            if last["reflected"][s]:
                bits.append(f"{last['reflected'][s]} reflected")
            if last["poison"][s]:
                bits.append(f"{last['poison'][s]} poison")
            if last["healed"][s]:
                bits.append(f"healed {last['healed'][s]}")
            cards.append({"name": f"Seat {s + 1}: {name}", "kind": "revealed",
                          "subtitle": _choice_words(state, last["choices"][s]),
                          "text": ", ".join(bits), "stats": [], "tags": [],
                          "highlight": False, "dim": False, "hidden": False})
        zones.append({"title": f"Turn {last['turn']} revealed", "active": False,
                      "cards": cards})
    p0, p1 = state.players
    limit = state.rules["rcb.turn_limit"]
    turn = _stat("Turn", state.turn, limit) if limit else _stat("Turn", state.turn)
    result = state.result()
    if result is not None:
        sub = f"{result['outcome']} ({result['reason']}) after {state.turn} turns"
    elif mover >= 0:
        sub = f"Turn {state.turn}: Seat {mover + 1} picks in secret"
    else:
        sub = f"Turn {state.turn}: drawing cards"
    return {
        "title": f"{p0.build.name} vs {p1.build.name}",
        "subtitle": sub,
        "trackers": [turn, _stat(f"Seat 1 HP ({p0.build.name})", p0.hp, p0.build.hp),
                     _stat(f"Seat 2 HP ({p1.build.name})", p1.hp, p1.build.hp)],
        "svg": None,
        "zones": zones,
    }


def _pick(state: BattleState, p, seat: int | None) -> dict:
    base = {"stats": [], "tags": [f"Seat {p.seat + 1}"], "highlight": False, "dim": False}
    if p.choice is None:
        return {**base, "name": "choosing…", "kind": "pick", "subtitle": "no pick yet",
                "text": "", "dim": True, "hidden": False}
    if seat != p.seat:
        # Face down: no name, no stats, nothing that tells which card was picked.
        return {"hidden": True, "kind": "pick", "tags": [f"Seat {p.seat + 1}"]}
    return {**base, "name": "Your pick", "kind": "pick",
            "subtitle": _choice_words(state, p.choice).replace("played", "play")
            .replace("gave up", "giving up"), "text": "revealed when both have picked",
            "highlight": True, "hidden": False}
