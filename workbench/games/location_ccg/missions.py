"""Missions (3.7): attackers and defenders, pairing challengers with opposers, combat damage and
the VP a mission wins. The mission under way is the state's `combat` (board.Combat)."""

from __future__ import annotations

from .board import HQ


class Missions:
    """Mixed into the state: missions and their combat."""

    # -- Mission (3.7): attackers and defenders (R-23, R-24) --------------------------------
    def mission_targets(self) -> list[int]:
        return [i for i, loc in enumerate(self.locs) if loc.won_by is None]

    def _do_mission(self) -> None:
        at_hq = [u for u in self.chars[self.active] if self.inplay[u].where == HQ]
        if not self.mission_targets() or (not at_hq and self.rule("loc.min_attackers")):
            return
        self.ask = (self.active, "mission", None)

    def _do_attackers(self) -> None:
        self._again(("attackers",), self.active, "attackers")

    def _do_defenders(self) -> None:
        seat = 1 - self.active
        if not self.defender_pool():
            return
        self._again(("defenders",), seat, "defenders")

    def _do_def_done(self) -> None:
        c = self.combat
        c.D = list(c.defenders)
        c.step = "R-24"
        if c.defenders:
            self.note(
                f"Seat {2 - c.attacker} defends with "
                + ", ".join(self.label(u) for u in c.defenders)
                + " (R-24)"
            )

    def defender_pool(self) -> list:
        c = self.combat
        return [
            u
            for u in self.chars[1 - c.attacker]
            if self.inplay[u].where == HQ and u not in c.defenders
        ]

    # -- pairing (R-25, R-33) ---------------------------------------------------------------
    def _do_pairing(self) -> None:
        c = self.combat
        c.step = "R-25"
        if c.challenger is not None and c.challenger not in self.inplay:
            c.to_oppose = 0  # a Long Range opposer destroyed it before its last opposer
        if c.challenger is not None and c.to_oppose > 0:
            pool = self._opposer_pool()
            if pool:
                self._again(("pairing",), 1 - self._side_of(c.challenger), "opposer")
                return
            c.to_oppose = 0
        c.challenger = None
        if not c.A or not c.D:
            return
        self._again(("pairing",), c.chooser, "challenger")

    def _side_of(self, uid) -> int:
        return self.inplay[uid].owner

    def _opposer_pool(self) -> list:
        c = self.combat
        side = 1 - self._side_of(c.challenger)
        pool = c.A if side == c.attacker else c.D
        return [
            u for u in pool if (c.challenger, u) not in c.pairs and (u, c.challenger) not in c.pairs
        ]

    def giant(self, uid) -> int:
        if self.rule("loc.giant") == "ignore":
            return 1
        return max(1, self.card(uid).amount("Giant"))

    def choose_challenger(self, uid) -> None:
        c = self.combat
        pool = c.A if c.chooser == c.attacker else c.D
        self._leave_pool(uid, pool)
        c.challenger = uid
        other = c.D if c.chooser == c.attacker else c.A
        c.to_oppose = min(self.giant(uid), len(other))
        c.chooser = 1 - c.chooser

    def _leave_pool(self, uid, pool: list) -> None:
        if uid in pool:
            pool.remove(uid)

    def choose_opposer(self, uid) -> None:
        c = self.combat
        ch = c.challenger
        pool = c.A if self._side_of(uid) == c.attacker else c.D
        c.pairs.append((ch, uid))
        # A Giant opposer stays available until it has been paired X times.
        left = c.giant_left.get(uid, self.giant(uid)) - 1
        c.giant_left[uid] = left
        if left <= 0 and uid in pool:
            pool.remove(uid)
        c.to_oppose -= 1
        self.note(f"{self.label(uid)} opposes {self.label(ch)} (R-25)")
        if self.rule("loc.long_range") == "on_pairing":
            self._long_range([(ch, uid)])

    # -- combat (R-26, R-32, R-34, R-35) ----------------------------------------------------
    def _long_range(self, pairs) -> None:
        """R-34: Long Range characters deal their Atk as soon as they are paired; both of a
        pair at the same moment."""
        hits = []
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                if x in self.inplay and y in self.inplay and self.card(x).has("Long Range"):
                    hits.append((y, self.atk(x), x))
        for target, amount, source in hits:
            self._damage(target, amount)
            self.note(
                f"{self.label(source)} deals {amount} at range to {self.label(target)} (R-34)"
            )
        self._lethal([t for t, _, _ in hits])

    def _do_resolve(self) -> None:
        c = self.combat
        c.step = "R-26"
        if self.rule("loc.long_range") == "combat_start":
            self._long_range(list(c.pairs))
        steps = []
        for uid in c.attackers + c.defenders:
            if (
                uid in self.inplay
                and not c.paired(uid)
                and self.card(uid).has("Gang")
                and self.gang_targets(uid)
            ):
                steps.append(("gang", uid))
        for uid in c.attackers + c.defenders:
            if (
                uid in self.inplay
                and self.giant(uid) > 1
                and len(self.alive_facing(uid)) > 1
                and self.rule("loc.giant") == "split"
            ):
                steps.append(("split", uid))
        steps.append(("damage",))
        self.todo[0:0] = steps

    def alive_facing(self, uid) -> list:
        return [u for u in self.combat.facing(uid) if u in self.inplay]

    def gang_targets(self, uid) -> list:
        c = self.combat
        seat = self._side_of(uid)
        return [
            u for u in c.side(seat) if u in self.inplay and c.paired(u) and self.alive_facing(u)
        ]

    def _do_gang(self, uid) -> None:
        if uid in self.inplay and self.gang_targets(uid):
            self.ask = (self._side_of(uid), "gang", uid)

    def _do_split(self, uid) -> None:
        if uid in self.inplay and len(self.alive_facing(uid)) > 1:
            self.ask = (self._side_of(uid), "split", uid)

    def _do_damage(self) -> None:
        """R-26.3-4: every character in combat deals its Atk to what it faces, all at once."""
        c = self.combat
        hits: dict = {}
        # In the order the pairs name them, not a set's: destruction follows this order, and
        # with it which card goes to the discard pile first.
        for uid in dict.fromkeys(u for p in c.pairs for u in p):
            if uid not in self.inplay or not self.alive_facing(uid):
                continue
            if self.card(uid).has("Long Range"):
                continue  # its damage was dealt when it was paired
            atk = self.atk(uid) + sum(
                self.atk(g) for g, t in c.gang.items() if t == uid and g in self.inplay
            )
            facing = self.alive_facing(uid)
            if len(facing) == 1:
                shares = {facing[0]: atk}
            elif self.rule("loc.giant") == "full_each":
                shares = {f: atk for f in facing}
            else:
                shares = c.split.get(uid) or {facing[0]: atk}
            for target, amount in shares.items():
                if target in self.inplay:
                    hits[target] = hits.get(target, 0) + amount
        for target, amount in hits.items():
            self._damage(target, amount)
        if hits:
            self.note(
                "Combat damage: "
                + ", ".join(f"{self.label(t)} takes {n}" for t, n in hits.items())
                + " (R-26)"
            )
        self._lethal(list(hits))
        c.step = "R-26 done"

    def _damage(self, uid, amount: int) -> None:
        inst = self.inplay[uid]
        if inst.prevent or amount <= 0:
            return
        inst.damage += amount

    def _lethal(self, uids, rule: str = "R-26") -> None:
        """R-26.4 with Toughness (R-35): lethal damage destroys, unless a wound is left. Also
        checked when a character's Def falls (1.1, A-E10): damage >= Def destroys at any time."""
        for uid in dict.fromkeys(uids):
            inst = self.inplay.get(uid)
            if inst is None or inst.damage < self.def_(uid):
                continue
            if inst.wounds < self.card(uid).amount("Toughness"):
                inst.damage = 0
                inst.wounds += 1
                self.note(f"{self.label(uid)} survives with a wound counter (R-35)")
                continue
            self.note(f"{self.label(uid)} is destroyed ({rule})")
            self.destroy(uid)

    # -- victory (R-27 .. R-29) and the end of a mission ------------------------------------
    def _do_victory(self) -> None:
        """R-27 .. R-29."""
        c = self.combat
        c.step = "R-27"
        loc = self.locs[c.loc]
        if loc.won_by is not None:
            return
        att, dfn = c.attacker, 1 - c.attacker
        net = self.skill_at(att) - self.skill_at(dfn)
        need = self.cat.locations[loc.name].skill
        if net < need:
            self.note(f"Net Skl {net} against {loc.name}'s Skill {need}: no VP (R-27)")
            return
        loc.vp[att] += 1
        self.counts["vp"][att] += 1
        self.note(
            f"Net Skl {net} against {loc.name}'s Skill {need}: Seat {att + 1} puts a VP "
            f"token on it ({loc.vp[att]}/{self.cat.locations[loc.name].vp}) (R-27)"
        )
        if loc.vp[att] >= self.cat.locations[loc.name].vp:
            loc.won_by = att
            loc.vp = [0, 0]
            self.note(f"Seat {att + 1} wins {loc.name} (R-28)")
            won = sum(1 for x in self.locs if x.won_by == att)
            if 2 * won > len(self.locs):
                self._end(att, f"Seat {att + 1} won {won} of {len(self.locs)} Locations (R-29)")

    def skill_at(self, seat: int) -> int:
        c = self.combat
        if self.rule("loc.skill_count") == "mission_only":
            group = [u for u in c.side(seat) if u in self.inplay]
        else:
            group = [u for u in self.chars[seat] if self.inplay[u].where == c.loc]
        return sum(self.skl(u) for u in group)

    def at_contested(self, seat: int) -> list:
        c = self.combat
        if c is None:
            return []
        return [u for u in self.chars[seat] if self.inplay[u].where == c.loc]

    def _do_mission_end(self) -> None:
        self.combat = None

    def send_home(self, uid) -> None:
        c = self.combat
        if uid not in self.inplay or c is None:
            return
        self.inplay[uid].where = HQ
        for group in (c.defenders, c.D, c.attackers, c.A):
            if uid in group:
                group.remove(uid)
        self.note(f"{self.label(uid)} goes back to HQ")
