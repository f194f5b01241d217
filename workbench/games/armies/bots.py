"""Bots for Armies: a greedy heuristic that scores each option by what it gains at once, and
the evaluation search bots read (`ArmiesState.score`).

The heuristic reads the whole board (which both players see) and its own hand; it never looks
at the opponent's hand or deck. It draws on `rng` only to break near ties, so a seeded match
replays exactly.
"""

from __future__ import annotations

import math
import random

from ...core import CHANCE, TERMINAL
from ...dice.contests import armies_rolls
from .moves import MOVES, forward
from .vocab import DOMAINS

VALUE = {"P": 1.0, "N": 3.0, "B": 3.0, "R": 5.0, "Q": 9.0, "K": 0.0}
GENERAL_POINT = 4.0  # a point of the General's max skill: one more lost battle survived
CENTRE = (27, 28, 35, 36)


def army_value(state, p) -> float:
    """What an army is worth: its piece, its cards and its skill."""
    if p.kind == "K":
        return GENERAL_POINT * sum(p.maxs)
    return VALUE[p.kind] + 0.6 * (state.offense(p) + state.defense(p)) + 0.5 * sum(p.maxs)


def evaluate(state, seat: int) -> float:
    """A number in [0, 1]: above one half when `seat` is ahead on material, cards and skill."""
    result = state.result()
    if result is not None:
        return 0.5 if not result.winners else float(seat in result.winners)
    balance = 0.0
    for p in state.pieces:
        if p.sq >= 0:
            balance += army_value(state, p) if p.owner == seat else -army_value(state, p)
    balance += 0.3 * (len(state.hands[seat]) - len(state.hands[1 - seat]))
    try:
        return 1 / (1 + math.exp(-balance / 12))
    except OverflowError:  # far behind: the kernel's arithmetic (exp is inf) gives 0 here
        return 0.0


def p_win(state, att, dfd, *, ranged_power: int | None = None, charge: bool = False) -> float:
    """The chance an attack by `att` on `dfd` succeeds, as the rules roll it: a ranged attack
    of power `ranged_power`, or with `charge` a cavalry charge's follow-up of that power (Bows
    and Knives doubles a ranged attack's, not a charge's: combat.attack_rolls)."""
    if ranged_power is not None:
        bows = not charge and state.controls(att.owner, "bows_and_knives")
        attack, defence = armies_rolls(
            0, state.defense(dfd), ranged=True, power=ranged_power, bows_and_knives=bows
        )
    else:
        attack, defence = armies_rolls(state.offense(att), state.defense(dfd))
    return float(attack.compare(">", defence).probability(1))


def _threatened_by_enemy(state, seat: int) -> set[int]:
    """Squares the opponent could attack next turn (king-like General)."""
    out = set()
    for p in state.pieces:
        if p.owner != seat and p.sq >= 0:
            out.update(MOVES.threats(p.kind, p.sq, state.board, forward=forward(p.owner)))
    return out


def score_option(state, seat: int, o: tuple, danger: set[int]) -> float:
    kind = o[0]
    if kind == "end":
        return 0.0
    if kind == "pass":
        return 0.0
    if kind == "move":
        return _score_move(state, seat, o, danger)
    if kind == "play":
        return _score_play(state, seat, o)
    if kind == "ability":
        return _score_ability(state, seat, o)
    if kind == "rest":
        p = state.pieces[o[1]]
        return 0.2 + sum(p.maxs) - sum(p.cur) + (2.0 if p.leader and not p.ready else 0.0)
    if kind == "pay":
        # Spend the General's points last: they pay for the cards to come.
        given = sum(o[1])
        return -given if state.pieces[state.paying[2].asking].kind == "K" else given
    if kind == "charge":
        c, margin = state.combat, state.charge
        occ = state.board[o[1]]
        if occ < 0:
            return 0.1 if o[1] not in danger else -0.5
        dfd = state.pieces[occ]
        return (
            p_win(state, state.pieces[c.attacker], dfd, ranged_power=margin - 1, charge=True)
            * (army_value(state, dfd) + 1)
            - 1
        )
    if kind == "lose":
        general = state.general(seat)
        return general.maxs[o[1]]  # give up the domain it has most of
    return 0.0


