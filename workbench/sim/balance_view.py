"""A balance report as a page: findings first, each linked to the table and chart that show
it; tables with words for headers; charts drawn to SVG here, so the page needs no script and
nothing from the network. In a notebook the charts take the notebook's colours; a saved
file keeps Vega-Lite's light look, since it leaves the notebook."""

from __future__ import annotations

import html as escape
from pathlib import Path

import altair as alt
import polars as pl

from ..charts.titles import fitted
from .report import percent

PERCENT = alt.Axis(format="%")
STYLE = """<style>
.wb-balance { font-family: var(--jp-ui-font-family, system-ui, sans-serif); max-width: 860px; }
.wb-balance table { border-collapse: collapse; margin: 0.4em 0 1em; }
.wb-balance th, .wb-balance td { padding: 2px 10px; text-align: left; vertical-align: top; }
.wb-balance th { border-bottom: 1px solid currentColor; }
.wb-balance td.n { text-align: right; font-variant-numeric: tabular-nums; }
.wb-balance .look { font-weight: 600; }
.wb-balance .meta { opacity: 0.75; }
</style>"""
LEVEL_WORDS = {"look at this": "Look at this", "worth knowing": "Worth knowing", "fine": "Fine"}
SECTIONS = {
    "wins": "Who wins",
    "outcomes": "How games end",
    "length": "How long games last",
    "skill": "Does skill win?",
    "cards": "Which cards matter",
    "parts": "How it was played",
}


def html(report, *, page: bool = True) -> str:
    """The report as HTML: a whole page (`page`) or a fragment for the notebook."""
    svg = _file_svg if page else _themed_svg
    anchor = f"wb-balance-{report.game}-{report.seed}"
    body = [
        f'<div class="wb-balance" id="{anchor}">',
        f"<h2>Balance report: {_e(report.title)}</h2>",
        f'<p class="meta">{_e(_summary(report))}</p>',
        "<h3>What to look at</h3>",
        _findings(report, anchor),
    ]
    main = report.parts["part"][0] if report.parts.height else None
    body += [_section(anchor, "wins"), _wins_table(report.wins, main)]
    if report.wins.height:
        body.append(svg(win_chart(report.wins)))
    body += [_section(anchor, "outcomes"), _outcomes_table(report.outcomes, main)]
    body += [_section(anchor, "length"), _length_table(report.length, main)]
    games = report.games.filter(pl.col("bots") == main) if main else report.games
    if games.height:
        body.append(svg(length_chart(games)))
    if report.skill.height:
        body += [_section(anchor, "skill"), _skill_table(report.skill)]
        if report.strength.height:
            body.append(_strength_table(report.strength))
        body.append(svg(skill_chart(report.skill)))
    if report.restricted.height:
        body += [
            _section(anchor, "cards"),
            _restricted_table(report.restricted),
            svg(restricted_chart(report.restricted)),
        ]
    body += [_section(anchor, "parts"), _parts_table(report.parts), "</div>"]
    text = STYLE + "\n".join(body)
    if not page:
        return text
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>Balance report: {_e(report.title)}</title></head><body>\n{text}\n"
        "</body></html>\n"
    )


def save(report, path) -> str:
    """Write the page to `path` (an .html file, replaced whole); the path written."""
    from ..cards.atomic import write_named_file

    path = Path(path)
    if path.suffix.lower() not in (".html", ".htm"):
        raise ValueError(f"{path.name}: a balance report is saved as an .html file")
    write_named_file(path, html(report, page=True).encode("utf-8"))
    return str(path)


def win_chart(wins: pl.DataFrame) -> alt.Chart:
    """Each seat's and side's win rate with its 95% interval, for each set of bots."""
    data = wins.select("bots", "who", "kind", "win_rate", "ci_low", "ci_high")
    base = alt.Chart(data).encode(
        y=alt.Y("who:N", title=None, sort=None), yOffset=alt.YOffset("bots:N", sort=None)
    )
    bars = base.mark_bar(opacity=0.7).encode(
        x=alt.X(
            "win_rate:Q", axis=PERCENT, title="share of games won", scale=alt.Scale(domain=[0, 1])
        ),
        color=alt.Color("bots:N", title="played by", sort=None),
        tooltip=[
            alt.Tooltip("who:N", title="who"),
            alt.Tooltip("bots:N", title="played by"),
            alt.Tooltip("win_rate:Q", format=".1%", title="wins"),
            alt.Tooltip("ci_low:Q", format=".1%", title="95% interval from"),
            alt.Tooltip("ci_high:Q", format=".1%", title="95% interval to"),
        ],
    )
    whiskers = base.mark_rule().encode(x="ci_low:Q", x2="ci_high:Q")
    return (bars + whiskers).properties(
        title=fitted("Who wins (bars: share of games; lines: 95% intervals)", 420), width=420
    )


