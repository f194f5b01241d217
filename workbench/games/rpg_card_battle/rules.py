"""RPG Card Battle: the rules of rules.md as a state machine.

Rule numbers (R-n) and resolutions (A-n) refer to that file. The draw pile, Recycle and Spent
are the kit's Decks: every card drawn is a chance point over the cards left. The simultaneous
choice of R-4 is asked of seat 0 and then seat 1, each as a secret action; nothing resolves
until both have chosen.
"""

from __future__ import annotations

from typing import NamedTuple

from ...core import CHANCE, TERMINAL, Action, Chance, Result, State
from ...core.kit import Deck
from .catalog import Build, Card, Catalog

HAND_SIZE = 5
BASIC = "basic"  # the move of a basic attack (R-4 b), with or without a card given up

# Stages: what the state waits for.
DEAL = "deal"  # chance: the opening hands
CHOOSE = "choose"  # decisions: seat 0, then seat 1
DRAW = "draw"  # chance: one card each at the end of a turn
RESHUFFLE = "reshuffle"  # chance: a new hand after a reshuffle
OVER = "over"


class Fighter(NamedTuple):
    """What the exchange needs to know about one side, after R-5 removed the chosen card."""

    attack: int
    defence: int  # base defence plus Passive defence and ongoing defence (Smoke Bomb)
    weapon: str
    weapon_bonus: int  # Passive attack bonus to attacks with the equipped weapon
    other_bonus: int  # Passive attack bonus to any other attack (magic, class, unarmed)
    halve: bool  # a Passive halves incoming non-magic damage


def fighter(cards: dict, attack: int, defence: int, weapon: str, hand, guard: int) -> Fighter:
    """R-13: Passives count while they are anywhere in the hand."""
    wb = ob = 0
    halve = False
    for name in hand:
        c = cards[name]
        if c.kind == "passive":
            if c.attack:
                if c.weapon == "any":
                    wb += c.attack
                    ob += c.attack
                elif c.weapon == weapon:
                    wb += c.attack
            defence += c.defence
            halve = halve or c.halve
    return Fighter(attack, defence + guard, weapon, wb, ob, halve)


class Effect(NamedTuple):
    """An Ongoing card (R-2, A-14): each instance ticks on its own."""

    card: str
    effect: str  # "poison" or "guard"
    amount: int
    turns: int  # turns left
    owner: int
    target: int
    pile: str  # where the card goes when the effect ends: "recycle" or "spent"


def is_attack(move) -> bool:
    return move is BASIC or (move is not None and move.kind in ("attack", "poison"))


def damage(rules: dict, x: Fighter, xmove, y: Fighter, ymove) -> int:
    """Exchange damage `x` deals to `y` (R-6): `xmove` and `ymove` are a Card, BASIC, or None
    for no action. PARRY, then Passive halving, after the defence subtraction (A-13)."""
    if xmove is None:
        return 0
    yplay = ymove if ymove is not None and ymove is not BASIC else None
    if xmove is BASIC:
        mod, magic, is_class = 0, False, False
    else:
        if xmove.kind not in ("attack", "poison"):
            return 0
        mod = xmove.attack
        if xmove.attack_vs_guard is not None and yplay is not None and yplay.guards:
            mod = xmove.attack_vs_guard
        magic, is_class = xmove.magic, xmove.is_class
    # basic, weapon and (by default) class attacks are made with the equipped weapon.
    weapon_attack = (
        not magic
        and x.weapon != "none"
        and (not is_class or rules["rcb.class_attacks"] == "weapon")
    )
    d = (
        x.attack
        + mod
        + (x.weapon_bonus if weapon_attack else x.other_bonus)
        - y.defence
        - (yplay.defence if yplay is not None and yplay.guards else 0)
    )
    if d <= 0:
        return 0
    if weapon_attack and yplay is not None and yplay.kind == "parry":
        return 0
    if y.halve and not magic:
        d = (d + 1) // 2 if rules["rcb.halve_rounding"] == "up" else d // 2
    return d


