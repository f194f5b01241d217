"""The contract between the engine and a design.

`Design` is a registered design: its spec and card tables. A design that is data only (a
stat table, a combination table) stops there. `Game` adds rules: `new_state` builds the
opening `State`, whose methods are the rules of one position, mutated in place.
"""

from __future__ import annotations

import copy
import os
import sys
from importlib import import_module
from pathlib import Path
from typing import ClassVar

from .actions import Action
from .chance import Chance
from .errors import SetupError, shortened
from .row_view import row_view
from .spec import DesignSpec, GameSpec, Option, Traits, Variant
from .view import CardView, Result, View

# Values of State.to_move that are not seats.
CHANCE = -1
TERMINAL = -2

__all__ = ["CHANCE", "Design", "Game", "Option", "State", "TERMINAL", "Traits", "Variant"]


class State:
    """One position of a game. Subclasses implement the rules.

    Who decides next is `to_move`: a seat number (0-based), CHANCE or TERMINAL. Any seat may
    be asked at any point, which is how reactions inside another player's move work (a denial
    window asks the inactive seat, then play returns to the mover). Simultaneous choices are
    asked one seat at a time with `Action.secret` set, and the state keeps them hidden in
    `observation` and `view` until it reveals them.

    Games whose spec declares the trait `scored` define `score(seat)`; `can_stall`,
    `stalled()`.
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
        """Apply a legal action. Callers check legality first (see core.legality.resolve)."""
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

    def result(self) -> Result | None:
        """None while the game goes on; then how it ended."""
        return None

    def hidden_choices(self) -> set[int]:
        """Seats whose secret choice is made but not yet revealed; views keep those choices
        out of other seats' logs until the state reveals them."""
        return set()

    def stats(self) -> dict:
        """Extra per-game numbers for simulations (rounds, battles won, ...)."""
        return {}

    def view(self, seat: int | None) -> View:
        """What the step-through view draws for `seat` (None: a spectator, who sees what
        every seat may see). Hidden information must already be left out here: a card
        another seat cannot see is `CardView.face_down(kind)`."""
        return View(title=type(self).__name__)

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()

    def clone(self) -> State:
        return copy.deepcopy(self)

    # -- what a seat cannot see, for search that plays fair --------------------------------
    def determinize(self, seat: int, rng) -> State:
        """A copy of the position in which everything `seat` cannot see (other seats' hidden
        hands, cards put face down, secret picks) is dealt again at random, consistently with
        what `seat` has seen: `view(seat)` of the copy is `view(seat)` of this one, and the copy
        is a position the rules can play on. Search bots that play fair search such copies
        (core/mcts.py, core/lookahead.py), so their choices never rest on what their seat
        cannot know. By default the groups `unseen(seat)` names are dealt again with the kit's
        `redeal`; a design with hidden parts of another kind (secret picks) overrides this."""
        from .kit.hidden import redeal

        copy_ = self.clone()
        for deck, *cards in copy_.unseen(seat):
            redeal(rng, deck, *cards)
        return copy_

    def unseen(self, seat: int) -> list[tuple]:
        """What `seat` cannot see, as groups (deck, list, ...): a face-down pile (a kit
        `Deck`) and the lists of cards from it that other seats hold unseen (their hands, the
        cards they put under that pile), to be dealt again together. A game with hidden
        information names them; one without has none."""
        return []


