"""Hunt exploits: decks (or loadouts) that win far too often against the field.

`hunt` searches what a player builds before play, within the game's own checks, for builds
that win too often against the other sides of the setup (the field). For each side a seeded
evolutionary search (a (1 + lambda) strategy: each generation makes `children` variants of
the best build so far, every variant passing the cards' checks, R-1's deck building for
Squad Combat) plays each variant against the field on the same seeds, both seat orders, and
keeps the best. The best builds found are then verified on fresh seeds, each reported with
its share of decided games and 95% interval, what it changed, and seeds of games it won to
replay in the step-through view.

A game takes part by declaring what its players build (`Game.decks`): deck lists (`Decks`:
which table, which columns name the deck, the card and its copies, where the cards come
from; a variant moves a few copies from one card to another), or loadouts (`Choices`: a row
per side of picks in named slots; a variant swaps a few picks for others the slot allows),
and what a deck brings besides its list (`Picks`: the Location CCG's 3 Locations; a variant
swaps one for another). A game with several declares them together; each variant changes
one of them.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace

import polars as pl

from ..cards.problems import CardDataError
from ..core.errors import SetupError
from ..core.registry import get_game
from ..core.seeds import Seeds, check_seed
from ..core.spec import Choices, Decks, Picks
from . import guard
from .balance import chosen_mode, seat_orders
from .executors import run_batches
from .paths import placed
from .simulate import frame, prepare
from .stats import wilson
from .sweep import default_bots

MODES = {  # games per seat order in the search and in verification; generations; children
    "full": {"games": 300, "verify": 2000, "generations": 12, "children": 6, "top": 3},
    "fast": {"games": 60, "verify": 300, "generations": 3, "children": 4, "top": 2},
}
TOO_OFTEN = 0.65  # a deck winning more than this share of decided games, surely, breaks it
TRIES = 50  # attempts at a variant the deck checks accept


@dataclass
class Hunt:
    """What `hunt()` found: `findings` (ranked: each deck list's share of decided games
    against the field with its 95% interval, what it changed, whether it wins far too often,
    seeds of games it won), `searched` (every list the search played) and `message`.
    `cards(i)` is finding i's CardSet, `match(i)` a game it won to step through."""

    game: str
    message: str
    findings: pl.DataFrame
    searched: pl.DataFrame
    games: int
    stopped: str
    _cards: list = field(default_factory=list)
    _replays: list = field(default_factory=list)  # per finding: [(seed, seat order)]
    _rules: dict | None = None

    def cards(self, i: int = 0):
        return self._cards[i]

    def match(self, i: int = 0, k: int = 0):
        """The `k`-th game finding `i`'s list won, as a match to step through, every seat
        played by the game's bot as in the hunt: `.auto()` plays it out, `.widget()` shows
        it."""
        from ..core.match import Match

        if not 0 <= i < len(self._replays):
            raise SetupError(
                f"match: finding {i} does not exist; there are "
                f"{len(self._replays)} (0 is the first)"
            )
        if not 0 <= k < len(self._replays[i]):
            raise SetupError(
                f"match: finding {i} has {len(self._replays[i])} game(s) it won "
                f"to show, not a game {k}"
            )
        seed, order = self._replays[i][k]
        sides = get_game(self.game).traits.sides
        return Match(
            self.game,
            seed=seed,
            cards=self.cards(i),
            rules=self._rules,
            bots=dict.fromkeys(range(len(order)), "heuristic"),
            setup={sides: list(order)},
        )

    def apply_to(self, editor, i: int = 0):
        """Put finding `i`'s list (the tables the hunt changes: deck lists, loadouts, picks)
        in a card editor (a CardEditor or its EditSession) as one change, undone with one
        undo; the editor's new cards. Its other tables stay as the editor has them."""
        from ..widgets.editor_logic import change_in_editor

        if not 0 <= i < len(self._cards):
            raise SetupError(
                f"apply_to: finding {i} does not exist; there are "
                f"{len(self._cards)} (0 is the first)"
            )
        found = self.cards(i)

        def change(cards):
            for spec in _specs(get_game(self.game)):
                cards = cards.with_table(spec.table, found[spec.table])
            return cards

        row = self.findings.row(i, named=True)
        return change_in_editor(
            editor, change, f"hunt finding {i + 1}: {row['deck']} {row['changes']}"
        )

    def chart(self):
        """Each finding's share of decided games on fresh seeds with its 95% interval, beside
        its deck as shipped; the line past which a list wins far too often dashed."""
        from ..charts.sim import rates_chart

        rows = []
        for r in self.findings.iter_rows(named=True):
            label = f"{r['rank']}. {r['deck']}: {r['changes']}"
            rows.append(
                {
                    "label": label,
                    "group": "this list",
                    "rate": r["wins"],
                    "low": r["from"],
                    "high": r["to"],
                }
            )
            rows.append(
                {
                    "label": label,
                    "group": "as shipped",
                    "rate": r["as shipped"],
                    "low": None,
                    "high": None,
                }
            )
        return rates_chart(
            rows,
            x_title="share of decided games against the field (lines: 95% intervals)",
            lines=[TOO_OFTEN],
            title="The lists found, against the field",
            subtitle=f"dashed: {TOO_OFTEN:.0%}, past which a list wins far too often",
        )

    def __repr__(self) -> str:
        return f"Hunt of {self.game} ({self.games:,} games): {self.message}"


