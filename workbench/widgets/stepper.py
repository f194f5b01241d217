"""Everything the step-through view does, as plain Python a test can call without a browser.

The widget only forwards a person's clicks here and shows `view()`.

Seats with a bot play by themselves: whenever such a seat is to move (a turn, a reaction in
another seat's move, a secret pick) its bot decides, until a seat played by a person is to
move or the game ends. A person is never asked to decide for a bot seat. `Stop` pauses the
bots (they wait until `resume`); undo takes back the person's last decision together with the
bot decisions that followed it.

By default the bots move at once, inside the call that gave them the move. A view that must
stay responsive while slow bots think makes the Stepper with `autoplay=False` and calls
`run()` itself, in a worker (see StepThrough): `bots_due()` says whether there is work.
"""

from __future__ import annotations

import json
from fractions import Fraction

from ..core import IllegalAction, Match, load_match
from ..core.bots import bot_choices, make_bot
from ..core.odds import OddsLine, action_odds, odds_at
from ..core.rulesdoc import rule_ids, rules_document
from .action_rows import rows

MCTS_BUDGET = 200  # playouts per decision: about a fifth of a second in the co-op game
RECENT_ROLLS = 3  # the chance results shown under the table; the log has them all

# Who plays until when (see Stepper._next_bot): bot seats only; stand-in bots for the other
# seats until one of `targets` is to move; stand-ins for every seat to the end.
BOTS, TO_SEATS, TO_END = "bots", "to seats", "to end"


