"""What a card costs now and paying it from a bank (R-11 .. R-13, R-37). costs.py does the
arithmetic; the state adds what only it knows: the variants, the copies in play and in discard
piles, the bank and the production points left."""

from __future__ import annotations

from .costs import Cost, covers, payments, reduced


class Payment:
    """Mixed into the state: costs and payments."""

    # -- costs (R-37, A-4) ------------------------------------------------------------------
    def visible_copies(self, name: str) -> int:
        """R-37, A-19: copies in play and, by default, in discard piles (never banks)."""
        n = sum(1 for i in self.inplay.values() if i.name == name)
        if self.rule("loc.mob_counts") == "in_play_and_discard":
            n += sum(self.zones[s, "discard"].count(name) for s in (0, 1))
        return n

    def costs_of(self, name: str) -> list[Cost]:
        d = self.cat.cards[name]
        by = self.visible_copies(name) if d.has("Mob") else 0
        floor = self.rule("loc.cost_floor") == "reduced_only"
        if (
            not by
            and self.rule("loc.cost_floor") == "all"
            and d.cost.points == 0
            and not d.cost.stars
        ):
            return [Cost(1)]  # A-4 variant: even a printed 0 costs 1 point
        return reduced(d.cost, by, floor=floor or self.rule("loc.cost_floor") == "all")

    def row(self, name: str) -> str:
        return self.cat.cards[name].resources

    # -- paying (R-11 .. R-13) --------------------------------------------------------------
    def payment_options(self, seat: int, costs: list[Cost]) -> list[tuple]:
        bank = self.zones[seat, "bank"]
        mode = self.rule("loc.payment")
        out: list[tuple] = []
        for cost in costs:
            if cost.stars and (
                self.phase != "Production" or seat != self.active or self.prod_left < cost.stars
            ):
                continue
            for p in payments(bank, self.row, cost, mode):
                if p not in out:
                    out.append(p)
        return out

    def can_afford(self, seat: int, costs: list[Cost]) -> bool:
        rows = [self.row(n) for n in self.zones[seat, "bank"]]
        mode = self.rule("loc.payment")
        for cost in costs:
            if cost.stars and (
                self.phase != "Production" or seat != self.active or self.prod_left < cost.stars
            ):
                continue
            if covers(rows, cost, mode):
                return True
        return False

    def pay(self, seat: int, option: tuple, costs: list[Cost]) -> None:
        """R-11: the whole set is discarded; a `*` cost uses production points (R-13)."""
        for name, n in option:
            for _ in range(n):
                self.zones[seat, "bank"].remove(name)
                # Bank cards have no text: a Recur card paid from the bank stays
                # in the discard pile (A-E11).
                self.zones.add(seat, "discard", name)
        stars = min(c.stars for c in costs)
        self.prod_left -= stars
