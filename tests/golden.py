"""Golden playthroughs: whole logged games kept as text files that must not change by
accident. After an intended rules change, regenerate with WORKBENCH_REGEN_GOLDEN=1."""

from __future__ import annotations

import json
import os
from pathlib import Path

import workbench as wb


def log_lines(game: str, spec: dict) -> list[str]:
    """A bot-played match's log and result, one line each."""
    m = wb.play(game, **spec)
    m.auto()
    return [e["text"] for e in m.log] + [result_line(m)]


def _noted(state) -> int:
    # States that keep only their latest events count them all in `noted`; the others keep
    # every event.
    return getattr(state, "noted", len(state.events))


def event_lines(game: str, spec: dict) -> list[str]:
    """A bot-played match's log with what happened on the table (hits, deaths, discards: the
    state's `events`) written under the decision or roll that caused it."""
    m = wb.play(game, **spec)
    lines = [e["text"] for e in m.log]
    seen, noted = len(m.log), _noted(m.state)
    while m.bot_step() is not None:
        lines += [e["text"] for e in m.log[seen:]]
        new = _noted(m.state) - noted
        assert new <= len(m.state.events), "more happened than the state remembers"
        lines += [f"  · {event}" for event in m.state.events[len(m.state.events) - new :]]
        seen, noted = len(m.log), _noted(m.state)
    return lines + [result_line(m)]


def result_line(match) -> str:
    return f"RESULT {json.dumps(match.result.to_json(), sort_keys=True)}"


def check_saved_form(game: str, spec: dict) -> None:
    """A bot-played match saved as JSON and loaded again has the same log and result."""
    m = wb.play(game, **spec)
    m.auto()
    back = wb.load_match(m.to_json())
    assert back.log == m.log and back.result == m.result


def check(path: Path, lines: list[str]) -> None:
    if os.environ.get("WORKBENCH_REGEN_GOLDEN"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    assert lines == expected, (
        f"{path.name} changed; rerun with WORKBENCH_REGEN_GOLDEN=1 if intended"
    )


def check_replay(game: str, spec: dict) -> None:
    """A bot-played match saved and loaded again gives the same log and result."""
    m = wb.play(game, **spec)
    m.auto()
    back = wb.load_match(m.to_json())
    assert back.log == m.log and back.result == m.result
