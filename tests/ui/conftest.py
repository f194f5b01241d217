"""A real JupyterLab server and a real Chromium for the browser tests.

One server and one browser per test session. The server runs in its own process group and is
stopped by its process id whatever happens; its log is kept under tests/artifacts/.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
CHROMIUM = os.environ.get("WORKBENCH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _notebook(cells: list[str]) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    return nb


UI_NOTEBOOKS = {
    "dice.ipynb": [
        "from workbench.widgets import DiceCalculator\nDiceCalculator('3d6')",
    ],
    "whatif.ipynb": [
        "from workbench.widgets import WhatIf\n"
        "w = WhatIf('coop', key='enemies.Brutes.health', players=3, executor='serial')\n"
        "w.games, w.start, w.stop_value = 10, 9, 10\n"
        "w",
    ],
    "board.ipynb": [
        "import workbench as wb\nm = wb.play('correction', seed=3, first_player='South')\nm",
    ],
    "step.ipynb": [
        "import workbench as wb\n"
        "m = wb.play('coop', seed=1, players=3, first_encounter='RAT-2')\n"
        "m",
    ],
    # A person in seat 1 and bots in the others, as a designer opens a match.
    "play_coop.ipynb": [
        "import workbench as wb\n"
        "m = wb.play('coop', seed=1, players=3, bots={1: 'heuristic', 2: 'heuristic'})\n"
        "m",
    ],
    "play_correction.ipynb": [
        "import workbench as wb\n"
        "m = wb.play('correction', seed=3, first_player='South', bots={1: 'heuristic'})\n"
        "m",
    ],
    "play_armies.ipynb": [
        "import workbench as wb\n"
        "m = wb.play('armies', seed=3, first_player='White', bots={1: 'heuristic'})\n"
        "m",
    ],
    "play_rpg_card_battle.ipynb": [
        "import workbench as wb\nm = wb.play('rpg_card_battle', seed=2, bots={1: 'heuristic'})\nm",
    ],
    "play_sac.ipynb": [
        "import workbench as wb\nm = wb.play('sac', seed=1)\nm",
    ],
    "play_squad_combat.ipynb": [
        "import workbench as wb\n"
        "m = wb.play('squad_combat', seed=4, first_player=0, bots={1: 'heuristic'})\n"
        "m",
    ],
    # Two bots that think for a while over every decision.
    "slow_bots.ipynb": [
        "import time\n"
        "import workbench as wb\n"
        "def slow_bot(state, seat, actions, rng):\n"
        "    time.sleep(1.5)\n"
        "    return actions[0]\n"
        "m = wb.play('coop', seed=1, players=3, first_encounter='RAT-2',\n"
        "            bots={1: slow_bot, 2: slow_bot})\n"
        "m",
    ],
    "runes.ipynb": [
        "import workbench as wb\n"
        "from workbench.widgets import CardEditor, RuneExplorer\n"
        "editor = CardEditor(wb.load_cards('rune_system'), table='rules')\n"
        "explorer = RuneExplorer(source=editor)\n"
        "display(explorer, editor)",
    ],
    # A chart as a notebook shows it, after notebook_charts().
    "notebook_chart.ipynb": [
        "import polars as pl\n"
        "from workbench.charts import notebook_charts, sweep_chart\n"
        "notebook_charts()\n"
        "sweep_chart(pl.DataFrame({'value': [8, 10, 12], 'win_rate': [0.4, 0.5, 0.6],\n"
        "                          'ci_low': [0.35, 0.45, 0.55], 'ci_high': [0.45, 0.55, 0.65],\n"
        "                          'n': [100, 100, 100]}),\n"
        "            x_title='Brutes health')",
    ],
    "card_editor.ipynb": [
        "import pathlib, shutil\n"
        "import ipywidgets as widgets\n"
        "import workbench as wb\n"
        "from workbench.cards import data_dir\n"
        "from workbench.widgets import CardEditor\n"
        "folder = pathlib.Path.cwd() / 'editor_coop'\n"
        "shutil.rmtree(folder, ignore_errors=True)\n"
        "shutil.copytree(data_dir('coop'), folder)\n"
        "editor = CardEditor(wb.load_cards('coop', folder))\n"
        "# What Python holds, shown apart from the editor's own drawing.\n"
        "python_side = widgets.Label()\n"
        "python_side.add_class('wb-python-side')\n"
        "def show(_change=None):\n"
        "    brutes = editor.cards.row('enemies', 'Brutes')\n"
        "    python_side.value = (f\"python: Brutes health={brutes['health']} \"\n"
        '                         f"version={editor.cards.version}")\n'
        "editor.observe(show, names='cards')\n"
        "show()\n"
        "display(editor, python_side)",
    ],
    "card_editor_checks.ipynb": [
        "import pathlib, shutil\n"
        "import workbench as wb\n"
        "from workbench.cards import data_dir\n"
        "from workbench.widgets import CardEditor\n"
        "folder = pathlib.Path.cwd() / 'editor_checks'\n"
        "shutil.rmtree(folder, ignore_errors=True)\n"
        "shutil.copytree(data_dir('coop'), folder)\n"
        "CardEditor(wb.load_cards('coop', folder), table='enemies')",
    ],
}


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups off the markers
def pytest_collection_modifyitems(items):
    """Under `pytest -n`, the tests that share the session's JupyterLab server run in one
    process, so it starts once (test_binder.py groups its own tests likewise)."""
    here = Path(__file__).parent
    for item in items:
        if item.path.parent == here and item.path.name != "test_binder.py":
            item.add_marker(pytest.mark.xdist_group("lab"))


class Lab:
    def __init__(self, url: str, token: str, root: Path, proc: subprocess.Popen):
        self.url, self.token, self.root, self.proc = url, token, root, proc

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={self.token}&reset"


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    ARTIFACTS.mkdir(exist_ok=True)
    root = tmp_path_factory.mktemp("lab")
    for name, cells in UI_NOTEBOOKS.items():
        nbformat.write(_notebook(cells), root / name)
    config = tmp_path_factory.mktemp("jupyter-config")
    settings = config / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(config),
        "JUPYTERLAB_SETTINGS_DIR": str(config / "lab" / "user-settings"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path_factory.mktemp("jupyter-runtime")),
    }
    port, token = _free_port(), secrets.token_hex(16)
    log = open(ARTIFACTS / "jupyterlab.log", "w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyter",
            "lab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            f"--IdentityProvider.token={token}",
            "--allow-root",
            f"--ServerApp.root_dir={root}",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=",
            "--ServerApp.disable_check_xsrf=False",
        ],
        cwd=root,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {proc.returncode}; see {log.name}")
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"JupyterLab did not answer within 90 s; see {log.name}")
            time.sleep(0.3)
        yield Lab(url, token, root, proc)
    finally:
        _stop(proc)
        log.close()


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)  # the server shuts its kernels down
        proc.wait(timeout=15)
    except (subprocess.TimeoutExpired, ProcessLookupError):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=5)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.fail(f"Chromium is missing at {CHROMIUM}: install Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def window(browser, viewport: dict):
    """A page in a fresh browser context of the given size, closed afterwards (a fixture
    yields from it)."""
    context = browser.new_context(viewport=viewport)
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    try:
        yield pg
    finally:
        context.close()


@pytest.fixture
def page(browser):
    yield from window(browser, {"width": 1500, "height": 1100})


@pytest.fixture
def narrow(browser):
    """A page about 1,000 px wide, the width a view must fit."""
    yield from window(browser, {"width": 1000, "height": 1000})


def decisions(page) -> int:
    """Decisions taken in the step-through view on the page."""
    return int(page.locator(".wb-step").get_attribute("data-decisions"))


def click_action(page, text: str, *, label: bool = False) -> None:
    """Click the first action button holding `text` (with `label`, the first whose whole
    action label starts with it: buttons of a group show only the words after the group's
    head) and wait for the view to take it."""
    before = decisions(page)
    if label:
        page.locator(f'button.wb-action[data-label^="{text}"]').first.click()
    else:
        page.locator("button.wb-action", has_text=text).first.click()
    page.wait_for_function(f"document.querySelector('.wb-step').dataset.decisions !== '{before}'")


def open_and_run(page, lab: Lab, name: str) -> None:
    """Open a notebook, wait for an idle kernel, run every cell."""
    page.goto(lab.notebook_url(name))
    page.get_by_text("Python 3 (ipykernel) | Idle").first.wait_for(timeout=90_000)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def text_colour(page, selector: str) -> list[int]:
    """The colour the browser paints the first text matching `selector` in, as [r, g, b]."""
    fill = page.evaluate(f"getComputedStyle(document.querySelector({selector!r})).fill")
    return [int(x) for x in fill[fill.index("(") + 1 : fill.index(")")].split(",")[:3]]
