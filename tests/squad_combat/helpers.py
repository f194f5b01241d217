"""Build Squad Combat positions directly, so each rule can be tested on its own."""

from __future__ import annotations

import workbench as wb
from workbench.core import CHANCE, get_game, resolve

GAME = get_game("squad_combat")


def fresh(rules=None, squads=("Red", "Blue"), first=0, cards=None):
    """A new game, every setup roll and draw taken as its first outcome, stopped at the
    first decision."""
    cards = cards or wb.load_cards("squad_combat")
    setup = GAME.check_setup({"squads": list(squads), "first_player": first})
    st = GAME.new_state(cards, GAME.resolve_rules(rules), setup)
    settle(st)
    return st


def settle(st, outcomes=()):
    """Resolve pending chance points: with `outcomes` in order, then with first outcomes."""
    outcomes = list(outcomes)
    while st.to_move == CHANCE:
        st.apply_chance(outcomes.pop(0) if outcomes else st.chance().dist.outcomes[0])
    assert not outcomes, f"unused outcomes {outcomes}"


def position(
    rules=None, squads=("Red", "Blue"), hands=None, dice=None, burden=None, active=0, cards=None
):
    """Seat `active` at the start of its action phase, with the hands, dice and burden
    given (dice and burden by character name as 'Name' or 'Name@seat')."""
    st = fresh(rules, squads, active, cards)
    for seat, hand in (hands or {}).items():
        p = st.players[seat]
        for name in p.hand:
            p.deck.put(name)
        p.hand = []
        for name in hand:
            if name in p.deck:
                p.deck.take(name)
            p.hand.append(name)
    for key, values in (dice or {}).items():
        char(st, key).dice = sorted(values, reverse=True)
    for key, value in (burden or {}).items():
        char(st, key).burden = value
    st.queue = [("next",)]
    st.plays, st.win, st.stack = [], None, []
    st.active = active
    st.turn = max(st.turn, 1)
    st.wait = ("action", active, None)
    st._legal = None
    return st


def to_seat(st, seat):
    """Hand the action phase to `seat` (the other passes its phase)."""
    st.active, st.wait, st._legal = seat, ("action", seat, None), None


def char(st, key: str):
    """A character by name ('Corin', or 'Corin@1' for seat 1's in a mirror match)."""
    name, _, seat = key.partition("@")
    found = [c for c in st.chars if c.d.name == name and (not seat or c.seat == int(seat))]
    assert len(found) == 1, f"{key!r} names {len(found)} characters"
    return found[0]


def labels(st) -> list[str]:
    return [a.label for a in st.legal_actions()]


def play(st, label: str, outcomes=()):
    """Take the legal action called `label`, then resolve chance with `outcomes`."""
    st.apply(resolve(st, label))
    settle(st, outcomes)


def decline_all(st):
    """Every seat declines until the state waits for something other than a window."""
    while st.wait is not None and st.wait[0] == "window":
        play(st, "Decline (play no edge now)")


def reason(st, label_or_action):
    """(rule, reason) why an action is refused now; "Play X with Y" names the action even
    when the view would not offer it."""
    from workbench.core import Action, why_illegal

    if isinstance(label_or_action, str) and label_or_action.startswith("Play "):
        card, _, who = label_or_action[5:].partition(" with ")
        label_or_action = Action("play", (card, who) if who else (card,), label_or_action)
    problem = why_illegal(st, label_or_action)
    assert problem is not None, f"{label_or_action} is legal"
    return problem.rule, problem.reason


def attach(st, key: str, card: str, owner: int | None = None):
    """Put `card` under a character as if it had hit, taken from its owner's deck."""
    from workbench.games.squad_combat.pieces import Attached

    c = char(st, key)
    owner = 1 - c.seat if owner is None else owner
    src = st.cat.cards[card]
    st.players[owner].deck.take(card)
    st.uid += 1
    c.attached.append(Attached(st.uid, card, owner, src.damage, src.traits))
    st.hurt = True
