"""The step-through view's logic, without a browser: every request the widget can send, bots
that play their seats, odds before the roll, typed labels, rule texts, tidy messages."""

from __future__ import annotations

import json
import threading
from fractions import Fraction

import pytest

import workbench as wb
from workbench.core.rulesdoc import rule_ids
from workbench.games.coop.rules import hit_chance
from workbench.widgets import Stepper, StepThrough
from workbench.widgets.action_rows import rows


@pytest.fixture
def widget():
    w = wb.play("coop", seed=1, players=3, first_encounter="RAT-2").widget()
    yield w
    w.wait()


def _request(w, **msg):
    sent = []
    w.send = sent.append  # what the browser would receive
    w._on_message(w, {"id": 1, **msg}, [])
    w.wait()  # the bots' decisions, made in the widget's worker
    return sent[-1]


def legal(view) -> list[str]:
    return [b["label"] for row in view["actions"] for b in row["buttons"]]


def odds_of(view, label) -> dict:
    """The odds shown with an action: on its button, or on its row when they are alike."""
    for row in view["actions"]:
        for b in row["buttons"]:
            if b["label"] == label:
                shown = b["odds"] or row["odds"]
                return {o["what"]: Fraction(o["value"]) for o in shown["lines"]} if shown else {}
    raise KeyError(label)


def test_view_draws_cards_actions_and_log(widget):
    v = widget.view
    assert v["game"] == "coop" and v["seats"][0].startswith("Seat 1")
    zones = {z["title"]: z for z in v["board"]["zones"]}
    assert any(t.startswith("Enemies") for t in zones)
    enemy = next(z for t, z in zones.items() if t.startswith("Enemies"))["cards"][0]
    assert enemy["kind"] == "enemy" and {s["label"] for s in enemy["stats"]} >= {"Health", "Dodge"}
    assert legal(v)
    assert v["log"][0]["kind"] == "chance"
    assert {g["symbol"] for g in v["board"]["legend"]} == {"■", "▲"}
    assert json.dumps(v)  # plain data, ready to sync


def test_clicking_an_action_changes_state_and_log(widget):
    before = widget.view
    label = legal(before)[0]
    reply = _request(widget, type="step", label=label)
    assert reply["ok"] and reply["id"] == 1
    after = widget.view
    assert after["decisions"] == before["decisions"] + 1
    assert len(after["log"]) > len(before["log"])
    assert any(e["text"].endswith(label) for e in after["log"])


def test_chance_results_show_their_probability(widget):
    label = next(x for x in legal(widget.view) if x.startswith("Attack"))
    _request(widget, type="step", label=label)
    rolls = widget.view["recent_chance"]
    assert rolls and "vs Dodge" in rolls[0]["label"]
    assert 0 < rolls[0]["p_float"] <= 1
    assert rolls[0]["odds"][0]["what"] == "to hit"


def test_illegal_action_reply_carries_the_reason_and_changes_nothing(widget):
    before = widget.view
    reply = _request(widget, type="step", label="Attack Rats #1 with a banana")
    assert not reply["ok"] and "no action called" in reply["error"]
    assert widget.view["decisions"] == before["decisions"]
    assert widget.view["error"] == reply["error"]
    blocked = widget.view["blocked"]
    assert blocked and all(a["reason"] for a in blocked)
    reply = _request(widget, type="step", label=blocked[0]["label"])
    assert not reply["ok"] and blocked[0]["reason"] in reply["error"]


def test_undo_redo_and_timeline_branching(widget):
    for _ in range(3):
        _request(widget, type="step", label=legal(widget.view)[0])
    board_after = widget.view["board"]
    _request(widget, type="undo")
    assert widget.view["decisions"] == 2 and widget.view["timeline"] == 3
    _request(widget, type="redo")
    assert widget.view["board"] == board_after
    _request(widget, type="goto", position=1)
    assert widget.view["decisions"] == 1
    _request(widget, type="step", label=legal(widget.view)[-1])
    assert widget.view["timeline"] == 2  # the old future is gone: a new branch


