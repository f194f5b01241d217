"""The README's code blocks run as written, each in a fresh interpreter, in a folder of their
own; a line whose comment is a value (`# 'Start with RAT-1 ...'`, `# Fraction(317, 768)`) must
give that value."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)


def checked(block: str) -> tuple[str, int]:
    """The block with each line that states its value turned into an assertion of it, and how
    many lines were."""
    out, claims = ["from fractions import Fraction"], 0
    for line in block.splitlines():
        code, _, comment = line.partition("  #")
        comment = comment.strip()
        if comment and _is_value(comment) and _is_expression(code.strip()):
            out.append(f"assert ({code.strip()}) == ({comment}), repr({code.strip()})")
            claims += 1
        else:
            out.append(line)
    return "\n".join(out) + "\n", claims


def _is_value(text: str) -> bool:
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return False
    return isinstance(node, ast.Constant) or (
        isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Fraction"
    )


def _is_expression(text: str) -> bool:
    try:
        ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    return True


def test_the_readme_has_code_and_claims():
    assert len(BLOCKS) >= 2
    assert sum(checked(b)[1] for b in BLOCKS) >= 2
    assert len(README.read_bytes()) <= 15_360  # a page for people; figures live in RESULTS.md


def test_a_stated_value_is_checked():
    code, claims = checked("x = 1 + 1\nx  # 3\n")
    assert claims == 1
    with pytest.raises(AssertionError):
        exec(code, {})


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_block_runs(index, tmp_path):
    code, _ = checked(BLOCKS[index])
    env = {**os.environ, "WORKBENCH_BALANCE": "fast", "PYTHONWARNINGS": "ignore"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert not [p for p in tmp_path.iterdir()], "a README example wrote files where it ran"