def _score_move(state, seat, o, danger) -> float:
    _, pid, to, promo = o
    p = state.pieces[pid]
    occ = state.board[to]
    value = 0.05 if to in CENTRE else 0.0
    if promo:
        value += {"Q": 8.0, "R": 4.0, "B": 2.0, "N": 2.0}[promo]
    if occ >= 0:
        dfd = state.pieces[occ]
        win = p_win(state, p, dfd)
        gain = 3 * GENERAL_POINT if dfd.kind == "K" else army_value(state, dfd)
        value += win * gain - (1 - win) * 0.3 * army_value(state, p) + 0.5
    elif p.kind == "P" and to % 8 != p.sq % 8:  # en passant
        value += 1.0
    if to in danger and p.kind != "K":
        value -= 0.6 * army_value(state, p)
    if p.sq in danger and to not in danger and p.kind != "K":
        value += 0.5 * army_value(state, p)
    if p.kind == "K":
        value -= 0.3  # the General is safest at home early on
    return value


def _score_play(state, seat, o) -> float:
    _, name, pid, _, tpid, extra = o
    card = state.cat.cards[name]
    q = state.pieces[tpid] if tpid >= 0 else None
    p = state.pieces[pid] if pid >= 0 else None
    if q is not None and q is not p and state.cloaked(q, card.klass == "leader"):
        return -5.0  # it would fail
    if card.type in ("leader", "boon", "curse", "training", "strategy"):
        return _score_card(state, seat, card, q)
    return _score_maneuver(state, seat, card, p, q, extra)


def _score_card(state, seat, card, q) -> float:
    """A Leader, Boon, Curse, Training or Strategy card."""
    effects, kind = card.effects, card.type
    if kind == "leader":
        bonus = card.offense + card.defense
        if "cavalry" in card.traits:
            bonus += 4 if q.kind in "BRQ" else -6
        return 1.0 + bonus + VALUE[q.kind] * 0.3
    if kind == "boon":
        return 1.5 + card.offense + card.defense + VALUE[q.kind] * 0.2
    if kind == "curse":
        return 1.0 + army_value(state, q) * 0.5
    if kind == "training":
        d = DOMAINS.index(effects["train"])
        general = q.kind == "K"
        return (
            3.0
            + (1.5 if general else 0.0)
            + (0.5 if q.maxs[d] else 0.0)
            + (1.0 if card.abilities else 0.0)
        )
    # A Strategy.
    if "unfavorable_war" in effects:
        mine, theirs = sum(state.general(seat).maxs), sum(state.general(1 - seat).maxs)
        return 2.0 if mine > theirs + 1 else -3.0
    if "double_march" in effects:
        return 0.5
    return 1.5


def _score_maneuver(state, seat, card, p, q, extra) -> float:
    """A Maneuver or Technique, by its effect."""
    effects = card.effects
    if "ranged" in effects:
        win = p_win(state, p, q, ranged_power=effects["ranged"])
        gain = 3 * GENERAL_POINT if q.kind == "K" else army_value(state, q)
        return win * gain
    if "remove_army" in effects:
        return army_value(state, q) - 2.0
    if "defend" in effects:
        return 1.0 + army_value(state, q) * 0.5
    if "ambush" in effects:
        return army_value(state, q) * 0.6
    if "cancel" in effects:
        target = state.cat.cards[state.window.stack[extra][1][1]]
        return 2.0 if target.type in ("curse", "maneuver") else 0.5
    if "draw" in effects:
        return 1.0
    if "hope" in effects:
        x = state.threatening(p.sq, 1 - seat) - state.threatening(p.sq, seat, exclude=p.id)
        return x - 1.0
    if "spend_threatened_leaders" in effects:
        return (
            sum(
                1.0
                for sq in state.card_threats(p)
                if state.board[sq] >= 0
                and state.pieces[state.board[sq]].owner != seat
                and state.pieces[state.board[sq]].ready
            )
            - 0.5
        )
    if "ready_leader" in effects:
        return 1.0
    return 0.0


