"""The unlock graph with igraph: what the general level reaches, its cycles, and a drawing laid
out by igraph's layered (Sugiyama) layout, written as SVG here so it needs no network, no
Graphviz and no plotting library.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import igraph as ig

from .cards import GENERAL

NODE_W, NODE_H = 112, 54
COLUMN, ROW = 122, 108
MARGIN = 24
INK, MUTED, ALERT = "#333", "#777", "#c0392b"
# A white outline under text, so a label stays readable where it crosses a line.
HALO = ' stroke="white" stroke-width="3" paint-order="stroke"'
FILLS = {"start": "#dbe9f6", "variant": "#f3f3f3", GENERAL: "#fff3c4"}


def build(cards) -> ig.Graph:
    """Vertex 0 is the general level; then one vertex per class, in table order; one edge per
    line of unlocks.csv, with its level and id."""
    from workbench.core.registry import get_design

    classes = get_design("rfg_classes").checked_cards(cards)["classes"]
    g = ig.Graph(directed=True)
    g.add_vertices([GENERAL, *classes["name"].to_list()])
    lines = list(cards["unlocks"].select("id", "class", "level", "unlocks").iter_rows())
    g.add_edges([(source, target) for _, source, _, target in lines])
    g.es["id"] = [line[0] for line in lines]
    g.es["level"] = [line[2] for line in lines]
    return g


def unreachable(g: ig.Graph) -> list[str]:
    """Classes no chain of unlocks reaches from the general level."""
    reached = set(g.subcomponent(GENERAL, mode="out"))
    return [v["name"] for v in g.vs if v.index not in reached]


def cycles(g: ig.Graph) -> list[list[str]]:
    """Every chain of unlocks that comes back to where it started, as class names."""
    found = [[g.vs[i]["name"] for i in cycle] for cycle in g.simple_cycles(output="vpath")]
    # The same cycle starts where the library happened to enter it; start at its first class.
    order = {v["name"]: v.index for v in g.vs}
    out = []
    for cycle in found:
        first = min(range(len(cycle)), key=lambda i: order[cycle[i]])
        out.append(cycle[first:] + cycle[:first])
    return sorted(out, key=lambda c: [order[n] for n in c])


@dataclass(frozen=True)
class Drawing:
    """An SVG drawing that shows itself in a notebook (also one saved without a kernel)."""

    svg: str

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path) -> None:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(self.svg)


def draw(cards, *, notes: dict[str, str] | None = None) -> Drawing:
    """The unlock graph, top to bottom from the general level: each class with its health and
    speed, each line labelled with the level that unlocks it. Classes the general level
    unlocks directly are blue; those out of reach and lines in a cycle are red; `notes` adds
    a red line of text under a class (a duplicate badge, say)."""
    g = build(cards)
    notes = notes or {}
    stats = {r["name"]: r for r in cards["classes"].iter_rows(named=True)}
    lost = set(unreachable(g))
    looping = {
        (a, b) for cycle in cycles(g) for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True)
    }
    starts = {e.target for e in g.es if e.source == 0}
    layout = g.layout_sugiyama(maxiter=200)
    at, width, height = _frame(layout)
    parts = _head(width, height)
    for edge, bends in zip(g.es, layout.edge_routing, strict=True):
        a, b = g.vs[edge.source]["name"], g.vs[edge.target]["name"]
        points = _route(at, layout.coords[edge.source], layout.coords[edge.target], bends)
        parts += _edge(edge, a, b, points, (a, b) in looping)
    for v, (x, y) in zip(g.vs, layout.coords, strict=True):
        name = v["name"]
        kind = GENERAL if name == GENERAL else "start" if v.index in starts else "variant"
        parts += _node(name, at(x, y), kind, name in lost, stats, notes)
    parts.append(
        _text(
            width / 2,
            height - 12,
            "blue: playable from the start · L5: the class "
            "above reaching level 5 unlocks the one below · red: needs a look",
            11,
            MUTED,
        )
    )
    parts.append("</svg>")
    return Drawing("".join(parts))


def _frame(layout):
    """Where a point of the layout lands in the drawing, and the drawing's width and height."""
    xs = [x for x, _ in layout.coords] + [x for pts in layout.edge_routing for x, _ in pts]
    left = min(xs)

    def at(x, y):
        return MARGIN + (x - left) * COLUMN + NODE_W / 2, MARGIN + y * ROW + NODE_H / 2

    width = MARGIN * 2 + (max(xs) - left) * COLUMN + NODE_W
    height = MARGIN * 2 + max(y for _, y in layout.coords) * ROW + NODE_H + 36
    return at, width, height


