"""The rules of the Location CCG (rules.md): one position, changed in place.

The game runs as a list of steps (`todo`): set-up, then per turn the phases of R-16 with a
priority window (A-5) at the start and end of each and after every numbered mission step.
A step either does its work at once or asks a seat (`ask`) or waits for a draw (`wait`);
actions answer the question and the steps go on. Rule ids in reasons are those of rules.md.

The steps and what they read live in the parts `LocationState` combines: set-up, turns and
phases in turns.py, missions and combat in missions.py, plays and the stack in plays.py, costs
and paying in payment.py, cards in play in inplay.py, the end and results in results.py. What
the position is made of is in board.py; the answers to each question are in moves.py.
"""

from __future__ import annotations

from ...core import CHANCE, TERMINAL, Action, Chance, Dist, State
from ...core.kit import Deck, PriorityWindow, Zones
from .board import HQ, Combat, Inst, Loc
from .inplay import CardsInPlay
from .missions import Missions
from .payment import Payment
from .plays import Plays
from .results import Results
from .turns import PHASES, Turns

__all__ = ["HQ", "PHASES", "Combat", "Inst", "Loc", "LocationState"]


class LocationState(Turns, Missions, Plays, Payment, CardsInPlay, Results, State):
    """A match of the Location CCG: the position and the step machine that moves it on."""

    num_seats = 2

    def __init__(self, cat, rules: dict, decks, first: int | None = None, picks=()):
        self.cat, self.rules, self.decks = cat, rules, list(decks)
        self.first = first
        self.picks = list(picks)  # Locations placed for the players (setup option)
        self.zones = Zones(2, ("hand", "bank", "discard", "void"))
        self.deck = [Deck(cat.decks[d]) for d in decks]
        self.bottom: list[list] = [[], []]  # cards put on the bottom, next drawn first
        self.brought = [list(cat.deck_locations[d]) for d in decks]
        self.locs: list[Loc] = []
        self.inplay: dict[int, Inst] = {}
        self.chars: list[list] = [[], []]
        self.assets: list[list] = [[], []]
        self.next_uid = 1
        self.active = 0
        self.turn = 0
        self.phase = "Setup"
        self.prod_left = 0
        self.combat: Combat | None = None
        self.window: PriorityWindow | None = None
        self.window_tag = ""
        self.stack: list = []  # plays waiting to resolve (loc.stack = lifo)
        self.todo: list = []
        self.ask = None  # (seat, kind, data)
        self.wait = None  # ("first",) or ("draw", seat)
        self.paying = None  # a play waiting for its payment: (seat, play, options)
        self.mulliganed = [False, False]
        self.own_turns = [0, 0]  # turns each seat has begun
        self.first_played: list[dict] = [{}, {}]  # card -> the seat's own turn it was first played
        self.used_names: list[set] = [set(), set()]  # abilities used this turn
        self.winner = None  # a seat, or -1 for a draw
        self.reason = ""
        self.events: list[str] = []
        self.counts = {"missions": [0, 0], "vp": [0, 0], "destroyed": [0, 0]}
        self.todo = [("first",)] if first is None else []
        if first is not None:
            self._set_first(first)
        self._run()

    # -- variants ---------------------------------------------------------------------------
    def rule(self, key: str):
        return self.rules[key]

    # -- cloning ----------------------------------------------------------------------------
    def clone(self) -> LocationState:
        c = LocationState.__new__(LocationState)
        c.__dict__.update(self.__dict__)
        c.decks, c.picks = list(self.decks), list(self.picks)
        c.zones = self.zones.copy()
        c.deck = [d.copy() for d in self.deck]
        c.bottom = [list(b) for b in self.bottom]
        c.brought = [list(b) for b in self.brought]
        c.locs = [loc.copy() for loc in self.locs]
        c.inplay = {k: v.copy() for k, v in self.inplay.items()}
        c.chars = [list(x) for x in self.chars]
        c.assets = [list(x) for x in self.assets]
        c.combat = None if self.combat is None else self.combat.copy()
        c.window = None if self.window is None else self.window.copy()
        c.stack = list(self.stack)
        c.todo = list(self.todo)
        c.mulliganed = list(self.mulliganed)
        c.own_turns = list(self.own_turns)
        c.first_played = [dict(x) for x in self.first_played]
        c.used_names = [set(s) for s in self.used_names]
        c.events = list(self.events)
        c.counts = {k: list(v) for k, v in self.counts.items()}
        return c

    def __deepcopy__(self, memo):
        return self.clone()

    # -- who moves --------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        if self.winner is not None:
            return TERMINAL
        if self.wait is not None:
            return CHANCE
        return self.ask[0]

    def note(self, text: str) -> None:
        self.events.append(text)

    # -- the step machine -------------------------------------------------------------------
    def _run(self) -> None:
        while self.ask is None and self.wait is None and self.winner is None:
            if not self.todo:
                self.todo.append(("turn",))
            step = self.todo.pop(0)
            getattr(self, "_do_" + step[0])(*step[1:])

    def _again(self, step: tuple, seat: int, kind: str, data=None) -> None:
        """Ask `seat` and come back to `step` after the answer (a loop of choices)."""
        self.todo.insert(0, step)
        self.ask = (seat, kind, data)

    # -- chance -----------------------------------------------------------------------------
    def chance(self) -> Chance:
        if self.wait[0] == "first":
            return Chance(
                Dist((0, 1), (1, 1)), "First player (R-7)", (), lambda s: f"Seat {s + 1} goes first"
            )
        seat = self.wait[1]
        return self.deck[seat].draw(f"Seat {seat + 1} draws", seen_by=seat)

    def apply_chance(self, outcome) -> None:
        wait, self.wait = self.wait, None
        if wait[0] == "first":
            self._set_first(outcome)
        else:
            seat = wait[1]
            self.deck[seat].take(outcome)
            self.zones.add(seat, "hand", outcome)
        self._run()

    # -- decisions --------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.ask is None or self.winner is not None or self.wait is not None:
            return []
        from .moves import legal

        return legal(self)

    def apply(self, action: Action) -> None:
        from .moves import perform

        seat, kind, data = self.ask
        self.ask = None
        perform(self, seat, kind, data, action)
        self._run()

    def candidates(self) -> list[Action]:
        from .moves import candidates

        return candidates(self)

    def explain(self, action: Action) -> tuple[str, str] | None:
        from .moves import explain

        return explain(self, action)
