"""A Match is (game, cards, rule variants, setup, seed, decisions): everything else is replay.

Chance points are resolved by the match's own generator, one `random()` draw per chance point,
so the outcomes are a function of the seed and the decisions alone: undoing a move and making
it again gives the same dice, and a saved match replays to the identical state.

Logged play costs little more than batch play: the log's words and odds are written when the
log is read, the position is kept every SNAPSHOT_EVERY decisions (undo replays from the
nearest), and the bots' generator is not copied at each step (quick bots decide again when a
replay passes their decisions).
"""

from __future__ import annotations

import random
from time import perf_counter

from .actions import Action, action_key
from .bots import decide, make_bots
from .errors import MatchFileError, SetupError, shortened
from .game import CHANCE, TERMINAL
from .legality import _find, resolve, why_illegal
from .match_file import FORMAT, VERSION, read_saved, saved_text
from .odds import percent as _percent
from .registry import get_game
from .seeds import bot_seed, check_seed
from .view import chance_json

SNAPSHOT_EVERY = 32
# A bot decision that took longer than this many seconds keeps its generator's state in the
# log; quicker ones are made again when undo or scrubbing replays them, which costs less than
# copying the generator's state at every step (see _replay_to).
KEEP_BOT_STATE_AFTER = 0.0002

# FORMAT and VERSION name the saved form, which match_file.py writes and reads.
__all__ = ["FORMAT", "KEEP_BOT_STATE_AFTER", "SNAPSHOT_EVERY", "VERSION", "Match", "load_match"]


