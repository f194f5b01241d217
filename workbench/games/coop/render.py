"""The co-op table as the step-through view draws it: enemies and players as cards.

Co-op play hides nothing from any seat (draws are chance points, so there is no deck order to
hide); `seat` only marks whose point of view the table is drawn from.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core import CardView, Glyph, Stat, View, Zone
from .catalog import GLYPH, MELEE, RANGED, EncounterCard, Item
from .rules import OVER, CoopState

LEGEND = (Glyph(GLYPH[MELEE], "melee damage"), Glyph(GLYPH[RANGED], "ranged damage"))


def _item_card(state: CoopState, item_id: str, where: str = "") -> CardView:
    it = state.cat.items[item_id]
    return CardView(
        it.name,
        "item",
        f"{it.family} · {it.tier}",
        it.describe(),
        tags=(where,) if where else (),
        id=item_id,
    )


def _encounter_card(state: CoopState, card_id: str) -> CardView:
    return encounter_card(state.cat.encounters[card_id])


def encounter_card(c: EncounterCard, tags=()) -> CardView:
    plus = f" + {c.k}" if c.k else ""
    return CardView(
        c.id,
        "encounter",
        f"{c.enemy} ×{c.base}{plus}",
        stats=(Stat("Loot", c.loot),),
        tags=tuple(tags),
        id=c.id,
    )


def attack(dice: int, damage: int, dtype: str) -> str:
    """How a fighter attacks, as its card says it: '2d6 for 3■'."""
    return f"{dice}d6 for {damage}{GLYPH[dtype]}"


def card_view(table: str, row: Mapping) -> CardView | None:
    """The co-op cards as printed (and as `cards.card` draws them), worded as in play; None
    for a table drawn from its columns."""
    if table in ("enemies", "classes"):
        words = attack(row["dice"], row["damage"], row["damage_type"])
        kind, subtitle = (
            ("enemy", words)
            if table == "enemies"
            else (
                "player class",
                (
                    f"{row['damage']}{GLYPH[row['damage_type']]} "
                    f"class damage; {row['dice']}d6 to hit"
                ),
            )
        )
        return CardView(
            row["name"],
            kind,
            f"{subtitle} ({row['damage_type']})",
            stats=(
                Stat("Health", row["health"]),
                Stat("Armor", row["armor"]),
                Stat("Dodge", row["dodge"]),
            ),
            id=row["name"],
        )
    if table == "encounters":
        card = EncounterCard(
            row["id"],
            row["enemy"],
            row["base"],
            row["reinforcements"],
            row["loot"],
            bool(row["first_allowed"]),
        )
        return encounter_card(card, ["may open the first Battle"] if card.first_allowed else [])
    if table == "loot":
        it = Item(
            row["id"],
            row["name"],
            row["family"],
            row["tier"],
            row["hands"],
            row["dice"],
            row["damage"],
            row["damage_type"],
            row["hits"],
            row["heal"],
            row["armor"],
            row["dodge"],
            row["special"],
        )
        hands = {0: "body", 1: "one hand", 2: "two hands"}[it.hands]
        return CardView(
            it.name,
            "item",
            f"{it.family} · {it.tier} · {hands}",
            row["text"],
            tags=tuple(t for t in (it.describe(),) if t),
            id=it.id,
        )
    return None


def _standing(state: CoopState) -> str:
    """The encounter as it stands: "Rats ×4 of 6" once some have fallen."""
    left = sum(1 for e in state.enemies if e.health > 0)
    if not state.enemies:
        return state.encounter_name
    total = len(state.enemies)
    name = state.enemies[0].kind.name
    return f"{name} ×{left}" + (f" of {total}" if left != total else "")


def _ending(state: CoopState) -> str:
    result = state.result()
    return f"{result.outcome}: {result.reason}"


def _enemy_card(state: CoopState, e) -> CardView:
    return CardView(
        e.name,
        "enemy",
        attack(e.kind.dice, e.kind.damage, e.kind.dtype),
        stats=(
            Stat("Health", e.health, e.kind.health),
            Stat("Armor", e.armor, e.max_armor),
            Stat("Dodge", e.dodge, e.kind.dodge),
        ),
        tags=(f"facing Seat {e.seat + 1}" if e.seat is not None else "idle",),
        highlight=e.seat is not None and e.seat == state.turn_seat,
    )


def _seat_zone(state: CoopState, p, seat: int | None) -> Zone:
    """A player's card, then the items in its hands and on its body."""
    tags = (
        (["leader"] if p.seat == state.leader else [])
        + (["knocked out"] if p.ko else [])
        + (["you"] if p.seat == seat else [])
    )
    cards = [
        CardView(
            f"Seat {p.seat + 1}",
            "player",
            f"{p.cls.name}, {p.cls.damage}{GLYPH[p.cls.dtype]} class damage",
            stats=(
                Stat("Health", p.health, p.max_health),
                Stat("Armor", p.armor, p.max_armor),
                Stat("Dodge", p.dodge, p.max_dodge),
            ),
            tags=tuple(tags),
            dim=p.ko,
            highlight=p.seat == state.to_move,
        )
    ]
    cards += [_item_card(state, i, "hand") for i in p.hands]
    if p.body:
        cards.append(_item_card(state, p.body, "body"))
    return Zone(f"Seat {p.seat + 1} ({p.cls.name})", tuple(cards), active=p.seat == state.to_move)


def _zones(state: CoopState, seat: int | None) -> list[Zone]:
    """The enemies still standing, each seat, the cards face up and the party stash."""
    zones = []
    enemies = [e for e in state.enemies if e.health > 0]
    if enemies:
        zones.append(
            Zone(
                f"Enemies · {_standing(state)}",
                tuple(_enemy_card(state, e) for e in enemies),
            )
        )
    zones += [_seat_zone(state, p, seat) for p in state.players]
    if state.offered:
        zones.append(
            Zone(
                "Face up",
                tuple(
                    _item_card(state, c) if c in state.cat.items else _encounter_card(state, c)
                    for c in state.offered
                ),
            )
        )
    if state.stash:
        zones.append(Zone("Party stash", tuple(_item_card(state, i) for i in state.stash)))
    return zones


def _subtitle(state: CoopState) -> str:
    where = ""
    if state.encounter_name and state.enemies:
        where = f"{_standing(state)} · round {state.round}"
    if state.phase == OVER:
        return f"{_ending(state)} · {where}" if where else _ending(state)
    return f"{where} · {state.phase}" if where else state.phase


def _trackers(state: CoopState) -> tuple[Stat, ...]:
    trackers = [
        Stat("Battles won", state.battles_won, state.battles_needed),
        Stat("Leader", f"Seat {state.leader + 1}"),
        Stat("Encounter deck", len(state.encounter_deck)),
        Stat("Loot deck", len(state.loot_deck)),
    ]
    if state.battle_cards:  # this Battle's encounters: the one being fought, of all drawn
        total = len(state.battle_cards)
        trackers.append(Stat("Encounter", total - len(state.battle), total))
    return tuple(trackers)


def render(state: CoopState, seat: int | None) -> View:
    return View(
        title=f"Battle {min(state.battles_won + 1, state.battles_needed)} of "
        f"{state.battles_needed}",
        subtitle=_subtitle(state),
        trackers=_trackers(state),
        zones=tuple(_zones(state, seat)),
        legend=LEGEND,
    )
