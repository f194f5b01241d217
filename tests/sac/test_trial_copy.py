"""The generator's copy (each card drawn is tried on one, to say where it goes before it is
played) says what the real generator then does, and leaves the real one as it was."""

from __future__ import annotations

import copy
import pickle
import random

import workbench as wb
from workbench.core import CHANCE, get_game


def _fingerprint(builder) -> bytes:
    # Every field, the piles' contents included: any change shows.
    return pickle.dumps((sorted(builder.cells.items()), builder.doors, builder.segs,
                         builder.cur, builder.counters, builder.discards, builder.notes,
                         sorted(builder.retried), builder.need, builder.finished,
                         builder.stalled, builder.last_room,
                         [(p.top, p.cards(), p.bottom) for p in builder.piles.values()]))


def test_a_trial_on_the_copy_says_what_the_real_generator_does():
    game = get_game("sac")
    cards = wb.load_cards("sac")
    tried = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_state(cards, game.default_rules(), {})
        steps = 0
        while state.to_move is not None and steps < 600:
            steps += 1
            if state.to_move == CHANCE:
                b = state.b
                dist = state.chance().dist
                outcome = dist.pick(rng.random())
                if b.need is not None:
                    before = _fingerprint(b)
                    for card in list(dist.outcomes)[:3]:
                        copy.deepcopy(b).feed(card)
                        tried += 1
                    said = copy.deepcopy(b).feed(outcome).text
                    assert _fingerprint(b) == before
                    state.apply_chance(outcome)
                    assert b.notes[-1].text == said or said in [n.text for n in b.notes]
                else:
                    state.apply_chance(outcome)
            else:
                actions = state.legal_actions()
                state.apply(actions[rng.randrange(len(actions))])
    assert tried > 100, tried
