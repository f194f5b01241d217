"""What each seat sees: the three Locations with their VP tokens and who stands there, each
side's HQ, Assets, bank and piles, and the hand of the seat looking (R-3: decks and the void
pile face down, other hands hidden, banks textless)."""

from __future__ import annotations

from ...core.view import CardView, Glyph, Stat, View, Zone
from .costs import NAMES
from .rules import HQ

COLOURS = ("#c0392b", "#2471a3")


def _char(state, uid, tags=()) -> CardView:
    inst = state.inplay[uid]
    d = state.card(uid)
    stats = [Stat("Atk", state.atk(uid)), Stat("Def", state.def_(uid)), Stat("Skl", state.skl(uid))]
    if inst.damage:
        stats.append(Stat("damage", inst.damage))
    if inst.wounds:
        stats.append(Stat("wounds", inst.wounds, d.amount("Toughness")))
    extra = [state.label(m) for m in inst.mods.values() if m in state.inplay]
    words = [k if v is None else f"{k} {v}" for k, v in d.keywords.items()]
    if inst.prevent:
        words.append("damage prevented")
    return CardView(
        name=state.label(uid),
        kind="character",
        subtitle=d.typeline,
        text=("with " + ", ".join(extra)) if extra else "",
        stats=tuple(stats),
        tags=tuple(words) + tuple(tags),
        id=d.name,
    )


def _card(state, name: str, dim: bool = False) -> CardView:
    d = state.cat.cards[name]
    stats = ()
    if d.type in ("character", "modifier"):
        stats = (Stat("Atk", d.atk), Stat("Def", d.def_), Stat("Skl", d.skl))
    # The cost first: a hand drawn one line per card cuts the end of a long subtitle.
    return CardView(
        name=name,
        kind=d.type,
        subtitle=f"cost {d.cost} · {d.typeline}",
        text=d.text,
        stats=stats,
        tags=(f"bank {d.resources}",),
        dim=dim,
        id=name,
    )


def _asset(state, uid) -> CardView:
    d = state.card(uid)
    inst = state.inplay[uid]
    tags = ("used this turn",) if inst.used else ()
    return CardView(
        name=state.label(uid),
        kind="asset",
        subtitle=d.typeline,
        text=d.text,
        tags=tags,
        dim=inst.used,
        id=d.name,
    )


def _location(state, i: int) -> CardView:
    loc = state.locs[i]
    d = state.cat.locations[loc.name]
    c = state.combat
    stats = [
        Stat("Skill", d.skill),
        Stat("VP seat 1", loc.vp[0], d.vp),
        Stat("VP seat 2", loc.vp[1], d.vp),
    ]
    tags = [f"placed by seat {loc.placed_by + 1}"]
    if loc.won_by is not None:
        tags.append(f"won by seat {loc.won_by + 1}")
    here = [state.label(u) for s in (0, 1) for u in state.chars[s] if state.inplay[u].where == i]
    contested = c is not None and c.loc == i
    if contested:
        tags.append(f"mission: {c.step}")
    return CardView(
        name=loc.name,
        kind="location",
        subtitle=f"Skill {d.skill}, VP {d.vp}",
        text=("here: " + ", ".join(here)) if here else "",
        stats=tuple(stats),
        tags=tuple(tags),
        highlight=contested,
        dim=loc.won_by is not None,
        id=loc.name,
    )


def _trackers(state) -> tuple[Stat, ...]:
    trackers = [
        Stat("Turn", state.turn),
        Stat("Phase", state.phase),
        Stat("Active", f"Seat {state.active + 1}"),
    ]
    if state.phase == "Production" and state.prod_left:
        trackers.append(Stat("Production left", state.prod_left))
    if state.window is not None:
        trackers.append(Stat("Window", state.window_tag))
    for s in (0, 1):
        won = sum(1 for x in state.locs if x.won_by == s)
        trackers.append(Stat(f"Seat {s + 1} Locations", won, 2))
    return tuple(trackers)


def _mission_tags(state) -> dict:
    """Who attacks, who defends and whom each faces, by character, while a mission is on."""
    c = state.combat
    tags = {}
    if c is not None:
        for u in c.attackers:
            tags[u] = ("attacking",)
        for u in c.defenders:
            tags[u] = ("defending",)
        for a, b in c.pairs:
            tags[a] = tags.get(a, ()) + (f"vs {state.label(b)}",)
            tags[b] = tags.get(b, ()) + (f"vs {state.label(a)}",)
    return tags


