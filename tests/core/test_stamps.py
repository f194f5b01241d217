"""A kernel plays only the code it was checked against (core/stamps.py), says when it steps
aside (sim/paths.py), and is checked against the rules engine on every call it answers.

Every route by which a designer changes a rule, on every game with a kernel: an edited module
(in a copy of the package, in a fresh process), a subclass, a replaced function, a rule
variant the kernel was not checked on; and a kernel whose rows differ from the engine's."""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

import workbench as wb
from workbench.cards import data_dir
from workbench.core import stamps
from workbench.core.bots import make_bots
from workbench.core.registry import _GAMES, get_game, register
from workbench.sim import paths
from workbench.sim import stamps as renewal
from workbench.sim.kernels import SETUPS, compiled_games
from workbench.sim.simulate import Batch, game_seeds, play_out, prepare

GAMES = compiled_games()
REPOSITORY = Path(__file__).resolve().parents[2]


def test_every_game_with_a_kernel_has_one():
    assert sorted(GAMES) == [
        "armies",
        "coop",
        "correction",
        "location_ccg",
        "rpg_card_battle",
        "sac",
        "squad_combat",
    ]


@pytest.mark.parametrize("name", GAMES)
def test_every_stamp_matches_its_code(name):
    why = renewal.stale(name)
    assert why is None, (
        f"{name}'s kernel stamp is stale ({why}): run "
        f"`python -m workbench.sim.stamps --renew {name}`"
    )


def engine_rows(name, batch, seeds):
    game = get_game(batch.game)
    bots = make_bots(batch.bots, game, game.num_seats(batch.setup))
    return [
        play_out(
            game, batch.cards, batch.rules, batch.setup, s, bots, game.max_decisions, batch.trace
        )
        for s in seeds
    ]


def played(frame) -> set:
    return set(frame["played_by"])


def simulated(name, n=4, **kwargs):
    with pytest.warns(wb.KernelAside) as caught:
        frame = wb.simulate(name, n, bots="heuristic", seed=3, **SETUPS.get(name, {}), **kwargs)
    assert len(caught) == 1, "one warning per call"
    return frame, str(caught[0].message)


@pytest.fixture
def house(request):
    """A subclass of a built-in game, registered under its own name (with the same cards)."""
    made = []

    def make(name, **methods):
        base = type(get_game(name))
        spec = dataclasses.replace(base.spec, name=f"{name}_house", data=str(data_dir(name)))
        cls = type(f"House{base.__name__}", (base,), {"spec": spec, **methods})
        register(cls)
        made.append(spec.name)
        return get_game(spec.name)

    yield make
    for name in made:
        _GAMES.pop(name, None)


@pytest.mark.parametrize("name", GAMES)
def test_a_subclass_plays_in_the_rules_engine(name, house):
    game = house(name)
    frame, said = simulated(game.name)
    assert said.startswith(f"{game.name}: the rules engine played 4 of 4 games")
    assert "is a subclass of" in said and "times the kernel's time per game" in said
    assert played(frame) == {
        f"engine: {type(game).__name__} is a subclass of "
        f"{type(game).__mro__[1].__name__}, and the kernel plays only "
        f"{type(game).__mro__[1].__name__}'s rules"
    }
    batch = prepare(game.name, None, None, "heuristic", None, SETUPS.get(name, {}))
    assert frame.drop("played_by").to_dicts() == engine_rows(name, batch, game_seeds(3, 4))


def test_a_house_rule_changes_the_numbers_by_every_route(house, monkeypatch):
    # RPG Card Battle with one more point of attack on every side: as a subclass registered
    # under its own name, and as a rules function replaced in place.
    from workbench.games.rpg_card_battle import rules
    from workbench.games.rpg_card_battle.catalog import catalog_for

    class HarderState(rules.BattleState):
        def fighter(self, seat, attacking=False):
            f = super().fighter(seat, attacking)
            return f._replace(attack=f.attack + 1)

    def new_state(self, cards, rules_, setup):
        return HarderState(catalog_for(cards, rules_), self.builds(cards, rules_, setup))

    plain = wb.simulate("rpg_card_battle", 100, bots="heuristic", seed=1)
    game = house("rpg_card_battle", new_state=new_state)
    with pytest.warns(wb.KernelAside):
        harder = wb.simulate(game.name, 100, bots="heuristic", seed=1)
    assert played(plain) == {"kernel"} and played(harder) != {"kernel"}
    assert harder["length"].mean() < plain["length"].mean()  # harder hits end games sooner
    batch = prepare(game.name, None, None, "heuristic", None, {})
    assert harder.drop("played_by").to_dicts() == engine_rows(game.name, batch, game_seeds(1, 100))
    damage = rules.damage

    def harder_damage(rules_, x, xmove, y, ymove):
        return damage(rules_, x._replace(attack=x.attack + 1), xmove, y, ymove)

    monkeypatch.setattr(rules, "damage", harder_damage)
    with pytest.warns(wb.KernelAside, match="damage in rules.py of rpg_card_battle"):
        patched = wb.simulate("rpg_card_battle", 100, bots="heuristic", seed=1)
    assert patched.drop("played_by").equals(harder.drop("played_by"))


