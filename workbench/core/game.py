"""The contract between the engine and a game: `Game` (static: name, seats, tables, rule
variants) and `State` (one position, mutated in place by its own rules)."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from importlib import import_module
from typing import Any, ClassVar

from .actions import Action
from .chance import Chance
from .errors import SetupError

# Values of State.to_move that are not seats.
CHANCE = -1
TERMINAL = -2


@dataclass(frozen=True)
class Variant:
    """A rule variant: one RESOLUTION of the rules file that a designer can switch.

    `key` is the rules file's variant key (e.g. "coop.placement"); `choices` lists the allowed
    values, or is None when any value of the default's type is allowed.
    """

    key: str
    default: Any
    doc: str
    rule: str = ""
    choices: tuple | None = None

    @property
    def short(self) -> str:
        return self.key.split(".", 1)[-1]

    def check(self, value):
        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise SetupError(
                    f"rule variant {self.key!r}: {value!r} is not allowed; choose one of {allowed}"
                )
            return value
        kind = type(self.default)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SetupError(
                f"rule variant {self.key!r}: {value!r} is not allowed; "
                f"expected a {kind.__name__} like {self.default!r}"
            )
        return value


class State:
    """One position of a game. Subclasses implement the rules.

    Who decides next is `to_move`: a seat number (0-based), CHANCE or TERMINAL. Any seat may
    be asked at any point, which is how reactions inside another player's move work (a denial
    window asks the inactive seat, then play returns to the mover). Simultaneous choices are
    asked one seat at a time with `Action.secret` set, and the state keeps them hidden in
    `observation` until it reveals them.
    """

    num_seats: int

    # -- who moves -------------------------------------------------------------------
    @property
    def to_move(self) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def over(self) -> bool:
        return self.to_move == TERMINAL

    # -- chance ----------------------------------------------------------------------
    def chance(self) -> Chance:  # pragma: no cover - abstract
        """The pending random event; only called when to_move == CHANCE."""
        raise NotImplementedError

    def apply_chance(self, outcome) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- decisions -------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:  # pragma: no cover - abstract
        raise NotImplementedError

    def apply(self, action: Action) -> None:  # pragma: no cover - abstract
        """Apply a legal action. Callers check legality first (see core.rules.check)."""
        raise NotImplementedError

    def candidates(self) -> list[Action]:
        """Actions a person might try now, legal or not, so views can show disabled buttons
        and typed labels can be explained. Defaults to the legal ones."""
        return self.legal_actions()

    def explain(self, action: Action) -> tuple[str, str] | None:
        """(rule, plain-words reason) why `action` is illegal now, or None if the game has no
        more specific reason than "not a legal action"."""
        return None

    # -- information -----------------------------------------------------------------
    def observation(self, seat: int | None) -> dict:
        """What `seat` can see, as plain data; None means the whole table (spectator)."""
        return {}

    def result(self) -> dict | None:
        """None while the game goes on; then {"outcome": str, "winners": [seats], ...}."""
        return None

    def hidden_choices(self) -> set[int]:
        """Seats whose secret choice is made but not yet revealed; views keep those choices
        out of other seats' logs until the state reveals them."""
        return set()

    def stats(self) -> dict:
        """Extra per-game numbers for simulations (rounds, battles won, ...)."""
        return {}

    def clone(self) -> State:
        return copy.deepcopy(self)


