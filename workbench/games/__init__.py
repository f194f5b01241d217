"""Built-in games. Importing this package registers each of them."""

from . import coop  # noqa: F401
