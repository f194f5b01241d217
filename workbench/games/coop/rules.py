"""Co-op Dungeon Cards: the rules of rules.md as a state machine.

Rule numbers (R-n) and resolutions (A-n) refer to that file. The Encounter and Loot decks
are the kit's Decks (every draw a chance point over the cards left), players and enemies
take damage through armor as the kit's Vitals, and attack rolls are the kit's dice pools.

kernel.py is a compiled copy of these rules for sweeps; a change here must be made there too
(tests/coop/test_kernel.py fails until both give the same rows).
"""

from __future__ import annotations

from fractions import Fraction

from ...core import CHANCE, TERMINAL, Action, Chance, Result, State
from ...core.chance import Dist
from ...core.kit import Deck, Vitals, dice_chance, highest_of, sum_of
from .catalog import GLYPH, MELEE, RANGED, Catalog

_VITALS = Vitals.__slots__


class Player(Vitals):
    __slots__ = ("seat", "cls", "dodge", "max_dodge", "hands", "body", "ko")

    def __init__(self, seat: int, cls):
        self.seat = seat
        self.cls = cls
        self.hands: list[str] = []
        self.body: str | None = None
        self.ko = False

    def items(self) -> list[str]:
        return self.hands + ([self.body] if self.body else [])

    def __deepcopy__(self, memo):
        p = Player.__new__(Player)
        for name in _VITALS + Player.__slots__:
            setattr(p, name, getattr(self, name))
        p.hands = list(self.hands)
        return p


class Enemy(Vitals):
    __slots__ = ("uid", "kind", "name", "dodge", "seat", "order")

    def __init__(self, uid: int, kind):
        super().__init__(kind.health, kind.armor)
        self.uid = uid
        self.kind = kind
        self.name = f"{kind.name} #{uid + 1}"
        self.dodge = kind.dodge
        self.seat: int | None = None
        self.order = 0

    @property
    def alive(self) -> bool:
        return self.health > 0

    def __deepcopy__(self, memo):
        e = Enemy.__new__(Enemy)
        for name in _VITALS + Enemy.__slots__:
            setattr(e, name, getattr(self, name))
        return e


class Group:
    """One attack roll's worth of sources (R-32), or the Unique Bow's automatic hits (R-36)."""

    __slots__ = ("sources", "dice", "dtype", "damage", "class_bonus", "double", "heal_on_hit",
                 "auto_hits", "label")

    def __init__(self, sources, dice, dtype, damage, class_bonus, double, heal_on_hit,
                 auto_hits, label):
        self.sources = sources
        self.dice = dice
        self.dtype = dtype
        self.damage = damage
        self.class_bonus = class_bonus
        self.double = double  # the Unique Sword's own damage, doubled on S >= 2 x Dodge
        self.heal_on_hit = heal_on_hit
        self.auto_hits = auto_hits
        self.label = label


# Phases: each names what the state waits for.
LEADER_ROLL = "first leader"          # chance
LEADER_CHOICE = "choose leader"       # decision, variant first_leader=choose
FIRST_PICK = "first encounter"        # decision
DRAW_ENCOUNTERS = "draw encounters"   # chance
CHOOSE_PRIMARY = "choose encounter"   # decision
REINFORCE = "reinforcements"          # chance
PLACE = "placement"                   # chance
TURN = "turn"                         # decision
ATTACK_ROLL = "attack roll"           # chance
ENEMY_ROLL = "enemy attack"           # chance
DRAW_LOOT = "draw loot"               # chance
DRAFT = "loot"                        # decision
EQUIP = "equip"                       # decision
OVER = "over"


