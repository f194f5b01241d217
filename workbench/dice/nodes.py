"""The parsed form of a dice expression: small immutable nodes.

``pos`` is the 0-based character index where the node starts in the source text, so later
checks (a zero-sided die, a reroll that can never stop) can point at the right place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = [
    "Node",
    "Const",
    "DieSpec",
    "Explode",
    "Reroll",
    "Group",
    "Keep",
    "Pool",
    "Count",
    "Sum",
    "Product",
    "Neg",
    "Compare",
    "Func",
    "Repeat",
    "DEFAULT_EXPLODE_DEPTH",
]

DEFAULT_EXPLODE_DEPTH = 3


@dataclass(frozen=True)
class Node:
    pos: int = field(default=0, compare=False, kw_only=True)


@dataclass(frozen=True)
class Const(Node):
    value: int


@dataclass(frozen=True)
class Explode(Node):
    """Roll again and add while the new roll matches; ``op``/``value`` None means the top face."""

    op: str | None
    value: int | None
    depth: int = DEFAULT_EXPLODE_DEPTH


@dataclass(frozen=True)
class Reroll(Node):
    """Reroll faces matching ``op value``: once (``r``) or until they stop matching (``rr``)."""

    op: str
    value: int
    once: bool = True


@dataclass(frozen=True)
class DieSpec(Node):
    """One die: its faces (with repeats) and per-die modifiers applied left to right."""

    faces: tuple[int, ...]
    label: str
    mods: tuple[Explode | Reroll, ...] = ()


@dataclass(frozen=True)
class Group(Node):
    count: int
    die: DieSpec


@dataclass(frozen=True)
class Keep(Node):
    kind: str  # kh, kl, dh, dl
    n: int


@dataclass(frozen=True)
class Pool(Node):
    """Dice rolled together (``4d6kh3``, ``[8d6, 8d8]kh2``); its value is the sum of kept dice.

    ``paren`` records that the pool was written inside parentheses, which turns a following
    comparison into a yes/no test instead of a success count.
    """

    groups: tuple[Group, ...]
    keep: Keep | None = None
    paren: bool = False

    @property
    def size(self) -> int:
        return sum(g.count for g in self.groups)

    def text(self) -> str:
        """The pool written back in notation (used in messages)."""
        parts = [f"{g.count}{g.die.label}{''.join(_mod_text(m) for m in g.die.mods)}" for g in self.groups]
        body = parts[0] if len(parts) == 1 else "[" + ", ".join(parts) + "]"
        return body + (f"{self.keep.kind}{self.keep.n}" if self.keep else "")


def _mod_text(mod: Explode | Reroll) -> str:
    if isinstance(mod, Reroll):
        return ("r" if mod.once else "rr") + ("" if mod.op == "=" else mod.op) + str(mod.value)
    cond = "" if mod.op is None else f"{mod.op}{mod.value}"
    return f"!{cond}:{mod.depth}"


@dataclass(frozen=True)
class Count(Node):
    """Number of (kept) dice in ``pool`` whose face satisfies ``op threshold``."""

    pool: Pool
    op: str
    threshold: int


@dataclass(frozen=True)
class Sum(Node):
    terms: tuple[tuple[int, Node], ...]  # (+1 or -1, term)


@dataclass(frozen=True)
class Product(Node):
    factors: tuple[Node, ...]


@dataclass(frozen=True)
class Neg(Node):
    inner: Node


@dataclass(frozen=True)
class Compare(Node):
    """Yes/no (1/0) result of comparing two whole expressions."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Func(Node):
    name: str  # max or min
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Repeat(Node):
    """``n#expr``: the sum of ``n`` independent rolls of ``expr``."""

    n: int
    inner: Node
