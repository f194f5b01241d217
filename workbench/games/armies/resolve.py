"""Paying for a card play or an ability use (R-12, R-13) and resolving it (R-14, A-41): what
each effect word does when the card resolves (vocab.py). Plays and ability uses are the tuples
plays.py describes.
"""

from __future__ import annotations

from .catalog import STACKED
from .pay import Payment
from .vocab import DOMAINS


class Resolving:
    """Mixed into the state: paying for plays and ability uses, and resolving them."""

    # -- paying ---------------------------------------------------------------------------------
    def _payers(self, seat: int, primary, sq: int | None) -> list[tuple[int, list[int]]]:
        """Who may pay: the primary piece first, then the friendly pieces threatening `sq`
        (R-12); with no square, any friendly piece (R-13)."""
        out = [] if primary is None else [(primary.id, primary.cur)]
        for q in self.pieces:
            if q.owner != seat or q.sq < 0 or not any(q.cur) or q is primary:
                continue
            if sq is None or sq in self.card_threats(q):
                out.append((q.id, q.cur))
        return out

    def start_play(self, seat: int, o: tuple) -> None:
        card = self.cat.cards[o[1]]
        self.hands[seat].remove(o[1])
        if card.through:
            p = self.pieces[o[2]]
            payment = Payment(card.generic, card.letters, self._payers(seat, p, o[3]), p.id)
        else:
            payment = Payment(card.generic, card.letters, self._payers(seat, None, None))
        self.paying = (seat, o, payment)
        self.continue_payment()

    def use_ability(self, seat: int, o: tuple) -> None:
        a = self.ability(o[1])
        if a.kind == "activated":
            p = self.pieces[o[2]]
            payment = Payment(a.generic, a.letters, self._payers(seat, p, p.sq), p.id)
        else:
            payment = Payment(a.generic, a.letters, self._payers(seat, None, None))
        self.paying = (seat, o, payment)
        self.continue_payment()

    def continue_payment(self) -> None:
        seat, o, payment = self.paying
        if not payment.done:
            self.phase = "pay"
            return
        self.paying = None
        for pid, d, x in payment.plan():
            self.pieces[pid].cur[d] -= x
        if o[0] == "play":
            self._paid_play(seat, o)
        else:
            self._paid_ability(seat, o)

    def _paid_play(self, seat: int, o: tuple) -> None:
        card = self.cat.cards[o[1]]
        if "spend_leader" in card.effects:
            self.pieces[o[2]].ready = False
        if card.major:
            self.major_used = True
        if card.type == "training":
            self.trainings += 1
        self.acted = True
        self.counts[f"cards_{seat}"] += 1
        if card.type in STACKED:
            self.window.push(seat, o)  # the opponent may answer before it resolves
        else:
            self.resolve_play(seat, o)

    # -- resolving ------------------------------------------------------------------------------
    def resolve_play(self, seat: int, o: tuple) -> None:
        """R-14: a paid card resolves unless cancelled; permanents stay, the rest are
        discarded."""
        _, name, pid, tsq, tpid, extra = o
        card = self.cat.cards[name]
        depth = len(self.window.stack)  # this card's position, now that it is popped
        if depth in self.cancelled:
            self.cancelled.discard(depth)
            self.discard(seat, name, from_play=False)
            return
        p = self.pieces[pid] if pid >= 0 else None
        q = self.pieces[tpid] if tpid >= 0 else None
        gone = (p is not None and p.sq < 0) or (q is not None and q.sq != tsq)
        targets_q = (
            q is not None and q is not p or card.type in ("leader", "boon", "curse", "training")
        )
        on_leader = card.klass == "leader" and card.type in ("boon", "curse")
        if gone or (targets_q and self.cloaked(q, on_leader)):
            self.discard(seat, name, from_play=False)
            return
        kind, effects = card.type, card.effects
        if kind == "leader":
            if q.leader is not None:
                self.discard(seat, name, from_play=False)
                return
            q.leader, q.ready, q.hope = name, "enters_ready" in effects, 0
            return
        if kind in ("boon", "curse"):
            if on_leader and q.leader is None:
                self.discard(seat, name, from_play=False)
                return
            q.cards.append((name, seat, on_leader))
            return
        if kind == "strategy":
            tokens = effects.get("snow") or effects.get("surprise") or 0
            self.strategies.append([name, seat, tokens, None])
            self._threats.clear()
            return
        if kind == "training":
            d = DOMAINS.index(effects["train"])
            q.maxs[d] += 1
            q.cur[d] += 1  # the new point can be spent at once
            if card.traits or any(a.kind == "granted_major" for a in card.abilities):
                q.granted = (*q.granted, name)
        self._effects(seat, card, p, q, extra)
        self.discard(seat, name, from_play=False)

    def _effects(self, seat: int, card, p, q, extra) -> None:
        effects = card.effects
        draw = effects.get("draw")
        if draw is not None:
            if draw == "extra_leaders":
                mine = sum(1 for x in self.pieces if x.sq >= 0 and x.owner == seat and x.leader)
                theirs = sum(1 for x in self.pieces if x.sq >= 0 and x.owner != seat and x.leader)
                draw = max(0, mine - theirs)
            elif draw == "domains":
                draw = sum(1 for d in range(5) if p.maxs[d] > 0)
            for _ in range(draw):
                self.queue_draw(seat)
        if "ranged" in effects:
            power = effects["ranged"]
            self.begin_ranged(p, q, power)
        if "spend_threatened_leaders" in effects:
            for sq in self.card_threats(p):
                occ = self.board[sq]
                if occ >= 0 and self.pieces[occ].owner != seat and self.pieces[occ].leader:
                    self.pieces[occ].ready = False
        if "hope" in effects:
            # enemy threats on the army's square beyond the friendly ones, itself apart.
            x = self.threatening(p.sq, 1 - seat) - self.threatening(p.sq, seat, exclude=p.id)
            p.hope += max(0, x)
        if "ready_leader" in effects and p.leader is not None:
            p.ready = True
        if "remove_army" in effects:
            self.destroy(q, removed=True)
        if "defend" in effects and self.combat is not None and self.combat.defender == q.id:
            self.combat.htl += effects["defend"]
        if "ambush" in effects and self.combat is not None and self.combat.attacker == q.id:
            self.begin_ambush(p, q)
        if "cancel" in effects and extra < len(self.window.stack):
            self.cancelled.add(extra)
            self.counts["disrupted"] += 1

    def _paid_ability(self, seat: int, o: tuple) -> None:
        _, aid, pid, _, tpid, extra = o
        a = self.ability(aid)
        if a.major:
            self.major_used = True
        p = self.pieces[pid] if pid >= 0 else None
        if a.extra == "sacrifice_leader":
            if isinstance(extra, str):
                self.hands[seat].remove(extra)
                self.discard(seat, extra, from_play=False)
            else:
                self.sacrifice_leader(self.pieces[extra])
        elif a.extra == "discard_2":
            for name in extra:
                self.hands[seat].remove(name)
                self.discards[seat].append(name)
        elif a.extra == "spend_politician":
            self.pieces[extra[1]].ready = False
        q = self.pieces[tpid] if tpid >= 0 else None
        if q is not None and q is not p and self.cloaked(q, False):
            return  # an ability aimed at the Commander's army fails
        effect = a.effect
        if effect == "offense":
            p.temp += a.amount
        elif effect == "stop_move":
            p.stopped = True
        elif effect == "destroy_curse":
            for i, (name, owner, _) in enumerate(p.cards):
                if name == a.card:
                    del p.cards[i]
                    self.discard(owner, name)
                    break
        elif effect == "skip_war":
            index = extra if isinstance(extra, int) else extra[0]
            self.strategies[index][3] = (self.turn, seat)
        elif effect == "ranged":
            self.begin_ranged(p, q, a.amount)

    def sacrifice_leader(self, q) -> None:
        """The Leader goes to its owner's discard pile with the Boons on it (A-30)."""
        self.discard(q.owner, q.leader)
        keep = []
        for entry in q.cards:
            if entry[2]:
                self.discard(entry[1], entry[0])
            else:
                keep.append(entry)
        q.cards = keep
        q.leader, q.ready, q.hope = None, False, 0