class CoopState(State):
    def __init__(self, cat: Catalog, classes: list[str], first_encounter: str | None,
                 easy_start: bool):
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
        self.stats_ = {"rounds": 0, "encounters": 0, "encounters_won": 0, "knockouts": 0,
                       "loot_drawn": 0, "enemies_defeated": 0}
        self.phase = LEADER_ROLL
        self._easy = False
        if self.rules["coop.first_leader"] == "choose":
            self.phase = LEADER_CHOICE

    # -- derived stats (R-26 .. R-30) ------------------------------------------------
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
                return "R-27", (f"{self._who(p.seat)} already wears "
                                f"{self.cat.items[p.body].name}: at most one Armor")
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

    def _who(self, seat: int) -> str:
        return f"Seat {seat + 1}"

    # -- attack groups (R-31, R-32, R-36) -----------------------------------------------
    def _groups(self, p: Player) -> list[Group]:
        return self.groups_for(p.cls, p.hands)

    def groups_for(self, cls, hands: list[str]) -> list[Group]:
        items = [self.cat.items[i] for i in hands]
        sources = [it for it in items if it.is_source]
        groups: list[Group] = []
        for it in items:
            if it.special == "auto_hits":
                bonus = cls.damage if cls.dtype == RANGED else 0
                for _ in range(it.hits):
                    groups.append(Group([it.id], 0, it.dtype, it.damage, bonus, 0, False, True,
                                        f"{it.name} (automatic hit {it.damage + bonus}"
                                        f"{GLYPH[it.dtype]})"))
        if not sources and not groups:
            return [Group([], 1, cls.dtype, cls.damage, 0, 0, False, False,
                          f"bare hands (1d6, {cls.damage}{GLYPH[cls.dtype]})")]
        mode = self.rules["coop.group_by"]
        buckets: dict = {}
        for n, it in enumerate(sources):
            key = ((it.dice, it.dtype) if mode == "dice_and_type" else
                   (it.dice,) if mode == "dice_only" else (n,))
            buckets.setdefault(key, []).append(it)
        for members in buckets.values():
            types = {it.dtype for it in members}
            dtype = MELEE if MELEE in types else RANGED
            bonus = cls.damage if cls.dtype in types else 0  # once per roll
            double = sum(it.damage for it in members if it.special == "double_own_damage")
            damage = sum(it.damage for it in members)
            heal = any(it.special == "heal_on_hit" for it in members)
            names = " + ".join(it.name for it in members)
            glyph = "".join(sorted(GLYPH[t] for t in types))
            label = f"{names} ({members[0].dice}d6, {damage + bonus}{glyph})"
            groups.append(Group([it.id for it in members], members[0].dice, dtype, damage, bonus,
                                double, heal, False, label))
        # Labels name actions, so two identical groups (two Unique Bow hits, two daggers
        # under group_by=never) are numbered.
        seen: dict[str, int] = {}
        for g in groups:
            seen[g.label] = seen.get(g.label, 0) + 1
            if seen[g.label] > 1 or sum(x.label == g.label for x in groups) > 1:
                g.label = f"{g.label} #{seen[g.label]}"
        return groups

    # -- whose decision ----------------------------------------------------------------
    @property
    def to_move(self) -> int:
        ph = self.phase
        if ph == OVER:
            return TERMINAL
        if ph in (LEADER_ROLL, DRAW_ENCOUNTERS, REINFORCE, PLACE, ATTACK_ROLL, ENEMY_ROLL,
                  DRAW_LOOT):
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
            return Chance(_uniform_seats(self.num_seats), "First Encounter Leader",
                          names=lambda s: f"Seat {s + 1} leads")
        if ph in (DRAW_ENCOUNTERS, REINFORCE):
            what = "Draw an Encounter card" if ph == DRAW_ENCOUNTERS else "Draw a reinforcement"
            return self.encounter_deck.draw(what,
                                            names=lambda c: self.cat.encounters[c].describe())
        if ph == DRAW_LOOT:
            return self.loot_deck.draw("Draw a Loot card",
                                       names=lambda c: self.cat.items[c].name)
        if ph == PLACE:
            e = self.enemies[self.placing[0]]
            dist = self._placement_dist()
            return Chance(dist, f"Place {e.name} (1d6)",
                          names=lambda s: f"in front of Seat {s + 1}")
        if ph == ATTACK_ROLL:
            return self._attack_chance()
        if ph == ENEMY_ROLL:
            return self._enemy_chance()
        raise RuntimeError(f"no chance pending in phase {ph!r}")

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

    def _roll_dist(self, n: int) -> Dist:
        return sum_of(n) if self.rules["coop.roll"] == "sum" else highest_of(n)

    def _dice_text(self, n: int) -> str:
        return f"{n}d6" if self.rules["coop.roll"] == "sum" else f"highest of {n}d6"

    def _attack_chance(self) -> Chance:
        gi, uid = self.pending_attack
        g = self.groups[gi]
        e = self.enemies[uid]
        dist = self._roll_dist(g.dice)
        d = e.dodge
        p = self.players[self.turn_seat]

        odds = {"to hit": lambda s: s > d}
        if g.double:
            odds["to double"] = lambda s: s > d and s >= 2 * d

        def name(s):
            if s > d:
                return f"rolled {s}: hit for {self._hit_damage(g, s, d)}"
            return f"rolled {s}: miss, {e.name}'s Dodge {d} → {max(0, d - 1)}"

        return dice_chance(dist, f"{self._who(p.seat)} attacks {e.name} with {g.label}: "
                           f"{self._dice_text(g.dice)} vs Dodge {d}", odds=odds, names=name)

    def _enemy_chance(self) -> Chance:
        e = self.enemies[self.enemy_queue[0]]
        p = self.players[e.seat]
        dist = self._roll_dist(e.kind.dice)
        d = p.dodge

        def name(s):
            if s > d:
                return f"rolled {s}: hit for {e.kind.damage}"
            return f"rolled {s}: miss, Seat {p.seat + 1}'s Dodge {d} → {max(0, d - 1)}"

        return dice_chance(dist, f"{e.name} attacks {self._who(p.seat)}: "
                           f"{self._dice_text(e.kind.dice)} vs Dodge {d}",
                           odds={"to hit": lambda s: s > d}, names=name)

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

    def _take_encounter(self, card: str) -> None:
        self.encounter_deck.take(card)
        if not self.encounter_deck:
            # the discard pile becomes the new deck.
            self.encounter_deck.refill(self.encounter_discard)

    # -- flow ---------------------------------------------------------------------------
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

    # -- damage (R-16, R-35) --------------------------------------------------------------
    def _damage_enemy(self, e: Enemy, d: int) -> None:
        if e.take(d):
            self.stats_["enemies_defeated"] += 1

    def _damage_player(self, p: Player, d: int) -> None:
        if p.take(d):
            p.ko = True
            self.stats_["knockouts"] += 1

    def _hit_damage(self, g: Group, s: int, dodge: int) -> int:
        dmg = g.damage + g.class_bonus
        if g.double and s >= 2 * dodge:
            dmg += g.double
        return dmg

    def _resolve_attack(self, s: int) -> None:
        gi, uid = self.pending_attack
        self.pending_attack = None
        g = self.groups[gi]
        e = self.enemies[uid]
        p = self.players[self.turn_seat]
        if s > e.dodge:
            self._damage_enemy(e, self._hit_damage(g, s, e.dodge))
            if g.heal_on_hit:
                p.heal(2)
        else:
            e.dodge = max(0, e.dodge - 1)
        self.phase = TURN
        self._after_player_damage()

    def _after_player_damage(self) -> None:
        if all(e.health <= 0 for e in self.enemies):
            self._end_encounter()
            return
        self._maybe_end_attacks()

    def _resolve_enemy_attack(self, s: int) -> None:
        uid = self.enemy_queue.pop(0)
        e = self.enemies[uid]
        p = self.players[e.seat]
        if s > p.dodge:
            self._damage_player(p, e.kind.damage)
            if p.ko and not self.active():
                # R-35 runs the R-16 checks as the player's damage lands: with nobody left
                # the game is lost there, before a Unique Shield's reflection could end the
                # encounter (and start the next one with no one to place enemies in front of).
                self.enemy_queue = []
                self.outcome = "loss"
                self.phase = OVER
                return
            if any(self.cat.items[i].special == "reflect_half" for i in p.hands):
                self._damage_enemy(e, e.kind.damage // 2)
        else:
            p.dodge = max(0, p.dodge - 1)
        if all(x.health <= 0 for x in self.enemies):
            self._in_turn = False
            self._end_encounter()
            return
        if p.ko:
            self.enemy_queue = []
            if not self.active():
                self.outcome = "loss"
                self.phase = OVER
                return
            orphans = [x for x in self.enemies if x.health > 0 and x.seat == p.seat]
            orphans.sort(key=lambda x: x.order)
            if self.rules["coop.orphans"] == "reroll":
                self.placing = [x.uid for x in orphans]
                if self.placing:
                    self.phase = PLACE
                    return
            else:
                for x in orphans:
                    x.seat = None
        self._after_turn_step()

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

    def _start_equip(self) -> None:
        # between Battles each player, from the leader on, may re-equip from the stash.
        if self.stash or any(p.items() for p in self.players):
            self.equip_order = [(self.leader + i) % self.num_seats
                                for i in range(self.num_seats)]
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

    # -- decisions ----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == TURN:
            return self._turn_actions()
        if ph == FIRST_PICK:
            return [Action("first encounter", (c,), f"Start with {self.cat.encounters[c].describe()}")
                    for c in self.cat.encounters
                    if c in self.encounter_deck and self.cat.encounters[c].first_allowed]
        if ph == CHOOSE_PRIMARY:
            return [Action("encounter", (c,), f"Fight {self.cat.encounters[c].describe()}")
                    for c in dict.fromkeys(self.offered)]
        if ph == DRAFT:
            return self._draft_actions()
        if ph == EQUIP:
            return self._equip_actions(legal_only=True)
        if ph == LEADER_CHOICE:
            return [Action("leader", (s,), f"Seat {s + 1} leads") for s in range(self.num_seats)]
        return []

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
            acts.append(Action("heal", (item, seat), f"Heal Seat {seat + 1} with {it.name} (+{it.heal})"))
        if not options:
            acts.append(Action("end turn", (), "End turn"))
        return acts

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
            return [Action("first encounter", (c,), f"Start with {self.cat.encounters[c].describe()}")
                    for c in self.cat.encounters]
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
            if (self.rules["coop.single_target_per_turn"] and self.first_target is not None
                    and self.enemies[self.first_target].health > 0):
                return "A-13", "this variant keeps one target per turn"
            if self.rules["coop.melee_only_front"] and not any(
                    x.seat == self.turn_seat and x.health > 0 for x in self.enemies):
                return "A-16", (f"with coop.melee_only_front, melee may target only enemies "
                                f"in front of Seat {self.turn_seat + 1}, and none is left there")
            return "R-33", (f"melee must target an enemy in front of Seat {self.turn_seat + 1} "
                            "while any is left (A-16)")
        if k == "end turn" and ph == TURN:
            return "R-33", "every attack group must roll before the turn ends"
        if k == "heal" and ph == TURN:
            return "R-37", "that heal is not available (spent this turn, or the target is full or out)"
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
            gi, uid = a
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
            p = self.players[self.equip_order[0]]
            if p.body == a[0]:
                p.body = None
            else:
                p.hands.remove(a[0])
            self.stash.append(a[0])
            self._refresh(p)
        elif k == "done":
            self.equip_order.pop(0)
            if not self.equip_order:
                self._after_equip()
        elif k == "leader":
            self.leader = a[0]
            self._begin_game()
        else:
            raise ValueError(f"unknown action kind {k!r}")

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

    def _next_drafter(self) -> None:
        if not self.offered:
            self._start_equip()
            return
        if self.rules["coop.loot_policy"] == "draft":
            self.drafter = (self.drafter + 1) % self.num_seats

    # -- information --------------------------------------------------------------------
    def score(self, seat: int) -> float:
        """Progress towards a win in [0, 1], for search bots that stop playouts early."""
        if self.outcome is not None:
            return 1.0 if self.outcome == "win" else 0.0
        left = sum(e.health for e in self.enemies)
        full = sum(e.kind.health for e in self.enemies) or 1
        standing = (sum(p.health for p in self.players if not p.ko)
                    / sum(p.max_health for p in self.players))
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
        why = (f"{self.battles_won} of {self.battles_needed} Battles won (R-40)"
               if self.outcome == "win" else "every player is knocked out (R-41)")
        return Result(self.outcome, seats, why, details={"battles_won": self.battles_won,
                                                         "battles_needed": self.battles_needed})

    def stats(self) -> dict:
        used = sorted({i for p in self.players for i in p.items()})
        return {"battles_won": self.battles_won, **self.stats_,
                "rounds_per_encounter": self.stats_["rounds"] / max(1, self.stats_["encounters"]),
                "items_equipped": sum(len(p.items()) for p in self.players), "used": used}

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
                {"seat": p.seat, "class": p.cls.name, "health": p.health,
                 "max_health": p.max_health, "armor": p.armor, "max_armor": p.max_armor,
                 "dodge": p.dodge, "max_dodge": p.max_dodge, "knocked_out": p.ko,
                 "hands": [cat.items[i].name for i in p.hands],
                 "body": cat.items[p.body].name if p.body else None}
                for p in self.players
            ],
            "enemies": [
                {"uid": e.uid, "name": e.name, "type": e.kind.name, "health": e.health,
                 "max_health": e.kind.health, "armor": e.armor, "max_armor": e.max_armor,
                 "dodge": e.dodge, "damage": e.kind.damage, "dice": e.kind.dice,
                 "seat": e.seat, "alive": e.health > 0}
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


def _uniform_seats(n: int) -> Dist:
    return _uniform_seats_of(tuple(range(n)))


_SEAT_DISTS: dict = {}


def _uniform_seats_of(seats: tuple) -> Dist:
    d = _SEAT_DISTS.get(seats)
    if d is None:
        d = _SEAT_DISTS[seats] = Dist(seats, (1,) * len(seats))
    return d


_HIT: dict = {}


def hit_chance(n: int, dodge: int, roll: str = "sum") -> Fraction:
    """P(roll of n d6 > dodge), exact (section 4's table)."""
    key = (n, dodge, roll)
    p = _HIT.get(key)
    if p is None:
        dist = sum_of(n) if roll == "sum" else highest_of(n)
        p = _HIT[key] = dist.p_where(lambda s: s > dodge)
    return p
