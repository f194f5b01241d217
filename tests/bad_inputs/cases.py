"""Bad inputs, one function a case: each asserts the error's type, that its message names where
and what, and that nothing on disk or in memory changed.

The cases use only names every version of the package has (new error types are matched by
name), so benchmarks/bad_inputs.py can run the same cases against another checkout and sort
its answers into: clear, unclear (another error, or a message that does not say where and
what), silently wrong (no error, or a wrong answer) and hang or lost (out of time, crashed,
or something stored was lost).
"""

from __future__ import annotations

import _thread
import inspect
import json
import os
import shutil
import threading
import warnings
from contextlib import contextmanager
from pathlib import Path

import workbench as wb
from workbench.cards import data_dir
from workbench.games.coop import cards as coop

CASES: dict = {}


class Unclear(AssertionError):
    """An error came, but not the one that says where and what."""


class Silent(AssertionError):
    """No error came where one should have, or the answer is wrong."""


class Lost(AssertionError):
    """Something stored (a file, a table, a result) was lost or changed."""


def case(area: str):
    def register(fn):
        CASES[f"{area}: {fn.__name__.replace('_', ' ')}"] = fn
        return fn
    return register


@contextmanager
def expect(error: str, *words: str, longest: int = 5000):
    """The block raises an exception whose class (or a base class) is named `error`, with
    every word of `words` in its message (case-insensitive), in at most `longest` characters."""
    try:
        yield
    except BaseException as exc:  # noqa: BLE001 - sorting every answer is the point
        if isinstance(exc, (Unclear, Silent, Lost)):
            raise
        names = {c.__name__ for c in type(exc).__mro__}
        text = str(exc)
        if error not in names:
            raise Unclear(f"{type(exc).__name__}: {text[:300]}") from exc
        missing = [w for w in words if w.lower() not in text.lower()]
        if missing:
            raise Unclear(f"message lacks {missing}: {text[:300]}") from exc
        if len(text) > longest:
            raise Unclear(f"message of {len(text):,} characters") from exc
        return
    raise Silent(f"no {error} was raised")


def check(condition: bool, what: str, kind=Lost) -> None:
    if not condition:
        raise kind(what)


def snapshot(directory: Path) -> dict:
    return {p.name: p.read_bytes() for p in sorted(Path(directory).iterdir()) if p.is_file()}


def copy_coop(tmp: Path) -> Path:
    target = tmp / "coop"
    shutil.copytree(data_dir("coop"), target)
    return target


def supported(fn, **kwargs) -> dict:
    """The keyword arguments `fn` takes (a version without them gets none of them)."""
    params = inspect.signature(fn).parameters
    return {k: v for k, v in kwargs.items() if k in params}


# -- files --------------------------------------------------------------------------------

@case("files")
def unreadable_csv(tmp):
    d = copy_coop(tmp)
    before = snapshot(d)
    original = Path.read_bytes

    def locked(self):
        if self.name == "loot.csv":
            raise PermissionError(13, "Permission denied", str(self))
        return original(self)

    Path.read_bytes = locked
    try:
        with expect("CardDataError", "loot.csv"):
            coop.load(d)
    finally:
        Path.read_bytes = original
    check(snapshot(d) == before, "files changed")


@case("files")
def junk_line_of_megabytes(tmp):
    d = copy_coop(tmp)
    with open(d / "loot.csv", "a") as f:
        f.write("x" * 3_000_000 + "\n")
    with expect("CardDataError", "loot.csv", "line 32"):
        coop.load(d)


@case("files")
def word_in_integer_column(tmp):
    d = copy_coop(tmp)
    text = (d / "enemies.csv").read_text().replace("Rats,1,", "Rats,one,")
    (d / "enemies.csv").write_text(text)
    with expect("CardDataError", "enemies.csv", "health", "one"):
        coop.load(d)


@case("files")
def missing_file(tmp):
    d = copy_coop(tmp)
    (d / "battles.csv").unlink()
    with expect("CardDataError", "battles.csv", "not found"):
        coop.load(d)


@case("files")
def not_utf8(tmp):
    d = copy_coop(tmp)
    (d / "classes.csv").write_bytes((d / "classes.csv").read_bytes() + b"\xff\xfe\n")
    with expect("CardDataError", "classes.csv", "UTF-8"):
        coop.load(d)


