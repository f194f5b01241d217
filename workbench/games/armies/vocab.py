"""The words Armies' card tables are written in: skill costs such as `3GG`, and the small
vocabulary of engine effects a card's `effects` cell lists (`train:E; draw:1`).

Every sample card is a row composed from these words, so a designer adds a card by writing a
row, and the rules need new code only for a new word. `parse_cost` and `parse_effects` raise
ValueError saying what is wrong; the table check (cards.py) turns that into a Problem naming the
row and column.
"""

from __future__ import annotations

import re

DOMAINS = "GELTS"
DOMAIN_NAMES = {"G": "Gnar", "E": "Ethyr", "L": "Lorin", "T": "Tor", "S": "Shives"}
CARD_TYPES = ("leader", "maneuver", "technique", "boon", "curse", "training", "strategy")
# What the class column may hold for each type (blank is "").
CLASSES = {
    "leader": ("hero", "elite"),
    "maneuver": ("", "leader"),
    "technique": ("", "leader"),
    "boon": ("army", "leader"),
    "curse": ("army", "leader"),
    "training": ("", "army", "general"),
    "strategy": ("",),
}

# term -> (kind of argument, meaning). Argument kinds: None (no argument), "count" (a whole
# number from 0), "domain" (G, E, L, T or S), or a tuple of allowed words.
TERMS = {
    # What an army is while the card is attached (traits), or what a Training grants.
    "cavalry": (None, "R-22: after a capture by more than 2 the army may charge on"),
    "stealth": (None, "R-23: the army may jump pieces while moving, and then not attack"),
    "rest_after_capture": (None, "R-24: a capture during a move rests the army for free"),
    "must_move": (None, "the army must move or attack on its owner's turn if it can"),
    "cannot_attack": (None, "the army cannot attack"),
    "cannot_rest": (None, "the army cannot rest"),
    "untargetable": (None, "cards and abilities that target this Leader (A-10) fail"),
    "shielded": (None, "no Maneuver, Boon, Curse or major action may target the army (A-11)"),
    # Playing the card.
    "enters_ready": (None, "the Leader enters play ready (R-15)"),
    "not_major": (None, "playing the card is not a major action"),
    "spend_leader": (None, "part of the cost: spend the Leader it is played through"),
    "returns_to_hand": (None, "from play to a discard pile, it returns to its owner's hand"),
    # What it does when it resolves.
    "ranged": ("count", "a ranged attack of this power against the target square (R-21)"),
    "draw": (
        ("extra_leaders", "domains", "count"),
        "draw that many cards, one per Leader beyond the opponent's, or one per domain "
        "the primary piece has skill in",
    ),
    "spend_threatened_leaders": (None, "enemy Leaders on squares the piece threatens are spent"),
    "hope": (
        ("odds",),
        "Hope tokens (+1/+1) on this Leader, one per enemy threat beyond the friendly ones (A-13)",
    ),
    "ready_leader": (None, "ready this Leader"),
    "remove_army": (None, "remove the target Army from the game"),
    "defend": ("count", "the defending army on the target square adds this to its defence"),
    "ambush": (None, "the attacking army on the target square must first defend (A-14)"),
    "cancel": (None, "cancel a Maneuver, Technique, Boon or Curse being played (A-16)"),
    "train": ("domain", "+1 max and current skill in the domain (A-5)"),
    # Strategies.
    "double_march": (None, "pawns may always double-step; opponents cannot take en passant"),
    "snow": ("count", "Unseasonable Weather with this many Snow tokens"),
    "unfavorable_war": (None, "each turn's end costs that player a General skill point"),
    "bows_and_knives": (None, "ranged attacks doubled, defence capped at 1"),
    "surprise": ("count", "this many opponent draws are skipped"),
}

