"""The step-through view of Squad Combat: each squad's three characters (HP, energy, the dice
on them, the cards attached under them, death effects), its hand (face down to other seats),
deck and discard pile, and the card being played with what answers it."""

from __future__ import annotations

from ...core import CardView, Stat, View, Zone

WINDOWS = {
    "start": "start of an action phase",
    "declared": "after costs and targets",
    "reaction": "reactions",
    "after": "after it resolved",
    "end": "end of the turn",
}


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else f"−{-x}" if x < 0 else "0"


def card_line(src) -> str:
    """One line of a card's numbers: traits, cost, Atk and damage."""
    bits = ["/".join(sorted(src.traits)) or ("resource" if src.resource else "generic")]
    if src.character:
        bits[0] += f" · {src.character} only"
    bits.append(str(src.cost))
    if src.is_attack:
        bits.append(f"Atk {_signed(src.atk)} · {src.damage} damage")
    elif src.is_edge:
        bits.append(src.timing.replace("_", " "))
    return " · ".join(bits)


def card_view(table: str, row) -> CardView | None:
    """A card as printed (and as `cards.card` draws it): a deck card with its traits, cost,
    Atk and damage; a character with HP, energy, pool and refresh; None for the tables drawn
    from their columns."""
    if table == "cards":
        bits = [row["traits"] or ("resource" if row["resource"] else "generic")]
        if row["character"]:
            bits[0] += f" · {row['character']} only"
        bits.append(row["cost"] or "free")
        if row["kind"] == "edge":
            bits.append((row["timing"] or "").replace("_", " "))
        stats = (
            (Stat("Atk", _signed(row["atk"])), Stat("Damage", row["damage"]))
            if row["kind"] == "attack"
            else ()
        )
        tags = [row["effects"]] if row["effects"] else []
        return CardView(
            row["name"],
            row["kind"],
            " · ".join(bits),
            row["text"],
            stats,
            tuple(tags),
            id=row["name"],
        )
    if table == "characters":
        stats = (
            Stat("HP", row["hp"]),
            Stat("Energy", row["energy"]),
            Stat("Pool", row["pool"]),
            Stat("Refresh", row["refresh"]),
        )
        tags = [row["passives"]] if row["passives"] else []
        return CardView(
            row["name"], "character", row["traits"], row["text"], stats, tuple(tags), id=row["name"]
        )
    return None


def ability_line(ab) -> str:
    """An ability as short as the card prints it: 'Edge, C C: Power Up each friendly'."""
    effects = "; ".join(str(e) for e in ab.effects)
    article = "an" if ab.target[0] in "aeiou" else "a"
    target = "" if ab.target == "none" else f" on {article} {ab.target} character"
    return f"{ab.kind.capitalize()}, {ab.cost}: {effects}{target}"


def _card(state, name: str, tags=(), highlight=False) -> CardView:
    src = state.cat.cards[name]
    return CardView(
        name, src.kind, card_line(src), src.text, tags=tuple(tags), highlight=highlight, id=name
    )


def _character(state, ci: int, seat: int | None) -> CardView:
    c = state.chars[ci]
    d = c.d
    life = "Life" if state.v05 else "HP"
    pool = f"{d.pool.size} dice" if state.v05 else str(d.pool)
    subtitle = f"{'/'.join(sorted(d.traits))} · pool {pool} · refresh {d.refresh}"
    tags = [
        f"{r.name} {state.effective(r, c)}" + (f" ({_signed(r.mod)})" if r.mod else "")
        for r in c.attached
    ]
    for trait, x in d.resist:
        tags.append(f"{trait} Resistance {x}")
    for trait, x in d.hardened:
        tags.append(f"{trait} Hardened {x}")
    if c.suppressed:
        tags.append("Suppressed")
    death = "; ".join(
        ability_line(ab) for ab in d.abilities if ab.ability == "dead" and not state.v05
    )
    if not c.alive:
        text = "Dead" + (f". Death effect: {death}" if death else "")
        stats = (Stat(life, 0, d.hp),)
    else:
        text = f"Death effect: {death}" if death else ""
        stats = (
            Stat(life, d.hp - state.damage(c), d.hp),
            Stat("Energy", c.energy, d.energy),
            Stat("Dice", " ".join(map(str, c.dice)) or "none"),
        )
    busy = _busy(state)
    return CardView(
        d.name,
        "character",
        subtitle,
        text,
        stats,
        tuple(tags),
        highlight=ci in busy,
        dim=not c.alive,
        id=d.name,
    )