@case("files")
def billion_loot_copies(tmp):
    d = copy_coop(tmp)
    text = (d / "loot.csv").read_text().replace("SW-B,Bronze Sword,Sword,Low,4,",
                                                "SW-B,Bronze Sword,Sword,Low,1000000000,")
    (d / "loot.csv").write_text(text)
    with expect("CardDataError", "loot.csv", "copies", "at most"):
        coop.load(d)


@case("files")
def dodge_of_a_million(tmp):
    d = copy_coop(tmp)
    text = (d / "enemies.csv").read_text().replace("Rats,1,0,4,", "Rats,1,0,1000000,")
    (d / "enemies.csv").write_text(text)
    with expect("CardDataError", "enemies.csv", "dodge", "at most"):
        coop.load(d)


# -- edits --------------------------------------------------------------------------------

@case("edits")
def negative_health(tmp):
    cards = coop.load()
    with expect("CardDataError", "enemies", "health"):
        cards.set("enemies", "Rats", "health", -3)
    check(cards == coop.load(), "cards changed")


@case("edits")
def unknown_column(tmp):
    cards = coop.load()
    with expect("CardDataError", "speed", "column"):
        cards.set("enemies", "Rats", "speed", 3)


@case("edits")
def unknown_card(tmp):
    cards = coop.load()
    with expect("CardDataError", "Dragons", "enemies"):
        cards.set("enemies", "Dragons", "health", 3)


@case("edits")
def billion_copies_in_memory(tmp):
    cards = coop.load()
    with expect("CardDataError", "copies", "at most"):
        cards.set("loot", "SW-B", "copies", 10**9)
    check(cards["loot"]["copies"][0] == 4, "cards changed")


@case("edits")
def edit_session_keeps_cards_after_bad_edit(tmp):
    from workbench.widgets.editor_logic import EditSession

    s = EditSession(coop.load(copy_coop(tmp)))
    before = s.cards
    with expect("CardDataError", "armor"):
        s.edit("enemies", "Rats", "armor", "lots")
    check(s.cards is before, "the session's cards changed")


# -- saves --------------------------------------------------------------------------------

@case("saves")
def two_editors_on_one_folder(tmp):
    from workbench.widgets.editor_logic import EditSession

    d = copy_coop(tmp)
    s1, s2 = EditSession(coop.load(d)), EditSession(coop.load(d))
    s1.edit("enemies", "Rats", "health", 5)
    s1.save()
    s2.edit("loot", "SW-B", "damage", 3)
    with expect("ChangedOnDisk", "enemies.csv"):
        s2.save()
    check(coop.load(d).row("enemies", "Rats")["health"] == 5, "s1's edit was reverted")


@case("saves")
def spreadsheet_edit_after_loading(tmp):
    d = copy_coop(tmp)
    cards = coop.load(d)
    sheet = (d / "enemies.csv").read_text().replace("Rats,1,", "Rats,2,")
    (d / "enemies.csv").write_text(sheet)
    with expect("ChangedOnDisk", "enemies.csv", "changed"):
        cards.set("enemies", "Brutes", "health", 11).save()
    check((d / "enemies.csv").read_text() == sheet, "the spreadsheet's edit was overwritten")


@case("saves")
def interrupted_save_of_two_files(tmp):
    d = copy_coop(tmp)
    old = coop.load(d)
    # Rats leave the game: their encounters field Lankies instead (two files change).
    new = old
    for row in old["encounters"].filter(old["encounters"]["enemy"] == "Rats").iter_rows(
            named=True):
        new = new.set("encounters", row["id"], "enemy", "Lankies")
    new = new.without_row("enemies", "Rats")
    replace, calls = os.replace, []

    def dies_after_first(src, dst):
        if str(src).endswith(".tmp"):  # the journal's own atomic write
            return replace(src, dst)
        calls.append(dst)
        if len(calls) == 2:
            raise KeyboardInterrupt("killed between the two files")
        return replace(src, dst)

    os.replace = dies_after_first
    try:
        try:
            new.save()
        except BaseException:  # noqa: BLE001 - the interruption itself
            pass
    finally:
        os.replace = replace
    try:
        again = coop.load(d)
    except Exception as exc:  # noqa: BLE001
        raise Lost(f"the folder no longer loads: {str(exc)[:200]}") from exc
    check(again in (old, new), "the folder holds half of one save")
    leftovers = [p.name for p in d.iterdir() if p.name.startswith(".")]
    check(not leftovers, f"temporary files left: {leftovers}")


