"""Stamps: the code a game's compiled kernel was checked against, and whether that code still
runs.

A kernel (`games/<game>/kernel.py`) is a second copy of a game's rules, compiled for speed: a
cache of the rules engine. It may answer for the engine only while the engine's code is the
code its equivalence tests passed on. The stamp, `kernel_stamp.json` beside the module of the
game's class, records that code: a fingerprint of the source text of every module and function
the kernel copies (the game's own modules, the kit's parts, chance and the seeded streams,
`play_out`), the rule variants it was checked on, and how much slower the engine plays.
`python -m workbench.sim.stamps --renew GAME` runs the game's equivalence tests and writes the
stamp only if they pass.

`aside(game, rules)` says why the kernel must step aside for the rules engine, or None:
- the game is a subclass of the stamped one (a house rule written as a subclass);
- a file's text differs from the stamp (an edited `rules.py`); files are read once a process;
- a function, class or module attribute the kernel copies was replaced (monkeypatching, a
  notebook's own function put in the package's place, autoreload): the live objects are
  compared by identity with those first seen, at every call, which costs well under a
  millisecond;
- a rule variant, or a value of one, that the kernel was not checked on.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.util
import inspect
import json
import sys
import sysconfig
import threading
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

from .._loaded import FIRST, functions

STAMP_FILE = "kernel_stamp.json"

# What a kernel copies beyond its game's own package: whole modules under these names (the
# kit's parts, chance points, the seeded streams, the compiled helpers and the layouts of
# their vectors, the dice the bots read) and these functions (the engine's loop, the random
# bot). Following imports from a game's modules finds which of the modules it uses.
SHARED_MODULES = (
    "workbench.core.kit",
    "workbench.core.chance",
    "workbench.core.compiled",
    "workbench.core.seeds",
    "workbench.core.cache",
    "workbench.core.layout",
    "workbench.dice",
    "workbench.core.restricted",
)  # copied by the kernels that learn ban lists
SHARED_FUNCTIONS = (
    "workbench.sim.simulate:play_out",
    "workbench.sim.simulate:_choice",
    "workbench.sim.simulate:tension",
    "workbench.core.bots:random_bot",
)
# A game's modules that play no game: what draws it and what analyses it.
NOT_RULES = ("render", "analysis")

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


# -- the stamp ----------------------------------------------------------------------------------


@dataclass
class Stamp:
    game: str
    cls: str  # "module:qualname" of the game class the kernel copies
    units: dict  # unit -> {"text": hash of its source text, "code": hash of its syntax tree}
    variants: dict  # key -> {"default", "choices", "minimum", "maximum"}
    tests: str = ""  # the equivalence tests that passed, and how many
    slowdown: float | None = None  # the engine's time per game over the kernel's
    path: Path | None = field(default=None, compare=False)
    bounds: str = ""  # what the bounds check played (sim/bounds.py), or "" when it has not run

    def to_json(self) -> str:
        """The stamp as a JSON object with one variant and one unit a line, so that a
        renewed stamp's diff shows what changed."""

        def block(items: dict) -> str:
            return (
                "{\n"
                + ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in items.items())
                + "\n }"
            )

        head = {
            "game": self.game,
            "class": self.cls,
            "tests": self.tests,
            "engine_slowdown": self.slowdown,
            "bounds": self.bounds,
        }
        lines = [f" {json.dumps(k)}: {json.dumps(v)}" for k, v in head.items()]
        lines += [f' "variants": {block(self.variants)}', f' "units": {block(self.units)}']
        return "{\n" + ",\n".join(lines) + "\n}\n"

    @classmethod
    def read(cls, path: Path) -> Stamp:
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(
            data["game"],
            data["class"],
            data["units"],
            data["variants"],
            data.get("tests", ""),
            data.get("engine_slowdown"),
            path,
            data.get("bounds", ""),
        )


def kernel_owner(game) -> type | None:
    """The class whose fast path a game uses, or None when it has none and the rules engine
    plays every batch: the nearest class that writes its own `play_batch`, else the first
    class, from the base down, whose spec names the batch module the game's spec names (so a
    house rule written as a subclass is told apart from the game its kernel was checked on)."""
    from .game import Game

    for klass in type(game).__mro__:
        if klass is Game:
            break
        if "play_batch" in vars(klass):
            return klass
    batch = getattr(getattr(game, "spec", None), "batch", None)
    if batch is None:
        return None
    for klass in reversed(type(game).__mro__):
        spec = vars(klass).get("spec")
        if spec is not None and getattr(spec, "batch", None) == batch:
            return klass
    return None


