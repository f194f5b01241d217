"""Keyword effects: card text such as "Stun 2; Power Up each friendly" read into effects the
rules run, so a designer adds a card to a table without writing code.

A design declares its keywords once, in a `Keywords` registry: the words ("Power Up"), whether
a number follows ("Heal 3"), whether a qualifier comes first ("Alpha Resistance 1", where the
qualifiers are the design's traits), the scope words that may follow ("self", "each friendly"),
what the effect acts on, and the handler the rules call. `parse` reads one cell into `Effect`s
or raises `KeywordError` saying which part is wrong and what would be right, so a card table's
check can name the file, line and column; `describe` lists the keywords for people.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

NUMBER_RULES = ("none", "required", "optional")


@dataclass(frozen=True, slots=True)
class Effect:
    """One keyword as a card names it: `Effect("Stun", 2)` is "Stun 2"; `scope` is one of the
    keyword's scope words ("" for its default) and `qualifier` the word in front, if any."""

    keyword: str
    amount: int | None = None
    scope: str = ""
    qualifier: str | None = None

    def __str__(self) -> str:
        words = [
            self.qualifier,
            self.keyword,
            None if self.amount is None else str(self.amount),
            self.scope or None,
        ]
        return " ".join(w for w in words if w)


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword a registry knows: `number` is "none", "required" or "optional" (then
    `default` is the amount when none is written); `scopes` lists the scope words it takes,
    the first being the default ("" for none written); `qualified` says a qualifier word must
    come first; `acts_on` is the design's own word for what it changes (a character, the
    attack, the player); `handler` is what the rules call."""

    name: str
    doc: str
    number: str = "none"
    default: int | None = None
    scopes: tuple[str, ...] = ("",)
    qualified: bool = False
    acts_on: str = ""
    handler: Callable | None = None


class KeywordError(ValueError):
    """Text that names no effect the registry knows; `part` is the 1-based effect in the
    cell (the text between separators) and `text` that effect's text."""

    def __init__(self, message: str, *, part: int = 0, text: str = ""):
        self.part, self.text = part, text
        super().__init__(message)


