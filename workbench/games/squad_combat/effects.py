"""The keyword mechanics of Squad Combat (design notes, rules 1.5 and 3.9) as effects that
cards name in their `effects` cell ("Stun 2; Drain"), and the character passives
("Alpha Resistance 1"). A designer adds a card by writing keywords; nothing here changes.

Each handler is called by the rules with (state, play, effect, char index) for effects on
characters, and (state, play, effect, None) for effects on the attack or the player. A handler
that needs a decision or a roll leaves a wait on the state (`state.ask`, `state.roll`); the
rules call the matching finisher (CHOICES, ROLLS) with what was chosen or rolled.
"""

from __future__ import annotations

from ...core import Action
from ...core.kit import Keywords

TRAITS = ("Alpha", "Beta", "Charlie", "Delta", "Echo", "Foxtrot", "Gamma")

# What an effect acts on: the characters its scope names, the attack it answers, the player.
CHARACTER, ATTACK, PLAYER = "character", "attack", "player"
# Scopes a character effect may name: "" (the card's targets, or the acting character when
# it has none), "target", "self", "each friendly", "each enemy".
SCOPES = ("", "target", "self", "each friendly", "each enemy")

EFFECTS = Keywords(qualifiers=TRAITS)
PASSIVES = Keywords(qualifiers=TRAITS)

# Finishers of decisions and rolls that effects ask for: name -> function(state, wait data,
# chosen args or rolled outcome).
CHOICES: dict = {}
ROLLS: dict = {}


def _who(state, ci: int) -> str:
    return state.char_label(ci)


# -- effects on characters (R-26 ..) ----------------------------------------------


@EFFECTS.keyword(
    "Heal",
    "Remove one damage card (or token) worth X or less from the target; "
    "the healer chooses which (R-26, A-16).",
    number="required",
    scopes=SCOPES,
    acts_on=CHARACTER,
)
def heal(state, play, effect, ci):
    c = state.chars[ci]
    x = effect.amount
    found = {}
    for rec in c.attached:
        worth = state.healable_worth(rec, c)
        if worth <= x:
            found.setdefault((rec.name, state.effective(rec, c)), rec.uid)
    if not found:
        return
    if len(found) == 1:
        state.remove_attached(ci, next(iter(found.values())))
        return
    options = [
        Action("choose", (name, worth), f"Heal {c.d.name}: remove {name} ({worth})")
        for name, worth in found
    ]
    state.ask(play.seat, "heal", options, (ci, tuple(found.items())))


def _heal_chosen(state, data, args):
    ci, found = data
    state.remove_attached(ci, dict(found)[tuple(args)])


CHOICES["heal"] = _heal_chosen


@EFFECTS.keyword(
    "Stun",
    "The target takes X burden tokens, down to 0 energy (R-27, A-12).",
    number="required",
    scopes=SCOPES,
    acts_on=CHARACTER,
)
def stun(state, play, effect, ci):
    c = state.chars[ci]
    c.burden = min(c.d.energy, c.burden + state.stun_amount(effect.amount))


@EFFECTS.keyword(
    "Recover",
    "Remove X burden tokens from the target (Resource cards, A-4).",
    number="required",
    scopes=SCOPES,
    acts_on=CHARACTER,
)
def recover(state, play, effect, ci):
    c = state.chars[ci]
    c.burden = max(0, c.burden - effect.amount)


@EFFECTS.keyword(
    "Power Up",
    "The target's controller may raise one of its dice by 1, up to 6 (R-28, A-15).",
    scopes=SCOPES,
    acts_on=CHARACTER,
)
def power_up(state, play, effect, ci):
    c = state.chars[ci]
    values = sorted({v for v in c.dice if v < 6}, reverse=True)
    if not values:
        return
    name = c.d.name
    options = [Action("choose", ("up", v), f"Power Up {name}: {v} → {v + 1}") for v in values]
    options.append(Action("choose", ("up", 0), f"Power Up {name}: leave the dice"))
    state.ask(c.seat, "power_up", options, ci)


def _power_up_chosen(state, ci, args):
    if args[1]:
        state.set_die(ci, args[1], args[1] + 1)


CHOICES["power_up"] = _power_up_chosen


@EFFECTS.keyword(
    "Power Down",
    "The target's controller must lower one of its dice by 1, down to 1 (R-28, A-15).",
    scopes=SCOPES,
    acts_on=CHARACTER,
)
def power_down(state, play, effect, ci):
    c = state.chars[ci]
    values = sorted({v for v in c.dice if v > 1}, reverse=True)
    if len(values) == 1:
        state.set_die(ci, values[0], values[0] - 1)
    elif values:
        options = [
            Action("choose", ("down", v), f"Power Down {c.d.name}: {v} → {v - 1}") for v in values
        ]
        state.ask(c.seat, "power_down", options, ci)


def _power_down_chosen(state, ci, args):
    state.set_die(ci, args[1], args[1] - 1)


CHOICES["power_down"] = _power_down_chosen


@EFFECTS.keyword(
    "Overcharge",
    "Add one extra die to the target, even above its pool size: "
    "rolled, a 6, or chosen by the player (R-29, A-14, sc.overcharge).",
    scopes=SCOPES,
    acts_on=CHARACTER,
)
def overcharge(state, play, effect, ci):
    how = state.rules["sc.overcharge"]
    if how == "six":
        state.add_die(ci, 6)
    elif how == "chosen":
        name = state.chars[ci].d.name
        options = [
            Action("choose", ("face", v), f"Overcharge {name} with a {v}") for v in range(6, 0, -1)
        ]
        state.ask(play.seat, "overcharge", options, ci)
    else:
        state.roll("overcharge", ci)


