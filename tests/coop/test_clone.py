"""A co-op state's clone (a logged match's snapshot, undo and scrubbing start from one) plays on
alone exactly as a full deep copy of the state does, and playing on leaves the state cloned
untouched."""

from __future__ import annotations

import copy
import random

from workbench.core import CHANCE, TERMINAL, get_game


def _new_game(players: int):
    game = get_game("coop")
    return game.new_state(game.load_cards(), game.default_rules(),
                          game.check_setup({"players": players}))


def _play_on(state, rng, steps: int):
    """Random play for up to `steps` steps, then everything the state shows."""
    for _ in range(steps):
        if state.to_move == TERMINAL:
            break
        if state.to_move == CHANCE:
            state.apply_chance(state.chance().dist.pick(rng.random()))
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    return (state.to_move, state.phase, state.round, state.stats(), state.result(),
            [(p.seat, p.health, p.armor, p.dodge, p.ko, list(p.hands), p.body)
             for p in state.players],
            [(e.uid, e.health, e.armor, e.seat, e.order) for e in state.enemies],
            dict(state.encounter_deck.counts), dict(state.loot_deck.counts), list(state.stash),
            list(state.battle), list(state.offered), [g.label for g in state.groups],
            list(state.groups_done), list(state.enemy_queue), list(state.round_order))


def test_a_cloned_state_plays_on_alone_as_a_full_copy_does():
    compared = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = _new_game(2 + seed % 3)
        for step in range(300):
            if state.to_move == TERMINAL:
                break
            if step % 5 == 0:
                before = _play_on(state, None, 0)
                clone = state.clone()
                assert (_play_on(clone, random.Random(step), 80)
                        == _play_on(copy.deepcopy(state), random.Random(step), 80))
                assert _play_on(state, None, 0) == before  # the original is untouched
                compared += 1
            _play_on(state, rng, 1)
    assert compared > 100, compared


def test_a_clone_shares_no_container_the_game_changes():
    state = _new_game(3)
    clone = state.clone()
    for name, value in vars(state).items():
        if isinstance(value, (list, dict)) and name != "rules":
            assert getattr(clone, name) is not value, name
    for mine, theirs in zip(state.players + state.enemies, clone.players + clone.enemies,
                            strict=True):
        assert mine is not theirs
    assert clone.players[0].hands is not state.players[0].hands
    assert clone.encounter_deck is not state.encounter_deck
    assert clone.loot_deck is not state.loot_deck
