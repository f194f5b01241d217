"""The public calls of the foundation: play, step by label, auto, simulate, golden games."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

import workbench as wb
from tests import golden

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_GAMES = {
    "coop_seed1_heuristic": dict(game="coop", seed=1, players=3, bots="heuristic"),
    "coop_seed7_random_5p": dict(game="coop", seed=7, players=5, bots="random"),
    "coop_seed3_variants": dict(
        game="coop",
        seed=3,
        players=["Melee", "Melee", "Ranged"],
        bots="heuristic",
        rules={"group_by": "never", "leader_passes": "per_battle"},
    ),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_playthroughs(name):
    spec = dict(GOLDEN_GAMES[name])
    golden.check(GOLDEN / f"{name}.txt", golden.log_lines(spec.pop("game"), spec))


def test_play_coop_to_the_end_with_bots():
    m = wb.play("coop", seed=1, players=3, bots={0: "heuristic", 1: "heuristic", 2: "heuristic"})
    m.auto()
    assert m.over
    assert m.result.outcome in ("win", "loss")
    assert m.log[-1]["kind"] in ("chance", "action")


def test_play_coop_by_hand_with_labels():
    m = wb.play("coop", seed=1, players=3)
    steps = 0
    while not m.over and steps < 3000:
        labels = [a.label for a in m.legal_actions()]
        # A person reads the buttons and types one; prefer attacking and finishing turns.
        choice = next((x for x in labels if x.startswith("Attack")), labels[-1])
        played = m.step(choice)
        assert played.label == choice
        assert m.log[-1]["label"] == choice or m.log[-1]["kind"] == "chance"
        steps += 1
    assert m.over, "a hand-played game ends"


def test_step_accepts_labels_case_insensitively_and_action_objects():
    m = wb.play("coop", seed=1, players=3)
    first = m.legal_actions()[1]
    m.step(first.label.upper())
    assert m.log[[e["kind"] for e in m.log].index("action")]["label"] == first.label
    m.undo()
    m.step(first)
    assert m.decisions == 1


def test_auto_stops_at_a_human_seat():
    m = wb.play(
        "coop", seed=2, players=3, bots={1: "heuristic", 2: "heuristic"}, first_encounter="RAT-2"
    )
    m.auto()
    assert m.over or m.to_move == 0


def test_bad_bots_and_seeds_are_named():
    with pytest.raises(wb.SetupError, match="seat 7"):
        wb.play("coop", bots={7: "random"})
    with pytest.raises(wb.SetupError, match="unknown bot"):
        wb.play("coop", bots={0: "genius"})
    with pytest.raises(wb.SetupError, match="seed"):
        wb.play("coop", seed="abc")
    with pytest.raises(wb.UnknownGame, match="registered designs: armies, coop"):
        wb.play("chess")
    m = wb.play("coop", seed=1)
    with pytest.raises(wb.SetupError, match="seed: give a whole number"):
        m.restart("abc")
    with pytest.raises(ValueError, match="timeline has positions"):
        m.goto("3")
    with pytest.raises(wb.SetupError, match="belong to 'correction'"):
        m.rebind(wb.load_cards("correction"))
    assert m.seed == 1 and m.cards.game == "coop"


def test_simulate_1000_games_reproducible():
    a = wb.simulate("coop", 1000, seed=0, players=3)
    b = wb.simulate("coop", 1000, seed=0, players=3)
    assert a.height == 1000
    assert a.equals(b)
    assert a["seed"].n_unique() == 1000
    assert set(a["outcome"].unique()) <= {"win", "loss", "timeout"}
    assert a.schema["length"] in (pl.Int64, pl.Int32)


def test_simulate_with_heuristic_bots_wins_more_than_random():
    r = wb.simulate("coop", 150, seed=0, players=3, bots="random")
    h = wb.simulate("coop", 150, seed=0, players=3, bots="heuristic")
    assert (h["battles_won"].mean()) > (r["battles_won"].mean())


def test_rebind_restarts_from_same_seed_and_says_so(coop_cards):
    m = wb.play("coop", seed=4, players=3, bots="heuristic")
    m.auto(max_steps=10)
    weaker = coop_cards.set("enemies", "Brutes", "health", 8)
    m.rebind(weaker)
    assert m.decisions == 0
    assert "restarted from seed 4" in m.notice
    assert m.cards["enemies"].filter(pl.col("name") == "Brutes")["health"][0] == 8


def test_edited_cards_change_the_game_and_survive_save_load(coop_cards):
    brutal = coop_cards.set("enemies", "Rats", "damage", 9)
    m = wb.play("coop", seed=4, players=3, bots="heuristic", cards=brutal, first_encounter="RAT-2")
    m.auto(max_steps=40)
    back = wb.load_match(m.to_json())
    assert back.cards == brutal
    assert back.log == m.log
    hits = [e for e in m.log if e["kind"] == "chance" and "hit for 9" in e["result"]]
    assert hits, "the edited Rats hit for 9"


def test_list_games_and_rules_listing():
    assert wb.list_games() == sorted(wb.list_games())
    keys = {r["key"] for r in wb.rules("coop")}
    assert len(keys) == 18 and "coop.placement" in keys