CHOICES["overcharge"] = lambda state, ci, args: state.add_die(ci, args[1])
ROLLS["overcharge"] = lambda state, ci, face: state.add_die(ci, face)


@EFFECTS.keyword(
    "Reroll",
    "Roll one die of the target again; the player who played the card "
    "chooses which (Gamma, rules 4).",
    scopes=SCOPES,
    acts_on=CHARACTER,
)
def reroll(state, play, effect, ci):
    _one_die(
        state, play.seat, ci, "reroll", "Reroll {}'s {}", lambda v: state.roll("reroll", (ci, v))
    )


def _one_die(state, seat, ci, key, label, act):
    """`seat` picks which die value of character `ci` to `act` on (nobody is asked when its
    dice show one value; nothing happens when it has none)."""
    c = state.chars[ci]
    values = sorted(set(c.dice), reverse=True)
    if len(values) == 1:
        act(values[0])
    elif values:
        options = [Action("choose", (key, v), label.format(c.d.name, v)) for v in values]
        state.ask(seat, key, options, ci)


CHOICES["reroll"] = lambda state, ci, args: state.roll("reroll", (ci, args[1]))


def _rerolled(state, data, face):
    ci, old = data
    state.set_die(ci, old, face)


ROLLS["reroll"] = _rerolled


@EFFECTS.keyword(
    "Drain",
    "The acting player removes one die of the target's, their choice (Delta).",
    scopes=SCOPES,
    acts_on=CHARACTER,
)
def drain(state, play, effect, ci):
    _one_die(state, play.seat, ci, "drain", "Remove {}'s {}", lambda v: state.remove_die(ci, v))


CHOICES["drain"] = lambda state, ci, args: state.remove_die(ci, args[1])


@EFFECTS.keyword(
    "Disarm", "Remove the target's highest die (Delta).", scopes=SCOPES, acts_on=CHARACTER
)
def disarm(state, play, effect, ci):
    c = state.chars[ci]
    if c.dice:
        state.remove_die(ci, c.dice[0])


@EFFECTS.keyword(
    "Suppress",
    "Put a Suppression token on the target: it keeps its burden at "
    "the next end-of-turn reset, or (sc.suppression) cannot Refresh, until the "
    "next turn starts (R-35, A-13).",
    scopes=SCOPES,
    acts_on=CHARACTER,
)
def suppress(state, play, effect, ci):
    state.chars[ci].suppressed = True


@EFFECTS.keyword(
    "Switch",
    "Swap the positions of the acting character and the target, two "
    "characters of one player (R-30, A-27).",
    scopes=SCOPES,
    acts_on=CHARACTER,
)
def switch(state, play, effect, ci):
    state.switch(play.actor, ci)


@EFFECTS.keyword(
    "Wound",
    "Attach a damage token worth X (of the card's trait) to the target, "
    "as a damage card that is not an attack (R-33, R-34).",
    number="required",
    scopes=SCOPES,
    acts_on=CHARACTER,
)
def wound(state, play, effect, ci):
    state.attach_token(ci, play, effect.amount)


# -- effects on the player -------------------------------------------------------------------


@EFFECTS.keyword("Draw", "The acting player draws X cards.", number="required", acts_on=PLAYER)
def draw(state, play, effect, _):
    state.draw_cards(play.seat, effect.amount)


# -- effects on the attack they answer (edges and reactions, R-17, R-18) ----------------------


@EFFECTS.keyword(
    "Dodge",
    "Negate the attack if the die spent on this card is at least X + "
    "the attack's Atk (demo Dodge Roll, A-2).",
    number="required",
    acts_on=ATTACK,
)
def dodge(state, play, effect, _):
    attack = state.plays[play.ctx]
    die = play.paid[0] if play.paid else 0
    if die >= effect.amount + attack.atk:
        attack.negated = True


@EFFECTS.keyword(
    "Soak",
    "If the attack hits, its damage counts X less (a -X token on it).",
    number="required",
    acts_on=ATTACK,
)
def soak(state, play, effect, _):
    state.modify_attack(play.ctx, -effect.amount)


@EFFECTS.keyword(
    "Boost",
    "Put a +X damage token on the attack (after it hit: on the card attached).",
    number="required",
    acts_on=ATTACK,
)
def boost(state, play, effect, _):
    state.modify_attack(play.ctx, effect.amount)


@EFFECTS.keyword("Aim", "The attack gets Atk +X.", number="required", acts_on=ATTACK)
def aim(state, play, effect, _):
    state.plays[play.ctx].atk += effect.amount


@EFFECTS.keyword(
    "Guard",
    "The defence rating gets +X in the v0.5 die contest (A-31).",
    number="required",
    acts_on=ATTACK,
)
def guard(state, play, effect, _):
    state.plays[play.ctx].defence += effect.amount


@EFFECTS.keyword("Taunt", "The acting character becomes the defender (Foxtrot).", acts_on=ATTACK)
def taunt(state, play, effect, _):
    attack = state.plays[play.ctx]
    me = state.chars[play.actor]
    defender = state.chars[attack.targets[0]]
    if me.alive and me.seat == defender.seat and play.actor != attack.targets[0]:
        attack.targets[0] = play.actor


# Keywords whose answer needs an attack in play: edges that name them need a timing with one.
ATTACK_KEYWORDS = frozenset(k.name for k in EFFECTS if k.acts_on == ATTACK)

# -- passives printed on characters (R-31, R-32) --------------------------------------------

PASSIVES.add(
    "Resistance",
    "Damage cards of that trait on this character count X less, "
    "down to 0; they stay attached (R-31, A-17).",
    number="required",
    qualified=True,
)
PASSIVES.add(
    "Hardened",
    "A damage card of that trait worth X or less (after Resistance) is "
    "discarded instead of attached (R-32, A-18).",
    number="required",
    qualified=True,
)
