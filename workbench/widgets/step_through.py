"""StepThrough: play any registered game move by move in the notebook."""

from __future__ import annotations

import traitlets

from .assets import script, stylesheet
from .base import RequestWidget, UnknownRequest
from .stepper import Stepper


class StepThrough(RequestWidget):
    """The table drawn for people, legal actions as buttons, the odds of every roll, undo and
    redo, a timeline, bots in any seat, seeds and save/load.

    Clicks arrive as requests (see RequestWidget), answered after `view` has been updated, so
    the browser never shows a state Python did not accept.
    """

    _esm = script("step_through.js")
    _css = stylesheet("step_through.css")

    view = traitlets.Dict(help="Everything the browser draws; made by Stepper.view().").tag(sync=True)

    def __init__(self, match, *, seat_view: int | None = None, cards_source=None, **kwargs):
        super().__init__(**kwargs)
        self.stepper = Stepper(match, seat_view=seat_view)
        self._source = None
        if cards_source is not None:
            self.bind(cards_source)
        self.refresh()

    @property
    def match(self):
        return self.stepper.match

    def refresh(self) -> None:
        self.view = self.stepper.view()

    def bind(self, source) -> None:
        """Follow an editor (anything with an observable `cards` trait): a new CardSet
        restarts the match from the same seed, and the view says so."""
        self._source = source
        source.observe(lambda change: self.rebind(change["new"]), names="cards")

    def rebind(self, cards) -> None:
        try:
            self.stepper.rebind(cards)
        except ValueError as exc:  # cards of another game: shown, and the match is unchanged
            self.stepper.error = str(exc)
        self.refresh()

    # -- requests from the browser ----------------------------------------------------
    def clear_error(self) -> None:
        self.stepper.error = ""

    def show_error(self, error: Exception) -> str:
        self.stepper.error = str(error)
        return self.stepper.error

    def handle(self, msg: dict) -> dict | None:
        """Carry out one request; the same calls a test or a notebook can make directly."""
        s = self.stepper
        kind = msg["type"]
        if kind == "step":
            s.step(str(msg.get("label", "")))
        elif kind == "check":
            return {"reason": s.try_label(str(msg.get("label", "")))}
        elif kind == "undo":
            s.undo()
        elif kind == "redo":
            s.redo()
        elif kind == "goto":
            s.goto(int(msg["position"]))
        elif kind == "restart":
            seed = msg.get("seed")
            s.restart(None if seed in (None, "") else int(seed))
        elif kind == "bot_step":
            s.bot_step()
        elif kind == "to_my_turn":
            s.play_to_my_turn()
        elif kind == "to_end":
            s.play_to_end()
        elif kind == "set_bot":
            s.set_bot(int(msg["seat"]), msg.get("bot") or None)
        elif kind == "view_seat":
            seat = msg.get("seat")
            s.seat_view = None if seat in (None, "", "follow") else int(seat)
        elif kind == "save":
            return {"json": s.save()}
        elif kind == "load":
            s.load(str(msg.get("text", "")))
        else:
            raise UnknownRequest(kind)
        return None