def hunt(
    game,
    *,
    decks=None,
    moves: int = 3,
    mode: str | None = None,
    seed=0,
    cards=None,
    rules=None,
    executor="processes",
    progress: bool = True,
    stop=None,
    **setup,
) -> Hunt:
    """Deck lists (or loadouts) of `decks` (default: every side's) that win too often
    against the field. `moves` is the most copies a variant moves (or picks it swaps) at
    once. `mode` "full" plays at most a few minutes of compiled games per deck, "fast" well under a
    minute (WORKBENCH_BALANCE=fast makes it the default). Ctrl+C or `stop` returns what was
    found so far. The same arguments give the same findings on any executor."""
    g = get_game(game)
    specs = _specs(g)
    budget = MODES[chosen_mode(mode)]
    moves = guard.whole(moves, "moves", 1)
    guard.flags(progress=progress)
    seed = check_seed(seed)
    base = prepare(g.name, cards, rules, default_bots(g), None, setup)
    _check_tables(g, specs, base.cards)
    sides = g.traits.sides
    names = list(base.setup[sides])
    if decks is None:
        decks = names
    if isinstance(decks, str) or not all(d in names for d in decks):
        raise SetupError(
            f"decks: give a list of the setup's decks ({', '.join(names)}), not {decks!r}"
        )
    orders = seat_orders(names)
    executor = placed(base, executor)
    played = 0
    complete = True

    def play(candidates, deck, n, stream):
        """Each candidate CardSet's (wins, decided games, rows by order) for `deck`."""
        nonlocal played, complete
        jobs = []
        for i, c in enumerate(candidates):
            for j, order in enumerate(orders):
                batch = replace(base, cards=c, setup=g.check_setup({**base.setup, sides: order}))
                jobs.append(((i, j), batch, Seeds(stream, n)))
        results, done = run_batches(
            jobs, "serial" if executor is None else executor, progress=progress, stop=stop
        )
        complete = complete and done
        out = []
        for i in range(len(candidates)):
            wins = decided = 0
            won_seeds = []
            for j, order in enumerate(orders):
                if (i, j) not in results:
                    continue
                rows = frame(results[(i, j)])
                played += rows.height
                seat = order.index(deck)
                decided += int((rows["winner"] >= 0).sum())
                wins += int((rows["winner"] == seat).sum())
                won_seeds += [
                    (s, tuple(order))
                    for s in rows.filter(pl.col("winner") == seat)["seed"].head(3).to_list()
                ]
            out.append((wins, decided, won_seeds))
        return out

    searched, best_lists = [], []
    for deck in decks:
        rows_d, top = _search(deck, play, lambda: complete, specs, base.cards, budget, seed, moves)
        searched += rows_d
        best_lists += [(deck, c, words) for c, words in top]
    rows, kept = [], []
    if complete and best_lists:
        by_deck: dict[str, list] = {}
        for deck, c, words in best_lists:
            by_deck.setdefault(deck, []).append((c, words))
        for deck, lists in by_deck.items():
            verified = play([c for c, _ in lists] + [base.cards], deck, budget["verify"], seed + 1)
            shipped = verified[-1]
            for (c, words), score in zip(lists, verified, strict=False):
                rows.append(_finding(deck, words, score, shipped))
                kept.append((c, score[2][:3]))
    findings = pl.DataFrame(rows)
    if findings.height:
        order = sorted(range(findings.height), key=lambda i: -(findings["wins"][i] or 0))
        findings = findings[order].with_row_index("rank", offset=1)
        kept = [kept[i] for i in order]
    replays, kept = [won for _, won in kept], [c for c, _ in kept]
    stopped = "stopped" if not complete else "game budget spent"
    return Hunt(
        g.name,
        _message(findings, stopped),
        findings,
        pl.DataFrame(searched),
        played,
        stopped,
        kept,
        replays,
        rules,
    )


