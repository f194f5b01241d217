"""The step-through view of RPG Card Battle: two characters, two face-up hands of five slots,
the piles, and each seat's pick, face down to everyone but its owner until the turn
resolves."""

from __future__ import annotations

from collections.abc import Mapping

from ...core import CardView, Glyph, Stat, View, Zone
from .rules import BASIC, HAND_SIZE, BattleState

SEAT_COLOURS = ("#1976d2", "#c62828")

KIND_NAMES = {
    "attack": "ATTACK",
    "defend": "DEFEND",
    "shield_bash": "SHIELD BASH",
    "parry": "PARRY",
    "poison": "POISON",
    "item": "Item",
    "passive": "Passive",
}


def _card(state: BattleState, name: str, tags=(), highlight=False, dim=False) -> CardView:
    c = state.cat.cards[name]
    return CardView(
        name,
        c.kind,
        KIND_NAMES[c.kind] + (" · class" if c.is_class else ""),
        c.text,
        tags=tuple(tags),
        highlight=highlight,
        dim=dim,
    )


# What a card of the deck does, in the order its numbers are printed (table 6.2).
EFFECTS = (
    ("attack", "Attack"),
    ("attack_vs_guard", "vs guard"),
    ("defence", "Defence"),
    ("reflect", "Reflect"),
    ("heal", "Heal"),
    ("poison", "Poison"),
    ("poison_turns", "Turns"),
    ("guard", "Guard"),
    ("guard_turns", "Turns"),
)


def card_view(table: str, row: Mapping) -> CardView | None:
    """A card of the deck as printed (and as `cards.card` draws it): its kind, the numbers it
    plays with, its text; None for a table drawn from its columns."""
    if table != "cards":
        return None
    stats = tuple(
        Stat(label, row[column]) for column, label in EFFECTS if row[column] not in (None, 0)
    )
    tags = [
        t
        for t, on in (
            ("magic", row["magic"]),
            ("halves non-magic damage", row["halve"]),
            (f"{row['weapon']} weapons", row["weapon"] not in ("any", "none")),
            ("spent once played", row["after"] == "spent"),
        )
        if on
    ]
    # The band already names the kind (SHIELD BASH, PASSIVE): no subtitle repeats it.
    return CardView(row["name"], row["kind"], "", row["text"], stats, tuple(tags), id=row["name"])


PILES_TEXT = (
    "Draw: shuffled, drawn into the right of the hand. Recycle: reshuffled into a "
    "new draw pile when hand and draw pile are empty. Spent: gone for good. "
    "Ongoing: cards whose effect lasts."
)


def _piles(p, ongoing: list[str]) -> CardView:
    """A seat's four piles as one card with their counts (R-2)."""
    text = f"Ongoing: {', '.join(ongoing)}. {PILES_TEXT}" if ongoing else PILES_TEXT
    return CardView(
        "Piles",
        "pile",
        f"{p.draw_n} to draw",
        text,
        stats=(
            Stat("Draw", p.draw_n),
            Stat("Recycle", len(p.recycle)),
            Stat("Spent", len(p.spent)),
            Stat("Ongoing", len(ongoing)),
        ),
    )


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
            tags.append(f"defence +{e.amount}, {e.turns} turn{'s' * (e.turns > 1)} ({e.card})")
    return tags


def _character(state: BattleState, p, mine: bool) -> CardView:
    b = p.build
    tags = (["you"] if mine else []) + _effect_tags(state, p.seat)
    if state.winner == p.seat:
        tags.append("winner")
    if p.choice is not None:
        tags.append("has chosen")
    return CardView(
        f"Seat {p.seat + 1}: {b.name}",
        "character",
        f"{b.cls}, level {b.level}, {b.weapon if b.weapon != 'none' else 'no'} weapon",
        ", ".join(b.items),
        stats=(Stat("Attack", b.attack), Stat("Defence", b.defence), Stat("HP", p.hp, b.hp)),
        tags=tuple(tags),
        highlight=state.to_move == p.seat,
        dim=p.hp <= 0,
    )