class Game:
    """A registered game design. Subclasses set the class attributes and `new_state`."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    variants: ClassVar[tuple[Variant, ...]] = ()
    # The module holding the game's card tables (TABLES) and, if it has one,
    # cross_check(cards); imported on first use, so registering a game loads no schemas.
    cards_module: ClassVar[str | None] = None
    rules_file: ClassVar[str] = ""
    # How long a random playout may take before the conformance suite calls it stuck.
    max_decisions: ClassVar[int] = 100_000

    # -- cards -----------------------------------------------------------------------
    @property
    def tables(self) -> dict:
        return import_module(self.cards_module).TABLES if self.cards_module else {}

    def cross_check(self, cards) -> list:
        check = getattr(import_module(self.cards_module), "cross_check",
                        None) if self.cards_module else None
        return check(cards) if check else []

    def __getstate__(self):
        # The cached shipped cards stay behind: a batch sent to workers carries its own cards.
        state = dict(self.__dict__)
        state.pop("_default_cards", None)
        return state

    def load_cards(self, path=None):
        from ..cards import data_dir, load

        directory = data_dir(self.name) if path is None else path
        if path is None:
            # The shipped tables are read once per process (CardSets are immutable); a changed
            # file on disk is noticed by its modification time.
            key = tuple(sorted((f.name, f.stat().st_mtime_ns) for f in directory.glob("*.csv")))
            cached = self.__dict__.get("_default_cards")
            if cached is not None and cached[0] == key:
                return cached[1]
            cards = load(self.tables, directory, game=self.name, cross_check=self.cross_check)
            self.__dict__["_default_cards"] = (key, cards)
            return cards
        return load(self.tables, directory, game=self.name, cross_check=self.cross_check)

    # -- rules -----------------------------------------------------------------------
    def default_rules(self) -> dict:
        return {v.key: v.default for v in self.variants}

    def resolve_rules(self, rules: dict | None) -> dict:
        """Full variant dict from a partial one; keys may omit the game prefix."""
        resolved = self.default_rules()
        by_key = {v.key: v for v in self.variants}
        by_short = {v.short: v for v in self.variants}
        for key, value in (rules or {}).items():
            variant = by_key.get(key) or by_short.get(key)
            if variant is None:
                known = ", ".join(sorted(by_key)) or "none"
                raise SetupError(
                    f"{self.name} has no rule variant {key!r}; its variants are: {known}"
                )
            resolved[variant.key] = variant.check(value)
        return resolved

    def normalize_setup(self, setup: dict) -> dict:
        """Check setup options and fill defaults; raise SetupError naming the option."""
        if setup:
            raise SetupError(f"{self.name} takes no setup options, got {sorted(setup)}")
        return {}

    def num_seats(self, setup: dict) -> int:
        return self.min_seats

    def seat_names(self, setup: dict) -> list[str]:
        return [f"Seat {i + 1}" for i in range(self.num_seats(setup))]

    def new_state(self, cards, rules: dict, setup: dict) -> State:  # pragma: no cover
        raise NotImplementedError

    def play_batch(self, cards, rules: dict, setup: dict, bots: dict, max_decisions: int,
                   seeds):
        """Play many games at once without the rules engine, or None to let the engine play.

        A game may compile its rules for sweeps. It returns a polars frame with exactly the
        rows `simulate` gets from the engine for the same seeds (one per seed, in order);
        None means this batch (its bots, variants or cards) is one the fast path does not
        copy."""
        return None

    # -- bots and views --------------------------------------------------------------
    def heuristic_bot(self):
        """A callable bot (state, seat, actions, rng) -> Action, or None if the game has none."""
        return None

    def named_bots(self) -> dict:
        """Extra bots this game offers by name, as {name: factory()}; e.g. a search bot."""
        return {}

    def render(self, state: State, seat: int | None) -> dict:
        """What the step-through view draws, as plain JSON-ready data, seen by `seat` (None is
        a spectator who sees what every seat may see). Games override; the shape is:

            {"title": str, "subtitle": str,
             "trackers": [{"label": str, "value": int | str, "max": int (optional)}],
             "svg": str | None,            # a board drawn as an <svg> element, if the game has one
             "zones": [{"title": str, "active": bool, "cards": [card, ...]}]}
            card = {"name": str, "kind": str, "subtitle": str, "text": str,
                    "stats": [{"label", "value", "max"?}], "tags": [str],
                    "highlight": bool, "dim": bool, "hidden": bool}  # hidden: drawn face down

        Hidden information must already be removed here: a card another seat cannot see is
        sent as {"hidden": True, "kind": ...} with no name or stats.
        """
        return {"title": self.title, "subtitle": "", "trackers": [], "svg": None, "zones": []}
