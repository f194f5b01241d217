"""Sweep keys: "<table>.<card>.<column>" for a card stat, "rules.<variant>" for a rule, and
(in a sweep) "setup.<option>" for how a match is set up (decks, who goes first)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import SetupError


@dataclass(frozen=True)
class Key:
    text: str
    kind: str  # "card", "rule" or "setup"
    table: str = ""
    card: str = ""
    column: str = ""
    rule: str = ""


def parse_key(text: str, game, cards, *, setup: bool = False) -> Key:
    """A key read and checked; `setup` allows "setup.<option>" keys (a sweep's)."""
    if not isinstance(text, str) or not text:
        raise SetupError(f"sweep key {text!r}: write '<table>.<card>.<column>' or 'rules.<key>'")
    if text.startswith("setup."):
        name = text[len("setup.") :]
        options = [o.key for o in game.spec.options]
        if not setup:
            raise SetupError(f"key {text!r}: setup options can be varied in a sweep only")
        if name not in options:
            raise SetupError(
                f"sweep key {text!r}: {game.name} has no setup option {name!r}; "
                f"options: {', '.join(options) or 'none'}"
            )
        return Key(text, "setup", rule=name)
    if text.startswith("rules."):
        name = text[len("rules.") :]
        variant = game.spec.find_variant(name)
        if variant is None:
            known = ", ".join(v.key for v in game.variants)
            raise SetupError(
                f"sweep key {text!r}: {game.name} has no rule {name!r}; rules: {known}"
            )
        return Key(text, "rule", rule=variant.key)
    parts = split_card_key(text)
    if parts is None:
        raise SetupError(
            f"sweep key {text!r}: write '<table>.<card>.<column>', "
            "e.g. 'enemies.Brutes.health', or 'rules.<key>'"
        )
    table, card, column = parts
    if table not in cards:
        raise SetupError(f"sweep key {text!r}: no table {table!r}; tables: {', '.join(cards)}")
    cards.row(table, card)  # raises CardDataError naming the card if it is unknown
    if column not in cards[table].columns:
        raise SetupError(
            f"sweep key {text!r}: {table} has no column {column!r}; columns: "
            f"{', '.join(cards[table].columns)}"
        )
    return Key(text, "card", table=table, card=card, column=column)


def apply(keys: list[Key], values: tuple, cards, rules: dict, game):
    """The cards and rules of one sweep point (validated: a bad value raises)."""
    rules = dict(rules)
    for key, value in zip(keys, values, strict=True):
        if key.kind == "setup":
            continue  # see point_setup
        if key.kind == "rule":
            rules = game.resolve_rules({**rules, key.rule: value})
        else:
            cards = cards.set(key.table, key.card, key.column, value)
    return cards, rules


def point_setup(keys: list[Key], values: tuple, setup: dict, game) -> dict:
    """The checked setup of one sweep point: the sweep's own setup arguments with the point's
    setup keys put in (SetupError names the option of a bad value)."""
    given = dict(setup)
    for key, value in zip(keys, values, strict=True):
        if key.kind == "setup":
            given[key.rule] = value
    return game.check_setup(given)


def current(key: Key, cards, rules: dict):
    if key.kind == "rule":
        return rules[key.rule]
    return cards.row(key.table, key.card)[key.column]


def key_label(text: str) -> str:
    """A sweep key in words, for titles and table headers: "enemies.Brutes.health" ->
    "Brutes' health", "params.second_player_tokens.value" -> "second player tokens",
    "rules.token_supply" -> "rule: token supply". Text that is not a key comes back as it is."""
    if text.startswith("rules."):
        return "rule: " + _words(text[len("rules.") :])
    if text.startswith("setup."):
        return _words(text[len("setup.") :])
    parts = split_card_key(text)
    if parts is None:
        return text
    _table, card, column = parts
    if column == "value":  # a table of named numbers: the name says it all
        return _words(card)
    owner = f"{card}'" if card.endswith("s") else f"{card}'s"
    return f"{owner} {_words(column)}"


def split_card_key(text: str) -> tuple[str, str, str] | None:
    """ "enemies.Brutes.health" -> ("enemies", "Brutes", "health"); a card name may hold dots.
    None for text of another shape."""
    table, sep, rest = text.partition(".")
    card, sep2, column = rest.rpartition(".")
    if not (sep and sep2 and table and card and column):
        return None
    return table, card, column


def _words(name: str) -> str:
    return name.replace("_", " ")
