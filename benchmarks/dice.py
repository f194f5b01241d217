"""Exact dice engine versus icepool and dyce on the same questions.

Run:  python benchmarks/dice.py [--cold] [--runs 7] [--only TEXT] [--skip-slow-peers]

Every case computes the same exact distribution (or probability, or mean absorption time) in
each library, and the results are checked equal before any timing.

Cold (``--cold``), what a designer waits for in a new kernel: every run is a fresh Python process
that imports the library and computes the answer once. The import and the first answer are timed
separately inside the process, and the claim is about both: import plus first answer, and the
first answer alone. The libraries take turns run by run (ours, icepool, dyce, ours, ...), so a
shared machine's load falls on all of them alike; one untimed run each comes first, so nobody
pays for writing bytecode caches. The answer each run computed is checked against the others.

Warm (the default), the engine's speed once everything is loaded: medians of single calls in
this process, the libraries interleaved, all result caches cleared before every call (ours with
``workbench.dice.clear_cache``, icepool's ``functools.cache`` tables and evaluator caches; dyce
keeps none). Ours is timed through the public string API, parsing included. A warm run of every
case also times any input to its answer or refusal (the promise: within a second).

The goal, measured cold: no slower than the fastest peer on every case, the import and the first
answer together. Results go to benchmarks/RESULTS.md, warm, cold and the inputs' times each a
section of its own.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import inspect
import json
import os
import statistics
import subprocess
import sys
import timeit
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

import dyce  # noqa: E402, F401  (the snippets use these names)
import icepool  # noqa: E402
from checkouts import child_env  # noqa: E402  (benchmarks/checkouts.py, beside this script)
from dyce import H, P  # noqa: E402, F401
from results import echo, record  # noqa: E402  (benchmarks/results.py)

import workbench.dice as wd  # noqa: E402

# ---- normalisation so results can be compared exactly -----------------------------------


def as_probabilities(result) -> dict[int, Fraction] | Fraction:
    if isinstance(result, Fraction):
        return result
    items = [(int(o), int(w)) for o, w in result.items() if w]
    total = sum(w for _, w in items)
    return {o: Fraction(w, total) for o, w in items}


# ---- the cases -----------------------------------------------------------------------------
# Each case is source text per library, so the same code runs warm in this process and cold in
# a fresh one. Every snippet ends with an expression: the answer. The lines that make a library
# ready are PRELUDE; in a cold run they are the "import" and the snippet is the "first answer".

PRELUDE = {
    "ours": "import workbench.dice as wd",
    "icepool": "import icepool",
    "dyce": "from dyce import H, P\nimport dyce",
}
LIBRARIES = tuple(PRELUDE)

# coop.md: 2d6 against Dodge 9; Health 12, Armor 2 (restored every 2 attacks), 3 damage.
DODGE_ARGS = "dice=2, dodge=9, health=12, armor=2, damage=3, attacks_per_round=2"
ICEPOOL_DODGE = f"""\
def dodge_mean(dice, dodge, health, armor, damage, attacks_per_round):
    roll = dice @ icepool.d(6)
    dead = (0, 0, 0, 0)  # workbench.dice.mechanics.DEAD

    def step(state):
        if state == dead:
            return state
        d, h, a, i = state

        def resolve(s):
            if s > d:
                soak = min(a, damage)
                h2, a2, d2 = h - (damage - soak), a - soak, d
            else:
                h2, a2, d2 = h, a, max(0, d - 1)
            i2 = i + 1
            if i2 == attacks_per_round:
                i2, a2 = 0, armor
            return dead if h2 <= 0 else (d2, h2, a2, i2)

        return roll.map(resolve)

    return icepool.mean_time_to_absorb(step, (dodge, health, armor, 0))
