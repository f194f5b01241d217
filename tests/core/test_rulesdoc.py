"""Rules documents read one rule at a time: ids in text, entries, clauses, clear misses."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.core.rulesdoc import RulesDocument, rule_ids

DOC = """# A game

* `R-n` is a rule (this line names no rule).

## Rules

* **R-1** Setup. Deal five cards.
  * Shuffle first.

* **R-2 Attack.** Roll the dice:
  * (a) **Hit** on 5 or more.
  * **(b) Miss** otherwise; Dodge drops
    by one.
* **R-3** Ends the game (A-1).

## Ambiguities

1. **A-1 When the game ends.**
   * **RESOLUTION:** at once. `g.end = now|later`
2. **A-2 Another.** Text.
"""


@pytest.fixture
def doc(tmp_path):
    path = tmp_path / "game" / "rules.md"
    path.parent.mkdir()
    path.write_text(DOC, encoding="utf-8")
    return RulesDocument(path)


def test_rules_read_as_plain_text_with_their_bullets(doc):
    assert doc.ids() == ["R-1", "R-2", "R-3", "A-1", "A-2"]
    assert doc.text("R-1") == "R-1 Setup. Deal five cards.\n• Shuffle first."
    assert doc.text("A-1") == "A-1 When the game ends.\n• RESOLUTION: at once. g.end = now|later"
    assert doc.text("R-3") == "R-3 Ends the game (A-1)."


def test_a_clause_is_a_lettered_bullet_of_its_rule(doc):
    assert doc.text("R-2a") == "R-2 (a): Hit on 5 or more."
    assert doc.text("R-2b") == "R-2 (b): Miss otherwise; Dodge drops by one."
    assert "R-2b" in doc and "R-2c" not in doc
    with pytest.raises(ValueError, match=r"game/rules.md: R-2 has no clause \(c\)"):
        doc.text("R-2c")


def test_a_missing_rule_names_the_document_and_what_it_has(doc):
    with pytest.raises(
        ValueError,
        match=r"game/rules.md has no rule 'R-9'; its rules are "
        r"R-1 to R-3, A-1 to A-2",
    ):
        doc.text("R-9")


def test_rule_ids_are_found_in_reasons_and_logs_but_not_in_card_names():
    assert rule_ids("melee must target ... (A-16) [R-33]; see R-13c and R-33") == [
        "A-16",
        "R-33",
        "R-13c",
    ]
    assert rule_ids("Start with RAT-1 (Rats ×4, loot 2)") == []


def test_the_shipped_games_rules_are_read_through_the_package():
    assert wb.rules_text("coop", "R-16").startswith("R-16 Every time damage is applied")
    assert wb.rules_text("correction", "R-13c").startswith("R-13 (c): Piece Denial")
    with pytest.raises(ValueError, match="coop/rules.md has no rule 'R-99'"):
        wb.rules_text("coop", "R-99")


def test_designs_with_no_rules_to_play_ship_their_documents_too():
    assert wb.rules_text("rune_system", "A-U1").startswith('A-U1 "Orb" appears in the examples')
    assert wb.rules_text("rfg_classes", "A-R2") == "A-R2 The Recon's health is a range (90–100 %)."
    assert rule_ids("open questions (A-U1 to A-U6, A-R1 to A-R5)") == [
        "A-U1",
        "A-U6",
        "A-R1",
        "A-R5",
    ]
    with pytest.raises(
        ValueError, match="rune_system/rules.md has no rule 'A-U9'; its rules are A-U1 to A-U6"
    ):
        wb.rules_text("rune_system", "A-U9")
