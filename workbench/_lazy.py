"""Names a package exports but imports only when first used (PEP 562).

Analyses and the simulation layer pull in heavy libraries that starting a match never needs,
so packages export them through `lazy_attributes` instead of importing them at the top.
"""

from __future__ import annotations

import importlib
import sys


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