def test_bots_restart_save_and_load(widget):
    _request(widget, type="set_bot", seat=1, bot="heuristic")
    _request(widget, type="set_bot", seat=2, bot="random")
    assert widget.view["bots"] == {"1": "heuristic", "2": "random"}
    before = widget.view["decisions"]
    _request(widget, type="bot_step")  # a stand-in decides for the person once; bots go on
    assert widget.view["decisions"] > before
    assert [e for e in widget.view["log"] if e["kind"] == "action"][-1]["bot"]
    assert widget.view["over"] or widget.view["to_move"] == 0
    saved = _request(widget, type="save")["json"]
    _request(widget, type="restart", seed=9)
    assert widget.view["seed"] == 9 and widget.view["to_move"] in (0, None)
    reply = _request(widget, type="load", text="{broken")
    assert not reply["ok"] and "JSON" in reply["error"]
    assert widget.view["seed"] == 9  # a bad file loses nothing
    _request(widget, type="load", text=saved)
    assert widget.view["seed"] == 1
    _request(widget, type="to_end")
    assert widget.view["over"] and widget.view["result"]["outcome"] in ("win", "loss")


def test_mcts_bot_in_a_seat():
    s = Stepper(
        wb.play(
            "coop", seed=1, players=3, first_encounter="RAT-2", bots={1: "mcts:20", 2: "mcts:20"}
        )
    )
    s.step(legal(s.view())[0])
    assert s.match.to_move in (0, None)
    assert any(e.get("bot") and e["seat"] == 1 for e in s.match.log)


def test_rebinding_edited_cards_restarts_and_says_so(widget, coop_cards):
    _request(widget, type="step", label=legal(widget.view)[0])
    widget.rebind(coop_cards.set("enemies", "Rats", "health", 2))
    assert widget.view["decisions"] == 0
    assert "restarted from seed 1" in widget.view["message"]


def test_cards_of_another_game_are_refused_and_shown(widget):
    _request(widget, type="step", label=legal(widget.view)[0])
    widget.rebind(wb.load_cards("correction"))
    assert "belong to 'correction'" in widget.view["error"]
    assert widget.view["decisions"] == 1 and widget.match.cards.game == "coop"


def test_seat_view_and_unknown_requests(widget):
    _request(widget, type="view_seat", seat=2)
    assert widget.view["viewing"] == 2 and not widget.view["follow"]
    _request(widget, type="view_seat", seat="follow")
    assert widget.view["follow"]
    reply = _request(widget, type="fly")
    assert not reply["ok"] and "unknown request" in reply["error"]


def test_match_displays_itself_as_the_widget():
    m = wb.play("coop", seed=0)
    data, _meta = m._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"].startswith("<Match coop")
    assert isinstance(m._view, StepThrough)


def test_stepper_alone_plays_to_the_end():
    s = Stepper(wb.play("coop", seed=3, players=2))
    s.play_to_end()
    assert s.match.over and "the game is over" in s.view()["message"]


def test_a_coop_game_over_says_why_it_ended():
    # The co-op Result gives no reason, so the table's header says it, its rule shown too.
    ended = {}
    for seed in range(40):
        s = Stepper(wb.play("coop", seed=seed, players=3, bots="heuristic"))
        s.play_to_end()
        ended.setdefault(s.view()["result"]["outcome"], s.view())
        if len(ended) == 2:
            break
    loss, win = ended["loss"]["board"]["subtitle"], ended["win"]["board"]["subtitle"]
    assert loss.startswith("loss: every player is knocked out (R-41) · ")
    assert " · round " in loss  # the encounter that did it, as it stood
    assert win == "win: 5 of 5 Battles won (R-40)"
    for v, rule in ((ended["loss"], "R-41"), (ended["win"], "R-40")):
        assert v["rules_text"][rule] == wb.rules_text("coop", rule)


def test_secret_choices_are_hidden_until_revealed():
    m = wb.play("rpg_card_battle", seed=2)
    s = Stepper(m, seat_view=1)
    s.step(m.legal_actions()[0].label)  # seat 1's secret pick
    assert s.view()["log"][-1]["text"].endswith("made a secret choice")
    s.seat_view = 0
    assert not s.view()["log"][-1]["text"].endswith("made a secret choice")
    s.seat_view = 1
    s.step(m.legal_actions()[0].label)  # seat 2 picks: both are revealed and resolved
    texts = [e["text"] for e in s.view()["log"]]
    assert not any(t.endswith("made a secret choice") for t in texts)


