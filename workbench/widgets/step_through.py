"""StepThrough: play any registered game move by move in the notebook."""

from __future__ import annotations

import anywidget
import traitlets

from ..core import IllegalAction, MatchFileError
from .assets import script, stylesheet
from .stepper import Stepper


class StepThrough(anywidget.AnyWidget):
    """The table drawn for people, legal actions as buttons, the odds of every roll, undo and
    redo, a timeline, bots in any seat, seeds and save/load.

    Requests from the browser arrive as messages {"type": ..., "id": n}; each gets a reply
    {"type": "reply", "id": n, "ok": bool, "error": str} after `view` has been updated, so the
    browser never shows a state Python did not accept.
    """

    _esm = script("step_through.js")
    _css = stylesheet("step_through.css")

    view = traitlets.Dict(help="Everything the browser draws; made by Stepper.view().").tag(sync=True)

    def __init__(self, match, *, seat_view: int | None = None, cards_source=None, **kwargs):
        super().__init__(**kwargs)
        self.stepper = Stepper(match, seat_view=seat_view)
        self.on_msg(self._on_message)
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
    def _on_message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or "type" not in content:
            return
        reply = {"type": "reply", "id": content.get("id"), "ok": True, "error": ""}
        extra = {}
        try:
            extra = self.handle(content) or {}
        except (IllegalAction, MatchFileError, ValueError) as exc:
            reply.update(ok=False, error=str(exc))
            self.stepper.error = str(exc)
        else:
            self.stepper.error = ""
        self.refresh()
        self.send({**reply, **extra})

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
            raise ValueError(f"unknown request {kind!r}")
        return None
