"""Correction: the rules of rules.md as a state machine.

Rule numbers (R-n) and resolutions (A-n) refer to that file. One turn is a run of decisions:
the active player spawns (0 to 2 "Spawn" actions), then declares moves; every declaration
opens a response window in which the inactive seat decides (allow, Move Denial, Piece Denial)
before play returns to the active seat. The first declaration also fixes the R-9 option: a
piece spawned this turn means option (1), any other piece option (2).

Internally a decision is a small tuple (see `_options`), so search bots can explore without
building labelled Actions; `legal_actions` and `apply` translate to and from Actions.
"""

from __future__ import annotations

from fractions import Fraction

from ...core import CHANCE, TERMINAL, Action, Chance, Result, State
from ...core.chance import uniform
from .actions import Actions
from .catalog import BOTH, CAPTURE, HOME, MOVE, NAMES, SEATS, SIZE, Catalog, home_squares
from .phases import (
    ALLOW,
    BANISH,
    DENY,
    END,
    FIRST,
    INF,
    MOVING,
    OVER,
    RESPOND,
    SINGLE,
    SPAWN,
    SPAWNED,
)

_FIRST_CHANCE = Chance(
    uniform((0, 1)),
    "Who starts (R-2)",
    odds=(("South starts", Fraction(1, 2)),),
    names=lambda seat: f"{SEATS[seat]} starts",
)


# The list legal_actions() returned last and the internal decisions it was made from, so a
# bot handed that very list need not work them out again. One tuple, read and replaced
# whole, so that games played side by side in threads never mix two listings.
LISTED: list = [(None, None)]


