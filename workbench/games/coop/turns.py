"""The Rounds of an Encounter: players' turns in order from the leader (R-14), the targets
their attack groups may take (R-33, A-16, A-39), the enemies' attacks that end a turn, and
the end of a Round (R-18)."""

from __future__ import annotations

from ...core import Action
from .catalog import MELEE, RANGED
from .phases import ENEMY_ROLL, OVER, TURN
from .pieces import Enemy, Group


class Turns:
    """Mixed into CoopState: whose turn it is, what it may do, and when it ends."""

    def _continue(self) -> None:
        """Move on after placements: back into the turn that knocked a player out, or on to
        the next turn of the encounter."""
        if self._in_turn:
            self._after_turn_step()
        else:
            self._next_turn()

    _in_turn = False

    def _next_turn(self) -> None:
        while self.round_order:
            seat = self.round_order.pop(0)
            if not self.players[seat].ko:
                self._start_turn(seat)
                return
        if self.round > 0:
            self._end_round()
            if self.phase == OVER:
                return
        self.round += 1
        self.stats_["rounds"] += 1
        # from the Encounter Leader, clockwise, skipping knocked-out players.
        self.round_order = [(self.leader + i) % self.num_seats for i in range(self.num_seats)]
        self._next_turn()

    def _start_turn(self, seat: int) -> None:
        self.turn_seat = seat
        self._in_turn = True
        p = self.players[seat]
        self.groups = self._groups(p)
        self.groups_done = [False] * len(self.groups)
        self.heals_used = []
        self.first_target = None
        self.enemy_queue = []
        self.phase = TURN
        self._maybe_end_attacks()

    def _targets(self, g: Group) -> list[Enemy]:
        """Legal targets of a group (R-33 step 1, A-16, variant single_target_per_turn)."""
        living = [e for e in self.enemies if e.health > 0]
        if self.rules["coop.single_target_per_turn"] and self.first_target is not None:
            first = self.enemies[self.first_target]
            if first.health > 0:
                return [first]
        if g.dtype == MELEE and self._front_first():
            front = [e for e in living if e.seat == self.turn_seat]
            if front or self.rules["coop.melee_only_front"]:
                return front
        return living

    def _front_first(self) -> bool:
        """Whether this turn's melee groups must aim at enemies in front first (A-39)."""
        if self.rules["coop.melee_front_scope"] == "every_melee_group":
            return True
        return not any(g.dtype == RANGED for g in self.groups)

    def _attack_options(self) -> list[tuple[int, int]]:
        out = []
        for gi, g in enumerate(self.groups):
            if not self.groups_done[gi]:
                for e in self._targets(g):
                    out.append((gi, e.uid))
        return out

    def _maybe_end_attacks(self) -> None:
        """R-34: a group with no legal target is skipped; with nothing left, enemies attack."""
        if self.phase != TURN:
            return
        if self._attack_options() or self._heal_options():
            return
        self._enemy_phase()

    def _enemy_phase(self) -> None:
        seat = self.turn_seat
        queue = [e for e in self.enemies if e.health > 0 and e.seat == seat]
        queue.sort(key=lambda e: e.order)  # in the order they were placed
        self.enemy_queue = [e.uid for e in queue]
        self._after_turn_step()

    def _after_turn_step(self) -> None:
        if self.enemy_queue and not self.players[self.turn_seat].ko:
            self.phase = ENEMY_ROLL
            return
        self._in_turn = False
        self.enemy_queue = []
        self._next_turn()

    def _end_round(self) -> None:
        # full Armor for everyone; the Unique Armor heals a standing wearer.
        for e in self.enemies:
            e.restore_armor()
        for p in self.players:
            p.restore_armor()
            if not p.ko and p.body and self.cat.items[p.body].special == "regen_round":
                p.heal(2)

    # -- a turn's decisions (R-33, R-37) ----------------------------------------------
    def _turn_actions(self) -> list[Action]:
        acts = []
        options = self._attack_options()
        for gi, uid in options:
            g = self.groups[gi]
            e = self.enemies[uid]
            verb = "Shoot" if g.auto_hits else "Attack"
            acts.append(Action("attack", (gi, uid), f"{verb} {e.name} with {g.label}"))
        for item, seat in self._heal_options():
            it = self.cat.items[item]
            acts.append(
                Action("heal", (item, seat), f"Heal Seat {seat + 1} with {it.name} (+{it.heal})")
            )
        if not options:
            acts.append(Action("end turn", (), "End turn"))
        return acts