@case("saves")
def save_keeps_file_mode(tmp):
    d = copy_coop(tmp)
    os.chmod(d / "enemies.csv", 0o644)
    coop.load(d).set("enemies", "Rats", "health", 2).save()
    mode = os.stat(d / "enemies.csv").st_mode & 0o777
    check(mode == 0o644, f"the file's mode became {oct(mode)}", Silent)


@case("saves")
def save_through_symlink(tmp):
    d = copy_coop(tmp)
    real = tmp / "elsewhere.csv"
    shutil.move(d / "enemies.csv", real)
    (d / "enemies.csv").symlink_to(real)
    coop.load(d).set("enemies", "Rats", "health", 2).save()
    check((d / "enemies.csv").is_symlink(), "the link was replaced by a plain file", Silent)
    check("Rats,2," in real.read_text(), "the linked file was not written", Silent)


@case("saves")
def read_only_file(tmp):
    d = copy_coop(tmp)
    os.chmod(d / "enemies.csv", 0o444)
    before = snapshot(d)
    with expect("OSError", "enemies.csv", "read-only"):
        coop.load(d).set("enemies", "Rats", "health", 2).save()
    check(snapshot(d) == before, "files changed")


@case("saves")
def disk_full(tmp):
    import errno

    d = copy_coop(tmp)
    before = snapshot(d)
    cards = coop.load(d).set("enemies", "Rats", "health", 2).set("loot", "SW-B", "damage", 3)
    fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    os.fsync = full
    try:
        with expect("OSError", ".csv", "disk is full"):
            cards.save()
    finally:
        os.fsync = fsync
    check(snapshot(d) == before, "files changed")


@case("saves")
def leftover_temporary_files_are_cleaned(tmp):
    d = copy_coop(tmp)
    (d / ".enemies.csv.dead1234.wbsave").write_text("half")
    coop.load(d)
    check(not (d / ".enemies.csv.dead1234.wbsave").exists(), "a temporary file was left", Silent)


@case("saves")
def a_journal_in_a_downloaded_folder_touches_nothing_outside_it(tmp):
    # A folder shared or downloaded with a save journal naming files elsewhere: as absolute
    # paths, with "..", through a link, and with a temporary file ready beside the victim.
    d = copy_coop(tmp)
    home = tmp / "home"
    home.mkdir()
    victim = home / ".bashrc"
    victim.write_text("mine")
    (home / "evil.wbsave").write_text("theirs")
    (home / "..bashrc.deadbeef.wbsave").write_text("theirs")
    (d / "link.csv").symlink_to(victim)
    (d / ".link.csv.deadbeef.wbsave").symlink_to(victim)
    (d / ".workbench-save.json").write_text(json.dumps({"renames": [
        [str(home / "evil.wbsave"), str(victim)], ["../home/.bashrc", "deadbeef"],
        ["link.csv", "deadbeef"], [str(victim), "deadbeef"]]}))
    outside = snapshot(home)
    coop.load(d)
    check(snapshot(home) == outside, "a file outside the folder was replaced or removed", Lost)
    check(victim.read_text() == "mine", "the linked file was overwritten", Lost)


@case("saves")
def a_spreadsheet_save_killed_halfway_leaves_nothing_behind(tmp):
    d = copy_coop(tmp)
    book = tmp / "coop.xlsx"
    coop.load(d).save(book)
    (tmp / ".coop.xlsx.dead1234.wbsave").write_bytes(b"half")
    (tmp / ".other.xlsx.dead1234.wbsave").write_bytes(b"someone else's")
    coop.load(book)
    check(not (tmp / ".coop.xlsx.dead1234.wbsave").exists(), "a temporary file was left",
          Silent)
    check((tmp / ".other.xlsx.dead1234.wbsave").exists(), "another file's was removed", Lost)


@case("files")
def a_spreadsheet_with_a_value_in_its_last_cell(tmp):
    import xlsxwriter

    book = tmp / "cards.xlsx"
    with xlsxwriter.Workbook(book) as workbook:
        sheet = workbook.add_worksheet("enemies")
        sheet.write_row(0, 0, ["name", "health"])
        sheet.write(1_048_575, 16_383, "x")  # XFD1048576
    with expect("CardDataError", "cards.xlsx", "enemies", "XFD1048576"):
        coop.load(book)


