"""Search that plays fair in games with hidden information: `State.determinize(seat)` deals
again what the seat cannot see, and the search bots search such copies (core/mcts.py,
core/lookahead.py, Armies' rollout). Checked for every game whose spec says it hides
something: the seat's view is unchanged, the copy plays on to the end, the hidden parts vary,
and a fair bot's choice does not depend on the true hidden cards."""

from __future__ import annotations

import random

import pytest

import workbench as wb
from workbench.core import CHANCE, TERMINAL, get_game
from workbench.core.bots import bot_choices, make_bot, random_bot
from workbench.core.lookahead import LookaheadBot
from workbench.core.mcts import MCTSBot

HIDDEN = [g for g in wb.list_games() if get_game(g).traits.hidden_information]
OPEN = [g for g in wb.list_games() if not get_game(g).traits.hidden_information]


def test_the_games_that_hide_something():
    assert HIDDEN == ["armies", "location_ccg", "rpg_card_battle", "squad_combat"]


def positions(game: str, seeds=range(4), every: int = 9, most: int = 8):
    """Positions of random games where a seat is to decide, a few per game."""
    for seed in seeds:
        m = wb.play(game, seed=seed, bots="random")
        found = 0
        while not m.over and found < most:
            m.auto(max_steps=every)
            if m.to_move is not None:
                found += 1
                yield m.state, m.to_move


def free(state, seat) -> bool:
    """Whether more than one dealing of the unseen cards is possible."""
    for deck, *cards in state.unseen(seat):
        pool = set(deck.counts) | {c for held in cards for c in held}
        if len(pool) > 1 and any(cards):
            return True
    return False


def play_out(state, rng, limit):
    for _ in range(limit):
        mover = state.to_move
        if mover == TERMINAL:
            return True
        if mover == CHANCE:
            state.apply_chance(state.chance().dist.pick(rng.random()))
        else:
            state.apply(random_bot(state, mover, state.legal_actions(), rng))
    return state.to_move == TERMINAL


@pytest.mark.parametrize("game", HIDDEN)
def test_a_dealing_keeps_the_seats_view_and_plays_to_the_end(game):
    g = get_game(game)
    rng = random.Random(0)
    varied = 0
    for state, seat in positions(game):
        before = state.view(seat)
        others = set()
        for k in range(12):
            copy = state.determinize(seat, rng)
            assert copy is not state and copy.view(seat) == before
            assert state.view(seat) == before  # the position itself is untouched
            # What the seat cannot see, as this dealing has it.
            others.add(repr([[list(held) for held in cards] for _, *cards in copy.unseen(seat)]))
            if k == 0:
                assert play_out(copy, rng, g.max_decisions), f"{game}: a dealing did not end"
        if free(state, seat):
            assert len(others) > 1, f"{game}: twelve dealings of what the seat cannot see agree"
            varied += 1
    assert varied or game == "rpg_card_battle"  # (its secret picks: tests/rpg_card_battle)


@pytest.mark.parametrize("game", OPEN)
def test_a_game_that_hides_nothing_deals_an_exact_copy(game):
    m = wb.play(game, seed=1, bots="random")
    m.auto(max_steps=20)
    state = m.state
    seat = m.to_move if m.to_move is not None else 0
    assert state.unseen(seat) == []
    copy = state.determinize(seat, random.Random(0))
    assert copy is not state and copy.view(None) == state.view(None)


def twins(game: str):
    """Pairs of positions that look the same to the seat to move: the second has what the
    seat cannot see dealt again."""
    for state, seat in positions(game, seeds=range(2), every=13, most=3):
        twin = state.determinize(seat, random.Random(99))
        if twin.observation(seat) == state.observation(seat):
            yield state, twin, seat


@pytest.mark.parametrize("game", HIDDEN)
def test_a_fair_bot_decides_the_same_whatever_the_hidden_cards(game):
    g = get_game(game)
    bots = [MCTSBot(iterations=25, traits=g.traits)]
    ladder = dict(g.bot_ladder())
    bots.append(next(b for name, b in reversed(ladder.items()) if not isinstance(b, str)))
    checked = 0
    for state, twin, seat in twins(game):
        actions = state.legal_actions()
        assert [a.label for a in twin.legal_actions()] == [a.label for a in actions]
        for bot in bots:
            mine = bot(state, seat, actions, random.Random(5))
            theirs = bot(twin, seat, twin.legal_actions(), random.Random(5))
            assert mine.label == theirs.label, f"{game}: {bot!r} chose by the hidden cards"
        checked += 1
    assert checked


def test_an_omniscient_bot_reads_what_a_fair_one_cannot():
    # RPG Card Battle: Seat 2 answers Seat 1's secret pick. Dealt again, the pick differs;
    # the omniscient search reads it, the fair one cannot.
    g = get_game("rpg_card_battle")
    seen = MCTSBot(iterations=40, traits=g.traits, fair=False)
    fair = MCTSBot(iterations=40, traits=g.traits)
    moved = picked = 0
    for seed in range(6):
        m = wb.play("rpg_card_battle", seed=seed, bots="random")
        for _ in range(4):
            while m.to_move != 1:
                m.auto(max_steps=1)
            state = m.state
            twin = state.determinize(1, random.Random(seed))
            if twin.players[0].choice == state.players[0].choice:
                m.auto(max_steps=1)
                continue
            picked += 1
            actions = state.legal_actions()

            def choose(bot, position):
                return bot(position, 1, position.legal_actions(), random.Random(7)).label

            assert choose(fair, state) == choose(fair, twin)
            moved += choose(seen, state) != choose(seen, twin)
            assert [a.label for a in twin.legal_actions()] == [a.label for a in actions]
            m.auto(max_steps=1)
    assert picked >= 10 and moved >= 1, (picked, moved)


@pytest.mark.parametrize("game", HIDDEN)
def test_search_bots_have_omniscient_doubles_by_name(game):
    g = get_game(game)
    names = bot_choices(g)
    assert "mcts-omniscient" in names
    for name in names:
        bot = make_bot(name if "mcts" not in name else name + ":5", g)
        fair = getattr(bot, "fair", None)
        if name.endswith("-omniscient"):
            assert fair is False
        elif name not in ("random", "heuristic"):
            assert fair is True, name


def test_an_omniscient_double_only_where_something_is_hidden():
    with pytest.raises(wb.SetupError, match="no hidden information"):
        make_bot("mcts-omniscient", get_game("correction"))
    with pytest.raises(wb.SetupError, match="only search bots"):
        make_bot("heuristic-omniscient", get_game("armies"))


@pytest.mark.parametrize("game", wb.list_games())
def test_every_game_has_a_bot_ladder(game):
    ladder = get_game(game).bot_ladder()
    names = [name for name, _ in ladder]
    assert names[0] == "random" and len(names) == len(set(names)) >= 3
    g = get_game(game)
    for _, bot in ladder:
        made = make_bot(bot, g)
        assert callable(made)
        if g.traits.hidden_information and isinstance(made, LookaheadBot | MCTSBot):
            assert made.fair
