"""A co-op state's clone (a logged match's snapshot, undo and scrubbing start from one) plays on
alone exactly as a full deep copy of the state does, and playing on leaves the state cloned
untouched."""

from __future__ import annotations

from tests.clones import compare_clones
from workbench.core import get_game


def _new_game(players: int):
    game = get_game("coop")
    return game.new_state(
        game.load_cards(), game.default_rules(), game.check_setup({"players": players})
    )


def _shows(state):
    """Everything the state shows."""
    return (
        state.to_move,
        state.phase,
        state.round,
        state.stats(),
        state.result(),
        [(p.seat, p.health, p.armor, p.dodge, p.ko, list(p.hands), p.body) for p in state.players],
        [(e.uid, e.health, e.armor, e.seat, e.order) for e in state.enemies],
        dict(state.encounter_deck.counts),
        dict(state.loot_deck.counts),
        list(state.stash),
        list(state.battle),
        list(state.offered),
        [g.label for g in state.groups],
        list(state.groups_done),
        list(state.enemy_queue),
        list(state.round_order),
    )


def test_a_cloned_state_plays_on_alone_as_a_full_copy_does():
    compared = compare_clones(
        lambda i: _new_game(2 + i % 3), _shows, games=6, every=5, steps=80, limit=300
    )
    assert compared > 100, compared


def test_a_clone_shares_no_container_the_game_changes():
    state = _new_game(3)
    clone = state.clone()
    for name, value in vars(state).items():
        if isinstance(value, (list, dict, set)) and name != "rules":
            assert getattr(clone, name) is not value, name
    for mine, theirs in zip(
        state.players + state.enemies, clone.players + clone.enemies, strict=True
    ):
        assert mine is not theirs
    assert clone.players[0].hands is not state.players[0].hands
    assert clone.encounter_deck is not state.encounter_deck
    assert clone.loot_deck is not state.loot_deck