def _head(width: float, height: float) -> list[str]:
    """The svg element and its two arrowheads, grey and red."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
        'font-family="sans-serif" class="wb-unlock-graph">',
        '<defs><marker id="wb-arrow" viewBox="0 0 10 10" refX="10" refY="5" '
        'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{MUTED}"/></marker>'
        '<marker id="wb-arrow-alert" viewBox="0 0 10 10" refX="10" refY="5" '
        'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{ALERT}"/></marker></defs>',
    ]


def _route(at, source, target, bends) -> list[tuple[float, float]]:
    """A line's points in the drawing: from the edge of one node, through the layout's bends,
    to the edge of the other."""
    (x0, y0), (x1, y1) = at(*source), at(*target)
    points = [(x0, y0 + NODE_H / 2 * (1 if y1 >= y0 else -1))]
    points += [at(x, y) for x, y in bends]
    points.append((x1, y1 - NODE_H / 2 * (1 if y1 >= y0 else -1)))
    return points


def _edge(edge, a: str, b: str, points, alert: bool) -> list[str]:
    """One line of unlocks.csv: an arrow from `a` to `b`, labelled with its level."""
    colour = ALERT if alert else MUTED
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    parts = [
        f'<polyline points="{path}" fill="none" stroke="{colour}" '
        f'stroke-width="1.4" marker-end="url(#wb-arrow{"-alert" if alert else ""})">'
        f"<title>{escape(edge['id'])}: {escape(a)} level {edge['level']} unlocks "
        f"{escape(b)}</title></polyline>"
    ]
    (lx, ly), (nx, ny) = points[0], points[1]
    t = 0.5 if len(points) == 2 else 0.6
    # From the general level, level 1 is the start: the node's colour says so already.
    label = (
        f"L{edge['level']}"
        if a != GENERAL
        else ""
        if edge["level"] == 1
        else f"general {edge['level']}"
    )
    if label:
        parts.append(
            f'<text x="{lx + (nx - lx) * t + 4:.1f}" y="{ly + (ny - ly) * t:.1f}" '
            f'font-size="11" fill="{colour}"{HALO}>{escape(label)}</text>'
        )
    return parts


def _node(name: str, centre, kind: str, lost: bool, stats, notes) -> list[str]:
    """One class (or the general level) as a box with its health and speed, and red lines
    under it: out of reach, and its note."""
    cx, cy = centre
    stroke = ALERT if lost else INK
    parts = [
        f'<g class="wb-class" data-name="{escape(name)}">'
        f'<rect x="{cx - NODE_W / 2:.1f}" y="{cy - NODE_H / 2:.1f}" '
        f'width="{NODE_W}" height="{NODE_H}" rx="7" fill="{FILLS[kind]}" '
        f'stroke="{stroke}" stroke-width="{2 if lost else 1}"/>'
    ]
    if name == GENERAL:
        parts.append(_text(cx, cy + 4, "General level", 13, INK, bold=True))
    else:
        s = stats[name]
        health = (
            f"{s['health_min']}"
            if s["health_min"] == s["health_max"]
            else f"{s['health_min']}–{s['health_max']}"
        )
        parts.append(_text(cx, cy - 9, name, 13, stroke, bold=True))
        parts.append(_text(cx, cy + 7, f"health {health}%", 10, MUTED))
        parts.append(_text(cx, cy + 20, f"speed {s['speed']}%", 10, MUTED))
    lines = (["not reachable"] if lost else []) + ([notes[name]] if name in notes else [])
    for i, line in enumerate(lines):
        parts.append(_text(cx, cy + NODE_H / 2 + 12 * (i + 1), line, 10, ALERT, halo=True))
    parts.append("</g>")
    return parts


def _text(
    x: float, y: float, text: str, size: int, colour: str, bold: bool = False, halo: bool = False
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{colour}" '
        f'text-anchor="middle"{weight}{HALO if halo else ""}>'
        f"{escape(text, quote=False)}</text>"
    )
