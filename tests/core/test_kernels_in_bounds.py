"""numba does not check array bounds: a kernel writing past a table would corrupt memory
silently. Each game's kernel plays here with bounds checking on, compiled afresh in a process
of its own, and must give the rows it gives without."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from workbench.sim.kernels import compiled_games

# Under `pytest -n`, one process compiles the probes, not one per process.
pytestmark = pytest.mark.xdist_group("bounds")

PROBE = """
import json, sys
import workbench as wb
from workbench.sim.kernels import SETUPS
name = sys.argv[1]
VARIANT = {"coop": {"coop.placement": "fixed_numbers"},
           "correction": {"cor.token_supply": 5, "cor.spear_reach": "over"},
           "rpg_card_battle": {"rcb.poison_stacking": "refresh"},
           "sac": {"sac.dead_end": "backtrack"},
           "squad_combat": {"sc.ruleset": "v0_5"},
           "location_ccg": {"loc.stack": "lifo", "loc.payment": "cards"},
           "armies": {"arm.power": "dice", "arm.ability_speed": "instant"}}
rows = {}
for bots in ("random", "heuristic"):
    for rules in (None, VARIANT[name]):
        frame = wb.simulate(name, 150, seed=5, bots=bots, rules=rules, **SETUPS.get(name, {}))
        rows[f"{bots} {rules}"] = frame.to_dicts()
print(json.dumps(rows))
"""


def _probe(game: str, **env) -> subprocess.CompletedProcess:
    # A probe compiles its kernel afresh, as long as the machine's load makes it: no time-out
    # (CI bounds the whole run).
    return subprocess.run(
        [sys.executable, "-c", PROBE, game],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
    )


@pytest.fixture(scope="module")
def probes(tmp_path_factory):
    """Every game's two probes, started together two at a time: compiling with bounds checks
    is one core's work per game, and the suite otherwise leaves the second core idle."""
    pool = ThreadPoolExecutor(2)
    started = {}
    for game in compiled_games():
        cache = tmp_path_factory.mktemp(f"bounds-{game}")
        started[game] = (
            pool.submit(_probe, game, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(cache)),
            pool.submit(_probe, game),
        )
    yield started
    pool.shutdown(cancel_futures=True)


@pytest.mark.parametrize("game", compiled_games())
def test_kernel_stays_in_bounds(game, probes):
    checked, plain = (future.result() for future in probes[game])
    for done in (checked, plain):
        assert done.returncode == 0, done.stderr[-3000:]
    assert checked.stdout == plain.stdout, "the kernel gives other rows with bounds checking on"
    # ... and it is the kernel that played them (a stale stamp would send them to the engine).
    rows = json.loads(checked.stdout.splitlines()[-1])
    assert {r["played_by"] for batch in rows.values() for r in batch} == {"kernel"}
