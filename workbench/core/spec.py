"""What a design declares about itself, up front: name, seats, setup options, rule variants,
card tables and traits (OpenSpiel's GameType and parameter specification are the model).

The engine, simulations, bots and views read the spec; nothing builds a throwaway state to
learn what a game is. Setup options and rule variants are checked by one validator, so every
game's errors name the option and the values it allows in the same words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import KW_ONLY, dataclass, field
from pathlib import Path
from typing import Any

from .errors import SetupError


def _allowed(choices) -> str:
    return ", ".join(repr(c) for c in choices)


def _kind_name(kinds: tuple[type, ...]) -> str:
    words = {
        bool: "True or False",
        int: "a whole number",
        float: "a number",
        str: "text",
        list: "a list",
        tuple: "a list",
        dict: "a mapping",
    }
    return " or ".join(dict.fromkeys(words.get(k, k.__name__) for k in kinds))


def _is(value, kinds: tuple[type, ...]) -> bool:
    # True is an int to Python but never a count or a seat to a designer.
    if isinstance(value, bool) and bool not in kinds:
        return False
    return isinstance(value, kinds)


@dataclass(frozen=True)
class _Setting:
    """What a rule variant and a setup option share: a key, a default, a doc, and the values
    allowed (a list of choices, or any value of the declared types within bounds)."""

    key: str
    default: Any
    doc: str
    _: KW_ONLY
    choices: tuple | None = None
    minimum: int | float | None = None
    maximum: int | float | None = None
    # Accepted types when there are no choices; default: the default's type (int for bools'
    # sake stays strict, and a float setting takes whole numbers too).
    kinds: tuple[type, ...] | None = None

    what = "setting"

    def _label(self) -> str:
        return f"{self.what} {self.key!r}"

    def _accepted(self) -> tuple[type, ...]:
        if self.kinds is not None:
            return self.kinds
        kind = type(self.default)
        return (float, int) if kind is float else (kind,)

    def check(self, value):
        """`value` as stored, or SetupError naming this setting and what it allows."""
        if self.choices is not None:
            # Compared by value and type, so True is not taken for the choice 1.
            if not any(value == c and type(value) is type(c) for c in self.choices):
                if not (
                    isinstance(value, int)
                    and not isinstance(value, bool)
                    and any(type(c) is float and value == c for c in self.choices)
                ):
                    raise SetupError(
                        f"{self._label()}: {value!r} is not allowed; "
                        f"choose one of {_allowed(self.choices)}"
                    )
                value = float(value)
            return value
        kinds = self._accepted()
        if not _is(value, kinds):
            raise SetupError(
                f"{self._label()}: {value!r} is not allowed; expected "
                f"{_kind_name(kinds)} like {self.default!r}"
            )
        if float in kinds and isinstance(value, int):
            value = float(value)
        low, high = self.minimum, self.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = (
                f"from {low} to {high}"
                if low is not None and high is not None
                else f"of at least {low}"
                if low is not None
                else f"of at most {high}"
            )
            raise SetupError(
                f"{self._label()}: {value!r} is not allowed; expected a value {bounds}"
            )
        return value

    def describe(self) -> dict:
        return {
            "key": self.key,
            "default": self.default,
            "choices": self.choices,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "doc": self.doc,
        }


def two_decks(value, seats: str = "seat 1's, then seat 2's") -> list[str]:
    """A setup option's reader for a deck per seat of a two-seat game: two names from
    decks.csv, or one name for both (a mirror match). `seats` names the order in words."""
    if isinstance(value, str):
        value = [value, value]
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(d, str) for d in value)
    ):
        raise ValueError(
            f"give two deck names from decks.csv ({seats}), or one for both, not {value!r}"
        )
    return list(value)


def known_decks(decks, known) -> None:
    """SetupError naming the first deck the card tables do not have."""
    for d in decks:
        if d not in known:
            raise SetupError(
                f"decks: no deck called {d!r}; decks.csv has {', '.join(map(repr, known))}"
            )


@dataclass(frozen=True)
class Variant(_Setting):
    """A rule variant: one RESOLUTION of the rules file that a designer can switch.

    `key` is the rules file's variant key (e.g. "coop.placement") and `rule` the rule or
    resolution it belongs to ("A-17"); `choices` lists the allowed values, or, when None, any
    value of the default's type between `minimum` and `maximum` is allowed.
    """

    rule: str = ""

    what = "rule variant"

    @property
    def short(self) -> str:
        return self.key.split(".", 1)[-1]

    def describe(self) -> dict:
        return {**super().describe(), "rule": self.rule}


@dataclass(frozen=True)
class Option(_Setting):
    """A setup option: how one match is set up (players, decks, who starts), not a rule.

    Beyond choices, types and bounds, `read` turns an accepted value into the one stored
    (e.g. a player count into a list of classes); it raises ValueError with the reason, which
    the validator reports under the option's name. `example` shows a good value in errors.
    """

    read: Callable[[Any], Any] | None = None
    example: str = ""

    what = "setup option"

    def check(self, value):
        if self.choices is None and self.kinds is None and self.read is not None:
            checked = value  # `read` is the whole check
        else:
            checked = super().check(value)
        if self.read is None:
            return checked
        try:
            return self.read(checked)
        except (ValueError, TypeError) as exc:
            hint = f"; e.g. {self.example}" if self.example else ""
            raise SetupError(f"{self.key}: {exc}{hint}") from None


@dataclass(frozen=True)
class Traits:
    """What kind of game it is, for the engine, simulations, search bots and views.

    cooperative: every seat wins or loses together (win rates count the party's wins).
    scored: states define score(seat), progress towards a win in [0, 1], read by search bots
        that stop playouts early and by the lead-change metrics of two-seat games.
    can_stall: states define stalled(), true once the position can no longer end; simulations
        then report a time-out at once instead of playing to the decision cap.
    turn_limit: the rule variant that ends the game after so many turns, if there is one.
    hidden_information: some seat cannot see something another can (hands, secret picks).
    simultaneous: seats choose in secret at the same time (asked one seat after the other).
    sides: the setup option that gives each seat its side (a deck, squad, faction or
        character, one per seat), if there is one: a balance report plays every seat order
        of the sides and reports each side as well as each seat.
    """

    cooperative: bool = False
    scored: bool = False
    can_stall: bool = False
    turn_limit: str | None = None
    hidden_information: bool = False
    simultaneous: bool = False
    sides: str | None = None


@dataclass(frozen=True)
class Decks:
    """How a game's deck lists are kept, for a hunt through them (sim/hunt.py): `table` has a
    line per card of a deck, `deck` names the deck (a side of the setup), `card` the card (a
    name in table `pool`), `copies` how many. A card new to a deck gets a line keyed as the
    deck's other lines are ("Red: Jab" beside "Red: Sap"). The cards' own checks say which
    lists are legal."""

    table: str
    deck: str
    card: str
    copies: str
    pool: str


@dataclass(frozen=True)
class Picks:
    """How a few things a deck brings besides its cards are kept, for a hunt (sim/hunt.py):
    `table` has a line per pick, `deck` names the deck, `pick` what it brings (a name in
    table `pool`), as the Location CCG's decks each bring 3 Locations. A hunt swaps a pick
    for another from the pool; the cards' own checks say which are legal (3 different
    Locations). A game whose decks have picks besides their lists declares both
    (`Game.decks` returns a tuple)."""

    table: str
    deck: str
    pick: str
    pool: str


@dataclass(frozen=True)
class Choices:
    """How a game's loadouts are kept, for a hunt through them (sim/hunt.py), when what a
    player chooses before play is a pick in each of a few named places rather than copies of
    cards: `table` has a row per side, keyed by the side's name (as the setup option
    `Traits.sides` names it); each column of `slots` holds one pick (an item per equipment
    slot); each group of `sets` ({name: columns}) holds picks whose order does not matter (a
    class set of 7 cards). What may go in a column is what its reference names
    (TableSpec.refs), or a blank where its schema allows one; the cards' own checks say
    which loadouts are legal (an item for the right slot, a class card of the right class
    and level). A hunt changes a loadout by swapping one pick for another."""

    table: str
    slots: tuple[str, ...] = ()
    sets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self):
        if not self.columns:
            raise ValueError(
                f"Choices of {self.table!r}: name at least one column in slots "
                "or sets, or there is nothing to hunt through"
            )
        twice = sorted({c for c in self.columns if self.columns.count(c) > 1})
        if twice:
            raise ValueError(f"Choices of {self.table!r}: column {twice[0]!r} is named twice")

    @property
    def columns(self) -> tuple[str, ...]:
        return (*self.slots, *(c for group in self.sets.values() for c in group))


@dataclass(frozen=True)
class Odds:
    """What a person wants to know before taking an action whose result is random, named by
    the game: how likely something is ("to defeat") or how much of it to expect ("expected
    damage"). The step-through view shows them on the action's button and again with the
    result, after the chance point's own odds (a roll's "to hit").

    `measure(before, outcome, after, seat)` reads the position at the chance point the
    action creates (`before`), one of its outcomes (a die total, a card), and the position
    after it (`after`), for the seat that acts. It returns True or False (this is a chance:
    the view shows how likely True is), a number (`expected=True`: the view shows its mean),
    or None when it does not apply to this chance point (then the view leaves it out). Every
    outcome is weighed with its exact probability, so the odds are exact fractions; a chance
    that is 0 is left out, since it would say "cannot happen" on every button.

    They are worked out only when a view asks, on copies of the state, never in simulations.
    They read the whole state, so a game with hidden information names only what the acting
    seat may know.
    """

    what: str
    measure: Callable[[Any, Any, Any, int], Any]
    expected: bool = False


@dataclass(frozen=True)
class DesignSpec:
    """A design that is data (tables and analyses) and perhaps no rules.

    `tables` is the module that declares the card tables (TABLES, and optionally
    cross_check), imported on first use so registering a design loads no schemas; or, for a
    design written in a notebook, the TableSpecs themselves with `cross_check` beside them.
    `analysis` names the module of analyses, imported on first use. `data` is the folder of
    the shipped CSVs (default: data/<name>).

    `rules_file` is the design's rules document, a Markdown file in its package (beside the
    module that registers it) whose rules are bullets or numbered items starting with a bold
    id, `**R-16**`, `17. **A-17 Title**` or `**A-U1**`; `Design.rules_text(id)` reads one.

    `render` names a module whose `card_view(table, row)` draws the tables the design draws
    its own way (None for a table it leaves to its columns); imported on first use.
    """

    name: str
    title: str
    tables: str | Mapping | None = None
    cross_check: Callable | None = None
    analysis: str | None = None
    render: str | None = None
    data: str | Path | None = None
    doc: str = ""
    rules_file: str = ""


@dataclass(frozen=True)
class GameSpec(DesignSpec):
    """A design with rules: seats as (fewest, most), setup options, rule variants, traits,
    `max_decisions`: how long a simulated game may run before it is called a time-out, and
    `odds`: the outcomes that matter when an action's result is random (see Odds). Its
    rules document (`rules_file`) is where the rule ids its reasons cite are written.

    `bots` names the module whose `heuristic` is the game's heuristic bot, and `batch` the
    module whose `play_batch` plays batches in compiled code (see `Game.play_batch`); both are
    imported on first use, so registering a game compiles nothing."""

    seats: tuple[int, int] = (2, 2)
    options: tuple[Option, ...] = ()
    variants: tuple[Variant, ...] = ()
    traits: Traits = field(default_factory=Traits)
    max_decisions: int = 100_000
    odds: tuple[Odds, ...] = ()
    bots: str | None = None
    batch: str | None = None

    def __post_init__(self):
        for group in (self.options, self.variants):
            keys = [s.key for s in group]
            if len(set(keys)) != len(keys):
                raise ValueError(f"{self.name}: a key is declared twice in {keys}")
        if self.traits.turn_limit is not None and self.traits.turn_limit not in {
            v.key for v in self.variants
        }:
            raise ValueError(
                f"{self.name}: turn_limit names {self.traits.turn_limit!r}, "
                "which is not one of its rule variants"
            )

    # -- setup options ---------------------------------------------------------------
    def setup(self, given: dict | None) -> dict:
        """Every setup option checked and filled with its default; SetupError names the
        option and what it allows."""
        given = dict(given or {})
        known = {o.key: o for o in self.options}
        unknown = sorted((k for k in given if k not in known), key=str)
        if unknown:
            if not known:
                raise SetupError(f"{self.name} takes no setup options, got {unknown}")
            raise SetupError(
                f"{self.name} has no setup option {unknown[0]!r}; options are: {', '.join(known)}"
            )
        return {o.key: o.check(given.get(o.key, o.default)) for o in self.options}

    # -- rule variants ---------------------------------------------------------------
    def default_rules(self) -> dict:
        return {v.key: v.default for v in self.variants}

    def rules(self, given: dict | None) -> dict:
        """The full variant dict from a partial one; keys may omit the game prefix."""
        if given is not None and not isinstance(given, dict):
            raise SetupError(
                f"rules: give a dict of rule variants such as "
                f"{{{self.variants[0].key!r}: {self.variants[0].default!r}}}, "
                f"not {given!r}"
                if self.variants
                else f"rules: {self.name} has no rule variants; got {given!r}"
            )
        resolved = self.default_rules()
        named: dict[str, str] = {}  # variant key -> the key it was given as
        for key, value in (given or {}).items():
            variant = self.find_variant(key)
            if variant is None:
                known = ", ".join(sorted(v.key for v in self.variants)) or "none"
                raise SetupError(
                    f"{self.name} has no rule variant {key!r}; its variants are: {known}"
                )
            if variant.key in named:
                raise SetupError(
                    f"rules: {named[variant.key]!r} and {key!r} are the same "
                    f"variant, {variant.key}; give it once"
                )
            named[variant.key] = key
            resolved[variant.key] = variant.check(value)
        return resolved

    def variant(self, key: str) -> Variant:
        found = self.find_variant(key)
        if found is None:
            raise KeyError(key)
        return found

    def find_variant(self, key: str) -> Variant | None:
        """The variant a key names, or None. A key is written as in the rules document
        ("sc.attack"), without its prefix ("attack"), or with the game's name as the prefix
        ("squad_combat.attack"): the rules documents' short prefixes are theirs to keep, and a
        designer who types the game's name means the same rule."""
        for v in self.variants:
            if key in (v.key, v.short, f"{self.name}.{v.short}"):
                return v
        return None
