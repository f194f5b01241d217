"""Two processes on one card folder: every save lands whole or is refused naming the one who
saved first, never "saved" with the change gone; a load never sees half of a save."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from workbench.cards.store import ChangedOnDisk
from workbench.games.coop import cards as coop

from .cases import copy_coop

SAVER = """
import json, sys
from workbench.cards.store import ChangedOnDisk
from workbench.games.coop import cards as coop
folder, enemy, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
said = []
k = 0
# A designer refused reloads and tries again: keep going past the rounds until one save lands.
# A refusal means the other process saved, so the two cannot both go on being refused, and
# once the other has finished nothing refuses this one.
while k < rounds or not any(what == "saved" for what, _ in said):
    value = 1 + k % 9
    try:
        coop.load(folder).set("enemies", enemy, "health", value).save()
        said.append(["saved", value])
    except ChangedOnDisk as err:
        said.append(["refused", str(err)])
    k += 1
print(json.dumps(said))
"""

# Each save changes three files to the same number; a load must see one number in all three.
WRITER = """
import sys
from workbench.games.coop import cards as coop
folder, rounds = sys.argv[1], int(sys.argv[2])
for k in range(rounds):
    n = 1 + k % 9
    cards = coop.load(folder)
    cards.set("enemies", "Rats", "health", n).set("loot", "SW-B", "damage", n).set(
        "classes", "Melee", "damage", n).save()
"""

READER = """
import json, sys
from workbench.games.coop import cards as coop
folder, rounds = sys.argv[1], int(sys.argv[2])
seen = []
for _ in range(rounds):
    c = coop.load(folder)
    seen.append([c.row("enemies", "Rats")["health"], c.row("loot", "SW-B")["damage"],
                 c.row("classes", "Melee")["damage"]])
print(json.dumps(seen))
"""


def _start(script: str, *args) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", script, *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _answer(proc: subprocess.Popen):
    out, err = proc.communicate()
    assert proc.returncode == 0, err[-3000:]
    return json.loads(out.splitlines()[-1]) if out.strip() else None


@pytest.mark.xdist_group("saves")
def test_two_processes_saving_one_folder_lose_no_save(tmp_path):
    folder = copy_coop(tmp_path)
    procs = {enemy: _start(SAVER, folder, enemy, 40) for enemy in ("Rats", "Brutes")}
    said = {enemy: _answer(p) for enemy, p in procs.items()}
    final = coop.load(folder)
    for enemy, answers in said.items():
        saved = [value for what, value in answers if what == "saved"]
        assert saved, f"{enemy}: no save landed"
        # The other process never overwrote this one's last save: it could only have saved
        # after reading it.
        assert final.row("enemies", enemy)["health"] == saved[-1], enemy
        for what, text in answers:
            if what == "refused":
                assert "enemies.csv" in text and "changed on disk" in text


@pytest.mark.xdist_group("saves")
def test_a_load_never_sees_half_of_a_save(tmp_path):
    folder = copy_coop(tmp_path)
    coop.load(folder).set("loot", "SW-B", "damage", 1).set("classes", "Melee", "damage", 1).save()
    writer = _start(WRITER, folder, 60)
    reader = _start(READER, folder, 150)
    _answer(writer)
    seen = _answer(reader)
    assert all(len(set(values)) == 1 for values in seen), [v for v in seen if len(set(v)) > 1][:5]
    leftovers = [p.name for p in folder.iterdir() if p.name.startswith(".")]
    assert not leftovers


def test_a_refused_save_names_the_process_that_saved_first(tmp_path):
    folder = copy_coop(tmp_path)
    first, second = coop.load(folder), coop.load(folder)
    first.set("enemies", "Rats", "health", 5).save()
    with pytest.raises(ChangedOnDisk, match=f"last saved by process {os.getpid()} on "):
        second.set("enemies", "Brutes", "health", 9).save()
    # A change made by something else (a spreadsheet) names nobody.
    (folder / "enemies.csv").write_text(
        (folder / "enemies.csv").read_text().replace("Rats,5,", "Rats,6,")
    )
    with pytest.raises(ChangedOnDisk) as refused:
        first.set("enemies", "Brutes", "health", 9).save()
    assert "last saved by" not in str(refused.value)
