"""Bots. A bot is any callable (state, seat, actions, rng) -> Action.

Bots are handed the live state for speed, and by convention read only what
`state.observation(seat)` would show that seat. `rng` is a random.Random owned by the caller,
so a seeded match or simulation makes the same bot choices every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Action
from .errors import SetupError
from .game import Game, State

Bot = Callable[[State, int, list, random.Random], Action]


def random_bot(state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """Picks uniformly among the legal actions."""
    return actions[int(rng.random() * len(actions))]


BOT_NAMES = ("random", "heuristic", "mcts")


def make_bot(spec, game: Game) -> Bot:
    """A bot from a name ("random", "heuristic", "mcts" or "mcts:<playouts>") or a callable."""
    if callable(spec):
        return spec
    if spec == "random":
        return random_bot
    if isinstance(spec, str) and (spec == "mcts" or spec.startswith("mcts:")):
        from .mcts import MCTSBot

        budget = spec.partition(":")[2]
        if budget and not budget.isdigit():
            raise SetupError(f"bot {spec!r}: write the budget as playouts, e.g. 'mcts:500'")
        return MCTSBot(iterations=int(budget) if budget else 200, traits=game.traits)
    extra = game.named_bots()
    if isinstance(spec, str) and spec in extra:
        return extra[spec]()
    if spec == "heuristic":
        bot = game.heuristic_bot()
        if bot is None:
            raise SetupError(f"{game.name} has no heuristic bot yet; use 'random' or a callable")
        return bot
    raise SetupError(
        f"unknown bot {spec!r}; use one of {', '.join(BOT_NAMES + tuple(extra))} or a callable "
        "(state, seat, actions, rng) -> Action"
    )


def make_bots(bots, game: Game, num_seats: int) -> dict[int, Bot]:
    if bots is None:
        return {}
    if isinstance(bots, str) or callable(bots):
        bots = {seat: bots for seat in range(num_seats)}
    made = {}
    for seat, spec in bots.items():
        if not isinstance(seat, int) or not 0 <= seat < num_seats:
            raise SetupError(
                f"bots: seat {seat!r} does not exist; seats are numbered 0 to {num_seats - 1}"
            )
        made[seat] = make_bot(spec, game)
    return made
