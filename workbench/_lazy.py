"""What loads only when first used.

Names a package exports but imports only when first used (PEP 562): analyses and the
simulation layer pull in heavy libraries that starting a match never needs, so packages export
them through `lazy_attributes` instead of importing them at the top.

Work that waits for another library's import (`after_import`): a setting for a library that
a session may never load is made when it loads, so asking for the setting does not load it.

A grammar jsonschema builds for a check our charts never make (`defer_iri_grammar`).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import types
import warnings
from functools import partial


def lazy_attributes(package: str, sources: dict[str, list[str]]):
    """`__getattr__` and `__dir__` for `package`, which exports each name in `sources[module]`
    (a module relative to the package) without importing that module until the name is used."""
    where = {name: module for module, names in sources.items() for name in names}

    def __getattr__(name: str):
        try:
            module = where[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module, package), name)
        # Set on the package, so the next lookup finds it without coming back here.
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))

    return __getattr__, __dir__


def after_import(name: str, hook) -> None:
    """Call `hook(module)` once the module `name` is imported: now if it is already, else
    right after it first runs, whoever imports it. A hook that fails is reported as a warning:
    the import it follows still succeeds."""
    if name in sys.modules:
        hook(sys.modules[name])
        return

    def then(run, module):
        run(module)
        try:
            hook(module)
        except Exception as exc:  # noqa: BLE001 - the library loaded; only the hook's work is lost
            warnings.warn(
                f"{getattr(hook, '__qualname__', hook)} after importing {name} failed: {exc!r}",
                RuntimeWarning,
                stacklevel=2,
            )

    _watch().add(name, then)


def defer_iri_grammar() -> None:
    """Let jsonschema build its IRI grammar when it first checks an "iri" format, not when
    it is imported.

    Importing jsonschema imports rfc3987_syntax when it is installed (JupyterLab brings it),
    which compiles an Earley parser of RFC 3987 on import: most of a second, and more than half
    of a first Altair chart in a new kernel. Altair validates every chart against Vega-Lite's
    schema, whose formats are "uri", "uri-reference" and "color-hex", never an IRI. So while
    jsonschema runs its import, `rfc3987_syntax` is a stand-in whose `is_valid_syntax` imports
    the real module on its first call; the stand-in is gone once jsonschema has loaded. Every
    format check stays (an IRI is checked just as before, by the real grammar), and charts stay
    validated in full. Nothing changes when jsonschema is loaded already or rfc3987_syntax is
    not installed."""
    if "jsonschema" in sys.modules:
        return
    _watch().add("jsonschema", _without_iri_grammar)


def _without_iri_grammar(run, module) -> None:
    name = "rfc3987_syntax"
    if name in sys.modules or importlib.util.find_spec(name) is None:
        run(module)
        return
    stand_in = types.ModuleType(name, "Imports rfc3987_syntax when first used.")
    stand_in.is_valid_syntax = _is_valid_syntax
    sys.modules[name] = stand_in
    try:
        run(module)
    finally:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]


def _is_valid_syntax(term: str, value: str) -> bool:
    from rfc3987_syntax import is_valid_syntax

    return is_valid_syntax(term, value)


class _Watch:
    """A finder that finds nothing itself: for a module with work waiting on its import, it
    asks the other finders and wraps the loader's run of the module in that work, once."""

    def __init__(self):
        self.waiting: dict[str, list] = {}  # module name -> [around(run, module)]

    def add(self, name: str, around) -> None:
        self.waiting.setdefault(name, []).append(around)

    def find_spec(self, name, path=None, target=None):
        if name not in self.waiting:
            return None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(name, path, target)
            if spec is not None:
                break
        else:
            return None
        # A file's loader serves that one module, so its run can be wrapped in place; a loader
        # serving many (a zip's) is left alone, and the work waits on.
        if not isinstance(spec.loader, _FILE_LOADERS):
            return spec
        run = spec.loader.exec_module
        for around in self.waiting.pop(name):
            run = partial(around, run)
        spec.loader.exec_module = run
        return spec


_FILE_LOADERS = (
    importlib.machinery.SourceFileLoader,
    importlib.machinery.SourcelessFileLoader,
    importlib.machinery.ExtensionFileLoader,
)


def _watch() -> _Watch:
    for finder in sys.meta_path:
        if isinstance(finder, _Watch):
            return finder
    finder = _Watch()
    sys.meta_path.insert(0, finder)
    return finder
