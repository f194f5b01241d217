"""Squad Combat's cards at work: paying and targeting (R-13, R-17), resolving attacks in v1
and in the v0.5 contest (R-17 .. R-22), keyword effects on characters (effects.py calls the
helpers here), and death and the end of the game (R-10, R-36, A-35)."""

from __future__ import annotations

from .catalog import Source
from .effects import CHARACTER, EFFECTS
from .notation import payments, spend
from .pieces import Attached, Char, Play


class Combat:
    """Mixed into SquadState: the steps that carry a play out, and what effects change."""

    # -- paying and targeting (R-13, R-17) -----------------------------------------------------
    def _s_pay(self, pid: int) -> None:
        play = self.plays[pid]
        src = play.source
        if src.ability == "dead":
            return  # a death effect ignores energy and dice
        c = self.chars[play.actor]
        c.burden += src.cost.energy
        if src.cost.dice:
            ways = payments(c.dice, src.cost.dice)
            if len(ways) == 1:  # the player picks only when there is a choice
                spend(c.dice, ways[0])
                play.paid = ways[0]
            else:
                self.wait = ("pay", play.seat, pid)

    def _s_pay_cards(self, pid: int, left: int) -> None:
        if left <= 0:
            return
        seat = self.plays[pid].seat
        names = list(dict.fromkeys(self.players[seat].hand))
        if len(names) == 1:
            self._discard_from_hand(seat, names[0])
            self._then(("pay_cards", pid, left - 1))
        elif names:
            self.wait = ("cards", seat, (pid, left))

    def _s_target(self, pid: int) -> None:
        play = self.plays[pid]
        need = play.source.targets - len(play.targets)
        if need <= 0:
            return
        found = self._candidates(play.seat, play.source.target, play.targets)
        if len(found) <= need:
            play.targets += found
        else:
            self.wait = ("target", play.seat, pid)

    def _s_declared(self, pid: int) -> None:
        """R-24: a window once costs are paid and the target chosen; for an attack it is the
        reaction window, the defending player first (R-17.3)."""
        self._then(("window", "reaction" if self.plays[pid].source.is_attack else "declared", pid))

    def _s_edge_resolve(self, pid: int) -> None:
        if self.rules["sc.edge_stack"] == "lifo":
            self.stack.append(pid)
        else:
            self._then(("resolve", pid))  # edges resolve at once

    # -- resolving (R-17 .. R-22) --------------------------------------------------------------
    def _s_resolve(self, pid: int) -> None:
        play = self.plays[pid]
        src = play.source
        if src.is_attack:
            if play.negated:
                self.counts["negated"] += 1
                self._miss(play, "is negated")
            elif self.contest:
                self._then(("attack_die", pid), ("defence_die", pid), ("strike", pid))
            else:
                self._then(("strike", pid))
            return
        self._then(*[("effect", pid, i) for i in range(len(src.effects))], ("finish", pid))

    def _s_attack_die(self, pid: int) -> None:
        c = self.chars[self.plays[pid].actor]
        if c.alive and c.dice:  # the attacker may spend one die, or decline
            self.wait = ("attack_die", c.seat, pid)

    def _s_defence_die(self, pid: int) -> None:
        c = self.chars[self.plays[pid].targets[0]]
        if c.alive and c.dice:
            self.wait = ("defence_die", c.seat, pid)

    def _s_strike(self, pid: int) -> None:
        play = self.plays[pid]
        defender = self.chars[play.targets[0]]
        if not defender.alive:
            self._miss(play, "has no living target")
            return
        if self.contest:  # ties go to the attacker
            attack, defence = play.adie + play.atk, play.ddie + play.defence
            if attack < defence:
                self._miss(play, f"misses ({attack} against {defence})")
                return
        self._hit(pid)

    def _hit(self, pid: int) -> None:
        """R-17.4: attach the card face down, apply Resistance and Hardened, check for death,
        then the rest of the Effect Bar."""
        play = self.plays[pid]
        src = play.source
        defender = self.chars[play.targets[0]]
        play.hit = True
        play.settled = True
        self.counts["hits"] += 1
        self.uid += 1
        rec = Attached(self.uid, src.name, play.seat, src.damage, src.traits, play.mod)
        if self._hardened(rec, defender):
            self.players[play.seat].discard.put(src.name)
            self.note(f"{src.name} hits {defender.d.name}; Hardened discards it")
        else:
            defender.attached.append(rec)
            play.attached = rec.uid
            self.hurt = True
            self.note(f"{src.name} hits {defender.d.name} for {self.effective(rec, defender)}")
        self._check_deaths()
        self._then(*[("effect", pid, i) for i in range(len(src.effects))])

    def _miss(self, play: Play, why: str) -> None:
        play.settled = True
        self.counts["misses"] += 1
        self.players[play.seat].discard.put(play.source.name)
        self.note(f"{play.source.name} {why}")

    def _s_effect(self, pid: int, i: int) -> None:
        play = self.plays[pid]
        effect = play.source.effects[i]
        keyword = EFFECTS[effect.keyword]
        if keyword.acts_on == CHARACTER:
            self._then(*[("apply", pid, i, ci) for ci in self._scope(play, effect.scope)])
        else:
            keyword.handler(self, play, effect, None)
            self._check_deaths()

    def _s_apply(self, pid: int, i: int, ci: int) -> None:
        if self.chars[ci].alive:
            play = self.plays[pid]
            effect = play.source.effects[i]
            EFFECTS[effect.keyword].handler(self, play, effect, ci)
            self._check_deaths()

    def _scope(self, play: Play, scope: str) -> list[int]:
        if scope == "self":
            return [play.actor]
        if scope == "each friendly":
            return [ci for ci in self.players[play.seat].order if self.chars[ci].alive]
        if scope == "each enemy":
            return [c.ci for c in self.chars if c.alive and c.seat != play.seat]
        return list(play.targets) or [play.actor]

    def _s_finish(self, pid: int) -> None:
        play = self.plays[pid]
        if play.from_hand:  # discarded after it resolves
            self.players[play.seat].discard.put(play.source.name)
            play.settled = True

    # -- what effects call (effects.py) --------------------------------------------------------
    def effective(self, rec: Attached, c: Char) -> int:
        """R-25, R-31: printed damage and tokens, less the best matching Resistance."""
        resist = 0
        for trait, x in c.d.resist:
            if trait in rec.traits and x > resist:
                resist = x
        worth = rec.printed + rec.mod - resist
        return worth if worth > 0 else 0

    def healable_worth(self, rec: Attached, c: Char) -> int:
        """What Heal X compares with X: effective damage (A-16), or printed (the variant)."""
        if self.rules["sc.heal_compare"] == "printed":
            return rec.printed + rec.mod
        return self.effective(rec, c)

    def stun_amount(self, x: int) -> int:
        return 1 if self.rules["sc.stun"] == "one" else x

    def _hardened(self, rec: Attached, c: Char) -> bool:
        """R-32, A-18: checked when the card would be attached, on effective damage."""
        worth = self.effective(rec, c)
        return any(t in rec.traits and worth <= x for t, x in c.d.hardened)

    def damage(self, c: Char) -> int:
        return sum(self.effective(r, c) for r in c.attached)

    def remove_attached(self, ci: int, uid: int) -> None:
        c = self.chars[ci]
        rec = next(r for r in c.attached if r.uid == uid)
        c.attached.remove(rec)
        if not rec.token:
            self.players[rec.owner].discard.put(rec.name)
        self.note(f"{c.d.name} is healed of {rec.name}")

    def attach_token(self, ci: int, play: Play, worth: int) -> None:
        c = self.chars[ci]
        self.uid += 1
        rec = Attached(
            self.uid, f"{play.source.name} token", play.seat, worth, play.source.traits, token=True
        )
        if not self._hardened(rec, c):
            c.attached.append(rec)
            self.hurt = True

    def modify_attack(self, pid: int, amount: int) -> None:
        """A token on an attack card: on the card still waiting to hit, or on the card
        attached after the hit."""
        attack = self.plays[pid]
        if not attack.hit:
            attack.mod += amount
            return
        for rec in self.chars[attack.targets[0]].attached:
            if rec.uid == attack.attached:
                rec.mod += amount
                self.hurt = True

    def set_die(self, ci: int, old: int, new: int) -> None:
        dice = self.chars[ci].dice
        dice.remove(old)
        dice.append(new)
        dice.sort(reverse=True)

    def add_die(self, ci: int, face: int) -> None:
        c = self.chars[ci]
        if c.alive:
            c.dice.append(face)
            c.dice.sort(reverse=True)

    def remove_die(self, ci: int, face: int) -> None:
        self.chars[ci].dice.remove(face)

    def switch(self, a: int, b: int) -> None:
        if a == b or self.chars[a].seat != self.chars[b].seat:
            return
        order = self.players[self.chars[a].seat].order
        i, j = order.index(a), order.index(b)
        order[i], order[j] = order[j], order[i]

    # -- death and the end (R-10, R-36, A-35) --------------------------------------------------
    def _check_deaths(self) -> None:
        if not self.hurt:
            return
        self.hurt = False
        dead = [c for c in self.chars if c.alive and c.attached and self.damage(c) >= c.d.hp]
        if not dead:
            return
        for c in dead:
            c.alive = False
            c.dice = []
            c.burden = 0
            c.suppressed = False
            self.counts["deaths"] += 1
            self.note(f"{c.d.name} dies")
            if self.v05:  # R-36 (v0.5), A-19: removed; attached cards are discarded
                c.removed = True
                for rec in c.attached:
                    if not rec.token:
                        self.players[rec.owner].discard.put(rec.name)
                c.attached = []
        living = [
            p.seat
            for p in self.players
            if not p.out and any(self.chars[ci].alive for ci in p.order)
        ]
        for p in self.players:
            if p.seat not in living:
                p.out = True
        if len(living) <= 1:
            self._finish(
                tuple(living),
                "the last squad standing"
                if living
                else "the last characters died at the same moment (A-21)",
            )

    def no_damage_left(self) -> bool:
        """A-35: True when no squad can ever attach damage again, so no character can die
        and the game cannot end: no attack or Wound card a living character could play is
        left in any hand, deck or discard pile, no ability wounds, and no heal could send an
        attached attack card back to a squad that could play it again."""
        if self.rules["sc.deckout"] == "lose":
            return False  # drawing on from an empty deck ends the game
        for p in self.players:
            if p.out:
                continue
            if any(self._wounds(p.seat, src) for src in self._sources(p.seat)):
                return False
        for c in self.chars:
            if not c.alive or not any(self._heals(c.seat, src) for src in self._sources(c.seat)):
                continue
            for rec in c.attached:
                owner = self.players[rec.owner]
                if (
                    not rec.token
                    and not owner.out
                    and self._wounds(rec.owner, self.cat.cards[rec.name])
                ):
                    return False
        return True

    def _sources(self, seat: int):
        p = self.players[seat]
        cards = self.cat.cards
        for name in {*p.hand, *p.deck.counts, *p.discard.counts}:
            yield cards[name]
        for ci in p.order:
            yield from self.chars[ci].d.abilities

    def _playable_by_someone(self, seat: int, src: Source) -> bool:
        for ci in self.players[seat].order:
            c = self.chars[ci]
            if src.ability:
                if src.character == c.d.name and (
                    c.alive if src.ability == "alive" else not c.alive and not self.v05
                ):
                    return True
            elif (
                c.alive
                and (src.character is None or src.character == c.d.name)
                and (not src.traits or src.traits & c.d.traits)
            ):
                return True
        return False

    def _wounds(self, seat: int, src: Source) -> bool:
        hurts = (src.is_attack and src.damage > 0) or any(
            e.keyword in ("Wound", "Boost") and e.amount for e in src.effects
        )
        return hurts and self._playable_by_someone(seat, src)

    def _heals(self, seat: int, src: Source) -> bool:
        return any(e.keyword == "Heal" for e in src.effects) and self._playable_by_someone(
            seat, src
        )

    def _eliminate(self, seat: int) -> None:
        self.players[seat].out = True
        living = [p.seat for p in self.players if not p.out]
        if len(living) <= 1:
            self._finish(tuple(living), "the other squad ran out of cards (sc.deckout)")

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.ended = True
        self.winners = winners
        self.reason = reason
        self.queue.clear()
        self.wait = None
        self.win = None