dodge_mean({DODGE_ARGS})"""


class Case(NamedTuple):
    name: str
    ours: str
    icepool: str | None
    dyce: str | None


def _pool(kinds: list[tuple[int, int]], icepool_keep: str, dyce_at: str) -> tuple[str, str]:
    ice = " + ".join(f"[icepool.d({s})] * {n}" for n, s in kinds)
    dy = ", ".join(f"*[H({s})] * {n}" for n, s in kinds)
    return f"icepool.Pool({ice}).{icepool_keep}.sum()", f"P({dy}).at({dyce_at})"


def _share(expr: str) -> str:
    """dyce snippet: the chance that a yes/no histogram comes out True, as a Fraction."""
    return f"from fractions import Fraction\n(lambda h: Fraction(h.get(True, 0), h.total))({expr})"


def _keep_highest(n: int, s: int, k: int) -> Case:
    """The case NdSkhK: the sum of the `k` highest of `n` dice with `s` sides."""
    text = f"{n}d{s}kh{k}"
    return Case(
        text,
        f'wd.exact("{text}")',
        f"icepool.d({s}).highest({n}, {k})",
        f"({n} @ P({s})).at(slice(-{k}, None))",
    )


def _count(n: int, s: int, t: int, lib: str) -> str:
    """A snippet for the number of `n` dice with `s` sides that show `t` or more."""
    return {"icepool": f"({n} @ (icepool.d({s}) >= {t}))", "dyce": f"({n} @ H({s}).ge({t}))"}[lib]


def _count_comparison(a: tuple, b: tuple, op: str, ice_op: str, dy_op: str) -> Case:
    """A count compared with a count: the chance that (a) `op` (b), each (dice, sides, target)."""
    text = f"({a[0]}d{a[1]}>={a[2]}) {op} ({b[0]}d{b[1]}>={b[2]})"
    return Case(
        text,
        f'wd.probability("{text}")',
        f"({_count(*a, 'icepool')} {ice_op} {_count(*b, 'icepool')}).probability(True)",
        _share(f"{_count(*a, 'dyce')}.{dy_op}({_count(*b, 'dyce')})"),
    )


def _mixed_keep(kinds: list[tuple[int, int]], kind: str, k: int) -> Case:
    """A keep ("kh" or "kl") of `k` dice from a pool of dice of several sizes."""
    text = "[" + ", ".join(f"{n}d{s}" for n, s in kinds) + f"]{kind}{k}"
    ice_keep = f"highest({k})" if kind == "kh" else f"lowest({k})"
    dy_at = f"slice(-{k}, None)" if kind == "kh" else f"slice(None, {k})"
    return Case(text, f'wd.exact("{text}")', *_pool(kinds, ice_keep, dy_at))


# Each case in the order the tables list them: sums, keeps, counts and explosions, then the
# mixed kinds (counts compared with counts, keeps on mixed pools, comparisons of sums).
CASES: tuple[Case, ...] = (
    *(
        Case(f"sum {n}d6", f'wd.exact("{n}d6")', f"{n} @ icepool.d(6)", f"{n} @ H(6)")
        for n in (10, 50, 100, 200)
    ),
    _keep_highest(4, 6, 3),
    _keep_highest(10, 10, 3),
    Case("20d6 count >=5", 'wd.exact("20d6>=5")', "20 @ (icepool.d(6) >= 5)", "20 @ H(6).ge(5)"),
    Case(
        "P(3d6 > 2d8+2)",
        'wd.probability("3d6 > 2d8 + 2")',
        "((3 @ icepool.d(6)) > (2 @ icepool.d(8) + 2)).probability(True)",
        _share("(3 @ H(6)).gt(2 @ H(8) + 2)"),
    ),
    Case(
        "8d6+8d8 keep 2",
        'wd.exact("[8d6, 8d8]kh2")',
        *_pool([(8, 6), (8, 8)], "highest(2)", "-2, -1"),
    ),
    _keep_highest(30, 10, 10),
    Case(
        "10d6+10d8+10d10 keep 5",
        'wd.exact("[10d6, 10d8, 10d10]kh5")',
        *_pool([(10, 6), (10, 8), (10, 10)], "highest(5)", "slice(-5, None)"),
    ),
    Case(
        "10 x d6 explode 3",
        'wd.exact("10d6!3")',
        "10 @ icepool.d(6).explode(depth=3)",
        "10 @ dyce.explode_n(H(6), n=3)",
    ),
    Case(
        "Dodge chain mean time",
        "from workbench.dice.mechanics import dodge_erosion\n"
        f"dodge_erosion({DODGE_ARGS}).mean_steps()",
        ICEPOOL_DODGE,
        None,
    ),
    _count_comparison((15, 6, 5), (10, 8, 5), ">", ">", "gt"),
    _count_comparison((20, 6, 5), (12, 10, 7), ">=", ">=", "ge"),
    _count_comparison((10, 6, 5), (8, 8, 6), "=", "==", "eq"),
    Case(
        "(30d6>=4) - (20d8>=5)",
        'wd.exact("(30d6>=4) - (20d8>=5)")',
        f"{_count(30, 6, 4, 'icepool')} - {_count(20, 8, 5, 'icepool')}",
        f"{_count(30, 6, 4, 'dyce')} - {_count(20, 8, 5, 'dyce')}",
    ),
    _mixed_keep([(4, 6), (3, 8)], "kh", 3),
    _mixed_keep([(6, 6), (4, 10)], "kl", 2),
    _mixed_keep([(3, 6), (3, 8), (3, 10)], "kh", 3),
    Case(
        "6d10kh3 + 2d4",
        'wd.exact("6d10kh3 + 2d4")',
        "icepool.d(10).highest(6, 3) + 2 @ icepool.d(4)",
        "(6 @ P(10)).at(slice(-3, None)) + 2 @ H(4)",
    ),
    Case(
        "P(10d6 >= 8d8)",
        'wd.probability("10d6 >= 8d8")',
        "((10 @ icepool.d(6)) >= (8 @ icepool.d(8))).probability(True)",
        _share("(10 @ H(6)).ge(8 @ H(8))"),
    ),
    Case(
        "P(2d20+5 > 4d6+3d4)",
        'wd.probability("2d20 + 5 > 4d6 + 3d4")',
        "((2 @ icepool.d(20) + 5) > (4 @ icepool.d(6) + 3 @ icepool.d(4))).probability(True)",
        _share("(2 @ H(20) + 5).gt(4 @ H(6) + 3 @ H(4))"),
    ),
)


def warm_function(code: str, library: str):
    """The snippet as a function of no arguments, run in this process."""
    lines = code.strip().splitlines()
    body = "".join(f"    {line}\n" for line in lines[:-1])
    namespace: dict = {"Fraction": Fraction}
    exec(PRELUDE[library], namespace)
    exec(f"def run():\n{body}    return {lines[-1]}\n", namespace)
    return namespace["run"]


# ---- runner --------------------------------------------------------------------------------


def digest(answer) -> str:
    """A short fingerprint of an exact answer, the same whichever library computed it."""
    value = as_probabilities(answer)
    text = repr(value if isinstance(value, Fraction) else sorted(value.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fmt(t: float | None) -> str:
    if t is None:
        return "-"
    if t < 1e-3:
        return f"{t * 1e6:.0f} us"
    if t < 1:
        return f"{t * 1e3:.2f} ms"
    return f"{t:.2f} s"


def spread(ts: list[float]) -> str:
    """Median (min-max)."""
    return f"{fmt(statistics.median(ts))} ({fmt(min(ts))}-{fmt(max(ts))})"


def contenders(case: Case, skip_slow_peers: bool) -> dict[str, str]:
    found = {lib: getattr(case, lib) for lib in LIBRARIES if getattr(case, lib) is not None}
    if skip_slow_peers and "keep" in case.name and "+" in case.name:
        found.pop("dyce", None)
    return found


def check_answers(cases_: list[Case], skip_slow_peers: bool) -> dict[str, str]:
    """Compute every case in every library here, assert the answers agree, and return each
    case's fingerprint (what the cold runs must reproduce)."""
    fingerprints = {}
    for case in cases_:
        got = {
            lib: digest(warm_function(code, lib)())
            for lib, code in contenders(case, skip_slow_peers).items()
        }
        if len(set(got.values())) != 1:
            raise SystemExit(f"{case.name}: the libraries disagree: {got}")
        fingerprints[case.name] = got["ours"]
    return fingerprints


