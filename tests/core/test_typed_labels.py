"""Typed labels are matched forgivingly wherever a label is accepted (Match.step, the
step-through view's text box): case, spaces and glyphs do not matter, a unique start is
enough, and a miss names the closest labels."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.core.legality import closest, fold, match_label


def test_folding_keeps_letters_and_digits_only():
    assert fold("Attack Rats #3 with bare hands (1d6, 2■)") == "attackrats3withbarehands1d62"
    assert fold("Pawn a1 → b2, captures Knight") == fold("pawn a1 b2 captures knight")
    assert fold("Élan ×4") == "elan4"


def test_typed_labels_forgive_case_spaces_and_glyphs():
    m = wb.play("coop", seed=1, players=3, first_encounter="RAT-2")
    label = m.legal_actions()[0].label
    assert "■" in label
    assert m.why_illegal("attack rats 3 with bare hands 1d6 2") is None
    assert m.why_illegal("  ATTACK   rats #3 ") is None  # the unique start of a label
    m.step("attack rats 3")
    assert [e for e in m.log if e["kind"] == "action"][-1]["label"] == label


def test_a_typed_miss_names_the_closest_labels_and_an_ambiguous_start_the_choices():
    m = wb.play("coop", seed=1, players=3)
    with pytest.raises(wb.IllegalAction, match="did you mean 'Start with RAT-2"):
        m.step("start with rot-2")
    assert m.decisions == 0
    assert "could mean" in m.why_illegal("start with rat")
    assert "R-7" in m.why_illegal("start with rat-5")  # a known card, not allowed first
    assert closest(m.legal_actions(), "banana") == []
    assert "legal actions: 'Start with RAT-1" in m.why_illegal("banana")


def test_an_exact_label_wins_over_a_longer_one_it_begins():
    actions = [wb.Action("a", (1,), "End"), wb.Action("a", (2,), "End turn")]
    assert match_label(actions, "end")[0].args == (1,)
    assert match_label(actions, "end t")[0].args == (2,)
    assert match_label(actions, "e") == (None, actions)


def test_wb_why_illegal_answers_for_a_match_or_its_state():
    m = wb.play("coop", seed=1, players=3)
    first = m.legal_actions()[0]
    assert wb.why_illegal(m, first.label) is None
    assert wb.why_illegal(m, first) is None
    assert wb.why_illegal(m.state, first.label.lower()) is None
    refused = "the first Encounter must have a Loot value of 2 or 3 [R-7]"
    assert wb.why_illegal(m, "start with rat-5") == refused == m.why_illegal("start with rat-5")
    assert wb.why_illegal(m.state, "start with rat-5") == refused
    assert wb.why_illegal(m, first.label, seat=1) == "it is seat 1's decision, not seat 2's [turn]"
    assert "no action called 'banana'" in wb.why_illegal(m, "banana")
    assert "why_illegal" in wb.__all__


def test_a_typed_beginning_may_end_at_a_number_but_not_inside_one():
    from workbench.core import Action
    from workbench.core.legality import match_label

    send = [Action("send", (1,), "Send Hired Muscle [1] (3/2/0)")]
    assert match_label(send, "Send Hired Muscle [1]")[0] == send[0]
    attack = [Action("attack", (11,), "Attack Rats #11 with bare hands")]
    assert match_label(attack, "Attack Rats #1") == (None, [])
    assert match_label(attack, "Attack Rats #11")[0] == attack[0]
