"""RequestWidget: the request/reply protocol every workbench view shares.

Why requests and not synced traits: a traitlets validator that raises on a value set from
JavaScript leaves the browser showing the value it refused. So the browser asks instead, and
Python answers accept or refuse-with-reason, after re-sending what the browser draws:

    browser -> {"type": "edit", "id": 7, ...}
    Python  -> the view, as it now is (refresh())
    Python  -> {"type": "reply", "id": 7, "ok": true, "error": "", ...fields handle returned}

The browser half is request.js.
"""

from __future__ import annotations

import logging

import anywidget

log = logging.getLogger(__name__)


class UnknownRequest(ValueError):
    """A request type the widget does not know: refused like any other bad request."""

    def __init__(self, kind):
        super().__init__(f"unknown request {kind!r}")


class InternalError(RuntimeError):
    """What the view and the reply say when a request met a bug rather than a refusal; the
    bug itself is logged with its traceback."""


class RequestWidget(anywidget.AnyWidget):
    """An anywidget whose browser side changes things only through requests.

    Subclasses define `handle(msg)` and `refresh()`, and may define the hooks `clear_error()`
    and `show_error(error)` to put a refusal (or an InternalError) where their view shows it.

    A request is a dict with a string "type"; the reply carries back its "id", whatever it
    is. A message that is not a request is not carried out: it is answered with ok False if
    it has an id (someone is waiting on it), otherwise only logged, since there is no one to
    answer.
    """

    # What handle() raises to refuse a request. Every named error of the project is a
    # ValueError; anything else is a bug, answered but also logged.
    refusals: tuple[type[Exception], ...] = (ValueError,)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._on_message)

    def handle(self, msg: dict) -> dict | None:
        """Carry out one request; return extra fields for the reply, or None. Raise one of
        `refusals` to refuse it (the reason is the exception's text)."""
        raise UnknownRequest(msg.get("type"))

    def refresh(self) -> None:
        """Send what the browser draws; called after every request, accepted or not."""
        raise NotImplementedError

    def clear_error(self) -> None:
        """Before each request: forget the previous request's error."""

    def show_error(self, error: Exception) -> str:
        """A request failed: record why where the view shows it, and return the reason the
        reply carries."""
        return str(error)

    def answer(self, msg) -> dict | None:
        """Carry out one message from the browser; its reply, or None when there is no one
        to reply to. The same path as a message arriving, for tests."""
        kind = msg.get("type") if isinstance(msg, dict) else None
        if not isinstance(kind, str) or not kind:
            log.warning(
                "%s: not a request (no type), not carried out: %r", type(self).__name__, msg
            )
            if not isinstance(msg, dict) or "id" not in msg:
                return None
            return self._reply(msg, False, "not a request: it has no type", {})
        try:
            ok, error, extra = self._carry_out(msg)
        except Exception as exc:  # a bug in a hook or in refresh(): the browser still hears
            ok, error, extra = False, self._bug(msg, exc), {}
        return self._reply(msg, ok, error, extra)

    def _carry_out(self, msg: dict) -> tuple[bool, str, dict]:
        self.clear_error()
        try:
            return True, "", self.handle(msg) or {}
        except self.refusals as exc:
            return False, self.show_error(exc), {}
        except Exception as exc:
            return False, self.show_error(InternalError(self._bug(msg, exc))), {}
        finally:
            # Accepted or not, the view goes out before the reply, so the browser never
            # draws a state Python did not keep.
            self.refresh()

    def _bug(self, msg, exc: Exception) -> str:
        log.exception("%s: request %r failed", type(self).__name__, msg)
        return f"internal error: {type(exc).__name__}: {exc}"

    @staticmethod
    def _reply(msg: dict, ok: bool, error: str, extra: dict) -> dict:
        # The protocol's own fields win over handle()'s extras of the same name.
        return {**extra, "type": "reply", "id": msg.get("id"), "ok": ok, "error": error}

    def _on_message(self, _widget, content, _buffers) -> None:
        reply = self.answer(content)
        if reply is not None:
            self.send(reply)