def choices(hand, cards: dict, nothing_left: str) -> list[tuple]:
    """Every choice R-4 allows with this hand, as the (kind, index, card) a Player records:
    play any non-Passive (R-14, R-15), give up the leftmost card for a basic attack, or with
    nothing at all in hand a bare basic attack or a pass (A-7)."""
    out = [("play", i, name) for i, name in enumerate(hand) if cards[name].kind != "passive"]
    if hand:
        out.append((BASIC, 0, hand[0]))
    elif nothing_left == "bare_attack":
        out.append((BASIC, -1, ""))
    else:
        out.append(("pass", -1, ""))
    return out


class Player:
    __slots__ = ("build", "choice", "draw", "hand", "hp", "recycle", "reshuffles", "seat", "spent")

    def __init__(self, seat: int, build: Build):
        self.seat = seat
        self.build = build
        self.hp = build.hp
        self.hand: list[str] = []
        self.draw = Deck(dict(build.deck))  # the whole deck, shuffled
        self.recycle = Deck()
        self.spent = Deck()
        # The pending secret choice: ("play", index, card), ("basic", 0 or -1, card or ""),
        # or ("pass", -1, ""). None until the seat has chosen this turn.
        self.choice: tuple | None = None
        self.reshuffles = 0

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.seat, p.build, p.hp = self.seat, self.build, self.hp
        p.hand = list(self.hand)
        p.draw = self.draw.copy()
        p.recycle = self.recycle.copy()
        p.spent = self.spent.copy()
        p.choice = self.choice
        p.reshuffles = self.reshuffles
        return p

    @property
    def draw_n(self) -> int:
        return len(self.draw)


