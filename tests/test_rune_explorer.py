"""The rune explorer without a browser: picks into slots, the combination's spell, verdict,
cost and vulnerability, refusals with their reason, and edits in a bound CardEditor."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.widgets import CardEditor, RuneExplorer
from workbench.widgets.rune_logic import ExplorerSession, percent


@pytest.fixture(scope="module")
def cards():
    return wb.load_cards("rune_system")


def test_picks_fill_the_slots_in_order_and_a_cleared_slot_closes_up(cards):
    s = ExplorerSession(cards)
    assert s.slots == [None, None, None] and s.result() is None
    s.pick("Fire")
    s.pick("Orb")
    s.pick("Mob")
    with pytest.raises(ValueError, match="all 3 slots are full"):
        s.pick("Ice")
    s.clear(0)
    assert s.slots == ["Orb", "Mob", None]
    with pytest.raises(ValueError, match="there is no slot 4"):
        s.clear(3)
    with pytest.raises(ValueError, match="'Lava' is not a rune"):
        s.pick("Lava")
    s.reset()
    assert s.picked == []


def test_a_designed_spell_with_its_cost_and_vulnerability(cards):
    r = ExplorerSession(cards, ["Fire", "Orb", "Mob"]).result()
    assert r["status"] == "designed" and r["spell"]["name"] == "Meteor Swarm"
    assert r["runes"] == "Fire + Projectile + Mob" and r["aliases"] == ["Orb is Projectile"]
    assert r["valid"] and r["cost"] == "49" and r["bar_share"] == "49%"
    assert r["formula"] == (
        "Fire 8 + Projectile 12 + Mob 8 = 28 × 175% (2 more runes +50%, 1 modifier +25%) = 49"
    )
    assert r["damage"] == {"tiered": "150%", "proportional": "149%"}
    assert r["models"]["tiered"] == "2 of 5 sections spent: 2 debuffs × +25%"
    assert r["affordable"]


@pytest.mark.parametrize(
    "runes, status, words",
    [
        (["Ice", "Trap"], "not designed yet", "a valid combination"),
        (["Fire", "Ice"], "not valid", "A-U2"),
        (["Haste"], "not valid", "nothing to change"),
        (["Light", "Mob"], "not valid", "needs an action rune"),
        (["Fire", "Fire"], "not valid", "Fire fills two slots"),
    ],
)
def test_undesigned_and_invalid_combinations_say_so(cards, runes, status, words):
    r = ExplorerSession(cards, runes).result()
    assert r["status"] == status and words in r["reason"] and r["spell"] is None


def test_a_spell_costing_more_than_a_full_bar_is_flagged(cards):
    small_bar = cards.set("rules", "essence_bar", "value", 40)
    r = ExplorerSession(small_bar, ["Ice", "Nova", "Charge"]).result()
    assert not r["affordable"] and r["bar_share"] == "122.5%"
    assert r["damage"]["proportional"] == "200%"  # an empty bar at most


def test_percent_reads_like_a_person_writes_it():
    from fractions import Fraction

    assert [percent(Fraction(n, d)) for n, d in [(49, 100), (1, 8), (3, 2), (1, 3)]] == [
        "49%",
        "12.5%",
        "150%",
        "33.3%",
    ]


def test_requests_from_the_browser_are_answered_and_refusals_keep_the_view(cards):
    w = RuneExplorer(cards)
    assert w.answer({"type": "pick", "rune": "Ice", "id": 1})["ok"]
    assert w.answer({"type": "pick", "rune": "Nova", "id": 2})["ok"]
    assert w.view["result"]["spell"]["name"] == "Frost Nova"
    reply = w.answer({"type": "pick", "rune": "Lava", "id": 3})
    assert not reply["ok"] and "'Lava' is not a rune" in reply["error"]
    assert w.error == reply["error"] and w.view["slots"] == ["Ice", "Nova", None]
    assert w.answer({"type": "clear", "slot": 0, "id": 4})["ok"] and w.error == ""
    assert w.view["slots"] == ["Nova", None, None]
    assert not w.answer({"type": "teleport", "id": 5})["ok"]
    assert w.answer({"type": "reset", "id": 6})["ok"] and w.view["result"] is None
    w.pick("Arcane")
    assert w.view["result"]["spell"] is None and w.view["result"]["rule"] == "element_alone"


def test_edits_in_the_card_editor_update_the_explorer(cards):
    editor = CardEditor(cards)
    w = RuneExplorer(source=editor, runes=["Ice", "Trap", "Haste"])
    assert w.view["result"]["status"] == "not designed yet"
    editor.add(
        "spells",
        {
            "name": "Frost Snare",
            "rune_1": "Ice",
            "rune_2": "Trap",
            "rune_3": "any modifier",
            "rune_4": None,
            "effect": "A trap that freezes",
            "source": "designer",
        },
    )
    assert w.view["result"]["spell"]["name"] == "Frost Snare"
    assert w.view["version"] == editor.cards.version
    assert not w.answer({"type": "pick", "rune": "Fire", "id": 1})["ok"] and w.error
    editor.edit("runes", "Haste", "essence", 16)
    assert w.error == ""  # the refusal was about the cards before the edit
    assert w.view["result"]["cost"] == str((8 + 12 + 16) * 7 // 4)
    editor.edit("rules", "slots", "value", 2)
    assert w.view["slots"] == ["Ice", "Trap"]
    assert "Haste dropped" in w.view["note"]
    editor.undo()
    assert w.view["slots"] == ["Ice", "Trap", None]
    w.pick("Charge")
    editor.edit("rules", "max_modifiers", "value", 0)
    assert w.view["result"]["status"] == "not valid"
    assert "no modifier" in w.view["result"]["reason"]


def test_orb_made_a_rune_of_its_own_in_the_editor(cards):
    editor = CardEditor(cards)
    w = RuneExplorer(source=editor, runes=["Fire", "Projectile"])
    assert w.view["result"]["spell"]["name"] == "Meteors"
    editor.edit("runes", "Orb", "alias_of", None)
    assert w.view["result"]["status"] == "not designed yet"
    w.reset()
    w.pick("Fire")
    w.pick("Orb")
    assert w.view["result"]["spell"]["name"] == "Meteors" and w.view["result"]["aliases"] == []


def test_the_card_editor_beside_the_explorer_hints_at_runes_not_rats(cards):
    editor = CardEditor(cards, table="spells")
    explorer = RuneExplorer(source=editor)
    hints = {}
    for table in cards.tables:
        editor.answer({"type": "tab", "table": table, "id": 1})
        hints[table] = editor.view["filter_hint"]
    assert hints == {
        "runes": "Filter: fire, or essence >= 8 and kind = modifier",
        "spells": "Filter: fire, or rune_1 = Fire and effect ~ imbues",
        "rules": "Filter: slots, or value >= 5 and doc ~ tiered",
    }
    assert explorer.view["runes"]
