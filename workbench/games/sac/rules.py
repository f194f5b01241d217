"""The rules of one position of Soldiers! Aliens! Carnage! (rules.md).

A match starts by dealing the dungeon (every card a chance point, placed by dungeon.Builder in
game mode, R-15): the first corridor and what follows it up to the closed doors. Then the
soldier plays rounds of actions (R-16 to R-22); shooting a door open deals the cards behind
it, again one chance point each.
"""

from __future__ import annotations

import copy

from ...core import CHANCE, TERMINAL, Action, Result, State
from ...core.chance import Chance, Dist
from ...core.kit import Vitals, dice_chance, sum_of
from . import cards52 as C
from .catalog import Catalog
from .dungeon import Builder, Pile, piles_for


class Soldier(Vitals):
    __slots__ = ("pos", "ammo", "credits", "actions")

    def __init__(self, cat: Catalog, pos):
        p = cat.params
        super().__init__(p["health"], p["armor"], p["most"], p["most"])
        self.pos, self.ammo, self.credits, self.actions = pos, p["ammo"], p["credits"], 0


class Enemy:
    __slots__ = ("id", "card", "pos", "health", "most", "credits", "drops", "alive", "big", "copy")

    def __init__(self, id, card, pos, row, copy=1):
        self.id, self.card, self.pos, self.copy = id, card, pos, copy
        self.health = self.most = row["health"]
        self.credits, self.drops = row["credits"], row["drops"]
        self.alive, self.big = True, card == C.JOKER

    @property
    def name(self) -> str:
        # Labels must be unique: the two Jokers (and any card dealt twice) are numbered.
        if self.big:
            return f"Big Bad {self.copy}"
        return C.name(self.card) + (f" #{self.copy}" if self.copy > 1 else "")


