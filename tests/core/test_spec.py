"""The declared spec: one validator for setup options and rule variants, traits that must be
consistent, and designs that are data only."""

from __future__ import annotations

import pandera.polars as pa
import pytest

import workbench as wb
from workbench.cards import TableSpec, int_column, text_column
from workbench.core import (
    Design,
    DesignSpec,
    GameSpec,
    Option,
    SetupError,
    Traits,
    UnknownGame,
    Variant,
    get_design,
    get_game,
)
from workbench.core.registry import _GAMES
from workbench.sim.keys import parse_key

SPEC = GameSpec(
    name="specimen",
    title="Specimen",
    seats=(2, 4),
    options=(
        Option("players", 2, "How many play.", minimum=2, maximum=4),
        Option("deck", "short", "Which deck.", choices=("short", "long")),
        Option(
            "names",
            None,
            "Seat names.",
            read=lambda v: [str(x) for x in v or []],
            example="['Ann', 'Bo']",
        ),
    ),
    variants=(
        Variant("sp.rounds", 3, "Rounds to win.", "R-1", minimum=1),
        Variant("sp.scale", 1.0, "A scale.", "A-2", choices=(1.0, 0.5)),
        Variant("sp.limit", 10, "Turn limit; 0 is none.", "R-9", minimum=0),
        Variant("sp.fast", False, "A flag.", "A-3", choices=(False, True)),
    ),
    traits=Traits(turn_limit="sp.limit"),
)


def test_setup_fills_defaults_and_reads_values():
    assert SPEC.setup(None) == {"players": 2, "deck": "short", "names": []}
    assert SPEC.setup({"players": 4, "names": ("Ann", 7)}) == {
        "players": 4,
        "deck": "short",
        "names": ["Ann", "7"],
    }


@pytest.mark.parametrize(
    "given, words",
    [
        ({"player": 3}, ["no setup option 'player'", "players, deck, names"]),
        ({"players": 5}, ["'players'", "5", "from 2 to 4"]),
        ({"players": True}, ["'players'", "True", "whole number"]),
        ({"players": "3"}, ["'players'", "'3'", "whole number"]),
        ({"deck": "medium"}, ["'deck'", "'medium'", "'short', 'long'"]),
        ({"names": 5}, ["names:", "e.g. ['Ann', 'Bo']"]),
    ],
)
def test_bad_setup_names_the_option_and_what_it_allows(given, words):
    with pytest.raises(SetupError) as err:
        SPEC.setup(given)
    for word in words:
        assert word in str(err.value)


def test_rule_variants_are_checked_by_the_same_validator():
    assert SPEC.rules({"rounds": 5, "sp.scale": 1})["sp.scale"] == 1.0
    assert SPEC.rules(None) == SPEC.default_rules()
    for bad, words in [
        ({"sp.rounds": 0}, ["'sp.rounds'", "at least 1"]),
        ({"sp.rounds": -5}, ["-5"]),
        ({"sp.rounds": 2.5}, ["whole number"]),
        ({"sp.rounds": True}, ["True"]),
        ({"sp.fast": 1}, ["choose one of False, True"]),
        ({"sp.scale": 2}, ["1.0, 0.5"]),
        ({"nope": 1}, ["no rule variant 'nope'", "sp.rounds"]),
    ]:
        with pytest.raises(SetupError) as err:
            SPEC.rules(bad)
        assert all(w in str(err.value) for w in words), (bad, str(err.value))
    with pytest.raises(SetupError, match="give a dict"):
        SPEC.rules("fast")


def test_a_rule_is_named_as_written_without_its_prefix_or_with_the_game_name():
    # "sp.rounds" is how the rules document writes it; "specimen" is the game's name.
    for key in ("sp.rounds", "rounds", "specimen.rounds"):
        assert SPEC.rules({key: 7})["sp.rounds"] == 7, key
        assert SPEC.variant(key).key == "sp.rounds"
    with pytest.raises(SetupError, match="'rounds' and 'specimen.rounds' are the same"):
        SPEC.rules({"rounds": 7, "specimen.rounds": 8})
    with pytest.raises(SetupError, match="no rule variant 'other.rounds'"):
        SPEC.rules({"other.rounds": 7})


def test_a_sweep_names_a_built_in_rule_by_the_game_name_too():
    game = get_game("squad_combat")
    cards = wb.load_cards("squad_combat")
    by_prefix = parse_key("rules.sc.attack", game, cards)
    by_name = parse_key("rules.squad_combat.attack", game, cards)
    assert by_prefix.rule == by_name.rule == "sc.attack"
    with pytest.raises(SetupError, match="no rule 'armies.attack'"):
        parse_key("rules.armies.attack", game, cards)


