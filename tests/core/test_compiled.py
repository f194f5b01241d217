"""The compiled random stream, chance pick, deck and list removal the games' kernels share
are Python's own; the rule variants and bots a kernel takes are only those it plays."""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from numba import njit, types

from tests import kernels
from workbench.core.bots import make_bots
from workbench.core.compiled import (
    MT_SIZE,
    data_pointer,
    deck_put,
    deck_take_at,
    list_remove,
    mt_random,
    mt_seed,
    pick_cum,
    rule_numbers,
)
from workbench.core.kit import Deck
from workbench.core.registry import get_game
from workbench.dice.dist import Dist
from workbench.sim.kernels import SETUPS, compiled_games
from workbench.sim.simulate import prepare


@pytest.mark.parametrize(
    "seed", [0, 1, 0x5EED, 2**32 - 1, 2**32, 2**47 + 12345, 2**48 - 1, 2**63 - 1]
)
def test_random_stream_is_pythons(seed):
    mt = np.empty(MT_SIZE, np.int64)
    mt_seed(mt, seed)
    rng = random.Random(seed)
    # 700 draws cross two regenerations of the 624-word state.
    assert [mt_random(mt) for _ in range(700)] == [rng.random() for _ in range(700)]


def test_pick_walks_the_weights_as_dist_pick_does():
    rng = random.Random(7)
    for _ in range(200):
        weights = [rng.randint(1, 9) for _ in range(rng.randint(1, 8))]
        dist = Dist._ordered(tuple(range(len(weights))), tuple(weights))
        cum = np.cumsum(weights).astype(np.int64)
        for u in (0.0, rng.random(), rng.random(), 1 - 2**-53):
            assert pick_cum(cum, len(weights), u) == dist.pick(u), (weights, u)


def test_list_remove_is_list_remove():
    rng = random.Random(3)
    for _ in range(300):
        items = [rng.randint(0, 4) for _ in range(rng.randint(0, 6))]
        v = rng.randint(0, 5)
        # The list sits inside a larger vector, its length in the last slot.
        S = np.full(12, -7, np.int64)
        S[2 : 2 + len(items)] = items
        S[11] = len(items)
        found = list_remove(S, 2, 11, v)
        expected = list(items)
        assert found == (v in expected)
        if found:
            expected.remove(v)
        assert S[11] == len(expected)
        assert S[2 : 2 + len(expected)].tolist() == expected
        assert S[:2].tolist() == [-7, -7]


@njit
def _through_pointer(A, reads, writes):
    W = data_pointer(A)
    got = np.empty(len(reads), A.dtype)
    for k in range(len(reads)):
        got[k] = W[reads[k]]
    for k in range(len(writes)):
        W[writes[k]] += k + 1
    return got


def test_a_data_pointer_reads_and_writes_the_array_it_points_into():
    A = np.arange(100, 140, dtype=np.int64)
    before = A.copy()
    reads = np.array([0, 39, 7, 7, 20], np.int64)
    writes = np.array([3, 39, 3], np.int64)
    got = _through_pointer(A, reads, writes)
    assert got.tolist() == before[reads].tolist()
    expected = before.copy()
    for k, i in enumerate(writes):
        expected[i] += k + 1
    assert A.tolist() == expected.tolist()
    # Outside bounds checking a kernel holds a pointer, not another array (see data_pointer).
    compiled = next(iter(_through_pointer.overloads.values()))
    if not os.environ.get("NUMBA_BOUNDSCHECK"):
        assert isinstance(compiled.type_annotation.typemap["W"], types.CPointer)


def test_with_bounds_checks_on_a_data_pointer_is_checked_too():
    """tests/core/test_kernels_in_bounds.py relies on it for the Armies kernel."""
    probe = (
        "import numpy as np\n"
        "from tests.core.test_compiled import _through_pointer\n"
        "_through_pointer(np.arange(10), np.array([12]), np.array([0], np.int64))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env={**os.environ, "NUMBA_BOUNDSCHECK": "1"},
        timeout=300,
        cwd=Path(__file__).parents[2],
    )
    assert done.returncode != 0
    assert "IndexError: index is out of bounds" in done.stderr


def test_deck_put_and_take_keep_decks_order():
    rng = random.Random(5)
    deck = Deck()
    ids = np.zeros(4, np.int64)
    cnt = np.zeros(4, np.int64)
    n = 0
    for _ in range(2000):
        if n and rng.random() < 0.5:
            i = rng.randrange(n)
            deck.take(int(ids[i]))
            n = deck_take_at(ids, cnt, n, i)
        else:
            card = rng.randrange(6)
            put = deck_put(ids, cnt, n, card)
            if put < 0:  # a fifth card: no room, nothing changed
                assert card not in deck and len(deck.counts) == 4
                continue
            deck.put(card)
            n = put
        assert list(zip(ids[:n].tolist(), cnt[:n].tolist(), strict=True)) == list(
            deck.counts.items()
        )


