"""Built-in games. Importing this package registers every game package in it."""

import importlib
import pkgutil

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _info.ispkg:
        importlib.import_module(f"{__name__}.{_info.name}")