class Match:
    """A game being played: current state, log, undo/redo, timeline, save/load."""

    def __init__(self, game, *, seed=0, cards=None, rules=None, bots=None, setup=None):
        self.game = get_game(game)
        # None draws a fresh seed, reported as a SeedNotice and kept in `seed` and saves.
        self.seed = check_seed(seed)
        self.setup = self.game.check_setup(setup)
        self.rules = self.game.resolve_rules(rules)
        self.cards = self.game.checked_cards(cards)
        self.seats = self.game.num_seats(self.setup)
        self.seat_names = self.game.seat_names(self.setup)
        self._bot_specs = bots
        self.bots = make_bots(bots, self.game, self.seats)
        self.notice = ""
        self.halted = None  # why auto() last stopped short of the end, if it did
        self._reset()

    # -- construction and replay -----------------------------------------------------
    def _reset(self):
        self._rng = random.Random(self.seed)
        # One generator for all bot choices, as in simulate(), so a simulated game and the
        # same seed played here with the same bots are the same game. Bot entries in the log
        # keep its state so undo and redo restore it.
        self._bot_rng = random.Random(bot_seed(self.seed))
        self._state = self.game.new_state(self.cards, self.rules, self.setup)
        self._records: list[dict] = []  # log entries; actions keep their Action object
        self._redo: list[list[dict]] = []
        self._decisions = 0
        self._snapshots = {0: None}  # None: the opening, made again when needed
        self._resolve_chance()

    def _resolve_chance(self, forced: list | None = None):
        """Resolve pending chance points; `forced` supplies recorded outcomes in order."""
        state = self._state
        while state.to_move == CHANCE:
            chance = state.chance()
            u = self._rng.random()  # drawn even when forced, so the stream stays aligned
            outcome = chance.dist.pick(u)
            if forced:
                saved = _outcome(forced.pop(0))
                if saved not in chance.dist.outcomes:
                    raise MatchFileError(
                        f"step {len(self._records)}: {shortened(repr(saved))} is not a "
                        f"possible result of {chance.label}"
                    )
                if saved != outcome:
                    # The seed decides every chance result: a difference means the seed or
                    # the recorded result was changed (or the game's rules did).
                    raise MatchFileError(
                        f"step {len(self._records)}: the saved result of {chance.label} is "
                        f"{chance.describe(saved)}, but seed {self.seed} gives "
                        f"{chance.describe(outcome)} there; the seed or the recorded results "
                        "were changed, so this is not the match that was saved"
                    )
            # The result is put in words now, while the state is the one it describes (or
            # just after, by the rules' own words for it); the odds and the line of text wait
            # until someone reads the log (_written).
            result = chance.describe(outcome) if chance.said is None else None
            state.apply_chance(outcome)
            if result is None:
                result = chance.said()
            self._records.append(
                {
                    "i": len(self._records),
                    "kind": "chance",
                    "seat": None,
                    "outcome": outcome,
                    "result": result,
                    "_chance": chance,
                }
            )

    def _maybe_snapshot(self):
        """After every SNAPSHOT_EVERY-th decision, keep the position with both generators'
        states, so that undo and scrubbing replay at most that many decisions."""
        n = len(self._records)
        if self._decisions % SNAPSHOT_EVERY == 0 and n not in self._snapshots:
            self._snapshots[n] = (
                self._state.clone(),
                self._rng.getstate(),
                self._bot_rng.getstate(),
            )

    def _apply_action(self, seat: int, action: Action):
        self._state.apply(action)
        # Its JSON form and line of text are written when the log is read (_written).
        entry = {"i": len(self._records), "kind": "action", "seat": seat, "_action": action}
        self._records.append(entry)
        self._decisions += 1
        self._maybe_snapshot()

    def _replay_to(self, n: int):
        """Rebuild the state and both generators after the first n records, from the nearest
        snapshot: chance results are applied as recorded, and quick bots decide again to move
        their generator along as they did (slow ones kept its state in their entry)."""
        start = max(k for k in self._snapshots if k <= n)
        snapshot = self._snapshots[start]
        if snapshot is None:
            self._state = self.game.new_state(self.cards, self.rules, self.setup)
            self._rng = random.Random(self.seed)
            self._bot_rng = random.Random(bot_seed(self.seed))
        else:
            state, rng_state, bot_rng_state = snapshot
            self._state = state.clone()
            self._rng.setstate(rng_state)
            self._bot_rng.setstate(bot_rng_state)
        kept = self._records[:n]
        self._records = kept[:start]
        for entry in kept[start:]:
            self._redo_entry(entry)
            self._records.append(entry)
        self._decisions = sum(1 for e in kept if e["kind"] == "action")
        for k in [k for k in self._snapshots if k > n]:
            del self._snapshots[k]

    def _redo_entry(self, entry: dict):
        """Play one recorded entry again on the current state, generators included."""
        if entry["kind"] == "chance":
            self._rng.random()
            self._state.apply_chance(entry["outcome"])
            return
        if entry.get("bot"):
            after = entry.get("_bot_after")
            if after is not None:
                self._bot_rng.setstate(after)
            else:
                state = self._state
                entry["_bot"](state, entry["seat"], state.legal_actions(), self._bot_rng)
        self._state.apply(entry["_action"])

    def _written(self, entry: dict) -> dict:
        """The entry with everything the log shows. Entries are written out (a chance's odds,
        an action's JSON form, their line of text) the first time they are read, and kept so:
        playing to the end writes nothing nobody reads."""
        if "text" in entry:
            return entry
        if entry["kind"] == "action":
            action, seat = entry["_action"], entry["seat"]
            full = {
                "i": entry["i"],
                "kind": "action",
                "seat": seat,
                "label": action.label,
                "action": action.to_json(),
                "secret": action.secret,
                "text": f"{self.seat_names[seat]}: {action.label}",
            }
            if action.public:
                full["public"] = action.public
        else:
            chance = entry["_chance"]
            outcome, result = entry["outcome"], entry["result"]
            odds, p = chance.odds_list(), chance.p(outcome)
            # The log entry is a ChanceSummary in JSON form (see core.view).
            full = chance_json(chance.label, odds, result, p)
            full.update(i=entry["i"], kind="chance", seat=None, outcome=outcome)
            if chance.seen_by is not None:
                full["seen_by"] = chance.seen_by
            shown = "; ".join(f"{_percent(q)} {what}" for what, q in odds)
            full["text"] = f"{chance.label}: {result} (p {_percent(p)}" + (
                f"; {shown})" if shown else ")"
            )
        # Written into the entry itself, which the redo list may hold too; what the match
        # keeps for itself (underscored keys: the Action, the bot) stays.
        kept = {k: v for k, v in entry.items() if k.startswith("_") and k != "_chance"}
        kept.update((k, entry[k]) for k in ("bot",) if k in entry)
        entry.clear()
        entry.update(full)
        entry.update(kept)
        return entry

    # -- reading ---------------------------------------------------------------------
    @property
    def bot_specs(self):
        """The bots the match was started with, as given: None, one name for every seat, or
        {seat: name or callable}."""
        return self._bot_specs

    def bot_names(self) -> dict[int, str]:
        """{seat: name} of the seats started with a bot given by name."""
        specs = self._bot_specs
        if isinstance(specs, str):
            return {seat: specs for seat in range(self.seats)}
        if isinstance(specs, dict):
            return {seat: spec for seat, spec in specs.items() if isinstance(spec, str)}
        return {}

    @property
    def state(self):
        """The current state. Treat it as read-only: change the game through step()."""
        return self._state

    @property
    def to_move(self) -> int | None:
        mover = self._state.to_move
        return None if mover in (TERMINAL, CHANCE) else mover

    @property
    def over(self) -> bool:
        return self._state.to_move == TERMINAL

    @property
    def result(self):
        """None while the game goes on, then its Result (outcome, winners, reason, details)."""
        return self._state.result()

    @property
    def log(self) -> list[dict]:
        return [
            {k: v for k, v in self._written(e).items() if not k.startswith("_")}
            for e in self._records
        ]

    def state_before(self, i: int):
        """A copy of the state just before log entry `i` (the current state for i equal to
        the log's length), rebuilt from the nearest snapshot; the match is not changed."""
        if not isinstance(i, int) or not 0 <= i <= len(self._records):
            raise ValueError(f"the log has entries 0 to {len(self._records) - 1}, not {i}")
        if i == len(self._records):
            return self._state.clone()
        start = max(k for k in self._snapshots if k <= i)
        snapshot = self._snapshots[start]
        state = (
            self.game.new_state(self.cards, self.rules, self.setup)
            if snapshot is None
            else snapshot[0].clone()
        )
        for entry in self._records[start:i]:
            if entry["kind"] == "chance":
                state.apply_chance(entry["outcome"])
            else:
                state.apply(entry["_action"])
        return state

    def legal_actions(self) -> list[Action]:
        if self._state.to_move < 0:
            return []
        return self._state.legal_actions()

    def candidates(self) -> list[Action]:
        if self._state.to_move < 0:
            return []
        return self._state.candidates()

    def why_illegal(self, action, seat: int | None = None) -> str | None:
        """Why `action` (an Action or a label) cannot be played now, or None if it can."""
        problem = why_illegal(self._state, action, seat)
        return None if problem is None else str(problem)

    def observation(self, seat: int | None = None) -> dict:
        return self._state.observation(seat)

    @property
    def decisions(self) -> int:
        """How many decisions have been made so far (the timeline position)."""
        return self._decisions

    @property
    def timeline_length(self) -> int:
        """Decisions made plus decisions that redo would restore."""
        return self.decisions + sum(
            sum(1 for e in group if e["kind"] == "action") for group in self._redo
        )

    # -- playing ---------------------------------------------------------------------
    def step(self, action, seat: int | None = None) -> Action:
        """Play `action` (an Action or its label) for the seat to move; returns the Action."""
        chosen = resolve(self._state, action, seat)
        mover = self._state.to_move
        self._redo.clear()  # a new decision starts a new branch
        self._apply_action(mover, chosen)
        self._resolve_chance()
        return chosen

    def bot_step(self) -> Action | None:
        """Let the bot of the seat to move make one decision; None if no bot is to move."""
        mover = self.to_move
        if mover is None or mover not in self.bots:
            return None
        state = self._state
        actions = state.legal_actions()
        bot = self.bots[mover]
        n = len(self._records)
        started = perf_counter()
        try:
            chosen = decide(
                bot,
                state,
                mover,
                actions,
                self._bot_rng,
                decision=self._decisions + 1,
                seed=self.seed,
            )
        except BaseException:
            self._replay_to(n)  # the bots' generator as it was before this decision
            raise
        took = perf_counter() - started
        # `chosen` is one of the legal actions, so it is played as it is.
        self._redo.clear()  # a new decision starts a new branch
        self._apply_action(mover, chosen)
        self._mark_bot(self._records[n], bot, took)
        self._resolve_chance()
        return chosen

    def _mark_bot(self, entry: dict, bot, took: float):
        """Mark a decision as the bot's; one that took long keeps the generator's state."""
        entry["bot"] = True
        entry["_bot"] = bot
        if took > KEEP_BOT_STATE_AFTER:
            entry["_bot_after"] = self._bot_rng.getstate()

    def auto(self, max_steps: int | None = None) -> int:
        """Let bots move until a seat without a bot must decide, or the game ends.

        Returns the number of bot decisions made. A game that can no longer end (its spec
        says it can stall, and it has) or that reaches `max_steps` (default: the game's
        decision cap) stops there with `over` still False, and `halted` (also shown in
        `notice`) says why."""
        limit = self.game.max_decisions if max_steps is None else max_steps
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise SetupError(f"max_steps: give a whole number from 0, not {max_steps!r}")
        can_stall = self.game.traits.can_stall
        made = 0
        self.halted = None
        while True:
            if can_stall and not self.over and self._state.stalled():
                self.halted = (
                    f"the game has stalled after {self.decisions} decisions (it "
                    "can no longer end); the match is not over"
                )
                break
            if made >= limit:
                if not self.over and self.to_move in self.bots:
                    self.halted = (
                        f"stopped at the cap of {limit} bot decisions; the match is not over"
                    )
                break
            if self.bot_step() is None:
                break
            made += 1
        if self.halted:
            self.notice = self.halted[0].upper() + self.halted[1:] + "."
        return made

    def undo(self) -> bool:
        """Take back the last decision (and the chance results that followed it)."""
        cut = len(self._records)
        while cut > 0 and self._records[cut - 1]["kind"] == "chance":
            cut -= 1
        if cut == 0:
            return False
        cut -= 1
        self._redo.append(self._records[cut:])
        self._replay_to(cut)
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        for entry in self._redo.pop():
            self._redo_entry(entry)
            self._records.append(entry)
            if entry["kind"] == "action":
                self._decisions += 1
                self._maybe_snapshot()
        return True

    def goto(self, decisions: int) -> None:
        """Scrub the timeline to just after `decisions` decisions (undo/redo as needed)."""
        if (
            isinstance(decisions, bool)
            or not isinstance(decisions, int)
            or not 0 <= decisions <= self.timeline_length
        ):
            raise ValueError(
                f"the timeline has positions 0 to {self.timeline_length}, not {decisions}"
            )
        while self.decisions > decisions:
            self.undo()
        while self.decisions < decisions:
            self.redo()

    def restart(self, seed: int | None = None) -> None:
        if seed is not None:
            self.seed = check_seed(seed)
        self.notice = ""
        self._reset()

    def rebind(self, cards) -> None:
        """Use an edited CardSet: the match restarts from the same seed and says so."""
        if getattr(cards, "game", None) != self.game.name:
            raise SetupError(
                f"these cards belong to {getattr(cards, 'game', None)!r}, "
                f"not {self.game.name!r}; the match is unchanged"
            )
        self.cards = cards
        self._reset()
        version = getattr(cards, "version", "?")
        self.notice = f"Cards changed (version {version}): restarted from seed {self.seed}."

    # -- saving ----------------------------------------------------------------------
    def to_json(self, indent: int | None = 1) -> str:
        history = []
        for e in self._records:
            if e["kind"] == "chance":
                history.append({"chance": e["outcome"]})
            else:
                action = e["_action"]
                item = {"seat": e["seat"], "action": action.to_json(), "label": action.label}
                if e.get("bot"):
                    item["bot"] = True
                history.append(item)
        return saved_text(self, history, indent)

    @classmethod
    def from_json(cls, text: str, *, cards=None) -> Match:
        """Rebuild a match from `to_json()` text by replaying it; MatchFileError names the
        field or step that is wrong.

        A match saved on the shipped cards stores their fingerprint; if the cards now differ,
        loading says so instead of replaying against other data. `cards` gives the cards to
        replay with (they must be the ones the match was played with)."""
        game, settings, history = read_saved(text, cards)
        try:
            match = cls(game, **settings)
        except SetupError as exc:
            raise MatchFileError(f"saved match: {exc}") from None
        match._replay(history)
        return match

    def _replay(self, history: list[dict]) -> None:
        """Play a saved history from the start, checking every recorded chance result and
        decision against the rules."""
        self._rng = random.Random(self.seed)
        self._bot_rng = random.Random(bot_seed(self.seed))
        self._state = self.game.new_state(self.cards, self.rules, self.setup)
        self._records = []
        self._redo = []
        self._decisions = 0
        self._snapshots = {0: None}
        i = 0
        while i < len(history):
            item = history[i]
            if "chance" in item:
                forced = []
                while i < len(history) and "chance" in history[i]:
                    forced.append(history[i]["chance"])
                    i += 1
                if self._state.to_move != CHANCE:
                    raise MatchFileError(
                        f"step {i - len(forced)}: a chance result is "
                        "recorded, but no random event is pending there"
                    )
                self._resolve_chance(forced)
                if forced:
                    raise MatchFileError(f"step {i - len(forced)}: more chance results than events")
                continue
            try:
                kind, args = action_key(item["action"])
                Action(kind, args).__hash__()
            except (KeyError, TypeError, AttributeError):
                raise MatchFileError(
                    f"step {i}: an action needs 'action': {{'kind', 'args'}}"
                ) from None
            wanted = Action(kind, args)
            problem = why_illegal(self._state, wanted, item.get("seat"))
            if problem is not None:
                raise MatchFileError(
                    f"step {i}: {item.get('label') or wanted} cannot be replayed: {problem}"
                )
            legal = self._state.legal_actions()
            chosen = _find(legal, wanted)
            mover = self._state.to_move
            bot = self.bots.get(mover) if item.get("bot") else None
            if bot is not None:
                # Run the bot again only to move its generator along as the original game did.
                started = perf_counter()
                bot(self._state, mover, legal, self._bot_rng)
                took = perf_counter() - started
            self._apply_action(mover, chosen)
            if bot is not None:
                self._mark_bot(self._records[-1], bot, took)
            i += 1
        if self._state.to_move == CHANCE:
            self._resolve_chance()

    def widget(self, **kwargs):
        """The step-through view of this match (see workbench.widgets.StepThrough)."""
        from ..widgets import StepThrough

        return StepThrough(self, **kwargs)

    def view(self, seat: int | None = None):
        """The typed view of the current position for `seat` (None: a spectator)."""
        return self._state.view(seat)

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()

    def _repr_mimebundle_(self, **kwargs):
        # A match shown as a cell's last expression draws itself as a step-through view; one
        # view per match, so showing it twice shows the same live view. The position is
        # also saved as plain HTML, which a notebook opened without a kernel shows.
        if getattr(self, "_view", None) is None:
            self._view = self.widget()
        bundle = self._view._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self._repr_html_(), "text/plain": repr(self)}, meta

    def __repr__(self) -> str:
        status = (
            "over"
            if self.over
            else f"seat {self.to_move + 1} to move"
            if self.to_move is not None
            else ""
        )
        return f"<Match {self.game.name} seed={self.seed} decisions={self.decisions} {status}>"


def _outcome(value):
    """A chance result as JSON gives it back (lists) and as the rules made it (tuples)."""
    if isinstance(value, list):
        return tuple(_outcome(v) for v in value)
    return value


def load_match(text: str) -> Match:
    """Rebuild a match from `Match.to_json()` text by replaying it (see Match.from_json)."""
    return Match.from_json(text)
