"""A saved match: the JSON text Match.to_json writes, and the checks it passes when read back.

A saved match holds what makes a match (game, cards, rule variants, setup, seed, bots) and the
history of chance results and decisions; Match.from_json replays that history. Every field is
checked before the replay starts, so a bad file is refused with the field or step that is wrong.
"""

from __future__ import annotations

import json

from .errors import MatchFileError, UnknownGame, shortened
from .registry import get_game, list_games

FORMAT = "workbench-match"
VERSION = 1


def saved_text(match, history: list[dict], indent: int | None) -> str:
    """The JSON text of `match` with its `history` (chance results and decisions)."""
    default_cards = match.game.load_cards()
    cards = None if match.cards == default_cards else match.cards.to_json()
    specs = match.bot_specs
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.name,
        "seed": match.seed,
        "rules": match.rules,
        "setup": match.setup,
        "bots": (
            specs
            if isinstance(specs, str)
            else {str(seat): name for seat, name in match.bot_names().items()} or None
        ),
        "cards": cards,
        "cards_fingerprint": match.cards.fingerprint(),
        "history": history,
    }
    return json.dumps(data, indent=indent)


def read_saved(text, cards=None) -> tuple:
    """(game, Match keyword arguments, history) of a saved match's text, every field checked;
    `cards` are the cards to replay with (None: those the match holds, or the shipped ones)."""
    data = _saved_fields(_parsed(text))
    try:
        game = get_game(data["game"])
    except UnknownGame as exc:
        raise MatchFileError(f"saved match: {exc}") from None
    cards = _saved_cards(data, game, cards)
    bots = _saved_bots(data)
    history = _saved_history(data)
    settings = {
        "seed": data["seed"],
        "cards": cards,
        "rules": data.get("rules"),
        "bots": bots,
        "setup": data.get("setup"),
    }
    return game, settings, history


def _parsed(text):
    """The JSON value of a saved match's text."""
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8", errors="replace")
    if not isinstance(text, str):
        raise MatchFileError(
            f"a saved match is the text Match.to_json() wrote, not a {type(text).__name__}"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MatchFileError(
            f"not a saved match: invalid JSON at line {exc.lineno}, column {exc.colno}"
        ) from None
    except RecursionError:
        raise MatchFileError("not a saved match: the JSON is nested too deeply") from None
    return data


def _saved_fields(data) -> dict:
    """`data`, once its format, version and top-level fields are checked."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MatchFileError(f"not a saved match: 'format' should be {FORMAT!r}")
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise MatchFileError(
            f"saved match version {shortened(repr(data.get('version')))} is not supported "
            f"(expected {VERSION})"
        )
    for field in ("game", "seed", "history"):
        if field not in data:
            raise MatchFileError(f"saved match has no {field!r} field")
    if not isinstance(data["game"], str):
        raise MatchFileError(
            f"saved match: 'game' should be a game's name, not {shortened(repr(data['game']))}"
        )
    if isinstance(data["seed"], bool) or not isinstance(data["seed"], int):
        raise MatchFileError(
            f"saved match: 'seed' should be a whole number, not {shortened(repr(data['seed']))}"
        )
    for field, kinds, what in (
        ("rules", dict, "an object of rule variants"),
        ("setup", dict, "an object of setup options"),
        ("bots", (str, dict), "a bot name or an object of seats"),
    ):
        if data.get(field) is not None and not isinstance(data[field], kinds):
            raise MatchFileError(
                f"saved match: '{field}' should be {what}, not {shortened(repr(data[field]))}"
            )
    return data


def _saved_cards(data: dict, game, cards):
    """The cards to replay with: those given, else those embedded in the match (None for the
    shipped ones); MatchFileError when they are not the ones it was played with."""
    if data.get("cards") is not None and cards is None:
        from ..cards import CardDataError, CardSet

        try:
            cards = CardSet.from_json(
                data["cards"], game.tables, game=game.name, cross_check=game.cross_check
            )
        except CardDataError as exc:
            # The cards are the ones inside the saved match, not the files of that name.
            raise MatchFileError(
                "saved match: its embedded cards (the 'cards' field) "
                f"cannot be used: {shortened(str(exc), 2000)}"
            ) from None
    _check_fingerprint(data, game, cards)
    return cards


def _check_fingerprint(data: dict, game, cards) -> None:
    played_with = data.get("cards_fingerprint")
    if played_with is not None:
        now = (game.load_cards() if cards is None else cards).fingerprint()
        if now != played_with:
            other = _shipped_with(played_with) if cards is None else None
            if other is not None and other != game.name:
                raise MatchFileError(
                    f"saved match: its 'game' is {game.name!r}, but it was played with "
                    f"{other}'s cards: it is a {other} match (its 'game' field was changed)"
                )
            whose = (
                "the shipped cards have changed since"
                if cards is None
                else "the cards given are not the ones it was played with"
            )
            raise MatchFileError(
                f"saved match: it was played with other {game.name} cards ({whose}: "
                f"fingerprint {str(played_with)[:12]}, now {now[:12]}); load it with "
                "cards= the cards it was played with"
            )


def _shipped_with(fingerprint: str) -> str | None:
    """The game whose shipped cards have `fingerprint`, if one has."""
    for name in list_games():
        if get_game(name).load_cards().fingerprint() == fingerprint:
            return name
    return None


def _saved_bots(data: dict):
    """The saved bots: a name, seat number -> name, or None."""
    bots = data.get("bots")
    if isinstance(bots, dict):
        try:
            bots = {int(k): v for k, v in bots.items()}
        except (TypeError, ValueError):
            raise MatchFileError(
                f"saved match: 'bots' should map seat numbers to bot "
                f"names, not {shortened(repr(bots))}"
            ) from None
    return bots


def _saved_history(data: dict) -> list:
    """The saved history, each entry checked to be a chance result or a seat's action."""
    history = data["history"]
    if not isinstance(history, list):
        raise MatchFileError("saved match: 'history' should be a list")
    for i, item in enumerate(history):
        if not isinstance(item, dict) or not ({"chance", "action"} & set(item)):
            raise MatchFileError(
                f"step {i}: each history entry is an object with "
                f"'action' or 'chance', not {shortened(repr(item))}"
            )
        seat = item.get("seat")
        if seat is not None and (type(seat) is not int or seat < 0):
            raise MatchFileError(
                f"step {i}: 'seat' is a seat number counted from 0, not {shortened(repr(seat))}"
            )
    return history
