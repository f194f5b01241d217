"""benchmarks/RESULTS.md, written by the benchmark scripts themselves: each run replaces its
own section (or adds it) with the command, the date, the machine and what it printed, and
renews the file's head (HEAD), which says which script writes which section.

WORKBENCH_RESULTS=/tmp/check.md makes `record` write to that file instead (created with HEAD
if missing), so that a check run with small arguments leaves the figures in RESULTS.md alone:

    WORKBENCH_RESULTS=/tmp/check.md .venv/bin/python benchmarks/startup.py --runs 1

`python benchmarks/results.py` puts HEAD at the top of the file and runs nothing: for when HEAD
has changed (a new section, or one no longer to come).
"""

from __future__ import annotations

import datetime
import os
import platform
import re
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"

# It names every section a script writes, whether or not it has run yet; the sections not in
# the file yet are listed after it, from SECTIONS.
HEAD = """\
# Benchmark results

Written by the scripts in this folder, each replacing its own sections when it runs (through
`benchmarks/results.py`); nothing here is edited by hand. Each section opens with the command
that made it, when it finished and on what machine. Every command below runs from the
repository's root with `.venv/bin/python` and, as given, at full size; a run on fewer games
or runs, or on some games only, replaces the same section, and its command says so.

- `benchmarks/kernel_checks.py --against PATH` (PATH a checkout of the last main) writes
  *Checks on the compiled kernels (benchmarks/kernel_checks.py)*.
- `benchmarks/fair_bots.py` writes *Fair search bots (benchmarks/fair_bots.py)*.
- `benchmarks/balance.py` writes *Balance reports (benchmarks/balance.py)*, and
  `benchmarks/balance.py --parts` writes *Whole balance reports (benchmarks/balance.py
  --parts)*.
- `benchmarks/dice.py` writes *Dice, warm, against icepool and dyce (benchmarks/dice.py)* and
  *Dice, every input answered or refused within a second (benchmarks/dice.py)*, and
  `benchmarks/dice.py --cold` writes *Dice, cold, against icepool and dyce
  (benchmarks/dice.py)*.
- `benchmarks/simulate.py` writes *Games per second (benchmarks/simulate.py)* and *OpenSpiel's
  own games, the reference (benchmarks/simulate.py)* (the latter alone:
  `benchmarks/simulate.py --reference`), and `benchmarks/simulate.py --against PATH` writes
  *Games per second against another checkout (benchmarks/simulate.py)*.
- `benchmarks/sweep.py` writes one section for each of its parts, so that a run of some
  (`--parts kernel`, `--parts sweeps`, `--parts dask`, `--dask-bots random`) leaves the others:
  *What-if speed: rules engine against kernel (benchmarks/sweep.py)*, *What-if speed: each
  game's first and second sweep (benchmarks/sweep.py)*, *What-if speed: Dask, heuristic bots
  (benchmarks/sweep.py)* and *What-if speed: Dask, random bots (benchmarks/sweep.py)* (with
  `--dask-settings dask`, the last two with ", Dask's own settings" after the bots).
- `benchmarks/startup.py` writes *Start-up time (benchmarks/startup.py)* (with `--against
  PATH`, beside another checkout's).
- `benchmarks/cold_start.py` writes *Cold start in a fresh kernel (benchmarks/cold_start.py)*.
- `benchmarks/armies.py`, `benchmarks/squad_combat.py`, `benchmarks/location_ccg.py` and
  `benchmarks/sac.py` write *Armies' speed (benchmarks/armies.py)*, *Squad Combat's speed
  (benchmarks/squad_combat.py)*, *The Location CCG's speed (benchmarks/location_ccg.py)* and
  *Soldiers! Aliens! Carnage!'s speed (benchmarks/sac.py)*.
- `benchmarks/armies_bots.py` and `benchmarks/location_ccg_bots.py` write *Armies' bots
  (benchmarks/armies_bots.py)* and *The Location CCG's bots (benchmarks/location_ccg_bots.py)*.
- `benchmarks/searches.py` writes *Rebalance and hunt in full mode (benchmarks/searches.py)*.
- `benchmarks/compile.py` writes *A kernel's first compile (benchmarks/compile.py)* (with
  `--against PATH`, beside another checkout's).
- `benchmarks/bad_inputs.py` writes *Bad inputs sorted (benchmarks/bad_inputs.py)* (with
  `--checkout PATH` of another checkout, *Bad inputs sorted, another checkout
  (benchmarks/bad_inputs.py)*).

"""


