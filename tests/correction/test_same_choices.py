"""The Correction bots' shortcuts change no choice: decision by decision, the heuristic and the
rollout bot are played beside the plain algorithm they stand for (a copy of the state per
option, and a full evaluation of every position reached), and must choose the same option
and draw the same random numbers. The plain evaluation here adds and subtracts piece by
piece, in square order, as the evaluation's documentation describes, so a shortcut that
sums the same floats in another order fails too."""

from __future__ import annotations

import random

import pytest

import workbench as wb
from workbench.games.correction import bots
from workbench.games.correction import evaluate as ev
from workbench.games.correction.bots import (
    BANISH_DISCOUNT,
    DENY_DISCOUNT,
    NOISE,
    RolloutBot,
    heuristic,
)
from workbench.games.correction.catalog import HOME, SIZE, progress
from workbench.games.correction.rules import ALLOW, BANISH, DENY, OVER, RESPOND, SPAWN

VARIANTS = {
    "token_supply": 20,
    "deny_occupied": False,
    "banish": "captured",
    "knight_side_L_capture_only": True,
    "no_token_rows": "own_only",
    "spear_reach": "over",
}
# Games drawn after a few quiet turns, with a small token supply.
SHORT = {"draw_after": 3, "token_supply": 5, "no_token_rows": "goal_only"}


# -- the plain algorithm ------------------------------------------------------------------


