"""Checks every registered game must pass: playouts end, the same seed gives the same game,
saved matches replay exactly, and why_illegal agrees with legal_actions."""

from __future__ import annotations

import importlib
import json
import random

import pytest

import workbench as wb
from workbench.core import TERMINAL, Action, GameSpec, Result, View, get_game, why_illegal
from workbench.core.rulesdoc import rules_document
from workbench.core.view import problems

GAMES = wb.list_games()
SEEDS = range(12)


def test_games_are_registered():
    assert "coop" in GAMES


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_spec(game):
    g = get_game(game)
    spec = g.spec
    assert isinstance(spec, GameSpec) and spec.name == game and spec.title
    low, high = spec.seats
    assert 1 <= low <= high
    setup = g.check_setup({})
    assert set(setup) == {o.key for o in spec.options}
    assert low <= g.num_seats(setup) <= high
    assert len(g.seat_names(setup)) == g.num_seats(setup)
    assert spec.max_decisions > 0 and spec.rules_file.endswith(".md")
    # The traits are true of the states: a scored game's states have a score in [0, 1], a
    # game that can stall says whether it has.
    state = g.new_state(g.load_cards(), g.default_rules(), setup)
    if spec.traits.scored:
        assert all(0 <= state.score(s) <= 1 for s in range(g.num_seats(setup)))
    if spec.traits.can_stall:
        assert state.stalled() is False
    if spec.traits.turn_limit:
        assert spec.variant(spec.traits.turn_limit).key == spec.traits.turn_limit
    if spec.traits.sides:  # one side a seat, each a name
        sides = setup[spec.traits.sides]
        assert len(sides) == g.num_seats(setup) and all(isinstance(x, str) for x in sides)


def check_views(game: str, state, seats: int) -> None:
    """Every seat's view (and a spectator's) is a well-formed typed View that travels as
    JSON, and a face-down card carries nothing of the card it hides."""
    for seat in [*range(seats), None]:
        view = state.view(seat)
        assert isinstance(view, View), f"{game}: view({seat}) is not a View"
        assert problems(view) == [], problems(view)
        data = json.loads(json.dumps(view.to_json()))
        for zone in data["zones"]:
            for card in zone["cards"]:
                if card.get("hidden"):
                    assert set(card) == {"hidden", "kind", "tags"}


@pytest.mark.parametrize("game", GAMES)
def test_every_variant_is_declared_with_a_valid_default(game):
    g = get_game(game)
    assert g.variants, "every game declares its RESOLUTION keys as variants"
    for v in g.variants:
        assert v.key.count(".") == 1
        assert v.check(v.default) == v.default
        if v.choices:
            assert v.default in v.choices


def _cited_rules(game: str, seeds=range(4)) -> set[str]:
    """Every rule a game cites: its variants', and explain()'s for every action a person
    might try and may not, over random playouts."""
    g = get_game(game)
    cited = {v.rule for v in g.variants}
    for seed in seeds:
        match = wb.play(game, seed=seed)
        rng = random.Random(seed)
        while not match.over and match.decisions < 400:
            state, legal = match.state, match.legal_actions()
            cited.update(
                state.explain(c)[0]
                for c in match.candidates()
                if c not in legal and state.explain(c) is not None
            )
            match.step(rng.choice(legal))
    return cited


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_game_cites_is_in_its_rules_document(game):
    g = get_game(game)
    path = g.rules_path()
    assert path is not None and path.parent.name == game, "the rules ship in the package"
    doc = rules_document(path)
    cited = _cited_rules(game)
    missing = sorted(r for r in cited if r not in doc)
    assert missing == [], f"{game} cites rules its document does not have: {missing}"
    text = path.read_text(encoding="utf-8")
    assert [v.key for v in g.variants if v.key not in text] == [], "every variant is documented"
    assert wb.rules_text(game, next(iter(sorted(cited)))) == doc.text(sorted(cited)[0])