class BattleState(State):
    num_seats = 2

    def __init__(self, cat: Catalog, builds: list[Build]):
        self.cat = cat
        self.rules = cat.rules
        self.players = [Player(0, builds[0]), Player(1, builds[1])]
        self.turn = 1
        self.ongoing: list[Effect] = []
        self.stage = DEAL
        # Seats waiting for a card, in order; each entry is one chance point.
        self.pending: list[int] = [0] * min(HAND_SIZE, self.players[0].draw_n) + [1] * min(
            HAND_SIZE, self.players[1].draw_n
        )
        self.outcome: str | None = None
        self.winner: int | None = None
        self.reason = ""
        self.last: tuple | None = None  # what the last turn revealed (see _resolve)
        if not self.pending:
            self.stage = CHOOSE

    # -- whose decision ----------------------------------------------------------------
    @property
    def to_move(self) -> int:
        if self.outcome is not None:
            return TERMINAL
        if self.pending:
            return CHANCE
        return 0 if self.players[0].choice is None else 1

    # -- chance ------------------------------------------------------------------------
    def chance(self) -> Chance:
        p = self.players[self.pending[0]]
        what = {DEAL: "deals", DRAW: "draws", RESHUFFLE: "deals after a reshuffle"}[self.stage]
        # Not `seen_by` its seat: the card goes face up into the hand, so every seat
        # sees it. What stays hidden, the pile's order, is never drawn before its turn.
        return p.draw.draw(f"Seat {p.seat + 1} ({p.build.name}) {what} from {p.draw_n} cards")

    def apply_chance(self, card) -> None:
        p = self.players[self.pending.pop(0)]
        p.draw.take(card)
        p.hand.append(card)  # cards enter from the right
        if not self.pending:
            self._advance()

    def _advance(self) -> None:
        if self.stage == DRAW:
            self._reshuffle()
            if self.pending:
                self.stage = RESHUFFLE
                return
        if self.stage != DEAL:
            self.turn += 1
        self.stage = CHOOSE

    def _reshuffle(self) -> None:
        """R-11: an empty hand with an empty draw pile takes Recycle as a new pile (Spent and
        Ongoing cards stay out, A-15) and deals up to 5 (A-17). Empty Recycle: A-7."""
        for p in self.players:
            if p.hand or p.draw_n or not p.recycle:
                continue
            p.draw = Deck(dict(sorted(p.recycle.counts.items())))
            p.recycle = Deck()
            p.reshuffles += 1
            self.pending += [p.seat] * min(HAND_SIZE, p.draw_n)

    # -- decisions -----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self.to_move
        if seat < 0:
            return []
        hand = tuple(self.players[seat].hand)
        # Actions are immutable and depend on the hand alone, and hands recur across turns
        # and games, so they are made once per hand.
        cache = self.cat.actions
        acts = cache.get(hand)
        if acts is None:
            if len(cache) > 50_000:
                cache.clear()
            acts = cache[hand] = self._actions(hand)
        return list(acts)

    def _actions(self, hand: tuple) -> list[Action]:
        acts = []
        for kind, i, name in choices(hand, self.cat.cards, self.rules["rcb.nothing_left"]):
            if kind == "play":
                acts.append(Action("play", (i, name), f"Play {name} (card {i + 1})", True))
            elif i == 0:
                acts.append(Action(BASIC, (), f"Basic attack, giving up {name}", True))
            elif kind == BASIC:
                acts.append(Action(BASIC, (), "Basic attack (empty hand, no card given up)", True))
            else:
                acts.append(Action("pass", (), "Pass (empty hand, nothing to play)", True))
        return acts

    def candidates(self) -> list[Action]:
        """The legal actions, plus the Passives in the hand, which cannot be played (R-14)."""
        seat = self.to_move
        if seat < 0:
            return []
        acts = self.legal_actions()
        cards = self.cat.cards
        for i, name in enumerate(self.players[seat].hand):
            if cards[name].kind == "passive":
                acts.insert(i, Action("play", (i, name), f"Play {name} (card {i + 1})", True))
        return acts

    def explain(self, action: Action) -> tuple[str, str] | None:
        seat = self.to_move
        if seat < 0:
            return None
        hand = self.players[seat].hand
        if action.kind == "play":
            if len(action.args) != 2 or not isinstance(action.args[0], int):
                return None
            i, name = action.args
            if not 0 <= i < len(hand):
                return "R-4", f"there is no card {i + 1}: the hand holds {len(hand)} cards"
            if hand[i] != name:
                return "R-4", f"card {i + 1} is {hand[i]}, not {name}"
            if self.cat.cards[name].kind == "passive":
                left = (
                    "it is the leftmost card, so a basic attack gives it up"
                    if i == 0
                    else "it leaves only when it is the leftmost card and you make a basic attack"
                )
                return "R-14", f"{name} is a Passive and cannot be played; {left}"
        if action.kind == BASIC and not hand and self.rules["rcb.nothing_left"] == "pass":
            return "A-7", "with an empty hand and nothing to draw you pass (rcb.nothing_left)"
        if action.kind == "pass" and (hand or self.rules["rcb.nothing_left"] != "pass"):
            return "A-7", (
                "you may pass only with an empty hand and nothing left to draw"
                if hand
                else "with an empty hand you make a bare basic attack"
            )
        return None

    def apply(self, action: Action) -> None:
        p = self.players[self.to_move]
        kind = action.kind
        if kind == "play":
            p.choice = ("play", action.args[0], action.args[1])
        elif kind == BASIC:
            p.choice = (BASIC, 0, p.hand[0]) if p.hand else (BASIC, -1, "")
        else:
            p.choice = ("pass", -1, "")
        if p.seat == 1:
            self._resolve()

    # -- the turn (R-5 .. R-12) ----------------------------------------------------------
    def _take(self, p: Player):
        """R-5: remove the chosen card; the rest close up to the left. Returns the move."""
        kind, i, name = p.choice
        if kind == "play":
            del p.hand[i]
            return self.cat.cards[name]
        if kind == BASIC:
            if i == 0:
                del p.hand[0]
                p.recycle.put(name)  # given up unused, whatever it is
            return BASIC
        return None

    def fighter(self, seat: int, attacking: bool = False) -> Fighter:
        p = self.players[seat]
        b = p.build
        guard = sum(e.amount for e in self.ongoing if e.effect == "guard" and e.target == seat)
        if attacking and self.rules["rcb.smoke_when_attacking"] == "ignored":
            guard = 0  # A-21 variant: R-6 leaves an attacker's defence unmodified
        return fighter(self.cat.cards, b.attack, b.defence, b.weapon, p.hand, guard)

    def _resolve(self) -> None:
        rules = self.rules
        p0, p1 = self.players
        choices = (p0.choice, p1.choice)
        moves = (self._take(p0), self._take(p1))
        f = (self.fighter(0, is_attack(moves[0])), self.fighter(1, is_attack(moves[1])))
        # both actions are worked out at the same moment.
        hit = [
            damage(rules, f[1], moves[1], f[0], moves[0]),
            damage(rules, f[0], moves[0], f[1], moves[1]),
        ]
        reflect = [0, 0]
        new_poison: list[Effect] = []
        to_ongoing = [False, False]
        for x in (0, 1):
            y = 1 - x
            xm, ym = moves[x], moves[y]
            if isinstance(ym, Card) and ym.reflect and is_attack(xm):
                reflect[x] += ym.reflect
            if isinstance(xm, Card) and xm.poison and hit[y] >= 1:
                new_poison.append(
                    Effect(xm.name, "poison", xm.poison, xm.poison_turns, x, y, xm.after)
                )
                to_ongoing[x] = True
        # damage and reflection land together, then Ongoing effects tick.
        for s in (0, 1):
            self.players[s].hp -= hit[s] + reflect[s]
        ticks = self._tick()
        for e in new_poison:  # set up this turn: they tick from the next turn on
            if rules["rcb.poison_stacking"] == "refresh":
                self._end_effects(lambda o, e=e: o.effect == "poison" and o.target == e.target)
            self.ongoing.append(e)
        # under before_items a defeat ends the game here and items never resolve.
        early = rules["rcb.defeat_check"] == "before_items" and self._defeat()
        heals = self._settle_cards(moves, early, to_ongoing)
        self._record(choices, hit, reflect, ticks, heals)
        if early or self._defeat():
            return
        limit = rules["rcb.turn_limit"]
        if limit and self.turn >= limit:
            self.outcome, self.winner, self.reason = "draw", None, "turn limit"
            return
        p0.choice = p1.choice = None
        # draw one card each if the pile has any.
        self.stage = DRAW
        self.pending = [p.seat for p in self.players if p.draw_n]
        if not self.pending:
            self._advance()

    def _settle_cards(self, moves, early: bool, to_ongoing: list[bool]) -> list[int]:
        """R-8: items resolve after the exchange (none if `early`), and every card played goes
        to its pile, but for those now in an Ongoing effect. Returns the HP each seat healed."""
        heals = [0, 0]
        for s in (0, 1):
            m = moves[s]
            if not isinstance(m, Card):
                continue
            p = self.players[s]
            if m.kind == "item" and not early:
                if m.heal:
                    before = p.hp
                    p.hp += m.heal
                    if self.rules["rcb.overheal"] == "cap" and p.hp > p.build.hp:
                        p.hp = max(before, p.build.hp)
                    heals[s] = p.hp - before
                if m.guard:
                    self.ongoing.append(
                        Effect(m.name, "guard", m.guard, m.guard_turns, s, s, m.after)
                    )
                    to_ongoing[s] = True
            if not to_ongoing[s]:
                (p.spent if m.after == "spent" else p.recycle).put(m.name)
        return heals

    def _tick(self) -> list[int]:
        """R-7: poison hurts its target; every effect loses a turn; finished ones go to their
        pile. Returns the poison damage each seat took."""
        taken = [0, 0]
        kept = []
        for e in self.ongoing:
            if e.effect == "poison":
                self.players[e.target].hp -= e.amount
                taken[e.target] += e.amount
            if e.turns > 1:
                kept.append(e._replace(turns=e.turns - 1))
            else:
                owner = self.players[e.owner]
                (owner.spent if e.pile == "spent" else owner.recycle).put(e.card)
        self.ongoing = kept
        return taken

    def _end_effects(self, which) -> None:
        kept = []
        for e in self.ongoing:
            if which(e):
                owner = self.players[e.owner]
                (owner.spent if e.pile == "spent" else owner.recycle).put(e.card)
            else:
                kept.append(e)
        self.ongoing = kept

    def _defeat(self) -> bool:
        """R-9, A-6: True if the game is over."""
        hp = (self.players[0].hp, self.players[1].hp)
        down = [s for s in (0, 1) if hp[s] <= 0]
        if not down:
            return False
        if len(down) == 1:
            self.outcome, self.winner, self.reason = "win", 1 - down[0], "defeat"
        elif self.rules["rcb.both_defeated"] == "higher_hp" and hp[0] != hp[1]:
            self.outcome, self.winner = "win", 0 if hp[0] > hp[1] else 1
            self.reason = "both defeated, higher HP"
        else:
            self.outcome, self.winner, self.reason = "draw", None, "both defeated"
        self.stage = OVER
        return True

    def _record(self, choices, hit, reflect, ticks, heals) -> None:
        self.last = (self.turn, choices, tuple(hit), tuple(reflect), tuple(ticks), tuple(heals))

    # -- information ---------------------------------------------------------------------
    def score(self, seat: int) -> float:
        """HP lead in [0, 1], for search bots that stop playouts early."""
        me, them = self.players[seat], self.players[1 - seat]
        lead = max(0, me.hp) / me.build.hp - max(0, them.hp) / them.build.hp
        return min(1.0, max(0.0, 0.5 + 0.5 * lead))

    def result(self) -> Result | None:
        if self.outcome is None:
            return None
        winners = () if self.winner is None else (self.winner,)
        text = "draw" if self.winner is None else f"seat {self.winner + 1} wins"
        return Result(
            text, winners, self.reason, {"turns": self.turn, "hp": [p.hp for p in self.players]}
        )

    def view(self, seat: int | None):
        from .render import render

        return render(self, seat)

    def stats(self) -> dict:
        p0, p1 = self.players
        return {
            "winner": -1 if self.winner is None else self.winner,
            "turns": self.turn,
            "hp_0": p0.hp,
            "hp_1": p1.hp,
            "reshuffles": p0.reshuffles + p1.reshuffles,
        }

    def hidden_choices(self) -> set[int]:
        return {p.seat for p in self.players if p.choice is not None}

    def determinize(self, seat: int, rng) -> BattleState:
        """Hands are face up and draw piles have no order (1.1, R-11): what `seat` cannot see
        is the other seat's pending secret choice (R-4), which the copy replaces with one
        drawn at random from the choices its hand allows."""
        s = self.clone()
        for p in s.players:
            if p.seat != seat and p.choice is not None:
                options = choices(p.hand, s.cat.cards, s.rules["rcb.nothing_left"])
                p.choice = options[int(rng.random() * len(options))]
        return s

    def observation(self, seat: int | None = None) -> dict:
        """Hands are face up (1.1), so a seat sees everything except the other seat's pending
        choice; a spectator (None) sees no pending choice. Draw piles have no order here."""
        players = []
        for p in self.players:
            b = p.build
            mine = seat == p.seat
            players.append(
                {
                    "seat": p.seat,
                    "name": b.name,
                    "class": b.cls,
                    "level": b.level,
                    "hp": p.hp,
                    "max_hp": b.hp,
                    "attack": b.attack,
                    "defence": b.defence,
                    "weapon": b.weapon,
                    "hand": list(p.hand),
                    "draw_pile": p.draw_n,
                    "recycle": dict(sorted(p.recycle.counts.items())),
                    "spent": dict(sorted(p.spent.counts.items())),
                    "chosen": p.choice is not None,
                    "choice": list(p.choice) if mine and p.choice is not None else None,
                }
            )
        return {
            "turn": self.turn,
            "stage": self.stage,
            "players": players,
            "ongoing": [e._asdict() for e in self.ongoing],
            "last_turn": self.last_turn(),
            "outcome": None if self.outcome is None else self.result().outcome,
        }

    def last_turn(self) -> dict | None:
        """The last turn as revealed to everyone (both choices are public once resolved)."""
        if self.last is None:
            return None
        turn, choices, hit, reflect, ticks, heals = self.last
        return {
            "turn": turn,
            "choices": [list(c) for c in choices],
            "damage": list(hit),
            "reflected": list(reflect),
            "poison": list(ticks),
            "healed": list(heals),
        }

    def clone(self) -> BattleState:
        s = BattleState.__new__(BattleState)
        s.cat, s.rules = self.cat, self.rules
        s.players = [self.players[0].copy(), self.players[1].copy()]
        s.turn, s.stage = self.turn, self.stage
        s.ongoing = list(self.ongoing)
        s.pending = list(self.pending)
        s.outcome, s.winner, s.reason, s.last = self.outcome, self.winner, self.reason, self.last
        return s