@case("files")
def a_spreadsheet_that_unpacks_to_gigabytes(tmp):
    import zipfile

    book = tmp / "bomb.xlsx"
    with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b" " * (80 * 2**20))
    check(book.stat().st_size < 2**20, "the test's file is not small")
    with expect("CardDataError", "bomb.xlsx", "unpack"):
        coop.load(book)


# -- matches ------------------------------------------------------------------------------

@case("matches")
def a_variant_given_twice_under_two_names(tmp):
    with expect("SetupError", "longbow_dice", "coop.longbow_dice", "same variant"):
        wb.play("coop", rules={"longbow_dice": 1, "coop.longbow_dice": 3})


@case("matches")
def a_typed_label_never_ends_inside_a_number(tmp):
    from workbench.core import Action
    from workbench.core.legality import match_label

    legal = [Action("attack", (11,), "Attack Rats #11 with bare hands (1d6, 2■)")]
    found, several = match_label(legal, "Attack Rats #1")  # Rats #1 has just died
    check(found is None and not several, f"'Attack Rats #1' played {found}", Silent)
    check(match_label(legal, "attack rats #11")[0] == legal[0], "a whole number is refused",
          Silent)


@case("matches")
def a_bool_is_not_a_seat_or_a_position(tmp):
    with expect("SetupError", "bots", "True"):
        wb.play("correction", bots={True: "random"})
    m = wb.play("correction")
    m.step(m.legal_actions()[0])
    with expect("ValueError", "timeline", "True"):
        m.goto(True)
    check(m.decisions == 1, "the match moved", Lost)
    with expect("SetupError", "first_player", "0.0"):
        wb.play("correction", first_player=0.0)
    with expect("SetupError", "seed", "0 or more"):
        m.restart(-3)
    check(m.seed == 0 and m.decisions == 1, "a refused restart changed the match", Lost)


@case("matches")
def a_list_is_not_a_label(tmp):
    m = wb.play("correction")
    label = m.legal_actions()[0].label
    with expect("IllegalAction", "Action or its label", "list"):
        m.step([label])
    check(m.decisions == 0, "a list was played as its label", Silent)


@case("matches")
def plain_tables_are_not_cards(tmp):
    cards = wb.load_cards("coop")
    frames = {table: cards[table] for table in cards.tables}
    with expect("SetupError", "cards", "CardSet", "dict"):
        wb.play("coop", cards=frames)


@case("matches")
def a_saved_match_whose_version_is_true(tmp):
    m = wb.play("correction")
    m.step(m.legal_actions()[0])
    data = json.loads(m.to_json())
    data["version"] = True
    with expect("MatchFileError", "version", "True"):
        wb.load_match(json.dumps(data))


@case("simulation")
def a_negative_seed_is_not_another_seed(tmp):
    with expect("SetupError", "seed", "0 or more", "-5"):
        wb.simulate("correction", 5, seed=-5)


def _played(seed=1, **kw):
    m = wb.play("coop", seed=seed, bots="heuristic", players=3, **kw)
    m.auto(max_steps=40)
    return m


@case("matches")
def replay_against_edited_shipped_cards(tmp):
    saved = _played().to_json()
    game = wb.core.get_game("coop")
    edited = coop.load().set("enemies", "Rats", "health", 2)
    assert "load_cards" not in vars(type(game))  # inherited: put back by taking ours away
    type(game).load_cards = lambda self, path=None: edited
    try:
        with expect("MatchFileError", "cards"):
            wb.load_match(saved)
    finally:
        del type(game).load_cards


@case("matches")
def changed_seed(tmp):
    data = json.loads(_played().to_json())
    data["seed"] = 2
    with expect("MatchFileError", "step", "seed"):
        wb.load_match(json.dumps(data))


@case("matches")
def one_changed_roll(tmp):
    data = json.loads(_played().to_json())
    # A dice total that a smaller one could also have been (an attack roll of several dice).
    rolls = [(h["chance"], i) for i, h in enumerate(data["history"])
             if isinstance(h.get("chance"), int) and not isinstance(h["chance"], bool)]
    value, i = max(rolls)
    data["history"][i]["chance"] = value - 1
    with expect("MatchFileError", f"step {i}"):
        wb.load_match(json.dumps(data))


@case("matches")
def json_is_a_list(tmp):
    with expect("MatchFileError", "format"):
        wb.load_match("[1, 2, 3]")


@case("matches")
def nested_bomb(tmp):
    with expect("MatchFileError", "nested"):
        wb.load_match("[" * 200_000 + "]" * 200_000)