class Keywords:
    """The keyword effects of one design. Effects in a cell are separated by `separator`;
    `qualifiers` are the words a qualified keyword accepts in front (a design's traits)."""

    def __init__(self, *, separator: str = ";", qualifiers: Iterable[str] = ()):
        self.separator = separator
        self.qualifiers = tuple(qualifiers)
        self._by_name: dict[str, Keyword] = {}

    # -- declaring ----------------------------------------------------------------------------
    def add(
        self,
        name: str,
        doc: str,
        *,
        number: str = "none",
        default: int | None = None,
        scopes: Iterable[str] = ("",),
        qualified: bool = False,
        acts_on: str = "",
        handler: Callable | None = None,
    ) -> Keyword:
        if number not in NUMBER_RULES:
            raise ValueError(f"keyword {name!r}: number is one of {NUMBER_RULES}, not {number!r}")
        if name.casefold() in self._by_name:
            raise ValueError(f"keyword {name!r} is declared twice")
        if not name.strip() or any(c.isdigit() for c in name):
            raise ValueError(f"keyword {name!r}: a keyword is words without digits")
        keyword = Keyword(name, doc, number, default, tuple(scopes), qualified, acts_on, handler)
        self._by_name[name.casefold()] = keyword
        return keyword

    def keyword(self, name: str, doc: str, **options) -> Callable:
        """Decorator form of `add`: the decorated function is the handler."""

        def register(handler: Callable) -> Callable:
            self.add(name, doc, handler=handler, **options)
            return handler

        return register

    # -- reading ------------------------------------------------------------------------------
    def __contains__(self, name: str) -> bool:
        return isinstance(name, str) and name.casefold() in self._by_name

    def __getitem__(self, name: str) -> Keyword:
        try:
            return self._by_name[name.casefold()]
        except KeyError:
            raise KeyError(f"no keyword {name!r}; keywords are {', '.join(self.names)}") from None

    def __iter__(self) -> Iterator[Keyword]:
        return iter(self._by_name.values())

    @property
    def names(self) -> list[str]:
        return [k.name for k in self._by_name.values()]

    def describe(self) -> list[dict]:
        """One row per keyword, for people: how it is written and what it does."""
        rows = []
        for k in self:
            written = (
                ("<qualifier> " if k.qualified else "")
                + k.name
                + {"none": "", "required": " X", "optional": " [X]"}[k.number]
            )
            scopes = [s for s in k.scopes if s]
            rows.append(
                {
                    "keyword": k.name,
                    "written": written,
                    "doc": k.doc,
                    "scopes": ", ".join(scopes),
                    "acts_on": k.acts_on,
                }
            )
        return rows

    def parse(self, text: str | None) -> tuple[Effect, ...]:
        """The effects a cell names, in order; a blank cell names none."""
        if text is None or not text.strip():
            return ()
        effects = []
        for i, part in enumerate(text.split(self.separator), start=1):
            part = " ".join(part.split())
            if part:
                effects.append(self._effect(part, i))
        return tuple(effects)

    def _effect(self, part: str, i: int) -> Effect:
        words = part.split(" ")

        def fail(why: str) -> KeywordError:
            return KeywordError(f"effect {i} {part!r}: {why}", part=i, text=part)

        qualifier = None
        keyword, rest = self._match(words)
        if keyword is None and len(words) > 1 and self.qualifiers:
            keyword, rest = self._match(words[1:])
            if keyword is not None:
                qualifier = self._qualifier(words[0])
                if not keyword.qualified:
                    raise fail(f"{keyword.name} takes no word in front of it")
                if qualifier is None:
                    raise fail(f"{words[0]!r} is not one of {', '.join(self.qualifiers)}")
        if keyword is None:
            raise fail(self._unknown(words))
        if keyword.qualified and qualifier is None:
            raise fail(
                f"{keyword.name} needs one of {', '.join(self.qualifiers)} in front, "
                f"e.g. '{self.qualifiers[0]} {keyword.name}"
                f"{' 1' if keyword.number != 'none' else ''}'"
            )
        amount = None
        if keyword.number != "none":
            if rest and _is_int(rest[0]):
                amount, rest = int(rest[0]), rest[1:]
                if amount < 0:
                    raise fail(f"{keyword.name} takes a number of 0 or more, not {amount}")
            elif keyword.number == "required":
                raise fail(f"{keyword.name} needs a whole number after it, e.g. '{keyword.name} 2'")
            else:
                amount = keyword.default
        elif rest and _is_int(rest[0]):
            raise fail(f"{keyword.name} takes no number")
        scope = " ".join(rest).casefold()
        if scope not in keyword.scopes:
            allowed = [s for s in keyword.scopes if s]
            if not allowed:
                raise fail(f"{keyword.name} takes nothing after it, not {' '.join(rest)!r}")
            written = ", ".join(repr(s) for s in allowed)
            default = " or nothing" if "" in keyword.scopes else ""
            raise fail(
                f"{' '.join(rest)!r} is not a scope of {keyword.name}; write {written}{default}"
            )
        return Effect(keyword.name, amount, scope, qualifier)

    def _match(self, words: list[str]) -> tuple[Keyword | None, list[str]]:
        """The longest keyword the words start with, and the words after it."""
        for n in range(len(words), 0, -1):
            keyword = self._by_name.get(" ".join(words[:n]).casefold())
            if keyword is not None:
                return keyword, words[n:]
        return None, words

    def _qualifier(self, word: str) -> str | None:
        for q in self.qualifiers:
            if q.casefold() == word.casefold():
                return q
        return None

    def _unknown(self, words: list[str]) -> str:
        head = " ".join(w for w in words if not _is_int(w))
        names = self.names
        close = difflib.get_close_matches(head.casefold(), [n.casefold() for n in names], n=1)
        hint = ""
        if close:
            hint = f" (did you mean {next(n for n in names if n.casefold() == close[0])!r}?)"
        return f"no keyword {head!r}{hint}; keywords are {', '.join(names)}"


def _is_int(word: str) -> bool:
    return word.lstrip("+-").isdigit()
