"""Co-op Dungeon Cards: the rules of rules.md as a state machine.

Rule numbers (R-n) and resolutions (A-n) refer to that file. The Encounter and Loot decks
are the kit's Decks (every draw a chance point over the cards left), players and enemies
take damage through armor as the kit's Vitals, and attack rolls are the kit's dice pools.

The state here says whose decision it is, what may be decided, which chance is pending and
how each outcome lands; the work of each part of the rules is in a module of its own, mixed
into the state: setting up and winning Encounters in encounters.py, Rounds and turns in
turns.py, attacks and damage in combat.py, healing spells in healing.py, loot and equipment
in loot.py, and what the state tells (score, result, statistics, observation) in
information.py. The phases are named in phases.py; players, enemies and attack groups are
the classes of pieces.py.

kernel.py is a compiled copy of these rules for sweeps; a change here or in the modules
mixed in must be made there too (tests/coop/test_kernel.py fails until both give the same
rows).
"""

from __future__ import annotations

from fractions import Fraction

from ...core import CHANCE, TERMINAL, Action, Chance, State
from ...core.kit import Deck, highest_of, sum_of
from .catalog import Catalog
from .combat import Combat
from .encounters import Encounters, _uniform_seats
from .healing import Healing
from .information import Information
from .loot import Loot
from .phases import (
    ATTACK_ROLL,
    CHOOSE_PRIMARY,
    DRAFT,
    DRAW_ENCOUNTERS,
    DRAW_LOOT,
    ENEMY_ROLL,
    EQUIP,
    FIRST_PICK,
    LEADER_CHOICE,
    LEADER_ROLL,
    OVER,
    PLACE,
    REINFORCE,
    TURN,
)
from .pieces import Enemy, Group, Player
from .turns import Turns


