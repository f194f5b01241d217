"""Start-up time: `import workbench`, and importing it and starting a co-op match (the first
answer a designer waits for in a new kernel). Each run is a fresh process, timed inside it from
before the import to the answer; median, min and max of the runs.

    .venv/bin/python benchmarks/startup.py [--runs N] [--against PATH]

With --against PATH the same snippets also run against the checkout at PATH, alternating
between the two checkouts run by run so that other load on the machine falls on both alike,
and the ratio of the medians is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

SNIPPETS = {
    "import workbench": "import workbench",
    "play('coop', seed=1)": "import workbench\nworkbench.play('coop', seed=1)",
}

CHILD = """\
import time
t = time.perf_counter()
{snippet}
seconds = time.perf_counter() - t
import json, workbench
print(json.dumps({{"seconds": seconds, "file": workbench.__file__}}))
"""


def run(checkout: Path, snippet: str) -> tuple[float, str]:
    """Seconds the snippet took in a fresh process importing `checkout`'s workbench, and the
    file that process imported it from."""
    # The checkout is also the working directory: `python -c` puts that first on sys.path, so
    # a workbench/ folder there would otherwise win over PYTHONPATH.
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run([sys.executable, "-c", CHILD.format(snippet=snippet)], cwd=checkout,
                          env=env, capture_output=True, text=True, check=True)
    answer = json.loads(done.stdout.splitlines()[-1])
    return answer["seconds"], answer["file"]


def summary(times: list[float]) -> str:
    return (f"{statistics.median(times) * 1000:7.0f} ms "
            f"({min(times) * 1000:.0f}-{max(times) * 1000:.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per snippet and checkout")
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    args = parser.parse_args()
    checkouts = [HERE] + ([args.against.resolve()] if args.against else [])

    for checkout in checkouts:
        # One untimed run each, so neither checkout pays for writing its bytecode cache.
        for snippet in SNIPPETS.values():
            _, file = run(checkout, snippet)
        if not Path(file).is_relative_to(checkout):
            sys.exit(f"{checkout}: the child imported workbench from {file}")
        print(f"{checkout}: workbench from {file}")

    print(f"\n{args.runs} fresh processes per snippet and checkout, alternating; "
          "median (min-max)")
    header = f"{'snippet':<22}" + "".join(f"{c.name:>26}" for c in checkouts)
    print(header + (f"{'ratio':>9}" if args.against else ""))
    for label, snippet in SNIPPETS.items():
        times: dict[Path, list[float]] = {c: [] for c in checkouts}
        for _ in range(args.runs):
            for checkout in checkouts:
                times[checkout].append(run(checkout, snippet)[0])
        line = f"{label:<22}" + "".join(f"{summary(times[c]):>26}" for c in checkouts)
        if args.against:
            ratio = statistics.median(times[checkouts[1]]) / statistics.median(times[HERE])
            line += f"{ratio:>8.1f}x"
        print(line)
    if args.against:
        print(f"\nratio: median of {checkouts[1].name} / median of {HERE.name}")


if __name__ == "__main__":
    main()