class Design:
    """A registered design: its spec and card tables. Subclasses set `spec`."""

    spec: ClassVar[DesignSpec]
    has_rules: ClassVar[bool] = False

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.spec.title

    # -- cards -----------------------------------------------------------------------
    @property
    def tables(self) -> dict:
        tables = self.spec.tables
        return import_module(tables).TABLES if isinstance(tables, str) else dict(tables or {})

    def cross_check(self, cards) -> list:
        check = self.spec.cross_check
        if check is None and isinstance(self.spec.tables, str):
            check = getattr(import_module(self.spec.tables), "cross_check", None)
        return check(cards) if check else []

    @property
    def analysis(self):
        """The design's analysis module, imported on first use (it may load simulation or
        the dice parser, which playing a game never needs)."""
        if self.spec.analysis is None:
            raise AttributeError(f"{self.name} declares no analysis module")
        return import_module(self.spec.analysis)

    def data_dir(self) -> Path:
        from ..cards import data_dir

        return data_dir(self.name) if self.spec.data is None else Path(self.spec.data)

    def __getstate__(self):
        # The cached shipped cards stay behind: a batch sent to workers carries its own cards.
        state = dict(self.__dict__)
        state.pop("_default_cards", None)
        return state

    def card_view(self, table: str, row) -> CardView:
        """One row of a card table as the card people hold: what `cards.card(...)` shows and
        what a print sheet prints. By default it is read from the table's columns (see
        core.row_view); a design overrides it for the tables it draws its own way, and
        calls this for the others."""
        if self.spec.render is not None:
            drawn = import_module(self.spec.render).card_view(table, row)
            if drawn is not None:
                return drawn
        return row_view(self.tables[table], table, row)

    def load_cards(self, path=None):
        """The design's card tables: the shipped ones, the CSVs in folder `path`, or the
        sheets of the spreadsheet file `path` (.xlsx or .ods)."""
        from ..cards import load

        directory = self.data_dir() if path is None else path
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
        if isinstance(path, bool) or not isinstance(path, str | os.PathLike):
            raise SetupError(
                f"path: give the folder or spreadsheet of {self.name}'s cards as "
                f"text or a Path, not {type(path).__name__} {shortened(path)}"
            )
        return load(self.tables, directory, game=self.name, cross_check=self.cross_check)

    def checked_cards(self, cards):
        """`cards` if they are this design's CardSet (the shipped cards when None): plain
        tables are refused, since cards are checked when they are loaded or edited."""
        if cards is None:
            return self.load_cards()
        if not hasattr(cards, "game") or not hasattr(cards, "fingerprint"):
            raise SetupError(
                f"cards: give a CardSet (wb.load_cards({self.name!r}), or one "
                f"edited from it), not {type(cards).__name__}: card tables "
                "are checked when they are loaded or edited"
            )
        if cards.game != self.name:
            raise SetupError(f"cards: these cards belong to {cards.game!r}, not {self.name!r}")
        return cards

    # -- the rules document ------------------------------------------------------------
    def rules_path(self) -> Path | None:
        """The rules document (`spec.rules_file`, beside the module that defines the design),
        or None for a design without one (e.g. one written in a notebook cell)."""
        module = sys.modules.get(type(self).__module__)
        where = getattr(module, "__file__", None)
        if not self.spec.rules_file or where is None:
            return None
        path = Path(where).parent / self.spec.rules_file
        return path if path.exists() else None

    def rules_text(self, rule_id: str) -> str:
        """One rule of the rules document as plain text, e.g. rules_text("R-16")."""
        from .rulesdoc import rules_document

        path = self.rules_path()
        if path is None:
            raise ValueError(f"{self.name} ships no rules document")
        return rules_document(path).text(rule_id)

    def supports(self) -> str:
        """What a designer can do with it, in words: play, simulation and analysis for a
        game; card tables, with or without analyses, for a design with no rules."""
        if self.has_rules:
            return "play, simulation and analysis" if self.spec.analysis else "play and simulation"
        return ("data and analysis" if self.spec.analysis else "data only") + " (no rules to play)"


