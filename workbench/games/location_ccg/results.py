"""How a match ends (R-29, A-25) and what it tells: the result, a score for bots, statistics
for simulations, and what each seat may see."""

from __future__ import annotations

from ...core import Result


class Results:
    """Mixed into the state: the end, results and information."""

    # -- the end ----------------------------------------------------------------------------
    def _end(self, winner: int, reason: str) -> None:
        self.winner, self.reason = winner, reason
        self.ask = self.wait = None
        self.window = None
        self.note(reason)

    def _end_by_limit(self) -> None:
        won = [sum(1 for x in self.locs if x.won_by == s) for s in (0, 1)]
        tokens = [sum(x.vp[s] for x in self.locs if x.won_by is None) for s in (0, 1)]
        limit = self.rule("loc.turn_limit")
        if self.rule("loc.limit_leader") == "tokens":
            lead = (tokens[0],), (tokens[1],)
            what, tied = "VP tokens on Locations nobody has won", "VP tokens tied"
        else:
            lead = (won[0], tokens[0]), (won[1], tokens[1])
            what, tied = "Locations won, then VP tokens", "Locations and VP tokens tied"
        if lead[0] == lead[1]:
            self._end(-1, f"Turn limit {limit}: {tied}, a draw (A-25)")
        else:
            s = 0 if lead[0] > lead[1] else 1
            self._end(s, f"Turn limit {limit}: Seat {s + 1} leads on {what} (A-25)")

    # -- results and information ------------------------------------------------------------
    def result(self) -> Result | None:
        if self.winner is None:
            return None
        won = [sum(1 for x in self.locs if x.won_by == s) for s in (0, 1)]
        details = {
            "turns": self.turn,
            "locations_won": won,
            "vp_tokens": self.counts["vp"],
            "first": -1 if self.first is None else self.first,
        }
        if self.winner < 0:
            return Result("draw", (), self.reason, details)
        return Result(f"Seat {self.winner + 1} wins", (self.winner,), self.reason, details)

    def score(self, seat: int) -> float:
        """Progress towards 2 Locations: each won counts a half, tokens count towards it."""
        if self.winner is not None:
            return 1.0 if self.winner == seat else 0.0
        total = 0.0
        for x in self.locs:
            if x.won_by == seat:
                total += 0.5
            elif x.won_by is None:
                total += 0.5 * x.vp[seat] / (self.cat.locations[x.name].vp + 1)
        return min(1.0, total)

    def stats(self) -> dict:
        return {
            "turns": self.turn,
            "first": -1 if self.first is None else self.first,
            "missions_0": self.counts["missions"][0],
            "missions_1": self.counts["missions"][1],
            "vp_0": self.counts["vp"][0],
            "vp_1": self.counts["vp"][1],
            "destroyed_0": self.counts["destroyed"][0],
            "destroyed_1": self.counts["destroyed"][1],
            "locations": "; ".join(x.name for x in self.locs),
        }

    def unseen(self, seat: int) -> list[tuple]:
        """The other player's hand, its deck and the cards it put on the bottom of it (R-5):
        banks, discards and play are public."""
        other = 1 - seat
        return [(self.deck[other], self.zones[other, "hand"], self.bottom[other])]

    def observation(self, seat: int | None = None) -> dict:
        from .render import observation

        return observation(self, seat)

    def view(self, seat: int | None):
        from .render import render

        return render(self, seat)