def _busy(state) -> set[int]:
    """The acting character and the targets of the card being played."""
    if not state.plays:
        return set()
    play = state.plays[-1]
    return {play.actor, *play.targets}


def _in_play(state) -> list[CardView]:
    cards = []
    for play in state.plays[-3:]:
        src = play.source
        who = state.chars[play.actor].d.name
        bits = [f"by {who}"]
        if play.targets:
            bits.append("→ " + ", ".join(state.char_label(t) for t in play.targets))
        if src.is_attack:
            bits.append(f"Atk {_signed(play.atk)}")
            if play.mod:
                bits.append(f"damage {_signed(play.mod)}")
            if state.contest and (play.adie or play.ddie):
                bits.append(f"attack {play.adie + play.atk} vs defence {play.ddie + play.defence}")
        tags = [f"Seat {play.seat + 1}"]
        if play.paid:
            tags.append("paid " + " ".join(map(str, play.paid)))
        if play.negated:
            tags.append("negated")
        elif play.hit:
            tags.append("hit")
        kind = "ability" if src.ability else src.kind
        cards.append(
            CardView(
                src.name,
                kind,
                " ".join(bits),
                src.text,
                tags=tuple(tags),
                highlight=play is state.plays[-1],
            )
        )
    if state.events:
        cards.append(
            CardView("What happened", "log", f"turn {state.turn}", " · ".join(state.events[-4:]))
        )
    return cards


def _subtitle(state) -> str:
    result = state.result()
    if result is not None:
        return f"{result.outcome}: {result.reason}, after {state.turn} turns"
    what, seat, data = state.wait
    if what == "chance":
        return f"Turn {state.turn}: rolling and drawing"
    who = f"Seat {seat + 1}"
    if what == "action":
        return f"Turn {state.turn}: {who}'s action phase"
    if what == "window":
        kind, pid, _ = state.win
        about = ""
        if pid >= 0:
            about = f" ({state.plays[pid].source.name})"
        return f"Turn {state.turn}: {who} may play an edge · {WINDOWS[kind]}{about}"
    if what == "discard":
        return f"End of turn {state.turn}: {who} may discard up to {data} more"
    return f"Turn {state.turn}: {who} chooses ({what.replace('_', ' ')})"


def render(state, seat: int | None) -> View:
    zones = []
    mover = state.to_move
    for p in state.players:
        s = p.seat
        alive = state.alive_count(s)
        flags = [f"{alive} of 3 alive", f"deck {len(p.deck)}", f"discard {len(p.discard)}"]
        flags += (
            (["passed"] if p.passed else [])
            + (["out"] if p.out else [])
            + (["first player"] if state.first == s else [])
        )
        # Piles go in the title, so a squad is one row of three cards.
        cards = tuple(_character(state, ci, seat) for ci in p.order)
        zones.append(Zone(f"Seat {s + 1}: {p.squad.name} ({', '.join(flags)})", cards, mover == s))
        if seat == s:
            hand = tuple(_card(state, name) for name in p.hand)
        else:
            hand = tuple(CardView.face_down("card") for _ in p.hand)
        zones.append(Zone(f"Seat {s + 1} hand ({len(p.hand)})", hand, mover == s, hand=True))
    zones.append(Zone("In play", tuple(_in_play(state))))
    trackers = [Stat("Turn", state.turn, state.rules["sc.turn_limit"] or None)]
    if state.first >= 0:
        trackers.append(Stat("First player", f"Seat {state.first + 1}"))
    for p in state.players:
        trackers.append(
            Stat(f"Seat {p.seat + 1} HP", state.hp_left(p.seat), state.hp_total(p.seat))
        )
    names = " vs ".join(f"{p.squad.name}" for p in state.players)
    rules = " (v0.5)" if state.v05 else ""
    return View(
        f"Squad Combat{rules}: {names}", _subtitle(state), tuple(trackers), zones=tuple(zones)
    )
