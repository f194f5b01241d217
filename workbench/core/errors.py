"""Named errors. Each one is a ValueError so callers can catch bad input in one place."""

from __future__ import annotations


def shortened(value, longest: int = 80) -> str:
    """What an error quotes of a value it was given: a megabyte of text is named, not echoed."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) <= longest:
        return text
    return f"{text[: longest - 3]}... ({len(text):,} characters)"


class IllegalAction(ValueError):
    """An action the rules do not allow now.

    `rule` names the rule that forbids it (e.g. "R-27"), `reason` says why in plain words.
    """

    def __init__(self, reason: str, *, rule: str | None = None, action=None):
        self.reason = reason
        self.rule = rule
        self.action = action
        where = f" [{rule}]" if rule else ""
        super().__init__(f"{reason}{where}")


class UnknownGame(ValueError):
    """A game name that is not registered."""


class SetupError(ValueError):
    """A setup option, rule variant or bot that a game does not accept."""


class MatchFileError(ValueError):
    """A saved match that cannot be read back: names the field or step that is wrong."""


class RulesError(RuntimeError):
    """The rules themselves failed while a game was played unwatched (an error in a rule
    written in a notebook, say): names the game, the decision and the seed, so that
    `play(game, seed=...)` shows the position where it happens."""


class BotError(IllegalAction):
    """A bot decided something the game cannot play: an illegal action, None, junk, or
    nothing at all within its time. Names the bot, the seat, the decision and the game's seed
    so that `play(game, seed=...)` shows the position again."""

    def __init__(
        self,
        reason: str,
        *,
        bot: str = "",
        seat: int | None = None,
        decision: int | None = None,
        seed: int | None = None,
        action=None,
    ):
        self.bot, self.seat, self.decision, self.seed = bot, seat, decision, seed
        super().__init__(reason, rule="bot", action=action)

    def __reduce__(self):
        # Crosses from worker processes with every field.
        return (_bot_error, (self.reason, self.bot, self.seat, self.decision, self.seed))


def _bot_error(reason, bot, seat, decision, seed):
    return BotError(reason, bot=bot, seat=seat, decision=decision, seed=seed)
