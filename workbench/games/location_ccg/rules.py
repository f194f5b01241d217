"""The rules of the Location CCG (rules.md): one position, changed in place.

The game runs as a list of steps (`todo`): set-up, then per turn the phases of R-16 with a
priority window (A-5) at the start and end of each and after every numbered mission step.
A step either does its work at once or asks a seat (`ask`) or waits for a draw (`wait`);
actions answer the question and the steps go on. Rule ids in reasons are those of rules.md.
"""

from __future__ import annotations

from ...core import CHANCE, TERMINAL, Action, Chance, Dist, Result, State
from ...core.kit import Deck, PriorityWindow, Zones
from .costs import Cost, covers, payments, reduced
from .effects import EFFECTS

HQ = -1
PHASES = ("Begin", "Production", "Mission", "Deploy", "End")


class Inst:
    """A card in play: a character (at HQ or a Location), an Asset, or an attached Modifier."""

    __slots__ = ("uid", "name", "owner", "where", "damage", "wounds", "mods", "host", "temp",
                 "used", "prevent", "order")

    def __init__(self, uid, name, owner, order):
        self.uid, self.name, self.owner, self.order = uid, name, owner, order
        self.where = HQ
        self.damage = self.wounds = 0
        self.mods: dict = {}  # subtype -> modifier uid
        self.host = None  # the character a modifier is attached to
        self.temp = [0, 0, 0]  # Atk, Def, Skl until end of turn
        self.used = False  # its ability this turn
        self.prevent = False  # combat damage prevented this turn (Sanctuary)

    def copy(self) -> Inst:
        c = Inst.__new__(Inst)
        c.uid, c.name, c.owner, c.order = self.uid, self.name, self.owner, self.order
        c.where, c.damage, c.wounds = self.where, self.damage, self.wounds
        c.mods, c.host, c.temp = dict(self.mods), self.host, list(self.temp)
        c.used, c.prevent = self.used, self.prevent
        return c


class Loc:
    __slots__ = ("name", "placed_by", "won_by", "vp")

    def __init__(self, name, placed_by):
        self.name, self.placed_by, self.won_by, self.vp = name, placed_by, None, [0, 0]

    def copy(self) -> Loc:
        c = Loc(self.name, self.placed_by)
        c.won_by, c.vp = self.won_by, list(self.vp)
        return c


class Combat:
    """One mission (3.7): the parties, the pairing loop and what combat has settled."""

    __slots__ = ("loc", "attacker", "attackers", "defenders", "A", "D", "pairs", "chooser",
                 "challenger", "to_oppose", "giant_left", "gang", "split", "step")

    def __init__(self, loc: int, attacker: int):
        self.loc, self.attacker = loc, attacker
        self.attackers: list = []
        self.defenders: list = []
        self.A: list = []
        self.D: list = []
        self.pairs: list = []  # (challenger uid, opposer uid)
        self.chooser = attacker  # who picks the next challenger
        self.challenger = None
        self.to_oppose = 0  # opposers still to assign to the challenger
        self.giant_left: dict = {}  # a Giant opposer -> pairings it may still take
        self.gang: dict = {}  # Gang uid -> the opposed friend it helps
        self.split: dict = {}  # Giant uid -> {opponent uid: damage}
        self.step = "R-23"

    def copy(self) -> Combat:
        c = Combat.__new__(Combat)
        for name in Combat.__slots__:
            value = getattr(self, name)
            setattr(c, name, value.copy() if isinstance(value, list | dict) else value)
        return c

    def side(self, seat: int) -> list:
        return self.attackers if seat == self.attacker else self.defenders

    def paired(self, uid) -> bool:
        return any(uid in p for p in self.pairs)

    def facing(self, uid) -> list:
        return [b if a == uid else a for a, b in self.pairs if uid in (a, b)]


