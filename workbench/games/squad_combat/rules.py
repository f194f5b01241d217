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

from ...core import CHANCE, TERMINAL, Action, Chance, Result, State
from ...core.chance import uniform
from ...core.kit import Deck, PriorityWindow, pool_of, sum_of, turn_order
from .catalog import Catalog, Source
from .effects import CHARACTER, CHOICES, EFFECTS, ROLLS
from .notation import can_pay, payments, spend

HAND = 5  # hand size
END_DISCARDS = 2
PASS = Action("pass", (), "Pass")
DECLINE = Action("decline", (), "Decline (play no edge now)")
KEEP_HAND = Action("keep", (), "Keep the rest of the hand")


class Attached:
    """A damage card (or damage token) under a character: its printed damage, the trait it
    carries for Resistance and Hardened, and the tokens put on it (Brace -2, Gambit +2)."""

    __slots__ = ("uid", "name", "owner", "printed", "traits", "mod", "token")

    def __init__(self, uid, name, owner, printed, traits, mod=0, token=False):
        self.uid, self.name, self.owner, self.printed = uid, name, owner, printed
        self.traits, self.mod, self.token = traits, mod, token

    def copy(self) -> Attached:
        return Attached(self.uid, self.name, self.owner, self.printed, self.traits, self.mod,
                        self.token)


class Char:
    """A character in play: burden tokens, the dice on it (highest first), attached cards,
    a Suppression token, alive or dead (v1: face down; v0.5: removed)."""

    __slots__ = ("ci", "seat", "d", "burden", "dice", "attached", "suppressed", "alive",
                 "removed")

    def __init__(self, ci: int, seat: int, definition):
        self.ci, self.seat, self.d = ci, seat, definition
        self.burden = 0
        self.dice: list[int] = []
        self.attached: list[Attached] = []
        self.suppressed = False
        self.alive = True
        self.removed = False

    @property
    def energy(self) -> int:
        return self.d.energy - self.burden

    def copy(self) -> Char:
        c = Char.__new__(Char)
        c.ci, c.seat, c.d, c.burden = self.ci, self.seat, self.d, self.burden
        c.dice = self.dice[:]
        c.attached = [a.copy() for a in self.attached]
        c.suppressed, c.alive, c.removed = self.suppressed, self.alive, self.removed
        return c


class Player:
    __slots__ = ("seat", "squad", "hand", "deck", "discard", "passed", "out", "order", "played")

    def __init__(self, seat: int, squad, deck: Deck):
        self.seat, self.squad, self.deck = seat, squad, deck
        self.hand: list[str] = []
        self.discard = Deck()
        self.passed = False
        self.out = False
        self.order: list[int] = []  # character indexes, left to right
        self.played: set[str] = set()  # names of cards and abilities played (statistics)

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.seat, p.squad, p.deck = self.seat, self.squad, self.deck.copy()
        p.hand, p.discard = self.hand[:], self.discard.copy()
        p.passed, p.out, p.order, p.played = self.passed, self.out, self.order[:], set(self.played)
        return p


class Play:
    """A card or ability being played: who plays it, the acting character, what was paid, its
    targets, and for an attack its state (Atk, tokens, negated, hit, contest dice). `ctx` is
    the play an edge answers (the attack in a reaction window)."""

    __slots__ = ("seat", "source", "actor", "paid", "targets", "ctx", "atk", "defence", "mod",
                 "negated", "reacted", "hit", "attached", "adie", "ddie", "from_hand",
                 "settled")

    def __init__(self, seat: int, source: Source, actor: int, ctx: int, from_hand: bool):
        self.seat, self.source, self.actor, self.ctx = seat, source, actor, ctx
        self.paid: tuple[int, ...] = ()
        self.targets: list[int] = []
        self.atk, self.defence, self.mod = source.atk, 0, 0
        self.negated = self.reacted = self.hit = False
        self.attached: int | None = None
        self.adie = self.ddie = 0
        self.from_hand = from_hand
        self.settled = not from_hand  # True once the card is discarded or attached

    def copy(self) -> Play:
        p = Play.__new__(Play)
        for name in Play.__slots__:
            setattr(p, name, getattr(self, name))
        p.targets = self.targets[:]
        return p


