"""A balance report for any design: how often each seat and side wins, how games end, how long
they last and how tense they are, every figure with its 95% interval, and what a designer
should look at first, in words.

Each part plays until its figures are as precise as asked (the 95% interval at most
`precision` either side of the seat or party win rate, checked every 250 games, as
`sweep(precision=)` does) or its game budget is spent, and says which. Every seat order of the
sides plays the same seeds (common random numbers), so the same arguments give the same
report on any executor; Ctrl+C returns the report of the games played so far.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field

import polars as pl

from ..core.errors import SetupError
from ..core.registry import get_game
from ..core.seeds import check_seed
from . import guard
from .stats import Z95, wilson
from .sweep import default_bots, sweep, tension_by_default

# WORKBENCH_BALANCE=fast makes "fast" the default mode: small budgets, for a notebook checked
# in CI or a first look.
MODE_ENV = "WORKBENCH_BALANCE"


@dataclass(frozen=True)
class Budget:
    games: int  # most games per seat order for the game's own bots
    reference: int  # most games per seat order for the random bots
    precision: float  # the loosest precision the mode accepts
    ladder: int  # games per pair of rungs of the skill ladder (per rung, cooperative)
    restricted: int  # most games per seat of each card in restricted play


BUDGETS = {"full": Budget(4000, 2000, 0.02, 100, 200), "fast": Budget(500, 250, 0.05, 8, 12)}
FAIR_BAND = (0.35, 0.65)  # a side's share of decided games outside this is a balance problem


@dataclass
class BalanceReport:
    """What `balance()` found. Frames, each with words for what every row is:
    `findings` (ranked, most important first), `wins` (each seat and side), `outcomes`
    (first-player advantage, balance, draws, stalls, completion), `length` (decisions, turns
    and the tension measures), `parts` (games played, budget, why each part stopped and the
    seconds it took) and `games` (every game's row), and with the skill ladder `skill` (each
    rung against the one below, or each rung's party win rate) and `strength` (each rung's
    fitted strength with its interval), and with restricted play `restricted` (each card's
    worth to the seat or side that plays it). `to_html()` / `save(path)` give the report as one
    page."""

    game: str
    title: str
    bots: str
    precision: float
    mode: str
    seed: int
    findings: pl.DataFrame
    wins: pl.DataFrame
    outcomes: pl.DataFrame
    length: pl.DataFrame
    parts: pl.DataFrame
    games: pl.DataFrame
    skill: pl.DataFrame = field(default_factory=pl.DataFrame)
    strength: pl.DataFrame = field(default_factory=pl.DataFrame)
    restricted: pl.DataFrame = field(default_factory=pl.DataFrame)

    def to_html(self, *, page: bool = True) -> str:
        from .balance_view import html

        return html(self, page=page)

    def save(self, path) -> str:
        """Write the report as one HTML file (charts included, nothing fetched) to `path`."""
        from .balance_view import save

        return save(self, path)

    def _repr_html_(self) -> str:
        return self.to_html(page=False)

    def __repr__(self) -> str:
        games = int(self.parts["games"].sum()) if self.parts.height else 0
        first = self.findings["finding"][0] if self.findings.height else "nothing stands out"
        return f"BalanceReport of {self.title} ({games:,} games, seed {self.seed}): {first}"


def balance(
    game,
    *,
    cards=None,
    rules=None,
    bots=None,
    precision: float = 0.02,
    mode: str | None = None,
    skill: bool | None = None,
    restricted: bool | None = None,
    seed=0,
    executor="processes",
    progress: bool = True,
    stop=None,
    **setup,
) -> BalanceReport:
    """A BalanceReport of `game` as given (its cards, rules and setup): the game's heuristic
    bot in every seat (`bots` to choose others), every seat order of the sides the setup
    names, random bots as a reference. `mode` "full" (default) plays up to 4,000 games per
    seat order, "fast" up to 500 at a precision of at least 0.05 (the environment variable
    WORKBENCH_BALANCE=fast makes it the default). `skill` plays the bot ladder too (by
    default in full mode: 100 games per pair of rungs, minutes for a search bot played by the
    rules engine; 8 in fast mode). `restricted` plays restricted play too (by default where
    the game has a heuristic bot): each seat's or side's most played cards (12 in full mode,
    2 in fast), each banned from that seat's bot in turn, up to 200 games a seat (12 in fast
    mode), played by the game's kernel where it learns ban lists (Squad Combat's does), else
    by the rules engine; or a list of the names to test (cards, abilities or
    pieces as `Game.ban_name` gives them), for each seat or side that plays them."""
    g = get_game(game)
    mode = chosen_mode(mode)
    _check_precision(precision)
    restricted, only = _restricted_choice(restricted)
    guard.flags(progress=progress, skill_or_none=skill, restricted_or_none=restricted)
    if restricted and bots is not None:
        raise SetupError(
            "restricted: restricted play bans cards from the game's own bot, so "
            "it runs only with bots left unset"
        )
    if restricted is None:
        restricted = g.heuristic_bot() is not None and bots is None
    seed = check_seed(seed)  # drawn once (when None) for every part of the report
    budget = BUDGETS[mode]
    precision = max(float(precision), budget.precision) if mode == "fast" else float(precision)
    plan = _Plan(g, cards, rules, setup, seed, mode, budget, precision, executor, progress, stop)
    checked = g.check_setup(setup)
    seats = g.num_seats(checked)
    together = g.traits.cooperative or seats == 1
    sides = None if together else g.traits.sides
    orders = seat_orders(list(checked[sides])) if sides else [None]
    if sides and len(set(checked[sides])) < len(checked[sides]):
        sides = None  # a mirror match: the seats are all there is to compare
    vary = {f"setup.{sides}": orders} if sides and len(orders) > 1 else {}
    own = default_bots(g) if bots is None else bots
    runs = [("the game's bots" if bots is None else "the bots asked for", own, budget.games)]
    if own != "random":
        runs.append(("random bots (reference)", "random", budget.reference))
    order = _order(vary, checked, sides)
    frames, parts = _sweep_parts(plan, runs, vary, order, tension_by_default(g, seats), own)
    games = pl.concat(frames, how="diagonal_relaxed")
    interrupted = "interrupted" in {p["stopped"] for p in parts}
    pairs = strength = pl.DataFrame()
    if (mode == "full" if skill is None else skill) and not interrupted:
        pairs, strength, part = _skill_part(plan, together)
        parts.append(part)
    banned = pl.DataFrame()
    interrupted = interrupted or any(p["stopped"] == "interrupted" for p in parts)
    if restricted and not interrupted:
        banned, part = _restricted_part(plan, str(own), parts, games, sides, len(orders), only)
        parts.append(part)
    title = g.spec.title if getattr(g.spec, "title", None) else g.name
    report = BalanceReport(
        g.name,
        title,
        str(own),
        precision,
        mode,
        int(seed),
        pl.DataFrame(),
        _wins(games, seats, together, bool(sides)),
        _outcomes(games, together),
        _length(games),
        pl.DataFrame(parts),
        games,
        pairs,
        strength,
        banned,
    )
    from .balance_findings import findings

    report.findings = findings(report, together=together, sides=bool(sides))
    return report


@dataclass(frozen=True)
class _Plan:
    """What every part of a report plays with: the game, its cards, rules and setup as
    given, the seed, the mode and its budget, the precision, and where and how it plays."""

    g: object
    cards: object
    rules: object
    setup: dict
    seed: int
    mode: str
    budget: Budget
    precision: float
    executor: object
    progress: bool
    stop: object


def _check_precision(precision) -> None:
    if (
        not isinstance(precision, (int, float))
        or isinstance(precision, bool)
        or not (0 < precision < 0.5)
    ):
        raise SetupError(f"precision: give a half-width such as 0.02, not {precision!r}")


def _restricted_choice(restricted) -> tuple[bool | None, list[str] | None]:
    """(whether to play restricted play, None for the default; the cards it tests, when
    `restricted` names them)."""
    if not isinstance(restricted, (list, tuple)):
        return restricted, None
    only = list(restricted)
    if not only or not all(isinstance(c, str) for c in only):
        raise SetupError(
            f"restricted: give True, False or a list of card names to test, not {restricted!r}"
        )
    return True, only


def _part(name: str, orders: int, games: int, most: int, stopped: str, paths, started) -> dict:
    """A row of the report's `parts`: a part started at `started` (time.perf_counter) and
    done now."""
    return {
        "part": name,
        "seat orders": orders,
        "games": games,
        "most games": most,
        "stopped": stopped,
        "played by": ", ".join(sorted(set(paths))),
        "seconds": time.perf_counter() - started,
    }


def _order(vary: dict, checked: dict, sides):
    """Each game's seat order of the sides in words ("Red v Blue"), as an expression on the
    sweep's games: from the column `vary` sweeps, else the setup's one order."""
    key = next(iter(vary), None)
    if key:
        return pl.col(key).list.join(" v ")
    return pl.lit(" v ".join(checked[sides]) if sides else None, pl.String)


def _sweep_parts(plan: _Plan, runs, vary: dict, order, tension: bool, own) -> tuple[list, list]:
    """Each of `runs` (name, bots, most games per seat order) swept over `vary`, until one is
    interrupted: (its games, each labelled with its seat order `order` and its bots' name;
    its row of the report's parts)."""
    frames, parts = [], []
    for name, who, cap in runs:
        started = time.perf_counter()
        summary, rows = sweep(
            plan.g.name,
            vary,
            cap,
            seed=plan.seed,
            cards=plan.cards,
            rules=plan.rules,
            bots=who,
            executor=plan.executor,
            precision=plan.precision,
            progress=plan.progress,
            games=True,
            tension=tension and who == own,
            stop=plan.stop,
            **plan.setup,
        )
        frames.append(rows.with_columns(order=order, bots=pl.lit(name)))
        status = summary["status"].to_list()
        parts.append(
            _part(
                name,
                summary.height,
                rows.height,
                cap * summary.height,
                _why_stopped(status),
                summary["played_by"].to_list(),
                started,
            )
        )
        if "interrupted" in status:
            break
    return frames, parts


def _skill_part(plan: _Plan, together: bool) -> tuple[pl.DataFrame, pl.DataFrame, dict]:
    """The skill ladder: (each pair of rungs, each rung's strength, its row of the parts)."""
    from .balance_skill import ladder

    started = time.perf_counter()
    pairs, strength, why, paths = ladder(
        plan.g,
        cards=plan.cards,
        rules=plan.rules,
        setup=plan.setup,
        seed=plan.seed,
        games=plan.budget.ladder,
        executor=plan.executor,
        together=together,
    )
    matchups = len(plan.g.bot_ladder()) - (0 if together else 1)
    games = int(pairs["games"].sum()) if pairs.height else 0
    most = plan.budget.ladder * matchups
    part = _part("skill ladder", 1 if together else 2, games, most, why, paths, started)
    return pairs, strength, part


def _restricted_part(plan: _Plan, bots: str, parts, games, sides, orders: int, only):
    """Restricted play beside the report so far (its `parts` and `games`): (a row per seat
    or side and card, its row of the parts). `orders` is how many seat orders the sides
    have."""
    from .balance_restricted import restricted_play

    started = time.perf_counter()
    so_far = BalanceReport(
        plan.g.name,
        "",
        bots,
        plan.precision,
        plan.mode,
        int(plan.seed),
        pl.DataFrame(),
        pl.DataFrame(),
        pl.DataFrame(),
        pl.DataFrame(),
        pl.DataFrame(parts),
        games,
    )
    banned, why, paths = restricted_play(
        plan.g,
        so_far,
        cards=plan.cards,
        rules=plan.rules,
        setup=plan.setup,
        sides=sides,
        seed=plan.seed,
        games=plan.budget.restricted,
        mode=plan.mode,
        precision=plan.precision,
        executor=plan.executor,
        progress=plan.progress,
        stop=plan.stop,
        only=only,
    )
    played = int(banned["games"].sum()) if banned.height else 0
    most = plan.budget.restricted * banned.height * (orders if sides else 1)
    part = _part("restricted play", orders, played, most, why, paths, started)
    return banned, part


def chosen_mode(mode: str | None) -> str:
    """The budget mode asked for, else the environment's (WORKBENCH_BALANCE), else "full"."""
    mode = mode or os.environ.get(MODE_ENV) or "full"
    if mode not in BUDGETS:
        raise SetupError(f"mode: 'full' or 'fast', not {mode!r}")
    return mode


def seat_orders(sides: list[str]) -> list[list[str]]:
    """Every rotation of the sides over the seats (two sides: both orders); a mirror match
    has one."""
    out = []
    for k in range(len(sides)):
        order = sides[k:] + sides[:k]
        if order not in out:
            out.append(order)
    return out


def _why_stopped(status: list[str]) -> str:
    if "interrupted" in status:
        return "interrupted"
    if all(s == "precise" for s in status):
        return "precise enough"
    if all(s == "done" for s in status):
        return "game budget spent"
    return "precise enough for some seat orders, game budget spent for others"


def _rate(label: str, kind: str, bots: str, wins: int, n: int, decided: int) -> dict:
    low, high = wilson(wins, n)
    d_low, d_high = wilson(wins, decided)
    return {
        "bots": bots,
        "who": label,
        "kind": kind,
        "games": n,
        "wins": wins,
        "win_rate": wins / n if n else None,
        "ci_low": low,
        "ci_high": high,
        "decided_share": wins / decided if decided else None,
        "decided_low": d_low,
        "decided_high": d_high,
    }


def _wins(games: pl.DataFrame, seats: int, together: bool, sides: bool) -> pl.DataFrame:
    """A row per seat (and per side) and bots: wins of all games and share of decided games,
    each with its 95% interval. A cooperative or solo game has one row, the party."""
    rows = []
    for bots, part in games.group_by("bots", maintain_order=True):
        bots = bots[0]
        n = part.height
        if together:
            won = int((part["outcome"] == "win").sum())
            rows.append(_rate("the party" if seats > 1 else "the player", "party", bots, won, n, n))
            continue
        decided = int((part["winner"] >= 0).sum())
        for s in range(seats):
            rows.append(
                _rate(f"seat {s + 1}", "seat", bots, int((part["winner"] == s).sum()), n, decided)
            )
        if sides:
            won_by = part.select(
                pl.when(pl.col("winner") >= 0)
                .then(pl.col("order").str.split(" v ").list.get(pl.col("winner").clip(0)))
                .alias("side")
            )["side"]
            for side in part["order"][0].split(" v "):
                rows.append(_rate(side, "side", bots, int((won_by == side).sum()), n, decided))
    return pl.DataFrame(rows)


def _outcomes(games: pl.DataFrame, together: bool) -> pl.DataFrame:
    """First-player advantage, balance, draws, stalls and completion of each bots' games."""
    rows = []
    for bots, part in games.group_by("bots", maintain_order=True):
        bots, n = bots[0], part.height
        for what, count, meaning in (
            ("draws", int((part["outcome"] == "draw").sum()), "games nobody won"),
            (
                "stalls",
                int((part["outcome"] == "timeout").sum()),
                "games that hit the decision cap without ending",
            ),
            (
                "completion",
                int((part["outcome"] != "timeout").sum()),
                "games that ended by the rules",
            ),
        ):
            rows.append(_share(bots, what, count, n, meaning))
        if together:
            continue
        decided = part.filter(pl.col("winner") >= 0)
        if "first" in part.columns and decided.height:
            firsts = int((decided["winner"] == decided["first"]).sum())
            rows.append(
                _share(
                    bots,
                    "first player",
                    firsts,
                    decided.height,
                    "the share of decided games the player who went first won",
                )
            )
        if decided.height:
            won0 = int((decided["winner"] == 0).sum())
            rows.append(
                _balance(
                    bots,
                    "seat balance",
                    won0,
                    decided.height,
                    "1 when both seats win equally often, 0 when one always does",
                )
            )
    return pl.DataFrame(rows)


def _share(bots, what, count, n, meaning) -> dict:
    low, high = wilson(count, n)
    return {
        "bots": bots,
        "measure": what,
        "value": count / n if n else None,
        "ci_low": low,
        "ci_high": high,
        "games": n,
        "meaning": meaning,
    }


def _balance(bots, what, won0, decided, meaning) -> dict:
    """Ludii's Balance for two seats, 1 - |2q - 1| with q seat 1's share of decided games;
    its interval is the Wilson interval of q carried through (1 at its top when q's
    interval holds one half)."""
    low, high = wilson(won0, decided)
    q = won0 / decided

    def value(x):
        return 1 - abs(2 * x - 1)

    top = 1.0 if low <= 0.5 <= high else max(value(low), value(high))
    return {
        "bots": bots,
        "measure": what,
        "value": value(q),
        "ci_low": min(value(low), value(high)),
        "ci_high": top,
        "games": decided,
        "meaning": meaning,
    }


LENGTH = {
    "length": "decisions per game",
    "turns": "turns per game",
    "rounds": "rounds per game",
    "lead_changes": "lead changes per game",
    "decisiveness": "decisiveness (the closing share of the game the winner led)",
    "drama": "drama (how far behind the winner was, on average)",
}


def _length(games: pl.DataFrame) -> pl.DataFrame:
    """Mean (95% interval), median and 10th/90th percentiles of each length and tension
    measure, for each bots' games."""
    rows = []
    for bots, part in games.group_by("bots", maintain_order=True):
        for column, words in LENGTH.items():
            if column not in part.columns:
                continue
            values = part[column].drop_nulls().cast(pl.Float64)
            if values.is_empty():
                continue
            mean, sd, n = float(values.mean()), float(values.std() or 0.0), values.len()
            half = Z95 * sd / math.sqrt(n) if n > 1 else 0.0
            rows.append(
                {
                    "bots": bots[0],
                    "measure": words,
                    "column": column,
                    "games": n,
                    "mean": mean,
                    "ci_low": mean - half,
                    "ci_high": mean + half,
                    "p10": float(values.quantile(0.1, "nearest")),
                    "median": float(values.quantile(0.5, "nearest")),
                    "p90": float(values.quantile(0.9, "nearest")),
                }
            )
    return pl.DataFrame(rows)