class LocationState(State):
    num_seats = 2

    def __init__(self, cat, rules: dict, decks, first: int | None = None, picks=()):
        self.cat, self.rules, self.decks = cat, rules, list(decks)
        self.first = first
        self.picks = list(picks)  # Locations placed for the players (setup option)
        self.zones = Zones(2, ("hand", "bank", "discard", "void"))
        self.deck = [Deck(cat.decks[d]) for d in decks]
        self.bottom: list[list] = [[], []]  # cards put on the bottom, next drawn first
        self.brought = [list(cat.deck_locations[d]) for d in decks]
        self.locs: list[Loc] = []
        self.inplay: dict[int, Inst] = {}
        self.chars: list[list] = [[], []]
        self.assets: list[list] = [[], []]
        self.next_uid = 1
        self.active = 0
        self.turn = 0
        self.phase = "Setup"
        self.prod_left = 0
        self.combat: Combat | None = None
        self.window: PriorityWindow | None = None
        self.window_tag = ""
        self.stack: list = []  # plays waiting to resolve (loc.stack = lifo)
        self.todo: list = []
        self.ask = None  # (seat, kind, data)
        self.wait = None  # ("first",) or ("draw", seat)
        self.paying = None  # a play waiting for its payment: (seat, play, options)
        self.mulliganed = [False, False]
        self.own_turns = [0, 0]  # turns each seat has begun
        self.first_played: list[dict] = [{}, {}]  # card -> the seat's own turn it was first played
        self.used_names: list[set] = [set(), set()]  # abilities used this turn
        self.winner = None  # a seat, or -1 for a draw
        self.reason = ""
        self.events: list[str] = []
        self.counts = {"missions": [0, 0], "vp": [0, 0], "destroyed": [0, 0]}
        self.todo = [("first",)] if first is None else []
        if first is not None:
            self._set_first(first)
        self._run()

    # -- variants ---------------------------------------------------------------------------
    def rule(self, key: str):
        return self.rules[key]

    # -- cloning ----------------------------------------------------------------------------
    def clone(self) -> LocationState:
        c = LocationState.__new__(LocationState)
        c.__dict__.update(self.__dict__)
        c.decks, c.picks = list(self.decks), list(self.picks)
        c.zones = self.zones.copy()
        c.deck = [d.copy() for d in self.deck]
        c.bottom = [list(b) for b in self.bottom]
        c.brought = [list(b) for b in self.brought]
        c.locs = [loc.copy() for loc in self.locs]
        c.inplay = {k: v.copy() for k, v in self.inplay.items()}
        c.chars = [list(x) for x in self.chars]
        c.assets = [list(x) for x in self.assets]
        c.combat = None if self.combat is None else self.combat.copy()
        c.window = None if self.window is None else self.window.copy()
        c.stack = list(self.stack)
        c.todo = list(self.todo)
        c.mulliganed = list(self.mulliganed)
        c.own_turns = list(self.own_turns)
        c.first_played = [dict(x) for x in self.first_played]
        c.used_names = [set(s) for s in self.used_names]
        c.events = list(self.events)
        c.counts = {k: list(v) for k, v in self.counts.items()}
        return c

    def __deepcopy__(self, memo):
        return self.clone()

    # -- who moves --------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        if self.winner is not None:
            return TERMINAL
        if self.wait is not None:
            return CHANCE
        return self.ask[0]

    def note(self, text: str) -> None:
        self.events.append(text)

    # -- the step machine -------------------------------------------------------------------
    def _run(self) -> None:
        while self.ask is None and self.wait is None and self.winner is None:
            if not self.todo:
                self.todo.append(("turn",))
            step = self.todo.pop(0)
            getattr(self, "_do_" + step[0])(*step[1:])

    def _again(self, step: tuple, seat: int, kind: str, data=None) -> None:
        """Ask `seat` and come back to `step` after the answer (a loop of choices)."""
        self.todo.insert(0, step)
        self.ask = (seat, kind, data)

    def _set_first(self, seat: int) -> None:
        self.first = seat
        second = 1 - seat
        steps = [("pick", seat), ("pick", second), ("pick", seat)]
        steps += [("draw", s) for s in (seat, second) for _ in range(self.cat.hand_size)]
        steps += [("mulligan", seat), ("mulligan", second)]
        self.todo[0:0] = steps
        self.active = second  # the second player takes the first turn

    def _do_first(self) -> None:
        self.wait = ("first",)

    def _do_pick(self, seat: int) -> None:
        n = len(self.locs)
        if n < len(self.picks):
            self._place(seat, self.picks[n])
            return
        self.ask = (seat, "pick", None)

    def _place(self, seat: int, name: str) -> None:
        self.brought[seat].remove(name)
        self.locs.append(Loc(name, seat))
        self.note(f"Seat {seat + 1} places {name} (R-8)")

    def _do_draw(self, seat: int) -> None:
        deck = self.deck[seat]
        if deck:
            self.wait = ("draw", seat)
        elif self.bottom[seat]:
            self.zones.add(seat, "hand", self.bottom[seat].pop(0))
        elif self.zones[seat, "discard"]:
            deck.refill(self.zones[seat, "discard"])
            self.note(f"Seat {seat + 1} shuffles the discard pile into a new deck (R-4)")
            self.wait = ("draw", seat)
        elif self.rule("loc.deckout") == "lose":
            self._end(1 - seat, f"Seat {seat + 1} had to draw with no cards left (A-24)")
        else:
            self.note(f"Seat {seat + 1} has no card to draw (A-24)")

    def _do_mulligan(self, seat: int) -> None:
        if self.mulliganed[seat]:
            return
        self._again(("mulligan", seat), seat, "mulligan")

    def _do_turn(self) -> None:
        limit = self.rule("loc.turn_limit")
        if self.turn and limit and self.turn >= limit:
            self._end_by_limit()
            return
        if self.turn:
            self.active = 1 - self.active
        self.turn += 1
        self.own_turns[self.active] += 1
        self.prod_left = 0
        steps = []
        for phase in PHASES:
            steps += [("phase", phase), ("window", f"start of {phase}")]
            steps += {"Begin": [("upkeep",), ("home",)],
                      "Production": [("production",)],
                      "Mission": [("mission",)],
                      "Deploy": [("deploy",)],
                      "End": [("cleanup",)]}[phase]
            if phase != "End":  # the End phase's cleanup is the last thing of a turn
                steps.append(("window", f"end of {phase}"))
        self.todo[0:0] = steps

    def _do_phase(self, name: str) -> None:
        self.phase = name

    # -- priority windows (R-30, A-5) -------------------------------------------------------
    def _do_window(self, tag: str) -> None:
        if self.window is None:
            self.window = PriorityWindow((self.active, 1 - self.active))
            self.window_tag = tag
        seat = self.window.next_seat(lambda s: bool(self.window_plays(s)))
        if seat is None:
            self.window = None
            self.window_tag = ""
            if self.stack:
                self._resolve_stack()
            return
        self._again(("window", tag), seat, "window")

    def _resolve_stack(self) -> None:
        steps = []
        while self.stack:
            seat, play = self.stack.pop()
            steps += self._resolve_effects(seat, play) or []
        self.todo[0:0] = steps

    # -- Begin phase (R-17) -----------------------------------------------------------------
    def _do_upkeep(self) -> None:
        seat = self.active
        steps = [("upkeep_one", uid) for uid in self.chars[seat] + self.assets[seat]
                 if self.card(uid).has("Upkeep")]
        self.todo[0:0] = steps

    def _do_upkeep_one(self, uid) -> None:
        if uid not in self.inplay:
            return
        seat = self.inplay[uid].owner
        cost = Cost(self.card(uid).amount("Upkeep"))
        if not self.payment_options(seat, [cost]):
            self.note(f"{self.label(uid)} cannot be kept: its upkeep cannot be paid (R-36)")
            self.destroy(uid)
            return
        self.ask = (seat, "upkeep", uid)

    def _do_home(self) -> None:
        for uid in self.chars[self.active]:
            self.inplay[uid].where = HQ

    # -- Production (R-18) ------------------------------------------------------------------
    def _do_production(self) -> None:
        if self.turn == 1 and self.rule("loc.first_turn") == "no_production":
            self.note("The first turn skips Production (A-6)")
            return
        self.prod_left += self.cat.production
        self.todo.insert(0, ("produce",))

    def _do_produce(self) -> None:
        if self.prod_left <= 0:
            self.prod_left = 0
            return
        self._again(("produce",), self.active, "produce")

    # -- Mission (3.7) ----------------------------------------------------------------------
    def mission_targets(self) -> list[int]:
        return [i for i, loc in enumerate(self.locs) if loc.won_by is None]

    def _do_mission(self) -> None:
        at_hq = [u for u in self.chars[self.active] if self.inplay[u].where == HQ]
        if not self.mission_targets() or (not at_hq and self.rule("loc.min_attackers")):
            return
        self.ask = (self.active, "mission", None)

    def _do_attackers(self) -> None:
        self._again(("attackers",), self.active, "attackers")

    def _do_defenders(self) -> None:
        seat = 1 - self.active
        if not self.defender_pool():
            return
        self._again(("defenders",), seat, "defenders")

    def _do_def_done(self) -> None:
        c = self.combat
        c.D = list(c.defenders)
        c.step = "R-24"
        if c.defenders:
            self.note(f"Seat {2 - c.attacker} defends with "
                      + ", ".join(self.label(u) for u in c.defenders) + " (R-24)")

    def defender_pool(self) -> list:
        c = self.combat
        return [u for u in self.chars[1 - c.attacker]
                if self.inplay[u].where == HQ and u not in c.defenders]

    def _do_pairing(self) -> None:
        c = self.combat
        c.step = "R-25"
        if c.challenger is not None and c.challenger not in self.inplay:
            c.to_oppose = 0  # a Long Range opposer destroyed it before its last opposer
        if c.challenger is not None and c.to_oppose > 0:
            pool = self._opposer_pool()
            if pool:
                self._again(("pairing",), 1 - self._side_of(c.challenger), "opposer")
                return
            c.to_oppose = 0
        c.challenger = None
        if not c.A or not c.D:
            return
        self._again(("pairing",), c.chooser, "challenger")

    def _side_of(self, uid) -> int:
        return self.inplay[uid].owner

    def _opposer_pool(self) -> list:
        c = self.combat
        side = 1 - self._side_of(c.challenger)
        pool = c.A if side == c.attacker else c.D
        return [u for u in pool if (c.challenger, u) not in c.pairs and (u, c.challenger)
                not in c.pairs]

    def giant(self, uid) -> int:
        if self.rule("loc.giant") == "ignore":
            return 1
        return max(1, self.card(uid).amount("Giant"))

    def choose_challenger(self, uid) -> None:
        c = self.combat
        pool = c.A if c.chooser == c.attacker else c.D
        self._leave_pool(uid, pool)
        c.challenger = uid
        other = c.D if c.chooser == c.attacker else c.A
        c.to_oppose = min(self.giant(uid), len(other))
        c.chooser = 1 - c.chooser

    def _leave_pool(self, uid, pool: list) -> None:
        if uid in pool:
            pool.remove(uid)

    def choose_opposer(self, uid) -> None:
        c = self.combat
        ch = c.challenger
        pool = c.A if self._side_of(uid) == c.attacker else c.D
        c.pairs.append((ch, uid))
        # A Giant opposer stays available until it has been paired X times.
        left = c.giant_left.get(uid, self.giant(uid)) - 1
        c.giant_left[uid] = left
        if left <= 0 and uid in pool:
            pool.remove(uid)
        c.to_oppose -= 1
        self.note(f"{self.label(uid)} opposes {self.label(ch)} (R-25)")
        if self.rule("loc.long_range") == "on_pairing":
            self._long_range([(ch, uid)])

    def _long_range(self, pairs) -> None:
        """R-34: Long Range characters deal their Atk as soon as they are paired; both of a
        pair at the same moment."""
        hits = []
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                if x in self.inplay and y in self.inplay and self.card(x).has("Long Range"):
                    hits.append((y, self.atk(x), x))
        for target, amount, source in hits:
            self._damage(target, amount)
            self.note(f"{self.label(source)} deals {amount} at range to {self.label(target)} "
                      "(R-34)")
        self._lethal([t for t, _, _ in hits])

    def _do_resolve(self) -> None:
        c = self.combat
        c.step = "R-26"
        if self.rule("loc.long_range") == "combat_start":
            self._long_range(list(c.pairs))
        steps = []
        for uid in c.attackers + c.defenders:
            if (uid in self.inplay and not c.paired(uid) and self.card(uid).has("Gang")
                    and self.gang_targets(uid)):
                steps.append(("gang", uid))
        for uid in c.attackers + c.defenders:
            if uid in self.inplay and self.giant(uid) > 1 and len(self.alive_facing(uid)) > 1 \
                    and self.rule("loc.giant") == "split":
                steps.append(("split", uid))
        steps.append(("damage",))
        self.todo[0:0] = steps

    def alive_facing(self, uid) -> list:
        return [u for u in self.combat.facing(uid) if u in self.inplay]

    def gang_targets(self, uid) -> list:
        c = self.combat
        seat = self._side_of(uid)
        return [u for u in c.side(seat) if u in self.inplay and c.paired(u)
                and self.alive_facing(u)]

    def _do_gang(self, uid) -> None:
        if uid in self.inplay and self.gang_targets(uid):
            self.ask = (self._side_of(uid), "gang", uid)

    def _do_split(self, uid) -> None:
        if uid in self.inplay and len(self.alive_facing(uid)) > 1:
            self.ask = (self._side_of(uid), "split", uid)

    def _do_damage(self) -> None:
        """R-26.3-4: every character in combat deals its Atk to what it faces, all at once."""
        c = self.combat
        hits: dict = {}
        # In the order the pairs name them, not a set's: destruction follows this order, and
        # with it which card goes to the discard pile first.
        for uid in dict.fromkeys(u for p in c.pairs for u in p):
            if uid not in self.inplay or not self.alive_facing(uid):
                continue
            if self.card(uid).has("Long Range"):
                continue  # its damage was dealt when it was paired
            atk = self.atk(uid) + sum(self.atk(g) for g, t in c.gang.items()
                                      if t == uid and g in self.inplay)
            facing = self.alive_facing(uid)
            if len(facing) == 1:
                shares = {facing[0]: atk}
            elif self.rule("loc.giant") == "full_each":
                shares = {f: atk for f in facing}
            else:
                shares = c.split.get(uid) or {facing[0]: atk}
            for target, amount in shares.items():
                if target in self.inplay:
                    hits[target] = hits.get(target, 0) + amount
        for target, amount in hits.items():
            self._damage(target, amount)
        if hits:
            self.note("Combat damage: " + ", ".join(
                f"{self.label(t)} takes {n}" for t, n in hits.items()) + " (R-26)")
        self._lethal(list(hits))
        c.step = "R-26 done"

    def _damage(self, uid, amount: int) -> None:
        inst = self.inplay[uid]
        if inst.prevent or amount <= 0:
            return
        inst.damage += amount

    def _lethal(self, uids, rule: str = "R-26") -> None:
        """R-26.4 with Toughness (R-35): lethal damage destroys, unless a wound is left. Also
        checked when a character's Def falls (1.1, A-E10): damage >= Def destroys at any time."""
        for uid in dict.fromkeys(uids):
            inst = self.inplay.get(uid)
            if inst is None or inst.damage < self.def_(uid):
                continue
            if inst.wounds < self.card(uid).amount("Toughness"):
                inst.damage = 0
                inst.wounds += 1
                self.note(f"{self.label(uid)} survives with a wound counter (R-35)")
                continue
            self.note(f"{self.label(uid)} is destroyed ({rule})")
            self.destroy(uid)

    def _do_victory(self) -> None:
        """R-27 .. R-29."""
        c = self.combat
        c.step = "R-27"
        loc = self.locs[c.loc]
        if loc.won_by is not None:
            return
        att, dfn = c.attacker, 1 - c.attacker
        net = self.skill_at(att) - self.skill_at(dfn)
        need = self.cat.locations[loc.name].skill
        if net < need:
            self.note(f"Net Skl {net} against {loc.name}'s Skill {need}: no VP (R-27)")
            return
        loc.vp[att] += 1
        self.counts["vp"][att] += 1
        self.note(f"Net Skl {net} against {loc.name}'s Skill {need}: Seat {att + 1} puts a VP "
                  f"token on it ({loc.vp[att]}/{self.cat.locations[loc.name].vp}) (R-27)")
        if loc.vp[att] >= self.cat.locations[loc.name].vp:
            loc.won_by = att
            loc.vp = [0, 0]
            self.note(f"Seat {att + 1} wins {loc.name} (R-28)")
            won = sum(1 for x in self.locs if x.won_by == att)
            if 2 * won > len(self.locs):
                self._end(att, f"Seat {att + 1} won {won} of {len(self.locs)} Locations (R-29)")

    def skill_at(self, seat: int) -> int:
        c = self.combat
        if self.rule("loc.skill_count") == "mission_only":
            group = [u for u in c.side(seat) if u in self.inplay]
        else:
            group = [u for u in self.chars[seat] if self.inplay[u].where == c.loc]
        return sum(self.skl(u) for u in group)

    def at_contested(self, seat: int) -> list:
        c = self.combat
        if c is None:
            return []
        return [u for u in self.chars[seat] if self.inplay[u].where == c.loc]

    def _do_mission_end(self) -> None:
        self.combat = None

    def send_home(self, uid) -> None:
        c = self.combat
        if uid not in self.inplay or c is None:
            return
        self.inplay[uid].where = HQ
        for group in (c.defenders, c.D, c.attackers, c.A):
            if uid in group:
                group.remove(uid)
        self.note(f"{self.label(uid)} goes back to HQ")

    # -- Deploy and End (R-22) -------------------------------------------------------
    def _do_deploy(self) -> None:
        self._again(("deploy",), self.active, "deploy")

    def _do_cleanup(self) -> None:
        for inst in self.inplay.values():
            inst.damage = 0
            inst.temp = [0, 0, 0]
            inst.prevent = False
            inst.used = False
        self.used_names = [set(), set()]
        self.todo.insert(0, ("discard_down", self.active))

    def _do_discard_down(self, seat: int) -> None:
        if len(self.zones[seat, "hand"]) > self.cat.hand_size:
            self._again(("discard_down", seat), seat, "discard")

    def _do_bottom(self, seat: int) -> None:
        if self.zones[seat, "hand"]:
            self.ask = (seat, "bottom", None)

    def _do_shrine(self, seat: int, name: str, cost: Cost) -> None:
        if name in self.zones[seat, "void"] and self.payment_options(seat, [cost]):
            self.ask = (seat, "shrine", (name, cost))

    def _do_resolve_play(self, seat: int, play: tuple) -> None:
        self._finish_play(seat, play)

    # -- the end ----------------------------------------------------------------------------
    def _end(self, winner: int, reason: str) -> None:
        self.winner, self.reason = winner, reason
        self.ask = self.wait = None
        self.window = None
        self.note(reason)

    def _end_by_limit(self) -> None:
        won = [sum(1 for x in self.locs if x.won_by == s) for s in (0, 1)]
        tokens = [sum(x.vp[s] for x in self.locs if x.won_by is None) for s in (0, 1)]
        limit = self.rule("loc.turn_limit")
        if self.rule("loc.limit_leader") == "tokens":
            lead = (tokens[0],), (tokens[1],)
            what, tied = "VP tokens on Locations nobody has won", "VP tokens tied"
        else:
            lead = (won[0], tokens[0]), (won[1], tokens[1])
            what, tied = "Locations won, then VP tokens", "Locations and VP tokens tied"
        if lead[0] == lead[1]:
            self._end(-1, f"Turn limit {limit}: {tied}, a draw (A-25)")
        else:
            s = 0 if lead[0] > lead[1] else 1
            self._end(s, f"Turn limit {limit}: Seat {s + 1} leads on {what} (A-25)")

    # -- chance -----------------------------------------------------------------------------
    def chance(self) -> Chance:
        if self.wait[0] == "first":
            return Chance(Dist((0, 1), (1, 1)), "First player (R-7)", (),
                          lambda s: f"Seat {s + 1} goes first")
        seat = self.wait[1]
        return self.deck[seat].draw(f"Seat {seat + 1} draws", seen_by=seat)

    def apply_chance(self, outcome) -> None:
        wait, self.wait = self.wait, None
        if wait[0] == "first":
            self._set_first(outcome)
        else:
            seat = wait[1]
            self.deck[seat].take(outcome)
            self.zones.add(seat, "hand", outcome)
        self._run()

    # -- reading cards ----------------------------------------------------------------------
    def card(self, uid):
        return self.cat.cards[self.inplay[uid].name]

    def _stat(self, uid, i: int, base: int) -> int:
        inst = self.inplay[uid]
        total = base + inst.temp[i]
        for m in inst.mods.values():
            d = self.card(m)
            total += (d.atk, d.def_, d.skl)[i]
        return total

    def atk(self, uid) -> int:
        return max(0, self._stat(uid, 0, self.card(uid).atk))

    def def_(self, uid) -> int:
        return self._stat(uid, 1, self.card(uid).def_)

    def skl(self, uid) -> int:
        return self._stat(uid, 2, self.card(uid).skl)

    def label(self, uid) -> str:
        inst = self.inplay.get(uid)
        return f"{inst.name} [{uid}]" if inst else f"card [{uid}]"

    def visible_copies(self, name: str) -> int:
        """R-37, A-19: copies in play and, by default, in discard piles (never banks)."""
        n = sum(1 for i in self.inplay.values() if i.name == name)
        if self.rule("loc.mob_counts") == "in_play_and_discard":
            n += sum(self.zones[s, "discard"].count(name) for s in (0, 1))
        return n

    def costs_of(self, name: str) -> list[Cost]:
        d = self.cat.cards[name]
        by = self.visible_copies(name) if d.has("Mob") else 0
        floor = self.rule("loc.cost_floor") == "reduced_only"
        if not by and self.rule("loc.cost_floor") == "all" and d.cost.points == 0 \
                and not d.cost.stars:
            return [Cost(1)]  # A-4 variant: even a printed 0 costs 1 point
        return reduced(d.cost, by, floor=floor or self.rule("loc.cost_floor") == "all")

    def payment_options(self, seat: int, costs: list[Cost]) -> list[tuple]:
        bank = self.zones[seat, "bank"]
        mode = self.rule("loc.payment")
        out: list[tuple] = []
        for cost in costs:
            if cost.stars and (self.phase != "Production" or seat != self.active
                               or self.prod_left < cost.stars):
                continue
            for p in payments(bank, self.row, cost, mode):
                if p not in out:
                    out.append(p)
        return out

    def row(self, name: str) -> str:
        return self.cat.cards[name].resources

    def can_afford(self, seat: int, costs: list[Cost]) -> bool:
        rows = [self.row(n) for n in self.zones[seat, "bank"]]
        mode = self.rule("loc.payment")
        for cost in costs:
            if cost.stars and (self.phase != "Production" or seat != self.active
                               or self.prod_left < cost.stars):
                continue
            if covers(rows, cost, mode):
                return True
        return False

    # -- what a seat may play ---------------------------------------------------------------
    def targets(self, seat: int, kind: str) -> list:
        """Legal targets of a Surprise, ability or modifier (R-40: Shielded characters of the
        other seat cannot be targeted)."""
        if kind == "none":
            return [None]
        if kind == "discard":
            return list(dict.fromkeys(self.zones[seat, "discard"]))
        if kind == "friendly":
            return list(self.chars[seat])
        pool = self.chars[seat] + self.chars[1 - seat]
        if kind == "defender":
            c = self.combat
            if c is None or c.step != "R-24":
                return []
            pool = [u for u in c.defenders if u in c.D and not c.paired(u)]
        elif kind == "damaged":
            pool = [u for u in pool if self.inplay[u].damage > 0]
        return [u for u in pool if self.inplay[u].owner == seat
                or not self.card(u).has("Shielded")]

    def surprise_ok(self, seat: int, name: str) -> tuple[str, str] | None:
        """Why a Surprise cannot be played now (R-19, R-30), or None."""
        d = self.cat.cards[name]
        if d.phase == "mission" and self.phase != "Mission":
            return "R-30", f"{name} names the Mission phase in its typeline"
        if (d.phase == "production" or d.cost.stars) and (self.phase != "Production"
                                                          or seat != self.active):
            return "R-19", f"{name} is played only in your own Production phase"
        if any(e.scope == "each friendly here" for e in d.effects) and self.combat is None:
            return "R-30", f"{name} needs a contested Location (a mission under way)"
        return None

    def window_plays(self, seat: int) -> list[Action]:
        out = []
        for name in dict.fromkeys(self.zones[seat, "hand"]):
            d = self.cat.cards[name]
            if d.type != "surprise" or self.surprise_ok(seat, name):
                continue
            if not self.can_afford(seat, self.costs_of(name)):
                continue
            out += self._play_actions(seat, name, d.target)
        limit = self.rule("loc.ability_limit")
        for uid in self.assets[seat]:
            d = self.card(uid)
            if d.ability_cost is None or self.inplay[uid].used:
                continue
            if limit == "per_name" and d.name in self.used_names[seat]:
                continue
            if not self.can_afford(seat, [d.ability_cost]):
                continue
            for t in self.targets(seat, d.target):
                on = "" if t is None else f" on {self.label(t)}"
                out.append(Action("use", (uid, t), f"Use {self.label(uid)}{on} "
                                                   f"(cost {d.ability_cost})"))
        return out

    def _play_actions(self, seat: int, name: str, target_kind: str) -> list[Action]:
        cost = " or ".join(str(c) for c in self.costs_of(name))
        out = []
        for t in self.targets(seat, target_kind):
            if t is None:
                on = ""
            elif target_kind == "discard":
                on = f": return {t}"
            else:
                on = f" on {self.label(t)}"
            out.append(Action("play", (name, t), f"Play {name}{on} ({cost})"))
        return out

    def deploy_plays(self, seat: int) -> list[Action]:
        out = []
        for name in dict.fromkeys(self.zones[seat, "hand"]):
            d = self.cat.cards[name]
            if d.type == "surprise" or not self.can_afford(seat, self.costs_of(name)):
                continue
            out += self._play_actions(seat, name, d.target if d.type == "modifier" else "none")
        return out

    # -- playing a card or an ability -------------------------------------------------------
    def start_play(self, seat: int, play: tuple) -> None:
        """Pay for a play (asking which cards, when there is a choice), then resolve it."""
        kind, what, target = play
        if kind == "use":
            costs = [self.card(what).ability_cost]
        else:
            costs = self.costs_of(what)
        options = self.payment_options(seat, costs)
        if len(options) == 1:
            self.pay(seat, options[0], costs)
            self._after_payment(seat, play)
        else:
            self.paying = (seat, play, costs)
            self.ask = (seat, "pay", options)

    def pay(self, seat: int, option: tuple, costs: list[Cost]) -> None:
        """R-11: the whole set is discarded; a `*` cost uses production points (R-13)."""
        for name, n in option:
            for _ in range(n):
                self.zones[seat, "bank"].remove(name)
                # Bank cards have no text: a Recur card paid from the bank stays
                # in the discard pile (A-E11).
                self.zones.add(seat, "discard", name)
        stars = min(c.stars for c in costs)
        self.prod_left -= stars

    def _after_payment(self, seat: int, play: tuple) -> None:
        kind, what, target = play
        if kind == "use":
            self.inplay[what].used = True
            self.used_names[seat].add(self.inplay[what].name)
        else:
            self.zones[seat, "hand"].remove(what)
            self.first_played[seat].setdefault(what, self.own_turns[seat])
        d = self.card(what) if kind == "use" else self.cat.cards[what]
        if kind == "play" and d.type == "surprise":
            self._to_discard(seat, what)
        self.note(f"Seat {seat + 1} plays {what if kind == 'play' else self.label(what)}"
                  + (f" on {self.label(target)}" if isinstance(target, int) else
                     f" ({target})" if target else ""))
        if kind == "play" and d.type != "surprise":
            self.todo.insert(0, ("resolve_play", seat, play))
        elif self.rule("loc.stack") == "lifo":
            self.stack.append((seat, play))
        else:
            self.todo[0:0] = self._resolve_effects(seat, play) or []

    def _resolve_effects(self, seat: int, play: tuple) -> list:
        kind, what, target = play
        d = self.card(what) if kind == "use" else self.cat.cards[what]
        if isinstance(target, int) and target not in self.inplay:
            self.note(f"{what}: its target has left play")
            return []
        steps = []
        for e in d.effects:
            handler = EFFECTS[e.keyword].handler
            if handler is not None:
                steps += handler(self, seat, e, target) or []
        return steps

    def _finish_play(self, seat: int, play: tuple) -> None:
        _, name, target = play
        d = self.cat.cards[name]
        uid = self.next_uid
        self.next_uid += 1
        inst = Inst(uid, name, seat, uid)
        self.inplay[uid] = inst
        if d.type == "character":
            self.chars[seat].append(uid)
            self._unique(uid)
        elif d.type == "asset":
            self.assets[seat].append(uid)
            self._unique(uid)
        elif d.type == "modifier":
            self._attach(uid, target)

    def _unique(self, uid) -> None:
        """R-38 / A-18: a second copy in play sends one copy to its owner's discard pile."""
        name = self.inplay[uid].name
        if not self.cat.cards[name].has("Unique"):
            return
        others = [u for u, i in self.inplay.items() if i.name == name and u != uid]
        if not others:
            return
        leaves = others[0] if self.rule("loc.unique_leaves") == "older" else uid
        self.note(f"{self.label(leaves)} leaves play: only one {name} may be in play (R-38)")
        self.leave_play(leaves, "discard")

    def mod_key(self, d) -> str:
        """The place modifier `d` takes on its character (R-31): one per subtype, or one for
        any modifier under loc.modifier_limit = one."""
        return d.subtype if self.rule("loc.modifier_limit") == "per_subtype" else "modifier"

    def _attach(self, uid, host) -> None:
        d = self.card(uid)
        h = self.inplay.get(host)
        if h is None:
            self.leave_play(uid, "discard")
            return
        self.inplay[uid].host = host
        key = self.mod_key(d)
        old = h.mods.get(key)
        if old is None:
            h.mods[key] = uid
            self._lethal([host], "A-E10")  # a modifier with a negative Def
            return
        h.mods[key + "+new"] = uid  # both attached until the controller chooses
        self.ask = (h.owner, "keep_mod", (host, key, old, uid))

    # -- leaving play -----------------------------------------------------------------------
    def _to_discard(self, seat: int, name: str) -> None:
        """R-5 discard, with Recur (R-41): a discarded Recur card goes back to the hand."""
        zone = "hand" if self.cat.cards[name].has("Recur") else "discard"
        self.zones.add(seat, zone, name)

    def leave_play(self, uid, where: str) -> None:
        """A card leaves play for the discard pile (KO) or the void pile (destroyed)."""
        inst = self.inplay.pop(uid)
        seat = inst.owner
        for m in list(inst.mods.values()):
            if m in self.inplay:
                self.leave_play(m, "discard")
        if inst.host is not None and inst.host in self.inplay:
            host = self.inplay[inst.host]
            host.mods = {k: v for k, v in host.mods.items() if v != uid}
        if uid in self.chars[seat]:
            self.chars[seat].remove(uid)
        if uid in self.assets[seat]:
            self.assets[seat].remove(uid)
        c = self.combat
        if c is not None:
            for group in (c.A, c.D):
                if uid in group:
                    group.remove(uid)
        d = self.cat.cards[inst.name]
        if where == "void":
            if d.has("Recur"):
                self.zones.add(seat, "discard", inst.name)
            else:
                self.zones.add(seat, "void", inst.name)
        else:
            self._to_discard(seat, inst.name)

    def destroy(self, uid) -> None:
        """R-5: destroyed cards go to the void pile; a Shrine may pay to keep a character
        in the discard pile instead."""
        inst = self.inplay[uid]
        seat, name = inst.owner, inst.name
        is_char = uid in self.chars[seat]
        self.leave_play(uid, "void")
        if is_char:
            self.counts["destroyed"][seat] += 1
            for a in self.assets[seat]:
                x = self.card(a).passive("Shrine Save")
                if x:
                    self.todo.insert(0, ("shrine", seat, name, Cost(x)))
                    break

    # -- decisions --------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.ask is None or self.winner is not None or self.wait is not None:
            return []
        from .moves import legal

        return legal(self)

    def apply(self, action: Action) -> None:
        from .moves import perform

        seat, kind, data = self.ask
        self.ask = None
        perform(self, seat, kind, data, action)
        self._run()

    def candidates(self) -> list[Action]:
        from .moves import candidates

        return candidates(self)

    def explain(self, action: Action) -> tuple[str, str] | None:
        from .moves import explain

        return explain(self, action)

    # -- results and information ------------------------------------------------------------
    def result(self) -> Result | None:
        if self.winner is None:
            return None
        won = [sum(1 for x in self.locs if x.won_by == s) for s in (0, 1)]
        details = {"turns": self.turn, "locations_won": won, "vp_tokens": self.counts["vp"],
                   "first": -1 if self.first is None else self.first}
        if self.winner < 0:
            return Result("draw", (), self.reason, details)
        return Result(f"Seat {self.winner + 1} wins", (self.winner,), self.reason, details)

    def score(self, seat: int) -> float:
        """Progress towards 2 Locations: each won counts a half, tokens count towards it."""
        if self.winner is not None:
            return 1.0 if self.winner == seat else 0.0
        total = 0.0
        for x in self.locs:
            if x.won_by == seat:
                total += 0.5
            elif x.won_by is None:
                total += 0.5 * x.vp[seat] / (self.cat.locations[x.name].vp + 1)
        return min(1.0, total)

    def stats(self) -> dict:
        return {"turns": self.turn, "first": -1 if self.first is None else self.first,
                "missions_0": self.counts["missions"][0], "missions_1": self.counts["missions"][1],
                "vp_0": self.counts["vp"][0], "vp_1": self.counts["vp"][1],
                "destroyed_0": self.counts["destroyed"][0],
                "destroyed_1": self.counts["destroyed"][1],
                "locations": "; ".join(x.name for x in self.locs)}

    def unseen(self, seat: int) -> list[tuple]:
        """The other player's hand, its deck and the cards it put on the bottom of it (R-5):
        banks, discards and play are public."""
        other = 1 - seat
        return [(self.deck[other], self.zones[other, "hand"], self.bottom[other])]

    def observation(self, seat: int | None = None) -> dict:
        from .render import observation

        return observation(self, seat)

    def view(self, seat: int | None):
        from .render import render

        return render(self, seat)
