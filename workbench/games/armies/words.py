"""The keys and labels of card plays and ability uses (the tuples plays.py describes): how
`legal_actions` names them.
"""

from __future__ import annotations

from .catalog import NAMES
from .combat import percent
from .vocab import DOMAINS


class PlayWords:
    """Mixed into the state: the keys and labels of plays and ability uses."""

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
    """Words for PlayWords._which_*: " (the 2nd of 2)", or nothing."""
    if not which:
        return ""
    k, n = which
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f" (the {k}{suffix} of {n})"