def _slots(state: BattleState, p, mine: bool) -> tuple[CardView, ...]:
    """The hand as five slots, left to right. Only the owner sees which one is picked."""
    picked = p.choice[1] if mine and p.choice is not None and p.choice[1] >= 0 else None
    slots = []
    for i in range(HAND_SIZE):
        if i < len(p.hand):
            name = p.hand[i]
            slot_tags = [f"slot {i + 1}"] + (["leftmost"] if i == 0 else [])
            if picked == i:
                slot_tags.append("picked")
            slots.append(
                _card(
                    state,
                    name,
                    slot_tags,
                    highlight=picked == i,
                    dim=state.cat.cards[name].kind == "passive" and i > 0,
                )
            )
        else:
            slots.append(CardView("", "empty", "empty slot", tags=(f"slot {i + 1}",), dim=True))
    return tuple(slots)


def _seat_zones(state: BattleState, p, seat: int | None) -> list[Zone]:
    """A seat's character with its piles, then its hand."""
    mine = seat == p.seat
    moving = state.to_move == p.seat
    ongoing = [e.card for e in state.ongoing if e.owner == p.seat]
    return [
        Zone(
            f"Seat {p.seat + 1} ({p.build.name})",
            (_character(state, p, mine), _piles(p, ongoing)),
            moving,
            SEAT_COLOURS[p.seat],
        ),
        Zone(
            f"Seat {p.seat + 1} hand (left to right)",
            _slots(state, p, mine),
            moving,
            SEAT_COLOURS[p.seat],
        ),
    ]


def _revealed(state: BattleState, last: dict) -> Zone:
    """What the last turn did to each seat, with the choices both made."""
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
        cards.append(
            CardView(
                f"Seat {s + 1}: {name}",
                "revealed",
                _choice_words(state, last["choices"][s]),
                ", ".join(bits),
            )
        )
    return Zone(f"Turn {last['turn']} revealed", tuple(cards))


def _subtitle(state: BattleState) -> str:
    result = state.result()
    if result is not None:
        return f"{result.outcome} ({result.reason}) after {state.turn} turns"
    if state.to_move >= 0:
        return f"Turn {state.turn}: Seat {state.to_move + 1} picks in secret"
    return f"Turn {state.turn}: drawing cards"


def render(state: BattleState, seat: int | None) -> View:
    zones = []
    for p in state.players:
        zones += _seat_zones(state, p, seat)
    zones.append(
        Zone(f"Picks for turn {state.turn}", tuple(_pick(state, p, seat) for p in state.players))
    )
    last = state.last_turn()
    if last is not None:
        zones.append(_revealed(state, last))
    p0, p1 = state.players
    limit = state.rules["rcb.turn_limit"]
    turn = Stat("Turn", state.turn, limit) if limit else Stat("Turn", state.turn)
    return View(
        title=f"{p0.build.name} vs {p1.build.name}",
        subtitle=_subtitle(state),
        trackers=(
            turn,
            Stat(f"Seat 1 HP ({p0.build.name})", p0.hp, p0.build.hp),
            Stat(f"Seat 2 HP ({p1.build.name})", p1.hp, p1.build.hp),
        ),
        zones=tuple(zones),
        legend=tuple(
            Glyph("", f"Seat {p.seat + 1} ({p.build.name})", SEAT_COLOURS[p.seat])
            for p in state.players
        ),
    )


def _pick(state: BattleState, p, seat: int | None) -> CardView:
    if p.choice is None:
        return CardView("choosing…", "pick", "no pick yet", tags=(f"Seat {p.seat + 1}",), dim=True)
    if seat != p.seat:
        # Face down: no name, no stats, nothing that tells which card was picked.
        return CardView.face_down("pick", (f"Seat {p.seat + 1}",))
    return CardView(
        "Your pick",
        "pick",
        _choice_words(state, p.choice).replace("played", "play").replace("gave up", "giving up"),
        "revealed when both have picked",
        tags=(f"Seat {p.seat + 1}",),
        highlight=True,
    )
