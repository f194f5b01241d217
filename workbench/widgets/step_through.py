"""StepThrough: play any registered game move by move in the notebook."""

from __future__ import annotations

import logging
import threading
import time

import traitlets

from .assets import script, stylesheet
from .base import RequestWidget, UnknownRequest
from .stepper import Stepper

log = logging.getLogger(__name__)

PUSH_EVERY = 0.3  # seconds between views sent while bots play (the last one always goes)


class StepThrough(RequestWidget):
    """The table drawn for people, legal actions as buttons with their odds, the odds of
    every roll, undo and redo, a timeline, bots in any seat, seeds and save/load.

    Clicks arrive as requests (see RequestWidget), answered after `view` has been updated, so
    the browser never shows a state Python did not accept.

    Seats with a bot play by themselves, in a worker thread, so the kernel keeps reading
    messages while a slow bot thinks: the view says who is thinking and offers Stop. The
    worker owns the match while it runs. A "stop" request only raises the Stepper's pause
    flag, read between decisions; any other request first waits for the worker to finish the
    decision it is making, then is carried out, and the bots go on afterwards if it is still
    their move. Views are published under one lock, and while the worker runs the requests
    send only the last published view with their own flags, so no view ever mixes a state
    the worker is changing.
    """

    _esm = script("step_through.js")
    _css = stylesheet("step_through.css")

    view = traitlets.Dict(help="Everything the browser draws; made by Stepper.view().").tag(
        sync=True
    )

    def __init__(self, match, *, seat_view: int | None = None, cards_source=None, **kwargs):
        unknown = [k for k in kwargs if k not in type(self).class_trait_names()]
        if unknown:  # traitlets would only warn, and the option would be lost
            raise TypeError(
                f"StepThrough has no option {unknown[0]!r}; it takes seat_view, "
                "cards_source and a widget's own options such as layout"
            )
        if cards_source is not None and not (
            callable(getattr(cards_source, "observe", None))
            and getattr(cards_source, "has_trait", lambda _: False)("cards")
        ):
            raise TypeError(
                f"cards_source: give a view whose cards it follows (a CardEditor), "
                f"not {type(cards_source).__name__}"
            )
        super().__init__(**kwargs)
        self._publish = threading.Lock()
        self._worker: threading.Thread | None = None
        self._halt = threading.Event()
        self._running = False
        self.stepper = Stepper(match, seat_view=seat_view, autoplay=False)
        self._source = None
        if cards_source is not None:
            self.bind(cards_source)
        self.refresh()
        self._start_bots()

    @property
    def match(self):
        return self.stepper.match

    def refresh(self) -> None:
        with self._publish:
            if self._running:
                # The worker is changing the match: resend its last view with our flags.
                self.view = {
                    **self.view,
                    "error": self.stepper.error,
                    "stopping": self.stepper.paused,
                }
            else:
                self.view = self.stepper.view()

    def bind(self, source) -> None:
        """Follow an editor (anything with an observable `cards` trait): a new CardSet
        restarts the match from the same seed, and the view says so."""
        self._source = source
        source.observe(lambda change: self.rebind(change["new"]), names="cards")

    def rebind(self, cards) -> None:
        self._stop_bots()
        try:
            self.stepper.rebind(cards)
        except ValueError as exc:  # cards of another game: shown, and the match is unchanged
            self.stepper.error = str(exc)
        self.refresh()
        self._start_bots()

    # -- bots in a worker ---------------------------------------------------------------
    def _start_bots(self) -> None:
        if self._running or not self.stepper.bots_due():
            return
        self._halt = threading.Event()
        self._running = True
        self._worker = threading.Thread(
            target=self._play, args=(self._halt,), name="workbench-bots", daemon=True
        )
        self._worker.start()

    def _play(self, halt: threading.Event) -> None:
        last = time.monotonic()

        def show_progress():
            nonlocal last
            if time.monotonic() - last >= PUSH_EVERY:
                last = time.monotonic()
                with self._publish:
                    self.view = self.stepper.view()

        try:
            self.stepper.run(stop=halt, after_each=show_progress)
        except Exception as exc:  # a bot's bug: shown in the view, and the bots pause
            log.exception("a bot failed in %s", self.match.game.name)
            self.stepper.paused = True
            self.stepper.error = f"The bot stopped with an error: {type(exc).__name__}: {exc}"
        finally:
            with self._publish:
                self._running = False
                self.view = self.stepper.view()

    def _stop_bots(self) -> None:
        """Let the worker finish its decision and wait for it (the match is ours after)."""
        worker = self._worker
        if worker is not None and worker.is_alive():
            self._halt.set()
            worker.join()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the bots have made the decisions due; True if they have."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)
        return not self._running

    def answer(self, msg) -> dict | None:
        reply = super().answer(msg)
        self._start_bots()  # after the request's own view: the bots' views follow it
        return reply

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
        if kind == "stop":
            s.stop()
            return None
        self._stop_bots()
        if kind == "check":
            return {"reason": s.try_label(str(msg.get("label", "")))}
        if kind == "save":
            return {"json": s.save()}
        if not _stepper_request(s, kind, msg):
            raise UnknownRequest(kind)
        return None


def _stepper_request(s, kind: str, msg: dict) -> bool:
    """Carry out a request that moves or sets up the stepper and replies nothing; False for
    any other kind."""
    if kind == "step":
        s.step(str(msg.get("label", "")))
    elif kind == "undo":
        s.undo()
    elif kind == "redo":
        s.redo()
    elif kind == "goto":
        s.goto(int(msg["position"]))
    elif kind == "restart":
        seed = msg.get("seed")
        s.restart(None if seed in (None, "") else int(seed))
    elif kind == "resume":
        s.resume()
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
    elif kind == "load":
        s.load(str(msg.get("text", "")))
    else:
        return False
    return True
