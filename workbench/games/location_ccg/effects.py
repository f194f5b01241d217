"""The keywords of the Location CCG (1.3, 3.9) and the effects of Surprises and Assets, as
words a card names in its `keywords` or `effect` cell ("Toughness 1", "Atk 2"). The rules ask
a card for its keywords; an effect's handler is called as handler(state, seat, effect,
target) when the Surprise or ability resolves; one that needs draws or choices returns the
steps for the rules to run next. A designer adds a card by writing these words.
"""

from __future__ import annotations

from ...core.kit import Keywords

CHARACTER, DECK, PLAYER = "character", "deck", "player"

KEYWORDS = Keywords()
KEYWORDS.add("Mob", "Costs 1 less for each visible copy of it (R-37).", acts_on="cost")
KEYWORDS.add(
    "Unique",
    "At most one copy in play, across both players; a newly played copy "
    "sends the older one to its owner's discard pile (R-38).",
    acts_on=CHARACTER,
)
KEYWORDS.add("Limited", "At most 1 copy in a deck (R-39).", acts_on=DECK)
KEYWORDS.add(
    "Gang",
    "If unopposed, may add its Atk to an opposed friendly character (R-32).",
    acts_on=CHARACTER,
)
KEYWORDS.add(
    "Shielded",
    "Cannot be targeted by Surprises or abilities its controller does not control (R-40).",
    acts_on=CHARACTER,
)
KEYWORDS.add(
    "Recur",
    "Destroyed: to the discard pile, not the void pile; discarded or "
    "KO'd: back to its owner's hand (R-41).",
    acts_on=CHARACTER,
)
KEYWORDS.add(
    "Long Range",
    "Deals its Atk as soon as it is paired, and none in combat (R-34).",
    acts_on=CHARACTER,
)
KEYWORDS.add(
    "Toughness",
    "The first X times it would be destroyed it gets a wound counter instead (R-35).",
    number="required",
    acts_on=CHARACTER,
)
KEYWORDS.add(
    "Upkeep",
    "Each of your Begin phases: pay X generic points or it is destroyed (R-36).",
    number="required",
    acts_on=CHARACTER,
)
KEYWORDS.add(
    "Giant",
    "Faces X opponents in combat and needs X opposers (R-33).",
    number="required",
    acts_on=CHARACTER,
)

EFFECTS = Keywords()


def _stat(index: int):
    def handler(state, seat, effect, target):
        if effect.scope == "each friendly here":
            for uid in state.at_contested(seat):
                state.inplay[uid].temp[index] += effect.amount
        elif target is not None:
            state.inplay[target].temp[index] += effect.amount

    return handler


HERE = ("", "each friendly here")
EFFECTS.add(
    "Atk",
    "+X Atk until end of turn (R-14).",
    number="required",
    scopes=HERE,
    acts_on=CHARACTER,
    handler=_stat(0),
)
EFFECTS.add(
    "Def",
    "+X Def until end of turn (R-14).",
    number="required",
    scopes=HERE,
    acts_on=CHARACTER,
    handler=_stat(1),
)
EFFECTS.add(
    "Skl",
    "+X Skl until end of turn (R-14); 'each friendly here': your characters "
    "at the contested Location.",
    number="required",
    scopes=HERE,
    acts_on=CHARACTER,
    handler=_stat(2),
)


@EFFECTS.keyword(
    "Send Home",
    "A defending character not yet paired goes back to its HQ and leaves the defending party.",
    acts_on=CHARACTER,
)
def send_home(state, seat, effect, target):
    state.send_home(target)


@EFFECTS.keyword(
    "Prevent Damage", "All combat damage to the target is prevented this turn.", acts_on=CHARACTER
)
def prevent(state, seat, effect, target):
    state.inplay[target].prevent = True


@EFFECTS.keyword("Destroy", "The target is destroyed (R-5).", acts_on=CHARACTER)
def destroy(state, seat, effect, target):
    state.destroy(target)


@EFFECTS.keyword(
    "Return From Discard", "The chosen card of your discard pile goes to your hand.", acts_on=PLAYER
)
def return_from_discard(state, seat, effect, target):
    if target in state.zones[seat, "discard"]:  # it may have left since (loc.stack = lifo)
        state.zones.move(seat, target, "discard", "hand")


@EFFECTS.keyword("Draw", "Draw X cards.", number="required", acts_on=PLAYER)
def draw(state, seat, effect, target):
    return [("draw", seat)] * effect.amount


@EFFECTS.keyword(
    "Bottom",
    "Put X cards from your hand on the bottom of your deck (you choose which).",
    number="required",
    acts_on=PLAYER,
)
def bottom(state, seat, effect, target):
    return [("bottom", seat)] * effect.amount


# Passive effects of Assets: the rules look for them at the moment they name.
EFFECTS.add(
    "Extra Production",
    "After you pay this card's upkeep, you get X extra production points this turn.",
    number="required",
    acts_on=PLAYER,
)
EFFECTS.add(
    "Shrine Save",
    "When a character you control is destroyed, you may pay X to put "
    "it in your discard pile instead of your void pile.",
    number="required",
    acts_on=PLAYER,
)
PASSIVE = ("Extra Production", "Shrine Save")
