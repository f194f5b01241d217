"""View data for the step-through widget: the co-op table drawn as cards, not as a dict.

Co-op play hides nothing from any seat (draws are chance points, so there is no deck order to
hide); `seat` only marks whose point of view the table is drawn from.
"""

from __future__ import annotations

from .catalog import GLYPH
from .rules import CoopState


def _stat(label, value, top=None):
    out = {"label": label, "value": value}
    if top is not None:
        out["max"] = top
    return out


def _item_card(state: CoopState, item_id: str, where: str = "") -> dict:
    it = state.cat.items[item_id]
    return {"name": it.name, "kind": "item", "subtitle": f"{it.family} · {it.tier}",
            "text": it.describe(), "tags": [where] if where else [], "id": item_id}


def _encounter_card(state: CoopState, card_id: str) -> dict:
    c = state.cat.encounters[card_id]
    plus = f" + {c.k}" if c.k else ""
    return {"name": card_id, "kind": "encounter", "subtitle": f"{c.enemy} ×{c.base}{plus}",
            "stats": [_stat("Loot", c.loot)], "tags": [], "id": card_id}


def render(state: CoopState, seat: int | None) -> dict:
    cat = state.cat
    zones = []
    enemies = [e for e in state.enemies if e.health > 0]
    if enemies:
        zones.append({"title": f"Enemies · {state.encounter_name}", "cards": [
            {"name": e.name, "kind": "enemy",
             "subtitle": f"{e.kind.dice}d6 for {e.kind.damage}{GLYPH[e.kind.dtype]}",
             "stats": [_stat("Health", e.health, e.kind.health), _stat("Armor", e.armor, e.max_armor),
                       _stat("Dodge", e.dodge, e.kind.dodge)],
             "tags": [f"facing Seat {e.seat + 1}" if e.seat is not None else "idle"],
             "highlight": e.seat is not None and e.seat == state.turn_seat}
            for e in enemies]})
    for p in state.players:
        cards = [{"name": f"Seat {p.seat + 1}", "kind": "player",
                  "subtitle": f"{p.cls.name}, {p.cls.damage}{GLYPH[p.cls.dtype]} class damage",
                  "stats": [_stat("Health", p.health, p.max_health), _stat("Armor", p.armor, p.max_armor),
                            _stat("Dodge", p.dodge, p.max_dodge)],
                  "tags": (["leader"] if p.seat == state.leader else [])
                  + (["knocked out"] if p.ko else []) + (["you"] if p.seat == seat else []),
                  "dim": p.ko, "highlight": p.seat == state.to_move}]
        cards += [_item_card(state, i, "hand") for i in p.hands]
        if p.body:
            cards.append(_item_card(state, p.body, "body"))
        zones.append({"title": f"Seat {p.seat + 1} ({p.cls.name})", "cards": cards,
                      "active": p.seat == state.to_move})
    if state.offered:
        cards = [(_item_card(state, c) if c in cat.items else _encounter_card(state, c))
                 for c in state.offered]
        zones.append({"title": "Face up", "cards": cards})
    if state.stash:
        zones.append({"title": "Party stash", "cards": [_item_card(state, i) for i in state.stash]})
    sub = state.phase
    if state.encounter_name and state.enemies:
        sub = f"{state.encounter_name} · round {state.round} · {state.phase}"
    return {
        "title": f"Battle {min(state.battles_won + 1, state.battles_needed)} of {state.battles_needed}",
        "subtitle": sub,
        "trackers": [
            _stat("Battles won", state.battles_won, state.battles_needed),
            _stat("Leader", f"Seat {state.leader + 1}"),
            _stat("Encounter deck", sum(state.encounter_deck.values())),
            _stat("Loot deck", sum(state.loot_deck.values())),
            _stat("Still to fight", len(state.battle)),
        ],
        "zones": zones,
        "svg": None,
    }
