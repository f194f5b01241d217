"""Attacks (R-17 to R-25): declaring a move or an attack, the response windows before and
after the dice, the roll-off as one chance point, where a failed attacker stops, cavalry
charges, Ambush, and ranged attacks.

The dice are those of `workbench.dice.contests.armies_rolls`, the very distributions the exact
odds table is built from, so the odds shown before an attack are the table's.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...core import Chance
from ...core.kit import contest_chance
from ...dice.contests import armies_rolls
from .catalog import GRID, NAMES, PIECE_NAMES, SEATS
from .moves import MOVES, last_row

SLIDERS = "BRQ"


class Combat:
    """One attack. `land` is where a winning melee attacker ends (the en-passant square, or
    the defender's); `power` a fixed attack result (a printed ranged power, or a charge's
    margin - 1); `htl` defence added by Hold the Line, `htl_rolled` the part already in the
    roll; `stage` "pre" or "post" while a response window about it may open."""

    __slots__ = (
        "attacker",
        "defender",
        "origin",
        "target",
        "land",
        "kind",
        "power",
        "promo",
        "htl",
        "htl_rolled",
        "roll",
        "cancelled",
        "stage",
        "captured",
        "follow",
    )

    def __init__(
        self,
        attacker: int,
        defender: int,
        origin: int,
        target: int,
        land: int,
        kind: str,
        power: int | None = None,
        promo: str = "",
        follow: bool = False,
    ):
        self.attacker, self.defender = attacker, defender
        self.origin, self.target, self.land = origin, target, land
        self.kind, self.power, self.promo, self.follow = kind, power, promo, follow
        self.htl = self.htl_rolled = 0
        self.roll: tuple[int, int] | None = None
        self.cancelled = False
        self.stage = ""
        self.captured = False

    def copy(self) -> Combat:
        c = Combat.__new__(Combat)
        for name in Combat.__slots__:
            setattr(c, name, getattr(self, name))
        return c


class Combats:
    """Mixed into the state: moves, attacks and their dice."""

    # -- declaring ------------------------------------------------------------------------------
    def declare_move(self, pid: int, to: int, promo: str) -> None:
        """R-7: move one piece, or attack with it."""
        p = self.pieces[pid]
        frm = p.sq
        self.last = (frm, to)
        occ = self.board[to]
        ep = self.live_ep()
        if occ >= 0 or (p.kind == "P" and ep is not None and to == ep[0] and to % 8 != frm % 8):
            defender = occ if occ >= 0 else ep[1]
            self.begin_melee(
                Combat(pid, defender, frm, self.pieces[defender].sq, to, "melee", promo=promo)
            )
            return
        self._move_to(p, to)
        if p.kind == "K" and abs(to - frm) == 2:
            # the rook crosses to the square the king passed.
            rook_from = frm - frm % 8 + (7 if to > frm else 0)
            self._move_to(self.pieces[self.board[rook_from]], (frm + to) // 2)
        if p.kind == "P" and abs(to - frm) == 16:
            self.ep = ((frm + to) // 2, pid, self.turn)
        if promo:
            p.kind = promo  # the piece keeps its skill and its cards
            self._threats.clear()

    def _move_to(self, p, to: int) -> None:
        self.board[p.sq] = -1
        self.board[to] = p.id
        p.sq = to
        p.moved = True
        self._threats.clear()

    def begin_melee(self, c: Combat) -> None:
        self.counts["attacks"] += 1
        self.combat = c
        self.todo += [
            ("melee_end",),
            ("attack_result",),
            ("after_roll",),
            ("roll",),
            ("before_roll",),
        ]

    def begin_ranged(self, p, q, power: int) -> None:
        """R-21: the attacker does not move and gets no +1."""
        self.counts["attacks"] += 1
        self.combat = Combat(p.id, q.id, p.sq, q.sq, -1, "ranged", power=power)
        self.todo += [
            ("ranged_end",),
            ("attack_result",),
            ("after_roll",),
            ("roll",),
            ("before_roll",),
        ]

    def begin_ambush(self, p, q) -> None:
        """A-14: the Ambush army attacks the attacker at once, before the original roll."""
        self.ambush = (p.id, q.id)
        self.rolling = "ambush"
        self.phase = "roll"

    # -- the windows and the roll --------------------------------------------------------------
    def _valid(self, c: Combat) -> bool:
        att, dfd = self.pieces[c.attacker], self.pieces[c.defender]
        return not c.cancelled and att.sq >= 0 and dfd.sq == c.target

    def _task_before_roll(self) -> None:
        c = self.combat
        if self._valid(c):
            c.stage = "pre"
            self.window.ask(self.pieces[c.attacker].owner, 0)

    def _task_roll(self) -> None:
        c = self.combat
        c.stage = ""
        if not self._valid(c):
            c.cancelled = True
            return
        self.rolling = "attack"
        self.phase = "roll"

    def _task_after_roll(self) -> None:
        c = self.combat
        if not c.cancelled:
            c.stage = "post"
            # Hold the Line may come after the roll: the defender is asked first.
            self.window.ask(self.pieces[c.defender].owner, 1)

    def attack_rolls(self, c: Combat):
        """(A, D) distributions of an attack as it stands."""
        att, dfd = self.pieces[c.attacker], self.pieces[c.defender]
        defense = self.defense(dfd)
        if c.kind == "ranged":
            fixed = self.rules["arm.power"] == "fixed"
            return armies_rolls(
                0 if fixed else c.power,
                defense,
                ranged=True,
                power=c.power if fixed else None,
                bows_and_knives=self.controls(att.owner, "bows_and_knives"),
                defense_modifier=c.htl,
            )
        if c.power is not None:  # a cavalry charge's follow-up: A = margin - 1, no roll
            return armies_rolls(0, defense, ranged=True, power=c.power, defense_modifier=c.htl)
        return armies_rolls(self.offense(att), defense, defense_modifier=c.htl)

    def win_chance(self, att, dfd, kind: str = "melee", power: int | None = None) -> Fraction:
        """The chance `att` wins an attack on `dfd` as things stand (R-17, R-21, R-22): the
        odds its roll will show, before anyone answers it."""
        return _beats(
            *self.attack_rolls(Combat(att.id, dfd.id, att.sq, dfd.sq, -1, kind, power=power))
        )

    def odds_words(self, att, dfd, kind: str = "melee", power: int | None = None) -> str:
        return f"{percent(self.win_chance(att, dfd, kind, power))} to win"

    def roll_chance(self) -> Chance:
        if self.rolling == "ambush":
            p, q = (self.pieces[i] for i in self.ambush)
            attack, defence = armies_rolls(self.offense(p), self.defense(q))
            label = (
                f"Ambush: the {p.name} on {NAMES[p.sq]} attacks the {q.name} on "
                f"{NAMES[q.sq]} ({_dice(self.offense(p), 'attack')} + 1 vs "
                f"{_dice(self.defense(q), 'defence')})"
            )
            return contest_chance(
                attack,
                defence,
                label,
                odds={"to destroy the attacker": lambda a, d: a > d},
                names=_roll_words,
            )
        c = self.combat
        attack, defence = self.attack_rolls(c)
        c.htl_rolled = c.htl
        dfd = self.pieces[c.defender]
        goal = (
            "to beat the General"
            if dfd.kind == "K"
            else ("to destroy" if c.kind == "ranged" else "to capture")
        )
        return contest_chance(
            attack,
            defence,
            f"{self.attack_words(c)}: {self.dice_words(c)}",
            odds={goal: lambda a, d: a > d},
            names=_roll_words,
        )

    def attack_words(self, c: Combat) -> str:
        att, dfd = self.pieces[c.attacker], self.pieces[c.defender]
        verb = "shoots" if c.kind == "ranged" else "charges" if c.follow else "attacks"
        return (
            f"{SEATS[att.owner]} {att.name} on {NAMES[att.sq]} {verb} the {dfd.name} on "
            f"{NAMES[dfd.sq]}"
        )

    def dice_words(self, c: Combat) -> str:
        att, dfd = self.pieces[c.attacker], self.pieces[c.defender]
        defence = _dice(self.defense(dfd), "defence") + (f" + {c.htl}" if c.htl else "")
        if c.kind == "ranged":
            double = self.controls(att.owner, "bows_and_knives")
            if self.rules["arm.power"] == "fixed":
                attack = f"power {c.power}" + (" doubled" if double else "")
            else:
                attack = _dice(c.power, "attack") + (" doubled" if double else "")
        elif c.power is not None:
            attack = f"power {c.power}"
        else:
            attack = _dice(self.offense(att), "attack") + " + 1"
        return f"{attack} vs {defence}"

    def apply_roll(self, outcome) -> None:
        if self.rolling == "ambush":
            a, d = outcome
            p, q = (self.pieces[i] for i in self.ambush)
            self.rolling = ""
            self.ambush = None
            if a > d:
                self.destroy(q)
                self.counts[f"captures_{p.owner}"] += 1
                self.acted = True
                if self.combat is not None:
                    self.combat.cancelled = True
            return
        self.rolling = ""
        self.combat.roll = outcome

    # -- the result --------------------------------------------------------------------------
    def _task_attack_result(self) -> None:
        c = self.combat
        c.stage = ""
        if c.cancelled or not self._valid(c):
            c.cancelled = True
            return
        att, dfd = self.pieces[c.attacker], self.pieces[c.defender]
        a, d = c.roll
        defence = d + c.htl - c.htl_rolled  # Hold the Line played after the roll
        won = a > defence
        if won:
            self.counts["attacks_won"] += 1
        if dfd.kind == "K":
            if c.kind != "ranged":
                self._stop_short(att, c)  # the attacker acts as if it had failed
            if won:
                self.todo.append(("general_loses", dfd.owner, "battle"))
            return
        if not won:
            if c.kind != "ranged":
                self._stop_short(att, c)
            return
        self.destroy(dfd)
        self.counts[f"captures_{att.owner}"] += 1
        self.acted = True
        if c.kind == "ranged":
            return
        self._move_to(att, c.land)
        c.captured = True
        if c.promo and att.kind == "P" and att.sq // 8 == last_row(att.owner):
            att.kind = c.promo
            self._threats.clear()
        margin = a - defence
        if (
            margin > 2
            and att.kind in SLIDERS
            and "cavalry" in self.traits(att)
            and not self.weather()
        ):
            self.charge = margin
            if len(self.charge_options()) > 1:
                self.phase = "charge"
            else:
                self.charge = None

    def _stop_short(self, att, c: Combat) -> None:
        """R-19: a slider stops on the last square of its path before the defender; knights,
        kings, pawns taking diagonally and attackers that started next to it stay put."""
        if att.kind in SLIDERS:
            path = GRID.between(att.sq, c.target)
            if path:
                self._move_to(att, path[-1])

    def _direction(self, c: Combat) -> tuple[int, int]:
        (ox, oy), (tx, ty) = GRID.xy(c.origin), GRID.xy(c.target)
        return (tx > ox) - (tx < ox), (ty > oy) - (ty < oy)

    def _task_melee_end(self) -> None:
        """R-24: Spirit of Fire rests the army once its move (and charge) is over."""
        c = self.combat
        self.combat = None
        self.charge = None
        if c is None:
            return
        att = self.pieces[c.attacker]
        traits = self.traits(att) if att.sq >= 0 else ()
        if c.captured and "rest_after_capture" in traits and "cannot_rest" not in traits:
            att.rest()

    def _task_ranged_end(self) -> None:
        self.combat = None

    # -- cavalry (R-22) -----------------------------------------------------------------------
    def charge_options(self) -> list[tuple]:
        c = self.combat
        att = self.pieces[c.attacker]
        (dx, dy), out = self._direction(c), [("charge", att.sq)]
        sq = GRID.offset(att.sq, dx, dy)
        while sq is not None:
            occ = self.board[sq]
            if occ < 0:
                out.append(("charge", sq))
            else:
                if self.pieces[occ].owner != att.owner:
                    out.append(("charge", sq))
                break
            sq = GRID.offset(sq, dx, dy)
        return out

    def charge_label(self, sq: int) -> str:
        c, margin = self.combat, self.charge
        att = self.pieces[c.attacker]
        if sq == att.sq:
            return f"Stop the charge on {NAMES[sq]}"
        occ = self.board[sq]
        if occ < 0:
            return f"Charge on to {NAMES[sq]} and stop"
        q = self.pieces[occ]
        return (
            f"Charge on and attack the {q.name} on {NAMES[sq]} (power {margin - 1}, "
            f"{self.odds_words(att, q, 'melee', margin - 1)})"
        )

    def charge_on(self, sq: int) -> None:
        c, margin = self.combat, self.charge
        self.charge = None
        att = self.pieces[c.attacker]
        if sq == att.sq:
            return
        occ = self.board[sq]
        if occ < 0:
            self._move_to(att, sq)
            return
        follow = Combat(att.id, occ, att.sq, sq, sq, "melee", power=margin - 1, follow=True)
        follow.captured = True
        self.combat = follow
        self.counts["attacks"] += 1
        self.todo += [("attack_result",), ("after_roll",), ("roll",), ("before_roll",)]

    # -- words ------------------------------------------------------------------------------------
    def move_label(self, o: tuple) -> str:
        _, pid, to, promo = o
        p = self.pieces[pid]
        occ = self.board[to]
        text = f"{p.name} {NAMES[p.sq]} → {NAMES[to]}"
        if occ >= 0:
            q = self.pieces[occ]
            text = (
                f"{p.name} {NAMES[p.sq]} attacks the {q.name} on {NAMES[to]} "
                f"({self.odds_words(p, q)})"
            )
        elif p.kind == "P" and to % 8 != p.sq % 8:
            q = self.pieces[self.live_ep()[1]]
            text = (
                f"{p.name} {NAMES[p.sq]} attacks the Pawn on {NAMES[q.sq]} en passant "
                f"(→ {NAMES[to]}, {self.odds_words(p, q)})"
            )
        elif p.kind == "K" and abs(to - p.sq) == 2:
            text += " (castles)"
        if promo:
            text += f", promotes to {PIECE_NAMES[promo]}"
        return text

    def pass_label(self) -> str:
        c = self.combat
        if self.window.stack:
            return f"Let {self.window.stack[-1][1][1]} resolve"
        if c is not None and c.stage == "pre":
            if self.window.asking == self.pieces[c.attacker].owner:
                return "Roll the dice"
            return "No answer: let the attack come"
        if c is not None and c.stage == "post":
            return "Accept the roll"
        return "No answer"


@lru_cache(maxsize=4096)
def _beats(attack, defence) -> Fraction:
    return attack.compare(">", defence).probability(1)


def percent(p: Fraction) -> str:
    """A chance as people read it: whole percents, two figures below 1%."""
    value = float(p) * 100
    return f"{value:.0f}%" if value >= 1 or value == 0 else f"{value:.2g}%"


def _dice(n: int, what: str) -> str:
    return f"{n} {what} {'die' if n == 1 else 'dice'}"


def _roll_words(pair: tuple[int, int]) -> str:
    a, d = pair
    return f"attack {a} vs defence {d}: " + ("attacker wins" if a > d else "defender holds")


__all__ = ["Combat", "Combats", "MOVES"]
