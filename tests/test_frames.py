"""`simulate` gives the very rows recorded in tests/golden/frames for fixed seeds, random and
heuristic bots, for every game: a change to the engine, the kit or a game that changes a single
game's result shows up here. A deliberate change of rules or bots re-records the files with
`python -m tests.test_frames` and says so in its commit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import workbench as wb
from workbench.sim.kernels import compiled_games

HERE = Path(__file__).parent / "golden" / "frames"
SEED = 2026
GAMES = 60
# Every game with a compiled kernel, with random and with heuristic bots: a new game is in
# the list, and fails here until its rows are recorded.
CONFIGS = {
    f"{game}_{bots}": (game, {"bots": bots})
    for game in sorted(compiled_games())
    for bots in ("random", "heuristic")
}
# The loot policy the compiled kernel does not copy: these games go through the rules.
CONFIGS["coop_agent_random"] = (
    "coop",
    {"bots": "random", "rules": {"coop.loot_policy": "agent"}, "players": 4},
)


def rows(name: str) -> tuple[list[dict], set]:
    """The games' rows, and which paths played them (not recorded: the rows are the rules')."""
    game, options = CONFIGS[name]
    frame = wb.simulate(game, GAMES, seed=SEED, **options)
    # Through JSON, so that the recorded and the fresh rows compare as the same plain values.
    return json.loads(json.dumps(frame.drop("played_by").to_dicts())), set(frame["played_by"])


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_simulate_gives_the_recorded_rows(name):
    recorded = [json.loads(line) for line in (HERE / f"{name}.jsonl").read_text().splitlines()]
    fresh, paths = rows(name)
    assert paths == (
        {"engine: variant coop.loot_policy = 'agent' is not compiled"}
        if name == "coop_agent_random"
        else {"kernel"}
    )
    assert len(fresh) == len(recorded) == GAMES
    for i, (old, new) in enumerate(zip(recorded, fresh, strict=True)):
        assert new == old, f"{name}: game {i} (seed {old['seed']}) differs"


if __name__ == "__main__":
    import sys

    HERE.mkdir(parents=True, exist_ok=True)
    for name in sys.argv[1:] or CONFIGS:  # the names given, or every one
        text = "\n".join(json.dumps(r, sort_keys=True) for r in rows(name)[0])
        (HERE / f"{name}.jsonl").write_text(text + "\n")
        print("recorded", name)