ABILITY_KINDS = ("activated", "major", "enemy_major", "global_major", "global", "granted_major")
ABILITY_EXTRAS = ("", "sacrifice_leader", "discard_2", "spend_politician")
ABILITY_EFFECTS = ("offense", "stop_move", "destroy_curse", "skip_war", "ranged")
# The forms of ability the rules play in full, as (kind, extra cost, effect) (R-16, A-8, A-9,
# an army's own activated ability adds offense, paid perhaps with a sacrificed Leader;
# an enemy major action holds an army back or, for two discarded cards, destroys the Curse that
# carries it; a global one spares its player the war; a major action an army has or is granted
# is a ranged attack. The card table refuses the rest, which the rules would play only in
# part (a cost left unpaid, a move never offered, a label with nothing to name).
ABILITY_FORMS = frozenset(
    {
        ("activated", "", "offense"),
        ("activated", "sacrifice_leader", "offense"),
        ("enemy_major", "", "stop_move"),
        ("enemy_major", "discard_2", "stop_move"),
        ("enemy_major", "discard_2", "destroy_curse"),
        ("global_major", "", "skip_war"),
        ("global", "spend_politician", "skip_war"),
        ("major", "", "ranged"),
        ("granted_major", "", "ranged"),
    }
)
# Effects that act on the piece a card is played through: Training and Strategies are played
# through none, so they cannot carry them.
THROUGH_EFFECTS = ("ranged", "spend_threatened_leaders", "hope", "ready_leader")


def ability_problem(kind: str, extra: str, effect: str) -> tuple[str, str, str] | None:
    """(column, what is wrong, what is expected) for an ability whose parts are not one of
    ABILITY_FORMS, or None."""
    forms = [f for f in ABILITY_FORMS if f[0] == kind]
    if not forms or (kind, extra, effect) in ABILITY_FORMS:
        return None  # (the schema names an unknown kind)
    extras = sorted({e for _, e, _ in forms})
    if extra not in extras:
        return (
            "extra",
            f"{extra or 'no extra cost'} on an ability of kind {kind}",
            " or ".join(e or "blank" for e in extras),
        )
    effects = sorted(f for k, e, f in forms if e == extra)
    return (
        "effect",
        f"{effect} on an ability of kind {kind} with {extra or 'no extra cost'}",
        " or ".join(effects),
    )


def unplayable_through(card_type: str, effects: dict) -> str | None:
    """The effect a card cannot have because it is played through no piece, or None."""
    if card_type not in ("training", "strategy"):
        return None
    for word in THROUGH_EFFECTS:
        if word in effects:
            return word
    return "draw:domains" if effects.get("draw") == "domains" else None


_COST = re.compile(r"(\d*)([GELTS]*)")


def parse_cost(text: str | None) -> tuple[int, tuple[int, ...]]:
    """(generic points, points per domain in GELTS order) of a cost such as `3GG`."""
    text = (text or "").strip().upper()
    match = _COST.fullmatch(text)
    if match is None:
        raise ValueError(
            f"{text!r} is not a cost; expected generic points then domain "
            "letters (G, E, L, T, S), e.g. 3GG, 1E or TTT"
        )
    letters = match.group(2)
    return (int(match.group(1) or 0), tuple(letters.count(d) for d in DOMAINS))


def cost_text(generic: int, letters: tuple[int, ...]) -> str:
    text = (str(generic) if generic else "") + "".join(
        d * n for d, n in zip(DOMAINS, letters, strict=True)
    )
    return text or "free"


def parse_effects(text: str | None) -> dict[str, object]:
    """{term: argument} of an effects cell such as `train:E; draw:1` (None for no argument)."""
    out: dict[str, object] = {}
    for part in (text or "").split(";"):
        part = part.strip()
        if not part:
            continue
        term, _, arg = (p.strip() for p in part.partition(":"))
        if term not in TERMS:
            raise ValueError(f"{term!r} is not an effect; expected one of {', '.join(TERMS)}")
        if term in out:
            raise ValueError(f"{term!r} is listed twice")
        kind = TERMS[term][0]
        if kind is None:
            if arg:
                raise ValueError(f"{term!r} takes no argument, got {arg!r}")
            out[term] = None
        elif kind == "domain":
            if arg.upper() not in DOMAINS or len(arg) != 1:
                raise ValueError(f"{term!r} needs a domain letter (G, E, L, T or S), got {arg!r}")
            out[term] = arg.upper()
        else:
            words = () if kind == "count" else kind
            if arg in words and arg != "count":
                out[term] = arg
            elif ("count" in words or kind == "count") and arg.isdigit():
                out[term] = int(arg)
            else:
                allowed = " or ".join(
                    [
                        *(w for w in words if w != "count"),
                        *(["a whole number"] if "count" in words or kind == "count" else []),
                    ]
                )
                raise ValueError(f"{term!r} needs {allowed}, got {arg!r}")
    return out
