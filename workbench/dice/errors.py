"""Errors raised by the dice package.

The two errors are ``ValueError`` subclasses so notebook code that already catches bad input
keeps working; the warning is a ``UserWarning``.
"""

from __future__ import annotations

__all__ = ["CertainResultWarning", "DiceSyntaxError", "DiceTooLarge"]


class DiceSyntaxError(ValueError):
    """A dice expression that cannot be read.

    The message shows the expression, a caret under the offending character and what was
    expected there. ``position`` is the 0-based character index of the problem.
    """

    def __init__(self, expression: str, position: int, expected: str):
        self.expression = expression
        self.position = max(0, min(position, len(expression)))
        self.expected = expected
        super().__init__(self._render())

    def _render(self) -> str:
        # Show a window around the problem so long expressions stay readable.
        start = max(0, self.position - 60)
        shown = self.expression[start : start + 120]
        prefix = "..." if start else ""
        caret = " " * (len(prefix) + self.position - start) + "^"
        return (
            f"bad dice expression at character {self.position + 1}: {self.expected}\n"
            f"  {prefix}{shown}\n"
            f"  {caret}"
        )


class DiceTooLarge(ValueError):
    """An expression whose exact distribution would take too long or too much memory.

    Raised before any heavy work starts, from an estimate of the work involved. The message
    suggests ``monte_carlo=True``, which samples instead.
    """

    def __init__(self, expression: str, reason: str, *, monte_carlo_ok: bool = True):
        self.expression = expression
        self.reason = reason
        hint = (
            " Pass monte_carlo=True for a sampled estimate with its standard error."
            if monte_carlo_ok
            else ""
        )
        shown = repr(
            expression
            if len(expression) <= 120
            else expression[:80] + f"...({len(expression):,} characters)"
        )
        super().__init__(f"{shown} is too large to compute exactly: {reason}.{hint}")


class CertainResultWarning(UserWarning):
    """An expression whose answer can only come out one way (always 0, always yes).

    Usually a sign that the expression does not say what was meant: ``2d6 >= 8`` counts dice
    that show 8 or more, which no d6 does. The message says why and, where there is one, the
    expression that was likely intended (``(2d6) >= 8`` tests the total).
    """
