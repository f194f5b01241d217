"""Restricted play: a bot that never plays what it is told not to.

How much a seat loses when it may not play a card measures what the card is worth to it
(Jaffe et al. 2012, "Evaluating competitive game balance with restricted play"): a card a
seat wins as often without is never worth playing, one without which it collapses carries
the seat. The restricted bot is the game's own bot choosing among the legal actions whose
`Game.ban_name` is not banned; when every legal action is banned it must still act, and
chooses among them all (a forced play is not a broken rule).

A kernel that learns ban lists (see `unbanned`) copies `allowed`: it moves the rows a banned
seat may choose to the front, in order, and its bot chooses among them. Such a kernel copies
this module (core/stamps.py), so a change here makes its stamp stale.
"""

from __future__ import annotations

import random

from .actions import Action
from .game import State


class BannedBot:
    """The bot `bot` (a name `bots=` takes, "heuristic" by default) of `game` (a Game or its
    registered name), never playing an action whose ban name is in `banned`. The bot itself
    is made where it plays, so this pickles to worker processes and Dask as a Batch does
    (the Game travels with it: a game written in a notebook plays in fresh workers too)."""

    def __init__(self, game: str, banned, bot: str = "heuristic"):
        from .errors import SetupError
        from .registry import get_game

        if isinstance(banned, str):
            banned = (banned,)
        self.game, self.banned, self.bot = get_game(game), frozenset(banned), bot
        if not all(isinstance(b, str) for b in self.banned):
            raise SetupError(
                f"banned: give names (strings) of what the bot may not play, "
                f"not {sorted(map(repr, self.banned))}"
            )
        self._made = None
        self._parts()  # an unknown bot is named here, not in a worker

    def __getstate__(self):
        return {"game": self.game, "banned": self.banned, "bot": self.bot}

    def __setstate__(self, state):
        self.__dict__.update(state, _made=None)

    def __repr__(self) -> str:
        return f"BannedBot({self.game.name!r}, {sorted(self.banned)!r}, bot={self.bot!r})"

    def _parts(self):
        if self._made is None:
            from .bots import make_bot

            self._made = (self.game, make_bot(self.bot, self.game))
        return self._made

    def allowed(self, state: State, actions: list[Action]) -> list[Action]:
        """The actions the bot may choose among: the legal ones not banned, or all of them
        when every one is."""
        game, _ = self._parts()
        kept = [a for a in actions if game.ban_name(state, a) not in self.banned]
        return kept or actions

    def __call__(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> Action:
        _, bot = self._parts()
        allowed = self.allowed(state, actions)
        try:
            chosen = bot(state, seat, allowed, rng)
        except Exception:  # noqa: BLE001 - a bot written for the full list may not cope
            # A heuristic may count on an action it always has (a way to end the turn) being
            # offered: it chooses from the full list, and a banned choice is replaced below.
            chosen = bot(state, seat, actions, rng)
        if isinstance(chosen, str):  # a bot may answer with a label, as Match.auto takes
            chosen = next((a for a in allowed if a.label == chosen), chosen)
        if chosen in allowed:
            return chosen
        # A bot that looked past the list it was given (at the state's own legal actions)
        # chose a banned one: the restriction holds, so another allowed action is taken.
        return allowed[int(rng.random() * len(allowed))]


def unbanned(bots: dict) -> tuple[dict, dict[int, frozenset]]:
    """(each seat's bot, a BannedBot replaced by the bot it restricts; {seat: its banned
    names}) for a kernel that learns ban lists. The kernel must also copy the fallback: its
    bot chooses among the allowed actions, and among all when every one is banned. A bot that
    might not cope with a shortened list (BannedBot.__call__'s fallback) is one the kernel
    does not copy, so its batch goes to the rules engine."""
    plain, banned = {}, {}
    for seat, bot in bots.items():
        if isinstance(bot, BannedBot):
            plain[seat] = bot._parts()[1]
            banned[seat] = bot.banned
        else:
            plain[seat] = bot
    return plain, banned
