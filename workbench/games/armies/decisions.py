"""Armies' decisions: which are legal in each phase, the keys and labels `legal_actions` gives
them, and carrying one out (`apply`, `do`). Internally a decision is a small tuple (plays.py
describes the card plays and ability uses); the state machine is in rules.py.
"""

from __future__ import annotations

from ...core import Action
from .catalog import NAMES
from .vocab import DOMAIN_NAMES, DOMAINS

# Decision phases; RUN means the engine is working through its agenda.
FIRST, DRAW, ROLL = "first player", "draw", "roll"
STEP, PAY, RESPOND, CHARGE, LOSE, OVER, RUN = (
    "step",
    "pay",
    "respond",
    "charge",
    "lose skill",
    "over",
    "run",
)
# Steps of a turn.
OPP1, MOVE, OPP2, REST = "First Opportunity", "Move", "Second Opportunity", "Rest"


class Decisions:
    """Mixed into the state: its decisions, listed, labelled and applied."""

    # -- decisions --------------------------------------------------------------------------------
    def _options(self) -> list[tuple]:
        cached = self._options_cache
        if cached is not None:
            return cached
        phase = self.phase
        if phase == STEP:
            options = self._step_options()
        elif phase == RESPOND:
            options = self.response_options(self.window.asking) + [("pass",)]
        elif phase == PAY:
            options = [("pay", x) for x in self.paying[2].choices()]
        elif phase == CHARGE:
            options = self.charge_options()
        elif phase == LOSE:
            general = self.general(self.losing[0])
            options = [("lose", d) for d in range(5) if general.maxs[d] > 0]
        else:
            options = []
        self._options_cache = options
        return options

    def _step_options(self) -> list[tuple]:
        seat, step = self.active, self.step
        if step == MOVE:
            moves = self.move_options(seat)
            forced = self.forced_moves(moves)
            return forced if forced else moves + [("end",)]
        if step == REST:
            return [
                ("rest", p.id)
                for p in self.pieces
                if p.owner == seat
                and p.sq >= 0
                and (p.cur != p.maxs or (p.leader is not None and not p.ready))
                and "cannot_rest" not in self.traits(p)
            ] + [("end",)]
        return self.play_options(seat) + self.ability_options(seat) + [("end",)]

    def forced_moves(self, moves: list[tuple]) -> list[tuple]:
        """Unholy Bloodthirst: the cursed army must move or attack if it can (A-24)."""
        cursed = {
            p.id
            for p in self.pieces
            if p.owner == self.active and p.sq >= 0 and p.cards and "must_move" in self.traits(p)
        }
        return [m for m in moves if m[1] in cursed] if cursed else []

    def legal_actions(self) -> list[Action]:
        if self.phase in (OVER, FIRST, DRAW, ROLL, RUN):
            return []
        options = self._options()
        actions = [self.action(o) for o in options]
        # Remembered until the next change, so `apply` finds the option without relabelling.
        self._chosen = (
            options,
            {(a.kind, a.args): o for a, o in zip(actions, options, strict=True)},
        )
        return actions

    def apply(self, action: Action) -> None:
        wanted = (action.kind, action.args)
        chosen = self._chosen
        if chosen is not None and chosen[0] is self._options_cache:
            o = chosen[1].get(wanted)
            if o is not None:
                self.do(o)
                return
        for o in self._options():
            if self._key(o) == wanted:
                self.do(o)
                return
        raise ValueError(f"not a legal Armies action now: {action}")

    def do(self, o: tuple) -> None:
        """Apply a legal internal decision."""
        seat = self.to_move
        self._options_cache = None
        kind = o[0]
        self.phase = RUN
        if kind == "end":
            self._end_step()
        elif kind == "move":
            # The Move step ends once the move, its attack and any charge are over.
            self.todo.append(("end_step",))
            self.declare_move(o[1], o[2], o[3])
        elif kind == "play":
            self.start_play(seat, o)
        elif kind == "ability":
            self.use_ability(seat, o)
        elif kind == "pay":
            self.paying[2].choose(o[1])
            self.continue_payment()
        elif kind == "pass":
            self.window.pass_()
            if not self.window.open:
                self.todo.append(("resolve",))
        elif kind == "rest":
            self.pieces[o[1]].rest()
            self._end_step()
        elif kind == "charge":
            self.charge_on(o[1])
        elif kind == "lose":
            seat = self.losing.pop(0)
            self.lower_general(seat, o[1])
        self._run()

    # -- labels ------------------------------------------------------------------------------------
    def _key(self, o: tuple) -> tuple[str, tuple]:
        kind = o[0]
        if kind == "move":
            p = self.pieces[o[1]]
            return "move", (NAMES[p.sq], NAMES[o[2]], o[3]) if o[3] else (NAMES[p.sq], NAMES[o[2]])
        if kind in ("end", "pass"):
            return kind, ()
        if kind == "rest":
            return "rest", (NAMES[self.pieces[o[1]].sq],)
        if kind == "pay":
            pid = self.paying[2].asking
            letters = "".join(DOMAINS[d] * n for d, n in enumerate(o[1]))
            return "pay", (NAMES[self.pieces[pid].sq], letters)
        if kind == "lose":
            return "lose", (DOMAINS[o[1]],)
        if kind == "charge":
            return "charge", (NAMES[o[1]],)
        if kind == "play":
            return "play", self.play_key(o)
        return "ability", self.ability_key(o)

    def action(self, o: tuple) -> Action:
        kind, args = self._key(o)
        return Action(kind, args, self.label(o))

    def label(self, o: tuple) -> str:
        kind = o[0]
        if kind == "end":
            return {
                OPP1: "Go to the Move step",
                MOVE: "Skip the move",
                OPP2: "Go to Rest",
                REST: "Rest no piece",
            }[self.step]
        if kind == "pass":
            return self.pass_label()
        if kind == "move":
            return self.move_label(o)
        if kind == "rest":
            p = self.pieces[o[1]]
            return f"Rest the {p.name} on {NAMES[p.sq]}"
        if kind == "pay":
            p = self.pieces[self.paying[2].asking]
            what = " + ".join(f"{n} {DOMAIN_NAMES[DOMAINS[d]]}" for d, n in enumerate(o[1]) if n)
            return f"Pay {what or 'nothing'} from the {p.name} on {NAMES[p.sq]}"
        if kind == "lose":
            return f"The General loses a point of {DOMAIN_NAMES[DOMAINS[o[1]]]} (R-25)"
        if kind == "charge":
            return self.charge_label(o[1])
        if kind == "play":
            return self.play_label(o)
        return self.ability_label(o)