def skill_chart(skill: pl.DataFrame) -> alt.Chart:
    """Each rung's share of decided games against the rung below (or, cooperative, the
    party's win rate with that rung in every seat), with 95% intervals."""
    rate = "win_share" if "win_share" in skill.columns else "win_rate"
    title = (
        "Each bot against the one below it (share of decided games)"
        if rate == "win_share"
        else "The party's wins with each bot in every seat"
    )
    data = skill.select("bot", pl.col(rate).alias("rate"), "ci_low", "ci_high")
    base = alt.Chart(data).encode(x=alt.X("bot:N", title="bot (weakest first)", sort=None))
    points = base.mark_point(filled=True, size=60).encode(
        y=alt.Y("rate:Q", axis=PERCENT, title="share", scale=alt.Scale(domain=[0, 1]))
    )
    bars = base.mark_rule().encode(y="ci_low:Q", y2="ci_high:Q")
    half = alt.Chart(pl.DataFrame({"y": [0.5]})).mark_rule(strokeDash=[4, 4]).encode(y="y:Q")
    layers = [bars, points] + ([half] if rate == "win_share" else [])
    return alt.layer(*layers).properties(title=fitted(title, 420), width=420)


def restricted_chart(banned: pl.DataFrame) -> alt.Chart:
    """How much each seat's win rate changes when it never plays a card, with 95% intervals:
    left of zero the card is worth playing."""
    data = banned.select(
        "who",
        "card",
        "change",
        "change_low",
        "change_high",
        "verdict",
        label=pl.col("card") + " (" + pl.col("who") + ")",
    )
    base = alt.Chart(data).encode(y=alt.Y("label:N", title=None, sort=None))
    points = base.mark_point(filled=True, size=60).encode(
        x=alt.X(
            "change:Q", axis=PERCENT, title="change in the seat's win rate never playing the card"
        ),
        tooltip=[
            alt.Tooltip("label:N", title="card"),
            alt.Tooltip("change:Q", format="+.1%", title="change"),
            alt.Tooltip("verdict:N", title="what it says"),
        ],
    )
    bars = base.mark_rule().encode(x="change_low:Q", x2="change_high:Q")
    zero = alt.Chart(pl.DataFrame({"x": [0.0]})).mark_rule(strokeDash=[4, 4]).encode(x="x:Q")
    return alt.layer(bars, points, zero).properties(
        title=fitted(
            "What each card is worth (a seat that never plays it; lines: 95% intervals)", 420
        ),
        width=420,
    )


def length_chart(games: pl.DataFrame) -> alt.Chart:
    """How many decisions games take, split by how they ended."""
    data = games.select(pl.col("length").alias("decisions"), "outcome")
    return (
        alt.Chart(data)
        .mark_bar(opacity=0.8)
        .encode(
            x=alt.X("decisions:Q", bin=alt.Bin(maxbins=40), title="decisions in the game"),
            y=alt.Y("count():Q", stack=True, title="games"),
            color=alt.Color("outcome:N", title="how it ended"),
        )
        .properties(title=fitted("How long games last", 420), width=420)
    )


def _summary(report) -> str:
    games = report.parts["games"].sum() if report.parts.height else 0
    return (
        f"{games:,} games, seed {report.seed}; each figure played until its 95% interval "
        f"was within {report.precision:.0%} either side of its value or its budget was "
        f"spent ({report.mode} mode). Seats play {report.bots} bots."
    )


def _findings(report, anchor: str) -> str:
    if report.findings.is_empty():
        return "<p>Nothing stands out.</p>"
    items = []
    for row in report.findings.iter_rows(named=True):
        cls = ' class="look"' if row["level"] == "look at this" else ""
        items.append(
            f"<li{cls}>{_e(LEVEL_WORDS[row['level']])}: {_e(row['finding'])} "
            f'<a href="#{anchor}-{row["where"]}">{_e(SECTIONS[row["where"]])}</a>'
            "</li>"
        )
    return "<ol>" + "".join(items) + "</ol>"


def _section(anchor: str, key: str) -> str:
    return f'<h3 id="{anchor}-{key}">{_e(SECTIONS[key])}</h3>'


def _table(headers: list[str], rows: list[list], numeric: set[int] = frozenset()) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{_e(c)}</td>' if i in numeric else f"<td>{_e(c)}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _beside(frame: pl.DataFrame, main: str | None, key: str):
    """The game's bots' rows, each with the random bots' row for the same `key` (or None)."""
    if main is None:
        return [(r, None) for r in frame.iter_rows(named=True)]
    ref = {r[key]: r for r in frame.filter(pl.col("bots") != main).iter_rows(named=True)}
    return [
        (r, ref.get(r[key])) for r in frame.filter(pl.col("bots") == main).iter_rows(named=True)
    ]


def _with_interval(value: str, low: str, high: str) -> str:
    return f"{value} ({low} to {high})"


def _wins_table(wins: pl.DataFrame, main: str | None) -> str:
    if wins.is_empty():
        return "<p>No games.</p>"
    rows = []
    for r, other in _beside(wins, main, "who"):
        rows.append(
            [
                r["who"],
                f"{r['games']:,}",
                _with_interval(percent(r["win_rate"]), percent(r["ci_low"]), percent(r["ci_high"])),
                ""
                if r["kind"] == "party" or r["decided_share"] is None
                else _with_interval(
                    percent(r["decided_share"]),
                    percent(r["decided_low"]),
                    percent(r["decided_high"]),
                ),
                "" if other is None else percent(other["win_rate"]),
            ]
        )
    return _table(
        ["who", "games", "wins (95% interval)", "share of decided games", "with random bots"],
        rows,
        {1},
    )