def _characters(state, s: int, tags: dict) -> list[CardView]:
    """A seat's characters: those at its HQ first, then those away at a Location."""
    hq = [_char(state, u, tags.get(u, ())) for u in state.chars[s] if state.inplay[u].where == HQ]
    away = [
        _char(state, u, tags.get(u, ()) + (f"at {state.locs[state.inplay[u].where].name}",))
        for u in state.chars[s]
        if state.inplay[u].where != HQ
    ]
    return hq + away


def _piles(state, s: int) -> list[CardView]:
    """A seat's Assets, then its bank (resource rows, no names), deck, discard and void."""
    piles = [_asset(state, u) for u in state.assets[s]]
    bank = state.zones[s, "bank"]
    rows = " ".join(state.row(n) for n in bank)
    points = len(rows.replace(" ", ""))
    piles.append(
        CardView(
            name="Bank",
            kind="pile",
            subtitle=f"{len(bank)} cards",
            text=rows or "empty",
            stats=(Stat("points", points),),
        )
    )
    deck = len(state.deck[s]) + len(state.bottom[s])
    piles.append(
        CardView(
            name="Deck",
            kind="pile",
            subtitle=f"{deck} cards",
            stats=(Stat("cards", deck),),
            dim=deck == 0,
        )
    )
    discard = state.zones[s, "discard"]
    piles.append(
        CardView(
            name="Discard",
            kind="pile",
            subtitle=f"{len(discard)} cards",
            text=", ".join(discard[-6:]) + (" …" if len(discard) > 6 else ""),
            stats=(Stat("cards", len(discard)),),
        )
    )
    piles.append(
        CardView(
            name="Void",
            kind="pile",
            subtitle=f"{len(state.zones[s, 'void'])} cards (face down)",
            stats=(Stat("cards", len(state.zones[s, "void"])),),
        )
    )
    return piles


def _seat_zones(state, s: int, seat: int | None, asking: int | None, tags: dict) -> list[Zone]:
    """A seat's characters, its Assets and piles, and its hand (face down to other seats)."""
    colour = COLOURS[s]
    name = f"Seat {s + 1} ({state.decks[s]})"
    chars = _characters(state, s, tags)
    hand = state.zones[s, "hand"]
    if seat == s:
        shown = tuple(_card(state, n) for n in hand)
    else:
        shown = tuple(CardView.face_down("card") for _ in hand)
    return [
        Zone(
            f"{name} HQ and characters away ({len(chars)})",
            tuple(chars),
            active=asking == s,
            colour=colour,
        ),
        Zone(f"{name} Assets, bank and piles", tuple(_piles(state, s)), colour=colour),
        Zone(
            f"{name} hand ({len(hand)})",
            shown,
            active=asking == s and seat == s,
            colour=colour,
            hand=True,
        ),
    ]


def render(state, seat: int | None) -> View:
    zones = [
        Zone(
            "Locations",
            tuple(_location(state, i) for i in range(len(state.locs))),
            active=state.combat is not None,
        )
    ]
    asking = state.ask[0] if state.ask else None
    tags = _mission_tags(state)
    for s in (0, 1):
        zones += _seat_zones(state, s, seat, asking, tags)
    legend = [Glyph("■", "Seat 1", COLOURS[0]), Glyph("■", "Seat 2", COLOURS[1])]
    legend += [Glyph(sym, name) for sym, name in NAMES.items()]
    subtitle = (
        state.reason
        if state.winner is not None
        else (f"Seat {asking + 1} to decide" if asking is not None else "")
    )
    return View(
        title=f"Location CCG — turn {state.turn}, {state.phase}",
        subtitle=subtitle,
        trackers=_trackers(state),
        zones=tuple(zones),
        legend=tuple(legend),
    )


def observation(state, seat: int | None) -> dict:
    players = []
    for s in (0, 1):
        hand = state.zones[s, "hand"]
        players.append(
            {
                "seat": s,
                "deck": state.decks[s],
                "hand": list(hand) if seat == s else len(hand),
                "bank": [state.row(n) for n in state.zones[s, "bank"]],
                "discard": list(state.zones[s, "discard"]),
                "void": len(state.zones[s, "void"]),
                "deck_size": len(state.deck[s]) + len(state.bottom[s]),
                "characters": [
                    [
                        state.inplay[u].name,
                        state.inplay[u].where,
                        state.inplay[u].damage,
                        state.inplay[u].wounds,
                    ]
                    for u in state.chars[s]
                ],
                "assets": [state.inplay[u].name for u in state.assets[s]],
            }
        )
    return {
        "turn": state.turn,
        "phase": state.phase,
        "active": state.active,
        "locations": [[x.name, x.vp[0], x.vp[1], x.won_by] for x in state.locs],
        "players": players,
    }
