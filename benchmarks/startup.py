"""Start-up time: `import workbench`, and importing it and starting a co-op match (the first
answer a designer waits for in a new kernel); `import workbench.dice`, and importing it and a
first exact answer. Each run is a fresh process (with Python's bytecode caches, as an installed
package has them: checkouts.child_env), timed inside it from before the import to the answer;
median, min and max of the runs.

    .venv/bin/python benchmarks/startup.py [--runs N] [--against PATH]

With --against PATH the same snippets also run against the checkout at PATH, alternating
between the two checkouts run by run so that other load on the machine falls on both alike,
and the ratio of the medians is printed. Results go to benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from checkouts import HERE, run, summary  # benchmarks/checkouts.py, beside this script
from results import echo, record  # benchmarks/results.py

SNIPPETS = {
    "import workbench": "import workbench",
    "play('coop', seed=1)": "import workbench\nworkbench.play('coop', seed=1)",
    "import workbench.dice": "import workbench.dice",
    "exact('3d6') too": "import workbench.dice\nworkbench.dice.exact('3d6')",
}

CHILD = """\
import time
t = time.perf_counter()
{snippet}
answer = {{"seconds": time.perf_counter() - t}}
"""


def timed(checkout: Path, snippet: str) -> float:
    return run(checkout, CHILD.format(snippet=snippet))["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per snippet and checkout")
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    args = parser.parse_args()
    checkouts = [HERE] + ([args.against.resolve()] if args.against else [])

    for checkout in checkouts:
        # One untimed run each, so neither checkout pays for writing its bytecode cache.
        for snippet in SNIPPETS.values():
            timed(checkout, snippet)
        print(f"{checkout}: measured")

    print()
    out: list[str] = []
    echo(
        out, f"{args.runs} fresh processes per snippet and checkout, alternating; median (min-max)"
    )
    header = f"{'snippet':<22}" + "".join(f"{c.name:>26}" for c in checkouts)
    echo(out, header + (f"{'ratio':>9}" if args.against else ""))
    for label, snippet in SNIPPETS.items():
        times: dict[Path, list[float]] = {c: [] for c in checkouts}
        for _ in range(args.runs):
            for checkout in checkouts:
                times[checkout].append(timed(checkout, snippet))
        line = f"{label:<22}" + "".join(f"{summary(times[c], ' ms', 1000):>26}" for c in checkouts)
        if args.against:
            ratio = statistics.median(times[checkouts[1]]) / statistics.median(times[HERE])
            line += f"{ratio:>8.1f}x"
        echo(out, line)
    if args.against:
        echo(out)
        echo(out, f"ratio: median of {checkouts[1].name} / median of {HERE.name}")
    record("Start-up time (benchmarks/startup.py)", out)


if __name__ == "__main__":
    main()