class SquadState(State):
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
        self.counts = {"hits": 0, "misses": 0, "negated": 0, "deaths": 0, "refreshes": 0,
                       "edges": 0}
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

            def odds(counts=dict(deck.counts), size=len(deck)):
                attacks = sum(n for card, n in counts.items() if cards[card].is_attack)
                return (("an attack", Fraction(attacks, size)),)

            return deck.draw(f"Seat {data + 1} draws from {len(deck)} cards", odds=odds)
        if what == "first":
            n = self.num_seats
            return Chance(uniform(range(n)), "Who plays first (R-4)",
                          tuple((f"Seat {s + 1} first", Fraction(1, n)) for s in range(n)),
                          lambda s: f"Seat {s + 1} plays first")
        if what in ("pool", "refresh"):
            c = self.chars[data]
            k = self._random_dice(c)
            base = tuple(c.dice)
            dist = pool_of(k)
            rule = "R-16" if what == "refresh" else "R-4"
            word = "refreshes" if what == "refresh" else "sets up"
            held = f", holding {', '.join(map(str, base))}" if base else ""

            def odds():
                return tuple((f"to hold a {face} or better", dist.p_where(
                    lambda t, f=face: max(base + t) >= f)) for face in (5, 6))

            return Chance(dist, f"{c.d.name} {word} {k} dice ({rule}{held})", odds,
                          lambda t: ", ".join(map(str, t)))
        die = sum_of(1)
        if what == "overcharge":
            return Chance(die, f"Overcharge {self.chars[data].d.name}: 1d6 (R-29)",
                          (("a 5 or 6", Fraction(1, 3)),))
        ci, old = data
        return Chance(die, f"Reroll {self.chars[ci].d.name}'s {old}: 1d6",
                      ((f"higher than {old}", Fraction(6 - old, 6)),))

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

    # -- setup (R-3, R-4) -------------------------------------------------------------------------
    def _s_draw(self, seat: int, k: int) -> None:
        p = self.players[seat]
        if k <= 0 or p.out:
            return
        if not p.deck:
            if self.rules["sc.deckout"] == "lose":  # A-22 variant
                self.note(f"Seat {seat + 1} must draw from an empty deck and loses")
                self._eliminate(seat)
                return
            if not p.discard:
                return
            p.deck.refill(p.discard)  # the discard pile is shuffled into a new deck
            self.note(f"Seat {seat + 1} shuffles the discard pile into a new deck")
        self._then(("draw", seat, k - 1))
        self.roll("draw", seat)

    def draw_cards(self, seat: int, k: int) -> None:
        self._then(("draw", seat, k))

    def _s_choose_first(self) -> None:
        if self.fixed_first is not None:
            self.first = self.fixed_first
        else:
            self.roll("first", None)

    def _s_setup_all(self) -> None:
        self._then(*[("setup_dice", s) for s in turn_order(self.num_seats, self.first)])

    def _s_setup_dice(self, seat: int) -> None:
        self._then(*[("roll_pool", ci) for ci in self.players[seat].order])

    def _s_roll_pool(self, ci: int) -> None:
        c = self.chars[ci]
        if not self.v05:
            c.dice.extend(c.d.pool.fixed)  # fixed faces enter as printed
            c.dice.sort(reverse=True)
        if self._random_dice(c):
            self.roll("pool", ci)

    # -- turns (R-6 .. R-10) ----------------------------------------------------------------------
    def _s_turn_start(self) -> None:
        limit = self.rules["sc.turn_limit"]
        if limit and self.turn >= limit:
            self._finish((), f"no winner after {limit} turns (sc.turn_limit)")
            return
        self.turn += 1
        for c in self.chars:
            c.suppressed = False  # the token goes when the next turn starts
        seat = self._next_seat(self.first, True)
        self._then(("phase", seat))

    def _next_seat(self, start: int, include_start: bool) -> int | None:
        """The next seat from `start` in turn order that may still take action phases."""
        n = self.num_seats
        for i in range(0 if include_start else 1, n + 1):
            s = (start + i) % n
            p = self.players[s]
            if not p.out and not p.passed:
                return s
        return None

    def _s_phase(self, seat: int) -> None:
        self.active = seat
        self.plays = []
        self._then(("window", "start", -1), ("act",))

    def _s_act(self) -> None:
        self.wait = ("action", self.active, None)

    def _s_next(self) -> None:
        seat = self._next_seat(self.active, False)
        self._then(("end_turn",) if seat is None else ("phase", seat))

    def _s_end_turn(self) -> None:
        steps: list[tuple] = [("window", "end", -1), ("reset",)]
        for s in turn_order(self.num_seats, self.first, lambda s: self.players[s].out):
            steps += [("discard", s, END_DISCARDS), ("refill", s)]
        steps.append(("turn_over",))
        self._then(*steps)

    def _s_reset(self) -> None:
        """R-9.1, A-1: burden goes, except under a Suppression token (R-35)."""
        if self.rules["sc.energy_reset"] != "end_of_turn":
            return
        keep = self.rules["sc.suppression"] == "blocks_reset"
        for c in self.chars:
            if c.alive and not (keep and c.suppressed):
                c.burden = 0

    def _s_discard(self, seat: int, left: int) -> None:
        p = self.players[seat]
        if left > 0 and p.hand and not p.out:
            self.wait = ("discard", seat, left)

    def _s_refill(self, seat: int) -> None:
        self._then(("draw", seat, HAND - len(self.players[seat].hand)))

    def _s_turn_over(self) -> None:
        for p in self.players:
            p.passed = False
        if self.rules["sc.stalemate"] == "draw" and self.no_damage_left():
            self._finish((), "no squad can deal damage any more (A-35)")
            return
        if self.rules["sc.first_player"] == "rotate":  # A-10 variant
            self.first = self._next_seat(self.first, False)
        self._then(("turn_start",))

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
            if (kind == "after" and attack and ctx.hit and ctx.seat == seat
                    and ctx.attached is not None
                    and any(r.uid == ctx.attached for r in self.chars[ctx.targets[0]].attached)):
                return None
            return ("R-23", f"{src.name} is played after a friendly attack hits, while its "
                            "card is attached")
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

    # -- eligibility (R-11 ..) ---------------------------------------------------------
    def _actor_check(self, seat: int, src: Source, ci: int, ctx) -> str | None:
        """What stops character `ci` acting for `src` now, as a short code (None: nothing).
        Legal actions need only the answer; `_actor_problem` puts the reason in words."""
        c = self.chars[ci]
        cost = src.cost
        if src.ability:
            if src.character != c.d.name:
                return "printed"
            if src.ability == "dead":
                if self.v05:
                    return "v05"
                if c.alive:
                    return "alive"
                if len(self.players[seat].hand) < cost.cards:
                    return "death cards"
                return self._target_check(seat, src)
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
            defender = ctx.targets[0]
            if src.actor == "defender" and ci != defender:
                return "defender"
            if src.actor == "not_defender" and ci == defender:
                return "not defender"
            if ci != defender and self.rules["sc.reactors"] == "defender":
                return "reactors"
        return self._target_check(seat, src)

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
            "death cards": ("R-37", f"{src.name} costs {cost.cards} card discards; the hand "
                                    f"holds {hand}"),
            "dead": ("R-36", f"{name} is dead and cannot act"),
            "who": ("R-12a", f"only {src.character} may play {src.name}"),
            "trait": ("R-12a", f"{name} ({'/'.join(sorted(c.d.traits))}) shares no trait "
                               f"with {src.name} ({'/'.join(sorted(src.traits))})"),
            "energy": ("R-12b", f"{src.name} costs {cost.energy} energy; {name} has "
                                f"{c.energy}"),
            "dice": ("R-12c", f"{src.name} needs dice {''.join(f'[{x}]' for x in cost.dice)}"
                              f"; {name} holds {', '.join(map(str, c.dice)) or 'no dice'}"),
            "cards": ("R-12d", f"{src.name} costs {cost.cards} card discards; you hold "
                               f"{hand - 1} other cards"),
            "defender": ("A-5", f"only the defender ({defender}) may play {src.name}"),
            "not defender": ("A-5", f"{src.name} is played by a character other than the "
                                    "defender"),
            "reactors": ("A-5", f"under sc.reactors = defender only the defender "
                                f"({defender}) reacts"),
            "target": ("R-17" if src.is_attack else "R-13",
                       f"{src.name} needs {src.targets} living {side} character"
                       f"{'s' if src.targets > 1 else ''} to target"),
        }
        return words[code]

    def _candidates(self, seat: int, side: str, chosen) -> list[int]:
        if side == "friendly":
            return [ci for ci in self.players[seat].order
                    if self.chars[ci].alive and ci not in chosen]
        return [c.ci for c in self.chars
                if c.alive and c.seat != seat and not self.players[c.seat].out
                and c.ci not in chosen]

    def _refresh_problem(self, seat: int, ci: int) -> tuple | None:
        c = self.chars[ci]
        if not c.alive:
            return ("R-36", f"{c.d.name} is dead and cannot act")
        if c.energy < c.d.refresh:
            return ("R-16", f"a Refresh of {c.d.name} costs {c.d.refresh} energy; "
                            f"{c.d.name} has {c.energy}")
        if c.suppressed and self.rules["sc.suppression"] == "blocks_refresh":
            return ("R-35", f"{c.d.name} is suppressed and cannot Refresh until the next turn")
        return None

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
                    acts.append(_play(src, self.chars[ci].d.name))
                    if not src.actor_matters:
                        break
        acts += self._ability_actions(seat, "action", None)
        for ci in p.order:
            if self._refresh_problem(seat, ci) is None:
                acts.append(_refresh(self.chars[ci]))
        acts.append(PASS)
        return acts

    def _ability_actions(self, seat: int, kind: str, ctx) -> list[Action]:
        return [Action("use", (ab.name,), f"Use {ab.name}")
                for ci in self.players[seat].order for ab in self.chars[ci].d.abilities
                if ab.kind == kind and self._actor_check(seat, ab, ci, ctx) is None]

    def _opts_window(self) -> list[Action]:
        seat = self.wait[1]
        acts = [Action("use", (src.name,), f"Use {src.name}") if src.ability
                else _play(src, self.chars[ci].d.name)
                for src, ci in self._edge_choices(seat)]
        return [*acts, DECLINE]

    def _opts_pay(self) -> list[Action]:
        play = self.plays[self.wait[2]]
        needs = "".join(f"[{x}]" for x in play.source.cost.dice)
        return [Action("pay", values, f"Pay {needs} with {_and(values)}")
                for values in payments(self.chars[play.actor].dice, play.source.cost.dice)]

    def _opts_cards(self) -> list[Action]:
        hand = self.players[self.wait[1]].hand
        return [Action("discard", (name,), f"Discard {name} to pay C")
                for name in dict.fromkeys(hand)]

    def _opts_target(self) -> list[Action]:
        play = self.plays[self.wait[2]]
        return [Action("target", (self.chars[ci].seat, self.chars[ci].d.name),
                       f"Target {self.char_label(ci)}")
                for ci in self._candidates(play.seat, play.source.target, play.targets)]

    def _opts_keep(self) -> list[Action]:
        c = self.chars[self.wait[2]]
        kept = dict.fromkeys(combinations(c.dice, c.d.pool.size))
        return [Action("keep_dice", k, f"Keep {_and(k, ', ')}") for k in kept]

    def _opts_choose(self) -> list[Action]:
        return list(self.wait[2][1])

    def _opts_attack_die(self) -> list[Action]:
        c = self.chars[self.plays[self.wait[2]].actor]
        return [Action("die", (v,), f"Attack die: spend {c.d.name}'s {v}")
                for v in dict.fromkeys(c.dice)] + [Action("die", (0,), "Attack die: none")]

    def _opts_defence_die(self) -> list[Action]:
        c = self.chars[self.plays[self.wait[2]].targets[0]]
        return [Action("die", (v,), f"Defence die: spend {c.d.name}'s {v}")
                for v in dict.fromkeys(c.dice)] + [Action("die", (0,), "Defence die: none")]

    def _opts_discard(self) -> list[Action]:
        hand = self.players[self.wait[1]].hand
        return [Action("discard", (name,), f"Discard {name}")
                for name in dict.fromkeys(hand)] + [KEEP_HAND]

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
            self._then(*self._pay_steps(pid), ("declared", pid), ("resolve", pid),
                       ("window", "after", pid), ("next",))

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
            ci = next(ci for ci in p.order for ab in self.chars[ci].d.abilities
                      if ab.name == name)
            src = next(ab for ab in self.chars[ci].d.abilities if ab.name == name)
            from_hand = False
        else:
            src = self.cat.cards[name]
            ctx_play = self.plays[ctx] if ctx >= 0 else None
            if len(action.args) > 1:
                ci = self._char_of(seat, action.args[1])
            else:
                ci = next(ci for ci in p.order
                          if self._actor_check(seat, src, ci, ctx_play) is None)
            p.hand.remove(name)
            from_hand = True
        p.played.add(name)
        self.plays.append(Play(seat, src, ci, ctx, from_hand))
        who = self.chars[ci].d.name
        self.note(f"Seat {seat + 1}: {name}" + (f" by {who}" if src.actor_matters else ""))
        return len(self.plays) - 1

    def _pay_steps(self, pid: int) -> tuple:
        return (("pay", pid), ("pay_cards", pid, self.plays[pid].source.cost.cards),
                ("target", pid))

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

    # -- paying and targeting (R-13, R-17) --------------------------------------------------------
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
        self._then(("window", "reaction" if self.plays[pid].source.is_attack else "declared",
                    pid))

    def _s_edge_resolve(self, pid: int) -> None:
        if self.rules["sc.edge_stack"] == "lifo":
            self.stack.append(pid)
        else:
            self._then(("resolve", pid))  # edges resolve at once

    # -- resolving (R-17 .. R-22) ------------------------------------------------------------------
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
            self.note(f"{src.name} hits {defender.d.name} for "
                      f"{self.effective(rec, defender)}")
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

    # -- refresh (R-16) ----------------------------------------------------------------------------
    def _s_refresh_roll(self, ci: int) -> None:
        c = self.chars[ci]
        if not self.v05:
            c.dice.extend(c.d.pool.fixed)  # fixed faces at their printed value
            c.dice.sort(reverse=True)
        if self._random_dice(c):
            self.roll("refresh", ci)

    def _s_keep(self, ci: int) -> None:
        c = self.chars[ci]
        if len(c.dice) <= c.d.pool.size:
            return
        kept = list(dict.fromkeys(combinations(c.dice, c.d.pool.size)))
        if len(kept) == 1:
            c.dice = list(kept[0])
        else:
            self.wait = ("keep", c.seat, ci)  # the controller chooses

    # -- what effects call (effects.py) -------------------------------------------------------
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
        rec = Attached(self.uid, f"{play.source.name} token", play.seat, worth,
                       play.source.traits, token=True)
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

    # -- death and the end (R-10, R-36) --------------------------------------------------------
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
        living = [p.seat for p in self.players
                  if not p.out and any(self.chars[ci].alive for ci in p.order)]
        for p in self.players:
            if p.seat not in living:
                p.out = True
        if len(living) <= 1:
            self._finish(tuple(living), "the last squad standing" if living else
                         "the last characters died at the same moment (A-21)")

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
                if not rec.token and not owner.out and self._wounds(
                        rec.owner, self.cat.cards[rec.name]):
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
                        c.alive if src.ability == "alive" else not c.alive and not self.v05):
                    return True
            elif c.alive and (src.character is None or src.character == c.d.name) and (
                    not src.traits or src.traits & c.d.traits):
                return True
        return False

    def _wounds(self, seat: int, src: Source) -> bool:
        hurts = (src.is_attack and src.damage > 0) or any(
            e.keyword in ("Wound", "Boost") and e.amount for e in src.effects)
        return hurts and self._playable_by_someone(seat, src)

    def _heals(self, seat: int, src: Source) -> bool:
        return any(e.keyword == "Heal" for e in src.effects) and \
            self._playable_by_someone(seat, src)

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

    # -- reasons ---------------------------------------------------------------------------------
    def candidates(self) -> list[Action]:
        """The legal actions and the plausible ones a person may try, so the view can show
        why they are refused: cards of the right kind for now (actions and attacks in an
        action phase, edges in a window) by the characters whose traits fit them,
        Refreshes, and the abilities of the squad's characters."""
        legal = self.legal_actions()
        if self.ended or self.wait[0] not in ("action", "window"):
            return legal
        what, seat, _ = self.wait
        p = self.players[seat]
        edges = what == "window"
        out = {a: a for a in legal}
        for name in dict.fromkeys(p.hand):
            src = self.cat.cards[name]
            if src.is_edge != edges:
                continue
            for ci in p.order:
                c = self.chars[ci]
                if (src.character or c.d.name) != c.d.name or (
                        src.traits and not src.traits & c.d.traits):
                    continue
                a = _play(src, c.d.name)
                out.setdefault(a, a)
        for ci in p.order:
            c = self.chars[ci]
            for ab in c.d.abilities:
                if (ab.kind == "edge") == edges and (ab.ability == "dead") != c.alive:
                    a = Action("use", (ab.name,), f"Use {ab.name}")
                    out.setdefault(a, a)
            if not edges and c.alive:
                a = _refresh(c)
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
            found = [(ab, ci) for ci in p.order for ab in self.chars[ci].d.abilities
                     if args and ab.name == args[0]]
            if not found:
                return None
            ab, ci = found[0]
            if (ab.kind == "action") != (what == "action"):
                return ("A-28", f"{ab.name} is an {'Action' if ab.kind == 'action' else 'Edge'}"
                                " ability: " + ("used as your action" if ab.kind == "action"
                                                else "used in a priority window"))
            return self._actor_problem(seat, ab, ci, ctx)
        if kind != "play" or not args:
            return None
        name = args[0]
        src = self.cat.cards.get(name)
        if src is None:
            return None
        if name not in p.hand:
            return ("R-7", f"{name} is not in your hand")
        if what == "action" and src.is_edge:
            return ("R-23", f"{name} is an Edge: it is played in a priority window, not as "
                            "your action")
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

    # -- information ---------------------------------------------------------------------------
    def result(self) -> Result | None:
        if not self.ended:
            return None
        details = {"turns": self.turn, "first": self.first + 1,
                   "alive": [self.alive_count(s) for s in range(self.num_seats)]}
        if not self.winners:
            return Result("draw", (), self.reason, details)
        return Result(f"Seat {self.winners[0] + 1} wins", self.winners, self.reason, details)

    def alive_count(self, seat: int) -> int:
        return sum(self.chars[ci].alive for ci in self.players[seat].order)

    def hp_left(self, seat: int) -> int:
        return sum(max(0, self.chars[ci].d.hp - self.damage(self.chars[ci]))
                   for ci in self.players[seat].order if self.chars[ci].alive)

    def hp_total(self, seat: int) -> int:
        return sum(self.chars[ci].d.hp for ci in self.players[seat].order)

    def score(self, seat: int) -> float:
        """HP left as a share of the squad's HP, against the best opponent, in [0, 1]."""
        mine = self.hp_left(seat) / self.hp_total(seat)
        theirs = max(self.hp_left(s) / self.hp_total(s)
                     for s in range(self.num_seats) if s != seat)
        return min(1.0, max(0.0, 0.5 + 0.5 * (mine - theirs)))

    def stats(self) -> dict:
        out = {"first": self.first, "turns": self.turn, **self.counts}
        for s, p in enumerate(self.players):
            out[f"alive_{s}"] = self.alive_count(s)
            out[f"hp_{s}"] = self.hp_left(s)
            out[f"played_{s}"] = "|".join(sorted(p.played))
        return out

    def observation(self, seat: int | None = None) -> dict:
        """Hands are hidden from other seats; decks are face-down piles of known size; dice,
        burden, attached cards, discard piles and death effects are public."""
        players = []
        for p in self.players:
            players.append({
                "seat": p.seat, "squad": p.squad.name, "passed": p.passed, "out": p.out,
                "hand": list(p.hand) if seat == p.seat else len(p.hand),
                "deck": len(p.deck), "discard": dict(p.discard.counts),
                "characters": [self.char_json(ci) for ci in p.order],
            })
        pending = None
        if self.plays:
            play = self.plays[-1]
            pending = {"card": play.source.name, "seat": play.seat,
                       "actor": self.chars[play.actor].d.name,
                       "targets": [self.char_label(ci) for ci in play.targets],
                       "atk": play.atk, "negated": play.negated, "hit": play.hit}
        return {"turn": self.turn, "first": self.first, "active": self.active,
                "waiting": None if self.wait is None else self.wait[0],
                "window": None if self.win is None else self.win[0],
                "players": players, "play": pending, "over": self.ended}

    def char_json(self, ci: int) -> dict:
        c = self.chars[ci]
        return {"name": c.d.name, "alive": c.alive, "hp": c.d.hp, "damage": self.damage(c),
                "energy": c.energy, "burden": c.burden, "dice": list(c.dice),
                "suppressed": c.suppressed,
                "attached": [[r.name, self.effective(r, c)] for r in c.attached]}

    def view(self, seat: int | None):
        from .render import render

        return render(self, seat)


def _and(values, sep: str = " and ") -> str:
    return sep.join(map(str, values))


_ACTIONS: dict = {}  # actions depend on names alone, and recur in every game


def _play(src: Source, who: str) -> Action:
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


def _refresh(c: Char) -> Action:
    key = ("refresh", c.d.name, c.d.refresh)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action("refresh", (c.d.name,),
                                        f"Refresh {c.d.name}'s dice ({c.d.refresh} energy)")
    return action


STEPS = {name[3:]: fn for name, fn in vars(SquadState).items() if name.startswith("_s_")}
OPTIONS = {name[6:]: fn for name, fn in vars(SquadState).items() if name.startswith("_opts_")}
APPLY = {name[4:]: fn for name, fn in vars(SquadState).items() if name.startswith("_do_")}