def _random_walk(game: str, seed: int, rules=None, check_every=1):
    """Play a whole game with random choices, checking invariants at every decision."""
    g = get_game(game)
    match = wb.play(game, seed=seed, rules=rules)
    rng = random.Random(seed)
    steps = 0
    while not match.over and steps < g.max_decisions:
        state = match.state
        assert state.to_move >= 0
        legal = match.legal_actions()
        assert legal, "a seat asked to decide must have at least one legal action"
        labels = [a.label for a in legal]
        assert len(set(labels)) == len(labels), f"labels must be unique: {labels}"
        keys = [(a.kind, a.args) for a in legal]
        assert len(set(keys)) == len(keys), f"keys must be unique: {keys}"
        if steps % check_every == 0:
            check_views(game, state, match.seats)
            for a in legal:
                assert why_illegal(state, a) is None
                assert match.why_illegal(a.label) is None
            for c in match.candidates():
                legal_now = c in legal
                assert (why_illegal(state, c) is None) == legal_now
            check_invariants(game, match)
        match.step(rng.choice(legal))
        steps += 1
    return match, steps


def check_invariants(game: str, match):
    """A game's own invariants live in tests/<game>/invariants.py as check(state)."""
    try:
        module = importlib.import_module(f"tests.{game}.invariants")
    except ModuleNotFoundError:
        pytest.fail(f"tests/{game}/invariants.py with check(state) is missing")
    module.check(match.state)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_end_and_keep_invariants(game, seed):
    match, steps = _random_walk(game, seed, check_every=3)
    assert match.over, f"seed {seed}: no end after {steps} decisions"
    result = match.result
    assert isinstance(result, Result) and problems(result, "result") == []
    assert all(0 <= s < match.seats for s in result.winners)
    if get_game(game).traits.cooperative:
        assert result.winners in ((), tuple(range(match.seats)))
    check_views(game, match.state, match.seats)
    stats = json.loads(json.dumps(match.state.stats()))
    assert all(isinstance(k, str) for k in stats)
    assert match.state.to_move == TERMINAL
    assert match.legal_actions() == []


@pytest.mark.parametrize("game", GAMES)
def test_every_variant_value_plays_to_the_end(game):
    g = get_game(game)
    for v in g.variants:
        for value in v.choices or ():
            if value == v.default:
                continue
            match, _ = _random_walk(game, 3, rules={v.key: value}, check_every=50)
            assert match.over or match.decisions >= g.max_decisions, v.key


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_log(game):
    a = wb.play(game, seed=5, bots="random")
    b = wb.play(game, seed=5, bots="random")
    a.auto()
    b.auto()
    assert a.log == b.log
    c = wb.play(game, seed=6, bots="random")
    c.auto()
    assert c.log != a.log


@pytest.mark.parametrize("game", GAMES)
def test_simulate_replays_as_a_match(game):
    frame = wb.simulate(game, 5, seed=11)
    for row in frame.iter_rows(named=True):
        m = wb.play(game, seed=row["seed"], bots="random")
        m.auto()
        assert m.result.outcome == row["outcome"]
        assert m.decisions == row["length"]


@pytest.mark.parametrize("game", GAMES)
def test_json_round_trip_replays_identically(game):
    m = wb.play(game, seed=2, bots="random")
    m.auto(max_steps=60)
    text = m.to_json()
    back = wb.load_match(text)
    assert back.log == m.log
    assert back.observation() == m.observation()
    assert back.to_json() == text
    # The loaded match continues exactly as the original does.
    m.auto()
    back.auto()
    assert back.log == m.log


