"""Squad Combat's setup and turns: dealing the hands and setting up the dice pools
(R-3, R-4), the turn, its action phases and its end (R-6 .. R-10), and a refresh's new dice
(R-16). Each is a step of the state's queue (`_s_` methods, rules.STEPS)."""

from __future__ import annotations

from itertools import combinations

from ...core.kit import turn_order

HAND = 5  # hand size
END_DISCARDS = 2


class Turns:
    """Mixed into SquadState: the steps of setting up and of taking turns."""

    # -- setup (R-3, R-4) -------------------------------------------------------------------------
    def _s_draw(self, seat: int, k: int) -> None:
        p = self.players[seat]
        if k <= 0 or p.out:
            return
        if not p.deck:
            if self.rules["sc.deckout"] == "lose":  # A-22 variant
                self.note(f"Seat {seat + 1} must draw from an empty deck and loses")
                self._eliminate(seat)
                return
            if not p.discard:
                return
            p.deck.refill(p.discard)  # the discard pile is shuffled into a new deck
            self.note(f"Seat {seat + 1} shuffles the discard pile into a new deck")
        self._then(("draw", seat, k - 1))
        self.roll("draw", seat)

    def draw_cards(self, seat: int, k: int) -> None:
        self._then(("draw", seat, k))

    def _s_choose_first(self) -> None:
        if self.fixed_first is not None:
            self.first = self.fixed_first
        else:
            self.roll("first", None)

    def _s_setup_all(self) -> None:
        self._then(*[("setup_dice", s) for s in turn_order(self.num_seats, self.first)])

    def _s_setup_dice(self, seat: int) -> None:
        self._then(*[("roll_pool", ci) for ci in self.players[seat].order])

    def _s_roll_pool(self, ci: int) -> None:
        c = self.chars[ci]
        if not self.v05:
            c.dice.extend(c.d.pool.fixed)  # fixed faces enter as printed
            c.dice.sort(reverse=True)
        if self._random_dice(c):
            self.roll("pool", ci)

    # -- turns (R-6 .. R-10) ----------------------------------------------------------------------
    def _s_turn_start(self) -> None:
        limit = self.rules["sc.turn_limit"]
        if limit and self.turn >= limit:
            self._finish((), f"no winner after {limit} turns (sc.turn_limit)")
            return
        self.turn += 1
        for c in self.chars:
            c.suppressed = False  # the token goes when the next turn starts
        seat = self._next_seat(self.first, True)
        self._then(("phase", seat))

    def _next_seat(self, start: int, include_start: bool) -> int | None:
        """The next seat from `start` in turn order that may still take action phases."""
        n = self.num_seats
        for i in range(0 if include_start else 1, n + 1):
            s = (start + i) % n
            p = self.players[s]
            if not p.out and not p.passed:
                return s
        return None

    def _s_phase(self, seat: int) -> None:
        self.active = seat
        self.plays = []
        self._then(("window", "start", -1), ("act",))

    def _s_act(self) -> None:
        self.wait = ("action", self.active, None)

    def _s_next(self) -> None:
        seat = self._next_seat(self.active, False)
        self._then(("end_turn",) if seat is None else ("phase", seat))

    def _s_end_turn(self) -> None:
        steps: list[tuple] = [("window", "end", -1), ("reset",)]
        for s in turn_order(self.num_seats, self.first, lambda s: self.players[s].out):
            steps += [("discard", s, END_DISCARDS), ("refill", s)]
        steps.append(("turn_over",))
        self._then(*steps)

    def _s_reset(self) -> None:
        """R-9.1, A-1: burden goes, except under a Suppression token (R-35)."""
        if self.rules["sc.energy_reset"] != "end_of_turn":
            return
        keep = self.rules["sc.suppression"] == "blocks_reset"
        for c in self.chars:
            if c.alive and not (keep and c.suppressed):
                c.burden = 0

    def _s_discard(self, seat: int, left: int) -> None:
        p = self.players[seat]
        if left > 0 and p.hand and not p.out:
            self.wait = ("discard", seat, left)

    def _s_refill(self, seat: int) -> None:
        self._then(("draw", seat, HAND - len(self.players[seat].hand)))

    def _s_turn_over(self) -> None:
        for p in self.players:
            p.passed = False
        if self.rules["sc.stalemate"] == "draw" and self.no_damage_left():
            self._finish((), "no squad can deal damage any more (A-35)")
            return
        if self.rules["sc.first_player"] == "rotate":  # A-10 variant
            self.first = self._next_seat(self.first, False)
        self._then(("turn_start",))

    # -- refresh (R-16) ----------------------------------------------------------------------------
    def _s_refresh_roll(self, ci: int) -> None:
        c = self.chars[ci]
        if not self.v05:
            c.dice.extend(c.d.pool.fixed)  # fixed faces at their printed value
            c.dice.sort(reverse=True)
        if self._random_dice(c):
            self.roll("refresh", ci)

    def _s_keep(self, ci: int) -> None:
        c = self.chars[ci]
        if len(c.dice) <= c.d.pool.size:
            return
        kept = list(dict.fromkeys(combinations(c.dice, c.d.pool.size)))
        if len(kept) == 1:
            c.dice = list(kept[0])
        else:
            self.wait = ("keep", c.seat, ci)  # the controller chooses
