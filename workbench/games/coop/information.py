"""What a co-op state tells about itself: progress for search bots, whether it has stalled, the
result, the statistics simulations collect, and what each seat sees."""

from __future__ import annotations

from ...core import Result
from .phases import OVER


class Information:
    """Mixed into CoopState: its score, result, statistics, observation and view; reads the
    state, changes nothing."""

    def score(self, seat: int) -> float:
        """Progress towards a win in [0, 1], for search bots that stop playouts early."""
        if self.outcome is not None:
            return 1.0 if self.outcome == "win" else 0.0
        left = sum(e.health for e in self.enemies)
        full = sum(e.kind.health for e in self.enemies) or 1
        standing = sum(p.health for p in self.players if not p.ko) / sum(
            p.max_health for p in self.players
        )
        progress = self.battles_won + 0.5 * (1 - left / full) + 0.4 * standing
        return min(1.0, progress / self.battles_needed)

    # Encounters against a fresh party take a few dozen Rounds; one that has run this long is
    # a position neither side can break (e.g. bare hands against a Growler's Armor 4, which
    # recovers every Round, while a healer keeps the party standing). R-41 sets no limit, so
    # the rules go on; only simulations stop and call it a time-out.
    STALL_ROUNDS = 50

    def stalled(self) -> bool:
        return self.round > self.STALL_ROUNDS

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        seats = tuple(range(self.num_seats)) if self.outcome == "win" else ()
        # A party loses only when every player is knocked out.
        why = (
            f"{self.battles_won} of {self.battles_needed} Battles won (R-40)"
            if self.outcome == "win"
            else "every player is knocked out (R-41)"
        )
        return Result(
            self.outcome,
            seats,
            why,
            details={"battles_won": self.battles_won, "battles_needed": self.battles_needed},
        )

    def stats(self) -> dict:
        used = sorted({i for p in self.players for i in p.items()})
        return {
            "battles_won": self.battles_won,
            **self.stats_,
            "rounds_per_encounter": self.stats_["rounds"] / max(1, self.stats_["encounters"]),
            "items_equipped": sum(len(p.items()) for p in self.players),
            "used": used,
        }

    def observation(self, seat: int | None = None) -> dict:
        """Co-op play has no hidden hands: every seat sees the table. Deck order does not
        exist in this model (draws are chance points), so only deck sizes are shown."""
        cat = self.cat
        return {
            "phase": self.phase,
            "leader": self.leader,
            "battles_won": self.battles_won,
            "battles_needed": self.battles_needed,
            "encounter": self.encounter_name,
            "round": self.round,
            "turn": self.turn_seat,
            "players": [
                {
                    "seat": p.seat,
                    "class": p.cls.name,
                    "health": p.health,
                    "max_health": p.max_health,
                    "armor": p.armor,
                    "max_armor": p.max_armor,
                    "dodge": p.dodge,
                    "max_dodge": p.max_dodge,
                    "knocked_out": p.ko,
                    "hands": [cat.items[i].name for i in p.hands],
                    "body": cat.items[p.body].name if p.body else None,
                }
                for p in self.players
            ],
            "enemies": [
                {
                    "uid": e.uid,
                    "name": e.name,
                    "type": e.kind.name,
                    "health": e.health,
                    "max_health": e.kind.health,
                    "armor": e.armor,
                    "max_armor": e.max_armor,
                    "dodge": e.dodge,
                    "damage": e.kind.damage,
                    "dice": e.kind.dice,
                    "seat": e.seat,
                    "alive": e.health > 0,
                }
                for e in self.enemies
            ],
            "battle_queue": [cat.encounters[c].describe() for c, _ in self.battle],
            "offered": list(self.offered),
            "stash": [cat.items[i].name for i in self.stash],
            "encounter_deck": len(self.encounter_deck),
            "encounter_discard": len(self.encounter_discard),
            "loot_deck": len(self.loot_deck),
            "outcome": self.outcome,
        }

    def view(self, seat: int | None):
        from .render import render

        return render(self, seat)
