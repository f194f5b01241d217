"""What logged play keeps and what it rebuilds: the log written when read, positions kept every
few decisions, and the bots' generator made again by replaying quick bots."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.core import match as match_module
from workbench.core.bots import random_bot
from workbench.core.errors import BotError

GAMES = wb.list_games()


def _seed(game: str) -> int:
    """A seed whose random game lasts 20 decisions or more."""
    for seed in range(100):
        m = wb.play(game, seed=seed, bots="random")
        m.auto(max_steps=80)
        if m.decisions >= 20:
            return seed
    raise AssertionError(f"no {game} game of 20 decisions in 100 seeds")


def _full_game(game: str):
    m = wb.play(game, seed=_seed(game), bots="random")
    m.auto(max_steps=80)
    return m


@pytest.mark.parametrize("game", GAMES)
def test_the_log_read_at_the_end_is_the_log_read_at_every_step(game):
    # The odds and words of a chance point are written when the log is read: they must not
    # depend on how far the game has gone since.
    late = _full_game(game)
    early = wb.play(game, seed=_seed(game), bots="random")
    seen = early.log
    while early.decisions < late.decisions:
        early.auto(max_steps=1)
        seen = early.log
    assert seen == late.log
    assert all("text" in e for e in seen)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("keep", ["replayed", "kept"])
def test_scrubbing_replays_the_bots_generator(game, keep, monkeypatch):
    # Snapshots every 3 decisions, so undo and goto start from a kept position and replay
    # past bot decisions: made again ("replayed") or restored from their entry ("kept").
    monkeypatch.setattr(match_module, "SNAPSHOT_EVERY", 3)
    monkeypatch.setattr(
        match_module, "KEEP_BOT_STATE_AFTER", float("inf") if keep == "replayed" else -1.0
    )
    whole = _full_game(game)
    n = whole.decisions
    for point in (n - 1, n // 2, 7, 1, 0, n // 3):
        m = _full_game(game)
        m.goto(point)
        m.auto(max_steps=n - point)
        assert m.log == whole.log, point
        m.goto(point + 1)
        m.undo()
        m.redo()
        m.goto(n)
        assert m.log == whole.log, point


@pytest.mark.parametrize("game", GAMES)
def test_a_failing_bot_leaves_the_bots_generator_as_it_was(game):
    expected = _full_game(game)

    def draws_then_fails(state, seat, actions, rng):
        rng.random()
        rng.random()
        return "not an action"

    m = wb.play(game, seed=_seed(game), bots="random")
    m.auto(max_steps=5)
    mover = m.to_move
    m.bots[mover] = draws_then_fails
    with pytest.raises(BotError):
        m.bot_step()
    m.bots[mover] = random_bot
    m.auto(max_steps=80 - m.decisions)
    assert m.log == expected.log
