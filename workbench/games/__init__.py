"""Built-in games, one subpackage each, named as its game.

This package is the finder the package root hands to `workbench.core.registry`: a game's
subpackage is imported (and so registered) only when that game is first asked for.
"""

import importlib
import pkgutil


def names() -> list[str]:
    """The built-in games, found without importing any of them."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg)


def load(name: str) -> None:
    """Import the built-in game `name`, which registers it."""
    importlib.import_module(f"{__name__}.{name}")