# ---- warm runs ---------------------------------------------------------------------------


def reset_ours() -> None:
    wd.clear_cache()


def reset_icepool() -> None:
    from icepool.evaluator.multiset_evaluator_base import MultisetEvaluatorBase

    icepool.Pool.clear_cache()
    for name, module in list(sys.modules.items()):
        if not name.startswith("icepool") or module is None:
            continue
        for obj in list(vars(module).values()):
            if callable(getattr(obj, "cache_clear", None)):
                obj.cache_clear()
            if isinstance(obj, MultisetEvaluatorBase):
                obj.__dict__.pop("_cache", None)


RESETS = {"ours": reset_ours, "icepool": reset_icepool, "dyce": lambda: None}


def measure_warm(fns: dict, repeat: int, slow_after: float) -> dict[str, list[float]]:
    """Cold-cache times per library in this process, interleaving libraries repeat by repeat."""
    times: dict[str, list[float]] = {lib: [] for lib in fns}
    for lib, fn in fns.items():
        times[lib].extend(timeit.repeat(fn, setup=RESETS[lib], repeat=1, number=1))
    # Sub-millisecond cases are the noisiest: give them more runs.
    if max(ts[0] for ts in times.values()) < 0.005:
        repeat *= 3
    for _ in range(1, repeat):
        for lib, fn in fns.items():
            if times[lib][0] > slow_after:
                continue  # too slow to repeat: one run
            times[lib].extend(timeit.repeat(fn, setup=RESETS[lib], repeat=1, number=1))
    return times