# RPG Card Battle is not among them: its hands are face up, so every seat sees every
# card dealt (tests/rpg_card_battle/test_rules.py).
@pytest.mark.parametrize("game", ["squad_combat", "armies"])
def test_a_card_drawn_into_a_hidden_hand_is_named_only_to_its_seat(game):
    m = wb.play(game, seed=3)
    drawn = {e["i"]: e for e in m.log if e.get("seen_by") is not None}
    assert {e["seen_by"] for e in drawn.values()} == {0, 1}
    for seat in (0, 1):
        s = Stepper(m, seat_view=seat)
        view = s.view()
        for e in view["log"]:
            if e["i"] not in drawn:
                continue
            own = drawn[e["i"]]["seen_by"] == seat
            assert (drawn[e["i"]]["result"] in e["text"]) == own, e["text"]
            assert (e["p"] is not None) == own
            assert own or e["text"].endswith(f"a card only {m.seat_names[1 - seat]} sees")
        for c in view["recent_chance"]:
            if c["i"] in drawn and drawn[c["i"]]["seen_by"] != seat:
                assert c["p"] is None and drawn[c["i"]]["result"] not in c["result"]


# -- bots play their seats ------------------------------------------------------------------


def _play_person(s: Stepper, steps: int) -> None:
    """The person plays the first legal action; after each, a person (or nobody) is to
    move: a bot seat never waits for a click."""
    for _ in range(steps):
        if s.match.over:
            return
        assert s.match.to_move not in s.match.bots
        s.step(legal(s.view())[0])
        assert s.match.over or s.match.to_move not in s.match.bots


def test_coop_bot_seats_move_after_the_persons_move():
    s = Stepper(wb.play("coop", seed=1, players=3, bots={1: "heuristic", 2: "heuristic"}))
    _play_person(s, 40)
    bot_seats = {e["seat"] for e in s.match.log if e.get("bot")}
    assert bot_seats == {1, 2}
    assert not any(e.get("bot") for e in s.match.log if e["seat"] == 0)


def test_correction_bot_answers_the_response_window():
    s = Stepper(wb.play("correction", seed=3, first_player="South", bots={1: "heuristic"}))
    _play_person(s, 30)
    responses = [
        e
        for e in s.match.log
        if e["kind"] == "action"
        and e["seat"] == 1
        and e["action"]["kind"] in ("allow", "deny", "banish")
    ]
    assert responses and all(e.get("bot") for e in responses)


def test_rpg_bot_makes_its_secret_pick():
    s = Stepper(wb.play("rpg_card_battle", seed=2, bots={1: "heuristic"}))
    s.step(legal(s.view())[0])
    picks = [e for e in s.match.log if e["kind"] == "action"]
    assert [(e["seat"], bool(e.get("bot")), e["secret"]) for e in picks] == [
        (0, False, True),
        (1, True, True),
    ]
    assert s.match.state.turn == 2 and s.match.to_move == 0


def test_a_match_with_bots_first_opens_on_the_first_persons_seat():
    s = Stepper(wb.play("rpg_card_battle", seed=2, bots={0: "heuristic"}))
    assert s.match.to_move == 1 and s.match.decisions == 1
    assert s.view()["log"][-1]["text"] == "Seat 1 (Knight) made a secret choice"
    c = Stepper(wb.play("correction", seed=3, first_player="South", bots={0: "heuristic"}))
    assert c.match.to_move == 1 and c.match.decisions >= 1


def test_a_person_is_never_asked_for_a_bot_seat():
    s = Stepper(
        wb.play(
            "coop",
            seed=1,
            players=3,
            first_encounter="RAT-2",
            bots={1: "heuristic", 2: "heuristic"},
        )
    )
    s.stop()
    s.step(legal(s.view())[0])  # the person moves; the stopped bots do not
    assert s.match.to_move == 1
    v = s.view()
    assert v["actions"] == [] and v["waiting"]["seat"] == 1 and v["thinking"] is None
    with pytest.raises(ValueError, match="heuristic bot"):
        s.step(s.match.legal_actions()[0].label)
    s.resume()
    assert s.match.to_move == 0 and s.view()["waiting"] is None


