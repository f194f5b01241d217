"""What each workbench module held the moment it finished loading.

A compiled kernel may play only the code it was checked against (core/stamps.py), so a rule
replaced after loading (a notebook's monkeypatch, autoreload) must be seen, even one replaced
before the game's first batch. This finder, first on `sys.meta_path` once `workbench` is
imported, lets the usual finders find each `workbench.*` module and notes, right after the
module has run, the identity of every object in its namespace and in the namespaces of the
classes it defines, and the code of every function among them. Loading it again (a reload)
notes it afresh, with a new generation. Nothing else is changed."""

from __future__ import annotations

import importlib.machinery
import sys
import types

FIRST: dict = {}  # module name -> Snapshot, as it stood when it last finished loading


class Snapshot:
    """One module's namespaces as loaded: [(namespace, {name: object}, size, class prefix,
    the class or None)], the module's first, and [(function, its code object)]."""

    __slots__ = ("generation", "spaces", "codes")

    def __init__(self, module, generation: int):
        self.generation = generation
        self.spaces: list = []
        self.codes: list = []
        self._add(vars(module), "")
        for obj in list(vars(module).values()):
            if isinstance(obj, type) and obj.__module__ == module.__name__:
                self._add_class(obj, 0)

    def _add(self, namespace, prefix: str, klass: type | None = None) -> None:
        items = {k: v for k, v in namespace.items() if not _dunder(k)}
        self.spaces.append((namespace, items, len(namespace), prefix, klass))
        for v in items.values():
            self.codes.extend((f, f.__code__) for f in functions(v))

    def _add_class(self, klass: type, depth: int) -> None:
        self._add(vars(klass), klass.__qualname__ + ".", klass)
        for v in list(vars(klass).values()):
            if isinstance(v, type) and v.__module__ == klass.__module__ and depth < 4:
                self._add_class(v, depth + 1)

    def changed(self) -> tuple[str, str] | None:
        """(where, what happened) for the first object that is not as loaded, else None."""
        for i, (namespace, items, size, prefix, klass) in enumerate(self.spaces):
            for k, v in items.items():
                if namespace.get(k, _GONE) is not v:
                    return f"{prefix}{k}", "was replaced"
            if len(namespace) != size:
                names = [k for k in namespace if not _dunder(k)]
                if len(names) == len(items):  # a dunder came (a warning's registry, say)
                    self.spaces[i] = (namespace, items, len(namespace), prefix, klass)
                    continue
                added = [k for k in names if k not in items]
                if not added:
                    return prefix.rstrip(".") or "a name", "lost a name"
                # A method set on a class that had it from a base (a state class put together
                # from parts) replaces the rule it had, as the designer sees it.
                inherited = klass is not None and any(
                    added[0] in vars(base) for base in klass.__mro__[1:]
                )
                return f"{prefix}{added[0]}", "was replaced" if inherited else "was added"
        for f, code in self.codes:
            if f.__code__ is not code:
                return f.__qualname__, "had its code replaced"
        return None


_GONE = object()


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def functions(obj) -> list:
    """The Python functions behind an attribute: a function itself, a method's (static,
    class, property), a decorated function and what it wraps, a compiled one's Python."""
    if isinstance(obj, staticmethod | classmethod):
        obj = obj.__func__
    if isinstance(obj, property):
        return [f for f in (obj.fget, obj.fset, obj.fdel) if isinstance(f, types.FunctionType)]
    if isinstance(obj, type) or not callable(obj):
        return []
    obj = getattr(obj, "py_func", obj)  # a numba dispatcher
    out = []
    for _ in range(8):  # a decorated function, and what it wraps
        if isinstance(obj, types.FunctionType):
            out.append(obj)
        obj = getattr(obj, "__wrapped__", None)
        if obj is None:
            break
    return out


class _Finder:
    """Finds nothing itself: it asks the path finder, then notes the module once it ran."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if not name.startswith("workbench."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        loader = getattr(spec, "loader", None)
        run = getattr(loader, "exec_module", None)
        if run is None:
            return spec

        def exec_module(module):
            run(module)
            old = FIRST.get(module.__name__)
            FIRST[module.__name__] = Snapshot(module, 0 if old is None else old.generation + 1)

        loader.exec_module = exec_module  # this loader was made for this one module
        return spec


def install() -> None:
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
