"""The heuristic soldier: buy and heal when low, shoot what is in the way (a salvo at a Big Bad
or a strong enemy, single shots at the weak), search rooms on the way, then walk to the
nearest unexplored card or closed door and shoot it open; once the Big Bads are on the table,
go for them."""

from __future__ import annotations

from collections import deque

from . import cards52 as C


def _by_kind(actions) -> dict:
    out: dict = {}
    for a in actions:
        out.setdefault(a.kind, []).append(a)
    return out


def _step_towards(state, goals: set):
    """The first cell of a shortest path along the build path to any of `goals` (cells the
    soldier can stand on next to them count), or None."""
    start = state.soldier.pos
    blocked = {e.pos for e in state.enemies if e.alive}
    prev = {start: None}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        if p in goals and p != start:
            while prev[p] != start:
                p = prev[p]
            return p
        for q in state.links.get(p, ()):
            if q in prev:
                continue
            if q in goals:
                prev[q] = p
                queue.append(q)
                continue
            if q in blocked or not state._open(q):
                continue
            prev[q] = p
            queue.append(q)
    return None


def heuristic(state, seat, actions, rng):
    s = state.soldier
    kinds = _by_kind(actions)
    # Shop: ammunition first, then whatever is lowest.
    for want in ("Ammunition", "Medkit", "Armour"):
        for a in kinds.get("buy", ()):
            if a.args[0] == want and (want != "Armour" or s.armor < 10):
                return a
    if "rest" in kinds and s.health + s.armor <= 30:
        return kinds["rest"][0]
    if kinds.get("shoot"):
        return _fight(state, kinds)
    if "search" in kinds and s.actions >= 1:
        return kinds["search"][0]
    return _walk(state, kinds)


def _fight(state, kinds):
    """Enemies in range: salvo at the Big Bads and the strong, a single shot at the weak."""
    foes = [state.enemies[a.args[0]] for a in kinds["shoot"]]
    target = max(foes, key=lambda e: (e.big, e.health))
    salvo = [a for a in kinds.get("salvo", ()) if a.args[0] == target.id]
    if salvo and (target.health > 8 or target.big):
        return salvo[0]
    if target.big and target.health > 10:
        # A single d20 rarely kills a Big Bad and its reply hurts: step back instead.
        away = _away_from_big_bads(state, kinds)
        if away is not None:
            return away
    return next(a for a in kinds["shoot"] if a.args[0] == target.id)


def _walk(state, kinds):
    """With no one to shoot: heal, hunt the Big Bads, open doors, explore or go shopping."""
    s = state.soldier
    bigs = {e.pos for e in state.enemies if e.big and e.alive}
    healing = {q for q, c in state.b.cells.items() if c.role == C.HEALING}
    if s.health + s.armor < 25 and healing and s.pos not in healing:
        step = _step_towards(state, healing)
        if step is not None and _move(kinds, step):
            return _move(kinds, step)
    if "rest" in kinds and s.health + s.armor < 40 and bigs:
        return kinds["rest"][0]
    if bigs and s.ammo >= 3 and (s.health + s.armor >= 25 or not healing):
        goals = set()
        for b in bigs:
            goals |= state._within(b, state.rules["sac.range"]) - {b}
        step = _step_towards(state, goals)
        if step is not None:
            return _move(kinds, step) or kinds["end"][0]
    # Doors next to the soldier, if they can be paid for with some ammunition to spare.
    for a in kinds.get("door", ()):
        door = state.b.doors[state.b.cells[tuple(a.args)].door]
        if s.ammo - C.FACES[C.rank(door.card)] >= 3:
            return a
    unseen = {q for q in state.b.cells if q not in state.visited and state._open(q)}
    doors = {d.pos for d in state.b.closed_doors()} if not state.b.finished else set()
    # Stand next to a closed door: its origin cell is the goal.
    goals = unseen | {state.b.cells[d].origin for d in doors if state.b.cells[d].origin}
    goals.discard(s.pos)
    step = _step_towards(state, goals) if goals else None
    if step is not None:
        move = _move(kinds, step)
        if move is not None:
            return move
    shops = {q for q, c in state.b.cells.items() if c.role == C.SHOP}
    if s.credits >= 5 and shops and s.pos not in shops:
        step = _step_towards(state, shops)
        if step is not None and _move(kinds, step):
            return _move(kinds, step)
    return kinds["end"][0]


def _away_from_big_bads(state, kinds):
    """A move to a card no living Big Bad can reach at the end of the round (R-22)."""
    danger = set()
    for e in state.enemies:
        if e.big and e.alive:
            danger |= {e.pos, *state.links.get(e.pos, ())}
    for a in kinds.get("move", ()):
        if tuple(a.args) not in danger:
            return a
    return None


def _move(kinds, cell):
    for a in kinds.get("move", ()):
        if tuple(a.args) == cell:
            return a
    return None


def _worth_searching(state, actions) -> bool:
    """Where ammunition and health are spent: an enemy in range (shoot, salvo, or step
    away), a closed door that can be shot open, a rest. The heuristic's losses are mostly
    rounds run out with the ammunition gone, or deaths in a fight. Walking and shopping are
    left to the heuristic's paths."""
    return any(a.kind in ("shoot", "salvo", "door", "rest") for a in actions)


def search(samples: int = 4, depth: int = 400):
    """The heuristic with a look ahead: each option of a fight, a door or a rest is played on
    by the heuristic `samples` times for up to `depth` decisions, and the option that wins
    most often is chosen. The default depth plays to the end of the game (40 rounds of a few
    decisions each), so a playout is judged by its result and the spec need not be scored."""
    from ...core.lookahead import LookaheadBot
    from .game import SPEC

    return LookaheadBot(
        heuristic, traits=SPEC.traits, samples=samples, depth=depth, searched=_worth_searching
    )