def _outcomes_table(outcomes: pl.DataFrame, main: str | None) -> str:
    if outcomes.is_empty():
        return "<p>No games.</p>"
    rows = []
    for r, other in _beside(outcomes, main, "measure"):
        rows.append(
            [
                f"{r['measure']}: {r['meaning']}",
                _with_interval(
                    _value(r["measure"], r["value"]),
                    _value(r["measure"], r["ci_low"]),
                    _value(r["measure"], r["ci_high"]),
                ),
                f"{r['games']:,}",
                "" if other is None else _value(other["measure"], other["value"]),
            ]
        )
    return _table(["measure", "value (95% interval)", "games", "with random bots"], rows, {2})


def _value(measure: str, value) -> str:
    if value is None:
        return ""
    return f"{value:.2f}" if "balance" in measure else percent(value)


def _length_table(length: pl.DataFrame, main: str | None) -> str:
    if length.is_empty():
        return "<p>No games.</p>"
    rows = []
    for r, other in _beside(length, main, "column"):
        rows.append(
            [
                r["measure"],
                _with_interval(_num(r["mean"]), _num(r["ci_low"]), _num(r["ci_high"])),
                _num(r["median"]),
                f"{_num(r['p10'])} to {_num(r['p90'])}",
                "" if other is None else _num(other["median"]),
            ]
        )
    return _table(
        [
            "measure",
            "mean (95% interval)",
            "median",
            "most games (10% to 90%)",
            "median with random bots",
        ],
        rows,
        {2},
    )


def _num(x: float) -> str:
    if abs(x) >= 100:
        return f"{x:,.0f}"
    text = f"{x:.2f}" if abs(x) >= 0.1 or x == 0 else f"{x:.3f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _skill_table(skill: pl.DataFrame) -> str:
    if "win_share" in skill.columns:
        rows = [
            [
                r["bot"],
                r["against"],
                f"{r['games']:,}",
                f"{r['wins']}–{r['losses']}–{r['draws']}",
                ""
                if r["win_share"] is None
                else _with_interval(
                    percent(r["win_share"]), percent(r["ci_low"]), percent(r["ci_high"])
                ),
            ]
            for r in skill.iter_rows(named=True)
        ]
        return _table(
            ["bot", "against", "games", "won–lost–drawn", "share of decided games (95% interval)"],
            rows,
            {2},
        )
    rows = [
        [
            r["bot"],
            f"{r['games']:,}",
            _with_interval(percent(r["win_rate"]), percent(r["ci_low"]), percent(r["ci_high"])),
        ]
        for r in skill.iter_rows(named=True)
    ]
    return _table(["bot in every seat", "games", "the party wins (95% interval)"], rows, {1})


def _strength_table(strength: pl.DataFrame) -> str:
    rows = [
        [
            r["bot"],
            _with_interval(
                f"{r['strength']:.2f}", f"{r['strength_low']:.2f}", f"{r['strength_high']:.2f}"
            ),
            percent(r["wins_against_random"]),
        ]
        for r in strength.iter_rows(named=True)
    ]
    return _table(
        [
            "bot",
            "strength (Bradley-Terry, random play 0; 95% interval)",
            "would win against random play",
        ],
        rows,
        {1},
    )


def _restricted_table(banned: pl.DataFrame) -> str:
    rows = [
        [
            r["card"],
            r["who"],
            _num(r["played_per_game"]),
            f"{r['games']:,}",
            _with_interval(percent(r["win_rate"]), percent(r["ci_low"]), percent(r["ci_high"])),
            percent(r["usual_win_rate"]),
            ""
            if r["change"] is None
            else _with_interval(
                f"{r['change']:+.1%}", f"{r['change_low']:+.1%}", f"{r['change_high']:+.1%}"
            ),
            r["verdict"],
        ]
        for r in banned.iter_rows(named=True)
    ]
    return _table(
        [
            "card",
            "played by",
            "plays a game",
            "games",
            "wins never playing it (95% interval)",
            "wins as usual",
            "change (95% interval)",
            "what it says",
        ],
        rows,
        {2, 3},
    )


def _parts_table(parts: pl.DataFrame) -> str:
    rows = [
        [
            r["part"],
            r["seat orders"],
            f"{r['games']:,}",
            f"{r['most games']:,}",
            r["stopped"],
            r["played by"],
            _num(r.get("seconds") or 0.0),
        ]
        for r in parts.iter_rows(named=True)
    ]
    return _table(
        [
            "part",
            "seat orders",
            "games played",
            "most games (budget)",
            "why it stopped",
            "played by",
            "seconds",
        ],
        rows,
        {1, 2, 3, 6},
    )


def _themed_svg(chart) -> str:
    from ..charts.svg import themed_svg

    return themed_svg(chart)


def _file_svg(chart) -> str:
    from ..charts.svg import file_svg

    return file_svg(chart)


def _e(value) -> str:
    return escape.escape(str(value))
