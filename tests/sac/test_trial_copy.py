"""The generator's copy (a card that may be drawn is tried on one, to say where it would go)
says what the real generator then does, and leaves the real one as it was; the card drawn,
which a logged match words from the real generator's note, is said as its trial says it; a
copy of the whole state (a logged match's snapshot) plays on as the state itself would."""

from __future__ import annotations

import copy
import pickle
import random

import workbench as wb
from tests.clones import compare_clones, random_steps
from workbench.core import CHANCE, TERMINAL, get_game


def _fingerprint(builder) -> bytes:
    # Every field, the piles' contents included: any change shows.
    return pickle.dumps(
        (
            sorted(builder.cells.items()),
            builder.doors,
            builder.segs,
            builder.cur,
            builder.counters,
            builder.discards,
            builder.notes,
            sorted(builder.retried),
            builder.need,
            builder.finished,
            builder.stalled,
            builder.last_room,
            [(p.top, p.cards(), p.bottom) for p in builder.piles.values()],
        )
    )


def _new_game():
    game = get_game("sac")
    return game.new_state(wb.load_cards("sac"), game.default_rules(), {})


def test_a_trial_on_the_copy_says_what_the_real_generator_does():
    tried = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = _new_game()
        for _ in range(600):
            b = state.b
            if state.to_move == CHANCE and b.need is not None:
                before = _fingerprint(b)
                for card in list(state.chance().dist.outcomes)[:3]:
                    copy.deepcopy(b).feed(card)
                    tried += 1
                assert _fingerprint(b) == before
                # The card drawn does on the copy what it then does on the generator.
                outcome = state.chance().dist.pick(rng.random())
                said = copy.deepcopy(b).feed(outcome)
                state.apply_chance(outcome)
                assert said.text in [n.text for n in b.notes if n.card == outcome]
            elif state.to_move == TERMINAL:
                break
            else:
                random_steps(state, rng, 1)
    assert tried > 100, tried


def _shows(state):
    """Everything the state shows, the generator's every field included."""
    return (
        state.events,
        state.soldier.health,
        state.soldier.ammo,
        state.round,
        [(e.pos, e.health, e.alive) for e in state.enemies],
        _fingerprint(state.b),
    )


def test_a_cloned_state_plays_on_alone_as_a_full_copy_does():
    compared = compare_clones(lambda i: _new_game(), _shows, games=4, every=7, steps=60)
    assert compared > 40, compared


def test_a_card_drawn_is_said_as_its_trial_said_it():
    # The log words a card drawn from the generator's note after the card is played; a trial
    # copy words it beforehand. Both must agree, and the trial must leave the state alone.
    drawn = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = _new_game()
        while state.to_move != TERMINAL:
            if state.to_move == CHANCE and state.b.need is not None:
                chance = state.chance()
                outcome = chance.dist.pick(rng.random())
                before = _shows(state)
                tried = chance.describe(outcome)
                assert _shows(state) == before
                state.apply_chance(outcome)
                assert chance.said() == tried
                drawn += 1
            else:
                random_steps(state, rng, 1)
    assert drawn > 400, drawn


def test_a_logged_match_says_each_card_drawn_as_the_state_before_it_words_it():
    checked = 0
    for seed, bots in ((3, "heuristic"), (4, "random")):
        match = wb.play("sac", seed=seed, bots=bots)
        match.auto()
        for entry in match.log:
            if entry["kind"] == "chance" and entry["label"].startswith("Pile "):
                state = match.state_before(entry["i"])
                assert entry["result"] == state.chance().describe(entry["outcome"])
                checked += 1
    assert checked > 40, checked


def test_a_logged_match_tries_no_card_on_a_copy(monkeypatch):
    # Trials are for outcomes someone lists; a logged game lists none of them.
    from workbench.games.sac.rules import SacState

    tried = []
    monkeypatch.setattr(SacState, "_placement", lambda self, card: tried.append(card) or "")
    match = wb.play("sac", seed=7, bots="heuristic")
    match.auto()
    assert any(e["label"].startswith("Pile ") for e in match.log if e["kind"] == "chance")
    assert tried == []