@pytest.mark.parametrize("game", GAMES)
def test_undo_redo_and_timeline(game):
    for seed in range(100):  # a game long enough to scrub around in
        m = wb.play(game, seed=seed, bots="random")
        m.auto(max_steps=25)
        if m.decisions >= 8:
            break
    log_before = m.log
    obs_before = m.observation()
    n = m.decisions
    assert m.undo()
    assert m.decisions == n - 1
    assert m.redo()
    assert m.log == log_before and m.observation() == obs_before
    m.goto(3)
    assert m.decisions == 3
    m.goto(n)
    assert m.log == log_before
    # Scrub back and let the bots decide again: the same game (chance depends on the seed and
    # the decisions only, and bots' generators are restored).
    m.goto(n // 2)
    m.auto(max_steps=n - n // 2)
    assert m.log == log_before
    # A different decision at some earlier point starts a new branch and clears redo.
    for point in range(n - 1, -1, -1):
        m.goto(point + 1)
        taken = [e for e in m.log if e["kind"] == "action"][-1]["label"]
        m.undo()
        others = [a for a in m.legal_actions() if a.label != taken]
        if others:
            break
    assert others, "some decision in the game had a choice"
    m.step(others[0])
    assert m.timeline_length == m.decisions == point + 1
    assert [e for e in m.log if e["kind"] == "action"][-1]["label"] != taken


@pytest.mark.parametrize("game", GAMES)
def test_illegal_actions_raise_with_reason(game):
    m = wb.play(game, seed=1)
    with pytest.raises(wb.IllegalAction) as err:
        m.step("this is not an action")
    assert "no action called" in str(err.value)
    bogus = Action("no such kind", (1, 2))
    assert m.why_illegal(bogus) is not None
    with pytest.raises(wb.IllegalAction):
        m.step(bogus)
    if m.seats > 1:  # a one-seat game has no other seat to ask
        other = (m.to_move + 1) % m.seats
        reason = m.why_illegal(m.legal_actions()[0], seat=other)
        assert reason and "decision" in reason


@pytest.mark.parametrize("game", GAMES)
def test_simulate_is_reproducible(game):
    a = wb.simulate(game, 40, seed=0)
    b = wb.simulate(game, 40, seed=0)
    assert a.equals(b)
    assert {"seed", "outcome", "length"} <= set(a.columns)
    assert a.height == 40
    assert not a.equals(wb.simulate(game, 40, seed=1))


@pytest.mark.parametrize("game", GAMES)
def test_chance_points_have_exact_probabilities(game):
    m = wb.play(game, seed=0, bots="random")
    m.auto(max_steps=40)
    chance_entries = [e for e in m.log if e["kind"] == "chance"]
    assert chance_entries
    from fractions import Fraction

    for e in chance_entries:
        p = Fraction(e["p"])
        assert 0 < p <= 1


def test_bad_saved_matches_name_the_problem():
    m = wb.play("coop", seed=2, bots="random")
    m.auto(max_steps=20)
    data = json.loads(m.to_json())
    with pytest.raises(wb.MatchFileError, match="invalid JSON"):
        wb.load_match("{not json")
    with pytest.raises(wb.MatchFileError, match="format"):
        wb.load_match(json.dumps({"hello": 1}))
    with pytest.raises(wb.MatchFileError, match="version"):
        wb.load_match(json.dumps({**data, "version": 99}))
    with pytest.raises(wb.MatchFileError, match="no game"):
        wb.load_match(json.dumps({**data, "game": "chess"}))
    broken = json.loads(json.dumps(data))
    idx = next(i for i, h in enumerate(broken["history"]) if "action" in h)
    broken["history"][idx]["action"] = {"kind": "attack", "args": [9, 99]}
    with pytest.raises(wb.MatchFileError, match=f"step {idx}"):
        wb.load_match(json.dumps(broken))
    with pytest.raises(wb.MatchFileError, match="step 0: each history entry"):
        wb.load_match(json.dumps({**data, "history": [5]}))
    broken = json.loads(json.dumps(data))
    idx = next(i for i, h in enumerate(broken["history"]) if "chance" in h)
    broken["history"][idx]["chance"] = "no such outcome"
    with pytest.raises(wb.MatchFileError, match="not a possible result"):
        wb.load_match(json.dumps(broken))