class Stepper:
    """Drives one Match for a person: steps, undo/redo, timeline, bots, seed, save/load."""

    def __init__(self, match: Match, seat_view: int | None = None, *, autoplay: bool = True):
        self.match = match
        self.bot_names: dict[int, str] = match.bot_names()
        # None follows the seat to move (hot seat); a number fixes the seat whose view is shown.
        self.seat_view = seat_view
        self.autoplay = autoplay
        self.message = match.notice or ""
        self.error = ""
        self._bot_made = 0  # bot decisions since the message was last set
        self._stalled = False  # the bots stopped because the game can no longer end
        self.paused = False  # a person stopped the bots; they wait for resume()
        self._plan: tuple[str, frozenset] = (BOTS, frozenset())
        self._person_seat: int | None = None  # the person's seat last shown
        self._settle()  # a match whose first seats are bots' opens on a person's seat

    # -- who plays ------------------------------------------------------------------------
    def person_seats(self) -> list[int]:
        return [s for s in range(self.match.seats) if s not in self.match.bots]

    def bot_label(self, seat: int) -> str:
        """ "the heuristic bot for Seat 2 (Ranged)" ("the bot for ..." if given as a function)."""
        name = self.bot_names.get(seat)
        return f"the {name + ' ' if name else ''}bot for {self.match.seat_names[seat]}"

    def _stand_in(self, seat: int):
        """The bot that moves for a seat without one when a person asks bots to play on."""
        if seat in self.match.bots:
            return self.match.bots[seat]
        try:
            return make_bot("heuristic", self.match.game)
        except ValueError:
            return make_bot("random", self.match.game)

    def _next_bot(self) -> int | None:
        """The seat whose bot (or stand-in) decides next, or None when a person decides, the
        bots are stopped, or the game is over."""
        mover = self.match.to_move
        if mover is None:
            return None
        plan, targets = self._plan
        if plan == TO_SEATS and mover in targets:
            return None
        if plan in (TO_SEATS, TO_END):
            return mover
        if mover in self.match.bots and not self.paused:
            return mover
        return None

    def bots_due(self) -> bool:
        """Whether bots have decisions to make now (run() makes them)."""
        return self._next_bot() is not None

    def _decide(self, seat: int) -> None:
        """One decision by `seat`'s bot, or by a stand-in for a person's seat."""
        m = self.match
        had = seat in m.bots
        m.bots[seat] = self._stand_in(seat)
        try:
            m.bot_step()
        finally:
            if not had:
                del m.bots[seat]

    def run(self, stop=None, after_each=None) -> int:
        """Let bots make every decision due (see `_next_bot`); `stop` (a threading.Event) is
        checked between decisions, and `after_each()` is called after each. Returns how many
        were made."""
        made = 0
        limit = self.match.game.max_decisions
        while made < limit and not (stop is not None and stop.is_set()):
            seat = self._next_bot()
            if seat is None:
                break
            if self._plays_on_alone() and self._has_stalled():
                # Playing on would never end: stop, and say so (a person's move may still).
                self._stalled = True
                self._plan = (BOTS, frozenset())
                self.paused = self.paused or not self.person_seats()
                break
            self._decide(seat)
            made += 1
            if after_each is not None:
                after_each()
        if self._next_bot() is None:
            self._plan = (BOTS, frozenset())
        self._bot_made += made
        return made

    def _plays_on_alone(self) -> bool:
        """Whether bots would go on with no person deciding in between."""
        return self._plan[0] != BOTS or not self.person_seats()

    def _has_stalled(self) -> bool:
        m = self.match
        return m.game.traits.can_stall and not m.over and m.state.stalled()

    def _say(self, text: str) -> None:
        """A new message replaces the last one (and its count of bot decisions)."""
        self.message = text
        self._bot_made = 0
        self._stalled = False

    def status(self) -> str:
        """The message line: what the person did, then what the bots did since."""
        made = self._bot_made
        bits = []
        if made:
            bits.append(f"bots made {made} decision{'s' * (made != 1)}")
            if self.match.over:
                bits.append("the game is over")
        if self._stalled:
            bits.append("the game has stalled (it can no longer end), so the bots stopped")
        if not bits:
            return self.message
        tail = "; ".join(bits)
        if not self.message:
            return _sentence(tail) + "."
        return f"{self.message} · {tail}."

    def _settle(self) -> None:
        if self.autoplay:
            self.run()

    def stop(self) -> None:
        """Pause the bots after the decision they are making; they wait for resume()."""
        self.paused = True
        self._plan = (BOTS, frozenset())
        self._say("Bots stopped.")

    def resume(self) -> None:
        self.paused = False
        self._say("")
        self._settle()

    # -- actions ------------------------------------------------------------------------
    def step(self, label: str) -> None:
        """Play an action by its label for a person's seat; an illegal one leaves the game
        as it was."""
        self._say("")
        self.error = ""
        mover = self.match.to_move
        if mover is not None and mover in self.match.bots:
            self.error = (
                f"Not allowed: {self.bot_label(mover)} decides there; resume the "
                "bots, or make the seat a person's to decide for it"
            )
            raise ValueError(self.error)
        try:
            action = self.match.step(label)
        except IllegalAction as exc:
            self.error = f"Not allowed: {exc}"
            raise
        self._say(f"Played: {action.label}")
        self._settle()

    def try_label(self, text: str) -> str | None:
        """Why a typed label cannot be played (None if it can), without playing it."""
        return self.match.why_illegal(text)

    def _told(self, entry: dict, seat: int | None) -> str:
        """An action's label as `seat` may read it: another seat's secret choice still to be
        revealed, or a card it may never see, is not named."""
        if entry["seat"] == seat:
            return entry["label"]
        if entry.get("secret") and entry["seat"] in self.match.state.hidden_choices():
            return "a secret choice"
        return entry.get("public") or entry["label"]

    def _last_decision(self) -> dict | None:
        return next((e for e in reversed(self.match.log) if e["kind"] == "action"), None)

    def undo(self) -> bool:
        """Take back the last decision; while bots play, the person's last decision and
        every bot decision after it (otherwise the bots would make them again)."""
        m = self.match
        stepwise = self.paused or not m.bots
        if not stepwise and not any(e["kind"] == "action" and not e.get("bot") for e in m.log):
            self._say("Nothing to undo: the bots made every decision so far.")
            return False
        done = 0
        while True:
            last = self._last_decision()
            if last is None or not m.undo():
                break
            done += 1
            if stepwise or not last.get("bot"):
                break
        self._say(f"Undid {done} decision{'s' * (done != 1)}." if done else "Nothing to undo.")
        self._settle()  # only if the seat is a bot's now that was a person's then
        return bool(done)

    def _replay_bots(self) -> None:
        """Redo the bots' recorded decisions up to a person's, rather than have them decide
        again (which would cut off the rest of the timeline)."""
        m = self.match
        while not self.paused and m.to_move in m.bots and m.timeline_length > m.decisions:
            m.redo()

    def redo(self) -> bool:
        done = self.match.redo()
        if done:
            self._replay_bots()
        self._say("Redid a decision." if done else "Nothing to redo.")
        self._settle()
        return done

    def goto(self, position: int) -> None:
        self.match.goto(position)
        self._replay_bots()
        self._say(f"At decision {self.match.decisions} of {self.match.timeline_length}.")
        self._settle()

    def restart(self, seed: int | None = None) -> None:
        self.match.restart(seed)
        self._say(f"Restarted with seed {self.match.seed}.")
        self._settle()

    def rebind(self, cards) -> None:
        self.match.rebind(cards)
        self._say(self.match.notice)
        self._settle()

    # -- bots ---------------------------------------------------------------------------
    def set_bot(self, seat: int, name: str | None) -> None:
        if not 0 <= seat < self.match.seats:
            raise ValueError(f"there is no seat {seat + 1}")
        if not name:
            self.match.bots.pop(seat, None)
            self.bot_names.pop(seat, None)
            self._say(f"{self.match.seat_names[seat]} is played by a person.")
            return
        spec = f"{name}:{MCTS_BUDGET}" if name in ("mcts", "mcts-omniscient") else name
        self.match.bots[seat] = make_bot(spec, self.match.game)
        self.bot_names[seat] = name
        self._say(f"The {name} bot plays {self.match.seat_names[seat]}.")
        self._settle()

    def bot_step(self) -> bool:
        """One decision by the seat to move, made by its bot (or a stand-in for a person's
        seat), even while the bots are stopped; then the bots play on unless stopped."""
        mover = self.match.to_move
        if mover is None:
            self._say("The game is over.")
            return False
        self._decide(mover)
        self._say(f"Bot played: {self._told(self._last_decision(), self.viewing())}")
        self._settle()
        return True

    def play_to_my_turn(self, seat: int | None = None) -> int:
        """Bots (stand-ins for other people's seats) play until `seat` must decide: by
        default the seat being viewed, or, when the view follows the play, any person's
        seat. Returns the decisions made now (0 when they are left to run())."""
        if seat is not None:
            targets = {seat}
        elif self.seat_view is not None:
            targets = {self.seat_view}
        else:
            targets = set(self.person_seats())
        mover = self.match.to_move
        if mover is not None and mover in targets:
            self._say(f"It is already {self.match.seat_names[mover]}'s decision.")
            return 0
        self.paused = False
        self._say("")
        self._plan = (TO_SEATS, frozenset(targets)) if targets else (TO_END, frozenset())
        return self.run() if self.autoplay else 0

    def play_to_end(self) -> int:
        self.paused = False
        self._say("")
        self._plan = (TO_END, frozenset())
        return self.run() if self.autoplay else 0

    # -- saving -------------------------------------------------------------------------
    def save(self) -> str:
        return self.match.to_json()

    def load(self, text: str) -> None:
        """Replace the match with a saved one; a bad file leaves the current match as it was."""
        self.match = load_match(text)
        self.bot_names = self.match.bot_names()
        self.paused = False
        self._say(f"Loaded a saved match at decision {self.match.decisions}.")
        self._settle()

    # -- what the view shows ---------------------------------------------------------------
    def viewing(self) -> int | None:
        """The seat whose view is drawn. Following the play, a bot's turn keeps a person's
        seat in view, so a bot's hidden cards never show."""
        if self.seat_view is not None:
            return self.seat_view
        mover = self.match.to_move
        persons = self.person_seats()
        if mover is None or mover not in self.match.bots or not persons:
            return mover
        return self._person_seat if self._person_seat in persons else persons[0]

    def _actions(self) -> tuple[list, list]:
        """(rows of legal actions with their odds, illegal candidates with reasons) for a
        person's decision; nothing while a bot decides."""
        m = self.match
        mover = m.to_move
        if mover is None or mover in m.bots or self.bots_due():
            return [], []
        legal = m.legal_actions()
        legal_set = set(legal)
        blocked = [
            {"label": a.label, "kind": a.kind, "reason": m.why_illegal(a)}
            for a in m.candidates()
            if a not in legal_set
        ]
        declared = m.game.spec.odds
        by_kind: dict[str, list] = {}
        for a in legal:
            odds = action_odds(m.state, a, declared, mover)
            by_kind.setdefault(a.kind, []).append(
                {"label": a.label, "kind": a.kind, "odds": None if odds is None else odds.to_json()}
            )
        out = []
        for kind, items in by_kind.items():
            for head, members in rows([i["label"] for i in items]):
                buttons = [{**items[i], "text": text} for i, text in members]
                texts = {b["odds"]["text"] if b["odds"] else None for b in buttons}
                shared = buttons[0]["odds"] if head and len(texts) == 1 else None
                if shared:
                    buttons = [{**b, "odds": None} for b in buttons]
                out.append({"kind": kind, "head": head, "odds": shared, "buttons": buttons})
        return out, blocked

    def _hidden_from(self, entry: dict, seat: int | None) -> bool:
        """A chance result only another seat sees (a card drawn into its hidden hand)."""
        seen_by = entry.get("seen_by")
        return seen_by is not None and seen_by != seat

    def _recent_chance(self, seat: int | None) -> list[dict]:
        """The chance results since the person's last decision (the bots' too), each led by
        its odds: the roll's own, then the game's declared ones (see GameSpec.odds). Long
        runs keep the first result (the person's own roll) and the latest ones. A result
        only another seat sees is shown as a draw, without the card or its probability."""
        m = self.match
        log = m.log
        actions = [e["i"] for e in log if e["kind"] == "action"]
        person = [i for i in actions if not log[i].get("bot")]
        cut = person[-1] if person else actions[-1] if actions else -1
        rolls = [e for e in log[cut + 1 :] if e["kind"] == "chance"]
        skipped = 0
        if len(rolls) > RECENT_ROLLS:
            skipped = len(rolls) - RECENT_ROLLS
            rolls = [rolls[0], *rolls[len(rolls) - RECENT_ROLLS + 1 :]]
        declared = m.game.spec.odds
        out = []
        for n, e in enumerate(rolls):
            if declared:
                actor = next((log[j]["seat"] for j in reversed(actions) if j < e["i"]), None)
                lines = odds_at(m.state_before(e["i"]), declared, actor)
            else:
                lines = [OddsLine(o["what"], Fraction(o["p"])) for o in e["odds"]]
            row = {
                "i": e["i"],
                "label": e["label"],
                "result": e["result"],
                "p": e["p"],
                "p_float": e["p_float"],
                "odds": [line.to_json() for line in lines],
                "skipped": skipped if n == 1 else 0,
            }
            if self._hidden_from(e, seat):
                row.update(result=_unseen(m.seat_names[e["seen_by"]]), p=None, p_float=None)
            out.append(row)
        return out

    def _log(self, seat: int | None) -> list[dict]:
        m = self.match
        entries = m.log
        # Only the latest secret choice of each seat still waiting to be revealed is hidden.
        hidden = set()
        waiting = set(m.state.hidden_choices())
        for e in reversed(entries):
            if e.get("secret") and e["seat"] in waiting:
                hidden.add(e["i"])
                waiting.discard(e["seat"])
        out = []
        for e in entries:
            text = e["text"]
            p = e.get("p_float")
            if e["i"] in hidden and e["seat"] != seat:
                text = f"{m.seat_names[e['seat']]} made a secret choice"
            elif e.get("public") and e["seat"] != seat:
                text = f"{m.seat_names[e['seat']]}: {e['public']}"
            elif self._hidden_from(e, seat):
                text, p = f"{e['label']}: {_unseen(m.seat_names[e['seen_by']])}", None
            out.append(
                {
                    "i": e["i"],
                    "kind": e["kind"],
                    "seat": e["seat"],
                    "text": text,
                    "p": p,
                    "bot": bool(e.get("bot")),
                }
            )
        return out

    def _rules_text(self, shown: dict) -> dict[str, str]:
        """The text of every rule id the view shows, for hover and click."""
        path = self.match.game.rules_path()
        if path is None:
            return {}
        doc = rules_document(path)
        out = {}
        for rid in rule_ids(json.dumps(shown, ensure_ascii=False)):
            try:
                out[rid] = doc.text(rid)
            except ValueError:
                pass
        return out

    def view(self) -> dict:
        m = self.match
        mover = m.to_move
        if mover is not None and mover not in m.bots:
            self._person_seat = mover
        seat = self.viewing()
        actions, blocked = self._actions()
        due = self._next_bot()
        waiting = None
        if mover is not None and mover in m.bots and self.paused:
            waiting = {"seat": mover, "text": f"Bots stopped: {self.bot_label(mover)} is to move."}
        rules = [
            {
                "key": v.key,
                "value": m.rules[v.key],
                "default": v.default,
                "changed": m.rules[v.key] != v.default,
            }
            for v in m.game.variants
        ]
        out = {
            "game": m.game.name,
            "title": m.game.title,
            "seed": m.seed,
            "seats": m.seat_names,
            "persons": self.person_seats(),
            "viewing": seat,
            "follow": self.seat_view is None,
            "to_move": mover,
            "over": m.over,
            "result": None if m.result is None else m.result.to_json(),
            "board": _alike_together(m.state.view(seat).to_json()),
            "actions": actions,
            "blocked": blocked,
            "log": self._log(seat),
            "recent_chance": self._recent_chance(seat),
            "decisions": m.decisions,
            "timeline": m.timeline_length,
            "bots": {str(s): self.bot_names.get(s, "own") for s in m.bots},
            "bot_choices": bot_choices(m.game),
            "thinking": None
            if due is None
            else {
                "seat": due,
                "text": _sentence(
                    f"{self.bot_label(due)} is thinking…"
                    if due in m.bots
                    else f"a stand-in bot for {m.seat_names[due]} is thinking…"
                ),
            },
            "waiting": waiting,
            "can_play_to_my_turn": self._can_play_to_my_turn(),
            "rules": rules,
            "cards_version": getattr(m.cards, "version", 0),
            # One line: an error replaces the message, so no old message sits beside it.
            "message": "" if self.error else self.status(),
            "error": self.error,
        }
        out["rules_text"] = self._rules_text(out)
        return out

    def _can_play_to_my_turn(self) -> bool:
        mover = self.match.to_move
        if mover is None:
            return False
        if self.seat_view is not None:
            return mover != self.seat_view
        return mover not in self.person_seats()


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _alike_together(board: dict) -> dict:
    """Cards that look the same and lie side by side in a zone (a reserve of four Pawns)
    drawn once with their count."""
    zones = []
    for zone in board["zones"]:
        cards: list[dict] = []
        for c in zone["cards"]:
            if cards and {**cards[-1], "count": 1} == {**c, "count": 1}:
                cards[-1] = {**cards[-1], "count": cards[-1].get("count", 1) + 1}
            else:
                cards.append(c)
        zones.append({**zone, "cards": cards})
    return {**board, "zones": zones}


def _unseen(seat_name: str) -> str:
    return f"a card only {seat_name} sees"