class CorrectionState(Actions, State):
    """The position and the rules that change it; how its decisions read as Actions, and
    why one is not legal, is in actions.py."""

    # The fields the rules read to decide what may happen next; the others (the catalog and
    # variants, fixed for a game, and the record kept for people and statistics) do not.
    PLAY = (
        "board",
        "token",
        "reserve",
        "stock",
        "supply",
        "active",
        "turn",
        "phase",
        "spawned",
        "spawn_count",
        "option",
        "must",
        "pending",
        "winner",
        "quiet",
        "progressed",
    )
    __slots__ = ("cat", "rules", *PLAY, "last", "first", "counts")

    num_seats = 2

    def __init__(self, cat: Catalog, rules: dict, first: int | None = None):
        self.cat = cat
        self.rules = rules
        self.board = [-1] * (SIZE * SIZE)
        # Turn in which the token on a square was placed, -1 for no token.
        self.token = [-1] * (SIZE * SIZE)
        # every piece starts in its owner's reserve as (kind, laid down until after the
        # Spawn phase of this turn); -1 means it may be spawned.
        self.reserve = [
            [(k, -1) for k, n in enumerate(cat.counts) for _ in range(n)] for _ in SEATS
        ]
        self.stock = [0, 0]
        supply = rules["cor.token_supply"]
        self.supply = None if supply == INF else supply
        self.active = 0
        self.turn = 0
        self.phase = FIRST
        self.spawned: list[int] = []  # squares of pieces spawned this turn and not yet moved
        self.spawn_count = 0
        self.option: str | None = None
        self.must = -1  # a piece whose move was just denied must move again if it can
        self.pending: tuple[int, int] | None = None
        self.winner = -1
        self.quiet = 0  # consecutive turns without capture, spawn or recovery
        self.progressed = False
        self.last: tuple[int, int] | None = None
        self.first = -1
        self.counts = {
            "captures": 0,
            "spawns": 0,
            "move_denials": 0,
            "banishes": 0,
            "recoveries": 0,
        }
        if first is not None:
            self.apply_chance(first)

    RECORD = ("cat", "rules", "last", "first", "counts")

    def position(self) -> tuple:
        """The PLAY fields as one hashable value: two states of one game with equal positions
        play on alike, which lets search bots remember what they worked out."""
        return (
            tuple(self.board),
            tuple(self.token),
            tuple(self.reserve[0]),
            tuple(self.reserve[1]),
            self.stock[0],
            self.stock[1],
            self.supply,
            self.active,
            self.turn,
            self.phase,
            tuple(self.spawned),
            self.spawn_count,
            self.option,
            self.must,
            self.pending,
            self.winner,
            self.quiet,
            self.progressed,
        )

    def clone(self) -> CorrectionState:
        st = CorrectionState.__new__(CorrectionState)
        st.cat = self.cat
        st.rules = self.rules
        st.board = self.board[:]
        st.token = self.token[:]
        st.reserve = [self.reserve[0][:], self.reserve[1][:]]
        st.stock = self.stock[:]
        st.supply = self.supply
        st.active = self.active
        st.turn = self.turn
        st.phase = self.phase
        st.spawned = self.spawned[:]
        st.spawn_count = self.spawn_count
        st.option = self.option
        st.must = self.must
        st.pending = self.pending
        st.winner = self.winner
        st.quiet = self.quiet
        st.progressed = self.progressed
        st.last = self.last
        st.first = self.first
        st.counts = dict(self.counts)
        return st

    def __deepcopy__(self, memo):
        return self.clone()

    # -- who moves ------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        phase = self.phase
        if phase == RESPOND:
            return 1 - self.active
        if phase == OVER:
            return TERMINAL
        if phase == FIRST:
            return CHANCE
        return self.active

    def chance(self) -> Chance:
        return _FIRST_CHANCE

    def apply_chance(self, outcome) -> None:
        """R-2: the first player is active; the other takes the starting tokens."""
        self.first = self.active = outcome
        self._gain(1 - outcome, self.cat.second_tokens)
        self.turn = 1
        self.phase = SPAWN

    # -- movement (table 1.2 and R-14) ------------------------------------------------------
    def targets(
        self, sq: int, lines: tuple | None = None, first: bool = False, board: list | None = None
    ) -> list[int]:
        """Squares the piece on `sq` may legally move to now; `lines`, a part of the piece's
        lines from `sq` (catalog.targets), limits the look to those. With `first`, only the
        first such square (for whether there is one); with `board`, on that board instead of
        the state's."""
        if board is None:
            board = self.board
        code = board[sq]
        token, turn = self.token, self.turn
        owner = code & 1
        enters = self.cat.enters_tokens[code >> 1]
        out = []
        for dest, mode, between in self.cat.targets[code][sq] if lines is None else lines:
            occ = board[dest]
            if occ >= 0 and occ & 1 == owner:
                continue
            placed = token[dest]
            if placed >= 0 and (placed == turn or not enters):
                continue
            if occ < 0:
                if mode == CAPTURE:
                    continue
            elif mode == MOVE:
                continue
            if between and any(board[b] >= 0 for b in between):
                continue
            out.append(dest)
            if first:
                break
        return out

    def _movers(self) -> list[int]:
        """Squares of the active player's pieces that may be declared now (R-9, R-13)."""
        active, board = self.active, self.board
        if self.phase == SPAWN:
            pool = [sq for sq in range(SIZE * SIZE) if board[sq] >= 0 and board[sq] & 1 == active]
        elif self.option == SPAWNED:
            pool = self.spawned
        else:
            spawned = self.spawned
            pool = [
                sq
                for sq in range(SIZE * SIZE)
                if board[sq] >= 0 and board[sq] & 1 == active and sq not in spawned
            ]
        if self.must >= 0 and self.must in pool and self.targets(self.must):
            return [self.must]
        return pool

    def _declarations(self) -> list[tuple[int, int]]:
        return [(f, t) for f in self._movers() for t in self.targets(f)]

    def _can_declare(self) -> bool:
        """Whether any declaration is legal now (stops at the first)."""
        # _movers narrows its pool to the denied piece only when that piece has a legal
        # move, so whether any piece of the pool has one decides; the pool is not listed.
        active, board = self.active, self.board
        if self.phase == SPAWN:
            spawned = ()
        elif self.option == SPAWNED:
            return any(self.targets(f, first=True) for f in self.spawned)
        else:
            spawned = self.spawned
        at = -1
        for code in board:
            at += 1
            if (
                code >= 0
                and code & 1 == active
                and at not in spawned
                and self.targets(at, first=True)
            ):
                return True
        return False

    def _spawn_kinds(self) -> list[int]:
        """Kinds the active player may spawn now (R-5, R-6), once each."""
        if self.phase != SPAWN or self.spawn_count >= self.cat.spawn_limit:
            return []
        turn = self.turn
        kinds = []
        for kind, until in self.reserve[self.active]:
            if until < turn and kind not in kinds:
                kinds.append(kind)
        return kinds

    def _spawn_squares(self) -> list[int]:
        board, token = self.board, self.token
        # A square holding a token is not empty for placing (only Pawns may enter it, and
        # only by moving), so spawning onto it is not allowed.
        return [sq for sq in home_squares(self.active) if board[sq] < 0 and token[sq] < 0]

    def _spawn_gives_move(self, kinds, squares) -> bool:
        # Each spawn is tried on a copy of the board: listing the legal actions only reads the
        # state, which a view may be drawing from another thread while a bot decides.
        board = self.board[:]
        for kind in kinds:
            code = 2 * kind + self.active
            for sq in squares:
                board[sq] = code
                found = bool(self.targets(sq, first=True, board=board))
                board[sq] = -1
                if found:
                    return True
        return False

    def _options(self) -> list[tuple]:
        """The legal decisions as internal tuples."""
        phase = self.phase
        if phase == RESPOND:
            return self._answers(self.pending)
        if phase not in (SPAWN, MOVING):
            return []
        out = [("m", f, t) for f, t in self._declarations()]
        if phase == SPAWN:
            kinds, squares = self._spawn_kinds(), self._spawn_squares()
            spawns = [("s", k, sq) for k in kinds for sq in squares]
            # with no move on the board, the turn may end without one only when
            # no spawn could give a piece a legal move.
            if not out and not (spawns and self._spawn_gives_move(kinds, squares)):
                spawns.append(END)
            out = spawns + out
        return out

    def _answers(self, pending: tuple[int, int]) -> list[tuple]:
        """The inactive player's answers to the declaration `pending` (from, to): those of a
        response window on it, which opens only when there is more than ALLOW (R-13)."""
        out = [ALLOW]
        stock = self.stock[1 - self.active]
        # The stock is looked at first: _deny_problem words the reason when it is short.
        if stock >= self.cat.deny_cost and self._deny_problem(pending) is None:
            out.append(DENY)
        if stock >= self.cat.banish_cost:
            out.append(BANISH)
        return out

    # -- decisions ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        options = self._options()
        actions = [self._action(o) for o in options]
        LISTED[0] = actions, options
        return actions

    def apply(self, action: Action) -> None:
        o = self._decode(action)
        if o is None:
            raise ValueError(f"not a Correction action: {action}")
        self.do(o)

    def do(self, o: tuple) -> None:
        """Apply a legal internal decision."""
        kind = o[0]
        if kind == "m":
            self._declare(o[1], o[2])
        elif kind == "s":
            self._spawn(o[1], o[2])
        elif kind == "a":
            self._carry_out()
        elif kind == "d":
            self._move_denial()
        elif kind == "b":
            self._piece_denial()
        else:
            self._end_turn()

    # -- carrying out ---------------------------------------------------------------------
    def _gain(self, seat: int, n: int) -> int:
        if self.supply is not None:
            n = min(n, self.supply)
            self.supply -= n
        self.stock[seat] += n
        return n

    def _spawn(self, kind: int, sq: int) -> None:
        """R-5, R-7: place a piece on the home row; the inactive player takes tokens."""
        reserve = self.reserve[self.active]
        turn = self.turn
        for i, (k, until) in enumerate(reserve):
            if k == kind and until < turn:
                del reserve[i]
                break
        self.board[sq] = 2 * kind + self.active
        self.spawned.append(sq)
        self.spawn_count += 1
        self._gain(1 - self.active, self.cat.spawn_tokens)
        self.progressed = True
        self.counts["spawns"] += 1

    def _declare(self, f: int, t: int) -> None:
        if self.phase == SPAWN:
            self.phase = MOVING
            self.option = SPAWNED if f in self.spawned else SINGLE
        self.pending = (f, t)
        # the response window opens only when the inactive player can do more than
        # let the move happen.
        if self.stock[1 - self.active] >= self.cat.banish_cost or self._deny_problem() is None:
            self.phase = RESPOND
        else:
            self._carry_out()

    def _deny_problem(self, pending: tuple[int, int] | None = None) -> tuple[str, str] | None:
        """Why the inactive player cannot place a Move Denial on the pending move (or on the
        declaration `pending`, were it made now), or None."""
        f, t = self.pending if pending is None else pending
        cost = self.cat.deny_cost
        if self.stock[1 - self.active] < cost:
            return "R-13b", (
                f"a Move Denial costs {cost} token{'s' if cost != 1 else ''}; "
                f"{SEATS[1 - self.active]} has {self.stock[1 - self.active]}"
            )
        rows = self.rules["cor.no_token_rows"]
        row = t // SIZE
        goal, own = HOME[1 - self.active], HOME[self.active]
        if (row == goal and rows in ("both", "goal_only")) or (
            row == own and rows in ("both", "own_only")
        ):
            return "A-4", f"no token may be placed on a home row ({NAMES[t]})"
        if self.token[t] >= 0:
            return "A-21", f"{NAMES[t]} already holds a Denial Token (one token per square)"
        if self.board[t] >= 0 and not self.rules["cor.deny_occupied"]:
            return "A-6", (
                f"{NAMES[t]} holds a piece, and this variant allows Move Denial "
                "on empty squares only"
            )
        return None

    def _carry_out(self) -> None:
        """R-16: move, capture, recover a token (R-15), then check for a win (R-17)."""
        f, t = self.pending
        self.pending = None
        self.must = -1
        board, active = self.board, self.active
        code = board[f]
        occ = board[t]
        board[f] = -1
        if occ >= 0:
            # captured on turn t, it cannot be spawned on turn t + 1.
            self.reserve[occ & 1].append((occ >> 1, self.turn + 1))
            self.progressed = True
            self.counts["captures"] += 1
        board[t] = code
        if self.token[t] >= 0 and self.cat.enters_tokens[code >> 1]:
            self.token[t] = -1
            self.stock[active] += 1
            self.progressed = True
            self.counts["recoveries"] += 1
        self.last = (f, t)
        if f in self.spawned:
            self.spawned.remove(f)
        if t // SIZE == HOME[1 - active]:
            self.winner = active
            self.phase = OVER
            return
        if self.option == SINGLE:
            self._end_turn()
        else:
            self._continue()

    def _move_denial(self) -> None:
        """R-13b: a token lands on the destination; the piece stays where it was."""
        f, t = self.pending
        responder = 1 - self.active
        self.stock[responder] -= self.cat.deny_cost
        if self.supply is not None:
            self.supply += self.cat.deny_cost - 1
        self.token[t] = self.turn
        self.pending = None
        self.must = f
        self.counts["move_denials"] += 1
        self._continue()

    def _piece_denial(self) -> None:
        """R-13c: the declared piece goes back to its owner's reserve before it moves."""
        f, _ = self.pending
        responder = 1 - self.active
        cost = self.cat.banish_cost
        self.stock[responder] -= cost
        if self.supply is not None:
            self.supply += cost
        code = self.board[f]
        self.board[f] = -1
        # by default the piece may come back on its owner's next turn; the variant lays
        # it down like a captured piece until after that turn's Spawn phase.
        until = self.turn + 2 if self.rules["cor.banish"] == "captured" else -1
        self.reserve[self.active].append((code >> 1, until))
        if f in self.spawned:
            self.spawned.remove(f)
        self.pending = None
        self.must = -1
        self.counts["banishes"] += 1
        self._continue()

    def _continue(self) -> None:
        self.phase = MOVING
        if not self._can_declare():
            self._end_turn()

    def _end_turn(self) -> None:
        """R-4 and the R-18 draw counter."""
        self.quiet = 0 if self.progressed else self.quiet + 1
        if self.quiet >= self.rules["cor.draw_after"]:
            self.phase = OVER
            return
        self.turn += 1
        turn = self.turn
        # Laid-down pieces stand up once their wait is over, so the reserve shows only
        # waits that still matter.
        for reserve in self.reserve:
            for _, until in reserve:
                if 0 <= until < turn:
                    reserve[:] = [(k, -1 if until < turn else until) for k, until in reserve]
                    break
        self.active = 1 - self.active
        self.phase = SPAWN
        self.spawned = []
        self.spawn_count = 0
        self.option = None
        self.must = -1
        self.pending = None
        self.progressed = False

    # -- information --------------------------------------------------------------------------
    def observation(self, seat: int | None = None) -> dict:
        """Correction hides nothing: every seat sees the whole table."""
        cat = self.cat
        return {
            "turn": self.turn,
            "active": SEATS[self.active] if self.first >= 0 else None,
            "first": SEATS[self.first] if self.first >= 0 else None,
            "phase": self.phase,
            "option": self.option,
            "board": {
                NAMES[sq]: f"{SEATS[c & 1]} {cat.kinds[c >> 1]}"
                for sq, c in enumerate(self.board)
                if c >= 0
            },
            "tokens_on_board": {NAMES[sq]: t for sq, t in enumerate(self.token) if t >= 0},
            "stock": {SEATS[s]: self.stock[s] for s in range(2)},
            "supply": INF if self.supply is None else self.supply,
            "reserve": {
                SEATS[s]: [
                    {
                        "piece": cat.kinds[k],
                        "laid_down_until_after_turn": None if until < 0 else until,
                    }
                    for k, until in sorted(self.reserve[s])
                ]
                for s in range(2)
            },
            "spawned_this_turn": [NAMES[sq] for sq in self.spawned],
            "pending": None if self.pending is None else [NAMES[sq] for sq in self.pending],
            "last_move": None if self.last is None else [NAMES[sq] for sq in self.last],
            "quiet_turns": self.quiet,
            "winner": SEATS[self.winner] if self.winner >= 0 else None,
        }

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        if self.winner < 0:
            return Result(
                "draw",
                (),
                f"{self.rules['cor.draw_after']} turns without a capture, "
                "a spawn or a token recovered (R-18)",
                {"turns": self.turn},
            )
        return Result(f"{SEATS[self.winner]} wins", (self.winner,), details={"turns": self.turn})

    def view(self, seat: int | None):
        from .render import render

        return render(self, seat)

    def stats(self) -> dict:
        return {
            "first": self.first,
            "winner": self.winner if self.phase == OVER else -1,
            "turns": self.turn,
            **self.counts,
        }

    def score(self, seat: int) -> float:
        """Chances of `seat` in [0, 1] by the bots' evaluation, for search cut-offs."""
        from .evaluate import win_chance

        return win_chance(self, seat)


# Re-exported for tests and bots.
__all__ = [
    "CorrectionState",
    "FIRST",
    "SPAWN",
    "MOVING",
    "RESPOND",
    "OVER",
    "SPAWNED",
    "SINGLE",
    "BOTH",
    "MOVE",
    "CAPTURE",
]
