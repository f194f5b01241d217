"""Armies: the rules of rules.md as a state machine: setup, the turn's four steps and its end,
decisions and chance points. Cards and abilities are in plays.py (paying for them and resolving
them in resolve.py, their labels in words.py), attacks in combat.py, chess movement and threat
in moves.py, the legal decisions of each phase, their labels and carrying one out in
decisions.py.

Rule numbers (R-n) and resolutions (A-n) refer to rules.md. Work that must happen in order
(resolve the response stack, roll, apply the result, end the turn) waits on an agenda, `todo`,
run last in first out; each task may stop for a decision or a chance point, and `_run` picks up
where it stopped. Internally a decision is a small tuple; `legal_actions` labels them.
"""

from __future__ import annotations

from fractions import Fraction

from ...core import CHANCE, TERMINAL, Action, Chance, Result, State
from ...core.chance import uniform
from ...core.kit import Deck, Responses
from .army import Piece
from .catalog import SEATS, Catalog
from .combat import Combat, Combats
from .decisions import (
    CHARGE,
    DRAW,
    FIRST,
    LOSE,
    MOVE,
    OPP1,
    OPP2,
    OVER,
    PAY,
    RESPOND,
    REST,
    ROLL,
    RUN,
    STEP,
    Decisions,
)
from .moves import Movement
from .plays import Plays
from .resolve import Resolving
from .words import PlayWords

BACK_ROW = "RNBQKBNR"

_FIRST_CHANCE = Chance(
    uniform((0, 1)),
    "Who goes first (R-4)",
    odds=(("White goes first", Fraction(1, 2)),),
    names=lambda seat: f"{SEATS[seat]} goes first",
)


