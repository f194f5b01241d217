"""Rebalance a design: the smallest card changes that bring win rates to their targets.

`rebalance` searches the card cells it may change (`stats`) for at most `max_changes` changes
that bring each seat's, side's or the party's win rate to its target, in three steps:

1. **Screening.** Each cell moved half its range down and up, and to the middle value of its
   column, on the same seeds: how far each move brings the win rates toward their targets.
   The cells that move them most are kept.
2. **Search.** Optuna's multi-objective TPE sampler (seeded) proposes up to `max_changes`
   changes among the kept cells; each proposal plays the same seeds as every other (common
   random numbers, so a difference between proposals is not the luck of the draw), and is
   scored on three objectives: the largest miss from a target, the number of changes and
   their size. Optuna models which changes score well and proposes more like them; beside
   its proposals, each round tries the combination a regression of the win rates on the
   changes played so far predicts nearest the targets (sim/surrogate.py). Trials are asked a
   few at a time, so their games play side by side on any executor.
3. **Verification.** The best proposals (the Pareto front, fewest misses first) play fresh
   seeds, `verify` games per seat order: the win rates they are reported with, each with its
   95% interval, come from games the search never saw, beside what the regression predicted.

Optuna rather than a hand-written search: a maintained sampler for mixed categorical and
numeric choices with several objectives, seeded, with an ask-and-tell interface that lets
the games of several trials play at once.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import polars as pl

from ..cards.problems import CardDataError
from ..cards.spec import _read_checks
from ..core.errors import SetupError, shortened
from ..core.registry import get_game
from ..core.seeds import Seeds, check_seed
from . import guard
from .balance import chosen_mode
from .executors import run_batches
from .keys import apply, key_label, parse_key
from .paths import placed
from .rebalance_measure import TOLERANCE, Measure
from .simulate import frame, prepare
from .surrogate import Surrogate
from .sweep import default_bots

MODES = {  # games per seat order: screening, search, verification; search trials; cells kept
    "full": {"screen": 400, "games": 600, "verify": 4000, "trials": 80, "keep": 8},
    "fast": {"screen": 100, "games": 150, "verify": 400, "trials": 12, "keep": 4},
}
ASK = 4  # trials asked at once: their games play side by side


@dataclass
class Rebalance:
    """What `rebalance()` found: `proposals` (ranked: the changes, each target's verified win
    rate with its 95% interval, the largest miss and whether every target is reached),
    `screening` (how far each cell's step moved the win rates toward the targets), `trials`
    (every search trial) and `message` (in words). `cards(i)` is proposal i's CardSet."""

    game: str
    targets: dict
    message: str
    proposals: pl.DataFrame
    screening: pl.DataFrame
    trials: pl.DataFrame
    games: int
    stopped: str
    base_cards: object = None
    _changes: list = field(default_factory=list)
    # How the proposals were verified: (seed stream, games per seat order, each order's
    # setup, rules, bots), for `match`.
    _verified: tuple = ()

    def cards(self, i: int = 0):
        """The cards of proposal `i` (0: the best), ready to play or save."""
        cards = self.base_cards
        for key, value in self._changes[i]:
            cards = cards.set(key.table, key.card, key.column, value)
        return cards

    def match(self, i: int = 0, k: int = 0):
        """The `k`-th of the fresh games proposal `i` was verified on, as a match to step
        through (the first seat order's games, then the next's): `.auto()` plays it out,
        `.widget()` shows it."""
        from ..core.match import Match
        from ..core.seeds import game_seeds

        if not 0 <= i < len(self._changes):
            raise SetupError(
                f"match: proposal {i} does not exist; there are "
                f"{len(self._changes)} (0 is the first)"
            )
        stream, n, setups, rules, bots = self._verified
        if not 0 <= k < n * len(setups):
            raise SetupError(
                f"match: proposal {i} was verified on {n * len(setups)} games, "
                f"numbered from 0, not a game {k}"
            )
        return Match(
            self.game,
            seed=game_seeds(stream, n)[k % n],
            cards=self.cards(i),
            rules=rules,
            bots=bots,
            setup=setups[k // n],
        )

    def apply_to(self, editor, i: int = 0):
        """Make proposal `i`'s changes in a card editor (a CardEditor or its EditSession) as
        one change, undone with one undo; the editor's new cards."""
        from ..widgets.editor_logic import change_in_editor

        def change(cards):
            for key, value in self._changes[i]:
                cards = cards.set(key.table, key.card, key.column, value)
            return cards

        words = self.proposals["changes"][i]
        return change_in_editor(editor, change, f"rebalance proposal {i + 1}: {words}")

    def chart(self):
        """Each proposal's verified win rates with their 95% intervals, the targets dashed."""
        from ..charts.sim import rates_chart

        rows, left_out = [], []
        for r in self.proposals.iter_rows(named=True):
            if r["games counted"] == 0:  # no rate to draw: an interval of 0 to 100%
                left_out.append(str(r["rank"]))
                continue
            for who in self.targets:
                label = f"{r['rank']}. {r['changes']}"
                rows.append(
                    {
                        "label": label,
                        "group": who,
                        "rate": r[f"{who} wins"],
                        "low": r[f"{who} from"],
                        "high": r[f"{who} to"],
                    }
                )
        note = f"left out, with no decided game: proposal {', '.join(left_out)}"
        return rates_chart(
            rows,
            x_title="share of decided games on fresh seeds (lines: 95% intervals)",
            lines=list(self.targets.values()),
            title="Each proposal's win rates against the targets",
            subtitle=note if left_out else None,
            group_title="wins of",
            side_by_side=True,
        )

    def __repr__(self) -> str:
        return f"Rebalance of {self.game} ({self.games:,} games): {self.message}"


def rebalance(
    game,
    targets: dict | None = None,
    stats=None,
    *,
    max_changes: int = 3,
    limits: dict | None = None,
    mode: str | None = None,
    seed=0,
    cards=None,
    rules=None,
    executor="processes",
    progress: bool = True,
    stop=None,
    **setup,
) -> Rebalance:
    """Proposals of at most `max_changes` card changes that bring win rates to `targets`.

    `targets` maps a side ("Red"), a seat ("seat 1") or "the party" to a win rate: for sides
    and seats their share of decided games, every seat order of the sides played (default:
    every side, or every seat, at 0.5; a cooperative or solo game's party at 0.5).
    `stats` are the cells it may change: "<table>.<card>.<column>" keys, or "<table>.<column>"
    for that column of every card (default: every whole-number column of every table). Each
    stays within its column's schema and within `limits` ({key: (low, high)}) if given.
    `mode` "full" plays at most a few minutes of compiled games on a seed design, "fast" about a
    minute (WORKBENCH_BALANCE=fast makes it the default). Ctrl+C or `stop` returns the best
    proposals so far. The same arguments give the same proposals on any executor. Each
    proposal is shown with the largest miss a regression of the played games predicted for
    it (sim/surrogate.py) beside the one verified."""
    g = get_game(game)
    budget = MODES[chosen_mode(mode)]
    max_changes = guard.whole(max_changes, "max_changes", 1)
    guard.flags(progress=progress)
    seed = check_seed(seed)
    base = prepare(g.name, cards, rules, default_bots(g), None, setup)
    measure = Measure(g, base, targets)
    cells = _cells(g, base.cards, stats, {} if limits is None else limits)
    games = _Games(g, base, measure, placed(base, executor), progress, stop)

    # 1. Screening: a step each way for every cell.
    moves = [(cell, v) for cell in cells for v in cell.steps()]
    (start,), complete = games.play([[]], budget["screen"], seed)
    screened, complete2 = games.play([[(c.key, v)] for c, v in moves], budget["screen"], seed)
    complete = complete and complete2
    screening = _screening(moves, screened, measure, measure.miss(start))
    kept = _kept(screening, cells, budget["keep"])

    # 2. Search among the kept cells.
    search = _Search(games, measure, kept, max_changes, budget, seed)
    search.fit_screening(start, moves, screened)
    complete = search.run(complete)
    fitted = search.surrogate.fit()

    # 3. Verification of the best on fresh seeds.
    front = _front(search.found)
    verified, _ = (
        games.play([list(c) for c in front], budget["verify"], seed + 1)
        if (front and complete)
        else ([], False)
    )
    rows = [
        search.row(changes, rates, fitted)
        for changes, rates in zip(front, verified, strict=False)
        if rates is not None
    ]
    proposals_frame, changes_in_order = _ranked(rows, front)
    stopped = "stopped" if not complete else "game budget spent"
    message = _message(proposals_frame, measure.targets, max_changes, stopped)
    return Rebalance(
        g.name,
        measure.targets,
        message,
        proposals_frame,
        screening,
        pl.DataFrame(search.trials),
        games.played,
        stopped,
        base.cards,
        changes_in_order,
        (
            seed + 1,
            budget["verify"],
            [b.setup for b in measure.batches(base.cards)],
            base.rules,
            base.bots,
        ),
    )


class _Games:
    """Plays proposals (each a list of card changes) on the same seeds, every seat order,
    counting the games `played`."""

    def __init__(self, g, base, measure, executor, progress: bool, stop):
        self.g, self.base, self.measure = g, base, measure
        self.executor, self.progress, self.stop = executor, progress, stop
        self.played = 0

    def play(self, candidates, n, stream) -> tuple[list, bool]:
        """(each candidate's counts (Measure.counts), None for one the cards refuse; whether
        every game was played)."""
        base, measure = self.base, self.measure
        jobs = []
        for i, changes in enumerate(candidates):
            try:
                cards_i, _ = apply(
                    [k for k, _ in changes],
                    tuple(v for _, v in changes),
                    base.cards,
                    base.rules,
                    self.g,
                )
            except (CardDataError, SetupError):
                continue  # a combination the cards refuse is scored as missing everything
            for j, batch in enumerate(measure.batches(cards_i)):
                jobs.append(((i, j), batch, Seeds(stream, n)))
        results, complete = run_batches(
            jobs,
            "serial" if self.executor is None else self.executor,
            progress=self.progress,
            stop=self.stop,
        )
        rows: list = [[] for _ in candidates]
        for (i, j), rows_ij in results.items():
            rows[i].append((j, frame(rows_ij)))
            self.played += len(rows_ij)
        return [measure.rates(r) if r else None for r in rows], complete


def _screening(moves, screened, measure, before: float) -> pl.DataFrame:
    """A row per screening step the cards accepted: how far it brought the largest miss
    from a target down from `before`, the design's own."""
    return pl.DataFrame(
        [
            {
                "stat": c.key.text,
                "in words": key_label(c.key.text),
                "from": c.now,
                "to": v,
                "largest miss": measure.miss(r),
                "closer by": before - measure.miss(r),
            }
            for (c, v), r in zip(moves, screened, strict=True)
            if r is not None
        ],
        schema={
            "stat": pl.String,
            "in words": pl.String,
            "from": pl.Int64,
            "to": pl.Int64,
            "largest miss": pl.Float64,
            "closer by": pl.Float64,
        },
    )


def _kept(screening: pl.DataFrame, cells: list, keep: int) -> list:
    """The `keep` cells whose best screening step brought the win rates closest."""
    best_gain = (
        screening.group_by("stat")
        .agg(pl.col("closer by").max())
        .sort(["closer by", "stat"], descending=[True, False])
    )
    kept_names = best_gain["stat"].head(keep).to_list()
    return [c for c in cells if c.key.text in kept_names]


class _Search:
    """Optuna's search among the kept cells, a few trials at a time, each round beside the
    combination the regression (`surrogate`) predicts nearest the targets: `found`
    (changes -> (counts, largest miss)) and `trials` (a row per trial)."""

    def __init__(self, games, measure, kept, max_changes, budget, seed):
        self.games, self.measure, self.kept = games, measure, kept
        self.max_changes, self.budget, self.seed = max_changes, budget, seed
        self.by_name = {c.key.text: c for c in kept}
        self.surrogate = Surrogate(self.by_name, measure.targets)
        self.found: dict[tuple, tuple] = {}
        self.trials: list[dict] = []

    def fit_screening(self, start, moves, screened) -> None:
        # The screening's games fit the regression first; every trial's games refine it. Its
        # games are fewer than a trial's, so they are weighted as what they are: counts.
        self.surrogate.add([], start)
        for (cell, value), counts in zip(moves, screened, strict=True):
            self.surrogate.add([(cell.key, value)], counts)

    def run(self, complete: bool) -> bool:
        """Play up to the budget's trials, none once a stop was asked for (`complete`
        False); whether every game was played."""
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        with warnings.catch_warnings():  # multivariate TPE: stable in use, marked experimental
            warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
            sampler = optuna.samplers.TPESampler(
                seed=self.seed % 2**32,
                multivariate=True,
                n_startup_trials=min(8, self.budget["trials"]),
            )
        study = optuna.create_study(directions=["minimize"] * 3, sampler=sampler)
        choices = ["none"] + [c.key.text for c in self.kept]
        done = 0
        while complete and self.kept and done < self.budget["trials"]:
            pick = (
                self.surrogate.best(self.max_changes, self.found) if self.surrogate.fit() else None
            )
            if pick is not None:
                study.enqueue_trial(_params(pick, self.max_changes, self.by_name))
            asked = [study.ask() for _ in range(min(ASK, self.budget["trials"] - done))]
            proposals = [_proposal(t, self.max_changes, choices, self.by_name) for t in asked]
            scored, complete = self.games.play(proposals, self.budget["games"], self.seed)
            for at, (trial, changes, rates) in enumerate(
                zip(asked, proposals, scored, strict=True)
            ):
                self._tell(
                    study, trial, changes, rates, "regression" if pick and at == 0 else "Optuna"
                )
            done += len(asked)
        return complete

    def row(self, changes, counts, fitted: bool) -> dict:
        """A verified proposal's row (Measure.row), with the largest miss the regression
        predicted for it when it could be fitted."""
        size = sum(self.by_name[k.text].size(v) for k, v in changes)
        row = self.measure.row(changes, counts, _words(changes), size)
        row["predicted largest miss"] = self.surrogate.miss(changes) if fitted else None
        return row

    def _tell(self, study, trial, changes, rates, proposed_by: str) -> None:
        miss = self.measure.miss(rates)
        size = sum(self.by_name[k.text].size(v) for k, v in changes)
        study.tell(trial, [miss, len(changes), size])
        self.found.setdefault(tuple(changes), (rates, miss))
        self.surrogate.add(changes, rates)
        self.trials.append(
            {
                "trial": trial.number,
                "changes": _words(changes),
                "number of changes": len(changes),
                "size": size,
                "largest miss": miss,
                "proposed by": proposed_by,
            }
        )


def _front(found: dict) -> list[tuple]:
    """The proposals to verify: the design as it is, then the best of each number of
    changes, then the next best up to three."""
    ranked = sorted(found.items(), key=lambda kv: (round(kv[1][1], 3), len(kv[0])))
    front, seen_counts = [], set()
    for changes, _ in ranked:  # the best of each number of changes, then the rest
        if len(changes) not in seen_counts and changes:
            front.append(changes)
            seen_counts.add(len(changes))
    front += [c for c, _ in ranked if c and c not in front][: max(0, 3 - len(front))]
    front.insert(0, ())  # the design as it is, verified beside the proposals
    return front


def _ranked(rows: list[dict], front: list[tuple]) -> tuple[pl.DataFrame, list]:
    """(the verified proposals ranked, each proposal's changes in that order)."""
    # Of the proposals that reach the targets, the fewest changes first.
    proposals_frame = (
        pl.DataFrame(rows).sort(
            ["reached", "number of changes", "largest miss"], descending=[True, False, False]
        )
        if rows
        else pl.DataFrame()
    )
    order = [tuple(r) for r in front]
    changes_in_order = []
    if rows:
        by_words = {_words(c): c for c in order}
        changes_in_order = [list(by_words[w]) for w in proposals_frame["changes"]]
        proposals_frame = proposals_frame.with_row_index("rank", offset=1)
    return proposals_frame, changes_in_order


def _proposal(trial, max_changes, choices, by_name) -> list:
    """Trial's changes: for each slot a cell (or none) and where in its range it goes; a cell
    chosen twice keeps its first value."""
    changes, used = [], set()
    for slot in range(max_changes):
        name = trial.suggest_categorical(f"stat {slot + 1}", choices)
        where = trial.suggest_float(f"value {slot + 1}", -1.0, 1.0)
        if name == "none" or name in used:
            continue
        used.add(name)
        cell = by_name[name]
        value = cell.at(where)
        if value != cell.now:
            changes.append((cell.key, value))
    return sorted(changes, key=lambda kv: kv[0].text)


def _params(changes, max_changes, by_name) -> dict:
    """The trial parameters _proposal reads back as `changes`."""
    params = {}
    for slot in range(max_changes):
        if slot < len(changes):
            key, value = changes[slot]
            cell = by_name[key.text]
            params[f"stat {slot + 1}"] = key.text
            params[f"value {slot + 1}"] = (value - cell.now) / cell.span
        else:
            params[f"stat {slot + 1}"], params[f"value {slot + 1}"] = "none", 0.0
    return params


def _words(changes) -> str:
    return (
        "; ".join(f"cards.set({k.table!r}, {k.card!r}, {k.column!r}, {v})" for k, v in changes)
        or "no change"
    )


class _Cell:
    """One card cell the search may change: its key, value now, the range it may take and
    `peer`, the middle value of its column (what the other cards have), if it has one."""

    def __init__(self, key, now: int, low: int, high: int, peer: int | None = None):
        self.key, self.now, self.low, self.high = key, now, low, high
        self.span = max(2, abs(now))  # how far a change may go: up to double or to zero
        # Within the range a change may go, as every other point the search plays.
        self.peer = None if peer is None else min(self.at(1.0), max(self.at(-1.0), peer))

    def at(self, where: float) -> int:
        return min(self.high, max(self.low, self.now + round(where * self.span)))

    def steps(self) -> list[int]:
        """Half the way down and up, a move big enough to show through a lopsided design;
        and the column's middle value: a card far out of line with its peers (Sap at 30
        damage where most cards deal 3) may change nothing until it is brought back near
        them, which half its own value would not show."""
        return sorted(
            {v for v in (self.at(-0.5), self.at(0.5), self.peer) if v is not None and v != self.now}
        )

    def size(self, value: int) -> float:
        return abs(value - self.now) / self.span


def _cells(g, cards, stats, limits: dict) -> list[_Cell]:
    if stats is None:
        stats = [
            f"{t}.{c}"
            for t, spec in cards.specs.items()
            for c, dtype in cards[t].schema.items()
            if dtype.is_integer() and c != spec.key
        ]
    if not isinstance(limits, dict):
        raise SetupError(
            f"limits: give a dict of key -> (lowest, highest), not {shortened(repr(limits))}"
        )
    if isinstance(stats, str) or not hasattr(stats, "__iter__"):
        raise SetupError(
            f"stats: give a list of keys such as 'cards.Sap.damage' or "
            f"'cards.damage', not {shortened(repr(stats))}"
        )
    out = []
    for text in stats:
        if not isinstance(text, str):
            raise SetupError(f"stats: {text!r} is not a key such as 'cards.Sap.damage'")
        table, _, column = text.partition(".")
        if table in cards.specs and column in cards[table].columns:  # a whole column
            key_of = cards.specs[table].key
            texts = [f"{table}.{name}.{column}" for name in cards[table][key_of]]
        else:
            texts = [text]
        for one in texts:
            key = parse_key(one, g, cards)
            if key.kind != "card":
                raise SetupError(f"stats: {one!r} is not a card's stat")
            now = cards.row(key.table, key.card)[key.column]
            if isinstance(now, bool) or not isinstance(now, int):
                continue  # a blank or a word: nothing to tune
            low, high = _bounds(cards.specs[key.table], key.column)
            numbers = cards[key.table][key.column].drop_nulls()
            peer = round(numbers.median()) if numbers.len() > 2 else None
            name = one if one in limits else f"{key.table}.{key.column}"
            given = limits.get(name)
            if given is not None:
                if (
                    not isinstance(given, list | tuple)
                    or len(given) != 2
                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in given)
                    or given[0] > given[1]
                ):
                    raise SetupError(
                        f"limits[{name!r}]: give (lowest, highest) as whole "
                        f"numbers, not {shortened(repr(given))}"
                    )
                low, high = max(low, given[0]), min(high, given[1])
                if not low <= now <= high:
                    raise SetupError(
                        f"limits[{name!r}]: {key.card}'s {key.column} is {now} "
                        f"now, outside {low} to {high}"
                    )
            out.append(_Cell(key, now, low, high, peer))
    if not out:
        raise SetupError("stats: no whole-number card stat to change")
    return out


def _bounds(spec, column: str) -> tuple[int, int]:
    """The whole numbers a column's schema allows (a side it leaves open: 0 and 99)."""
    col = spec.schema.columns[column]
    low, high, _, _ = _read_checks(col)
    lo = -math.inf if low is None else (low[0] if low[1] else low[0] + 1)
    hi = math.inf if high is None else (high[0] if high[1] else high[0] - 1)
    return int(max(lo, 0 if low is None else lo)), int(min(hi, 99 if high is None else hi))


def _message(proposals: pl.DataFrame, targets: dict, max_changes: int, stopped: str) -> str:
    want = ", ".join(f"{who} {rate:.0%}" for who, rate in targets.items())
    if proposals.is_empty():
        return f"No proposal was verified ({stopped}); nothing to say about reaching {want}."
    best = proposals.row(0, named=True)
    if best["reached"] and not best["number of changes"]:
        return f"The design as it is already reaches {want} within {TOLERANCE:.0%}."
    if best["reached"]:
        return (
            f"{best['number of changes']} change(s) reach {want} within "
            f"{TOLERANCE:.0%} on fresh games: {best['changes']}."
        )
    return (
        f"No proposal of at most {max_changes} change(s) within the limits reaches {want}; "
        f"the closest misses by {best['largest miss']:.1%}: {best['changes']}."
    )