def stamp_path(owner: type) -> Path | None:
    module = sys.modules.get(owner.__module__)
    where = getattr(module, "__file__", None)
    return None if where is None else Path(where).parent / STAMP_FILE


@cache
def read_stamp(owner: type) -> Stamp | None:
    path = stamp_path(owner)
    if path is None or not path.exists():
        return None
    return Stamp.read(path)


def ours(owner: type) -> bool:
    """Whether a class is one of the package's own (a built-in game), not a designer's."""
    return owner.__module__.startswith("workbench.")


# -- fingerprints -------------------------------------------------------------------------------


def _split(unit: str) -> tuple[str, str | None]:
    module, _, qualname = unit.partition(":")
    return module, qualname or None


def _resolve(module_name: str, qualname: str):
    obj = sys.modules.get(module_name) or importlib.import_module(module_name)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def source_of(unit: str) -> str:
    """The source text of a unit as it stands: a module's file, or a function's lines (those
    of whatever now stands under its name, which may be a replacement)."""
    module_name, qualname = _split(unit)
    if qualname is None:
        spec = importlib.util.find_spec(module_name)
        if spec is None or spec.origin is None:
            raise LookupError(f"no module {module_name}")
        data = Path(spec.origin).read_bytes()
        return data.replace(b"\r\n", b"\n").decode("utf-8")
    try:
        return inspect.getsource(_resolve(module_name, qualname)).replace("\r\n", "\n")
    except (OSError, TypeError):
        return ""  # no source to read: certainly not the stamped one


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def code_hash(text: str) -> str:
    """A hash of the syntax tree without docstrings: a change of comments, layout or
    documentation leaves it as it was, any change of code does not."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text_hash(text)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            node.body = body[1:] or [ast.Pass()]
    return text_hash(ast.dump(tree))


def fingerprint(units) -> dict:
    return {u: {"text": text_hash(s), "code": code_hash(s)} for u in units for s in [source_of(u)]}


def where(unit: str, game: str) -> str:
    """A unit in words: "rules.py of rpg_card_battle", "workbench/core/kit/deck.py",
    "play_out in workbench/sim/simulate.py"."""
    module_name, qualname = _split(unit)
    package = f"workbench.games.{game}."
    spec = importlib.util.find_spec(module_name)
    is_package = spec is not None and spec.submodule_search_locations is not None
    path = module_name.replace(".", "/") + ("/__init__.py" if is_package else ".py")
    if module_name.startswith(package):
        path = f"{module_name[len(package) :].replace('.', '/')}.py of {game}"
    return f"{qualname} in {path}" if qualname else path


# -- which code a kernel copies (when stamping and in the stamps' test) -------------------------


def units_of(owner: type) -> list[str]:
    """The modules and functions a game's kernel copies: the modules its class's module
    reaches by imports (at any depth, so imports inside functions count) or names in its spec
    (its bots and batch modules) within the game's package, leaving out what only draws or
    analyses it, and the shared engine code they reach (SHARED_MODULES), then
    SHARED_FUNCTIONS."""
    package = owner.__module__.rpartition(".")[0]
    spec = getattr(owner, "spec", None)
    found: set[str] = set()
    todo = [owner.__module__]
    todo += [m for m in (getattr(spec, "bots", None), getattr(spec, "batch", None)) if m]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        todo.extend(m for m in _imports(name) if _copied(m, package))
    return sorted(found) + list(SHARED_FUNCTIONS)


def _copied(module_name: str, package: str) -> bool:
    if module_name.startswith(package + "."):
        return module_name.rpartition(".")[2] not in NOT_RULES
    return any(module_name == m or module_name.startswith(m + ".") for m in SHARED_MODULES)


def _imports(module_name: str) -> set[str]:
    """The workbench modules a module imports anywhere in its text; a name imported from a
    package counts as the module that defines it."""
    spec = importlib.util.find_spec(module_name)
    is_package = spec.submodule_search_locations is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    here = module_name if is_package else module_name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("workbench."))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            if not source.startswith("workbench"):
                continue
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                if (
                    importlib.util.find_spec(source).submodule_search_locations is not None
                    and importlib.util.find_spec(sub) is not None
                ):
                    out.add(sub)
                    continue
                home = getattr(
                    getattr(importlib.import_module(source), alias.name, None), "__module__", None
                )
                out.add(home if isinstance(home, str) and home.startswith("workbench") else source)
    return out


def variants_of(game) -> dict:
    return {
        v.key: {
            "default": v.default,
            "choices": list(v.choices) if v.choices is not None else None,
            "minimum": v.minimum,
            "maximum": v.maximum,
        }
        for v in game.variants
    }


# -- at run time --------------------------------------------------------------------------------


def aside(game, rules: dict) -> str | None:
    """Why the game's kernel must not play a batch under `rules` (so the rules engine does),
    or None when it may. None too for a game with no kernel, and for a designer's own fast
    path (a `play_batch` of a class outside the package, which no stamp covers)."""
    owner = kernel_owner(game)
    if owner is None:
        return None
    stamp = read_stamp(owner)
    name = game.name
    if stamp is None:
        if not ours(owner):
            return None
        return f"the {name} kernel has no stamp ({STAMP_FILE}): it was never checked"
    if type(game) is not owner:
        return (
            f"{type(game).__name__} is a subclass of {owner.__name__}, and the kernel "
            f"plays only {owner.__name__}'s rules"
        )
    why = _watch(owner, stamp).check()
    if why is not None:
        return why
    return _variant_aside(stamp, rules)


def replaced(game) -> bool:
    """Whether code the game's kernel copies was replaced in this process (a monkeypatch, an
    autoreload): worker processes would not see the change, so the game's batches play here."""
    owner = kernel_owner(game)
    stamp = read_stamp(owner) if owner is not None else None
    if stamp is None or type(game) is not owner:
        return False
    watch = _watch(owner, stamp)
    watch.check()
    return watch.patched


