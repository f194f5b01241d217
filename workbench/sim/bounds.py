"""Whether a game's compiled kernel stays inside its arrays.

numba does not check array bounds: a kernel writing past a table would corrupt memory
silently. `check(name)` plays the kernel twice in fresh processes, on the same seeds, bots and
rule variants: once compiled afresh with bounds checking on (an index out of range raises),
once as compiled for use. The rows must be the same, and the kernel must have played them.

It compiles the whole kernel again, minutes of one core, so it runs where a kernel's code is
checked anyway: when its stamp is renewed (`python -m workbench.sim.stamps --renew GAME`),
which records the result in the stamp; the test suite then checks that the stamp of the code
it runs says so. `python -m workbench.sim.bounds GAME ...` runs it alone.

The checked copy is compiled with LLVM's optimisations off (`NUMBA_OPT=0`): the check is of
the indexing, which optimisation does not change, and unoptimised code compiles sooner.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from ..core.registry import get_game

GAMES, VARIANT_GAMES, SEED = 150, 20, 5

# Plays the default rules with both bots, then each variant with choices at its first
# value other than the default, alone; prints the rows as JSON.
PROBE = """
import json, sys
import workbench as wb
from workbench.sim.bounds import GAMES, SEED, VARIANT_GAMES, variants_to_probe
from workbench.sim.kernels import SETUPS
name = sys.argv[1]
rows = {}
for bots in ("random", "heuristic"):
    batches = [(None, GAMES)] + [(v, VARIANT_GAMES) for v in variants_to_probe(name)]
    for rules, n in batches:
        frame = wb.simulate(name, n, seed=SEED, bots=bots, rules=rules, **SETUPS.get(name, {}))
        rows[f"{bots} {rules}"] = frame.to_dicts()
print(json.dumps(rows))
"""


def variants_to_probe(name: str) -> list[dict]:
    """Each rule variant of game `name` that has choices, at its first value other than the
    default: one rules dict each."""
    return [
        {v.key: next(c for c in v.choices if c != v.default)}
        for v in get_game(name).variants
        if v.choices is not None and len(v.choices) > 1
    ]


def _probe(name: str, **env) -> subprocess.CompletedProcess:
    # A probe compiles as long as the machine's load makes it: no time-out.
    return subprocess.run(
        [sys.executable, "-c", PROBE, name],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
    )


def check(name: str) -> tuple[str | None, str]:
    """(why the kernel of game `name` fails the bounds check, or None; what was played)."""
    with tempfile.TemporaryDirectory(prefix="bounds-") as cache, ThreadPoolExecutor(2) as pool:
        # Both at once: compiling is one core's work.
        checked = pool.submit(
            _probe, name, NUMBA_BOUNDSCHECK="1", NUMBA_OPT="0", NUMBA_CACHE_DIR=cache
        )
        plain = pool.submit(_probe, name)
        checked, plain = checked.result(), plain.result()
    for label, done in (("with bounds checking on", checked), ("as compiled", plain)):
        if done.returncode != 0:
            return f"the kernel failed {label}: {done.stderr[-2000:]}", ""
    if checked.stdout != plain.stdout:
        return "the kernel gives other rows with bounds checking on", ""
    rows = json.loads(checked.stdout.splitlines()[-1])
    paths = {r["played_by"] for batch in rows.values() for r in batch}
    played = sum(len(batch) for batch in rows.values())
    by_kernel = sum(r["played_by"] == "kernel" for batch in rows.values() for r in batch)
    if by_kernel == 0 or not _refused_only(paths):
        return f"the kernel did not play the probe's games: {sorted(paths)}", ""
    variants = len(rows) // 2 - 1
    where = (
        "all in the kernel"
        if by_kernel == played
        else f"{by_kernel} in the kernel (the engine plays a value the kernel does not compile)"
    )
    return None, (
        f"{played} games on the default rules and {variants} variants, random and heuristic "
        f"bots, {where}: the same rows with bounds checking on"
    )


def _refused_only(paths: set) -> bool:
    # A variant value the kernel does not compile is played by the engine and says so.
    return all(p == "kernel" or "not compiled" in p for p in paths)


def main(argv=None) -> int:
    names = (argv if argv is not None else sys.argv[1:]) or []
    if not names:
        print("usage: python -m workbench.sim.bounds GAME ...", file=sys.stderr)
        return 2
    from .kernels import compiled_games

    games = compiled_games()
    unknown = [n for n in names if n not in games]
    if unknown:
        print(
            f"no compiled game {unknown[0]!r}; games with a kernel: {', '.join(sorted(games))}",
            file=sys.stderr,
        )
        return 2
    bad = 0
    for name in names:
        why, what = check(name)
        bad += why is not None
        print(f"{name}: {why or 'in bounds: ' + what}", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
