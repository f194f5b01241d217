"""The flow of a match: set-up (3.3), the turn and its phases (R-16 .. R-22) and the priority
windows between them (R-30, A-5). Each `_do_` step is one entry of the state's `todo`."""

from __future__ import annotations

from ...core.kit import PriorityWindow
from .board import HQ, Loc
from .costs import Cost

PHASES = ("Begin", "Production", "Mission", "Deploy", "End")


class Turns:
    """Mixed into the state: set-up, turns and phases."""

    # -- set-up (3.3) and drawing -----------------------------------------------------------
    def _set_first(self, seat: int) -> None:
        self.first = seat
        second = 1 - seat
        steps = [("pick", seat), ("pick", second), ("pick", seat)]
        steps += [("draw", s) for s in (seat, second) for _ in range(self.cat.hand_size)]
        steps += [("mulligan", seat), ("mulligan", second)]
        self.todo[0:0] = steps
        self.active = second  # the second player takes the first turn

    def _do_first(self) -> None:
        self.wait = ("first",)

    def _do_pick(self, seat: int) -> None:
        n = len(self.locs)
        if n < len(self.picks):
            self._place(seat, self.picks[n])
            return
        self.ask = (seat, "pick", None)

    def _place(self, seat: int, name: str) -> None:
        self.brought[seat].remove(name)
        self.locs.append(Loc(name, seat))
        self.note(f"Seat {seat + 1} places {name} (R-8)")

    def _do_draw(self, seat: int) -> None:
        deck = self.deck[seat]
        if deck:
            self.wait = ("draw", seat)
        elif self.bottom[seat]:
            self.zones.add(seat, "hand", self.bottom[seat].pop(0))
        elif self.zones[seat, "discard"]:
            deck.refill(self.zones[seat, "discard"])
            self.note(f"Seat {seat + 1} shuffles the discard pile into a new deck (R-4)")
            self.wait = ("draw", seat)
        elif self.rule("loc.deckout") == "lose":
            self._end(1 - seat, f"Seat {seat + 1} had to draw with no cards left (A-24)")
        else:
            self.note(f"Seat {seat + 1} has no card to draw (A-24)")

    def _do_mulligan(self, seat: int) -> None:
        if self.mulliganed[seat]:
            return
        self._again(("mulligan", seat), seat, "mulligan")

    def _do_bottom(self, seat: int) -> None:
        if self.zones[seat, "hand"]:
            self.ask = (seat, "bottom", None)

    # -- the turn (R-16) --------------------------------------------------------------------
    def _do_turn(self) -> None:
        limit = self.rule("loc.turn_limit")
        if self.turn and limit and self.turn >= limit:
            self._end_by_limit()
            return
        if self.turn:
            self.active = 1 - self.active
        self.turn += 1
        self.own_turns[self.active] += 1
        self.prod_left = 0
        steps = []
        for phase in PHASES:
            steps += [("phase", phase), ("window", f"start of {phase}")]
            steps += {
                "Begin": [("upkeep",), ("home",)],
                "Production": [("production",)],
                "Mission": [("mission",)],
                "Deploy": [("deploy",)],
                "End": [("cleanup",)],
            }[phase]
            if phase != "End":  # the End phase's cleanup is the last thing of a turn
                steps.append(("window", f"end of {phase}"))
        self.todo[0:0] = steps

    def _do_phase(self, name: str) -> None:
        self.phase = name

    # -- priority windows (R-30, A-5) -------------------------------------------------------
    def _do_window(self, tag: str) -> None:
        if self.window is None:
            self.window = PriorityWindow((self.active, 1 - self.active))
            self.window_tag = tag
        seat = self.window.next_seat(lambda s: bool(self.window_plays(s)))
        if seat is None:
            self.window = None
            self.window_tag = ""
            if self.stack:
                self._resolve_stack()
            return
        self._again(("window", tag), seat, "window")

    # -- Begin phase (R-17) -----------------------------------------------------------------
    def _do_upkeep(self) -> None:
        seat = self.active
        steps = [
            ("upkeep_one", uid)
            for uid in self.chars[seat] + self.assets[seat]
            if self.card(uid).has("Upkeep")
        ]
        self.todo[0:0] = steps

    def _do_upkeep_one(self, uid) -> None:
        if uid not in self.inplay:
            return
        seat = self.inplay[uid].owner
        cost = Cost(self.card(uid).amount("Upkeep"))
        if not self.payment_options(seat, [cost]):
            self.note(f"{self.label(uid)} cannot be kept: its upkeep cannot be paid (R-36)")
            self.destroy(uid)
            return
        self.ask = (seat, "upkeep", uid)

    def _do_home(self) -> None:
        for uid in self.chars[self.active]:
            self.inplay[uid].where = HQ

    # -- Production (R-18) ------------------------------------------------------------------
    def _do_production(self) -> None:
        if self.turn == 1 and self.rule("loc.first_turn") == "no_production":
            self.note("The first turn skips Production (A-6)")
            return
        self.prod_left += self.cat.production
        self.todo.insert(0, ("produce",))

    def _do_produce(self) -> None:
        if self.prod_left <= 0:
            self.prod_left = 0
            return
        self._again(("produce",), self.active, "produce")

    # -- Deploy and End (R-22) -------------------------------------------------------
    def _do_deploy(self) -> None:
        self._again(("deploy",), self.active, "deploy")

    def _do_cleanup(self) -> None:
        for inst in self.inplay.values():
            inst.damage = 0
            inst.temp = [0, 0, 0]
            inst.prevent = False
            inst.used = False
        self.used_names = [set(), set()]
        self.todo.insert(0, ("discard_down", self.active))

    def _do_discard_down(self, seat: int) -> None:
        if len(self.zones[seat, "hand"]) > self.cat.hand_size:
            self._again(("discard_down", seat), seat, "discard")