def run_warm(cases_: list[Case], opts) -> list[str]:
    wd.exact("d6")  # load the parser once; not a result cache
    rows, misses = [], []
    for case in cases_:
        fns = {
            lib: warm_function(code, lib)
            for lib, code in contenders(case, opts.skip_slow_peers).items()
        }
        times = measure_warm(fns, opts.runs, opts.slow_after)
        medians = {lib: statistics.median(ts) for lib, ts in times.items()}
        ratio = medians["ours"] / min(t for lib, t in medians.items() if lib != "ours")
        if ratio > 1:
            misses.append(case.name)
        rows.append(
            [case.name]
            + [spread(times[lib]) if lib in times else "-" for lib in LIBRARIES]
            + [f"{ratio:.2f}"]
        )
        print(f"  done: {case.name}", file=sys.stderr, flush=True)
    lines = table(
        [
            "case",
            "ours",
            f"icepool {icepool.__version__}",
            f"dyce {_dyce_version()}",
            "ours / fastest peer",
        ],
        rows,
    )
    lines.append("")
    lines.append(
        f"warm: median (min-max) of {opts.runs} calls in one process ({3 * opts.runs} when "
        "every library takes under 5 ms), result caches cleared before each, libraries "
        f"interleaved; calls over {opts.slow_after:g} s are timed once"
    )
    lines.append(
        "slower than the fastest peer on: " + ", ".join(misses)
        if misses
        else "no slower than the fastest peer on every case"
    )
    return lines


# ---- cold runs ---------------------------------------------------------------------------

CHILD = """\
import time
_t0 = time.perf_counter()
{prelude}
_t1 = time.perf_counter()
{body}
_answer = {last}
_t2 = time.perf_counter()
import hashlib, json
from fractions import Fraction
{helpers}
print(json.dumps({{"import": _t1 - _t0, "first": _t2 - _t1, "digest": digest(_answer)}}))
"""


