"""Build co-op positions directly, so each rule can be tested in isolation."""

from __future__ import annotations

import workbench as wb
from workbench.core import Action, get_game
from workbench.games.coop.rules import Enemy

GAME = get_game("coop")


def fresh(classes=("Melee", "Melee", "Ranged"), rules=None, cards=None, **setup):
    cards = cards or wb.load_cards("coop")
    setup = GAME.check_setup({"players": list(classes), **setup})
    return GAME.new_state(cards, GAME.resolve_rules(rules), setup)


def encounter(
    classes=("Melee", "Melee", "Ranged"),
    enemy="Rats",
    seats=(0,),
    items=None,
    rules=None,
    turn=0,
    cards=None,
):
    """A state in the middle of an encounter: one enemy per entry of `seats`, in front of
    that seat, and `turn`'s attack step about to begin."""
    st = fresh(classes, rules, cards, first_encounter="RAT-1")
    st.leader = 0
    for seat, its in (items or {}).items():
        for item in its:
            st._equip(st.players[seat], item)
    kind = st.cat.enemies[enemy]
    st.enemies = [Enemy(i, kind) for i in range(len(seats))]
    for e, seat in zip(st.enemies, seats, strict=True):
        e.seat = seat
        e.order = e.uid
    st.place_counter = len(seats)
    st.round = 1
    st.round_order = []
    st.encounter_name = f"{enemy} ×{len(seats)}"
    st._start_turn(turn)
    return st


def attack(st, group=0, target=0, roll=None):
    """Play an attack action; if it needs a roll, resolve it with `roll`."""
    st.apply(Action("attack", (group, target)))
    if roll is not None:
        assert st.phase == "attack roll"
        st.apply_chance(roll)