def _score_ability(state, seat, o) -> float:
    _, aid, pid, _, tpid, _ = o
    a = state.ability(aid)
    if a.effect == "ranged":
        q = state.pieces[tpid]
        win = p_win(state, state.pieces[pid], q, ranged_power=a.amount)
        return win * (3 * GENERAL_POINT if q.kind == "K" else army_value(state, q)) - 0.5
    if a.effect == "offense":
        c = state.combat
        return (
            0.5 if c is not None and c.attacker == pid and a.extra != "sacrifice_leader" else -1.0
        )
    if a.effect == "stop_move":
        return 1.5
    if a.effect == "skip_war":
        return 3.0 if sum(state.general(seat).maxs) <= 2 else -1.0
    if a.effect == "destroy_curse":
        return -0.5
    return 0.0


def heuristic(state, seat, actions, rng):
    """Greedy: the option among `actions` that scores best now, near ties broken at random."""
    if len(actions) == 1:
        return actions[0]
    options = state._options()
    if len(options) != len(actions):  # a shortened list (a BannedBot's): only its options
        given = set(actions)
        options = [o for o in options if state.action(o) in given]
    danger = _threatened_by_enemy(state, seat) if state.phase == "step" else set()
    best, best_value = 0, None
    for i, o in enumerate(options):
        value = score_option(state, seat, o, danger) + 0.01 * rng.random()
        if best_value is None or value > best_value:
            best, best_value = i, value
    return state.action(options[best])


class RolloutBot:
    """Rollout search: at each decision of its own turn's steps, the `width` options the
    heuristic likes best are each played on by the heuristic for both seats (chance drawn from
    generators seeded by sample number) until `turns` more turns have begun or the game ends;
    the option whose positions score best on average is chosen. Answers inside response
    windows, payments and charges are left to the heuristic. Slower than the heuristic by about
    the width times the decisions in `turns` turns; stronger because it sees the reply.

    Fair by default: sample k plays every option on from one `determinize(seat)` of the
    position (the opponent's hand and deck dealt again from what it could hold), not from the
    true one; `fair=False` ("rollout-omniscient") sees the opponent's hand."""

    def __init__(self, width: int = 4, turns: int = 2, samples: int = 1, fair: bool = True):
        for name, value in (("width", width), ("turns", turns), ("samples", samples)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"RolloutBot {name} must be a whole number from 1, not {value!r}")
        self.width, self.turns, self.samples, self.fair = width, turns, samples, fair

    def __repr__(self) -> str:
        return (
            f"RolloutBot(width={self.width}, turns={self.turns}, samples={self.samples}, "
            f"{'fair' if self.fair else 'sees the whole state'})"
        )

    def __call__(self, state, seat, actions, rng):
        if len(actions) == 1 or state.phase != "step":
            return heuristic(state, seat, actions, rng)
        options = state._options()
        danger = _threatened_by_enemy(state, seat)
        ranked = sorted(
            range(len(options)), key=lambda i: -score_option(state, seat, options[i], danger)
        )
        best, best_value = ranked[0], None
        # Sample k's position, shared by every option: one dealing of what the seat cannot
        # see, or the true position.
        starts = [
            state.determinize(seat, random.Random(f"deal {k}")) if self.fair else state
            for k in range(self.samples)
        ]
        for i in ranked[: self.width]:
            total = 0.0
            for k in range(self.samples):
                c = starts[k].clone()
                c.do(options[i])
                total += self._play_on(c, seat, state.turn + self.turns, random.Random(k))
            value = total / self.samples + 0.001 * rng.random()
            if best_value is None or value > best_value:
                best, best_value = i, value
        return state.action(options[best])

    def _play_on(self, state, seat: int, stop: int, rng) -> float:
        for _ in range(2_000):
            mover = state.to_move
            if mover == TERMINAL or state.turn >= stop:
                break
            if mover == CHANCE:
                state.apply_chance(state.chance().dist.pick(rng.random()))
                continue
            options = state._options()
            danger = _threatened_by_enemy(state, mover) if state.phase == "step" else set()
            state.do(max(options, key=lambda o: score_option(state, mover, o, danger)))
        return evaluate(state, seat)
