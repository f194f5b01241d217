"""Bots. A bot is any callable (state, seat, actions, rng) -> Action.

Bots are handed the live state for speed, and by convention read only what
`state.observation(seat)` would show that seat. `rng` is a random.Random owned by the caller,
so a seeded match or simulation makes the same bot choices every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Action
from .errors import BotError, SetupError, shortened
from .game import Game, State

Bot = Callable[[State, int, list, random.Random], Action]


def random_bot(state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """Picks uniformly among the legal actions."""
    return actions[int(rng.random() * len(actions))]


BOT_NAMES = ("random", "heuristic", "mcts")
# A search bot's name with this ending searches the true position, as if it could see every
# hand (in games with hidden information: elsewhere there is nothing to see).
OMNISCIENT = "-omniscient"
# Playouts a named search bot may make a decision: a playout takes 0.7 to 5 ms in the shipped
# games, so this is up to a minute and a half a decision, and a saved match plays every bot
# decision again when it is loaded.
MAX_PLAYOUTS = 20_000


def bot_choices(game: Game) -> list[str]:
    """The bots a game offers by name: the built-in ones, its own (`Game.named_bots`), and in
    a game with hidden information, each search bot's omniscient double for comparison."""
    names = list(BOT_NAMES) + list(game.named_bots())
    if game.traits.hidden_information:
        names += [n + OMNISCIENT for n in names if n not in ("random", "heuristic")]
    return names


def bot_name(bot) -> str:
    """How a bot is named in messages: its function or class name."""
    name = getattr(bot, "__qualname__", None) or getattr(bot, "__name__", None)
    return name or type(bot).__name__


def decide(
    bot,
    state: State,
    seat: int,
    actions: list[Action],
    rng: random.Random,
    *,
    decision: int,
    seed: int | None,
) -> Action:
    """The legal action `bot` chooses for `seat`, or BotError naming the bot, the seat, the
    decision and the game's seed: for what it returns (see checked_decision) and for any error
    it raises, which is chained so its own traceback still shows the line."""
    try:
        chosen = bot(state, seat, actions, rng)
    except Exception as exc:  # stops and time-outs are BaseExceptions: they pass through
        where = f" in the game of seed {seed}" if seed is not None else ""
        raise BotError(
            f"bot {bot_name(bot)} for seat {seat + 1} raised {type(exc).__name__} "
            f"({shortened(str(exc), 200)}) at decision {decision}{where}",
            bot=bot_name(bot),
            seat=seat,
            decision=decision,
            seed=seed,
        ) from exc
    return checked_decision(actions, chosen, bot=bot, seat=seat, decision=decision, seed=seed)


def checked_decision(
    actions: list[Action], chosen, *, bot, seat: int, decision: int, seed: int | None
) -> Action:
    """The legal action a bot meant (an Action from `actions`, an equal one, or its label),
    or BotError naming the bot, the seat, the decision and the game's seed."""
    for a in actions:  # the usual case, and the cheap one: the bot returned one of them
        if a is chosen:
            return a
    if isinstance(chosen, Action):
        for a in actions:
            if a == chosen:
                return a
    elif isinstance(chosen, str):
        from .legality import _find

        found = _find(actions, chosen)
        if found is not None:
            return found
    what = (
        "None"
        if chosen is None
        else f"'{chosen}', which is not a legal action"
        if isinstance(chosen, Action | str)
        else f"a {type(chosen).__name__} ({shortened(chosen, 60)}), not an Action or a label"
    )
    shown = ", ".join(f"'{a.label}'" for a in actions[:6])
    more = f" and {len(actions) - 6} more" if len(actions) > 6 else ""
    where = f" in the game of seed {seed}" if seed is not None else ""
    raise BotError(
        f"bot {bot_name(bot)} for seat {seat + 1} returned {what} at decision "
        f"{decision}{where}; legal actions: {shown}{more}",
        bot=bot_name(bot),
        seat=seat,
        decision=decision,
        seed=seed,
        action=chosen,
    )


def make_bot(spec, game: Game) -> Bot:
    """A bot from a name ("random", "heuristic", "mcts" or "mcts:<playouts>" up to
    MAX_PLAYOUTS, a game's own, and "<search bot>-omniscient" in a game with hidden
    information) or a callable."""
    if callable(spec):
        return spec
    if spec == "random":
        return random_bot
    fair = True
    if isinstance(spec, str) and OMNISCIENT in spec:
        base = spec.replace(OMNISCIENT, "", 1)
        if not game.traits.hidden_information:
            raise SetupError(
                f"bot {spec!r}: {game.name} has no hidden information, so its "
                f"search bots see nothing they should not; use {base!r}"
            )
        if base in ("random", "heuristic"):
            raise SetupError(f"bot {spec!r}: only search bots have an omniscient double")
        spec, fair = base, False
    if isinstance(spec, str) and (spec == "mcts" or spec.startswith("mcts:")):
        from .mcts import MCTSBot

        budget = spec.partition(":")[2]
        if budget and (not budget.isdigit() or int(budget) < 1):
            raise SetupError(
                f"bot {spec!r}: write the budget as a whole number of playouts "
                "from 1, e.g. 'mcts:500'"
            )
        playouts = int(budget) if budget else 200
        if playouts > MAX_PLAYOUTS:
            raise SetupError(
                f"bot {spec!r}: {playouts:,} playouts a decision is more than the "
                f"{MAX_PLAYOUTS:,} a named bot may make (each plays the game on, "
                "a millisecond or more); for a longer search give the bot as "
                "workbench.core.mcts.MCTSBot(iterations=...)"
            )
        return MCTSBot(iterations=playouts, traits=game.traits, fair=fair)
    extra = game.named_bots()
    if isinstance(spec, str) and spec in extra:
        # A game's search bot takes `fair` where the game hides something (README, Adding a
        # game).
        return extra[spec]() if fair else extra[spec](fair=False)
    if spec == "heuristic":
        bot = game.heuristic_bot()
        if bot is None:
            raise SetupError(f"{game.name} has no heuristic bot yet; use 'random' or a callable")
        return bot
    raise SetupError(
        f"unknown bot {spec!r}; use one of {', '.join(bot_choices(game))} or a callable "
        "(state, seat, actions, rng) -> Action"
    )


def make_bots(bots, game: Game, num_seats: int) -> dict[int, Bot]:
    if bots is None:
        return {}
    if isinstance(bots, str) or callable(bots):
        bots = {seat: bots for seat in range(num_seats)}
    if not isinstance(bots, dict):
        raise SetupError(
            f"bots: give a bot name such as 'heuristic', a callable, or a dict "
            f"of seat -> bot such as {{0: 'heuristic'}}, not {type(bots).__name__} "
            f"{shortened(bots)}"
        )
    made = {}
    for seat, spec in bots.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_seats:
            raise SetupError(
                f"bots: seat {seat!r} does not exist; seats are numbered 0 to {num_seats - 1}"
            )
        made[seat] = make_bot(spec, game)
    return made
