"""`simulate` gives the very rows recorded in tests/golden/frames for fixed seeds, random and
heuristic bots, for every game: a change to the engine, the kit or a game that changes a single
game's result shows up here. A deliberate change of rules or bots re-records the files with
`python -m tests.test_frames` and says so in its commit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import workbench as wb

HERE = Path(__file__).parent / "golden" / "frames"
SEED = 2026
GAMES = 60
CONFIGS = {
    "armies_random": ("armies", {"bots": "random"}),
    "armies_heuristic": ("armies", {"bots": "heuristic"}),
    "coop_random": ("coop", {"bots": "random"}),
    "coop_heuristic": ("coop", {"bots": "heuristic"}),
    # The loot policy the compiled kernel does not copy: these games go through the rules.
    "coop_agent_random": ("coop", {"bots": "random", "rules": {"coop.loot_policy": "agent"},
                                   "players": 4}),
    "correction_random": ("correction", {"bots": "random"}),
    "correction_heuristic": ("correction", {"bots": "heuristic"}),
    "location_ccg_random": ("location_ccg", {"bots": "random"}),
    "location_ccg_heuristic": ("location_ccg", {"bots": "heuristic"}),
    "rpg_card_battle_random": ("rpg_card_battle", {"bots": "random"}),
    "rpg_card_battle_heuristic": ("rpg_card_battle", {"bots": "heuristic"}),
    "squad_combat_random": ("squad_combat", {"bots": "random"}),
    "squad_combat_heuristic": ("squad_combat", {"bots": "heuristic"}),
}


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
    assert paths == ({"engine: variant coop.loot_policy = 'agent' is not compiled"}
                     if name == "coop_agent_random" else {"kernel"})
    assert len(fresh) == len(recorded) == GAMES
    for i, (old, new) in enumerate(zip(recorded, fresh)):
        assert new == old, f"{name}: game {i} (seed {old['seed']}) differs"


if __name__ == "__main__":
    HERE.mkdir(parents=True, exist_ok=True)
    for name in CONFIGS:
        text = "\n".join(json.dumps(r, sort_keys=True) for r in rows(name)[0])
        (HERE / f"{name}.jsonl").write_text(text + "\n")
        print("recorded", name)
