"""The user's cache folder, for what is slow to build and the same every time (the dice
parser's tables, the charts' offline JavaScript)."""

from __future__ import annotations

import os


def cache_folder() -> str | None:
    """`<XDG_CACHE_HOME or ~/.cache>/workbench`, made if need be: never the installed package
    (site-packages may be read-only, as on Binder) and never the shared temporary folder (a
    cached file may be code or a pickle, so only its owner may write it). None when no such
    folder can be made."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # unset, or relative, which the XDG specification says to ignore
        base = os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):
        return None  # no home folder: never a cache relative to wherever Python was started
    folder = os.path.join(base, "workbench")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    return folder
