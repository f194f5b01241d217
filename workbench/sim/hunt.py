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
from dataclasses import dataclass, field, replace

import polars as pl

from ..core.errors import SetupError
from ..core.registry import get_game
from ..core.seeds import Seeds, check_seed
from ..core.spec import Choices, Decks, Picks
from . import guard
from .balance import chosen_mode, seat_orders
from .executors import run_batches
from .hunt_variants import _variant
from .paths import placed
from .simulate import frame, prepare
from .stats import wilson
from .sweep import default_bots

MODES = {  # games per seat order in the search and in verification; generations; children
    "full": {"games": 300, "verify": 2000, "generations": 12, "children": 6, "top": 3},
    "fast": {"games": 60, "verify": 300, "generations": 3, "children": 4, "top": 2},
}
TOO_OFTEN = 0.65  # a deck winning more than this share of decided games, surely, breaks it


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
    the_field = _Field(g, base, seat_orders(names), placed(base, executor), progress, stop)
    searched, best_lists = [], []
    for deck in decks:
        rows_d, top = _search(
            deck, the_field.play, lambda: the_field.complete, specs, base.cards, budget, seed, moves
        )
        searched += rows_d
        best_lists += [(deck, c, words) for c, words in top]
    findings, kept = _verify(the_field, best_lists, base.cards, budget, seed)
    replays, kept = [won for _, won in kept], [c for c, _ in kept]
    stopped = "stopped" if not the_field.complete else "game budget spent"
    return Hunt(
        g.name,
        _message(findings, stopped),
        findings,
        pl.DataFrame(searched),
        the_field.played,
        stopped,
        kept,
        replays,
        rules,
    )


class _Field:
    """Plays candidate builds of a deck against the field, every seat order on the same
    seeds, counting the games `played` and whether every run was `complete` (not stopped)."""

    def __init__(self, g, base, orders, executor, progress: bool, stop):
        self.g, self.base, self.orders = g, base, orders
        self.executor, self.progress, self.stop = executor, progress, stop
        self.played = 0
        self.complete = True

    def play(self, candidates, deck, n, stream):
        """Each candidate CardSet's (wins, decided games, rows by order) for `deck`."""
        g, base, sides = self.g, self.base, self.g.traits.sides
        jobs = []
        for i, c in enumerate(candidates):
            for j, order in enumerate(self.orders):
                batch = replace(base, cards=c, setup=g.check_setup({**base.setup, sides: order}))
                jobs.append(((i, j), batch, Seeds(stream, n)))
        executor = "serial" if self.executor is None else self.executor
        results, done = run_batches(jobs, executor, progress=self.progress, stop=self.stop)
        self.complete = self.complete and done
        return [self._score(results, i, deck) for i in range(len(candidates))]

    def _score(self, results, i, deck):
        wins = decided = 0
        won_seeds = []
        for j, order in enumerate(self.orders):
            if (i, j) not in results:
                continue
            rows = frame(results[(i, j)])
            self.played += rows.height
            seat = order.index(deck)
            decided += int((rows["winner"] >= 0).sum())
            wins += int((rows["winner"] == seat).sum())
            won_seeds += [
                (s, tuple(order))
                for s in rows.filter(pl.col("winner") == seat)["seed"].head(3).to_list()
            ]
        return wins, decided, won_seeds


def _verify(the_field, best_lists, shipped, budget, seed) -> tuple[pl.DataFrame, list]:
    """The best lists played again on fresh seeds beside the shipped one: (the findings,
    ranked, and each finding's (cards, seeds of games it won)). Nothing once a stop was
    asked for."""
    rows, kept = [], []
    if the_field.complete and best_lists:
        by_deck: dict[str, list] = {}
        for deck, c, words in best_lists:
            by_deck.setdefault(deck, []).append((c, words))
        for deck, lists in by_deck.items():
            verified = the_field.play(
                [c for c, _ in lists] + [shipped], deck, budget["verify"], seed + 1
            )
            for (c, words), score in zip(lists, verified, strict=False):
                rows.append(_finding(deck, words, score, verified[-1]))
                kept.append((c, score[2][:3]))
    findings = pl.DataFrame(rows)
    if findings.height:
        order = sorted(range(findings.height), key=lambda i: -(findings["wins"][i] or 0))
        findings = findings[order].with_row_index("rank", offset=1)
        kept = [kept[i] for i in order]
    return findings, kept


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
