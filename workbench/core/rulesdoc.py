"""A game's rules document, read one rule at a time.

The document is Markdown in the game's package (`GameSpec.rules_file`). A rule is a bullet or
numbered item that starts with its bold id, `* **R-16** ...` or `17. **A-17 Title** ...`, and
runs on over the lines indented under it. An id with a letter after it, "R-13c", is clause
(c) of R-13: a sub-bullet starting "(c)".
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

# Rules (R), ambiguities and their resolutions (A) and test cases (T), numbered on their own
# ("R-16") or within a part ("A-U1"); "RAT-1" is a card.
ID = re.compile(r"(?<![A-Za-z0-9-])([RAT]-[A-Z]?\d+)([a-z])?(?![A-Za-z0-9])")
_ENTRY = re.compile(r"^(\s*)(?:[*-]|\d+\.)\s+\*\*([RAT]-[A-Z]?\d+)(?![0-9])")
_CLAUSE = re.compile(r"^(\s*)[*-]\s+(?:\*\*)?\(([a-z])\)")


def rule_ids(text: str) -> list[str]:
    """The rule ids a text mentions ("[R-16]", "A-17", "R-13c"), in order, once each."""
    return list(dict.fromkeys(m.group(0) for m in ID.finditer(text)))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _block(lines: list[str], start: int, indent: int) -> list[str]:
    """Line `start` and the lines indented under it (blank lines inside included)."""
    block = [lines[start]]
    j = start + 1
    while j < len(lines):
        line = lines[j]
        if not line.strip():
            k = j + 1
            while k < len(lines) and not lines[k].strip():
                k += 1
            if k < len(lines) and _indent(lines[k]) > indent:
                j = k
                continue
            break
        if _indent(line) <= indent:
            break
        block.append(line)
        j += 1
    return block


def _plain(block: list[str]) -> str:
    """Markdown lines as plain text: one line per bullet, bold and code marks removed."""
    out: list[str] = []
    for i, line in enumerate(block):
        text = line.strip().replace("**", "").replace("`", "")
        bullet = re.match(r"^(?:[*-]|\d+\.)\s+", text)
        if bullet:
            text = text[bullet.end() :]
            out.append(text if i == 0 else "• " + text)
        elif out:
            out[-1] += " " + text
        else:
            out.append(text)
    return "\n".join(out)


class RulesDocument:
    """The rules of one document by id: `text("R-16")`."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._lines = self.path.read_text(encoding="utf-8").splitlines()
        self._entries: dict[str, tuple[int, int]] = {}
        for i, line in enumerate(self._lines):
            m = _ENTRY.match(line)
            if m:
                self._entries.setdefault(m.group(2), (i, len(m.group(1))))

    def ids(self) -> list[str]:
        return list(self._entries)

    def __contains__(self, rule_id: str) -> bool:
        try:
            self.text(rule_id)
        except ValueError:
            return False
        return True

    def text(self, rule_id: str) -> str:
        """One rule as plain text; ValueError names the id and the document if it is not
        there."""
        m = ID.fullmatch(str(rule_id).strip())
        if m is None or m.group(1) not in self._entries:
            raise ValueError(
                f"{self._name()} has no rule {rule_id!r}; its rules are {self._span()}"
            )
        start, indent = self._entries[m.group(1)]
        block = _block(self._lines, start, indent)
        clause = m.group(2)
        if clause is None:
            return _plain(block)
        for k, line in enumerate(block):
            c = _CLAUSE.match(line)
            if c and c.group(2) == clause:
                return f"{m.group(1)} ({clause}): " + _plain(
                    _block(block, k, len(c.group(1)))
                ).split(f"({clause})", 1)[-1].lstrip(" .")
        raise ValueError(f"{self._name()}: {m.group(1)} has no clause ({clause})")

    def _name(self) -> str:
        return f"{self.path.parent.name}/{self.path.name}"

    def _span(self) -> str:
        groups: dict[str, list[int]] = {}
        for rid in self._entries:
            kind, n = re.fullmatch(r"(\D+)(\d+)", rid).groups()
            groups.setdefault(kind, []).append(int(n))
        return ", ".join(f"{k}{min(v)} to {k}{max(v)}" for k, v in groups.items())


@cache
def _read(path: Path, mtime: int) -> RulesDocument:
    return RulesDocument(path)


def rules_document(path: str | Path) -> RulesDocument:
    """The document at `path`, read once (and again if the file changes)."""
    path = Path(path)
    return _read(path, path.stat().st_mtime_ns)
