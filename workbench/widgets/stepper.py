"""Everything the step-through view does, as plain Python a test can call without a browser.

The widget only forwards a person's clicks here and shows `view()`.
"""

from __future__ import annotations

from ..core import IllegalAction, Match, load_match
from ..core.bots import make_bot

BOT_CHOICES = ("random", "heuristic", "mcts")
MCTS_BUDGET = 200  # playouts per decision: about a fifth of a second in the co-op game


class Stepper:
    """Drives one Match for a person: steps, undo/redo, timeline, bots, seed, save/load."""

    def __init__(self, match: Match, seat_view: int | None = None):
        self.match = match
        self.bot_names: dict[int, str] = match.bot_names()
        # None follows the seat to move (hot seat); a number fixes the seat whose view is shown.
        self.seat_view = seat_view
        self.message = match.notice or ""
        self.error = ""

    # -- actions ------------------------------------------------------------------------
    def step(self, label: str) -> None:
        """Play an action by its label; an illegal one leaves the game as it was."""
        self.error = ""
        try:
            action = self.match.step(label)
        except IllegalAction as exc:
            self.error = f"Not allowed: {exc}"
            raise
        self.message = f"Played: {action.label}"

    def try_label(self, text: str) -> str | None:
        """Why a typed label cannot be played (None if it can), without playing it."""
        return self.match.why_illegal(text)

    def undo(self) -> bool:
        done = self.match.undo()
        self.message = "Undid the last decision." if done else "Nothing to undo."
        return done

    def redo(self) -> bool:
        done = self.match.redo()
        self.message = "Redid a decision." if done else "Nothing to redo."
        return done

    def goto(self, position: int) -> None:
        self.match.goto(position)
        self.message = f"At decision {position} of {self.match.timeline_length}."

    def restart(self, seed: int | None = None) -> None:
        self.match.restart(seed)
        self.message = f"Restarted with seed {self.match.seed}."

    def rebind(self, cards) -> None:
        self.match.rebind(cards)
        self.message = self.match.notice

    # -- bots ---------------------------------------------------------------------------
    def set_bot(self, seat: int, name: str | None) -> None:
        if not 0 <= seat < self.match.seats:
            raise ValueError(f"there is no seat {seat + 1}")
        if not name:
            self.match.bots.pop(seat, None)
            self.bot_names.pop(seat, None)
            return
        spec = f"mcts:{MCTS_BUDGET}" if name == "mcts" else name
        self.match.bots[seat] = make_bot(spec, self.match.game)
        self.bot_names[seat] = name

    def _stand_in(self, seat: int):
        """The bot that moves for a seat without one when a person asks bots to play on."""
        if seat in self.match.bots:
            return self.match.bots[seat]
        try:
            return make_bot("heuristic", self.match.game)
        except ValueError:
            return make_bot("random", self.match.game)

    def bot_step(self) -> bool:
        """One decision by the seat to move, made by its bot (or a stand-in)."""
        mover = self.match.to_move
        if mover is None:
            self.message = "The game is over."
            return False
        had = mover in self.match.bots
        self.match.bots[mover] = self._stand_in(mover)
        try:
            self.match.bot_step()
        finally:
            if not had:
                del self.match.bots[mover]
        self.message = f"Bot played: {self.match.log[self._last_action()]['label']}"
        return True

    def _last_action(self) -> int:
        return max(i for i, e in enumerate(self.match.log) if e["kind"] == "action")

    def play_to_my_turn(self, seat: int | None = None, limit: int = 5000) -> int:
        """Bots play until `seat` (default: the seat being viewed) must decide, or the end."""
        me = self.seat_view if seat is None else seat
        made = 0
        while made < limit and self.match.to_move is not None:
            if made > 0 and self.match.to_move == me:
                break
            if made == 0 and self.match.to_move == me and me is not None:
                break
            self.bot_step()
            made += 1
        self.message = f"Bots made {made} decisions."
        return made

    def play_to_end(self, limit: int | None = None) -> int:
        limit = self.match.game.max_decisions if limit is None else limit
        made = 0
        while made < limit and self.match.to_move is not None:
            self.bot_step()
            made += 1
        self.message = (f"Bots made {made} decisions; the game is over."
                        if self.match.over else f"Stopped after {made} decisions.")
        return made

    # -- saving -------------------------------------------------------------------------
    def save(self) -> str:
        return self.match.to_json()

    def load(self, text: str) -> None:
        """Replace the match with a saved one; a bad file leaves the current match as it was."""
        self.match = load_match(text)
        self.message = f"Loaded a saved match at decision {self.match.decisions}."

    # -- what the view shows ---------------------------------------------------------------
    def viewing(self) -> int | None:
        return self.match.to_move if self.seat_view is None else self.seat_view

    def view(self) -> dict:
        m = self.match
        seat = self.viewing()
        board = m.state.view(seat).to_json()
        legal = m.legal_actions()
        legal_set = set(legal)
        actions = []
        for a in m.candidates():
            ok = a in legal_set
            actions.append({"label": a.label, "kind": a.kind, "legal": ok,
                            "reason": None if ok else m.why_illegal(a)})
        log = []
        entries = m.log
        # Only the latest secret choice of each seat still waiting to be revealed is hidden.
        hidden = set()
        waiting = set(m.state.hidden_choices())
        for e in reversed(entries):
            if e.get("secret") and e["seat"] in waiting:
                hidden.add(e["i"])
                waiting.discard(e["seat"])
        for e in entries:
            text = e["text"]
            if e["i"] in hidden and e["seat"] != seat:
                text = f"{m.seat_names[e['seat']]} made a secret choice"
            log.append({"i": e["i"], "kind": e["kind"], "seat": e["seat"], "text": text,
                        "p": e.get("p_float"), "bot": bool(e.get("bot"))})
        # The chance results since the last decision: what the dice just did.
        recent = []
        for e in reversed(m.log):
            if e["kind"] != "chance":
                break
            recent.append({"label": e["label"], "result": e["result"], "p": e["p"],
                           "p_float": e["p_float"], "odds": e["odds"]})
        recent.reverse()
        rules = [{"key": v.key, "value": m.rules[v.key], "default": v.default,
                  "changed": m.rules[v.key] != v.default} for v in m.game.variants]
        return {
            "game": m.game.name,
            "title": m.game.title,
            "seed": m.seed,
            "seats": m.seat_names,
            "viewing": seat,
            "follow": self.seat_view is None,
            "to_move": m.to_move,
            "over": m.over,
            "result": None if m.result is None else m.result.to_json(),
            "board": board,
            "actions": actions,
            "log": log,
            "recent_chance": recent,
            "decisions": m.decisions,
            "timeline": m.timeline_length,
            "bots": {str(s): n for s, n in self.bot_names.items()},
            "bot_choices": list(BOT_CHOICES) + list(m.game.named_bots()),
            "rules": rules,
            "cards_version": getattr(m.cards, "version", 0),
            "message": self.message,
            "error": self.error,
        }