def test_play_to_my_turn_stops_at_a_persons_seat():
    # Following the play: with the bots stopped on seat 2, the bots play to seat 1's turn.
    s = Stepper(
        wb.play(
            "coop",
            seed=1,
            players=3,
            first_encounter="RAT-2",
            bots={1: "heuristic", 2: "heuristic"},
        )
    )
    s.stop()
    s.step(legal(s.view())[0])
    assert s.view()["can_play_to_my_turn"]
    assert s.play_to_my_turn() > 0
    assert s.match.to_move == 0 and not s.match.over
    # At a person's seat already: nothing to do, and the button says so by being off.
    assert not s.view()["can_play_to_my_turn"] and s.play_to_my_turn() == 0
    # Seats 1 and 2 people, the view held on seat 1: stand-ins play seat 2, the bot seat 3.
    h = Stepper(
        wb.play("coop", seed=1, players=3, first_encounter="RAT-2", bots={2: "random"}), seat_view=0
    )
    h.step(legal(h.view())[0])
    assert h.match.to_move == 1
    assert h.play_to_my_turn() > 0 and h.match.to_move == 0 and not h.match.over


def test_bots_alone_stop_where_the_game_can_no_longer_end(monkeypatch):
    from workbench.games.coop.rules import CoopState

    monkeypatch.setattr(CoopState, "STALL_ROUNDS", 2)
    s = Stepper(wb.play("coop", seed=1, players=3, first_encounter="RAT-3", bots="heuristic"))
    assert s.match.state.stalled() and not s.match.over
    assert s.paused and "the game has stalled" in s.view()["message"]
    assert s.play_to_end() == 0 and not s.match.over


def test_undo_takes_back_the_persons_move_and_the_bots_after_it():
    s = Stepper(
        wb.play(
            "coop",
            seed=1,
            players=3,
            first_encounter="RAT-2",
            bots={1: "heuristic", 2: "heuristic"},
        )
    )
    s.step(legal(s.view())[0])
    after = s.match.decisions
    assert after > 1 and s.match.to_move == 0
    assert s.undo() and s.match.decisions == 0 and s.match.to_move == 0
    assert s.redo() and s.match.decisions == after  # the bots' decisions come back too
    s.goto(1)  # a bot's turn: the view moves on to the next person's decision
    assert s.match.decisions == after and s.match.timeline_length == after


def test_bots_stop_in_the_widget_while_a_slow_bot_thinks():
    gate, asked = threading.Event(), threading.Event()

    def slow(state, seat, actions, rng):
        asked.set()
        gate.wait(30)
        return actions[0]

    w = wb.play(
        "coop", seed=1, players=3, first_encounter="RAT-2", bots={1: slow, 2: slow}
    ).widget()
    sent = []
    w.send = sent.append
    w._on_message(w, {"id": 1, "type": "step", "label": legal(w.view)[0]}, [])
    assert sent[-1]["ok"]
    assert asked.wait(30)  # the bot thinks in the worker; the kernel still takes messages
    assert w.view["thinking"]["seat"] == 1 and w.view["actions"] == []
    made = w.match.decisions
    w._on_message(w, {"id": 2, "type": "stop"}, [])
    assert sent[-1]["ok"] and w.view["stopping"]  # answered while the bot is still thinking
    gate.set()
    assert w.wait(30)
    assert w.match.decisions == made + 1  # the decision it was making, then no more
    assert w.view["thinking"] is None and w.view["waiting"]["seat"] == 2
    _request(w, type="resume")
    assert w.match.to_move == 0 and w.view["thinking"] is None


# -- odds before the roll -----------------------------------------------------------------