@case("matches")
def history_is_a_dict(tmp):
    data = json.loads(_played().to_json())
    data["history"] = {"0": {"chance": 1}}
    with expect("MatchFileError", "history"):
        wb.load_match(json.dumps(data))


@case("matches")
def rules_is_a_list(tmp):
    data = json.loads(_played().to_json())
    data["rules"] = ["fast"]
    with expect("MatchFileError", "rules"):
        wb.load_match(json.dumps(data))


@case("matches")
def seed_is_text(tmp):
    data = json.loads(_played().to_json())
    data["seed"] = "abc"
    with expect("MatchFileError", "seed"):
        wb.load_match(json.dumps(data))


@case("matches")
def bad_cell_in_embedded_cards(tmp):
    cards = coop.load().set("enemies", "Rats", "health", 2)
    data = json.loads(_played(cards=cards).to_json())
    data["cards"]["tables"]["enemies"]["health"][0] = "lots"
    with expect("MatchFileError", "saved match", "embedded", "health"):
        wb.load_match(json.dumps(data))


@case("matches")
def unknown_game(tmp):
    data = json.loads(_played().to_json())
    data["game"] = "chess"
    with expect("MatchFileError", "chess"):
        wb.load_match(json.dumps(data))


@case("matches")
def not_json(tmp):
    with expect("MatchFileError", "JSON", "line 1"):
        wb.load_match("{not json")


@case("matches")
def auto_on_a_stalled_game(tmp):
    games = wb.simulate("coop", 400, seed=0, bots="heuristic", players=3)
    seed = games.filter(games["outcome"] == "timeout")["seed"][0]
    m = wb.play("coop", seed=seed, bots="heuristic", players=3)
    m.auto()
    check(not m.over, "the stalled match says it is over", Silent)
    reason = getattr(m, "halted", None) or ""
    check("stall" in reason or "cap" in reason, "auto() did not say why it stopped", Silent)


@case("matches")
def seed_none_is_reported(tmp):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        m = wb.play("rpg_card_battle", seed=None) if True else None
    check(isinstance(m.seed, int), "no seed", Silent)
    check(any(str(m.seed) in str(w.message) for w in seen), "the fresh seed was not reported",
          Silent)


# -- simulation ---------------------------------------------------------------------------

def _illegal_bot(state, seat, actions, rng):
    from workbench import Action

    return Action("teleport", (99,), "Teleport")


def _none_bot(state, seat, actions, rng):
    return None


def _junk_bot(state, seat, actions, rng):
    return 5


def _label_bot(state, seat, actions, rng):
    return actions[int(rng.random() * len(actions))].label


def _action_bot(state, seat, actions, rng):
    return actions[int(rng.random() * len(actions))]


@case("simulation")
def illegal_bot_action(tmp):
    with expect("IllegalAction", "_illegal_bot", "seat 1", "decision", "seed"):
        wb.simulate("correction", 3, bots={0: _illegal_bot})


@case("simulation")
def bot_returns_none(tmp):
    with expect("IllegalAction", "_none_bot", "None", "seat", "seed"):
        wb.simulate("correction", 3, bots={0: _none_bot})


@case("simulation")
def bot_returns_junk(tmp):
    with expect("IllegalAction", "_junk_bot", "int", "seat", "seed"):
        wb.simulate("correction", 3, bots={0: _junk_bot})


@case("simulation")
def bot_returns_a_label(tmp):
    try:
        by_label = wb.simulate("correction", 5, bots={0: _label_bot, 1: _action_bot})
    except Exception as exc:  # noqa: BLE001
        raise Unclear(f"a label was refused: {str(exc)[:200]}") from exc
    by_action = wb.simulate("correction", 5, bots={0: _action_bot, 1: _action_bot})
    # The games, not which bot `played_by` names as the reason the engine played them.
    check(by_label.drop("played_by").equals(by_action.drop("played_by")),
          "a label played differently from its action", Silent)


@case("simulation")
def battles_zero(tmp):
    with expect("SetupError", "battles_2p"):
        wb.simulate("coop", 2, rules={"coop.battles_2p": 0}, players=2)


@case("simulation")
def battles_negative(tmp):
    with expect("SetupError", "battles_2p"):
        wb.simulate("coop", 2, rules={"coop.battles_2p": -5}, players=2)


@case("simulation")
def rules_as_text(tmp):
    with expect("SetupError", "rules"):
        wb.simulate("coop", 2, rules="fast")


