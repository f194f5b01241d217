"""What the notebooks show a designer first, and where their links lead. That every notebook
runs top to bottom, offline, is tested in the environment Binder builds
(tests/ui/test_binder.py), which is the one a shared link opens."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import workbench as wb

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert any(p.name == "tour.ipynb" for p in NOTEBOOKS)


WIDGET = "application/vnd.jupyter.widget-view+json"


def test_the_tours_first_view_comes_before_any_table_or_chart(tmp_path):
    # A designer opening the tour plays first; a card table shown in a kernel loads Great
    # Tables (charts.tables), which the first view must not wait for. Run in a real kernel,
    # cell by cell, up to the first cell that shows a view (as benchmarks/cold_start.py does).
    nb = nbformat.read(Path(__file__).parent.parent / "notebooks" / "tour.ipynb", as_version=4)
    client = NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    code = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    with client.setup_kernel():
        for i in code:
            client.execute_cell(nb.cells[i], i)
            if any(WIDGET in o.get("data", {}) for o in nb.cells[i].outputs):
                break
        else:
            raise AssertionError("no cell of the tour shows a view")
        assert "wb.play(" in nb.cells[i].source
        probe = nbformat.v4.new_code_cell(
            "import sys\nprint([m for m in ('great_tables', 'altair') if m in sys.modules])"
        )
        nb.cells.append(probe)
        client.execute_cell(probe, len(nb.cells) - 1)
    assert probe.outputs[0]["text"].strip() == "[]"


# Voila, the Binder app view, serves no file beside a notebook but images (its default
# file_allowlist) and answers any other link with 403.
LINK = re.compile(r"\]\(([^)\s]+)")
VOILA_SERVES = re.compile(r"https?://.*|#.*|.*\.(png|jpg|gif|svg)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_links_open_under_voila_too(path):
    nb = nbformat.read(path, as_version=4)
    links = [t for c in nb.cells if c.cell_type == "markdown" for t in LINK.findall(c.source)]
    assert [t for t in links if not VOILA_SERVES.fullmatch(t)] == []


def test_a_rules_document_is_shown_whole_and_folded():
    shown = wb.rules_document("coop")._repr_markdown_()
    assert shown.startswith(
        "<details><summary>The rules of Co-op Dungeon Cards "
        "(workbench/games/coop/rules.md)</summary>\n\n"
    )
    assert shown.endswith("\n\n</details>")
    assert "* **R-16** Every time damage is applied, check these at once:" in shown
    # Headings as bold lines, so they stay out of the notebook's table of contents.
    assert "**1. Components and numeric data**" in shown
    assert not re.search(r"^#+ ", shown, re.MULTILINE)
