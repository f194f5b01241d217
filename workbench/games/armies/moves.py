"""Chess movement as Armies changes it, and threat for playing cards (R-10, R-23, R-28,
R-29, Unseasonable Weather, Double March), read from a state's board and strategies."""

from __future__ import annotations

from ...core.kit import chess_moves
from .catalog import GRID

MOVES = chess_moves(GRID)
PROMOTIONS = ("Q", "R", "B", "N")
NO_TRAITS = frozenset()


def forward(seat: int) -> int:
    """White (seat 0) plays up the board, Black down it."""
    return 1 if seat == 0 else -1


def last_row(seat: int) -> int:
    return 7 if seat == 0 else 0


class Movement:
    """Mixed into the state: what pieces are (traits, offense, defense), where they may move
    and attack, and which squares they threaten for card play."""

    # -- strategies in play --------------------------------------------------------------
    def controls(self, seat: int, term: str) -> bool:
        """Whether `seat` has a Strategy with effect `term` in play."""
        cards = self.cat.cards
        return any(s[1] == seat and term in cards[s[0]].effects for s in self.strategies)

    def weather(self) -> bool:
        """Unseasonable Weather is in play (for either side)."""
        cards = self.cat.cards
        return any("snow" in cards[s[0]].effects for s in self.strategies)

    def snowed(self, seat: int) -> bool:
        """The opponent's Weather cuts `seat`'s threat ranges to one square."""
        return self.controls(1 - seat, "snow")

    # -- what a piece is -----------------------------------------------------------------
    def traits(self, p) -> frozenset | set:
        if p.leader is None and not p.cards and not p.granted:
            return NO_TRAITS
        cards = self.cat.cards
        out = set()
        for name in p.granted:
            out |= cards[name].traits
        if p.leader is not None:
            out |= cards[p.leader].traits
        for name, _, _ in p.cards:
            out |= cards[name].traits
        return out

    def offense(self, p) -> int:
        """2: Leader bonus, Boons, Hope tokens and bonuses until end of turn."""
        cards = self.cat.cards
        total = p.temp + p.hope
        if p.leader is not None:
            total += cards[p.leader].offense
        for name, _, _ in p.cards:
            total += cards[name].offense
        return total

    def defense(self, p) -> int:
        cards = self.cat.cards
        total = p.hope
        if p.leader is not None:
            total += cards[p.leader].defense
        for name, _, _ in p.cards:
            total += cards[name].defense
        if total > 1 and self.controls(p.owner, "bows_and_knives"):
            total = 1  # Bows and Knives caps its controller's defence
        return total

    def can_attack(self, p, traits=None) -> bool:
        """R-15, A-29: a spent Leader's army cannot attack at all; nor can an army under a
        Non-aggression Order, or one held back by Unholy Bloodthirst's major action."""
        if p.stopped or (p.leader is not None and not p.ready):
            return False
        return "cannot_attack" not in (self.traits(p) if traits is None else traits)

    # -- threat --------------------------------------------------------------------------
    def card_threats(self, p) -> list[int]:
        """R-10: the piece's own square and the squares it could capture on, whatever stands
        there; the General threatens like a queen for card play; the opponent's Weather cuts
        everything but knights to one square (A-32). Kept until the board or the strategies
        change (`changed`)."""
        hit = self._threats.get(p.id)
        if hit is not None:
            return hit
        kind = "Q" if p.kind == "K" else p.kind
        reach = 1 if kind != "N" and self.snowed(p.owner) else None
        out = [p.sq, *MOVES.threats(kind, p.sq, self.board, forward=forward(p.owner), reach=reach)]
        self._threats[p.id] = out
        return out

    def threatening(self, sq: int, seat: int, exclude: int = -1) -> int:
        """How many of `seat`'s pieces (other than `exclude`) threaten square `sq` (R-10)."""
        return sum(
            1
            for p in self.pieces
            if p.owner == seat and p.sq >= 0 and p.id != exclude and sq in self.card_threats(p)
        )

    # -- movement ------------------------------------------------------------------------
    def move_options(self, seat: int) -> list[tuple]:
        """Every move and attack `seat` could make now: ("move", piece id, to, promotion)."""
        board, pieces = self.board, self.pieces
        weather = self.weather()
        reach = 1 if weather else None
        march = self.controls(seat, "double_march")
        # Double March: the opponents of its controller can no longer take en passant.
        ep = self.live_ep() if not self.controls(1 - seat, "double_march") else None
        out = []
        for p in pieces:
            if p.owner != seat or p.sq < 0 or p.stopped:
                continue
            traits = self.traits(p)
            attacks = self.can_attack(p, traits)
            if p.kind == "P":
                double = not weather and (not p.moved or march)
                out.extend(self._pawn_moves(p, attacks, double, ep))
            elif p.kind in "NK":
                for (to,) in MOVES.rays(p.kind, p.sq):
                    occ = board[to]
                    if occ < 0 or (attacks and pieces[occ].owner != seat):
                        out.append(("move", p.id, to, ""))
                if p.kind == "K" and not p.moved and not weather:
                    out.extend(("move", p.id, to, "") for to in self._castles(p))
            else:
                out.extend(self._ray_moves(p, attacks, "stealth" in traits, reach))
        return out

    def _pawn_moves(self, p, attacks: bool, double: bool, ep) -> list[tuple]:
        board, pieces, seat = self.board, self.pieces, p.owner
        f = forward(seat)
        out = []
        for to in MOVES.pawn_pushes(p.sq, f, board, double=double):
            out.extend(_promoting(p.id, to, seat))
        if attacks:
            for to in MOVES.pawn_captures(p.sq, f):
                occ = board[to]
                if (occ >= 0 and pieces[occ].owner != seat) or (ep is not None and to == ep[0]):
                    out.extend(_promoting(p.id, to, seat))
        return out

    def _ray_moves(self, p, attacks: bool, stealth: bool, reach: int | None) -> list[tuple]:
        """Moves along lines, as far as `reach` squares (None: no limit)."""
        board, pieces = self.board, self.pieces
        out = []
        for ray in MOVES.rays(p.kind, p.sq):
            jumped = False
            for i, to in enumerate(ray):
                if reach is not None and i >= reach:
                    break
                occ = board[to]
                if occ < 0:
                    out.append(("move", p.id, to, ""))
                    continue
                # a stealth army may pass pieces, but then may not attack.
                if not jumped and attacks and pieces[occ].owner != p.owner:
                    out.append(("move", p.id, to, ""))
                if not stealth:
                    break
                jumped = True
        return out

    def live_ep(self) -> tuple[int, int, int] | None:
        """(square passed, pawn id, turn) of a double step made on the turn before, which an
        opposing pawn may take en passant (R-28)."""
        ep = self.ep
        if ep is None or ep[2] != self.turn - 1 or self.pieces[ep[1]].sq < 0:
            return None
        return ep

    def _castles(self, king) -> list[int]:
        """R-28: castling as in chess, without the conditions about check."""
        out = []
        row = king.sq // 8
        for rook_x, king_x, between in ((7, 6, (5, 6)), (0, 2, (1, 2, 3))):
            rook = self.board[row * 8 + rook_x]
            if rook < 0:
                continue
            r = self.pieces[rook]
            if r.owner != king.owner or r.kind != "R" or r.moved:
                continue
            if all(self.board[row * 8 + x] < 0 for x in between):
                out.append(row * 8 + king_x)
        return out


def _promoting(pid: int, to: int, seat: int) -> list[tuple]:
    """R-29: a pawn reaching the last row becomes a queen, rook, bishop or knight."""
    if to // 8 == last_row(seat):
        return [("move", pid, to, k) for k in PROMOTIONS]
    return [("move", pid, to, "")]