def _specs(g) -> tuple:
    """What game `g` declares its players build (Game.decks), as a tuple of specs."""
    spec = g.decks()
    if spec is None:
        raise SetupError(
            f"{g.name} declares no deck lists or loadouts to hunt through (Game.decks)"
        )
    specs = spec if isinstance(spec, tuple) else (spec,)
    if not specs or not all(isinstance(s, Decks | Choices | Picks) for s in specs):
        raise SetupError(
            f"{g.name}: Game.decks gives {spec!r}; expected a Decks, a "
            "Choices or a tuple of them and Picks (core/spec.py)"
        )
    return specs


def _check_tables(g, specs, cards) -> None:
    """Each table and column `Game.decks` names is in the cards, or a SetupError says which
    is not."""
    for spec in specs:
        if isinstance(spec, Choices):
            columns = spec.columns
        elif isinstance(spec, Picks):
            columns = (spec.deck, spec.pick)
        else:
            columns = (spec.deck, spec.card, spec.copies)
        if spec.table not in cards.tables:
            raise SetupError(
                f"{g.name}: Game.decks names table {spec.table!r}; the cards "
                f"have {', '.join(cards.tables)}"
            )
        missing = [c for c in columns if c not in cards[spec.table].columns]
        if missing:
            raise SetupError(
                f"{g.name}: Game.decks names column {missing[0]!r} of "
                f"{spec.table!r}, which has {', '.join(cards[spec.table].columns)}"
            )
        pool = getattr(spec, "pool", None)
        if pool is not None and pool not in cards.tables:
            raise SetupError(
                f"{g.name}: Game.decks takes picks from table {pool!r}; the "
                f"cards have {', '.join(cards.tables)}"
            )


def _search(deck, play, running, specs, shipped, budget, seed, moves) -> tuple[list, list]:
    """The (1 + lambda) search for `deck`: (a row per list played, the best lists found as
    (cards, words), each once). `play` scores candidates; `running()` is False once a
    stop was asked for."""
    rng = random.Random(f"{seed}:{deck}")
    parent = shipped
    (start,) = play([parent], deck, budget["games"], seed)
    parent_score = _share(start)
    searched = [_searched_row(deck, 0, "as shipped", start)]
    found = [(parent_score, parent, "as shipped")]
    for generation in range(1, budget["generations"] + 1):
        if not running():
            break
        made = (
            _variant(parent, shipped, specs, deck, rng, moves) for _ in range(budget["children"])
        )
        children = [m for m in made if m is not None]
        scores = play([c for c, _ in children], deck, budget["games"], seed)
        for (child, words), score in zip(children, scores, strict=True):
            searched.append(_searched_row(deck, generation, words, score))
            found.append((_share(score), child, words))
            if _share(score) > parent_score:
                parent, parent_score = child, _share(score)
    seen, top = set(), []
    for _, c, words in sorted(found, key=lambda f: -f[0]):
        if words not in seen and words != "as shipped":
            seen.add(words)
            top.append((c, words))
        if len(top) == budget["top"]:
            break
    return searched, top


def _finding(deck, words, score, shipped) -> dict:
    """A verified list's row: its share of decided games with the interval, beside the
    shipped list's, and seeds of games it won."""
    wins, decided, won = score
    low, high = wilson(wins, decided)
    return {
        "deck": deck,
        "changes": words,
        "wins": wins / decided if decided else None,
        "from": low,
        "to": high,
        "decided games": decided,
        "as shipped": _share(shipped),
        "too often": bool(decided and low > TOO_OFTEN),
        "replay": ", ".join(f"seed {s} ({' v '.join(o)})" for s, o in won[:3]),
    }


def _share(score) -> float:
    wins, decided, _ = score
    return wins / decided if decided else 0.0


def _searched_row(deck, generation, words, score) -> dict:
    wins, decided, _ = score
    return {
        "deck": deck,
        "generation": generation,
        "changes": words,
        "wins": wins / decided if decided else None,
        "decided games": decided,
    }


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


def _message(findings: pl.DataFrame, stopped: str) -> str:
    if findings.is_empty():
        return f"No deck list was verified ({stopped})."
    best = findings.row(0, named=True)
    said = (
        f"{best['deck']} with {best['changes']} wins {best['wins']:.1%} "
        f"({best['from']:.1%} to {best['to']:.1%}) of decided games against the field, "
        f"{best['as shipped']:.1%} as shipped"
    )
    if best["too often"]:
        return said + ": it wins far too often."
    return said + f"; no list found wins more than {TOO_OFTEN:.0%} for sure."