@pytest.mark.parametrize("name", GAMES)
def test_a_replaced_function_plays_in_the_rules_engine(name, monkeypatch):
    game = get_game(name)
    batch = prepare(name, None, None, "heuristic", None, SETUPS.get(name, {}))
    state_class = type(game.new_state(batch.cards, batch.rules, batch.setup))
    original = state_class.legal_actions

    def legal_actions(self):  # the same rule, written again in a notebook
        return original(self)

    monkeypatch.setattr(state_class, "legal_actions", legal_actions)
    frame, said = simulated(name)
    where = f"{state_class.__name__}.legal_actions in "
    assert all(
        p.startswith(f"engine: {where}") and p.endswith(" was replaced") for p in played(frame)
    ), played(frame)
    assert where in said
    assert frame.drop("played_by").to_dicts() == engine_rows(name, batch, game_seeds(3, 4))
    # Put back, the package's own code is the kernel's again.
    monkeypatch.undo()
    again = wb.simulate(name, 4, bots="heuristic", seed=3, **SETUPS.get(name, {}))
    assert played(again) == {"kernel"} and again.drop("played_by").equals(frame.drop("played_by"))


def test_a_function_replaced_before_the_first_game_is_seen(monkeypatch):
    # A notebook's function put in place of the package's before anything is played: not
    # what the module held when it loaded.
    from workbench._loaded import FIRST
    from workbench.games.correction import rules

    original = rules.CorrectionState.apply

    def apply(self, action):
        return original(self, action)

    monkeypatch.setattr(rules.CorrectionState, "apply", apply)
    owner = stamps.kernel_owner(get_game("correction"))
    watch = stamps._Watch(owner, stamps.read_stamp(owner))
    assert watch.check() == "CorrectionState.apply in rules.py of correction was replaced"
    assert watch.patched
    # A module with no record of what it held when it loaded: what stands there must at
    # least be the package's own.
    monkeypatch.delitem(FIRST, rules.__name__)
    watch = stamps._Watch(owner, stamps.read_stamp(owner))
    why = watch.check()
    assert why.startswith(
        "CorrectionState.apply in rules.py of correction is the function apply from "
    ) and why.endswith(", not the package's own")


def test_a_method_new_to_a_state_class_is_added_and_one_it_inherited_is_replaced(monkeypatch):
    # ArmiesState is put together from parts: its legal_actions comes from a base class, so
    # one set on ArmiesState itself replaces that rule; a name no part had is an addition.
    from workbench.games.armies import rules

    owner = stamps.kernel_owner(get_game("armies"))
    state_class = rules.ArmiesState
    assert "legal_actions" not in vars(state_class) and hasattr(state_class, "legal_actions")
    monkeypatch.setattr(state_class, "rally", lambda self: None, raising=False)
    watch = stamps._Watch(owner, stamps.read_stamp(owner))
    assert watch.check() == "ArmiesState.rally in rules.py of armies was added"
    monkeypatch.undo()
    monkeypatch.setattr(state_class, "legal_actions", lambda self: [])
    watch = stamps._Watch(owner, stamps.read_stamp(owner))
    assert watch.check() == "ArmiesState.legal_actions in rules.py of armies was replaced"


def test_a_replaced_constant_is_seen(monkeypatch):
    from workbench.games.sac import rules

    name = next(k for k, v in vars(rules).items() if isinstance(v, int) and k.isupper())
    monkeypatch.setattr(rules, name, getattr(rules, name) + 1)
    assert (
        stamps.aside(get_game("sac"), get_game("sac").default_rules())
        == f"{name} in rules.py of sac was replaced"
    )


@pytest.mark.parametrize("name", GAMES)
def test_a_variant_the_kernel_was_not_checked_on_plays_in_the_rules_engine(name):
    game = get_game(name)
    batch = prepare(name, None, None, "heuristic", None, SETUPS.get(name, {}))
    house_rules = {**batch.rules, f"{name}.house": 1}
    assert stamps.aside(game, house_rules) == f"variant {name}.house is not compiled"
    rows, fast = dataclasses.replace(batch, rules=house_rules).play(game_seeds(3, 3))
    assert not fast and played(rows) == {f"engine: variant {name}.house is not compiled"}
    # A value past what it was checked on, too.
    numeric = [v for v in game.variants if v.choices is None and v.maximum is not None]
    for v in numeric[:1]:
        beyond = {**batch.rules, v.key: v.maximum + 1}
        assert stamps.aside(game, beyond) == (
            f"variant {v.key} = {v.maximum + 1!r} is not one the kernel was checked on"
        )