def cold_run(library: str, code: str, checkout: Path) -> dict:
    lines = code.strip().splitlines()
    source = CHILD.format(
        prelude=PRELUDE[library],
        body="\n".join(lines[:-1]),
        last=lines[-1],
        helpers=inspect.getsource(as_probabilities) + inspect.getsource(digest),
    )
    done = subprocess.run(
        [sys.executable, "-c", source],
        cwd=checkout,
        env=child_env(checkout),
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"{library} failed in a fresh process:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.splitlines()[-1])


def run_cold(cases_: list[Case], opts, fingerprints: dict[str, str]) -> list[str]:
    checkout = (opts.checkout or HERE).resolve()
    rows_total, rows_first, verdicts = [], [], []
    misses_total, misses_first = [], []
    for case in cases_:
        codes = contenders(case, opts.skip_slow_peers)
        for lib, code in codes.items():  # untimed: bytecode caches, and any parser cache
            cold_run(lib, code, checkout)
        total: dict[str, list[float]] = {lib: [] for lib in codes}
        first: dict[str, list[float]] = {lib: [] for lib in codes}
        for _ in range(opts.runs):
            for lib, code in codes.items():
                got = cold_run(lib, code, checkout)
                if got["digest"] != fingerprints[case.name]:
                    raise SystemExit(f"{case.name}: {lib} gave another answer in a fresh process")
                total[lib].append(got["import"] + got["first"])
                first[lib].append(got["first"])
        row_verdict = []
        for label, times, rows, misses in (
            ("import + first answer", total, rows_total, misses_total),
            ("first answer alone", first, rows_first, misses_first),
        ):
            med = {lib: statistics.median(ts) for lib, ts in times.items()}
            peer = min((lib for lib in med if lib != "ours"), key=med.get)
            ratio = med["ours"] / med[peer]
            if ratio > 1:
                misses.append(case.name)
            rows.append(
                [case.name]
                + [spread(times[lib]) if lib in times else "-" for lib in LIBRARIES]
                + [f"{ratio:.2f} ({peer})"]
            )
            row_verdict.append(
                f"{label} {ratio:.2f} x {peer}: " + ("no slower" if ratio <= 1 else "SLOWER")
            )
        verdicts.append(f"{case.name}: " + "; ".join(row_verdict))
        print(f"  done: {case.name}", file=sys.stderr, flush=True)
    heads = [
        "case",
        "ours",
        f"icepool {icepool.__version__}",
        f"dyce {_dyce_version()}",
        "ours / fastest peer",
    ]
    lines = ["import + first answer, each run a fresh process:"]
    lines += table(heads, rows_total)
    lines += ["", "first answer alone (the import excluded), same runs:"]
    lines += table(heads, rows_first)
    lines += ["", *verdicts, ""]
    lines.append(
        f"cold: median (min-max) of {opts.runs} fresh processes per library and case, "
        "libraries interleaved run by run, after one untimed run each; "
        f"workbench from {checkout}"
    )
    lines.append(
        "import + first answer slower than the fastest peer on: "
        + (", ".join(misses_total) if misses_total else "none")
    )
    lines.append(
        "first answer alone slower than the fastest peer on: "
        + (", ".join(misses_first) if misses_first else "none")
    )
    lines.append(
        "goal, import + first answer no slower than the fastest peer on every case: "
        + ("MISSED" if misses_total else "met")
    )
    return lines


def table(headers: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    out = [
        " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)),
        "-|-".join("-" * w for w in widths),
    ]
    out += [" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return out


def _dyce_version() -> str:
    from importlib.metadata import version

    return version("dyce")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cold", action="store_true", help="fresh processes: import and first answer")
    ap.add_argument(
        "--runs", type=int, default=None, help="runs per library and case (default 7 cold, 11 warm)"
    )
    ap.add_argument("--only", default=None, help="only cases whose name contains this text")
    ap.add_argument(
        "--checkout",
        type=Path,
        default=None,
        help="cold runs import workbench from this checkout (default: this one)",
    )
    ap.add_argument(
        "--slow-after", type=float, default=3.0, help="warm: seconds; slower calls are not repeated"
    )
    ap.add_argument(
        "--skip-slow-peers",
        action="store_true",
        help="skip dyce on the mixed-pool keeps written with '+'",
    )
    opts = ap.parse_args()
    opts.runs = opts.runs or (7 if opts.cold else 11)
    chosen = [c for c in CASES if opts.only is None or opts.only in c.name]

    print(
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, Python "
        f"{sys.version.split()[0]}, {os.cpu_count()} cores"
    )
    fingerprints = check_answers(chosen, opts.skip_slow_peers)  # same answer everywhere first
    if opts.cold:
        lines = run_cold(chosen, opts, fingerprints)
    else:
        lines = run_warm(chosen, opts)
    print("\n".join(lines))
    record(
        f"Dice, {'cold' if opts.cold else 'warm'}, against icepool and dyce (benchmarks/dice.py)",
        lines,
    )
    if not opts.cold and opts.only is None:
        print()
        record(
            "Dice, every input answered or refused within a second (benchmarks/dice.py)",
            answer_times(),
        )
    return 0


# The fuzz tests' alphabet: pieces of notation in any order, mostly nonsense.
ALPHABET = list("0123456789dDFkhlr!<>=()[]{},#+-*:% ") + ["max(", "min(", "dF", "kh", "d6", "20"]
HEAVY = (
    "1000d1000",
    "1000000d6",
    "500d100kh250",
    "300d6kh100",
    "200d6",
    "40d20!>=2:40",
    "[8d6,8d8,8d10,8d12]kh5",
    "12#(10d10kh3)",
    "d1000000000rr<2",
)


def answer_times(n: int = 3000, seed: int = 0) -> list[str]:
    """The promise is an answer or a clear refusal within a second for any input: time each
    of `n` seeded random strings from the fuzz alphabet, plus known heavy expressions, cold."""
    import random

    rng = random.Random(seed)
    texts = ["".join(rng.choices(ALPHABET, k=rng.randint(1, 25))) for _ in range(n)]
    times, outcomes = [], {"answer": 0, "syntax error": 0, "too large": 0}
    slowest = ("", 0.0)
    for text in texts + list(HEAVY):
        wd.clear_cache()
        t = timeit.default_timer()
        try:
            wd.exact(text)
            outcomes["answer"] += 1
        except wd.DiceSyntaxError:
            outcomes["syntax error"] += 1
        except wd.DiceTooLarge:
            outcomes["too large"] += 1
        took = timeit.default_timer() - t
        times.append(took)
        if took > slowest[1]:
            slowest = (text, took)
    over = sum(t > 1 for t in times)
    lines: list[str] = []
    echo(
        lines,
        f"input to answer or refusal, {len(times)} inputs ({n} random from the fuzz "
        f"alphabet, seed {seed}, and {len(HEAVY)} heavy ones), cold: median "
        f"{fmt(statistics.median(times))}, max {fmt(slowest[1])} ({slowest[0]!r}); "
        f"over 1 s: {over}; " + ", ".join(f"{k} {v}" for k, v in outcomes.items()),
    )
    echo(lines, f"goal, every input within 1 s: {'met' if over == 0 else 'MISSED'}")
    return lines


if __name__ == "__main__":
    raise SystemExit(main())
