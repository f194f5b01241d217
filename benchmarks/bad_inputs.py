"""Sort the answers of a checkout to every bad-input case in tests/bad_inputs/ (one area a
file) into clear, unclear, silently wrong, and hang or lost: each case runs in its own process
with a time limit, against the package of the checkout given (default: this one). Results go
to benchmarks/RESULTS.md, another checkout's to a section of its own.

    .venv/bin/python benchmarks/bad_inputs.py [--checkout PATH] [--timeout SECONDS]
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from results import echo, record  # benchmarks/results.py, beside this script

HERE = Path(__file__).resolve().parents[1]

RUN_ONE = """
import sys, tempfile, pathlib
sys.path.insert(0, {tests!r})
from bad_inputs.cases import all_cases, Unclear, Silent, Lost
CASES = all_cases()
try:
    CASES[{name!r}](pathlib.Path(tempfile.mkdtemp()))
    print("RESULT clear")
except Unclear as e:
    print("RESULT unclear", str(e)[:160].replace(chr(10), " "))
except Silent as e:
    print("RESULT silent", str(e)[:160].replace(chr(10), " "))
except Lost as e:
    print("RESULT lost", str(e)[:160].replace(chr(10), " "))
except BaseException as e:
    print("RESULT unclear", type(e).__name__, str(e)[:160].replace(chr(10), " "))
"""

CLASSES = {
    "clear": "clear",
    "unclear": "unclear",
    "silent": "silently wrong",
    "lost": "hang or lost",
    "hang": "hang or lost",
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--checkout", default=str(HERE))
    parser.add_argument("--timeout", type=float, default=20.0)
    args = parser.parse_args()
    sys.path.insert(0, str(HERE / "tests"))
    from bad_inputs.cases import all_cases

    CASES = all_cases()

    env = {**os.environ, "PYTHONPATH": args.checkout}
    totals = collections.Counter()
    table: list[str] = []  # `out` and `lines` are the child's output below
    for name in CASES:
        code = RUN_ONE.format(tests=str(HERE / "tests"), name=name)
        # Its own session, so a case that times out is ended with every worker it started.
        proc = subprocess.Popen(
            [sys.executable, "-c", code],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tempfile.gettempdir(),
            start_new_session=True,
        )
        try:
            out, err = proc.communicate(timeout=args.timeout)
            done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
            lines = [x for x in done.stdout.splitlines() if x.startswith("RESULT ")]
            verdict, _, note = (lines[-1][7:] if lines else "lost crashed").partition(" ")
            if not lines:
                note = f"exit {done.returncode}: {done.stderr.strip()[-160:]}"
        except subprocess.TimeoutExpired:
            verdict, note = "hang", f"no answer in {args.timeout:g} s"
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # workers left behind, if any
            except ProcessLookupError:
                pass
            proc.communicate()
        totals[CLASSES[verdict]] += 1
        echo(table, f"{CLASSES[verdict]:15} {name}  {note}")
    echo(table)
    echo(
        table,
        ", ".join(
            f"{totals[c]} {c}" for c in ("clear", "unclear", "silently wrong", "hang or lost")
        )
        + f" of {sum(totals.values())}",
    )
    # A run against an older checkout must not take the place of this one's figures.
    other = Path(args.checkout).resolve() != HERE
    record(
        f"Bad inputs sorted{', another checkout' if other else ''} (benchmarks/bad_inputs.py)",
        table,
    )


if __name__ == "__main__":
    main()
