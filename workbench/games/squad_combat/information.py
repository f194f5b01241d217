"""What a Squad Combat position tells: the result, statistics and score, hit points left,
and what each seat may see of the table (R-3: hands and decks are hidden, the rest is
public)."""

from __future__ import annotations

from ...core import Result


class Information:
    """Mixed into SquadState: reads the position, changes nothing."""

    def result(self) -> Result | None:
        if not self.ended:
            return None
        details = {
            "turns": self.turn,
            "first": self.first + 1,
            "alive": [self.alive_count(s) for s in range(self.num_seats)],
        }
        if not self.winners:
            return Result("draw", (), self.reason, details)
        return Result(f"Seat {self.winners[0] + 1} wins", self.winners, self.reason, details)

    def alive_count(self, seat: int) -> int:
        return sum(self.chars[ci].alive for ci in self.players[seat].order)

    def hp_left(self, seat: int) -> int:
        return sum(
            max(0, self.chars[ci].d.hp - self.damage(self.chars[ci]))
            for ci in self.players[seat].order
            if self.chars[ci].alive
        )

    def hp_total(self, seat: int) -> int:
        return sum(self.chars[ci].d.hp for ci in self.players[seat].order)

    def score(self, seat: int) -> float:
        """HP left as a share of the squad's HP, against the best opponent, in [0, 1]."""
        mine = self.hp_left(seat) / self.hp_total(seat)
        theirs = max(self.hp_left(s) / self.hp_total(s) for s in range(self.num_seats) if s != seat)
        return min(1.0, max(0.0, 0.5 + 0.5 * (mine - theirs)))

    def stats(self) -> dict:
        out = {"first": self.first, "turns": self.turn, **self.counts}
        for s, p in enumerate(self.players):
            out[f"alive_{s}"] = self.alive_count(s)
            out[f"hp_{s}"] = self.hp_left(s)
            out[f"played_{s}"] = "|".join(sorted(p.played))
        return out

    def unseen(self, seat: int) -> list[tuple]:
        """Another seat's hand and its deck (R-3): the rest is public."""
        return [(p.deck, p.hand) for p in self.players if p.seat != seat]

    def observation(self, seat: int | None = None) -> dict:
        """Hands are hidden from other seats; decks are face-down piles of known size; dice,
        burden, attached cards, discard piles and death effects are public."""
        players = []
        for p in self.players:
            players.append(
                {
                    "seat": p.seat,
                    "squad": p.squad.name,
                    "passed": p.passed,
                    "out": p.out,
                    "hand": list(p.hand) if seat == p.seat else len(p.hand),
                    "deck": len(p.deck),
                    "discard": dict(p.discard.counts),
                    "characters": [self.char_json(ci) for ci in p.order],
                }
            )
        pending = None
        if self.plays:
            play = self.plays[-1]
            pending = {
                "card": play.source.name,
                "seat": play.seat,
                "actor": self.chars[play.actor].d.name,
                "targets": [self.char_label(ci) for ci in play.targets],
                "atk": play.atk,
                "negated": play.negated,
                "hit": play.hit,
            }
        return {
            "turn": self.turn,
            "first": self.first,
            "active": self.active,
            "waiting": None if self.wait is None else self.wait[0],
            "window": None if self.win is None else self.win[0],
            "players": players,
            "play": pending,
            "over": self.ended,
        }

    def char_json(self, ci: int) -> dict:
        c = self.chars[ci]
        return {
            "name": c.d.name,
            "alive": c.alive,
            "hp": c.d.hp,
            "damage": self.damage(c),
            "energy": c.energy,
            "burden": c.burden,
            "dice": list(c.dice),
            "suppressed": c.suppressed,
            "attached": [[r.name, self.effective(r, c)] for r in c.attached],
        }

    def view(self, seat: int | None):
        from .render import render

        return render(self, seat)