class ArmiesState(Movement, Plays, Resolving, PlayWords, Combats, Decisions, State):
    num_seats = 2

    def __init__(
        self, cat: Catalog, rules: dict, decks: list[str], generals: list[tuple], first: int | None
    ):
        self.cat = cat
        self.rules = rules
        self.board = [-1] * 64
        self.pieces: list[Piece] = []
        # the standard starting position.
        for seat, (back, pawns) in enumerate(((0, 1), (7, 6))):
            for x, kind in enumerate(BACK_ROW):
                self._place(seat, kind, back * 8 + x)
            for x in range(8):
                self._place(seat, "P", pawns * 8 + x)
        self.generals = [4, 20]  # piece ids of the kings
        # the General's skill, spread as its owner chose (a setup option).
        for seat in (0, 1):
            general = self.general(seat)
            general.maxs[:] = generals[seat]
            general.cur[:] = generals[seat]
        self.deck_names = list(decks)
        self.decks = [Deck(cat.decks[d].counts) for d in decks]
        self.hands: list[list[str]] = [[], []]
        self.discards: list[list[str]] = [[], []]
        self.removed: list[list[str]] = [[], []]
        # Strategies in play: [card, owner, tokens, turn its war was called off].
        self.strategies: list[list] = []
        self.active = 0
        self.turn = 0
        self.step = OPP1
        self.first = -1
        self.winner = -1
        self.reason = ""
        self.major_used = False
        self.trainings = 0
        self.acted = False  # a capture or a card played this turn
        self.quiet = 0
        self.ep: tuple[int, int, int] | None = None  # (square passed, pawn id, turn)
        self.draws: list[int] = []
        self.todo: list[tuple] = []
        self.phase = FIRST
        self.window = Responses(2)
        self.paying = None  # (seat, play or ability tuple, Payment) while a cost is split
        self.cancelled: set[int] = set()  # stack positions Disruption has cancelled
        self.ambush: tuple[int, int] | None = None  # (Ambush army, attacker) being rolled
        self.combat: Combat | None = None
        self.charge: int | None = None  # the margin while a cavalry charge may go on
        self.losing: list[int] = []  # Generals whose owner must pick a domain to lose
        self.rolling = ""
        self.last: tuple[int, int] | None = None
        self.counts = {
            "captures_0": 0,
            "captures_1": 0,
            "cards_0": 0,
            "cards_1": 0,
            "general_losses_0": 0,
            "general_losses_1": 0,
            "attacks": 0,
            "attacks_won": 0,
            "disrupted": 0,
        }
        self._options_cache = None
        self._threats: dict[int, list[int]] = {}
        self._chosen = None
        # seven cards each, after the first player is known.
        for seat in (0, 1):
            for _ in range(cat.opening_hand):
                self.draws.append(seat)
        if first is not None:
            self.apply_chance(first)

    def changed(self) -> None:
        """The board, a piece or the strategies in play changed: forget threat squares and
        the options worked out from them."""
        self._threats.clear()
        self._options_cache = None

    def _place(self, seat: int, kind: str, sq: int) -> None:
        p = Piece(len(self.pieces), seat, kind, sq)
        self.pieces.append(p)
        self.board[sq] = p.id

    def general(self, seat: int) -> Piece:
        return self.pieces[self.generals[seat]]

    # -- copying ----------------------------------------------------------------------------
    def clone(self) -> ArmiesState:
        st = ArmiesState.__new__(ArmiesState)
        d = self.__dict__
        st.__dict__.update(d)
        st.board = self.board[:]
        st.pieces = [p.copy() for p in self.pieces]
        st.deck_names = self.deck_names
        st.decks = [x.copy() for x in self.decks]
        st.hands = [h[:] for h in self.hands]
        st.discards = [h[:] for h in self.discards]
        st.removed = [h[:] for h in self.removed]
        st.strategies = [s[:] for s in self.strategies]
        st.draws = self.draws[:]
        st.todo = self.todo[:]
        st.losing = self.losing[:]
        st.window = self.window.copy()
        st.paying = None if self.paying is None else (*self.paying[:2], self.paying[2].copy())
        st.cancelled = set(self.cancelled)
        st.combat = None if self.combat is None else self.combat.copy()
        st.charge = self.charge
        st.counts = dict(self.counts)
        st._options_cache = None
        st._chosen = None
        st._threats = dict(self._threats)
        return st

    def __deepcopy__(self, memo):
        return self.clone()

    # -- who moves ---------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        phase = self.phase
        if phase == STEP:
            return self.active
        if phase in (FIRST, DRAW, ROLL):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == RESPOND:
            return self.window.asking
        if phase == PAY:
            return self.paying[0]
        if phase == CHARGE:
            return self.pieces[self.combat.attacker].owner
        if phase == LOSE:
            return self.losing[0]
        raise AssertionError(f"no decision in phase {phase}")

    def chance(self) -> Chance:
        if self.phase == FIRST:
            return _FIRST_CHANCE
        if self.phase == DRAW:
            seat = self.draws[0]
            # The card drawn is seen by the drawer only.
            return self.decks[seat].draw(f"{SEATS[seat]} draws a card", seen_by=seat)
        return self.roll_chance()

    def apply_chance(self, outcome) -> None:
        self._options_cache = None
        if self.phase == FIRST:
            self.first = self.active = outcome
            self.turn = 1
        elif self.phase == DRAW:
            seat = self.draws.pop(0)
            self.decks[seat].take(outcome)
            self.hands[seat].append(outcome)
        else:
            self.apply_roll(outcome)
        self.phase = RUN
        self._run()

    # -- the agenda ----------------------------------------------------------------------------
    def _run(self) -> None:
        """Work through draws, response windows and the agenda until a seat must decide or a
        chance point is due."""
        while self.phase == RUN:
            if self.draws:
                seat = self.draws[0]
                if self.decks[seat]:
                    self.phase = DRAW
                    return
                self.draws.pop(0)
                # an empty deck gives no card; the variant makes it a loss.
                if self.rules["arm.deckout"] == "lose":
                    self.finish(1 - seat, f"{SEATS[seat]} had to draw from an empty deck (A-22)")
                continue
            if self.window.open:
                answers = self.response_options(self.window.asking)
                if answers:
                    self.phase = RESPOND
                    self._options_cache = answers + [("pass",)]
                    return
                self.window.pass_()
                if not self.window.open:
                    self.todo.append(("resolve",))
                continue
            if self.todo:
                task = self.todo.pop()
                getattr(self, "_task_" + task[0])(*task[1:])
                continue
            self._enter_step()

    def _enter_step(self) -> None:
        """The active seat decides in its current step; a step with nothing to decide goes
        by at once (R-30: a player with no legal move skips the Move step)."""
        options = self._step_options()
        if len(options) == 1 and options[0][0] == "end":
            self._end_step()
            return
        self.phase = STEP
        self._options_cache = options

    def _end_step(self) -> None:
        step = self.step
        if step == OPP1:
            self.step = MOVE
        elif step == MOVE:
            self.step = OPP2
        elif step == OPP2:
            self.step = REST
        else:
            self._end_turn()

    def _task_end_step(self) -> None:
        self._end_step()

    def _task_resolve(self) -> None:
        """Resolve the response stack from the top (A-41)."""
        if self.window.stack:
            seat, play = self.window.pop()
            self.todo.append(("resolve",))
            self.resolve_play(seat, play)

    # -- ending a turn (R-8, R-9, A-39) -------------------------------------------------------
    def _end_turn(self) -> None:
        seat = self.active
        self.todo.append(("next_turn",))
        self.todo.append(("war",))
        self.todo.append(("snow",))
        self.queue_draw(seat)

    def _task_snow(self) -> None:
        cards = self.cat.cards
        for s in list(self.strategies):
            if "snow" in cards[s[0]].effects:
                s[2] -= 1
                if s[2] <= 0:
                    self.strategies.remove(s)
                    self.discard(s[1], s[0])
                    self._threats.clear()

    def _task_war(self) -> None:
        """Unfavorable War: the player whose turn ends lowers their General's skill by 1, as
        if it had lost a battle, unless they called the war off this turn (A-9)."""
        cards = self.cat.cards
        for s in self.strategies:
            if "unfavorable_war" in cards[s[0]].effects and s[3] != (self.turn, self.active):
                self.todo.append(("general_loses", self.active, "war"))

    def _task_next_turn(self) -> None:
        if self.phase == OVER:
            return
        self.quiet = 0 if self.acted else self.quiet + 1
        if self.quiet >= self.rules["arm.draw_after"]:
            self.finish(
                -1, f"{self.quiet} turns in a row without a capture or a card played (R-30)"
            )
            return
        for p in self.pieces:
            p.temp = 0
            p.stopped = False
        self.active = 1 - self.active
        self.turn += 1
        self.step = OPP1
        self.major_used = False
        self.trainings = 0
        self.acted = False

    # -- the General (R-25, R-27) ------------------------------------------------------------
    def _task_general_loses(self, seat: int, cause: str) -> None:
        general = self.general(seat)
        self.counts[f"general_losses_{seat}"] += 1
        domains = [d for d in range(5) if general.maxs[d] > 0]
        if not domains:
            why = "lost a battle" if cause == "battle" else "could not pay for Unfavorable War"
            self.finish(
                1 - seat,
                f"{SEATS[seat]}'s General {why} with no skill left "
                f"({'R-25' if cause == 'battle' else 'R-27'})",
            )
            return
        if len(domains) == 1:
            self.lower_general(seat, domains[0])
            return
        self.losing.append(seat)
        self.phase = LOSE

    def lower_general(self, seat: int, d: int) -> None:
        general = self.general(seat)
        general.maxs[d] -= 1
        general.cur[d] = min(general.cur[d], general.maxs[d])

    def finish(self, winner: int, reason: str) -> None:
        self.winner = winner
        self.reason = reason
        self.phase = OVER
        self.todo.clear()
        self.draws.clear()

    # -- cards moving about ----------------------------------------------------------------------
    def queue_draw(self, seat: int) -> None:
        """A draw, unless the opponent's Caught Off Guard takes a Surprise token instead
        (A-33)."""
        cards = self.cat.cards
        for s in self.strategies:
            if s[1] != seat and "surprise" in cards[s[0]].effects and s[2] > 0:
                s[2] -= 1
                if s[2] == 0:
                    self.strategies.remove(s)
                    self.discard(s[1], s[0])
                return
        self.draws.append(seat)

    def discard(self, owner: int, card: str, from_play: bool = True) -> None:
        """A-28: a card goes to its owner's discard pile; Unyielding Offense, leaving play,
        returns to hand instead."""
        if from_play and "returns_to_hand" in self.cat.cards[card].effects:
            self.hands[owner].append(card)
        else:
            self.discards[owner].append(card)

    def destroy(self, p: Piece, removed: bool = False) -> None:
        """An army leaves the board; its cards go to their owners' discard piles (R-18), or out
        of the game with it (Without a Trace)."""
        self.board[p.sq] = -1
        p.sq = -1
        self._threats.clear()
        cards = [(c, o) for c, o, _ in p.cards]
        if p.leader is not None:
            cards.insert(0, (p.leader, p.owner))
        for card, owner in cards:
            if removed:
                self.removed[owner].append(card)
            else:
                self.discard(owner, card)
        p.leader, p.cards, p.ready, p.hope = None, [], False, 0

    # -- reasons ---------------------------------------------------------------------------
    def candidates(self) -> list[Action]:
        legal = self.legal_actions()
        if self.phase != STEP:
            return legal
        seen = set(legal)
        out = list(legal)
        from .reasons import unusual_candidates

        for extra in unusual_candidates(self):
            if extra not in seen:
                seen.add(extra)
                out.append(extra)
        return out

    def explain(self, action: Action) -> tuple[str, str] | None:
        from .reasons import explain

        return explain(self, action)

    # -- information -----------------------------------------------------------------------
    def unseen(self, seat: int) -> list[tuple]:
        """The other player's hand and deck: the board, discards and strategies are public."""
        other = 1 - seat
        return [(self.decks[other], self.hands[other])]

    def observation(self, seat: int | None = None) -> dict:
        from .render import observation

        return observation(self, seat)

    def view(self, seat: int | None):
        from .render import render

        return render(self, seat)

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        details = {
            "turns": self.turn,
            "captures": [self.counts["captures_0"], self.counts["captures_1"]],
            "general_losses": [self.counts["general_losses_0"], self.counts["general_losses_1"]],
        }
        if self.winner < 0:
            return Result("draw", (), self.reason, details)
        return Result(f"{SEATS[self.winner]} wins", (self.winner,), self.reason, details)

    def stats(self) -> dict:
        end = (
            (
                "draw"
                if self.winner < 0
                else "war"
                if "Unfavorable" in self.reason
                else "deck"
                if "deck" in self.reason
                else "general"
            )
            if self.phase == OVER
            else ""
        )
        return {
            "first": self.first,
            "winner": self.winner if self.phase == OVER else -1,
            "turns": self.turn,
            "end": end,
            **self.counts,
        }

    def score(self, seat: int) -> float:
        """Chances of `seat` in [0, 1] by a material-and-skill count, for search cut-offs."""
        from .bots import evaluate

        return evaluate(self, seat)
