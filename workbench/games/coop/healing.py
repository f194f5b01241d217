"""Healing spells used as actions in the wielder's turn (R-37, variant coop.healing)."""

from __future__ import annotations

from .pieces import Player


class Healing:
    """Mixed into CoopState: which heals the player whose turn it is may cast, on whom."""

    def _heal_spells(self, p: Player) -> list[str]:
        if self.rules["coop.healing"] != "action_heal":
            return []
        return [i for i in p.hands if self.cat.items[i].heal > 0]

    def _heal_options(self) -> list[tuple[str, int]]:
        p = self.players[self.turn_seat]
        spells = self._heal_spells(p)
        out = []
        used = list(self.heals_used)
        for i in spells:
            if i in used:
                used.remove(i)  # one use per copy per turn
                continue
            for q in self.players:
                if not q.ko and q.health < q.max_health:
                    out.append((i, q.seat))
        return out
