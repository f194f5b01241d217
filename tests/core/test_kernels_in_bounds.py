"""numba does not check array bounds: a kernel writing past a table would corrupt memory
silently. Each kernel is played with bounds checking on when its stamp is renewed
(sim/bounds.py), and the stamp records what was played; here, every stamp of the code this
suite runs must record it, and the check itself must catch an index out of range."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from workbench.core import get_game, stamps
from workbench.sim import bounds
from workbench.sim.kernels import compiled_games
from workbench.sim.stamps import stale


@pytest.mark.parametrize("game", compiled_games())
def test_the_kernel_was_played_in_bounds_on_this_code(game):
    assert stale(game) is None, f"{game}'s stamp is stale: renew it"
    stamp = stamps.Stamp.read(stamps.stamp_path(stamps.kernel_owner(get_game(game))))
    assert "the same rows with bounds checking on" in stamp.bounds, (
        f"{game}'s stamp records no bounds check: "
        f"`python -m workbench.sim.stamps --renew {game}` runs it"
    )


def test_the_probe_tries_each_variant_with_choices():
    probed = bounds.variants_to_probe("squad_combat")
    assert {"sc.ruleset": "v0_5"} in probed and {"sc.overcharge": "six"} in probed
    # A variant that is a number (a turn limit, a copy limit) is not one of them.
    assert all(set(rules) != {"sc.turn_limit"} for rules in probed)


ESCAPE = """
import numpy as np
from numba import njit

@njit
def write(a, i):
    a[i] = 1

write(np.zeros(3, np.int64), 2)
write(np.zeros(3, np.int64), 3)
print("no error")
"""


@pytest.mark.parametrize("opt", ["0", "3"])
def test_the_checked_compile_catches_a_write_past_an_array(opt, tmp_path):
    # The settings the bounds check compiles with: an index one past the end raises.
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_OPT": opt}
    env["NUMBA_CACHE_DIR"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", ESCAPE], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode != 0 and "IndexError" in done.stderr, done.stdout + done.stderr


def test_an_unknown_game_is_named_with_the_games_that_have_kernels(capsys):
    assert bounds.main(["chess"]) == 2
    said = capsys.readouterr().err
    assert "no compiled game 'chess'" in said and "squad_combat" in said
