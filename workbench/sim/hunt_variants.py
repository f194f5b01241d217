"""Variants of a build for `hunt`'s search: copies moved from card to card in a deck list
(`Decks`), picks swapped in a loadout (`Choices`) or among what a deck brings besides its
list (`Picks`), each as the cards' checks accept it, with its difference from the shipped
build in words.
"""

from __future__ import annotations

import random
from collections import Counter

import polars as pl

from ..cards.problems import CardDataError
from ..core.errors import SetupError
from ..core.spec import Choices, Decks, Picks

TRIES = 50  # attempts at a variant the deck checks accept


def _variant(parent, shipped, specs, deck: str, rng: random.Random, moves: int):
    """`parent` with 1 to `moves` changes to `deck` in one of `specs` (a spec or a tuple of
    them: copies moved for a `Decks`, picks swapped for a `Choices` or `Picks`), as the cards'
    checks accept it (the whole table at once), and its difference from the shipped build in
    words (every spec's); None when no try was accepted."""
    specs = specs if isinstance(specs, tuple) else (specs,)
    spec = specs[rng.randrange(len(specs))] if len(specs) > 1 else specs[0]
    if isinstance(spec, Choices):
        made = _swapped(parent, shipped, spec, deck, rng, moves)
    elif isinstance(spec, Picks):
        made = _picked(parent, shipped, spec, deck, rng, moves)
    else:
        made = _moved(parent, shipped, spec, deck, rng, moves)
    if made is None:
        return None
    words = "; ".join(
        w for w in (_changes(shipped, made, s, deck) for s in specs) if w != "as shipped"
    )
    return (made, words) if words else None


def _moved(parent, shipped, spec: Decks, deck: str, rng: random.Random, moves: int):
    """`parent` with 1 to `moves` copies of `deck` moved from one card to another."""
    pool = shipped[spec.pool][shipped.specs[spec.pool].key].to_list()
    key = parent.specs[spec.table].key
    table = parent[spec.table]
    for _ in range(TRIES):
        lines = table.to_dicts()
        for _ in range(rng.randint(1, moves)):
            mine = [r for r in lines if r[spec.deck] == deck]
            if not mine:
                break
            taken = rng.choice(mine)
            taken[spec.copies] -= 1
            if not taken[spec.copies]:
                lines.remove(taken)
            added = rng.choice(pool)
            have = next((r for r in lines if r[spec.deck] == deck and r[spec.card] == added), None)
            if have is not None:
                have[spec.copies] += 1
            else:
                lines.append(_new_line(spec, key, mine[0], deck, added, table.columns))
        try:
            cards = parent.with_table(spec.table, pl.DataFrame(lines, schema=table.schema))
        except CardDataError:
            continue  # a list the deck checks refuse: try another
        if _changes(shipped, cards, spec, deck) != "as shipped":
            return cards
    return None


def _picked(parent, shipped, spec: Picks, deck: str, rng: random.Random, moves: int):
    """`parent` with 1 to `moves` of `deck`'s picks swapped for others from the pool, each
    line keyed as before ("Order: Radio Tower" becomes "Order: City Hall")."""
    pool = shipped[spec.pool][shipped.specs[spec.pool].key].to_list()
    key = parent.specs[spec.table].key
    table = parent[spec.table]
    for _ in range(TRIES):
        lines = table.to_dicts()
        mine = [r for r in lines if r[spec.deck] == deck]
        if not mine:
            return None
        for _ in range(rng.randint(1, moves)):
            line = rng.choice(mine)
            old, new = line[spec.pick], rng.choice(pool)
            line[spec.pick], line[key] = new, _keyed(line[key], old, new, deck)
        try:
            cards = parent.with_table(spec.table, pl.DataFrame(lines, schema=table.schema))
        except CardDataError:
            continue  # picks the checks refuse (the same Location twice): try another
        if _changes(shipped, cards, spec, deck) != "as shipped":
            return cards
    return None


