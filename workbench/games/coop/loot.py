"""Loot between Battles: drawing it (R-22, R-6), sharing it out (R-24), equipping it from the
party stash (R-25 .. R-27), and the stats equipment gives (R-26 .. R-30)."""

from __future__ import annotations

from ...core import Action
from .phases import DRAFT, DRAW_ENCOUNTERS, EQUIP
from .pieces import Player


class Loot:
    """Mixed into CoopState: the Loot deck, the draft or the leader's assignment, and each
    player's equipment."""

    # -- equipment and the stats it gives (R-25 .. R-30) -----------------------------
    def _derive(self, p: Player) -> None:
        items = [self.cat.items[i] for i in p.items()]
        p.max_armor = p.cls.armor + sum(it.armor for it in items)
        p.max_dodge = max(0, p.cls.dodge + sum(it.dodge for it in items))
        p.max_health = p.cls.health
        if self.rules["coop.healing"] == "max_health_bonus":
            p.max_health += sum(it.heal for it in items)

    def equip_problem(self, p: Player, item_id: str) -> tuple[str, str] | None:
        """Why `item_id` cannot be added to `p`'s equipment (R-26, R-27), or None."""
        it = self.cat.items[item_id]
        if it.family == "Armor":
            if p.body is not None:
                return "R-27", (
                    f"{self._who(p.seat)} already wears "
                    f"{self.cat.items[p.body].name}: at most one Armor"
                )
            return None
        held = [self.cat.items[i] for i in p.hands]
        if it.family in ("Sword", "Shield") and any(h.family == it.family for h in held):
            return "R-27", f"at most one {it.family} per player"
        if it.family == "Spell" and it.hands == 0 and any(h.family == "Spell" for h in held):
            return "R-27", "with hand-free spells (coop.spell_hands = 0) a player carries one spell"
        used = sum(h.hands for h in held)
        if used + it.hands > 2:
            need = "both hands" if it.hands == 2 else "a free hand"
            return "R-26", f"{it.name} needs {need}; {self._who(p.seat)} has {2 - used} free"
        return None

    def _equip(self, p: Player, item: str) -> None:
        if self.cat.items[item].family == "Armor":
            p.body = item
        else:
            p.hands.append(item)
        self._refresh(p)

    def _refresh(self, p: Player) -> None:
        # Equipment changes only between Battles, when everyone is at full strength.
        self._derive(p)
        p.health, p.armor, p.dodge = p.max_health, p.max_armor, p.max_dodge

    # -- sharing out loot (R-22 .. R-25) ----------------------------------------------
    def _refill_loot(self) -> None:
        # A-24 variant: loot never leaves play, so "reshuffle" returns the unequipped stash
        # to an empty Loot deck. The default leaves the deck empty.
        if self.rules["coop.loot_reshuffle"] and not self.loot_deck and self.stash:
            self.loot_deck.refill(self.stash)

    def _start_draft(self) -> None:
        if not self.offered:
            self._start_equip()
            return
        self.phase = DRAFT
        self.drafter = self.leader

    def _next_drafter(self) -> None:
        if not self.offered:
            self._start_equip()
            return
        if self.rules["coop.loot_policy"] == "draft":
            self.drafter = (self.drafter + 1) % self.num_seats

    def _start_equip(self) -> None:
        # between Battles each player, from the leader on, may re-equip from the stash.
        if self.stash or any(p.items() for p in self.players):
            self.equip_order = [(self.leader + i) % self.num_seats for i in range(self.num_seats)]
            self.phase = EQUIP
        else:
            self._after_equip()

    def _after_equip(self) -> None:
        if getattr(self, "_easy", False):
            self._first_battle()
            return
        self.offered = []
        self.draws_left = 3
        self.phase = DRAW_ENCOUNTERS

    # -- decisions between Battles (R-24, R-25) --------------------------------------
    def _draft_actions(self) -> list[Action]:
        acts = []
        if self.rules["coop.loot_policy"] == "draft":
            for c in dict.fromkeys(self.offered):
                acts.append(Action("take", (c,), f"Take {self.cat.items[c].name}"))
        else:
            card = self.offered[0]
            name = self.cat.items[card].name
            for s in range(self.num_seats):
                acts.append(Action("give", (card, s), f"Give {name} to Seat {s + 1}"))
            acts.append(Action("give", (card, -1), f"Put {name} in the stash"))
        return acts

    def _equip_actions(self, legal_only: bool) -> list[Action]:
        seat = self.equip_order[0]
        p = self.players[seat]
        acts = []
        for i in dict.fromkeys(self.stash):
            if not legal_only or self.equip_problem(p, i) is None:
                acts.append(Action("equip", (i,), f"Equip {self.cat.items[i].name}"))
        for i in dict.fromkeys(p.items()):
            acts.append(Action("unequip", (i,), f"Unequip {self.cat.items[i].name}"))
        acts.append(Action("done", (), "Done equipping"))
        return acts