def test_a_spec_refuses_inconsistent_declarations():
    with pytest.raises(ValueError, match="declared twice"):
        GameSpec("x", "X", variants=(Variant("x.a", 1, "a"), Variant("x.a", 2, "b")))
    with pytest.raises(ValueError, match="turn_limit"):
        GameSpec("x", "X", traits=Traits(turn_limit="x.none"))


@pytest.mark.parametrize(
    "game, setup, words",
    [
        ("coop", {"players": 7}, ["players", "2 to 5"]),
        ("coop", {"players": ["Melee"] * 6}, ["players", "2 to 5"]),
        ("coop", {"easy_start": "yes"}, ["'easy_start'", "True or False"]),
        ("coop", {"colour": 1}, ["no setup option 'colour'", "players"]),
        ("correction", {"first_player": "East"}, ["first_player", "'South'"]),
        ("rpg_card_battle", {"level": [1, 2, 3]}, ["level", "one value per seat", "e.g."]),
    ],
)
def test_the_games_setup_errors_name_the_option(game, setup, words):
    with pytest.raises(SetupError) as err:
        wb.play(game, **setup)
    assert all(w in str(err.value) for w in words), str(err.value)


def test_variant_ranges_declared_by_the_games():
    with pytest.raises(SetupError, match="from 1 to 100"):
        wb.play("coop", rules={"coop.battles_2p": 0})
    with pytest.raises(SetupError, match="from 1 to"):
        wb.simulate("correction", 1, rules={"draw_after": 0})
    with pytest.raises(SetupError, match="from 0 to"):
        wb.play("rpg_card_battle", rules={"turn_limit": -1})
    listed = {r["key"]: r for r in wb.rules("coop")}
    assert listed["coop.battles_2p"]["minimum"] == 1 and listed["coop.roll"]["rule"] == "A-12"
    assert [o["key"] for o in wb.setup_options("coop")] == [
        "players",
        "first_encounter",
        "easy_start",
    ]


# -- designs that are data ------------------------------------------------------------------

TABLES = {
    "runes": TableSpec(
        file="runes.csv",
        key="name",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Rune name", unique=True),
                "cost": int_column("Essence it costs", pa.Check.ge(0)),
            }
        ),
    )
}


@pytest.fixture
def runes(tmp_path):
    (tmp_path / "runes.csv").write_text("name,cost\nFire,2\nWater,1\n")

    class Runes(Design):
        spec = DesignSpec(name="test_runes", title="Test runes", tables=TABLES, data=tmp_path)

    wb.core.register(Runes)
    yield get_design("test_runes")
    _GAMES.pop("test_runes", None)


def test_a_data_design_has_cards_but_no_rules(runes):
    cards = wb.load_cards("test_runes")
    assert cards["runes"]["cost"].to_list() == [2, 1]
    edited = cards.set("runes", "Fire", "cost", 3)
    assert edited["runes"]["cost"].to_list() == [3, 1]
    listed = {d["name"]: d for d in wb.list_designs()}
    assert listed["test_runes"]["supports"] == "data only (no rules to play)"
    assert listed["coop"]["supports"] == "play, simulation and analysis"
    assert listed["rune_system"]["supports"] == "data and analysis (no rules to play)"
    assert listed["rfg_classes"]["supports"] == "data and analysis (no rules to play)"
    assert all(d["about"] for name, d in listed.items() if name != "test_runes")
    assert "test_runes" not in wb.list_games()
    with pytest.raises(UnknownGame, match="no rules to play"):
        wb.play("test_runes")
    with pytest.raises(UnknownGame, match="no rules"):
        wb.simulate("test_runes", 1)


def test_a_data_design_opens_in_the_card_editor(runes):
    from workbench.widgets import CardEditor

    editor = CardEditor(wb.load_cards("test_runes"))
    editor.edit("runes", "Water", "cost", 4)
    assert editor.cards["runes"]["cost"].to_list() == [2, 4]
    with pytest.raises(wb.CardDataError):
        editor.edit("runes", "Water", "cost", -1)
    assert editor.cards["runes"]["cost"].to_list() == [2, 4]


def test_a_design_loads_its_analysis_on_first_use():
    coop = get_design("coop")
    assert coop.analysis.rounds_to_defeat is wb.games.coop.rounds_to_defeat
    with pytest.raises(AttributeError, match="no analysis"):
        _ = Design.__new__(type("D", (Design,), {"spec": DesignSpec("d", "D")})).analysis
