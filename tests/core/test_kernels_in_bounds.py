"""numba does not check array bounds: a kernel writing past a table would corrupt memory
silently. Each game's kernel plays here with bounds checking on, compiled afresh in a process
of its own, and must give the rows it gives without."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from workbench.sim.kernels import compiled_games

PROBE = """
import json, sys
import workbench as wb
from workbench.sim.kernels import SETUPS
name = sys.argv[1]
VARIANT = {"coop": {"coop.placement": "fixed_numbers"},
           "correction": {"cor.token_supply": 5, "cor.spear_reach": "over"},
           "rpg_card_battle": {"rcb.poison_stacking": "refresh"},
           "sac": {"sac.dead_end": "backtrack"},
           "squad_combat": {"sc.ruleset": "v0_5"}}
rows = {}
for bots in ("random", "heuristic"):
    for rules in (None, VARIANT[name]):
        frame = wb.simulate(name, 150, seed=5, bots=bots, rules=rules, **SETUPS.get(name, {}))
        rows[f"{bots} {rules}"] = frame.to_dicts()
print(json.dumps(rows))
"""


@pytest.mark.parametrize("game", compiled_games())
def test_kernel_stays_in_bounds(game, tmp_path):
    def run(**env):
        done = subprocess.run([sys.executable, "-c", PROBE, game], capture_output=True,
                              text=True, timeout=600, env={**os.environ, **env})
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    checked = run(NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path))
    assert checked == run(), "the kernel gives other rows with bounds checking on"
