"""benchmarks/RESULTS.md, written by the benchmark scripts themselves: each run replaces its
own section (or adds it) with the command, the date, the machine and what it printed."""

from __future__ import annotations

import datetime
import os
import platform
import re
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
HEAD = ("# Benchmark results\n\nWritten by the scripts in this folder, each replacing its own "
        "section when it runs; nothing here is edited by hand.\n")


def machine() -> str:
    return (f"{os.cpu_count()} cores, {platform.machine()}, Python "
            f"{platform.python_version()}")


def record(title: str, lines: list[str]) -> None:
    """Replace (or add) the section `title` of RESULTS.md with `lines`, under the command
    that ran and when."""
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = " ".join(["python", *(Path(a).as_posix() if i == 0 else a
                                    for i, a in enumerate(sys.argv))])
    body = (f"## {title}\n\n`{command}`, finished {now}; {machine()}.\n\n```\n"
            + "\n".join(lines).rstrip() + "\n```\n")
    text = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else HEAD
    pattern = re.compile(rf"^## {re.escape(title)}\n.*?(?=^## |\Z)", re.S | re.M)
    text = pattern.sub(lambda _: body + "\n", text) if pattern.search(text) else (
        text.rstrip() + "\n\n" + body)
    RESULTS.write_text(text, encoding="utf-8")
