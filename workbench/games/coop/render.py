"""View data for the step-through widget: the table as people see it."""

from __future__ import annotations

from .rules import CoopState


def render(state: CoopState, seat: int | None) -> dict:
    obs = state.observation(seat)
    cat = state.cat
    return {
        "kind": "coop",
        "title": f"Battle {obs['battles_won'] + 1} of {obs['battles_needed']}",
        "subtitle": (f"{obs['encounter']}, round {obs['round']}" if obs["encounter"] else obs["phase"]),
        "trackers": [
            {"label": "Battles won", "value": obs["battles_won"], "max": obs["battles_needed"]},
            {"label": "Encounter deck", "value": obs["encounter_deck"]},
            {"label": "Loot deck", "value": obs["loot_deck"]},
        ],
        "players": obs["players"],
        "enemies": [e for e in obs["enemies"] if e["alive"]],
        "offered": [
            (cat.items[c].name if c in cat.items else cat.encounters[c].describe())
            for c in obs["offered"]
        ],
        "stash": obs["stash"],
        "leader": obs["leader"],
        "turn": obs["turn"],
    }
