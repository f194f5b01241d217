"""RuneExplorer: pick runes into slots, see the spell they make and what it costs."""

from __future__ import annotations

import traitlets

from ..core import get_design
from .assets import script, stylesheet
from .base import RequestWidget, UnknownRequest
from .rune_logic import ExplorerSession


class RuneExplorer(RequestWidget):
    """The Rune System's combinations one at a time: click runes into the slots to see the
    spell (or "not designed yet"), whether the rules allow it and why not, its essence cost,
    and how much more damage the caster takes after casting it under each vulnerability model.

    Bound to a CardEditor (`source=editor`), it follows every accepted edit: a rune renamed,
    a spell described, the slots or the cost model changed. From Python: `pick("Fire")`,
    `clear(0)`, `reset()`; `session.result()` is what the view shows.
    """

    _esm = script("rune_explorer.js")
    _css = stylesheet("step_through.css", "rune_explorer.css")

    view = traitlets.Dict(help="What the browser draws; made by ExplorerSession.view().").tag(
        sync=True
    )
    error = traitlets.Unicode(help="Why the last request was refused, if it was.").tag(sync=True)

    def __init__(self, cards=None, *, source=None, runes=(), **kwargs):
        super().__init__(**kwargs)
        if source is not None:
            cards = source.cards
        if cards is None:
            cards = get_design("rune_system").load_cards()
        self.session = ExplorerSession(cards, runes)
        if source is not None:
            source.observe(lambda change: self.rebind(change["new"]), names="cards")
        self.refresh()

    # -- the same changes from Python ---------------------------------------------------------
    def pick(self, rune: str) -> None:
        self.session.pick(rune)
        self.refresh()

    def clear(self, index: int) -> None:
        self.session.clear(index)
        self.refresh()

    def reset(self) -> None:
        self.session.reset()
        self.refresh()

    def rebind(self, cards) -> None:
        """Follow new cards (an accepted edit in the bound editor); an old refusal no longer
        applies."""
        self.session.rebind(cards)
        self.error = ""
        self.refresh()

    # -- requests from the browser --------------------------------------------------------------
    def handle(self, msg: dict) -> None:
        kind = msg["type"]
        if kind == "pick":
            self.session.pick(str(msg.get("rune")))
        elif kind == "clear":
            self.session.clear(int(msg.get("slot", -1)))
        elif kind == "reset":
            self.session.reset()
        else:
            raise UnknownRequest(kind)

    def refresh(self) -> None:
        self.view = self.session.view()

    def clear_error(self) -> None:
        self.error = ""

    def show_error(self, error: Exception) -> str:
        self.error = str(error)
        return self.error
