"""Playing cards and using abilities (R-6, R-11 to R-16): what can be played now, through which
piece and onto which square, paying for it, the response window (A-41), and what each effect
word does when the card resolves (vocab.py).

A play is the tuple ("play", card, primary piece id, target square, target piece id, extra);
an ability use ("ability", ability id, piece id, target square, target piece id, extra). -1
means none; `extra` is the stack position Disruption cancels, the Leader a Blood Cultist
sacrifices, or the cards Broken Supply Chain's repair discards.
"""

from __future__ import annotations

from .catalog import NAMES, STACKED
from .combat import percent
from .pay import Payment, payable
from .vocab import DOMAINS

NO_SKILL = [0, 0, 0, 0, 0]


class Plays:
    """Mixed into the state: card plays and abilities."""

    # -- who may play what, when ------------------------------------------------------------
    def _may_play(self, seat: int, card, window: bool) -> bool:
        if window:
            return card.type == "technique"
        if card.major and self.major_used:
            return False
        if card.type == "training":
            limit = self.rules["arm.training_per_turn"]
            return limit == "unlimited" or self.trainings < 1
        return True

    def shielded(self, q, major: bool) -> bool:
        """Guerrilla Training (A-11): no Maneuver, Boon, Curse or major action may target it."""
        return major and q.kind != "K" and "shielded" in self.traits(q)

    def cloaked(self, q, on_leader: bool) -> bool:
        """Cloaksworn Commander (A-10): what targets it, or by default its army, fails."""
        if q is None or q.leader is None or "untargetable" not in self.cat.cards[q.leader].traits:
            return False
        return on_leader or self.rules["arm.cloak_scope"] == "army"

    def _pool(self, skilled, sq: int) -> list[int]:
        pool = [0, 0, 0, 0, 0]
        for p, threats in skilled:
            if sq in threats:
                for d in range(5):
                    pool[d] += p.cur[d]
        return pool

    def play_options(self, seat: int, window: bool = False) -> list[tuple]:
        hand = self.hands[seat]
        if not hand:
            return []
        cards = self.cat.cards
        names = [n for n in dict.fromkeys(hand) if self._may_play(seat, cards[n], window)]
        if not names:
            return []
        own = [p for p in self.pieces if p.owner == seat and p.sq >= 0]
        skilled = [(p, self.card_threats(p)) for p in own if p.cur != NO_SKILL]
        total = [0, 0, 0, 0, 0]
        for p, _ in skilled:
            for d in range(5):
                total[d] += p.cur[d]
        pools: dict[int, list[int]] = {}
        out = []
        for name in names:
            card = cards[name]
            if not card.through:
                if payable(card.generic, card.letters, total):
                    out.extend(self._plays_through_none(name, card, own))
                continue
            if not payable(card.generic, card.letters, total):
                continue  # not even every piece together could pay
            primaries = skilled if card.cost else [(p, self.card_threats(p)) for p in own]
            for p, threats in primaries:
                for tsq, tpid, extra in self._targets(seat, card, p, threats):
                    pool = pools.get(tsq)
                    if pool is None:
                        pool = pools[tsq] = self._pool(skilled, tsq)
                    if payable(card.generic, card.letters, pool, p.cur):
                        out.append(("play", name, p.id, tsq, tpid, extra))
        return out

    def _plays_through_none(self, name: str, card, own) -> list[tuple]:
        """A card played through no piece: a Strategy, or a card onto one of `own` pieces."""
        if card.type == "strategy":
            return [("play", name, -1, -1, -1, -1)]
        out = []
        for q in own:
            if (
                card.klass == "army"
                and q.kind == "K"
                or (card.klass == "general" and q.kind != "K")
            ):
                continue
            out.append(("play", name, -1, q.sq, q.id, -1))
        return out

    def _targets(self, seat: int, card, p, threats):
        """(target square, target piece, extra) for a card played through piece `p`."""
        if card.type == "leader":
            yield from self._leader_targets(seat, card, threats)
        elif card.type in ("boon", "curse"):
            yield from self._boon_targets(seat, card, threats)
        else:
            yield from self._maneuver_targets(seat, card, p, threats)

    def _leader_targets(self, seat: int, card, threats):
        board, pieces = self.board, self.pieces
        for sq in threats:
            occ = board[sq]
            if occ < 0:
                continue
            q = pieces[occ]
            # onto a friendly Army (not the General) without a Leader.
            if (
                q.owner == seat
                and q.kind != "K"
                and q.leader is None
                and not self.shielded(q, card.major)
            ):
                yield sq, occ, -1

    def _boon_targets(self, seat: int, card, threats):
        board, pieces = self.board, self.pieces
        on_leader = card.klass == "leader"
        friendly = card.type == "boon"  # Boons onto one's own armies, Curses onto the enemy's
        for sq in threats:
            occ = board[sq]
            if occ < 0:
                continue
            q = pieces[occ]
            if (q.owner == seat) != friendly or self.shielded(q, True):
                continue
            if q.kind == "K" and (on_leader or not self.rules["arm.general_is_army_for_boons"]):
                continue
            if on_leader and q.leader is None:
                continue
            yield sq, occ, -1

    def _maneuver_targets(self, seat: int, card, p, threats):
        """Maneuvers and Techniques."""
        board, pieces, effects = self.board, self.pieces, card.effects
        if card.klass == "leader":
            if p.leader is None:
                return
            if "spend_leader" in effects and not p.ready:
                return
            if "ready_leader" in effects and p.ready:
                return
        if "ranged" in effects:
            if not self.can_attack(p):
                return  # a spent Leader stops every attack of its army
            for sq in threats[1:]:
                occ = board[sq]
                if (
                    occ >= 0
                    and pieces[occ].owner != seat
                    and not self.shielded(pieces[occ], card.major)
                ):
                    yield sq, occ, -1
        elif "remove_army" in effects:
            for sq in threats:
                occ = board[sq]
                if occ >= 0 and pieces[occ].owner != seat and pieces[occ].kind != "K":
                    yield sq, occ, -1
        else:
            yield from self._answer_targets(seat, card, p, threats)

    def _answer_targets(self, seat: int, card, p, threats):
        """Cards that answer what is under way (Defend, Ambush, Cancel), and otherwise the
        primary piece's own square."""
        pieces, effects = self.pieces, card.effects
        if "defend" in effects:
            c = self.combat
            if c is not None and c.stage:
                q = pieces[c.defender]
                if q.sq >= 0 and q.kind != "K" and q.sq in threats:
                    yield q.sq, q.id, -1
        elif "ambush" in effects:
            c = self.combat
            if c is not None and c.stage == "pre":
                q = pieces[c.attacker]
                if (
                    q.sq >= 0
                    and q.owner != seat
                    and q.kind != "K"
                    and q.sq in threats
                    and "cannot_attack" not in self.traits(p)
                ):
                    yield q.sq, q.id, -1
        elif "cancel" in effects:
            cards = self.cat.cards
            for i, (_, item) in enumerate(self.window.stack):
                target = cards[item[1]]
                if (
                    item[0] == "play"
                    and target.type in STACKED
                    and "cancel" not in target.effects
                    and i not in self.cancelled
                    and item[3] in threats
                ):
                    yield item[3], -1, i
        else:
            # Effects on the primary piece or around it: the piece's own square.
            yield p.sq, p.id, -1

    # -- abilities ------------------------------------------------------------------------------
    def _sources(self):
        """(ability, piece it belongs to, controller) for every ability on the board."""
        cards = self.cat.cards
        for p in self.pieces:
            if p.sq < 0 or (p.leader is None and not p.cards and not p.granted):
                continue
            if p.leader is not None:
                for a in cards[p.leader].abilities:
                    yield a, p, p.owner
            for name, owner, _ in p.cards:
                for a in cards[name].abilities:
                    yield a, p, owner
            for name in p.granted:
                for a in cards[name].abilities:
                    if a.kind == "granted_major":
                        yield a, p, p.owner

    def ability_options(self, seat: int, window: bool = False) -> list[tuple]:
        """Abilities `seat` may use: in its own Opportunity steps, and (`window`) before the
        dice of its own attack, or at any time with the variant arm.ability_speed = instant."""
        out = []
        if window:
            c = self.combat
            instant = self.rules["arm.ability_speed"] == "instant"
            if not instant and not (
                c is not None and c.stage == "pre" and self.pieces[c.attacker].owner == seat
            ):
                return out
        for a, p, controller in self._sources():
            out.extend(self._source_options(a, p, controller, seat, window))
        if not window:
            out.extend(self._strategy_options(seat))
        # Two copies of a card on one army give the same ability once.
        return list(dict.fromkeys(out))

    def _source_options(self, a, p, controller: int, seat: int, window: bool) -> list[tuple]:
        """The uses `seat` may make of ability `a` on piece `p`."""
        kind = a.kind
        out = []
        if kind == "activated":
            if controller == seat:
                out.extend(self._activated(a, p, seat))
        elif window or (a.major and self.major_used):
            return out
        elif kind in ("major", "granted_major"):
            if controller == seat and a.effect == "ranged" and self.can_attack(p):
                for sq in self.card_threats(p)[1:]:
                    occ = self.board[sq]
                    if (
                        occ >= 0
                        and self.pieces[occ].owner != seat
                        and not self.shielded(self.pieces[occ], True)
                    ):
                        out.append(("ability", a.id, p.id, sq, occ, -1))
        elif kind == "enemy_major" and controller != seat and not self.shielded(p, True):
            if a.effect == "stop_move" and p.stopped:
                return out
            if a.extra == "discard_2":
                for pair in _pairs(self.hands[seat]):
                    out.append(("ability", a.id, p.id, p.sq, p.id, pair))
            else:
                out.append(("ability", a.id, p.id, p.sq, p.id, -1))
        return out

    def _strategy_options(self, seat: int) -> list[tuple]:
        """The uses `seat` may make of the abilities of Strategies in play."""
        out = []
        cards = self.cat.cards
        for i, s in enumerate(self.strategies):
            for a in cards[s[0]].abilities:
                if s[3] == (self.turn, seat):
                    continue
                if a.kind == "global_major" and not self.major_used:
                    if payable(a.generic, a.letters, self._total_skill(seat)):
                        out.append(("ability", a.id, -1, -1, -1, i))
                elif a.kind == "global" and a.extra == "spend_politician":
                    for q in self.pieces:
                        if (
                            q.owner == seat
                            and q.sq >= 0
                            and q.leader is not None
                            and q.ready
                            and "Politician" in cards[q.leader].subtypes
                        ):
                            out.append(("ability", a.id, q.id, -1, -1, (i, q.id)))
        return out

    def _activated(self, a, p, seat: int) -> list[tuple]:
        pool = self._pool(
            [
                (q, t)
                for q, t in (
                    (q, self.card_threats(q))
                    for q in self.pieces
                    if q.owner == seat and q.sq >= 0 and any(q.cur)
                )
            ],
            p.sq,
        )
        if not payable(a.generic, a.letters, pool, p.cur):
            return []
        if a.extra == "sacrifice_leader":
            out = [
                ("ability", a.id, p.id, p.sq, p.id, q.id)
                for q in self.pieces
                if q.owner == seat and q.sq >= 0 and q.leader is not None
            ]
            if self.rules["arm.sacrifice_from"] == "play_or_hand":
                cards = self.cat.cards
                out += [
                    ("ability", a.id, p.id, p.sq, p.id, name)
                    for name in dict.fromkeys(self.hands[seat])
                    if cards[name].type == "leader"
                ]
            return out
        return [("ability", a.id, p.id, p.sq, p.id, -1)]

    def _total_skill(self, seat: int) -> list[int]:
        own = [p for p in self.pieces if p.owner == seat and p.sq >= 0]
        return [sum(p.cur[d] for p in own) for d in range(5)]

    def ability(self, ability_id: str):
        return self.cat.abilities[ability_id]

    def response_options(self, seat: int) -> list[tuple]:
        """What `seat` may answer with while a response window asks it (R-6: Techniques at any
        time)."""
        hand = self.hands[seat]
        cards = self.cat.cards
        has_technique = any(cards[n].type == "technique" for n in hand)
        out = self.play_options(seat, window=True) if has_technique else []
        return out + self.ability_options(seat, window=True)

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

    # -- words ------------------------------------------------------------------------------------
    def play_key(self, o: tuple) -> tuple:
        _, name, pid, tsq, _, extra = o
        through = NAMES[self.pieces[pid].sq] if pid >= 0 else ""
        target = NAMES[tsq] if tsq >= 0 else ""
        if self.cat.cards[name].type == "technique" and "cancel" in self.cat.cards[name].effects:
            return (
                name,
                through,
                target,
                self.window.stack[extra][1][1],
                *self._which_play(extra)[:1],
            )
        return name, through, target

    def play_label(self, o: tuple) -> str:
        _, name, pid, tsq, tpid, extra = o
        card = self.cat.cards[name]
        p = self.pieces[pid] if pid >= 0 else None
        q = self.pieces[tpid] if tpid >= 0 else None
        via = f" (through the {p.name} on {NAMES[p.sq]})" if p is not None and q is not p else ""
        fails = ""
        if (
            q is not None
            and (q is not p or card.type in ("leader", "boon", "curse"))
            and self.cloaked(q, card.klass == "leader" and card.type in ("boon", "curse"))
        ):
            fails = ", which fails: Cloaksworn Commander"
        effects = card.effects
        if card.type == "strategy":
            return f"Play {name}"
        if card.type == "training":
            return f"Play {name} on the {q.name} on {NAMES[q.sq]}{fails}"
        if card.type in ("leader", "boon", "curse"):
            whose = "" if q.owner == self.pieces[pid].owner else "enemy "
            return f"Play {name} on the {whose}{q.name} on {NAMES[q.sq]}{via}{fails}"
        if "cancel" in effects:
            target = self.window.stack[extra][1]
            which = _nth(self._which_play(extra))
            return f"Play {name} on {target[1]}{which} at {NAMES[tsq]}{via}"
        if "ranged" in effects:
            odds = "" if fails else f" ({self.odds_words(p, q, 'ranged', effects['ranged'])})"
            return (
                f"Play {name}: the {p.name} on {NAMES[p.sq]} shoots the {q.name} on "
                f"{NAMES[q.sq]}{odds}{fails}"
            )
        if "ambush" in effects:
            return (
                f"Play {name} on the {q.name} on {NAMES[q.sq]}{via} "
                f"({percent(self.win_chance(p, q))} to destroy it){fails}"
            )
        if q is not None and q is not p:
            return f"Play {name} on the {q.name} on {NAMES[q.sq]}{via}{fails}"
        return f"Play {name} through the {p.name} on {NAMES[p.sq]}"

    def ability_key(self, o: tuple) -> tuple:
        _, aid, pid, tsq, _, extra = o
        where = NAMES[self.pieces[pid].sq] if pid >= 0 else ""
        target = NAMES[tsq] if tsq >= 0 else ""
        a = self.ability(aid)
        if a.extra == "discard_2" or isinstance(extra, str):
            return aid, where, target, extra
        if a.extra == "sacrifice_leader":
            return aid, where, target, NAMES[self.pieces[extra].sq]
        if a.kind == "global_major":
            return aid, where, target, extra  # which Unfavorable War, if there are two
        if a.extra == "spend_politician":
            return (aid, where, target, *self._which_war(extra[0])[:1])
        return aid, where, target

    def ability_label(self, o: tuple) -> str:
        _, aid, pid, _, tpid, extra = o
        a = self.ability(aid)
        p = self.pieces[pid] if pid >= 0 else None
        letters = "".join(d * n for d, n in zip(DOMAINS, a.letters, strict=True))
        cost = f" (pay {a.generic or ''}{letters})" if a.generic or any(a.letters) else ""
        if a.effect == "offense":
            what = f"{a.card} on {NAMES[p.sq]}: +{a.amount} offense this turn{cost}"
            if a.extra == "sacrifice_leader":
                if isinstance(extra, str):
                    return f"{what}, sacrificing {extra} from hand"
                q = self.pieces[extra]
                return f"{what}, sacrificing {q.leader} on {NAMES[q.sq]}"
            return what
        if a.effect == "ranged":
            q = self.pieces[tpid]
            return (
                f"{a.id}: the {p.name} on {NAMES[p.sq]} shoots the {q.name} on "
                f"{NAMES[q.sq]} (power {a.amount}, major action, "
                f"{self.odds_words(p, q, 'ranged', a.amount)})"
            )
        if a.effect == "stop_move":
            return f"Hold back the {p.name} on {NAMES[p.sq]} this turn ({a.card}, major action)"
        if a.effect == "destroy_curse":
            return (
                f"Destroy {a.card} on the {p.name} on {NAMES[p.sq]}, discarding "
                f"{extra[0]} and {extra[1]} (major action)"
            )
        if a.extra == "spend_politician":
            q = self.pieces[extra[1]]
            return (
                f"Call off Unfavorable War{_nth(self._which_war(extra[0]))} this turn by "
                f"spending {q.leader} on {NAMES[q.sq]}"
            )
        paid = f", pay {cost[6:-1]}" if cost else ""
        which = _nth(self._which_war(extra)) if a.kind == "global_major" else ""
        return f"Call off Unfavorable War{which} this turn (major action{paid})"

    # Two options that differ only in which of two like things they choose (two stack items
    # of one name on one square, two Unfavorable Wars in play) get their place among them in
    # key and label, so that either can be chosen; a key is as before when there is one.
    def _which_play(self, i: int) -> tuple[int, int] | tuple[()]:
        """(k, n): stack item i is the k-th of n items of its name on its square; () if n is 1."""
        item = self.window.stack[i][1]
        alike = [
            j
            for j, (_, other) in enumerate(self.window.stack)
            if other[1] == item[1] and other[3] == item[3]
        ]
        return (alike.index(i) + 1, len(alike)) if len(alike) > 1 else ()

    def _which_war(self, i: int) -> tuple[int, int] | tuple[()]:
        """(k, n): Strategy i is the k-th of n in play of its name; () if n is 1."""
        alike = [j for j, s in enumerate(self.strategies) if s[0] == self.strategies[i][0]]
        return (alike.index(i) + 1, len(alike)) if len(alike) > 1 else ()


def _nth(which: tuple) -> str:
    """Words for Plays._which_*: " (the 2nd of 2)", or nothing."""
    if not which:
        return ""
    k, n = which
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f" (the {k}{suffix} of {n})"


def _pairs(hand: list[str]) -> list[tuple[str, str]]:
    """Distinct pairs of cards in a hand (a pair of one name needs two copies)."""
    names = sorted(set(hand))
    out = []
    for i, a in enumerate(names):
        for b in names[i:]:
            if a != b or hand.count(a) >= 2:
                out.append((a, b))
    return out