EDIT = """
import sys
import workbench as wb
from workbench.sim.kernels import SETUPS
out = {}
for name in sys.argv[1:]:
    frame = wb.simulate(name, 3, bots="heuristic", seed=5, **SETUPS.get(name, {}))
    out[name] = sorted(set(frame["played_by"]))
print(__import__("json").dumps(out))
"""


def test_an_edited_module_plays_in_the_rules_engine(tmp_path):
    # A copy of the package with a rule module of each game edited, as a designer edits the
    # installed package; the repository's card tables beside it.
    copy = tmp_path / "checkout"
    shutil.copytree(
        REPOSITORY / "workbench", copy / "workbench", ignore=shutil.ignore_patterns("__pycache__")
    )
    (copy / "data").symlink_to(REPOSITORY / "data")
    for name in GAMES:
        rules = copy / "workbench" / "games" / name / "rules.py"
        rules.write_text(rules.read_text() + "\n\nHOUSE_RULE = True\n")
    env = {**os.environ, "PYTHONPATH": str(copy)}
    done = subprocess.run(
        [sys.executable, "-c", EDIT, *GAMES],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(done.stdout.splitlines()[-1])
    assert found == {
        name: [f"engine: rules.py of {name} changed since the {name} kernel was checked"]
        for name in GAMES
    }
    assert "KernelAside" in done.stderr


RELOAD = """
import importlib, json
from workbench.core import get_game, stamps
from workbench.games.rpg_card_battle import rules
game = get_game("rpg_card_battle")
shipped = open(rules.__file__).read()
asides = []
for text in (shipped, shipped + "\\nHOUSE_RULE = True\\n", shipped):
    open(rules.__file__, "w").write(text)
    importlib.reload(rules)  # as autoreload does when a file changes
    asides.append(stamps.aside(game, game.default_rules()))  # (no kernel to compile here)
print(json.dumps(asides))
"""


def test_a_module_loaded_again_is_read_again(tmp_path):
    copy = tmp_path / "checkout"
    shutil.copytree(
        REPOSITORY / "workbench", copy / "workbench", ignore=shutil.ignore_patterns("__pycache__")
    )
    (copy / "data").symlink_to(REPOSITORY / "data")
    env = {**os.environ, "PYTHONPATH": str(copy)}
    done = subprocess.run(
        [sys.executable, "-c", RELOAD],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    changed = "rules.py of rpg_card_battle changed since the rpg_card_battle kernel was checked"
    assert json.loads(done.stdout.splitlines()[-1]) == [None, changed, None]


@pytest.mark.parametrize("name", GAMES)
def test_a_kernel_whose_rows_differ_is_caught(name, monkeypatch):
    real = Batch.play

    def wrong(self, seeds, run=None):
        rows, fast = real(self, seeds, run)
        # A kernel that got one rule wrong: every game it plays is one decision longer.
        return rows.with_columns(
            pl.when(pl.col("played_by") == "kernel")
            .then(pl.col("length") + 1)
            .otherwise(pl.col("length"))
            .alias("length")
        ), fast

    monkeypatch.setattr(Batch, "play", wrong)
    with pytest.raises(wb.KernelMismatch) as caught:
        wb.simulate(name, 5, bots="heuristic", seed=2, **SETUPS.get(name, {}))
    error = caught.value
    assert error.game == name and error.seed in game_seeds(2, 5)
    assert list(error.columns) == ["length"]
    kernel, engine = error.columns["length"]
    assert kernel == engine + 1
    assert f"seed {error.seed}: length: kernel {kernel}, engine {engine}" in str(error)


def test_the_shadow_check_runs_once_a_call(monkeypatch):
    calls = []
    real = paths.shadow_check

    def spy(played):
        calls.append(sum(len(rows) for _, rows in played))
        real(played)

    # The module, not the function of the same name that workbench.sim exports.
    monkeypatch.setattr(importlib.import_module("workbench.sim.sweep"), "shadow_check", spy)
    wb.sweep(
        "correction",
        {"params.piece_denial_cost.value": [1, 2, 3]},
        20,
        executor="serial",
        progress=False,
    )
    assert calls == [60]  # one check for the call, chosen from all its points' games


def test_the_shadow_check_picks_a_different_game_each_call(monkeypatch):
    picked = []
    real = paths._PICK.randrange
    monkeypatch.setattr(paths._PICK, "randrange", lambda n: picked.append(real(n)) or picked[-1])
    frames = [wb.simulate("rpg_card_battle", 200, seed=4) for _ in range(6)]
    assert len(set(picked)) > 1  # (the same one six times: about one chance in 10**11)
    assert all(f.equals(frames[0]) for f in frames)  # and never changes what a call returns


def test_stalled_games_with_tension_play_in_the_kernel():
    # A piece denial that costs 1 stalls every game: each runs to the decision cap.
    summary, games = wb.sweep(
        "correction",
        {"params.piece_denial_cost.value": [1, 2]},
        40,
        executor="serial",
        progress=False,
        games=True,
    )
    assert summary["played_by"].to_list() == ["kernel", "kernel"]
    stalled = games.filter(pl.col("outcome") == "timeout")
    assert stalled.height and stalled["drama"].null_count() == stalled.height
    assert summary["timeout_rate"][0] == 1.0


def test_a_changed_file_is_named():
    game = get_game("rpg_card_battle")
    owner = stamps.kernel_owner(game)
    stamp = stamps.read_stamp(owner)
    unit = "workbench.games.rpg_card_battle.rules"
    edited = dataclasses.replace(
        stamp, units={**stamp.units, unit: {"text": "0" * 64, "code": "0" * 64}}
    )
    assert stamps._Watch(owner, edited).check() == (
        "rules.py of rpg_card_battle changed since the rpg_card_battle kernel was checked"
    )


def test_the_code_hash_ignores_comments_layout_and_docstrings():
    text = 'def f(x):\n    """Twice x."""\n    return 2 * x  # doubled\n'
    same = "def f(x):\n    # a comment\n    return 2*x\n"
    other = "def f(x):\n    return 3 * x\n"
    assert stamps.code_hash(text) == stamps.code_hash(same)
    assert stamps.code_hash(text) != stamps.code_hash(other)
    assert stamps.text_hash(text) != stamps.text_hash(same)


def test_a_game_without_a_stamp_plays_in_the_rules_engine(monkeypatch):
    game = get_game("coop")
    owner = stamps.kernel_owner(game)
    monkeypatch.setattr(stamps, "read_stamp", lambda cls: None)
    assert stamps.aside(game, game.default_rules()) == (
        "the coop kernel has no stamp (kernel_stamp.json): it was never checked"
    )
    assert stamps.ours(owner)


def test_units_are_the_game_modules_and_the_engine_code_they_reach():
    owner = stamps.kernel_owner(get_game("rpg_card_battle"))
    units = stamps.units_of(owner)
    package = "workbench.games.rpg_card_battle."
    assert {u[len(package) :] for u in units if u.startswith(package)} == {
        "batch",
        "bots",
        "cards",
        "catalog",
        "game",
        "kernel",
        "rules",
    }  # not render
    assert "workbench.core.kit.deck" in units and "workbench.core.compiled" in units
    assert units[-len(stamps.SHARED_FUNCTIONS) :] == list(stamps.SHARED_FUNCTIONS)


def test_a_rule_replaced_here_plays_here_whatever_the_executor(monkeypatch):
    # Worker processes load the package afresh and would not see the notebook's change.
    from workbench.games.rpg_card_battle import rules

    damage = rules.damage
    monkeypatch.setattr(rules, "damage", lambda r, x, xm, y, ym: damage(r, x, xm, y, ym) + 1)
    assert paths.placed(prepare("rpg_card_battle"), "processes") == "serial"
    with pytest.warns(wb.KernelAside):
        far = wb.sweep(
            "rpg_card_battle",
            {"classes.Knight.hp": [20]},
            300,
            executor="processes",
            progress=False,
        )
        here = wb.sweep(
            "rpg_card_battle", {"classes.Knight.hp": [20]}, 300, executor="serial", progress=False
        )
    assert far.equals(here) and far["played_by"][0].startswith("engine: damage in rules.py")
    monkeypatch.undo()
    assert paths.placed(prepare("rpg_card_battle"), "processes") == "processes"


def test_solve_and_sensitivity_say_which_path_played(monkeypatch):
    found = wb.solve("rpg_card_battle", "classes.Knight.hp", 0.5, (10, 14), step=100, max_games=100)
    assert found["played_by"] == "kernel" and set(found["trace"]["played_by"]) == {"kernel"}
    checked = []
    monkeypatch.setattr(
        importlib.import_module("workbench.sim.sensitivity"),
        "shadow_check",
        lambda played: checked.append(len(played)),
    )
    ranked = wb.sensitivity(
        "rpg_card_battle", "classes", 40, columns=["hp"], executor="serial", progress=False
    )
    assert set(ranked["played_by"]) == {"kernel"} and len(checked) == 1
    assert checked[0] > ranked.height  # one check over the call's every point
