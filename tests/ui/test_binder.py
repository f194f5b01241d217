"""The Binder build, minus Docker: a fresh environment made only from binder/runtime.txt and
binder/requirements.txt runs every notebook, and serves the tour as a Voila app whose widgets
work in Chromium. This catches a dependency the development environment hides."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .conftest import ARTIFACTS, _free_port

ROOT = Path(__file__).resolve().parents[2]
BINDER = ROOT / "binder"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

# One process builds the environment and runs every test of it under `pytest -n`.
pytestmark = [pytest.mark.ui, pytest.mark.xdist_group("binder")]


def _runtime_python() -> str:
    wanted = re.fullmatch(r"python-(\d+)\.(\d+)\s*", (BINDER / "runtime.txt").read_text())
    assert wanted, "binder/runtime.txt must read python-X.Y"
    version = f"{wanted[1]}.{wanted[2]}"
    if f"{sys.version_info.major}.{sys.version_info.minor}" == version:
        return sys.executable
    found = shutil.which(f"python{version}")
    if not found:
        pytest.fail(f"binder/runtime.txt asks for Python {version}, which this machine lacks")
    return found


@pytest.fixture(scope="session")
def binder_env(tmp_path_factory):
    env_dir = tmp_path_factory.mktemp("binder-env")
    subprocess.run([_runtime_python(), "-m", "venv", str(env_dir)], check=True)
    log = ARTIFACTS / "binder-install.log"
    ARTIFACTS.mkdir(exist_ok=True)
    with open(log, "w") as out:
        # Run from the repository root, as repo2docker does, so the final "." is this package.
        done = subprocess.run(
            [
                str(env_dir / "bin" / "python"),
                "-m",
                "pip",
                "install",
                "--disable-pip-version-check",
                "-r",
                str(BINDER / "requirements.txt"),
            ],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            timeout=1200,
            check=False,
        )
    assert done.returncode == 0, f"installing binder/requirements.txt failed; see {log}"
    # repo2docker then runs binder/postBuild with the environment's python first on PATH. It
    # compiles every kernel, which takes as long as the machine's load makes it: no time-out
    # here (CI bounds the whole run).
    with open(log, "a") as out:
        done = subprocess.run(
            ["bash", str(BINDER / "postBuild")],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=_env_of(env_dir),
            check=False,
        )
    assert done.returncode == 0, f"binder/postBuild failed; see {log}"
    return env_dir


def _env_of(env_dir) -> dict:
    return {**os.environ, "PATH": f"{env_dir / 'bin'}{os.pathsep}{os.environ['PATH']}"}


def _started(*command) -> list:
    """A command as a Binder session runs it: wrapped by binder/start."""
    return ["bash", str(BINDER / "start"), *command]


def test_postbuild_leaves_the_sweep_kernels_compiled(binder_env, tmp_path):
    # A Binder session must not wait for numba: every kernel comes from the cache postBuild
    # wrote, with the generic CPU target binder/start asks for.
    probe = (
        "import importlib\n"
        "import workbench as wb\n"
        "from workbench.sim.kernels import SETUPS, compiled_games\n"
        "games = compiled_games()\n"
        "assert {'coop', 'rpg_card_battle'} <= set(games), games\n"
        "for name in games:\n"
        "    wb.simulate(name, 2, bots='heuristic', **SETUPS.get(name, {}))\n"
        "    kernel = importlib.import_module(f'workbench.games.{name}.kernel')\n"
        "    stats = kernel.play_many.stats\n"
        "    assert sum(stats.cache_hits.values()) == 1 and not stats.cache_misses, "
        "(name, stats)\n"
    )
    done = subprocess.run(
        _started(str(binder_env / "bin" / "python"), "-c", probe),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env=_env_of(binder_env),
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]


def test_requirements_end_with_the_package_itself():
    lines = [
        x.strip()
        for x in (BINDER / "requirements.txt").read_text().splitlines()
        if x.strip() and not x.startswith("#")
    ]
    assert lines[-1] == "."
    assert all("==" in x for x in lines[:-1]), "every dependency is pinned"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_in_the_binder_environment(binder_env, notebook, tmp_path):
    # Run from a copy outside the repository so nothing but the installed package is used.
    shutil.copy(notebook, tmp_path / notebook.name)
    done = subprocess.run(
        _started(
            str(binder_env / "bin" / "jupyter"),
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--ExecutePreprocessor.timeout=600",
            "--output",
            f"executed-{notebook.name}",
            str(tmp_path / notebook.name),
        ),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=900,
        env={**_env_of(binder_env), "WORKBENCH_BALANCE": "fast"},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.mark.parametrize("name", ["tour.ipynb", "rpg_card_battle.ipynb"])
def test_notebook_renders_in_voila_with_working_widgets(binder_env, browser, tmp_path, name):
    shutil.copy(ROOT / "notebooks" / name, tmp_path / name)
    port = _free_port()
    # Closed in the finally below, once the server has stopped writing to it.
    log = open(ARTIFACTS / f"voila-{Path(name).stem}.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        _started(
            str(binder_env / "bin" / "voila"),
            name,
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
        ),
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        env={**os.environ, "JUPYTER_CONFIG_DIR": str(tmp_path / "config")},
    )
    try:
        url = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, f"Voila exited; see {log.name}"
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except OSError:
                assert time.monotonic() < deadline, "Voila did not answer within 60 s"
                time.sleep(0.3)
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(180_000)
        page.goto(url)
        page.locator(".wb-step").first.wait_for()
        assert page.locator(".wb-card").count() > 0
        before = page.locator(".wb-step").first.get_attribute("data-decisions")
        page.locator("button.wb-action:not(.wb-illegal)").first.click()
        page.wait_for_function(
            f"document.querySelector('.wb-step').dataset.decisions !== '{before}'"
        )
        page.screenshot(path=str(ARTIFACTS / f"voila-{Path(name).stem}.png"), full_page=True)
        if name == "tour.ipynb":
            # Voila serves no rules.md (a link to it is refused with 403): the rules document
            # is in the page itself, folded, and opens with a click.
            assert page.locator('a[href*="rules.md"]').count() == 0
            rule = page.get_by_text("Every time damage is applied, check these at once")
            assert not rule.is_visible()
            summary = page.locator("summary", has_text="The rules of Co-op Dungeon Cards")
            summary.click()
            rule.wait_for(state="visible")
            summary.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / "voila-tour-rules.png"))
        context.close()
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=15)
        except (subprocess.TimeoutExpired, ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()