@case("simulation")
def seed_text(tmp):
    with expect("SetupError", "seed", "whole number"):
        wb.simulate("coop", 2, seed="abc")


@case("simulation")
def seed_float(tmp):
    with expect("SetupError", "seed", "whole number"):
        wb.simulate("coop", 2, seed=1.5)


@case("simulation")
def seed_bool(tmp):
    with expect("SetupError", "seed", "whole number"):
        wb.simulate("coop", 2, seed=True)


@case("simulation")
def sweep_seed_text(tmp):
    with expect("SetupError", "seed"):
        wb.sweep("coop", {"enemies.Rats.health": [1, 2]}, 2, seed="abc", executor="serial",
                 progress=False)


@case("simulation")
def seed_none_gives_a_replayable_frame(tmp):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        first = wb.simulate("correction", 3, seed=None)
    told = [w for w in seen if "seed" in str(w.message)]
    check(bool(told), "the fresh seed was not reported", Silent)
    seed = int(str(told[0].message).split("seed ")[1].split(";")[0])
    check(wb.simulate("correction", 3, seed=seed).equals(first), "not replayable", Silent)


@case("simulation")
def n_true(tmp):
    with expect("SetupError", "n"):
        wb.simulate("coop", True)


@case("simulation")
def max_decisions_true(tmp):
    with expect("SetupError", "max_decisions"):
        wb.simulate("coop", 2, max_decisions=True)


@case("simulation")
def mcts_zero(tmp):
    with expect("SetupError", "mcts:0", "playouts"):
        wb.simulate("correction", 1, bots="mcts:0")


@case("simulation")
def sensitivity_step_zero(tmp):
    with expect("SetupError", "step"):
        wb.sensitivity("coop", "enemies", 10, step=0, executor="serial", progress=False)


@case("simulation")
def sensitivity_unknown_table(tmp):
    with expect("SetupError", "dragons", "table"):
        wb.sensitivity("coop", "dragons", 10, executor="serial", progress=False)


@case("simulation")
def sensitivity_unknown_column(tmp):
    with expect("SetupError", "speed", "column"):
        wb.sensitivity("coop", "enemies", 10, columns=["speed"], executor="serial",
                       progress=False)


@case("simulation")
def sensitivity_n_zero(tmp):
    with expect("SetupError", "n"):
        wb.sensitivity("coop", "enemies", 0, executor="serial", progress=False)


@case("simulation")
def solve_step_negative(tmp):
    with expect("SetupError", "step"):
        wb.solve("coop", "enemies.Brutes.health", 0.5, (5, 15), step=-1)


@case("simulation")
def solve_step_zero(tmp):
    with expect("SetupError", "step"):
        wb.solve("coop", "enemies.Brutes.health", 0.5, (5, 15), step=0)


@case("simulation")
def solve_max_games_zero(tmp):
    with expect("SetupError", "max_games"):
        wb.solve("coop", "enemies.Brutes.health", 0.5, (5, 15), max_games=0)


@case("simulation")
def a_billion_games(tmp):
    with expect("SetupError", "1,000,000,000", "confirm"):
        wb.simulate("coop", 10**9)


@case("simulation")
def sweep_of_ten_million(tmp):
    with expect("SetupError", "confirm"):
        wb.sweep("coop", {"enemies.Rats.health": [1, 2]}, 5 * 10**6, executor="serial",
                 progress=False)


@case("simulation")
def grid_of_a_million_points(tmp):
    vary = {"enemies.Rats.health": list(range(1, 101)),
            "enemies.Brutes.health": list(range(1, 101)),
            "enemies.Lankies.health": list(range(1, 101))}
    with expect("SetupError", "1,000,000 points", "confirm"):
        wb.sweep("coop", vary, 10, executor="serial", progress=False)


def _hung_bot(state, seat, actions, rng):
    # Decides at once, except on a position deep in the second game, where it spins for ever.
    _hung_bot.calls = getattr(_hung_bot, "calls", 0) + 1
    if _hung_bot.calls > 60 and getattr(_hung_bot, "hang", True):
        while True:
            pass
    return actions[0]


def _spin_bot(state, seat, actions, rng):
    # Hangs on its tenth decision of any game; used in worker processes.
    if state.stats().get("turns", 0) >= 0 and len(actions) and rng.random() < 0.05:
        while True:
            pass
    return actions[0]


