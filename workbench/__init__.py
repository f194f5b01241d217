"""workbench: card tables, step-through play, exact dice and what-if analysis for tabletop
game designers, in the notebook.

    import workbench as wb
    m = wb.play("coop", seed=1, players=3, bots={0: "heuristic", 1: "heuristic", 2: "heuristic"})
    m.auto(); m.result
    wb.simulate("coop", 1000, seed=0, players=3)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from . import _loaded
from . import games as _games
from ._lazy import defer_iri_grammar as _defer_iri_grammar
from ._lazy import lazy_attributes as _lazy_attributes
from .core.registry import add_finder as _add_finder
from .core.registry import get_design as _get_design
from .core.registry import get_game as _get_game

# Before any game loads: every workbench module is noted as it finishes loading, so that a
# compiled kernel can tell the rules it was checked against from rules replaced since
# (core/stamps.py).
_loaded.install()
# A first chart imports jsonschema (through Altair), whose import would otherwise compile a
# grammar that no chart's validation uses, for most of a second (_lazy.defer_iri_grammar).
_defer_iri_grammar()

if TYPE_CHECKING:
    from .cards import CardDataError, CardSet
    from .core import (
        Action,
        IllegalAction,
        Match,
        MatchFileError,
        SetupError,
        UnknownGame,
        list_designs,
        list_games,
        load_match,
    )
    from .sim import (
        BalanceReport,
        Hunt,
        KernelAside,
        KernelMismatch,
        Rebalance,
        balance,
        hunt,
        rebalance,
        sensitivity,
        simulate,
        solve,
        sweep,
    )

# The engine finds built-in games through this hook, so it never imports the games package and
# asking for one game imports only that one.
_add_finder(_games)

# Names load on first use. Card tables bring polars and pandera, and the simulation layer more
# still; the engine's names wait too, so `import workbench.dice` (which passes through here)
# does not load matches, bots and views before a designer's first dice answer.
__getattr__, __dir__ = _lazy_attributes(
    __name__,
    {
        ".cards": ["CardDataError", "CardSet"],
        ".core": [
            "Action",
            "IllegalAction",
            "Match",
            "MatchFileError",
            "SetupError",
            "UnknownGame",
            "list_designs",
            "list_games",
            "load_match",
        ],
        ".sim": [
            "BalanceReport",
            "Hunt",
            "KernelAside",
            "KernelMismatch",
            "Rebalance",
            "balance",
            "hunt",
            "rebalance",
            "sensitivity",
            "simulate",
            "solve",
            "sweep",
        ],
    },
)

__version__ = "0.1.0"


def load_cards(design: str, path=None) -> CardSet:
    """A design's card tables: the shipped ones, the CSVs in folder `path`, or the sheets of
    the spreadsheet file `path` (.xlsx or .ods, a sheet per table)."""
    return _get_design(design).load_cards(path)


def play(game: str, *, seed: int = 0, cards=None, rules=None, bots=None, **setup) -> Match:
    """Start a match. `bots` maps seats (from 0) to "random", "heuristic" or a callable."""
    from .core import Match

    return Match(game, seed=seed, cards=cards, rules=rules, bots=bots, setup=setup)


def rules(game: str) -> list[dict]:
    """The rule variants of a game: key, default, allowed values and bounds, the rule it
    resolves and what each means."""
    return [v.describe() for v in _get_game(game).variants]


def rules_text(design: str, rule_id: str) -> str:
    """One rule of a design's rules document, e.g. rules_text("coop", "R-16"): the text that
    reasons and log lines citing "[R-16]" point to."""
    return _get_design(design).rules_text(rule_id)


def rules_document(design: str):
    """A design's whole rules document to show in a notebook, folded under one line that
    opens it. It is shown from the kernel, so it reads the same in JupyterLab and in Voila:
    Voila serves no files beside a notebook, and refuses a link to rules.md (403)."""
    from IPython.display import Markdown

    found = _get_design(design)
    path = found.rules_path()
    if path is None:
        raise ValueError(f"{design} ships no rules document")
    try:
        shown = path.relative_to(Path(__file__).parent.parent).as_posix()
    except ValueError:
        shown = str(path)
    # Headings become bold lines: the notebook's table of contents lists headings found in
    # outputs too, and this document's would crowd out the notebook's own.
    lines, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        fenced ^= line.startswith("```")
        heading = None if fenced else re.match(r"#{1,6}\s+(.*)", line)
        lines.append(f"**{heading[1].strip()}**" if heading else line)
    body = "\n".join(lines)
    return Markdown(
        f"<details><summary>The rules of {found.title} ({shown})</summary>\n\n{body}\n\n</details>"
    )


def why_illegal(match, action, seat: int | None = None) -> str | None:
    """Why `action` (an Action or a label, typed as loosely as Match.step takes it) cannot be
    played now in `match` (a Match, or a game's State), with the rule that forbids it, e.g.
    why_illegal(m, "Play Reckless Charge with Vell"); None when it can."""
    from .core import Match
    from .core.legality import why_illegal as problem

    if isinstance(match, Match):
        return match.why_illegal(action, seat)
    found = problem(match, action, seat)
    return None if found is None else str(found)


def setup_options(game: str) -> list[dict]:
    """The setup options of a game: key, default, allowed values and what each means."""
    return [o.describe() for o in _get_game(game).spec.options]


__all__ = [
    "Action",
    "BalanceReport",
    "CardDataError",
    "CardSet",
    "Hunt",
    "IllegalAction",
    "KernelAside",
    "KernelMismatch",
    "Match",
    "MatchFileError",
    "Rebalance",
    "SetupError",
    "UnknownGame",
    "balance",
    "hunt",
    "list_designs",
    "list_games",
    "load_cards",
    "load_match",
    "play",
    "rebalance",
    "rules",
    "rules_document",
    "rules_text",
    "sensitivity",
    "setup_options",
    "simulate",
    "solve",
    "sweep",
    "why_illegal",
]
