"""Matches played move by move and saved matches: labels match exactly before they match a
beginning, arguments are checked for their type, and a saved file that does not replay says where.
"""

from __future__ import annotations

import json
import warnings

import workbench as wb
from workbench.games.coop import cards as coop

from .cases import Lost, Silent, area_test, case, check, expect, played


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
    check(match_label(legal, "attack rats #11")[0] == legal[0], "a whole number is refused", Silent)


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


@case("matches")
def replay_against_edited_shipped_cards(tmp):
    saved = played().to_json()
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
    data = json.loads(played().to_json())
    data["seed"] = 2
    with expect("MatchFileError", "step", "seed"):
        wb.load_match(json.dumps(data))


@case("matches")
def one_changed_roll(tmp):
    data = json.loads(played().to_json())
    # A dice total that a smaller one could also have been (an attack roll of several dice).
    rolls = [
        (h["chance"], i)
        for i, h in enumerate(data["history"])
        if isinstance(h.get("chance"), int) and not isinstance(h["chance"], bool)
    ]
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
    data = json.loads(played().to_json())
    data["history"] = {"0": {"chance": 1}}
    with expect("MatchFileError", "history"):
        wb.load_match(json.dumps(data))


@case("matches")
def rules_is_a_list(tmp):
    data = json.loads(played().to_json())
    data["rules"] = ["fast"]
    with expect("MatchFileError", "rules"):
        wb.load_match(json.dumps(data))


@case("matches")
def seed_is_text(tmp):
    data = json.loads(played().to_json())
    data["seed"] = "abc"
    with expect("MatchFileError", "seed"):
        wb.load_match(json.dumps(data))


@case("matches")
def bad_cell_in_embedded_cards(tmp):
    cards = coop.load().set("enemies", "Rats", "health", 2)
    data = json.loads(played(cards=cards).to_json())
    data["cards"]["tables"]["enemies"]["health"][0] = "lots"
    with expect("MatchFileError", "saved match", "embedded", "health"):
        wb.load_match(json.dumps(data))


@case("matches")
def unknown_game(tmp):
    data = json.loads(played().to_json())
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
    check(
        any(str(m.seed) in str(w.message) for w in seen), "the fresh seed was not reported", Silent
    )


@case("matches")
def a_saved_seat_written_as_text(tmp):
    data = json.loads(played().to_json())
    step = next(i for i, item in enumerate(data["history"]) if "action" in item)
    data["history"][step]["seat"] = "1"
    with expect("MatchFileError", f"step {step}", "seat", "'1'"):
        wb.load_match(json.dumps(data))


@case("matches")
def a_megabyte_typed_as_a_label_is_not_echoed(tmp):
    m = wb.play("coop", seed=1)
    with expect("IllegalAction", "no action called", "1,000,000 characters", longest=2000):
        m.step("x" * 10**6)


@case("matches")
def a_save_whose_game_was_changed_to_another(tmp):
    data = json.loads(wb.play("coop", seed=1, players=3).to_json())
    data["game"] = "armies"
    with expect("MatchFileError", "'armies'", "coop match"):
        wb.load_match(json.dumps(data))


@case("matches")
def a_seat_that_does_not_exist(tmp):
    m = wb.play("coop", seed=1, players=3)
    with expect("IllegalAction", "seat 7", "does not exist", "0 to 2"):
        m.step(m.legal_actions()[0], seat=7)


@case("matches")
def a_view_option_that_does_not_exist(tmp):
    m = wb.play("coop", seed=1, players=3)
    with expect("TypeError", "no option", "'bogus'"):
        m.widget(bogus=1)
    with expect("TypeError", "cards_source", "CardEditor", "int"):
        m.widget(cards_source=42)


test_bad_input = area_test(__name__)
