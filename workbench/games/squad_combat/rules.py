"""Squad Combat: the rules of rules.md (v1, with the v0.5 rulebook as the variant sc.ruleset)
as a state machine.

Rule numbers (R-n) and resolutions (A-n) refer to that file. The state runs a queue of steps
(deal, set up dice, action phase, priority window, pay, target, resolve, effect, end of turn)
until one needs a decision or a roll; it then waits (`self.wait`) for the seat it names or for
a chance point. A priority window (R-24) asks only seats that have an edge they may play; the
others are passed over, as they could only decline. Keyword effects come from effects.py:
a card names them, the rules call them.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from ...core import CHANCE, TERMINAL, Action, Chance, State
from ...core.chance import uniform
from ...core.kit import Deck, PriorityWindow, pool_of, sum_of, turn_order
from .catalog import Catalog
from .combat import Combat
from .effects import CHOICES, ROLLS
from .eligibility import Eligibility, play_action, refresh_action
from .information import Information
from .notation import payments, spend
from .pieces import Char, Play, Player
from .turns import HAND, Turns

PASS = Action("pass", (), "Pass")
DECLINE = Action("decline", (), "Decline (play no edge now)")
KEEP_HAND = Action("keep", (), "Keep the rest of the hand")


class SquadState(Turns, Eligibility, Combat, Information, State):
    """The position. Its flow is here (the queue, chance points, windows, decisions); the
    setup and the turns are in turns.py, who may play what in eligibility.py, what playing it
    does in combat.py, and what the position tells in information.py."""

    def __init__(self, cat: Catalog, rules: dict, squads: list[str], first: int | None):
        self.cat = cat
        self.rules = rules
        self.v05 = rules["sc.ruleset"] == "v0_5"
        self.contest = self.v05 or rules["sc.attack"] == "contest"  # R-19 .. R-22
        self.num_seats = len(squads)
        self.players: list[Player] = []
        self.chars: list[Char] = []
        for seat, name in enumerate(squads):
            squad = cat.squad(name)
            counts: dict[str, int] = {}
            for card, n in squad.deck:
                counts[card] = counts.get(card, 0) + n
            p = Player(seat, squad, Deck(counts))
            for cname in squad.characters:  # in a row, left to right
                p.order.append(len(self.chars))
                self.chars.append(Char(len(self.chars), seat, cat.characters[cname]))
            self.players.append(p)
        self.turn = 0
        self.first = -1
        self.fixed_first = first
        self.active = -1
        self.queue: list[tuple] = []  # steps, the next one last
        self.wait: tuple | None = None  # (what, seat or None, data)
        self.plays: list[Play] = []
        self.stack: list[int] = []  # edges waiting to resolve (sc.edge_stack = lifo)
        self.win: tuple | None = None  # (kind, play index or -1, PriorityWindow)
        self.ended = False
        self.winners: tuple[int, ...] = ()
        self.reason = ""
        self.uid = 0
        self.hurt = False  # damage changed since the last check for deaths
        self.quiet_after = False  # the last window was an "after" window nobody used
        self.win_acted = False
        self.events: list[str] = []  # the last few things that happened, for the view
        self.noted = 0  # how many things have happened, so a reader can tell what is new
        self.counts = {
            "hits": 0,
            "misses": 0,
            "negated": 0,
            "deaths": 0,
            "refreshes": 0,
            "edges": 0,
        }
        self._legal: list[Action] | None = None
        n = self.num_seats
        steps: list[tuple] = [("draw", s, HAND) for s in range(n)]
        if self.v05:  # R-4 (v0.5): pools first, then the first player
            steps += [("setup_dice", s) for s in range(n)] + [("choose_first",)]
        else:  # R-4 (v1): the first player, then pools in turn order
            steps += [("choose_first",), ("setup_all",)]
        steps.append(("turn_start",))
        self._then(*steps)
        self._run()

    # -- the engine's loop ---------------------------------------------------------------------
    def _then(self, *steps: tuple) -> None:
        """Do `steps`, in order, before anything already queued."""
        self.queue.extend(reversed(steps))

    def _run(self) -> None:
        queue, table = self.queue, STEPS
        while self.wait is None and not self.ended and queue:
            step = queue.pop()
            table[step[0]](self, *step[1:])

    def clone(self) -> SquadState:
        s = SquadState.__new__(SquadState)
        s.__dict__.update(self.__dict__)
        s.players = [p.copy() for p in self.players]
        s.chars = [c.copy() for c in self.chars]
        s.queue = self.queue[:]
        s.plays = [p.copy() for p in self.plays]
        s.stack = self.stack[:]
        s.win = None if self.win is None else (self.win[0], self.win[1], self.win[2].copy())
        s.events = self.events[:]
        s.counts = dict(self.counts)
        s._legal = None
        return s

    def __deepcopy__(self, memo):
        return self.clone()

    # -- who moves -----------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        if self.ended:
            return TERMINAL
        w = self.wait
        return CHANCE if w[0] == "chance" else w[1]

    def note(self, text: str) -> None:
        events = self.events
        events.append(text)
        self.noted += 1
        if len(events) > 12:
            del events[0]

    def char_label(self, ci: int) -> str:
        c = self.chars[ci]
        return f"{c.d.name} (Seat {c.seat + 1})"

    # -- chance ----------------------------------------------------------------------------------
    def roll(self, what: str, data) -> None:
        """Wait for a roll named `what` (finished by effects.ROLLS or apply_chance)."""
        self.wait = ("chance", None, (what, data))

    def chance(self) -> Chance:
        what, data = self.wait[2]
        if what == "draw":
            deck = self.players[data].deck
            cards = self.cat.cards

            counts, size = dict(deck.counts), len(deck)  # the deck as it is before the draw

            def odds():
                attacks = sum(n for card, n in counts.items() if cards[card].is_attack)
                return (("an attack", Fraction(attacks, size)),)

            # The card goes to a hidden hand: only its owner sees which it is.
            return deck.draw(
                f"Seat {data + 1} draws from {len(deck)} cards", odds=odds, seen_by=data
            )
        if what == "first":
            n = self.num_seats
            return Chance(
                uniform(range(n)),
                "Who plays first (R-4)",
                tuple((f"Seat {s + 1} first", Fraction(1, n)) for s in range(n)),
                lambda s: f"Seat {s + 1} plays first",
            )
        if what in ("pool", "refresh"):
            c = self.chars[data]
            k = self._random_dice(c)
            base = tuple(c.dice)
            dist = pool_of(k)
            rule = "R-16" if what == "refresh" else "R-4"
            word = "refreshes" if what == "refresh" else "sets up"
            held = f", holding {', '.join(map(str, base))}" if base else ""

            def odds():
                return tuple(
                    (
                        f"to hold a {face} or better",
                        dist.p_where(lambda t, f=face: max(base + t) >= f),
                    )
                    for face in (5, 6)
                )

            return Chance(
                dist,
                f"{c.d.name} {word} {k} dice ({rule}{held})",
                odds,
                lambda t: ", ".join(map(str, t)),
            )
        die = sum_of(1)
        if what == "overcharge":
            return Chance(
                die,
                f"Overcharge {self.chars[data].d.name}: 1d6 (R-29)",
                (("a 5 or 6", Fraction(1, 3)),),
            )
        ci, old = data
        return Chance(
            die,
            f"Reroll {self.chars[ci].d.name}'s {old}: 1d6",
            ((f"higher than {old}", Fraction(6 - old, 6)),),
        )

    def apply_chance(self, outcome) -> None:
        what, data = self.wait[2]
        self.wait = None
        self._legal = None
        if what == "draw":
            p = self.players[data]
            p.deck.take(outcome)
            p.hand.append(outcome)
        elif what == "first":
            self.first = outcome
            self.note(f"Seat {outcome + 1} plays first")
        elif what in ("pool", "refresh"):
            c = self.chars[data]
            c.dice.extend(outcome)
            c.dice.sort(reverse=True)
        else:
            ROLLS[what](self, data, outcome)
            self._check_deaths()
        self._run()

    def _random_dice(self, c: Char) -> int:
        """R's of the pool; v0.5 rolls the whole pool (1.7)."""
        return c.d.pool.size if self.v05 else c.d.pool.random

    # -- priority windows (R-23, R-24, A-6) -------------------------------------------------------
    def _s_window(self, kind: str, pid: int) -> None:
        if kind == "start" and self.quiet_after and self.rules["sc.repeat_window"] == "skip":
            # every seat has just declined in the window after the last card, and
            # nothing has happened since: that window was this one.
            self.quiet_after = False
            return
        self.quiet_after = False
        self.win_acted = False
        if kind == "reaction":
            start = self.chars[self.plays[pid].targets[0]].seat  # the defender first
        elif kind == "end":
            start = self.first
        else:
            start = self.active
        order = turn_order(self.num_seats, start, lambda s: self.players[s].out)
        if not order:
            return
        self.win = (kind, pid, PriorityWindow(order))
        self._s_window_go()

    def _s_window_go(self) -> None:
        kind, pid, window = self.win
        seat = window.next_seat(self._can_edge)
        if seat is not None:
            self.wait = ("window", seat, None)
            return
        if self.stack:  # sc.edge_stack = lifo: the last edge played resolves first
            top = self.stack.pop()
            window.reopen()
            self._then(("resolve", top), ("window_go",))
            return
        self.quiet_after = kind == "after" and not self.win_acted
        self.win = None

    def _char_of(self, seat: int, name) -> int | None:
        for ci in self.players[seat].order:
            if self.chars[ci].d.name == name:
                return ci
        return None

    # -- decisions ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.ended or self.wait[0] == "chance":
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = OPTIONS[self.wait[0]](self)
        return list(legal)

    def _opts_action(self) -> list[Action]:
        seat = self.active
        p = self.players[seat]
        acts = []
        for name in dict.fromkeys(p.hand):
            src = self.cat.cards[name]
            if src.is_edge:
                continue
            for ci in p.order:
                if self._actor_check(seat, src, ci, None) is None:
                    acts.append(play_action(src, self.chars[ci].d.name))
                    if not src.actor_matters:
                        break
        acts += self._ability_actions(seat, "action", None)
        for ci in p.order:
            if self._refresh_problem(seat, ci) is None:
                acts.append(refresh_action(self.chars[ci]))
        acts.append(PASS)
        return acts

    def _ability_actions(self, seat: int, kind: str, ctx) -> list[Action]:
        return [
            Action("use", (ab.name,), f"Use {ab.name}")
            for ci in self.players[seat].order
            for ab in self.chars[ci].d.abilities
            if ab.kind == kind and self._actor_check(seat, ab, ci, ctx) is None
        ]

    def _opts_window(self) -> list[Action]:
        seat = self.wait[1]
        acts = [
            Action("use", (src.name,), f"Use {src.name}")
            if src.ability
            else play_action(src, self.chars[ci].d.name)
            for src, ci in self._edge_choices(seat)
        ]
        return [*acts, DECLINE]

    def _opts_pay(self) -> list[Action]:
        play = self.plays[self.wait[2]]
        needs = "".join(f"[{x}]" for x in play.source.cost.dice)
        return [
            Action("pay", values, f"Pay {needs} with {_and(values)}")
            for values in payments(self.chars[play.actor].dice, play.source.cost.dice)
        ]

    def _opts_cards(self) -> list[Action]:
        hand = self.players[self.wait[1]].hand
        return [
            Action("discard", (name,), f"Discard {name} to pay C") for name in dict.fromkeys(hand)
        ]

    def _opts_target(self) -> list[Action]:
        play = self.plays[self.wait[2]]
        return [
            Action(
                "target",
                (self.chars[ci].seat, self.chars[ci].d.name),
                f"Target {self.char_label(ci)}",
            )
            for ci in self._candidates(play.seat, play.source.target, play.targets)
        ]

    def _opts_keep(self) -> list[Action]:
        c = self.chars[self.wait[2]]
        kept = dict.fromkeys(combinations(c.dice, c.d.pool.size))
        return [Action("keep_dice", k, f"Keep {_and(k, ', ')}") for k in kept]

    def _opts_choose(self) -> list[Action]:
        return list(self.wait[2][1])

    def _opts_attack_die(self) -> list[Action]:
        c = self.chars[self.plays[self.wait[2]].actor]
        return [
            Action("die", (v,), f"Attack die: spend {c.d.name}'s {v}")
            for v in dict.fromkeys(c.dice)
        ] + [Action("die", (0,), "Attack die: none")]

    def _opts_defence_die(self) -> list[Action]:
        c = self.chars[self.plays[self.wait[2]].targets[0]]
        return [
            Action("die", (v,), f"Defence die: spend {c.d.name}'s {v}")
            for v in dict.fromkeys(c.dice)
        ] + [Action("die", (0,), "Defence die: none")]

    def _opts_discard(self) -> list[Action]:
        hand = self.players[self.wait[1]].hand
        return [Action("discard", (name,), f"Discard {name}") for name in dict.fromkeys(hand)] + [
            KEEP_HAND
        ]

    def ask(self, seat: int, kind: str, options: list[Action], data) -> None:
        """Wait for `seat` to pick one of `options` for an effect; CHOICES[kind] finishes it."""
        self.wait = ("choose", seat, (kind, tuple(options), data))

    def apply(self, action: Action) -> None:
        what, seat, data = self.wait
        self.wait = None
        self._legal = None
        APPLY[what](self, action, seat, data)
        self._check_deaths()
        self._run()

    def _do_action(self, action: Action, seat: int, _) -> None:
        kind = action.kind
        p = self.players[seat]
        if kind == "pass":
            p.passed = True
            self.note(f"Seat {seat + 1} passes")
            self._then(("next",))
        elif kind == "refresh":
            ci = self._char_of(seat, action.args[0])
            c = self.chars[ci]
            c.burden += c.d.refresh
            self.counts["refreshes"] += 1
            self.note(f"{c.d.name} refreshes")
            self._then(("refresh_roll", ci), ("keep", ci), ("next",))
        else:
            pid = self._start_play(seat, action, -1)
            self._then(
                *self._pay_steps(pid),
                ("declared", pid),
                ("resolve", pid),
                ("window", "after", pid),
                ("next",),
            )

    def _do_window(self, action: Action, seat: int, _) -> None:
        kind, pid, window = self.win
        if action.kind == "decline":
            window.decline()
            self._then(("window_go",))
            return
        window.acted()
        self.win_acted = True
        self.counts["edges"] += 1
        new = self._start_play(seat, action, pid)
        if new is not None and self.plays[new].source.timing == "reaction" and pid >= 0:
            self.plays[pid].reacted = True
        self._then(*self._pay_steps(new), ("edge_resolve", new), ("window_go",))

    def _start_play(self, seat: int, action: Action, ctx: int) -> int:
        """R-13: announce the card (or ability) and the acting character."""
        p = self.players[seat]
        name = action.args[0]
        if action.kind == "use":
            ci = next(ci for ci in p.order for ab in self.chars[ci].d.abilities if ab.name == name)
            src = next(ab for ab in self.chars[ci].d.abilities if ab.name == name)
            from_hand = False
        else:
            src = self.cat.cards[name]
            ctx_play = self.plays[ctx] if ctx >= 0 else None
            if len(action.args) > 1:
                ci = self._char_of(seat, action.args[1])
            else:
                ci = next(
                    ci for ci in p.order if self._actor_check(seat, src, ci, ctx_play) is None
                )
            p.hand.remove(name)
            from_hand = True
        p.played.add(name)
        self.plays.append(Play(seat, src, ci, ctx, from_hand))
        who = self.chars[ci].d.name
        self.note(f"Seat {seat + 1}: {name}" + (f" by {who}" if src.actor_matters else ""))
        return len(self.plays) - 1

    def _pay_steps(self, pid: int) -> tuple:
        return (
            ("pay", pid),
            ("pay_cards", pid, self.plays[pid].source.cost.cards),
            ("target", pid),
        )

    def _do_pay(self, action: Action, seat: int, pid: int) -> None:
        play = self.plays[pid]
        spend(self.chars[play.actor].dice, action.args)
        play.paid = tuple(action.args)

    def _do_cards(self, action: Action, seat: int, data) -> None:
        pid, left = data
        self._discard_from_hand(seat, action.args[0])
        self._then(("pay_cards", pid, left - 1))

    def _do_target(self, action: Action, seat: int, pid: int) -> None:
        self.plays[pid].targets.append(self._char_of(action.args[0], action.args[1]))
        self._then(("target", pid))

    def _do_keep(self, action: Action, seat: int, ci: int) -> None:
        self.chars[ci].dice = list(action.args)

    def _do_choose(self, action: Action, seat: int, data) -> None:
        kind, _, payload = data
        CHOICES[kind](self, payload, action.args)

    def _do_attack_die(self, action: Action, seat: int, pid: int) -> None:
        play = self.plays[pid]
        play.adie = action.args[0]
        if play.adie:
            self.chars[play.actor].dice.remove(play.adie)

    def _do_defence_die(self, action: Action, seat: int, pid: int) -> None:
        play = self.plays[pid]
        play.ddie = action.args[0]
        if play.ddie:
            self.chars[play.targets[0]].dice.remove(play.ddie)

    def _do_discard(self, action: Action, seat: int, left: int) -> None:
        if action.kind == "discard":
            self._discard_from_hand(seat, action.args[0])
            self._then(("discard", seat, left - 1))

    def _discard_from_hand(self, seat: int, name: str) -> None:
        p = self.players[seat]
        p.hand.remove(name)
        p.discard.put(name)


def _and(values, sep: str = " and ") -> str:
    return sep.join(map(str, values))


def _table(prefix: str) -> dict:
    """The methods named prefix + kind, by kind, from the state and its mixins."""
    return {
        name[len(prefix) :]: getattr(SquadState, name)
        for name in dir(SquadState)
        if name.startswith(prefix)
    }


STEPS = _table("_s_")  # what each step of the queue does
OPTIONS = _table("_opts_")  # the legal actions of each kind of wait
APPLY = _table("_do_")  # what each kind of decision does
