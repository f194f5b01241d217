"""Playing cards and using abilities (R-19, R-21, R-30, R-40): what a seat may play now and on
what, paying for it, and resolving it at once or from the stack (loc.stack = lifo)."""

from __future__ import annotations

from ...core import Action
from .board import Inst
from .effects import EFFECTS


class Plays:
    """Mixed into the state: plays, abilities and the stack."""

    # -- what a seat may play ---------------------------------------------------------------
    def targets(self, seat: int, kind: str) -> list:
        """Legal targets of a Surprise, ability or modifier (R-40: Shielded characters of the
        other seat cannot be targeted)."""
        if kind == "none":
            return [None]
        if kind == "discard":
            return list(dict.fromkeys(self.zones[seat, "discard"]))
        if kind == "friendly":
            return list(self.chars[seat])
        pool = self.chars[seat] + self.chars[1 - seat]
        if kind == "defender":
            c = self.combat
            if c is None or c.step != "R-24":
                return []
            pool = [u for u in c.defenders if u in c.D and not c.paired(u)]
        elif kind == "damaged":
            pool = [u for u in pool if self.inplay[u].damage > 0]
        return [u for u in pool if self.inplay[u].owner == seat or not self.card(u).has("Shielded")]

    def surprise_ok(self, seat: int, name: str) -> tuple[str, str] | None:
        """Why a Surprise cannot be played now (R-19, R-30), or None."""
        d = self.cat.cards[name]
        if d.phase == "mission" and self.phase != "Mission":
            return "R-30", f"{name} names the Mission phase in its typeline"
        if (d.phase == "production" or d.cost.stars) and (
            self.phase != "Production" or seat != self.active
        ):
            return "R-19", f"{name} is played only in your own Production phase"
        if any(e.scope == "each friendly here" for e in d.effects) and self.combat is None:
            return "R-30", f"{name} needs a contested Location (a mission under way)"
        return None

    def window_plays(self, seat: int) -> list[Action]:
        out = []
        for name in dict.fromkeys(self.zones[seat, "hand"]):
            d = self.cat.cards[name]
            if d.type != "surprise" or self.surprise_ok(seat, name):
                continue
            if not self.can_afford(seat, self.costs_of(name)):
                continue
            out += self._play_actions(seat, name, d.target)
        limit = self.rule("loc.ability_limit")
        for uid in self.assets[seat]:
            d = self.card(uid)
            if d.ability_cost is None or self.inplay[uid].used:
                continue
            if limit == "per_name" and d.name in self.used_names[seat]:
                continue
            if not self.can_afford(seat, [d.ability_cost]):
                continue
            for t in self.targets(seat, d.target):
                on = "" if t is None else f" on {self.label(t)}"
                out.append(
                    Action("use", (uid, t), f"Use {self.label(uid)}{on} (cost {d.ability_cost})")
                )
        return out

    def _play_actions(self, seat: int, name: str, target_kind: str) -> list[Action]:
        cost = " or ".join(str(c) for c in self.costs_of(name))
        out = []
        for t in self.targets(seat, target_kind):
            if t is None:
                on = ""
            elif target_kind == "discard":
                on = f": return {t}"
            else:
                on = f" on {self.label(t)}"
            out.append(Action("play", (name, t), f"Play {name}{on} ({cost})"))
        return out

    def deploy_plays(self, seat: int) -> list[Action]:
        out = []
        for name in dict.fromkeys(self.zones[seat, "hand"]):
            d = self.cat.cards[name]
            if d.type == "surprise" or not self.can_afford(seat, self.costs_of(name)):
                continue
            out += self._play_actions(seat, name, d.target if d.type == "modifier" else "none")
        return out

    # -- playing a card or an ability -------------------------------------------------------
    def start_play(self, seat: int, play: tuple) -> None:
        """Pay for a play (asking which cards, when there is a choice), then resolve it."""
        kind, what, target = play
        if kind == "use":
            costs = [self.card(what).ability_cost]
        else:
            costs = self.costs_of(what)
        options = self.payment_options(seat, costs)
        if len(options) == 1:
            self.pay(seat, options[0], costs)
            self._after_payment(seat, play)
        else:
            self.paying = (seat, play, costs)
            self.ask = (seat, "pay", options)

    def _after_payment(self, seat: int, play: tuple) -> None:
        kind, what, target = play
        if kind == "use":
            self.inplay[what].used = True
            self.used_names[seat].add(self.inplay[what].name)
        else:
            self.zones[seat, "hand"].remove(what)
            self.first_played[seat].setdefault(what, self.own_turns[seat])
        d = self.card(what) if kind == "use" else self.cat.cards[what]
        if kind == "play" and d.type == "surprise":
            self._to_discard(seat, what)
        self.note(
            f"Seat {seat + 1} plays {what if kind == 'play' else self.label(what)}"
            + (
                f" on {self.label(target)}"
                if isinstance(target, int)
                else f" ({target})"
                if target
                else ""
            )
        )
        if kind == "play" and d.type != "surprise":
            self.todo.insert(0, ("resolve_play", seat, play))
        elif self.rule("loc.stack") == "lifo":
            self.stack.append((seat, play))
        else:
            self.todo[0:0] = self._resolve_effects(seat, play) or []

    def _do_resolve_play(self, seat: int, play: tuple) -> None:
        self._finish_play(seat, play)

    def _finish_play(self, seat: int, play: tuple) -> None:
        _, name, target = play
        d = self.cat.cards[name]
        uid = self.next_uid
        self.next_uid += 1
        inst = Inst(uid, name, seat, uid)
        self.inplay[uid] = inst
        if d.type == "character":
            self.chars[seat].append(uid)
            self._unique(uid)
        elif d.type == "asset":
            self.assets[seat].append(uid)
            self._unique(uid)
        elif d.type == "modifier":
            self._attach(uid, target)

    # -- resolving Surprises and abilities --------------------------------------------------
    def _resolve_stack(self) -> None:
        steps = []
        while self.stack:
            seat, play = self.stack.pop()
            steps += self._resolve_effects(seat, play) or []
        self.todo[0:0] = steps

    def _resolve_effects(self, seat: int, play: tuple) -> list:
        kind, what, target = play
        d = self.card(what) if kind == "use" else self.cat.cards[what]
        if isinstance(target, int) and target not in self.inplay:
            self.note(f"{what}: its target has left play")
            return []
        steps = []
        for e in d.effects:
            handler = EFFECTS[e.keyword].handler
            if handler is not None:
                steps += handler(self, seat, e, target) or []
        return steps
