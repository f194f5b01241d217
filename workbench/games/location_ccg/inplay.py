"""Cards in play (R-14, R-31, R-38): their stats with modifiers and until-end-of-turn changes,
modifiers attaching, and cards leaving play for the discard or void pile (R-5, R-41)."""

from __future__ import annotations

from .costs import Cost


class CardsInPlay:
    """Mixed into the state: reading, attaching and removing cards in play."""

    # -- reading cards ----------------------------------------------------------------------
    def card(self, uid):
        return self.cat.cards[self.inplay[uid].name]

    def _stat(self, uid, i: int, base: int) -> int:
        inst = self.inplay[uid]
        total = base + inst.temp[i]
        for m in inst.mods.values():
            d = self.card(m)
            total += (d.atk, d.def_, d.skl)[i]
        return total

    def atk(self, uid) -> int:
        return max(0, self._stat(uid, 0, self.card(uid).atk))

    def def_(self, uid) -> int:
        return self._stat(uid, 1, self.card(uid).def_)

    def skl(self, uid) -> int:
        return self._stat(uid, 2, self.card(uid).skl)

    def label(self, uid) -> str:
        inst = self.inplay.get(uid)
        return f"{inst.name} [{uid}]" if inst else f"card [{uid}]"

    # -- entering play ----------------------------------------------------------------------
    def _unique(self, uid) -> None:
        """R-38 / A-18: a second copy in play sends one copy to its owner's discard pile."""
        name = self.inplay[uid].name
        if not self.cat.cards[name].has("Unique"):
            return
        others = [u for u, i in self.inplay.items() if i.name == name and u != uid]
        if not others:
            return
        leaves = others[0] if self.rule("loc.unique_leaves") == "older" else uid
        self.note(f"{self.label(leaves)} leaves play: only one {name} may be in play (R-38)")
        self.leave_play(leaves, "discard")

    def mod_key(self, d) -> str:
        """The place modifier `d` takes on its character (R-31): one per subtype, or one for
        any modifier under loc.modifier_limit = one."""
        return d.subtype if self.rule("loc.modifier_limit") == "per_subtype" else "modifier"

    def _attach(self, uid, host) -> None:
        d = self.card(uid)
        h = self.inplay.get(host)
        if h is None:
            self.leave_play(uid, "discard")
            return
        self.inplay[uid].host = host
        key = self.mod_key(d)
        old = h.mods.get(key)
        if old is None:
            h.mods[key] = uid
            self._lethal([host], "A-E10")  # a modifier with a negative Def
            return
        h.mods[key + "+new"] = uid  # both attached until the controller chooses
        self.ask = (h.owner, "keep_mod", (host, key, old, uid))

    # -- leaving play -----------------------------------------------------------------------
    def _to_discard(self, seat: int, name: str) -> None:
        """R-5 discard, with Recur (R-41): a discarded Recur card goes back to the hand."""
        zone = "hand" if self.cat.cards[name].has("Recur") else "discard"
        self.zones.add(seat, zone, name)

    def leave_play(self, uid, where: str) -> None:
        """A card leaves play for the discard pile (KO) or the void pile (destroyed)."""
        inst = self.inplay.pop(uid)
        seat = inst.owner
        for m in list(inst.mods.values()):
            if m in self.inplay:
                self.leave_play(m, "discard")
        if inst.host is not None and inst.host in self.inplay:
            host = self.inplay[inst.host]
            host.mods = {k: v for k, v in host.mods.items() if v != uid}
        if uid in self.chars[seat]:
            self.chars[seat].remove(uid)
        if uid in self.assets[seat]:
            self.assets[seat].remove(uid)
        c = self.combat
        if c is not None:
            for group in (c.A, c.D):
                if uid in group:
                    group.remove(uid)
        d = self.cat.cards[inst.name]
        if where == "void":
            if d.has("Recur"):
                self.zones.add(seat, "discard", inst.name)
            else:
                self.zones.add(seat, "void", inst.name)
        else:
            self._to_discard(seat, inst.name)

    def destroy(self, uid) -> None:
        """R-5: destroyed cards go to the void pile; a Shrine may pay to keep a character
        in the discard pile instead."""
        inst = self.inplay[uid]
        seat, name = inst.owner, inst.name
        is_char = uid in self.chars[seat]
        self.leave_play(uid, "void")
        if is_char:
            self.counts["destroyed"][seat] += 1
            for a in self.assets[seat]:
                x = self.card(a).passive("Shrine Save")
                if x:
                    self.todo.insert(0, ("shrine", seat, name, Cost(x)))
                    break

    def _do_shrine(self, seat: int, name: str, cost: Cost) -> None:
        if name in self.zones[seat, "void"] and self.payment_options(seat, [cost]):
            self.ask = (seat, "shrine", (name, cost))
