"""Attacks: the groups a player's sources roll in (R-31, R-32, R-36), the dice of players'
and enemies' attacks as chance points (R-33, R-38), and the damage they do (R-16, R-35)."""

from __future__ import annotations

from ...core import Chance
from ...core.chance import Dist
from ...core.kit import dice_chance, highest_of, sum_of
from .catalog import GLYPH, MELEE, RANGED
from .phases import OVER, PLACE, TURN
from .pieces import Enemy, Group, Player


class Combat:
    """Mixed into CoopState: attack groups, attack rolls and what a hit or a miss does."""

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
                    groups.append(
                        Group(
                            [it.id],
                            0,
                            it.dtype,
                            it.damage,
                            bonus,
                            0,
                            False,
                            True,
                            f"{it.name} (automatic hit {it.damage + bonus}{GLYPH[it.dtype]})",
                        )
                    )
        if not sources and not groups:
            return [
                Group(
                    [],
                    1,
                    cls.dtype,
                    cls.damage,
                    0,
                    0,
                    False,
                    False,
                    f"bare hands (1d6, {cls.damage}{GLYPH[cls.dtype]})",
                )
            ]
        mode = self.rules["coop.group_by"]
        buckets: dict = {}
        for n, it in enumerate(sources):
            key = (
                (it.dice, it.dtype)
                if mode == "dice_and_type"
                else (it.dice,)
                if mode == "dice_only"
                else (n,)
            )
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
            groups.append(
                Group(
                    [it.id for it in members],
                    members[0].dice,
                    dtype,
                    damage,
                    bonus,
                    double,
                    heal,
                    False,
                    label,
                )
            )
        # Labels name actions, so two identical groups (two Unique Bow hits, two daggers
        # under group_by=never) are numbered.
        seen: dict[str, int] = {}
        for g in groups:
            seen[g.label] = seen.get(g.label, 0) + 1
            if seen[g.label] > 1 or sum(x.label == g.label for x in groups) > 1:
                g.label = f"{g.label} #{seen[g.label]}"
        return groups

    # -- attack rolls (R-33, R-38) ----------------------------------------------------
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

        return dice_chance(
            dist,
            f"{self._who(p.seat)} attacks {e.name} with {g.label}: "
            f"{self._dice_text(g.dice)} vs Dodge {d}",
            odds=odds,
            names=name,
        )

    def _enemy_chance(self) -> Chance:
        e = self.enemies[self.enemy_queue[0]]
        p = self.players[e.seat]
        dist = self._roll_dist(e.kind.dice)
        d = p.dodge

        def name(s):
            if s > d:
                return f"rolled {s}: hit for {e.kind.damage}"
            return f"rolled {s}: miss, Seat {p.seat + 1}'s Dodge {d} → {max(0, d - 1)}"

        return dice_chance(
            dist,
            f"{e.name} attacks {self._who(p.seat)}: {self._dice_text(e.kind.dice)} vs Dodge {d}",
            odds={"to hit": lambda s: s > d},
            names=name,
        )

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
