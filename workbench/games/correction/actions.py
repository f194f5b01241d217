"""Correction's decisions in people's terms: the internal tuples of rules.py as labelled
Actions and back, the actions a player might try (`candidates`), and why one of them is not
legal now (`explain`, in the words and rule numbers of rules.md)."""

from __future__ import annotations

from ...core import Action
from .catalog import CAPTURE, HOME, MOVE, NAMES, SEATS, SIZE, SQUARE, home_squares
from .phases import ALLOW, BANISH, DENY, END, FIRST, MOVING, OVER, RESPOND, SPAWN, SPAWNED


class Actions:
    """Mixed into CorrectionState: reads the position, changes nothing."""

    # -- decisions as Actions -------------------------------------------------------------
    def _action(self, o: tuple) -> Action:
        kind = o[0]
        if kind == "m":
            f, t = o[1], o[2]
            return Action("move", (NAMES[f], NAMES[t]), self._move_label(f, t))
        if kind == "s":
            name = self.cat.kinds[o[1]]
            return Action("spawn", (name, NAMES[o[2]]), f"Spawn {name} at {NAMES[o[2]]}")
        if kind == "e":
            return Action("end", (), "End the turn without a move")
        f, t = self.pending
        mover = self.cat.kinds[self.board[f] >> 1]
        if kind == "a":
            return Action("allow", (), f"Allow {self._move_label(f, t)}")
        if kind == "d":
            cost = self.cat.deny_cost
            return Action(
                "deny",
                (),
                f"Deny the move: token on {NAMES[t]} ({cost} token{'s' if cost != 1 else ''})",
            )
        cost = self.cat.banish_cost
        return Action(
            "banish",
            (),
            f"Banish the {mover} on {NAMES[f]} ({cost} token{'s' if cost != 1 else ''})",
        )

    def _move_label(self, f: int, t: int) -> str:
        cat = self.cat
        label = f"{cat.kinds[self.board[f] >> 1]} {NAMES[f]} → {NAMES[t]}"
        occ = self.board[t]
        if occ >= 0:
            label += f", captures {cat.kinds[occ >> 1]}"
        if t // SIZE == HOME[1 - self.active]:
            label += ", wins"
        return label

    def _decode(self, action: Action) -> tuple | None:
        """The internal tuple of an Action, or None if its arguments name nothing."""
        kind, args = action.kind, action.args
        try:
            if kind == "move":
                return ("m", SQUARE[args[0]], SQUARE[args[1]])
            if kind == "spawn":
                return ("s", self.cat.index[args[0]], SQUARE[args[1]])
        except (KeyError, IndexError, TypeError):
            return None
        return {"end": END, "allow": ALLOW, "deny": DENY, "banish": BANISH}.get(kind)

    # -- reasons ----------------------------------------------------------------------------
    def candidates(self) -> list[Action]:
        legal = self.legal_actions()
        if self.phase == RESPOND:
            seen = set(legal)
            return legal + [
                self._action(o) for o in (ALLOW, DENY, BANISH) if self._action(o) not in seen
            ]
        if self.phase not in (SPAWN, MOVING):
            return legal
        seen = set(legal)
        out = list(legal)
        active = self.active
        for name in self.cat.kinds:
            for sq in home_squares(active):
                a = Action("spawn", (name, NAMES[sq]), f"Spawn {name} at {NAMES[sq]}")
                if a not in seen:
                    out.append(a)
        for sq in range(SIZE * SIZE):
            code = self.board[sq]
            if code < 0 or code & 1 != active:
                continue
            for dest, _, _ in self.cat.targets[code][sq]:
                if self.board[dest] >= 0 and self.board[dest] & 1 == active:
                    continue
                a = Action("move", (NAMES[sq], NAMES[dest]), self._move_label(sq, dest))
                if a not in seen:
                    out.append(a)
        end = self._action(END)
        if end not in seen:
            out.append(end)
        return out

    def explain(self, action: Action) -> tuple[str, str] | None:
        o = self._decode(action)
        if o is None or self.phase in (FIRST, OVER):
            return None
        kind = o[0]
        if kind in "adb":
            if self.phase != RESPOND:
                return "R-13", "there is no declared move to respond to"
            if kind == "d":
                return self._deny_problem()
            if kind == "b":
                cost = self.cat.banish_cost
                return "R-13c", (
                    f"a Piece Denial costs {cost} tokens; "
                    f"{SEATS[1 - self.active]} has {self.stock[1 - self.active]}"
                )
            return None
        if self.phase == RESPOND:
            return "R-13", (f"{SEATS[1 - self.active]} must first respond to the declared move")
        if kind == "s":
            return self._spawn_problem(o[1], o[2])
        if kind == "m":
            return self._move_problem(o[1], o[2])
        if self._can_declare():
            return "R-12", "a legal move exists, so the turn must include one"
        return "R-12", "spawning a piece would give you a legal move, so you must spawn first"

    def _spawn_problem(self, kind: int, sq: int) -> tuple[str, str]:
        name = self.cat.kinds[kind]
        if self.phase != SPAWN:
            return "R-3", "the Spawn phase is over once a move has been declared"
        if sq not in home_squares(self.active):
            return "R-5", f"pieces are spawned on your home row, row {HOME[self.active] + 1}"
        if self.spawn_count >= self.cat.spawn_limit:
            return "R-5", f"at most {self.cat.spawn_limit} pieces may be spawned in a turn"
        mine = [until for k, until in self.reserve[self.active] if k == kind]
        if not mine:
            return "R-5", f"no {name} is left in your reserve"
        if all(until >= self.turn for until in mine):
            return "R-6", (
                f"your {name} was taken off the board too recently; it can be "
                f"spawned after turn {min(mine)}"
            )
        if self.board[sq] >= 0:
            return "R-5", f"{NAMES[sq]} is not empty"
        return "R-14", f"a Denial Token lies on {NAMES[sq]}"

    def _move_problem(self, f: int, t: int) -> tuple[str, str]:
        code = self.board[f]
        if code < 0 or code & 1 != self.active:
            return "R-11", f"no piece of yours stands on {NAMES[f]}"
        name = self.cat.kinds[code >> 1]
        movers = self._movers()
        if f not in movers:
            if self.must >= 0 and f != self.must:
                return "R-13b", (
                    f"the denied piece on {NAMES[self.must]} must move again, "
                    "since it still has a legal move"
                )
            if self.option == SPAWNED:
                return "R-9", (
                    f"you chose to move the pieces spawned this turn; the {name} on "
                    f"{NAMES[f]} was not spawned, or has already moved"
                )
            return "R-9", (
                f"you chose to move one piece not spawned this turn; the {name} on "
                f"{NAMES[f]} was spawned this turn"
            )
        line = next(
            ((mode, between) for dest, mode, between in self.cat.targets[code][f] if dest == t),
            None,
        )
        if line is None:
            return "R-11", f"a {name} cannot move from {NAMES[f]} to {NAMES[t]} (table 1.2)"
        mode, between = line
        occ = self.board[t]
        if occ >= 0 and occ & 1 == self.active:
            return "R-11", f"{NAMES[t]} holds your own piece"
        placed = self.token[t]
        if placed == self.turn:
            return "R-14a", f"the Denial Token placed on {NAMES[t]} this turn blocks it"
        if placed >= 0 and not self.cat.enters_tokens[code >> 1]:
            return "R-14c", f"a {name} may never enter a square holding a Denial Token"
        if occ < 0 and mode == CAPTURE:
            return "R-11", f"a {name} may go to {NAMES[t]} only to capture, and it is empty"
        if occ >= 0 and mode == MOVE:
            return "R-11", f"a {name} may go to {NAMES[t]} only when it is empty"
        blocked = [NAMES[b] for b in between if self.board[b] >= 0]
        return "A-2", f"{', '.join(blocked)} holds a piece in the way"
