"""Who may play what, now (R-11 .. R-14, R-23, R-37), and why not in words: the checks
behind Squad Combat's legal actions, its candidates and its reasons. One check answers both,
so the legal actions and the reasons never disagree."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action
from .catalog import Source
from .notation import can_pay

if TYPE_CHECKING:
    from .pieces import Char


class Eligibility:
    """Mixed into SquadState: reads the position, changes nothing."""

    def _can_edge(self, seat: int) -> bool:
        return bool(self._edge_choices(seat, first_only=True))

    def _edge_choices(self, seat: int, first_only: bool = False) -> list[tuple[Source, int]]:
        """(edge or ability, acting character) pairs `seat` may play in this window."""
        p = self.players[seat]
        if p.out or self.win is None:
            return []
        kind, pid, _ = self.win
        ctx = self.plays[pid] if pid >= 0 else None
        out = []
        cards = self.cat.cards
        seen = set()
        for name in p.hand:
            src = cards[name]
            if not src.is_edge or name in seen:
                continue
            seen.add(name)
            if self._timing_problem(src, seat, kind, ctx) is not None:
                continue
            for ci in p.order:
                if self._actor_check(seat, src, ci, ctx) is None:
                    out.append((src, ci))
                    if first_only or not src.actor_matters:
                        break
            if first_only and out:
                return out
        for ci in p.order:
            for ab in self.chars[ci].d.abilities:
                if ab.kind == "edge" and self._actor_check(seat, ab, ci, ctx) is None:
                    out.append((ab, ci))
                    if first_only:
                        return out
        return out

    def _timing_problem(self, src: Source, seat: int, kind: str, ctx) -> tuple | None:
        """Why `src` may not be played in this window, or None (R-23)."""
        t = src.timing
        if t == "any":
            return None
        attack = ctx is not None and ctx.source.is_attack
        if t == "after_hit":
            if (
                kind == "after"
                and attack
                and ctx.hit
                and ctx.seat == seat
                and ctx.attached is not None
                and any(r.uid == ctx.attached for r in self.chars[ctx.targets[0]].attached)
            ):
                return None
            return (
                "R-23",
                f"{src.name} is played after a friendly attack hits, while its card is attached",
            )
        if kind != "reaction" or not attack:
            return ("R-23", f"{src.name} is played while an attack waits for reactions")
        if ctx.negated:
            return ("R-17", "the attack is already negated")
        defender = self.chars[ctx.targets[0]].seat
        if t == "reaction":
            if seat != defender:
                return ("A-5", f"{src.name} is a reaction of the defending player")
            return None
        if seat != ctx.seat:  # before_reactions
            return ("R-23", f"{src.name} helps the attacking player's own attack")
        if ctx.reacted:
            return ("R-23", f"{src.name} comes before reactions, and one was played")
        return None

    def _actor_check(self, seat: int, src: Source, ci: int, ctx) -> str | None:
        """What stops character `ci` acting for `src` now, as a short code (None: nothing).
        Legal actions need only the answer; `_actor_problem` puts the reason in words."""
        c = self.chars[ci]
        cost = src.cost
        if src.ability:
            if src.character != c.d.name:
                return "printed"
            if src.ability == "dead":
                return self._death_check(seat, src, c)
        if not c.alive:
            return "dead"
        if src.character is not None and src.character != c.d.name and not src.ability:
            return "who"
        if src.traits and not (src.traits & c.d.traits):
            return "trait"
        if c.d.energy - c.burden < cost.energy:
            return "energy"
        if cost.dice and not can_pay(c.dice, cost.dice):
            return "dice"
        if cost.cards and len(self.players[seat].hand) - (0 if src.ability else 1) < cost.cards:
            return "cards"
        if ctx is not None and src.timing == "reaction" and ctx.source.is_attack:
            code = self._reactor_check(src, ci, ctx)
            if code is not None:
                return code
        return self._target_check(seat, src)

    def _death_check(self, seat: int, src: Source, c) -> str | None:
        """`_actor_check` for a death effect (R-37) printed on character `c`."""
        if self.v05:
            return "v05"
        if c.alive:
            return "alive"
        if len(self.players[seat].hand) < src.cost.cards:
            return "death cards"
        return self._target_check(seat, src)

    def _reactor_check(self, src: Source, ci: int, ctx) -> str | None:
        """`_actor_check` for a reaction to the attack `ctx`: who may react."""
        defender = ctx.targets[0]
        if src.actor == "defender" and ci != defender:
            return "defender"
        if src.actor == "not_defender" and ci == defender:
            return "not defender"
        if ci != defender and self.rules["sc.reactors"] == "defender":
            return "reactors"
        return None

    def _target_check(self, seat: int, src: Source) -> str | None:
        if src.targets and len(self._candidates(seat, src.target, ())) < src.targets:
            return "target"
        return None

    def _actor_problem(self, seat: int, src: Source, ci: int, ctx) -> tuple | None:
        """(rule, reason) why character `ci` may not act for `src` now, or None."""
        code = self._actor_check(seat, src, ci, ctx)
        if code is None:
            return None
        c = self.chars[ci]
        name, cost = c.d.name, src.cost
        hand = len(self.players[seat].hand)
        defender = self.chars[ctx.targets[0]].d.name if ctx is not None and ctx.targets else ""
        side = "enemy" if src.target == "enemy" else "friendly"
        words = {
            "printed": ("A-28", f"{src.name} is printed on {src.character}"),
            "v05": ("R-36", "v0.5 removes dead characters: no death effects"),
            "alive": ("R-37", f"{src.name} is {name}'s death effect; {name} is alive"),
            "death cards": (
                "R-37",
                f"{src.name} costs {cost.cards} card discards; the hand holds {hand}",
            ),
            "dead": ("R-36", f"{name} is dead and cannot act"),
            "who": ("R-12a", f"only {src.character} may play {src.name}"),
            "trait": (
                "R-12a",
                f"{name} ({'/'.join(sorted(c.d.traits))}) shares no trait "
                f"with {src.name} ({'/'.join(sorted(src.traits))})",
            ),
            "energy": ("R-12b", f"{src.name} costs {cost.energy} energy; {name} has {c.energy}"),
            "dice": (
                "R-12c",
                f"{src.name} needs dice {''.join(f'[{x}]' for x in cost.dice)}"
                f"; {name} holds {', '.join(map(str, c.dice)) or 'no dice'}",
            ),
            "cards": (
                "R-12d",
                f"{src.name} costs {cost.cards} card discards; you hold {hand - 1} other cards",
            ),
            "defender": ("A-5", f"only the defender ({defender}) may play {src.name}"),
            "not defender": ("A-5", f"{src.name} is played by a character other than the defender"),
            "reactors": (
                "A-5",
                f"under sc.reactors = defender only the defender ({defender}) reacts",
            ),
            "target": (
                "R-17" if src.is_attack else "R-13",
                f"{src.name} needs {src.targets} living {side} character"
                f"{'s' if src.targets > 1 else ''} to target",
            ),
        }
        return words[code]

    def _candidates(self, seat: int, side: str, chosen) -> list[int]:
        if side == "friendly":
            return [
                ci for ci in self.players[seat].order if self.chars[ci].alive and ci not in chosen
            ]
        return [
            c.ci
            for c in self.chars
            if c.alive and c.seat != seat and not self.players[c.seat].out and c.ci not in chosen
        ]

    def _refresh_problem(self, seat: int, ci: int) -> tuple | None:
        c = self.chars[ci]
        if not c.alive:
            return ("R-36", f"{c.d.name} is dead and cannot act")
        if c.energy < c.d.refresh:
            return (
                "R-16",
                f"a Refresh of {c.d.name} costs {c.d.refresh} energy; {c.d.name} has {c.energy}",
            )
        if c.suppressed and self.rules["sc.suppression"] == "blocks_refresh":
            return ("R-35", f"{c.d.name} is suppressed and cannot Refresh until the next turn")
        return None

    def candidates(self) -> list[Action]:
        """The legal actions and the plausible ones a person may try, so the view can show
        why they are refused and a typed label is answered with its rule: cards of the right
        kind for now (actions and attacks in an action phase, edges in a window) by the
        characters whose traits fit them, Refreshes and the abilities of the squad's
        characters; then the same cards by the characters they do not fit (R-12a), and last
        the cards in hand of the other kind (R-7, R-23)."""
        legal = self.legal_actions()
        if self.ended or self.wait[0] not in ("action", "window"):
            return legal
        what, seat, _ = self.wait
        p = self.players[seat]
        edges = what == "window"
        out = {a: a for a in legal}
        unfit, other_kind = [], []
        for name in dict.fromkeys(p.hand):
            src = self.cat.cards[name]
            for ci in p.order:
                c = self.chars[ci]
                a = play_action(src, c.d.name)
                if src.is_edge != edges:
                    other_kind.append(a)
                elif (src.character or c.d.name) != c.d.name or (
                    src.traits and not src.traits & c.d.traits
                ):
                    unfit.append(a)
                else:
                    out.setdefault(a, a)
        for ci in p.order:
            c = self.chars[ci]
            for ab in c.d.abilities:
                if (ab.kind == "edge") == edges and (ab.ability == "dead") != c.alive:
                    a = Action("use", (ab.name,), f"Use {ab.name}")
                    out.setdefault(a, a)
            if not edges and c.alive:
                a = refresh_action(c)
                out.setdefault(a, a)
        for a in unfit + other_kind:
            out.setdefault(a, a)
        return list(out.values())

    def explain(self, action: Action) -> tuple[str, str] | None:
        if self.ended or self.wait[0] not in ("action", "window"):
            return None
        what, seat, _ = self.wait
        p = self.players[seat]
        kind, args = action.kind, action.args
        ctx = None
        if what == "window":
            pid = self.win[1]
            ctx = self.plays[pid] if pid >= 0 else None
        if kind == "refresh":
            if what != "action":
                return ("R-16", "a Refresh is an action, taken in your own action phase")
            ci = self._char_of(seat, args[0]) if args else None
            return None if ci is None else self._refresh_problem(seat, ci)
        if kind == "use":
            return self._use_problem(seat, args, what, ctx)
        if kind != "play" or not args:
            return None
        name = args[0]
        src = self.cat.cards.get(name)
        if src is None:
            return None
        if name not in p.hand:
            return ("R-7", f"{name} is not in your hand")
        if what == "action" and src.is_edge:
            return (
                "R-23",
                f"{name} is an Edge: it is played in a priority window, not as your action",
            )
        if what == "window" and not src.is_edge:
            return ("R-7", f"{name} is an {src.kind}: it is played in your own action phase")
        if what == "window":
            problem = self._timing_problem(src, seat, self.win[0], ctx)
            if problem is not None:
                return problem
        if len(args) > 1:
            ci = self._char_of(seat, args[1])
            return None if ci is None else self._actor_problem(seat, src, ci, ctx)
        reasons = [self._actor_problem(seat, src, ci, ctx) for ci in p.order]
        return next((r for r in reasons if r is not None), None)

    def _use_problem(self, seat: int, args, what: str, ctx) -> tuple[str, str] | None:
        """`explain` for the use of a character's ability."""
        p = self.players[seat]
        found = [
            (ab, ci)
            for ci in p.order
            for ab in self.chars[ci].d.abilities
            if args and ab.name == args[0]
        ]
        if not found:
            return None
        ab, ci = found[0]
        if (ab.kind == "action") != (what == "action"):
            return (
                "A-28",
                f"{ab.name} is an {'Action' if ab.kind == 'action' else 'Edge'}"
                " ability: "
                + ("used as your action" if ab.kind == "action" else "used in a priority window"),
            )
        return self._actor_problem(seat, ab, ci, ctx)


_ACTIONS: dict = {}  # actions depend on names alone, and recur in every game


def play_action(src: Source, who: str) -> Action:
    who = who if src.actor_matters else ""
    key = ("play", src.name, who)
    action = _ACTIONS.get(key)
    if action is None:
        if who:
            action = Action("play", (src.name, who), f"Play {src.name} with {who}")
        else:
            action = Action("play", (src.name,), f"Play {src.name}")
        _ACTIONS[key] = action
    return action


def refresh_action(c: Char) -> Action:
    key = ("refresh", c.d.name, c.d.refresh)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(
            "refresh", (c.d.name,), f"Refresh {c.d.name}'s dice ({c.d.refresh} energy)"
        )
    return action