class Game(Design):
    """A design with rules. Subclasses set `spec` (a GameSpec) and write `new_state`; a game
    whose seats depend on its setup overrides `num_seats` and `seat_names`."""

    spec: ClassVar[GameSpec]
    has_rules = True

    # Read from the spec, for the engine and tools.
    @property
    def variants(self) -> tuple[Variant, ...]:
        return self.spec.variants

    @property
    def traits(self) -> Traits:
        return self.spec.traits

    @property
    def max_decisions(self) -> int:
        return self.spec.max_decisions

    # -- setup and rules -------------------------------------------------------------
    def check_setup(self, setup: dict | None) -> dict:
        """Setup options checked and filled with defaults; SetupError names the option."""
        return self.spec.setup(setup)

    def default_rules(self) -> dict:
        return self.spec.default_rules()

    def resolve_rules(self, rules: dict | None) -> dict:
        """Full variant dict from a partial one; keys may omit the game prefix."""
        return self.spec.rules(rules)

    def num_seats(self, setup: dict) -> int:
        return self.spec.seats[0]

    def seat_names(self, setup: dict) -> list[str]:
        return [f"Seat {i + 1}" for i in range(self.num_seats(setup))]

    def new_state(self, cards, rules: dict, setup: dict) -> State:  # pragma: no cover
        raise NotImplementedError

    def play_batch(
        self,
        cards,
        rules: dict,
        setup: dict,
        bots: dict,
        max_decisions: int,
        seeds,
        trace: bool = False,
    ):
        """Play many games at once without the rules engine, or say why the engine must.

        A game may compile its rules for sweeps: a kernel, a cache of the rules engine. It
        returns a polars frame with exactly the rows the engine gives for the same seeds
        (`play_out`, one per seed, in order, with the tension columns when `trace`), leaving
        out any game it had no room for (the engine plays those); or, in words, why this
        batch (its bots, variants or cards) is one the fast path does not copy; None says
        the same without a reason. A built-in kernel plays only the code it was checked
        against (core/stamps.py): the caller asks that before calling this. Compiled code
        should release the GIL (numba's `nogil=True`): local runs then play batches on
        threads of this process side by side, with no worker processes to start, and a Dask
        worker's event loop keeps running while a batch plays. A game names the module
        that does this in its spec (`batch`); it is imported, and compiled, on first use."""
        if self.spec.batch is None:
            return None
        play = import_module(self.spec.batch).play_batch
        return play(self, cards, rules, setup, bots, max_decisions, seeds, trace)

    # -- bots ------------------------------------------------------------------------
    def heuristic_bot(self):
        """A callable bot (state, seat, actions, rng) -> Action, or None if the game has none:
        the `heuristic` of the module the spec names as its `bots`."""
        if self.spec.bots is None:
            return None
        return getattr(import_module(self.spec.bots), "heuristic", None)

    def named_bots(self) -> dict:
        """Extra bots this game offers by name, as {name: factory()}; e.g. a search bot. In a
        game with hidden information a search bot's factory takes `fair` (True unless asked),
        so that "<name>-omniscient" can be compared with it."""
        return {}

    def ban_name(self, state: State, action: Action) -> str | None:
        """What restricted play (a balance report's "cards that matter") names `action` by,
        so a bot can be told never to play it: the card, ability or piece it plays where the
        game has them, None for an action that plays none (a pass, a payment). By default the
        action's kind: "shoot", "search", "end turn"."""
        return action.kind

    def decks(self):
        """What players build before play, for `hunt`: deck lists as a `Decks`, or loadouts
        of picks in named slots as a `Choices`, or a tuple of these with the `Picks` a deck
        brings besides its list (all in core/spec.py); None when players build nothing
        before play."""
        return None

    def bot_ladder(self) -> list[tuple[str, object]]:
        """The game's bots from weakest to strongest, as (name, bot: a name `bots=` takes or
        a bot): the random bot, the heuristic, then fair search at doubling budgets, for
        questions of skill (how much better play wins). By default the search is the
        heuristic looking ahead (core/lookahead.py: 1, 2 and 4 samples an option), or without
        a heuristic tree search of 100, 200 and 400 playouts; a game with a search of its own
        lists that."""
        heuristic = self.heuristic_bot()
        if heuristic is None:
            return [("random", "random")] + [(f"mcts:{n}", f"mcts:{n}") for n in (100, 200, 400)]
        from .lookahead import LookaheadBot

        return [("random", "random"), ("heuristic", "heuristic")] + [
            (f"look-ahead x{n}", LookaheadBot(heuristic, traits=self.traits, samples=n))
            for n in (1, 2, 4)
        ]