def plain_evaluate(state, seat: int) -> float:
    if state.phase == OVER:
        if state.winner < 0:
            return 0.0
        return ev.WIN if state.winner == seat else -ev.WIN
    cat = state.cat
    total = 0.0
    counts = [0, 0]
    for at, code in enumerate(state.board):
        if code < 0:
            continue
        owner = code & 1
        v = ev.PIECE.get(cat.kinds[code >> 1], 1.5) + ev.ADVANCE[progress(owner, at)]
        total = total + v if owner == seat else total - v
        goal = HOME[1 - owner]
        if any(t // SIZE == goal for t in state.targets(at)):
            counts[owner] += 1
    cost = cat.banish_cost
    for s in (0, 1):
        held = 0.0
        for k, _ in state.reserve[s]:
            held += ev.RESERVE * ev.PIECE.get(cat.kinds[k], 1.5)
        v = held + ev.TOKEN * state.stock[s] + ev.BANISH_READY[min(state.stock[s] // cost, 2)]
        total = total + v if s == seat else total - v
    for s in (0, 1):
        n = counts[s]
        if not n:
            continue
        cover = state.stock[1 - s] // cost
        v = ev.THREAT_COVERED * min(n, cover)
        if n > cover:
            to_move = state.active == s and state.pending is None
            v += (n - cover) * (ev.THREAT_OPEN_TO_MOVE if to_move else ev.THREAT_OPEN)
        total = total + v if s == seat else total - v
    return total


def plain_reply(state, spend=False):
    options = state._options()
    if len(options) == 1:
        return options[0], None, None
    f, t = state.pending
    me = 1 - state.active
    if t // SIZE == HOME[me]:
        return (BANISH if BANISH in options else DENY if DENY in options else ALLOW), None, None
    best, best_value, best_after, best_raw = ALLOW, None, None, None
    for i, o in enumerate(options):
        c = state if spend and i == len(options) - 1 else state.clone()
        c.do(o)
        raw = value = plain_evaluate(c, me)
        if o == DENY:
            value -= DENY_DISCOUNT
        elif o == BANISH:
            value -= BANISH_DISCOUNT
        if best_value is None or value > best_value:
            best, best_value, best_after, best_raw = o, value, c, raw
    return best, best_after, -best_raw


def plain_answered(state, o):
    c = state.clone()
    c.do(o)
    if c.phase != RESPOND:
        return c, False, None
    answer, after, value = plain_reply(c, spend=True)
    if after is None:
        c.do(answer)
        return c, True, None
    return after, True, value


def plain_greedy(state, rng, noise=NOISE):
    options = state._options()
    if len(options) == 1:
        return options[0], None, False
    if state.phase == RESPOND:
        return plain_reply(state)[0], None, False
    seat = state.active
    best, best_value, best_after, best_answered = options[0], None, None, False
    for o in options:
        after, answered, value = plain_answered(state, o)
        if value is None:
            value = plain_evaluate(after, seat)
        if noise:
            value += noise * rng.random()
        if best_value is None or value > best_value:
            best, best_value, best_after, best_answered = o, value, after, answered
    return best, best_after, best_answered


def plain_heuristic(state, seat, actions, rng):
    if len(actions) == 1:
        return actions[0]
    return state._action(plain_greedy(state, rng)[0])


class PlainRollout(RolloutBot):
    """RolloutBot's choice, worked out with the plain algorithm."""

    def __call__(self, state, seat, actions, rng):
        if len(actions) == 1:
            return actions[0]
        after = []
        for o in state._options():
            first, answered, value = plain_answered(state, o)
            after.append(
                (-(plain_evaluate(first, seat) if value is None else value), o, first, answered)
            )
        liked = sorted(after, key=lambda item: item[0])
        scored = []
        for _, o, first, answered in liked[: self.width]:
            stop = (state.turn if answered else first.turn) + self.horizon
            total = 0.0
            for k in range(self.samples):
                c = first.clone()
                rollout_rng = random.Random(k) if self.noise else None
                total += self._play_on(c, seat, rollout_rng, int(answered), stop)
            scored.append((total / self.samples, o))
        top = max(v for v, _ in scored)
        near = [o for v, o in scored if v >= top - self.margin]
        return state._action(near[int(rng.random() * len(near))])

    def _play_on(self, state, seat, rng, steps, stop):
        # Without the memory: it changes no choice (test_bots), and this is the plain way.
        while state.phase != OVER and not (state.turn >= stop and state.phase == SPAWN):
            o, after, answered = plain_greedy(state, rng, self.noise)
            if after is None:
                state.do(o)
                steps += 1
            else:
                state = after
                steps += 1 + answered
        value = plain_evaluate(state, seat)
        if value >= ev.WIN:
            return value - steps
        if value <= -ev.WIN:
            return value + steps
        return value


# -- side by side -------------------------------------------------------------------------


def _record(state) -> tuple:
    return state.position(), state.last, state.first, dict(state.counts)


def _same_float(a: float, b: float) -> bool:
    return a.hex() == b.hex()


def _play_side_by_side(seed, bots, plain, rules=None, look_ahead=False) -> int:
    """One game in which every bot decision is also worked out the plain way; the number of
    bot decisions compared."""
    state = wb.play("correction", seed=seed, rules=rules).state.clone()
    rng = random.Random(seed)
    compared = 0
    while not state.over:
        for seat in (0, 1):
            assert _same_float(ev.evaluate(state, seat), plain_evaluate(state, seat)), seed
        if look_ahead:
            # The positions one decision on, which the bots' shortcuts evaluate as well.
            for o in state._options():
                c = state.clone()
                c.do(o)
                assert _same_float(ev.evaluate(c, c.active), plain_evaluate(c, c.active))
        seat = state.to_move
        actions = state.legal_actions()
        if seat not in bots:
            state.apply(actions[int(rng.random() * len(actions))])
            continue
        before = rng.getstate()
        expected = plain[seat](state.clone(), seat, actions, rng)
        drawn = rng.getstate()
        rng.setstate(before)
        record = _record(state)
        got = bots[seat](state, seat, actions, rng)
        where = f"seed {seed}, decision {compared + 1}"
        assert got == expected, where
        assert rng.getstate() == drawn, where
        assert _record(state) == record, f"{where}: the bot changed the state"
        compared += 1
        state.apply(got)
    return compared


def _positions(rules, games):
    """Every position of `games` games, the heuristic playing South and random play North."""
    for seed in range(games):
        state = wb.play("correction", seed=seed, rules=rules).state.clone()
        rng = random.Random(seed)
        while not state.over:
            yield state
            if state.to_move == 0:
                state.do(bots.greedy(state, rng))
            else:
                options = state._options()
                state.do(options[int(rng.random() * len(options))])


@pytest.mark.parametrize("rules", [None, VARIANTS, SHORT], ids=["default", "variants", "short"])
def test_positions_scored_without_being_played_score_to_the_last_bit(rules):
    """The evaluations the bots make without playing a decision out (spawns, answers to a
    declared move, moves no one may answer) give the very float of the position played out;
    a choice that happens not to change is not enough."""
    spawns = answers = moves = declarations = 0
    for state in _positions(rules, 40):
        if state.phase not in ("spawn", "move"):
            continue
        seat = state.active
        seen = ev.scan(state)
        options = state._options()
        banished = {}  # a Piece Denial's evaluation by the square of the piece (_greedy's)
        spawned = [o for o in options if o[0] == "s"]
        for o, value in zip(spawned, ev.after_spawns(state, seat, spawned, seen), strict=True):
            after = state.clone()
            after.do(o)
            assert _same_float(value, plain_evaluate(after, seat)), o
            spawns += 1
        dests = bots._destinations(state, options)
        scratch = state.clone()
        for o in options:
            if o[0] != "m":
                continue
            if o[2] // SIZE != HOME[1 - seat]:
                # As the heuristic scores it: on a copy, with the answer it expects.
                record = _record(scratch)
                answer, value = bots._declared(scratch, o, seen, dests, {})
                assert _record(scratch) == record
                after, answered, expected = plain_answered(state, o)
                if expected is None:
                    expected = plain_evaluate(after, seat)
                assert _same_float(value, expected), o
                assert (answer is not None) == answered, o
                if answered:
                    # What the heuristic gives up a declaration on: the mover does at most
                    # as well whatever the answer as when the move is allowed.
                    allowed = bots._declared(scratch, o, seen, dests, {}, float("inf"))
                    assert allowed[0] == ALLOW and value <= allowed[1], o
                    assert _record(scratch) == record
                declarations += 1
            declared = state.clone()
            declared.do(o)
            if declared.phase != RESPOND:
                assert _same_float(
                    bots._value(declared, seat, seen, o), plain_evaluate(declared, seat)
                ), o
                moves += 1
                continue
            for answer in declared._options():
                record = _record(declared)
                value = bots._answer_value(declared, answer, 1 - seat, seen)
                assert _record(declared) == record
                after = declared.clone()
                after.do(answer)
                assert _same_float(value, plain_evaluate(after, 1 - seat)), (o, answer)
                if answer == BANISH and declared.pending[1] // SIZE != HOME[1 - seat]:
                    assert _same_float(banished.setdefault(o[1], value), value), o
                answers += 1
    assert spawns > 500 and answers > 200 and moves > 20 and declarations > 300


@pytest.mark.parametrize("rules", [None, VARIANTS], ids=["default", "variants"])
def test_the_position_after_a_declaration_is_the_one_played_out(rules):
    """The heuristic remembers the answer it expects under the position a declaration
    opens a response window in, worked out without declaring; a wrong one would only be
    missed, so it is compared with the declaration played out here."""
    declared = 0
    for state in _positions(rules, 20):
        if state.phase not in ("spawn", "move"):
            continue
        for o in state._options():
            if o[0] != "m":
                continue
            after = state.clone()
            after.do(o)
            if after.phase == RESPOND:
                assert bots._declared_position(state, o) == after.position(), o
                declared += 1
    assert declared > 200


@pytest.mark.parametrize("rules", [None, VARIANTS, SHORT], ids=["default", "variants", "short"])
def test_whether_a_denied_mover_may_declare_again_is_the_played_out_one(rules):
    """The heuristic tells from the declarations listed whether the mover may declare again
    after a Move Denial (bots._destinations); here the denial is played out."""
    denials = again = 0
    for state in _positions(rules, 40):
        if state.phase not in ("spawn", "move"):
            continue
        options = state._options()
        dests = bots._destinations(state, options)
        if dests is None:
            continue
        for o in options:
            if o[0] != "m":
                continue
            declared = state.clone()
            declared.do(o)
            if declared.phase != RESPOND or DENY not in declared._options():
                continue
            declared.do(DENY)
            expected = declared.phase == "move"
            assert (len(dests[o[1] in state.spawned]) > 1) == expected, o
            denials += 1
            again += expected
    assert denials > 100 and 0 < again < denials


def test_the_heuristic_reads_only_the_listing_of_the_actions_it_is_handed():
    """The heuristic takes the decisions behind `actions` from the rules' last listing only
    when that listing is `actions` itself: here the position before is listed in between."""
    previous, compared = None, 0
    for state in _positions(None, 20):
        seat = state.to_move
        actions = state.legal_actions()
        if len(actions) > 1 and previous is not None and previous._options() != state._options():
            rng = random.Random(compared)
            expected = heuristic(state, seat, actions, rng)
            drawn = rng.getstate()
            actions = state.legal_actions()
            previous.legal_actions()
            rng = random.Random(compared)
            assert heuristic(state, seat, actions, rng) == expected
            assert rng.getstate() == drawn
            compared += 1
        previous = state.clone()
    assert compared > 300


def test_heuristic_self_play_chooses_as_the_plain_algorithm():
    both = {0: heuristic, 1: heuristic}
    plain = {0: plain_heuristic, 1: plain_heuristic}
    assert sum(_play_side_by_side(seed, both, plain) for seed in range(300)) > 5000


@pytest.mark.parametrize("rules", [None, VARIANTS, SHORT], ids=["default", "variants", "short"])
def test_heuristic_against_random_chooses_as_the_plain_algorithm(rules):
    compared = 0
    for seed in range(100):
        seat = seed % 2
        compared += _play_side_by_side(
            seed, {seat: heuristic}, {seat: plain_heuristic}, rules, look_ahead=seed < 30
        )
    assert compared > 1000


@pytest.mark.parametrize("rules", [VARIANTS, SHORT], ids=["variants", "short"])
def test_heuristic_self_play_with_variants_chooses_as_the_plain_algorithm(rules):
    both = {0: heuristic, 1: heuristic}
    plain = {0: plain_heuristic, 1: plain_heuristic}
    assert sum(_play_side_by_side(seed, both, plain, rules) for seed in range(100)) > 1000


@pytest.mark.parametrize(
    "make", [RolloutBot, lambda: RolloutBot(samples=3, noise=0.3)], ids=["rollout", "rollout-3"]
)
def test_rollout_bot_chooses_as_the_plain_algorithm(make):
    games = 3 if make is RolloutBot else 1
    compared = 0
    for seed in range(games):
        bot, plain = (
            make(),
            PlainRollout(
                **{
                    k: getattr(make(), k)
                    for k in ("horizon", "samples", "width", "noise", "margin")
                }
            ),
        )
        compared += _play_side_by_side(seed, {0: bot, 1: bot}, {0: plain, 1: plain})
    assert compared > 20


def test_the_plain_evaluation_is_the_documented_one():
    """The plain evaluation above agrees with evaluate() before any shortcut: on a position
    with pieces of both seats threatening, and with tokens and reserves."""
    from .helpers import NORTH, SOUTH, position, token

    st = position(
        [
            (SOUTH, "Knight", "c4"),
            (SOUTH, "Pawn", "a5"),
            (NORTH, "Spearman", "d3"),
            (NORTH, "Pawn", "f2"),
        ],
        stock=(3, 1),
    )
    token(st, "b6", 2)
    for seat in (SOUTH, NORTH):
        value = plain_evaluate(st, seat)
        assert _same_float(value, ev.evaluate(st, seat))
        assert _same_float(value, -plain_evaluate(st, 1 - seat))