def _variant_aside(stamp: Stamp, rules: dict) -> str | None:
    for key, value in rules.items():
        known = stamp.variants.get(key)
        if known is None:
            return f"variant {key} is not compiled"
        choices = known["choices"]
        if choices is not None:
            ok = any(value == c and type(value) is type(c) for c in choices)
        else:
            default = known["default"]
            kinds = (int, float) if isinstance(default, float) else (type(default),)
            low, high = known["minimum"], known["maximum"]
            ok = (
                isinstance(value, kinds)
                and not (isinstance(value, bool) and not isinstance(default, bool))
                and (low is None or value >= low)
                and (high is None or value <= high)
            )
        if not ok:
            return f"variant {key} = {value!r} is not one the kernel was checked on"
    return None


_WATCHES: dict = {}
_LOCK = threading.Lock()


def _watch(owner: type, stamp: Stamp) -> _Watch:
    watch = _WATCHES.get(owner)
    if watch is None:
        with _LOCK:
            watch = _WATCHES.setdefault(owner, _Watch(owner, stamp))
    return watch


class _Watch:
    """One game's units at run time: their files checked against the stamp once a process
    (and again after a reload), their live objects by identity, at every check, against what
    they held when they finished loading (workbench/_loaded.py)."""

    def __init__(self, owner: type, stamp: Stamp):
        self.stamp = stamp
        self.game = stamp.game
        self.modules = [u for u in stamp.units if ":" not in u]
        self.functions = [_split(u) for u in stamp.units if ":" in u]
        self.generations: dict = {}  # unit module -> the load of it last looked at
        self.originals: dict = {}  # function unit -> (the function as loaded, its code)
        self.files_why: str | None = None
        self.files_checked = False
        self.stranger: str | None = None
        self.clean = False  # nothing was replaced at the last check
        self.why: str | None = None
        self.patched = False

    def _new_loads(self) -> bool:
        """Whether a unit was loaded, or loaded again, since the last look."""
        for name in self.modules:
            first = FIRST.get(name)
            if first is not None and self.generations.get(name) != first.generation:
                return True
        return any(
            FIRST.get(m) is not None and (m, q) not in self.originals for m, q in self.functions
        )

    def _adopt(self) -> None:
        for name in self.modules:
            first = FIRST.get(name)
            if first is not None and self.generations.get(name) != first.generation:
                if name in self.generations:
                    self.files_checked = False  # loaded again: its file is read again
                self.generations[name] = first.generation
        for module_name, qualname in self.functions:
            first = FIRST.get(module_name)
            if first is not None and (module_name, qualname) not in self.originals:
                f = first.spaces[0][1].get(qualname)
                self.originals[(module_name, qualname)] = (f, getattr(f, "__code__", None))

    def _changed(self) -> str | None:
        """What no longer is as loaded, in words; None when nothing."""
        for name in self.modules:
            first = FIRST.get(name)
            found = first.changed() if first is not None else None
            if found:
                return f"{found[0]} in {where(name, self.game)} {found[1]}"
        for (module_name, qualname), (f, code) in self.originals.items():
            now = vars(sys.modules[module_name]).get(qualname)
            if now is not f or getattr(f, "__code__", None) is not code:
                return f"{qualname} in {where(module_name, self.game)} was replaced"
        return None

    def check(self) -> str | None:
        if self.clean and not self._new_loads() and self._changed() is None:
            return self.why
        with _LOCK:
            self._adopt()
            if not self.files_checked:
                self.files_why = self._files()
                self.files_checked = True
            changed = self._changed()
            # A module loaded before workbench/_loaded.py began to look has no record of what
            # it held: what stands there must at least be the package's own or a library's.
            unrecorded = [m for m in self.modules if m in sys.modules and m not in FIRST]
            self.stranger = self._strangers(unrecorded) if unrecorded else None
            self.clean = changed is None
            self.patched = bool(changed or self.stranger)
            self.why = self.files_why or changed or self.stranger
            return self.why

    def _files(self) -> str | None:
        for unit, hashes in self.stamp.units.items():
            try:
                text = source_of(unit)
            except (LookupError, OSError, AttributeError):
                return f"{where(unit, self.game)} is missing"
            if text_hash(text) != hashes["text"]:
                return f"{where(unit, self.game)} changed since the {self.game} kernel was checked"
        return None

    def _strangers(self, modules: list[str]) -> str | None:
        """A function or class from outside the package and the libraries standing in one of
        `modules` (a notebook's, a module of the designer's), in words; None when none."""
        for name in modules:
            for key, obj in list(vars(sys.modules[name]).items()):
                found = None if _dunder(key) else _stranger(obj, name)
                if found:
                    inner, what = found
                    return (
                        f"{key}{inner} in {where(name, self.game)} is {what}, not the package's own"
                    )
        return None


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def _stranger(obj, home: str, depth: int = 0) -> tuple[str, str] | None:
    """(where inside `obj`, what it is) for a function or class from outside the package and
    the libraries (a notebook's, a module of the designer's) at or inside `obj`, else None."""
    for f in functions(obj):
        if not _trusted(f.__code__.co_filename, f.__name__):
            return "", f"the function {f.__name__} from {f.__code__.co_filename}"
    if isinstance(obj, type):
        module = sys.modules.get(obj.__module__)
        file = getattr(module, "__file__", None)
        builtin = obj.__module__ in sys.builtin_module_names
        if not builtin and (file is None or not _trusted(file, "")):
            return "", f"the class {obj.__qualname__} from {obj.__module__}"
        if obj.__module__ == home and depth < 4:
            for key, v in list(vars(obj).items()):
                found = _stranger(v, home, depth + 1)
                if found:
                    return f".{key}{found[0]}", found[1]
    return None


def _trusted(filename: str, name: str) -> bool:
    # dataclasses and namedtuple write their methods as text and compile it ("<string>").
    if filename == "<string>" and _dunder(name):
        return True
    return _trusted_file(filename)


@lru_cache(maxsize=4096)
def _trusted_file(filename: str) -> bool:
    """Whether a file is the package's or a library's (the functions of a module share one)."""
    if filename.startswith("<frozen "):
        return True
    path = Path(filename).resolve()
    return any(path.is_relative_to(root) for root in _roots())


@lru_cache(maxsize=1)
def _roots() -> tuple[Path, ...]:
    paths = sysconfig.get_paths()
    roots = {_PACKAGE_DIR}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        if paths.get(key):
            roots.add(Path(paths[key]).resolve())
    roots.add(Path(sys.base_prefix).resolve())
    return tuple(roots)
