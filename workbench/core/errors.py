"""Named errors. Each one is a ValueError so callers can catch bad input in one place."""

from __future__ import annotations


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
