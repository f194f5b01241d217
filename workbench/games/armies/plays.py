"""Playing cards and using abilities (R-6, R-11 to R-16): what can be played now, through which
piece and onto which square, and what may answer in the response window (A-41). Paying for a
play and resolving it are in resolve.py, the keys and labels of plays in words.py.

A play is the tuple ("play", card, primary piece id, target square, target piece id, extra);
an ability use ("ability", ability id, piece id, target square, target piece id, extra). -1
means none; `extra` is the stack position Disruption cancels, the Leader a Blood Cultist
sacrifices, or the cards Broken Supply Chain's repair discards.
"""

from __future__ import annotations

from .catalog import STACKED
from .pay import payable
from .words import _nth as _nth  # re-exported: its tests import it from here

NO_SKILL = [0, 0, 0, 0, 0]


class Plays:
    """Mixed into the state: the card plays and ability uses open to a seat."""

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


def _pairs(hand: list[str]) -> list[tuple[str, str]]:
    """Distinct pairs of cards in a hand (a pair of one name needs two copies)."""
    names = sorted(set(hand))
    out = []
    for i, a in enumerate(names):
        for b in names[i:]:
            if a != b or hand.count(a) >= 2:
                out.append((a, b))
    return out
