"""What every bad-input case uses: the registry, `expect` and `check`.

Bad inputs live one area a file (test_files.py, test_saves.py, ...), one function a case: each
asserts the error's type, that its message names where and what, and that nothing on disk or
in memory changed. Each file's docstring says the rule its cases hold the package to.

The cases use only names every version of the package has (new error types are matched by
name), so benchmarks/bad_inputs.py can run the same cases against another checkout and sort
its answers into: clear, unclear (another error, or a message that does not say where and
what), silently wrong (no error, or a wrong answer) and hang or lost (out of time, crashed,
or something stored was lost).
"""

from __future__ import annotations

import _thread
import inspect
import shutil
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

import workbench as wb
from workbench.cards import data_dir

CASES: dict = {}


class Unclear(AssertionError):
    """An error came, but not the one that says where and what."""


class Silent(AssertionError):
    """No error came where one should have, or the answer is wrong."""


class Lost(AssertionError):
    """Something stored (a file, a table, a result) was lost or changed."""


def case(area: str):
    """Registers a case under "<area>: <its name in words>"."""

    def register(fn):
        CASES[f"{area}: {fn.__name__.replace('_', ' ')}"] = fn
        return fn

    return register


@contextmanager
def expect(error: str, *words: str, longest: int = 5000):
    """The block raises an exception whose class (or a base class) is named `error`, with
    every word of `words` in its message (case-insensitive), in at most `longest` characters."""
    try:
        yield
    except BaseException as exc:  # sorting every answer is the point
        if isinstance(exc, (Unclear, Silent, Lost)):
            raise
        names = {c.__name__ for c in type(exc).__mro__}
        text = str(exc)
        if error not in names:
            raise Unclear(f"{type(exc).__name__}: {text[:300]}") from exc
        missing = [w for w in words if w.lower() not in text.lower()]
        if missing:
            raise Unclear(f"message lacks {missing}: {text[:300]}") from exc
        if len(text) > longest:
            raise Unclear(f"message of {len(text):,} characters") from exc
        return
    raise Silent(f"no {error} was raised")


def check(condition: bool, what: str, kind=Lost) -> None:
    if not condition:
        raise kind(what)


def snapshot(directory: Path) -> dict:
    return {p.name: p.read_bytes() for p in sorted(Path(directory).iterdir()) if p.is_file()}


def copy_coop(tmp: Path) -> Path:
    target = tmp / "coop"
    shutil.copytree(data_dir("coop"), target)
    return target


def supported(fn, **kwargs) -> dict:
    """The keyword arguments `fn` takes (a version without them gets none of them)."""
    params = inspect.signature(fn).parameters
    return {k: v for k, v in kwargs.items() if k in params}


def played(seed=1, **kw):
    m = wb.play("coop", seed=seed, bots="heuristic", players=3, **kw)
    m.auto(max_steps=40)
    return m


def spin_bot(state, seat, actions, rng):
    # Hangs on its tenth decision of any game; used in worker processes.
    if state.stats().get("turns", 0) >= 0 and len(actions) and rng.random() < 0.05:
        while True:
            pass
    return actions[0]


def area_test(module: str):
    """The test that runs every case registered by `module` (call it at the end of the file)."""
    names = [name for name, fn in CASES.items() if fn.__module__ == module]

    @pytest.mark.parametrize("name", names)
    def test_bad_input(name, tmp_path):
        CASES[name](tmp_path)

    return test_bad_input


def all_cases() -> dict:
    """Every case of every area file (what benchmarks/bad_inputs.py sorts)."""
    import importlib

    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        importlib.import_module(f"{__package__}.{path.stem}")
    return CASES


def interrupted(run, after: float = 1.0):
    """What `run()` returns when Ctrl+C comes `after` seconds into it (Lost if it raises)."""
    import signal

    # Ctrl+C as a notebook sends it, even where this process was started with SIGINT ignored
    # (a background job), where interrupt_main would do nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(after, _thread.interrupt_main)
    timer.start()
    try:
        return run()
    except KeyboardInterrupt as exc:
        raise Lost("Ctrl+C lost every game played") from exc
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