SECTIONS = (
    "Checks on the compiled kernels (benchmarks/kernel_checks.py)",
    "Fair search bots (benchmarks/fair_bots.py)",
    "Balance reports (benchmarks/balance.py)",
    "Whole balance reports (benchmarks/balance.py --parts)",
    "Dice, warm, against icepool and dyce (benchmarks/dice.py)",
    "Dice, every input answered or refused within a second (benchmarks/dice.py)",
    "Dice, cold, against icepool and dyce (benchmarks/dice.py)",
    "Games per second (benchmarks/simulate.py)",
    "OpenSpiel's own games, the reference (benchmarks/simulate.py)",
    "What-if speed: rules engine against kernel (benchmarks/sweep.py)",
    "What-if speed: each game's first and second sweep (benchmarks/sweep.py)",
    "What-if speed: Dask, heuristic bots (benchmarks/sweep.py)",
    "What-if speed: Dask, random bots (benchmarks/sweep.py)",
    "Start-up time (benchmarks/startup.py)",
    "Cold start in a fresh kernel (benchmarks/cold_start.py)",
    "Armies' speed (benchmarks/armies.py)",
    "Squad Combat's speed (benchmarks/squad_combat.py)",
    "The Location CCG's speed (benchmarks/location_ccg.py)",
    "Soldiers! Aliens! Carnage!'s speed (benchmarks/sac.py)",
    "Armies' bots (benchmarks/armies_bots.py)",
    "The Location CCG's bots (benchmarks/location_ccg_bots.py)",
    "Rebalance and hunt in full mode (benchmarks/searches.py)",
    "Bad inputs sorted (benchmarks/bad_inputs.py)",
    "A kernel's first compile (benchmarks/compile.py)",
)


def results_file() -> Path:
    """Where `record` writes: RESULTS.md, or the file WORKBENCH_RESULTS names."""
    return Path(os.environ.get("WORKBENCH_RESULTS") or RESULTS)


def machine() -> str:
    return f"{os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}"


def echo(lines: list[str], text: str = "") -> None:
    """Print `text` as the scripts always have, and keep it for `record`."""
    print(text, flush=True)
    lines.append(text)


def record(title: str, lines: list[str]) -> None:
    """Replace (or add) the section `title` of RESULTS.md with `lines`, under the command
    that ran and when; the head before the first section becomes HEAD."""
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = " ".join(
        ["python", *(Path(a).as_posix() if i == 0 else a for i, a in enumerate(sys.argv))]
    )
    body = (
        f"## {title}\n\n`{command}`, finished {now}; {machine()}.\n\n```\n"
        + "\n".join(lines).rstrip()
        + "\n```\n"
    )
    path = results_file()
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    pattern = re.compile(rf"^## {re.escape(title)}\n.*?(?=^## |\Z)", re.DOTALL | re.MULTILINE)
    text = (
        pattern.sub(lambda _: body + "\n", text)
        if pattern.search(text)
        else (text.rstrip() + "\n\n" + body)
    )
    # The head last, so that a section run for the first time is not listed as still to come.
    path.write_text(_with_head(text).rstrip() + "\n", encoding="utf-8")


def _with_head(text: str) -> str:
    """`text` with HEAD, and the sections not run yet, in place of whatever came before its
    first section."""
    first = re.search(r"^## ", text, re.MULTILINE)
    present = set(re.findall(r"^## (.*)$", text, re.MULTILINE))
    missing = [title for title in SECTIONS if title not in present]
    head = HEAD
    if missing:
        head = head.rstrip("\n") + (
            "\n\nNot run yet since their scripts began writing here:\n\n"
            + "".join(f"- {title}\n" for title in missing)
        )
    return head + ("\n" + text[first.start() :] if first else "")


if __name__ == "__main__":
    path = results_file()
    path.write_text(_with_head(path.read_text(encoding="utf-8")).rstrip() + "\n", encoding="utf-8")
