"""The names a Correction turn is told in: its phases, the R-9 options and the internal
decisions, shared by the rules, the bots and the views."""

FIRST, SPAWN, MOVING, RESPOND, OVER = "first player", "spawn", "move", "respond", "over"
SPAWNED, SINGLE = "all_spawned", "single"
INF = "inf"

# Internal decisions: ("s", kind, sq) spawn, ("m", from, to) declare, ("e",) end the turn,
# ("a",) allow, ("d",) Move Denial, ("b",) Piece Denial.
END, ALLOW, DENY, BANISH = ("e",), ("a",), ("d",), ("b",)