class SacState(State):
    num_seats = 1

    def __init__(
        self, cat: Catalog, rules: dict, pile1: Pile | None = None, pile2: Pile | None = None
    ):
        self.cat, self.rules, self.cfg = cat, rules, cat.cfg
        if pile1 is None:
            pile1, pile2 = piles_for(cat.deck, cat.cfg)
        self.b = Builder(cat.cfg, pile1, pile2, mode="game")
        self.soldier = Soldier(cat, cat.cfg.start_cell())
        self.enemies: list[Enemy] = []
        self.links: dict = {}
        self.visited = {self.soldier.pos}
        self.searched: set = set()
        self.round = 0
        self.rolls: list[tuple] = []  # chance points waiting: ("shot", enemy, dice), ("loot",),
        #                               ("bite", enemy) - a Big Bad's attack
        self.ended = ""  # why the game ended: "won", "dead", "time"
        self.kills = self.big_kills = self.shots = self.doors_shot = 0
        self.biting = False  # the Big Bads' attacks of this round's end are rolled or done
        self.events: list[str] = []
        self.noted = 0
        self.fed = None  # the note of the last card drawn, which the log says
        self._sync()

    def clone(self) -> SacState:
        # The catalog, rules and configuration never change in play and the path graph is
        # only ever replaced, so they are shared; a generic deep copy of them made logged
        # play's snapshots slow.
        new = SacState.__new__(SacState)
        new.__dict__.update(self.__dict__)
        new.b = copy.deepcopy(self.b)
        new.soldier = copy.copy(self.soldier)
        new.enemies = [copy.copy(e) for e in self.enemies]
        new.visited, new.searched = set(self.visited), set(self.searched)
        new.rolls, new.events = list(self.rolls), list(self.events)
        return new

    # -- who moves -----------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        if self.ended:
            return TERMINAL
        if self.b.need is not None or self.rolls:
            return CHANCE
        return 0

    def _sync(self) -> None:
        """After the builder moved: new counters become enemies, the path graph is redrawn,
        and the first round starts once the opening build is done."""
        for pos, card in self.b.counters[len(self.enemies) :]:
            row = self.cat.enemies[C.rank(card)]
            copy = 1 + sum(e.card == card for e in self.enemies)
            self.enemies.append(Enemy(len(self.enemies), card, pos, row, copy))
        if len(self.links) != len(self.b.cells):  # the build path only grows with cards
            self.links = self.b.links()
        if self.b.need is None and self.round == 0:
            self._start_round()

    # -- chance ----------------------------------------------------------------------------
    def chance(self) -> Chance:
        if self.b.need is not None:
            pile = self.b.piles[self.b.need]
            label = (
                f"Pile {self.b.need} ({len(pile)} cards): the next card for the {self.b.cur.kind}"
            )
            known = pile.known()
            names, said = self._placement, self._fed_text
            if known is not None:
                return Chance(Dist._ordered((known,), (1,)), label, (), names, said=said)
            return pile.deck.draw(label, names=names, said=said)
        kind = self.rolls[0]
        if kind[0] == "shot":
            e, dice = self.enemies[kind[1]], kind[2]
            # The odds are read when someone reads them: they take the numbers of now.
            cover, hp = self._cover(e), e.health
            what = ("Salvo" if dice > 1 else "Shot") + f" at {e.name} on {self._sq(e.pos)}"
            extra = f", cover -{cover}" if cover else ""
            return dice_chance(
                sum_of(dice, 20),
                f"{what} ({dice}d20 vs health {e.health}{extra})",
                odds={"to kill": lambda s: s - cover >= hp},
            )
        if kind[0] == "loot":
            return dice_chance(
                sum_of(1, 6),
                "Loot (1d6: 1-2 health, 3-4 armour, 5-6 ammunition)",
                names=lambda s: f"{s}: {LOOT[(s - 1) // 2]}",
            )
        e, me = self.enemies[kind[1]], self.soldier
        armor, health = me.armor, me.health
        return dice_chance(
            sum_of(1, 20),
            f"{e.name} on {self._sq(e.pos)} attacks (1d20, R-22)",
            odds={"to kill the soldier": lambda s: s - armor >= health},
        )

    def _placement(self, card) -> str:
        """A card that may be drawn, in words: where the generator would put it and why
        (tried on a copy, so the state stays as it is)."""
        if card not in self.b.piles[self.b.need].cards():
            return C.name(card)
        trial = copy.deepcopy(self.b)
        return trial.feed(card).text

    def _fed_text(self) -> str:
        # The card drawn in words once it is played: the generator's own note says what the
        # trial copy would have said, without the copy (most of a logged game's time).
        return self.fed.text

    def apply_chance(self, outcome) -> None:
        if self.b.need is not None:
            self.fed = self.b.feed(outcome)
            self._sync()
            if self.b.need is None and self.round and self.soldier.actions == 0:
                self._end_round()
            return
        kind = self.rolls.pop(0)
        if kind[0] == "shot":
            self._shot(self.enemies[kind[1]], outcome)
        elif kind[0] == "loot":
            stat = ("health", "armor", "ammo")[(outcome - 1) // 2]
            gained = self._gain(stat, self.cat.params["drop_amount"])
            self._event(f"loot: +{gained} {WORDS[stat]} (R-21)")
        else:
            e = self.enemies[kind[1]]
            self._hurt(outcome, f"{e.name} hits for {outcome}", "R-22")
        if not self.rolls and not self.ended and self.soldier.actions == 0:
            self._end_round()

    # -- decisions -------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        return [a for a in self._candidates() if self._why(a) is None]

    def candidates(self) -> list[Action]:
        return self._candidates()

    def explain(self, action: Action):
        return self._why(action)

    def _candidates(self) -> list[Action]:
        s, out = self.soldier, []
        here = s.pos
        for p in sorted(self.links.get(here, ())):
            placed = self.b.cells[p]
            if placed.door >= 0 and not self.b.doors[placed.door].open:
                door = self.b.doors[placed.door]
                cost = C.FACES[C.rank(door.card)]
                out.append(
                    Action(
                        "door",
                        p,
                        f"Shoot the {C.name(door.card)} door on {self._sq(p)} open ({cost} ammo)",
                    )
                )
            else:
                out.append(Action("move", p, f"Move to {self._sq(p)} ({self._what(p)})"))
        for e in self._in_range():
            hp = f"health {e.health}"
            out.append(Action("shoot", (e.id,), f"Shoot {e.name} on {self._sq(e.pos)} ({hp})"))
            out.append(Action("salvo", (e.id,), f"Salvo at {e.name} on {self._sq(e.pos)} ({hp})"))
        room = self._room_cells(here)
        if room:
            left = sum(1 for p in room if p not in self.searched)
            out.append(
                Action(
                    "search", (), f"Search the room ({left} card{'' if left == 1 else 's'} left)"
                )
            )
        role = self.b.cells[here].role
        if role == C.HEALING:
            heal = self.cat.params["heal"]
            out.append(
                Action(
                    "rest",
                    (),
                    f"Rest a round at the healing station (+{heal} health, +{heal} armour)",
                )
            )
        if role == C.SHOP:
            for item in self.cat.shop:
                out.append(
                    Action(
                        "buy",
                        (item["item"],),
                        f"Buy {item['item']} (+"
                        f"{item['amount']} {WORDS[item['stat']]}, {item['price']} "
                        "credits)",
                    )
                )
        if self._explored():
            for p in self._travel_targets():
                out.append(
                    Action("travel", p, f"Travel to {self._sq(p)} ({self._what(p)}, a full round)")
                )
        out.append(Action("end", (), f"End round {self.round}"))
        return out

    def _why(self, a: Action):
        """(rule, reason) why `a` is not allowed now, or None."""
        s, p = self.soldier, self.cat.params
        kind = a.kind
        if kind == "end":
            return None
        if kind == "buy":
            return self._why_buy(a)
        if kind == "travel":
            if s.actions < p["actions"]:
                return "A-24", (
                    f"travelling takes a full round; {s.actions} of {p['actions']} actions are left"
                )
            return None
        if kind == "rest":
            return self._why_rest()
        if s.actions < 1:
            return "R-16", "no actions are left this round"
        if kind == "move":
            if any(e.alive and e.pos == tuple(a.args) for e in self.enemies):
                return "A-33", f"a living enemy holds {self._sq(tuple(a.args))}: shoot it first"
            return None
        if kind == "door":
            return self._why_door(a)
        if kind in ("shoot", "salvo"):
            return self._why_shot(kind)
        if kind == "search":
            if all(q in self.searched for q in self._room_cells(s.pos)):
                return "R-17", "every card of this room has been searched"
            return None
        return "legal actions", f"{a.label} is not an action of this game"

    def _why_buy(self, a: Action):
        s, p = self.soldier, self.cat.params
        item = self.cat.shop_by_item.get(a.args[0])
        if item is None or self.b.cells[s.pos].role != C.SHOP:
            return "R-21", "there is no shop on this card"
        if s.credits < item["price"]:
            return "R-21", f"{a.args[0]} costs {item['price']} credits; you have {s.credits}"
        if getattr(s, STAT[item["stat"]]) >= p["most"]:
            return "R-21", f"your {WORDS[item['stat']]} is already at {p['most']}"
        return None

    def _why_rest(self):
        s, p = self.soldier, self.cat.params
        if s.actions < p["actions"]:
            return "R-19", (
                f"resting takes a full round; {s.actions} of {p['actions']} actions are left"
            )
        if s.health >= s.max_health and s.armor >= s.max_armor:
            return "R-19", "health and armour are already full"
        return None

    def _why_door(self, a: Action):
        s = self.soldier
        door = self.b.doors[self.b.cells[tuple(a.args)].door]
        cost = C.FACES[C.rank(door.card)]
        if self.b.finished:
            return "A-37", (
                "pile 2 is empty, so the dungeon is complete: nothing lies behind this door"
            )
        if s.ammo < cost:
            return "R-17", f"the door takes {cost} ammunition to shoot open; you have {s.ammo}"
        return None

    def _why_shot(self, kind: str):
        s, p = self.soldier, self.cat.params
        if kind == "salvo":
            if s.actions < p["salvo_actions"]:
                return "R-17", (f"a salvo takes {p['salvo_actions']} actions; {s.actions} are left")
            if s.ammo < p["salvo_ammo"]:
                return "R-17", (f"a salvo takes {p['salvo_ammo']} ammunition; you have {s.ammo}")
        elif s.ammo < 1:
            return "R-17", "a shot takes 1 ammunition; you have none"
        return None

    def apply(self, a: Action) -> None:
        s, p = self.soldier, self.cat.params
        kind = a.kind
        if kind == "end":
            self._end_round()
            return
        if kind == "buy":
            item = self.cat.shop_by_item[a.args[0]]
            s.credits -= item["price"]
            self._gain(item["stat"], item["amount"])
            return
        if kind in ("travel", "rest"):
            s.actions = 0
            if kind == "travel":
                self._go(tuple(a.args))
            else:
                self._gain("health", p["heal"])
                self._gain("armor", p["heal"])
            self._end_round()
            return
        if kind == "move":
            s.actions -= 1
            self._go(tuple(a.args))
        elif kind == "door":
            where = tuple(a.args)
            door = self.b.doors[self.b.cells[where].door]
            s.actions -= 1
            s.ammo -= C.FACES[C.rank(door.card)]
            self.doors_shot += 1
            self.b.open_door(door)
            self._event(self.b.notes[-1].text)
            self._sync()
        elif kind in ("shoot", "salvo"):
            salvo = kind == "salvo"
            s.actions -= p["salvo_actions"] if salvo else 1
            s.ammo -= p["salvo_ammo"] if salvo else 1
            self.shots += 1
            self.rolls.append(("shot", a.args[0], p["salvo_dice"] if salvo else 1))
        elif kind == "search":
            s.actions -= 1
            cell = next(q for q in self._room_cells(s.pos) if q not in self.searched)
            self.searched.add(cell)
            found = p["search_credits"]
            s.credits += found
            what = f"{found} credit{'' if found == 1 else 's'}" if found else "nothing"
            self._event(
                f"searched {C.name(self.b.cells[cell].card)} on {self._sq(cell)}: "
                f"found {what} (A-36)"
            )
        if s.actions == 0 and not self.rolls and self.b.need is None and not self.ended:
            self._end_round()

    # -- the skirmish ------------------------------------------------------------------------
    def _go(self, to) -> None:
        self.soldier.pos = to
        self.visited.add(to)

    def _shot(self, e: Enemy, total: int) -> None:
        damage = max(0, total - self._cover(e))
        if damage >= e.health:
            e.health, e.alive = 0, False
            self.kills += 1
            self.big_kills += e.big
            self.soldier.credits += e.credits
            self._event(f"{e.name} is killed (+{e.credits} credits, R-21)")
            if e.drops:
                self.rolls.insert(0, ("loot",))
            if all(not x.alive for x in self.enemies if x.big) and self._bigs_placed():
                self.ended = "won"
            return
        if self.rules["sac.shot"] == "miss_on_fail":
            back = e.health
        else:
            e.health -= damage
            back = e.health
        self._hurt(back, f"{e.name} survives with {e.health} health and hits back for {back}")

    def _hurt(self, damage: int, why: str, rule: str = "R-18") -> None:
        s = self.soldier
        if s.take(damage):
            self.ended = "dead"
        self._event(f"{why}: armour {s.armor}, health {s.health} ({rule})")

    def _gain(self, stat: str, amount: int) -> int:
        s, most = self.soldier, self.cat.params["most"]
        attr = STAT[stat]
        before = getattr(s, attr)
        setattr(s, attr, min(most, before + amount))
        return getattr(s, attr) - before

    def _cover(self, e: Enemy) -> int:
        return self.cat.params["cover"] if self._cover_at(e.pos) else 0

    def _cover_at(self, p) -> bool:
        """A-18: room cards of the cover ranks give cover."""
        placed = self.b.cells.get(p)
        return (
            placed is not None and placed.role == C.ROOM and C.number(placed.card) in self.cat.cover
        )

    def _bigs_placed(self) -> bool:
        return sum(e.big for e in self.enemies) >= self.cat.jokers

    def _end_round(self) -> None:
        """R-22 then the next round: the Big Bads next to the soldier attack."""
        s = self.soldier
        s.actions = 0
        if self.ended:
            return
        if not self.rolls:
            near = {s.pos, *self.links.get(s.pos, ())}
            bites = [("bite", e.id) for e in self.enemies if e.big and e.alive and e.pos in near]
            if bites and not self.biting:
                self.biting = True
                self.rolls.extend(bites)
                return
        if self.rolls:
            return
        self.biting = False
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        if self.round > self.rules["sac.rounds"]:
            self.round -= 1
            self.ended = "time"
            return
        every = self.cat.params["respawn_every"]
        if self.round > 1 and (self.round - 1) % every == 0:
            back = [e for e in self.enemies if not e.alive]
            for e in back:
                e.alive, e.health = True, e.most
            if back:
                self._event(f"round {self.round}: {len(back)} dead enemies respawn (R-20)")
        self.soldier.actions = self.cat.params["actions"]

    # -- reading the map -------------------------------------------------------------------
    def _sq(self, p) -> str:
        return self.b.name_of(p)

    def _what(self, p) -> str:
        placed = self.b.cells[p]
        return f"{ROLE_WORDS[placed.role]} {C.name(placed.card)}"

    def _in_range(self) -> list[Enemy]:
        reach = self._within(self.soldier.pos, self.rules["sac.range"])
        return [e for e in self.enemies if e.alive and e.pos in reach]

    def _within(self, start, steps: int) -> set:
        """Cells at most `steps` moves away along the build path (closed doors stop it)."""
        seen, frontier = {start}, [start]
        for _ in range(steps):
            nxt = []
            for p in frontier:
                for q in self.links.get(p, ()):
                    if q not in seen and self._open(q):
                        seen.add(q)
                        nxt.append(q)
            frontier = nxt
        return seen

    def _open(self, p) -> bool:
        placed = self.b.cells[p]
        return placed.door < 0 or self.b.doors[placed.door].open

    def _room_cells(self, p) -> list:
        placed = self.b.cells[p]
        seg = self.b.segs[placed.seg]
        if seg.kind != "room" or placed.role == C.DOOR:
            return []
        return [q for q in seg.cells if self.b.cells[q].role in (C.ROOM, *C.ACES)]

    def _explored(self) -> bool:
        """A-24: every card visited and no door left that could open anything."""
        if not self.b.finished and self.b.closed_doors():
            return False
        return all(p in self.visited for p in self.b.cells if self._open(p))

    def _travel_targets(self) -> list:
        return [
            p
            for p, placed in sorted(self.b.cells.items())
            if p != self.soldier.pos
            and self._open(p)
            and (placed.role in (C.ROOM, *C.ACES) or placed.role == C.DOOR)
            and not any(e.alive and e.pos == p for e in self.enemies)
        ]

    def _event(self, text: str) -> None:
        self.events.append(text)
        self.noted += 1

    # -- information -----------------------------------------------------------------------
    def result(self) -> Result | None:
        if not self.ended:
            return None
        s = self.soldier
        details = {
            "rounds": self.round,
            "health": s.health,
            "armor": s.armor,
            "ammo": s.ammo,
            "credits": s.credits,
            "kills": self.kills,
            "big_bads_killed": self.big_kills,
        }
        if self.ended == "won":
            return Result("win", (0,), "every Big Bad is dead (A-34)", details)
        why = (
            "the soldier is dead (R-18)"
            if self.ended == "dead"
            else f"{self.rules['sac.rounds']} rounds are over (A-34)"
        )
        return Result("loss", (), why, details)

    def stats(self) -> dict:
        s = self.soldier
        return {
            "rounds": self.round,
            "health": s.health,
            "ammo": s.ammo,
            "credits": s.credits,
            "kills": self.kills,
            "big_bads_killed": self.big_kills,
            "doors_shot": self.doors_shot,
            "cards_placed": len(self.b.cells),
            "survived": int(self.ended != "dead"),
        }

    def observation(self, seat) -> dict:
        s = self.soldier
        return {
            "round": self.round,
            "actions": s.actions,
            "health": s.health,
            "armor": s.armor,
            "ammo": s.ammo,
            "credits": s.credits,
            "at": self._sq(s.pos),
            "map": {self._sq(p): c.card for p, c in self.b.cells.items()},
            "enemies": [
                {"at": self._sq(e.pos), "card": e.card, "health": e.health, "alive": e.alive}
                for e in self.enemies
            ],
        }

    def view(self, seat):
        from .render import view

        return view(self, seat)


STAT = {"health": "health", "armor": "armor", "ammo": "ammo"}
WORDS = {"health": "health", "armor": "armour", "ammo": "ammunition"}
LOOT = ("5 health", "5 armour", "5 ammunition")
ROLE_WORDS = {
    C.CORRIDOR: "corridor",
    C.ROOM: "room",
    C.DOOR: "open door",
    C.SHOP: "shop",
    C.HEALING: "healing station",
    C.ENEMY: "enemy",
    C.BIG_BAD: "Big Bad",
}