class CoopState(Encounters, Turns, Combat, Healing, Loot, Information, State):
    """A game of Co-op Dungeon Cards in progress."""

    def __init__(
        self, cat: Catalog, classes: list[str], first_encounter: str | None, easy_start: bool
    ):
        self.cat = cat
        self.rules = cat.rules
        self.num_seats = len(classes)
        self.players = [Player(i, cat.classes[c]) for i, c in enumerate(classes)]
        for p in self.players:
            self._derive(p)
            p.health, p.armor, p.dodge = p.max_health, p.max_armor, p.max_dodge
        self.stash: list[str] = []
        self.encounter_deck = Deck(list(cat.encounters))
        self.encounter_discard: list[str] = []
        self.loot_deck = Deck(cat.loot_copies)
        self.leader = 0
        self.battles_won = 0
        self.battles_needed = cat.battles[self.num_seats]
        self.battle: list[tuple[str, int]] = []  # (card id, enemy count) still to fight
        self.battle_cards: list[str] = []
        self.battle_loot = 0
        self.offered: list[str] = []  # face-up encounter cards or loot cards to share out
        self.enemies: list[Enemy] = []
        self.encounter_name = ""
        self.placing: list[int] = []  # enemy uids waiting for a placement roll
        self.place_counter = 0
        self.round = 0
        self.round_order: list[int] = []
        self.turn_seat: int | None = None
        self.groups: list[Group] = []
        self.groups_done: list[bool] = []
        self.heals_used: list[str] = []
        self.first_target: int | None = None
        self.pending_attack: tuple | None = None  # (group index, enemy uid)
        self.enemy_queue: list[int] = []
        self.draws_left = 0
        self.drafter = 0
        self.equip_order: list[int] = []
        self.outcome: str | None = None
        self.first_encounter = first_encounter
        self.easy_start = easy_start
        self.stats_ = {
            "rounds": 0,
            "encounters": 0,
            "encounters_won": 0,
            "knockouts": 0,
            "loot_drawn": 0,
            "enemies_defeated": 0,
        }
        self.phase = LEADER_ROLL
        self._easy = False
        if self.rules["coop.first_leader"] == "choose":
            self.phase = LEADER_CHOICE

    def _who(self, seat: int) -> str:
        return f"Seat {seat + 1}"

    # -- whose decision ----------------------------------------------------------------
    @property
    def to_move(self) -> int:
        ph = self.phase
        if ph == OVER:
            return TERMINAL
        if ph in (
            LEADER_ROLL,
            DRAW_ENCOUNTERS,
            REINFORCE,
            PLACE,
            ATTACK_ROLL,
            ENEMY_ROLL,
            DRAW_LOOT,
        ):
            return CHANCE
        if ph in (TURN,):
            return self.turn_seat
        if ph == DRAFT:
            return self.drafter
        if ph == EQUIP:
            return self.equip_order[0]
        return self.leader  # LEADER_CHOICE is asked of seat 1, who holds the token at start

    def active(self) -> list[int]:
        return [p.seat for p in self.players if not p.ko]

    # -- chance ------------------------------------------------------------------------
    def chance(self) -> Chance:
        ph = self.phase
        if ph == LEADER_ROLL:
            return Chance(
                _uniform_seats(self.num_seats),
                "First Encounter Leader",
                names=lambda s: f"Seat {s + 1} leads",
            )
        if ph in (DRAW_ENCOUNTERS, REINFORCE):
            what = "Draw an Encounter card" if ph == DRAW_ENCOUNTERS else "Draw a reinforcement"
            return self.encounter_deck.draw(what, names=lambda c: self.cat.encounters[c].describe())
        if ph == DRAW_LOOT:
            return self.loot_deck.draw("Draw a Loot card", names=lambda c: self.cat.items[c].name)
        if ph == PLACE:
            e = self.enemies[self.placing[0]]
            dist = self._placement_dist()
            return Chance(
                dist, f"Place {e.name} (1d6)", names=lambda s: f"in front of Seat {s + 1}"
            )
        if ph == ATTACK_ROLL:
            return self._attack_chance()
        if ph == ENEMY_ROLL:
            return self._enemy_chance()
        raise RuntimeError(f"no chance pending in phase {ph!r}")

    def apply_chance(self, outcome) -> None:
        ph = self.phase
        if ph == LEADER_ROLL:
            self.leader = outcome
            self._begin_game()
        elif ph == DRAW_ENCOUNTERS:
            self._take_encounter(outcome)
            self.offered.append(outcome)
            self.draws_left -= 1
            if self.draws_left == 0:
                self.phase = CHOOSE_PRIMARY
        elif ph == REINFORCE:
            self._take_encounter(outcome)
            card = self.cat.encounters[outcome]
            self.battle.append((outcome, card.base + card.k))  # base + j, no more draws
            self.battle_cards.append(outcome)
            self.draws_left -= 1
            if self.draws_left == 0:
                self._start_encounter()
        elif ph == DRAW_LOOT:
            self.loot_deck.take(outcome)
            self.offered.append(outcome)
            self.stats_["loot_drawn"] += 1
            self.draws_left -= 1
            self._refill_loot()
            if self.draws_left == 0 or not self.loot_deck:
                self._start_draft()
        elif ph == PLACE:
            uid = self.placing.pop(0)
            e = self.enemies[uid]
            e.seat = outcome
            e.order = self.place_counter
            self.place_counter += 1
            if not self.placing:
                self._continue()
        elif ph == ATTACK_ROLL:
            self._resolve_attack(outcome)
        elif ph == ENEMY_ROLL:
            self._resolve_enemy_attack(outcome)
        else:
            raise RuntimeError(f"no chance pending in phase {ph!r}")

    # -- decisions ----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == TURN:
            return self._turn_actions()
        if ph == FIRST_PICK:
            return [
                Action("first encounter", (c,), f"Start with {self.cat.encounters[c].describe()}")
                for c in self.cat.encounters
                if c in self.encounter_deck and self.cat.encounters[c].first_allowed
            ]
        if ph == CHOOSE_PRIMARY:
            return [
                Action("encounter", (c,), f"Fight {self.cat.encounters[c].describe()}")
                for c in dict.fromkeys(self.offered)
            ]
        if ph == DRAFT:
            return self._draft_actions()
        if ph == EQUIP:
            return self._equip_actions(legal_only=True)
        if ph == LEADER_CHOICE:
            return [Action("leader", (s,), f"Seat {s + 1} leads") for s in range(self.num_seats)]
        return []

    def candidates(self) -> list[Action]:
        ph = self.phase
        if ph == EQUIP:
            return self._equip_actions(legal_only=False)
        if ph == TURN:
            acts = self._turn_actions()
            seen = set(acts)
            for gi, g in enumerate(self.groups):
                for e in self.enemies:
                    a = Action("attack", (gi, e.uid), f"Attack {e.name} with {g.label}")
                    if a not in seen:
                        acts.append(a)
            if Action("end turn") not in seen:
                acts.append(Action("end turn", (), "End turn"))
            return acts
        if ph == FIRST_PICK:
            return [
                Action("first encounter", (c,), f"Start with {self.cat.encounters[c].describe()}")
                for c in self.cat.encounters
            ]
        return self.legal_actions()

    def explain(self, action: Action) -> tuple[str, str] | None:
        ph = self.phase
        k, a = action.kind, action.args
        if k == "attack" and ph == TURN and len(a) == 2:
            gi, uid = a
            if not (isinstance(gi, int) and 0 <= gi < len(self.groups)):
                return "R-31", "there is no such attack group this turn"
            if self.groups_done[gi]:
                return "R-33", f"{self.groups[gi].label} has already attacked this turn"
            if not (isinstance(uid, int) and 0 <= uid < len(self.enemies)):
                return "R-33", "there is no such enemy"
            e = self.enemies[uid]
            if e.health <= 0:
                return "R-16", f"{e.name} has been defeated"
            if (
                self.rules["coop.single_target_per_turn"]
                and self.first_target is not None
                and self.enemies[self.first_target].health > 0
            ):
                return "A-13", "this variant keeps one target per turn"
            if self.rules["coop.melee_only_front"] and not any(
                x.seat == self.turn_seat and x.health > 0 for x in self.enemies
            ):
                return "A-16", (
                    f"with coop.melee_only_front, melee may target only enemies "
                    f"in front of Seat {self.turn_seat + 1}, and none is left there"
                )
            return "R-33", (
                f"melee must target an enemy in front of Seat {self.turn_seat + 1} "
                "while any is left (A-16)"
            )
        if k == "end turn" and ph == TURN:
            return "R-33", "every attack group must roll before the turn ends"
        if k == "heal" and ph == TURN:
            return (
                "R-37",
                "that heal is not available (spent this turn, or the target is full or out)",
            )
        if k == "equip" and ph == EQUIP and a and a[0] in self.cat.items:
            if a[0] not in self.stash:
                return "R-25", f"{self.cat.items[a[0]].name} is not in the stash"
            return self.equip_problem(self.players[self.equip_order[0]], a[0])
        if k == "equip" and ph != EQUIP:
            return "R-25", "equipment changes only between Battles, not during one"
        if k == "first encounter" and ph == FIRST_PICK:
            return "R-7", "the first Encounter must have a Loot value of 2 or 3"
        if ph in (ATTACK_ROLL, ENEMY_ROLL, PLACE):
            return "chance", "a die roll must be resolved first"
        return None

    def apply(self, action: Action) -> None:
        k, a = action.kind, action.args
        if k == "attack":
            self._attack(*a)
        elif k == "heal":
            item, seat = a
            self.heals_used.append(item)
            self.players[seat].heal(self.cat.items[item].heal)
            self._maybe_end_attacks()
        elif k == "end turn":
            self._enemy_phase()
        elif k == "first encounter":
            self._pick_first(a[0])
        elif k == "encounter":
            card = a[0]
            self.offered.remove(card)
            self.encounter_discard.extend(self.offered)  # the other two are discarded
            self.offered = []
            self._start_battle(card)
        elif k == "take":
            self.offered.remove(a[0])
            self.stash.append(a[0])  # unequipped loot waits in the party stash
            self._next_drafter()
        elif k == "give":
            card, seat = a
            self.offered.remove(card)
            self.stash.append(card)
            if seat >= 0 and self.equip_problem(self.players[seat], card) is None:
                self.stash.remove(card)
                self._equip(self.players[seat], card)
            self._next_drafter()
        elif k == "equip":
            p = self.players[self.equip_order[0]]
            self.stash.remove(a[0])
            self._equip(p, a[0])
        elif k == "unequip":
            self._unequip(self.players[self.equip_order[0]], a[0])
        elif k == "done":
            self.equip_order.pop(0)
            if not self.equip_order:
                self._after_equip()
        elif k == "leader":
            self.leader = a[0]
            self._begin_game()
        else:
            raise ValueError(f"unknown action kind {k!r}")

    def _attack(self, gi: int, uid) -> None:
        g = self.groups[gi]
        self.groups_done[gi] = True
        if self.first_target is None:
            self.first_target = uid
        if g.auto_hits:  # no roll, never changes Dodge
            self._damage_enemy(self.enemies[uid], g.damage + g.class_bonus)
            self._after_player_damage()
        else:
            self.pending_attack = (gi, uid)
            self.phase = ATTACK_ROLL

    def _unequip(self, p, item) -> None:
        if p.body == item:
            p.body = None
        else:
            p.hands.remove(item)
        self.stash.append(item)
        self._refresh(p)

    def clone(self) -> CoopState:
        # Field by field rather than copy.deepcopy, which took most of a logged match's
        # snapshots: lists, dicts and sets hold strings, numbers, tuples and Groups (never
        # changed once made), so a new container of the same items is a copy; players,
        # enemies and the decks are copied; the catalog and rules are shared.
        c = CoopState.__new__(CoopState)
        d = c.__dict__
        for name, value in self.__dict__.items():
            d[name] = value.copy() if type(value) in (list, dict, set) else value
        d["rules"] = self.rules
        d["players"] = [p.__deepcopy__(None) for p in self.players]
        d["enemies"] = [e.__deepcopy__(None) for e in self.enemies]
        d["encounter_deck"] = self.encounter_deck.copy()
        d["loot_deck"] = self.loot_deck.copy()
        return c


_HIT: dict = {}


def hit_chance(n: int, dodge: int, roll: str = "sum") -> Fraction:
    """P(roll of n d6 > dodge), exact (section 4's table)."""
    key = (n, dodge, roll)
    p = _HIT.get(key)
    if p is None:
        dist = sum_of(n) if roll == "sum" else highest_of(n)
        p = _HIT[key] = dist.p_where(lambda s: s > dodge)
    return p
