"""Battles and their Encounters: the start of the game (R-6, R-7), drawing a Battle and its
reinforcements (R-8 .. R-12), placing enemies (R-13), and the end of an Encounter and of a
Battle (R-19 .. R-23)."""

from __future__ import annotations

from ...core.chance import Dist
from .phases import DRAW_LOOT, FIRST_PICK, OVER, PLACE, REINFORCE
from .pieces import Enemy


class Encounters:
    """Mixed into CoopState: the Encounter deck, the Battles built from it, where enemies
    stand, and what happens when the last enemy of an Encounter falls."""

    def _take_encounter(self, card: str) -> None:
        self.encounter_deck.take(card)
        if not self.encounter_deck:
            # the discard pile becomes the new deck.
            self.encounter_deck.refill(self.encounter_discard)

    # -- starting the game and its Battles (R-6 .. R-12) -----------------------------
    def _begin_game(self) -> None:
        if self.easy_start:  # shared out like Battle loot, before Battle 1
            self._easy = True
            self.draws_left = self.num_seats
            self.phase = DRAW_LOOT
            return
        self._first_battle()

    def _first_battle(self) -> None:
        self._easy = False
        if self.first_encounter is not None:
            self._pick_first(self.first_encounter)
        else:
            self.phase = FIRST_PICK

    def _pick_first(self, card: str) -> None:
        # take the card, reshuffle (a multiset needs none).
        self._take_encounter(card)
        self._start_battle(card)

    def _start_battle(self, card: str) -> None:
        c = self.cat.encounters[card]
        self.battle = [(card, c.base)]
        self.battle_cards = [card]
        self.battle_loot = c.loot
        if c.k:
            self.draws_left = c.k
            self.phase = REINFORCE
        else:
            self._start_encounter()

    def _start_encounter(self) -> None:
        card, count = self.battle.pop(0)
        self.stats_["encounters"] += 1
        kind = self.cat.enemies[self.cat.encounters[card].enemy]
        self.encounter_name = f"{kind.name} ×{count}"
        self.enemies = [Enemy(i, kind) for i in range(count)]
        self.placing = list(range(count))
        self.round = 0
        self.round_order = []
        self.turn_seat = None
        self.phase = PLACE

    # -- placing enemies (R-13, R-16) -------------------------------------------------
    def _placement_dist(self) -> Dist:
        active = self.active()
        start = self.leader
        ordered = sorted(active, key=lambda s: (s - start) % self.num_seats)
        if self.rules["coop.placement"] == "uniform_reroll" or len(ordered) <= 3:
            # with 2 or 3 players the d6 splits evenly; with 4 or 5, unused numbers are
            # rerolled. Either way each active seat is equally likely.
            return _uniform_seats_of(tuple(ordered))
        # fixed_numbers: face f goes to the ((f - 1) mod k)-th seat from the leader, no rerolls.
        weights = [0] * len(ordered)
        for face in range(6):
            weights[face % len(ordered)] += 1
        return Dist(tuple(ordered), tuple(weights))

    # -- encounters and battles (R-19 .. R-24) ---------------------------------------------
    def _end_encounter(self) -> None:
        self.stats_["encounters_won"] += 1
        self._in_turn = False
        self.enemy_queue = []
        self.round_order = []
        self.turn_seat = None
        for p in self.players:
            p.restore_armor()
        if self.rules["coop.leader_passes"] == "per_encounter":
            self._pass_leader()
        if self.battle:
            self._start_encounter()
            return
        # the Battle is won.
        self.battles_won += 1
        for p in self.players:
            p.ko = False
            p.health, p.armor, p.dodge = p.max_health, p.max_armor, p.max_dodge
        self.enemies = []
        self.encounter_discard.extend(self.battle_cards)
        self.battle_cards = []
        if self.rules["coop.leader_passes"] == "per_battle":
            self._pass_leader()
        if self.battles_won >= self.battles_needed:
            self.outcome = "win"
            self.phase = OVER
            return
        self.draws_left = self.battle_loot
        self._refill_loot()
        if self.draws_left and self.loot_deck:
            self.phase = DRAW_LOOT
        else:
            self._start_draft()

    def _pass_leader(self) -> None:
        for i in range(1, self.num_seats + 1):
            seat = (self.leader + i) % self.num_seats
            if not self.players[seat].ko:
                self.leader = seat
                return


def _uniform_seats(n: int) -> Dist:
    return _uniform_seats_of(tuple(range(n)))


_SEAT_DISTS: dict = {}


def _uniform_seats_of(seats: tuple) -> Dist:
    d = _SEAT_DISTS.get(seats)
    if d is None:
        d = _SEAT_DISTS[seats] = Dist(seats, (1,) * len(seats))
    return d