def test_actions_show_their_exact_odds_before_the_roll():
    s = Stepper(wb.play("coop", seed=1, players=3, first_encounter="RAT-2"))
    v = s.view()
    label = legal(v)[0]
    odds = odds_of(v, label)
    # Bare hands: 1d6 against a Rat's Dodge 4. A hit (5 or 6) deals the Melee class's 2, and
    # a Rat has 1 Health and no Armor, so every hit defeats it.
    faces = range(1, 7)
    assert odds["to hit"] == hit_chance(1, 4) == Fraction(sum(f > 4 for f in faces), 6)
    assert odds["expected damage"] == Fraction(sum(2 for f in faces if f > 4), 6)
    assert odds["to defeat"] == Fraction(1, 3)
    # After the roll the strip leads with the same odds, then the face's own probability.
    s.step(label)
    roll = s.view()["recent_chance"][0]
    assert {o["what"]: Fraction(o["value"]) for o in roll["odds"]} == odds
    assert Fraction(roll["p"]) == Fraction(1, 6)


# -- messages, rules, layout ---------------------------------------------------------------


def test_an_error_never_sits_beside_an_old_message(widget):
    _request(widget, type="step", label=legal(widget.view)[0])
    assert widget.view["message"].startswith("Played:")
    _request(widget, type="step", label="nonsense")
    assert widget.view["error"] and widget.view["message"] == ""
    _request(widget, type="undo")
    assert widget.view["error"] == "" and widget.view["message"].startswith("Undid")


def test_every_rule_id_the_view_shows_comes_with_its_text():
    s = Stepper(wb.play("coop", seed=1, players=3))
    with pytest.raises(wb.IllegalAction):
        s.step("start with rat-5")  # not allowed first
    v = s.view()
    shown = set(rule_ids(v["error"])) | {r for a in v["blocked"] for r in rule_ids(a["reason"])}
    assert "R-7" in shown and shown <= set(v["rules_text"])
    assert all(v["rules_text"][r] == wb.rules_text("coop", r) for r in shown)


def test_alike_labels_share_a_row_with_the_word_that_differs_on_the_buttons():
    assert rows(
        [
            "Attack Rats #1 with bare hands (1d6, 2■)",
            "Attack Rats #2 with bare hands (1d6, 2■)",
            "End turn",
        ]
    ) == [
        ("Attack Rats … with bare hands (1d6, 2■)", [(0, "#1"), (1, "#2")]),
        (None, [(2, "End turn")]),
    ]
    assert rows(
        [
            "Play Smoke Bomb (card 1)",
            "Play Smoke Bomb (card 2)",
            "Play Attack +1 (card 3)",
            "Play Defend +2 (card 4)",
            "Play Shield Bash (card 5)",
        ]
    ) == [
        ("Play Smoke Bomb (card …)", [(0, "1"), (1, "2")]),
        (
            "Play …",
            [(2, "Attack +1 (card 3)"), (3, "Defend +2 (card 4)"), (4, "Shield Bash (card 5)")],
        ),
    ]


def test_many_alike_buttons_share_a_row_and_alike_cards_a_count():
    s = Stepper(wb.play("correction", seed=3, first_player="South"))
    v = s.view()
    rows = {r["head"]: [b["text"] for b in r["buttons"]] for r in v["actions"]}
    assert rows["Spawn Pawn at …"] == ["a1", "b1", "c1", "d1", "e1", "f1"]
    reserve = next(z for z in v["board"]["zones"] if z["title"] == "South reserve")
    assert {c["name"]: c.get("count", 1) for c in reserve["cards"]} == {
        "South": 1,
        "Pawn (P)": 4,
        "Spearman (S)": 1,
        "Knight (K)": 1,
    }


def test_hands_are_marked_for_the_view_to_keep_whole():
    # A game marks a seat's hand (core/view.Zone.hand): the view draws it one line per card,
    # outside the box that scrolls; a mat, a reserve, the enemies are not hands.
    def hands(game, **setup):
        board = Stepper(wb.play(game, seed=0, **setup)).view()["board"]
        return {z["title"]: z.get("hand", False) for z in board["zones"]}

    armies = hands("armies")
    mover = wb.play("armies", seed=0).state.to_move
    own = next(t for t, hand in armies.items() if hand)
    assert own.startswith(("White", "Black")[mover]) and " hand (" in own
    assert sum(armies.values()) == 1  # the other seat's hand is a pile on its mat
    squad = hands("squad_combat")
    assert [t for t, hand in squad.items() if hand] == ["Seat 1 hand (5)", "Seat 2 hand (5)"]
    assert not any(hands("coop", players=3).values())