def _hung_sweep(executor):
    from workbench.sim import simulate as sim

    kw = supported(wb.sweep, bot_time_limit=0.5)
    if not kw:  # a version without a time limit: it would wait as long as the bot does
        sim.BOT_TIME_LIMIT = 0.5
    with expect("IllegalAction", "_spin_bot", "seat", "seed"):
        wb.sweep("correction", {"rules.cor.draw_after": [60]}, 4, bots=_spin_bot,
                 executor=executor, progress=False, **kw)


@case("simulation")
def hung_bot_in_threads(tmp):
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        _hung_sweep(pool)


@case("simulation")
def hung_bot_in_processes(tmp):
    _hung_sweep("processes")


@case("simulation")
def local_cluster_of_no_workers(tmp):
    from workbench.sim import local_cluster

    for workers in (0, -2, 1.5, "two"):
        with expect("ValueError", "local_cluster", "workers", repr(workers)):
            local_cluster(workers)


@case("simulation")
def hung_bot_on_dask(tmp):
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        _hung_sweep(client)


def _interrupted_sweep(executor):
    """Ctrl+C one second into a sweep whose bot hangs: the games played so far come back."""
    import signal

    # Ctrl+C as a notebook sends it, even where this process was started with SIGINT ignored
    # (a background job), where interrupt_main would do nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.0, _thread.interrupt_main)
    timer.start()
    try:
        out = wb.sweep("correction", {"rules.cor.draw_after": [60]}, 500, bots=_spin_bot,
                       executor=executor, progress=False,
                       **supported(wb.sweep, bot_time_limit=600))
    except KeyboardInterrupt as exc:
        raise Lost("Ctrl+C lost every game played") from exc
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    check(out["status"][0] == "interrupted", "an interrupted sweep says it is done", Silent)


@case("interrupts")
def ctrl_c_serial(tmp):
    _interrupted_sweep("serial")


@case("interrupts")
def ctrl_c_threads(tmp):
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(2)
    try:
        _interrupted_sweep(pool)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


@case("interrupts")
def ctrl_c_processes(tmp):
    _interrupted_sweep("processes")


@case("interrupts")
def ctrl_c_dask(tmp):
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        _interrupted_sweep(client)


# -- dice ---------------------------------------------------------------------------------

@case("dice")
def keep_ten_of_many_die_types(tmp):
    from workbench import dice

    expr = "[" + ",".join(f"d{i}" for i in range(2, 41)) + "]kh10"
    with expect("DiceTooLarge", "keeping 10 of 39", "monte_carlo"):
        dice.exact(expr)


@case("dice")
def five_hundred_die_types(tmp):
    from workbench import dice

    expr = "[" + ",".join(f"d{i}" for i in range(2, 502)) + "]kh2"
    with expect("DiceTooLarge", "too large", longest=1000):
        dice.exact(expr)


@case("dice")
def flat_sum_of_a_hundred_thousand_terms(tmp):
    from workbench import dice

    node = dice.parse("+".join(["1"] * 100_000))
    check(len(node.terms) == 100_000, "wrong parse", Silent)


@case("dice")
def a_million_repetitions(tmp):
    from workbench import dice

    rolls = dice.sample("1000000#d6", n=2, seed=1)
    check(all(1_000_000 <= r <= 6_000_000 for r in rolls), "impossible totals", Silent)


@case("dice")
def list_as_expression(tmp):
    from workbench import dice

    with expect("TypeError", "string", "list"):
        dice.exact(["3d6"])


@case("dice")
def weights_past_the_digit_limit(tmp):
    from workbench import dice

    frame = dice.distribution("6000d6", budget=5)
    check(frame.height == 30001 and str(frame["weight"][0]) in ("1", "0x1"), "wrong weights",
          Silent)


@case("dice")
def nan_budget(tmp):
    from workbench import dice

    with expect("ValueError", "budget", "nan"):
        dice.exact("3d6", budget=float("nan"))


@case("dice")
def big_exploding_sum(tmp):
    from workbench import dice

    with expect("DiceTooLarge", "monte_carlo"):
        dice.exact("(785d3!dh1>=2)+(785d17!dh1>=2)")


@case("dice")
def samples_true(tmp):
    from workbench import dice

    with expect("ValueError", "n"):
        dice.sample("3d6", n=True)


@case("dice")
def unclosed_bracket(tmp):
    from workbench import dice

    with expect("DiceSyntaxError", "character"):
        dice.exact("(3d6+2")