def _swapped(parent, shipped, spec: Choices, side: str, rng: random.Random, moves: int):
    """`parent` with 1 to `moves` of `side`'s picks swapped for others their columns allow,
    as the cards' checks accept the loadout, and its difference from the shipped one."""
    table = parent[spec.table]
    names = table[parent.specs[spec.table].key].to_list()
    if side not in names:
        raise SetupError(
            f"{spec.table}: no row for {side!r}; its rows are {', '.join(map(repr, names))}"
        )
    at = names.index(side)
    columns = spec.columns
    options = {c: _options(shipped, spec.table, c) for c in columns}
    for _ in range(TRIES):
        row = table.row(at, named=True)
        for _ in range(rng.randint(1, moves)):
            column = rng.choice(columns)
            others = [v for v in options[column] if v != row[column]]
            if others:  # a column with one allowed pick has nothing to swap
                row[column] = rng.choice(others)
        lines = table.to_dicts()
        lines[at] = row
        try:
            cards = parent.with_table(spec.table, pl.DataFrame(lines, schema=table.schema))
        except CardDataError:
            continue  # a loadout the checks refuse (wrong slot, class or level): try another
        if _changes(shipped, cards, spec, side) != "as shipped":
            return cards
    return None


def _options(cards, table: str, column: str) -> list:
    """What a `Choices` column may hold: every name its reference allows, and a blank if its
    schema allows one; which of them suit a row is for the cards' checks to say."""
    spec = cards.specs[table]
    ref = spec.refs.get(column)
    if ref is None:
        raise SetupError(
            f"{table}.{column}: a column hunted through must name rows of "
            "another table (TableSpec.refs), so that the hunt knows its picks"
        )
    picks = [*cards[ref.table][ref.column].to_list(), *ref.also]
    return picks + [None] if spec.schema.columns[column].nullable else picks


def _new_line(spec: Decks, key: str, like: dict, deck: str, card: str, columns) -> dict:
    """The line of a card new to `deck`, keyed as `like` (another line of it) is."""
    line = dict.fromkeys(columns)
    line.update(
        {
            key: _keyed(like[key], like[spec.card], card, deck),
            spec.deck: deck,
            spec.card: card,
            spec.copies: 1,
        }
    )
    return line


def _keyed(named: str, was: str, now: str, deck: str) -> str:
    """The key of a line holding `now`, made as `named` was made for `was` ("Red: Sap"
    gives "Red: Jab"), or "<deck>: <now>" when `named` does not end with `was`."""
    prefix = named[: -len(was)] if named.endswith(was) else f"{deck}: "
    return prefix + now


def _changes(shipped, cards, spec: Decks | Choices | Picks, deck: str) -> str:
    if isinstance(spec, Choices):
        return _swaps(shipped, cards, spec, deck)
    if isinstance(spec, Picks):

        def picks(c):
            return Counter(c[spec.table].filter(pl.col(spec.deck) == deck)[spec.pick])

        count = picks(cards)
        count.subtract(picks(shipped))
        moved = sorted(((-n, name) for name, n in count.items() if n))
        return (
            f"{spec.pool} " + ", ".join(f"{'+' if n < 0 else '-'}{name}" for n, name in moved)
            if moved
            else "as shipped"
        )

    def counts(c):
        lines = c[spec.table].filter(pl.col(spec.deck) == deck)
        return dict(zip(lines[spec.card], lines[spec.copies], strict=True))

    before, after = counts(shipped), counts(cards)
    moved = [
        (name, after.get(name, 0) - before.get(name, 0))
        for name in sorted(set(before) | set(after))
    ]
    words = [
        f"{'+' if n > 0 else ''}{n} {name}"
        for name, n in sorted(moved, key=lambda m: (-m[1], m[0]))
        if n
    ]
    return ", ".join(words) or "as shipped"


def _swaps(shipped, cards, spec: Choices, side: str) -> str:
    """A loadout's picks that differ from the shipped one's, in words: "weapon Longsword (was
    Poisoned Dagger); class set +1 Backstab, -1 Evasion"."""

    def row(c):
        return c[spec.table].filter(pl.col(c.specs[spec.table].key) == side).row(0, named=True)

    before, after = row(shipped), row(cards)
    words = [
        f"{c} {after[c] or 'none'} (was {before[c] or 'none'})"
        for c in spec.slots
        if after[c] != before[c]
    ]
    for name, group in spec.sets.items():
        # A set is counted, not read in order: the same cards in other columns are no change.
        count = Counter(after[c] for c in group)
        count.subtract(before[c] for c in group)
        moved = sorted(
            ((n, card) for card, n in count.items() if n), key=lambda m: (-m[0], str(m[1]))
        )
        if moved:
            words.append(
                f"{name} "
                + ", ".join(f"{'+' if n > 0 else ''}{n} {card or 'none'}" for n, card in moved)
            )
    return "; ".join(words) or "as shipped"