def test_rule_numbers_read_only_the_values_a_kernel_plays():
    table = {
        "x.mode": (0, {"a": 0, "b": 1}),
        "x.flag": (1, {False: 0, True: 1}),
        "x.limit": (2, None),
        "x.label": (None, {"plain": 0, "fancy": 1}),
    }
    R = rule_numbers({"x.mode": "b", "x.flag": True, "x.limit": 7, "x.label": "fancy"}, table, 4)
    assert R.tolist() == [1, 1, 7, 0]
    assert rule_numbers({"x.limit": 0}, table, 4).tolist() == [0, 0, 0, 0]
    assert rule_numbers({"x.new": 1}, table, 4) == "variant x.new is not compiled"
    for rules in (
        {"x.mode": "c"},
        {"x.flag": 1},
        {"x.limit": True},
        {"x.limit": -1},
        {"x.limit": "7"},
        {"x.label": "bold"},
    ):
        [(key, value)] = rules.items()
        assert rule_numbers(rules, table, 4) == f"variant {key} = {value!r} is not compiled"
    assert rule_numbers({"x.limit": 0}, table, 4, least=1) == "variant x.limit = 0 is not compiled"


@pytest.mark.parametrize("game", compiled_games())
def test_a_cap_too_wide_for_a_kernel_is_the_engines(game):
    # A decision cap past the kernels' 64-bit integers, or a traced cap past the scores a
    # kernel keeps in memory: the engine plays the batch (a one-seat game has no tension to
    # trace).
    setup = prepare(game, None, None, "random", None, SETUPS.get(game, {})).setup
    one_seat = get_game(game).num_seats(setup) == 1
    for cap, trace in ((10**13, False),) + (() if one_seat else ((2 * 10**6, True),)):
        fast, slow = kernels.both(
            game, 3, bots="random", max_decisions=cap, trace=trace, **SETUPS.get(game, {})
        )
        assert fast is None and len(slow) == 3


def test_kernels_compile_largest_first():
    # Two at a time, the largest kernel (the longest compile) must start first to run beside
    # the others rather than after them.
    games = compiled_games()
    sizes = []
    for game in games:
        package = type(get_game(game)).__module__.rsplit(".", 1)[0]
        sizes.append(os.path.getsize(importlib.import_module(f"{package}.kernel").__file__))
    assert len(games) == 7 and sizes == sorted(sizes, reverse=True)
    assert games[0] == "armies"


@pytest.mark.parametrize("game", compiled_games())
def test_every_kernel_lets_other_threads_run(game):
    # Local runs play a compiled game's batches on threads side by side (executors.run_batches),
    # which gains nothing unless the kernel releases the GIL.
    package = type(get_game(game)).__module__.rsplit(".", 1)[0]
    kernel = importlib.import_module(f"{package}.kernel")
    assert kernel.play_many.targetoptions.get("nogil") is True


@pytest.mark.parametrize("game", compiled_games())
def test_a_kernel_leaves_the_tables_batches_share_as_they_were(game, monkeypatch):
    # Batches of one game play on threads side by side, handed the same cached tables
    # (executors.local_threads): a kernel that wrote into them would mix their games up.
    package = type(get_game(game)).__module__.rsplit(".", 1)[0]
    kernel = importlib.import_module(f"{package}.kernel")
    calls = []
    real = kernel.play_many

    def spy(*args):
        before = [a.copy() if isinstance(a, np.ndarray) else None for a in args]
        out = real(*args)
        calls.append((args, before))
        return out

    monkeypatch.setattr(kernel, "play_many", spy)
    g = get_game(game)
    b = prepare(game, None, None, "heuristic", None, SETUPS.get(game, {}))
    bots = make_bots(b.bots, g, g.num_seats(b.setup))
    for seeds in ([1, 2, 3], [4, 5, 6]):
        assert g.play_batch(b.cards, b.rules, b.setup, bots, g.max_decisions, seeds) is not None
    (first, _), (second, before) = calls
    shared = [
        i
        for i, (x, y) in enumerate(zip(first, second, strict=True))
        if isinstance(x, np.ndarray) and x is y
    ]
    assert shared, "the tables are built once per cards and rules"
    for i in shared:
        assert np.array_equal(second[i], before[i]), f"play_many wrote into argument {i}"
