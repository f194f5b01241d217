"""The parsed form of a dice expression: small immutable nodes.

``pos`` is the 0-based character index where the node starts in the source text, so later
checks (a zero-sided die, a reroll that can never stop) can point at the right place.
"""

from __future__ import annotations

from operator import attrgetter

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


class Node:
    """An immutable value: the fields annotated on each class, in order (a base class's first),
    given by position or name, with the class attribute of that name as default, and ``pos``
    by name only. Two nodes are equal when their types and fields are equal; ``pos`` takes no
    part.

    Written out rather than made with dataclasses: importing dataclasses and generating the
    methods of every node class was a third of the wait for a first answer in a new kernel.
    """

    _fields: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._fields = cls._fields + tuple(cls.__dict__.get("__annotations__", ()))
        cls.__match_args__ = cls._fields
        # The field values as a tuple, for equality and hashing.
        getter = attrgetter(*cls._fields) if cls._fields else (lambda node: ())
        cls._values = staticmethod(
            (lambda node: (getter(node),)) if len(cls._fields) == 1 else getter
        )

    def __init__(self, *args, pos: int = 0, **given):
        names = self._fields
        if len(args) > len(names):
            raise TypeError(
                f"{type(self).__name__}() takes {len(names)} fields, {len(args)} were given"
            )
        put = object.__setattr__
        put(self, "pos", pos)
        # Fields not given by position may come by name, so args can be the shorter.
        for name, value in zip(names, args, strict=False):
            put(self, name, value)
        for name in names[len(args) :]:
            if name in given:
                put(self, name, given.pop(name))
            elif hasattr(type(self), name):
                put(self, name, getattr(type(self), name))
            else:
                raise TypeError(f"{type(self).__name__}() is missing the field {name!r}")
        if given:
            raise TypeError(f"{type(self).__name__}() has no field {next(iter(given))!r}")

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete field {name!r}")

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values(self) == other._values(other)

    def __hash__(self):
        return hash(self._values(self))

    def __repr__(self):
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in ("pos", *self._fields))
        return f"{type(self).__name__}({fields})"


class Const(Node):
    value: int


class Explode(Node):
    """Roll again and add while the new roll matches; ``op``/``value`` None means the top face."""

    op: str | None
    value: int | None
    depth: int = DEFAULT_EXPLODE_DEPTH


class Reroll(Node):
    """Reroll faces matching ``op value``: once (``r``) or until they stop matching (``rr``)."""

    op: str
    value: int
    once: bool = True


class DieSpec(Node):
    """One die: its faces (with repeats) and per-die modifiers applied left to right."""

    faces: tuple[int, ...]
    label: str
    mods: tuple[Explode | Reroll, ...] = ()


class Group(Node):
    count: int
    die: DieSpec


class Keep(Node):
    kind: str  # kh, kl, dh, dl
    n: int


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
        parts = [
            f"{g.count}{g.die.label}{''.join(_mod_text(m) for m in g.die.mods)}"
            for g in self.groups
        ]
        body = parts[0] if len(parts) == 1 else "[" + ", ".join(parts) + "]"
        return body + (f"{self.keep.kind}{self.keep.n}" if self.keep else "")


def _mod_text(mod: Explode | Reroll) -> str:
    if isinstance(mod, Reroll):
        return ("r" if mod.once else "rr") + ("" if mod.op == "=" else mod.op) + str(mod.value)
    cond = "" if mod.op is None else f"{mod.op}{mod.value}"
    return f"!{cond}:{mod.depth}"


class Count(Node):
    """Number of (kept) dice in ``pool`` whose face satisfies ``op threshold``."""

    pool: Pool
    op: str
    threshold: int


class Sum(Node):
    terms: tuple[tuple[int, Node], ...]  # (+1 or -1, term)


class Product(Node):
    factors: tuple[Node, ...]


class Neg(Node):
    inner: Node


class Compare(Node):
    """Yes/no (1/0) result of comparing two whole expressions."""

    op: str
    left: Node
    right: Node


class Func(Node):
    name: str  # max or min
    args: tuple[Node, ...]


class Repeat(Node):
    """``n#expr``: the sum of ``n`` independent rolls of ``expr``."""

    n: int
    inner: Node
