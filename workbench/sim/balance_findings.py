"""What a balance report says first: its figures read against plain thresholds, in words,
ranked by how much a designer should care. Each finding names the part of the report that
shows it."""

from __future__ import annotations

import polars as pl

from .report import percent

LOOK, KNOW, FINE = "look at this", "worth knowing", "fine"
RANK = {LOOK: 0, KNOW: 1, FINE: 2}
DRAWS = (0.05, 0.20)  # a draw rate above these is worth knowing / to look at
STALLS = (0.0, 0.05)
HARD_EASY = (0.10, 0.90)  # a party that wins less / more often than this


def _upper(who: str) -> str:
    return who[:1].upper() + who[1:]  # "Horse and Bow" keeps its capitals


def _span(low, high) -> str:
    return f"{percent(low)} to {percent(high)}"


def findings(report, *, together: bool, sides: bool) -> pl.DataFrame:
    from .balance import FAIR_BAND

    main = report.parts["part"][0] if report.parts.height else None
    wins = report.wins.filter(pl.col("bots") == main) if report.wins.height else report.wins
    ref = report.wins.filter(pl.col("bots") != main) if report.wins.height else report.wins
    outs = report.outcomes.filter(pl.col("bots") == main) if report.outcomes.height else None
    found: list[tuple[str, float, str, str]] = []  # (level, weight, text, where)
    if wins.is_empty():
        said = "No game was played: the report was stopped before its first games finished."
        return _frame([(LOOK, 1.0, said, "parts")])
    if together:
        row = wins.row(0, named=True)
        text = (
            f"{_upper(row['who'])} wins {percent(row['win_rate'])} "
            f"({_span(row['ci_low'], row['ci_high'])}) of {row['games']:,} games"
        )
        if row["ci_high"] < HARD_EASY[0]:
            found.append((LOOK, 1 - row["ci_high"], text + ": the game is very hard.", "wins"))
        elif row["ci_low"] > HARD_EASY[1]:
            found.append((LOOK, row["ci_low"], text + ": the game is very easy.", "wins"))
        else:
            found.append((FINE, 0.0, text + ".", "wins"))
    else:
        kind = "side" if sides else "seat"
        rows = sorted(
            (
                r
                for r in wins.filter(pl.col("kind") == kind).to_dicts()
                if r["decided_share"] is not None
            ),
            key=lambda r: r["decided_share"],
        )
        fair = 1 / len(rows) if rows else 0.5
        low_band, high_band = (x * 2 * fair for x in FAIR_BAND)
        # The weakest and the strongest; with two, the weaker says it for both.
        for row in rows[:1] + rows[2:][-1:]:
            share, lo, hi = row["decided_share"], row["decided_low"], row["decided_high"]
            text = (
                f"{_upper(row['who'])} wins {percent(row['win_rate'])} "
                f"({_span(row['ci_low'], row['ci_high'])}) of {row['games']:,} games"
            )
            other = _reference(ref, row["who"])
            if hi < low_band or lo > high_band:
                said = f"{text}: the {kind}s are not balanced{other}."
                found.append((LOOK, abs(share - fair), said, "wins"))
            elif hi < fair or lo > fair:
                leader = rows[-1]["who"] if share < fair else row["who"]
                said = f"{text}: the game leans to {leader}{other}."
                found.append((KNOW, abs(share - fair), said, "wins"))
        even = not any(level in (LOOK, KNOW) for level, *_ in found)
        if even:
            said = (
                f"No {kind} wins significantly more often than another (every {kind}'s "
                "95% interval of decided games holds its fair share)."
            )
            found.append((FINE, 0.0, said, "wins"))
        if sides and even:  # the seat order, once the sides are even
            for row in wins.filter(pl.col("kind") == "seat").to_dicts():
                lo, hi = row["decided_low"], row["decided_high"]
                if row["decided_share"] and (lo > 0.5) and row["decided_share"] > 0.55:
                    said = (
                        f"{_upper(row['who'])} wins {percent(row['decided_share'])} "
                        f"({_span(lo, hi)}) of decided games whichever side it plays."
                    )
                    found.append((KNOW, row["decided_share"] - 0.5, said, "wins"))
    if outs is not None and outs.height:
        found += _outcome_findings(outs)
    skill = getattr(report, "skill", None)
    if skill is not None and skill.height:
        found += _cooperative_skill(skill) if together else _skill_findings(skill)
    banned = getattr(report, "restricted", None)
    if banned is not None and banned.height:
        found += _restricted_findings(banned)
    found.sort(key=lambda f: (RANK[f[0]], -f[1]))
    return _frame(found)


def _restricted_findings(banned: pl.DataFrame) -> list:
    """Cards a seat collapses without (look at this), cards better never played and cards
    not worth playing (worth knowing), each group said once."""
    found = []
    for row in banned.filter(pl.col("verdict").str.starts_with("carries")).to_dicts():
        said = (
            f"{_upper(row['who'])} needs {row['card']}: never playing it, "
            f"{row['who']} wins {percent(row['win_rate'])} "
            f"({_span(row['ci_low'], row['ci_high'])}) of {row['games']:,} games instead "
            f"of {percent(row['usual_win_rate'])}."
        )
        found.append((LOOK, -row["change"], said, "cards"))
    for start, words, level in (
        ("better", "{n} better never played (the seat wins more without): {names}.", LOOK),
        ("not worth", ("{n} not worth playing (the seat wins as often without): {names}."), KNOW),
    ):
        rows = banned.filter(pl.col("verdict").str.starts_with(start)).to_dicts()
        if rows:
            names = ", ".join(f"{r['card']} ({r['who']})" for r in rows)
            n = f"{len(rows)} card is" if len(rows) == 1 else f"{len(rows)} cards are"
            found.append((level, 0.05 * len(rows), _upper(words.format(n=n, names=names)), "cards"))
    if not found:
        said = (
            f"No seat depends on one card alone, and none of the {banned.height} cards "
            "tested is better never played."
        )
        found.append((FINE, 0.0, said, "cards"))
    return found


def _reference(ref: pl.DataFrame, who: str) -> str:
    """How random bots fare for the same seat or side, as a clause: it tells a design
    problem (random play is as lopsided) from a bot that plays one side better."""
    if ref.is_empty():
        return ""
    row = ref.filter(pl.col("who") == who)
    if row.is_empty() or row["decided_share"][0] is None:
        return ""
    r = row.row(0, named=True)
    return (
        f"; with random bots it wins {percent(r['win_rate'])} ({_span(r['ci_low'], r['ci_high'])})"
    )


def _outcome_findings(outs: pl.DataFrame) -> list:
    found = []
    by = {r["measure"]: r for r in outs.to_dicts()}
    for measure, (know, look), words in (
        ("draws", DRAWS, "of games are drawn ({})."),
        ("stalls", STALLS, "of games never end ({}): they hit the decision cap."),
    ):
        row = by.get(measure)
        if row and row["value"] > know:
            said = f"{percent(row['value'])} " + words.format(_span(row["ci_low"], row["ci_high"]))
            found.append((LOOK if row["value"] > look else KNOW, row["value"], said, "outcomes"))
    first = by.get("first player")
    if first and (first["ci_low"] > 0.5 or first["ci_high"] < 0.5):
        ahead = first["value"] > 0.5
        share, lo, hi = (
            (first["value"], first["ci_low"], first["ci_high"])
            if ahead
            else (1 - first["value"], 1 - first["ci_high"], 1 - first["ci_low"])
        )
        level = KNOW if abs(first["value"] - 0.5) <= 0.1 else LOOK
        said = (
            f"Going {'first' if ahead else 'second'} wins {percent(share)} "
            f"({_span(lo, hi)}) of decided games."
        )
        found.append((level, abs(first["value"] - 0.5), said, "outcomes"))
    return found


def _skill_findings(pairs: pl.DataFrame) -> list:
    from .balance_skill import depth, luck

    found = []
    first = pairs.row(0, named=True)
    if first["win_share"] is not None:
        said = (
            f"{_upper(first['bot'])} wins {percent(first['win_share'])} "
            f"({_span(first['ci_low'], first['ci_high'])}) of its decided games against "
            f"{first['against']} play"
        )
        if first["ci_low"] > 0.5:
            found.append((FINE, 0.0, said + ".", "skill"))
        else:
            said += ": skill barely shows, or the bot plays badly."
            found.append((KNOW, 0.5 - first["win_share"], said, "skill"))
    best, flat = depth(pairs)
    if flat is not None and best is not None:
        row = pairs.filter(pl.col("bot") == flat).row(0, named=True)
        said = (
            f"Skill depth: up to {best} each stronger bot wins more; {flat} wins "
            f"{percent(row['win_share'])} ({_span(row['ci_low'], row['ci_high'])}) "
            f"against {row['against']}, not clearly more than half."
        )
        found.append((FINE, 0.0, said, "skill"))
    elif flat is None:
        said = "Every stronger bot on the ladder beats the one below it: more thought pays."
        found.append((FINE, 0.0, said, "skill"))
    chance = luck(pairs)
    if chance is not None:
        share, low, high, n = chance
        said = (
            f"The weaker bot still wins {percent(share)} ({_span(low, high)}) of the "
            f"{n:,} decided games on the ladder"
        )
        found.append(
            (KNOW, share, said + ": luck decides much.", "skill")
            if share > 0.3
            else (FINE, 0.0, said + ".", "skill")
        )
    return found


def _cooperative_skill(rungs: pl.DataFrame) -> list:
    low, high = rungs.row(0, named=True), rungs.row(-1, named=True)
    said = (
        f"the party wins {percent(low['win_rate'])} with {low['bot']} play and "
        f"{percent(high['win_rate'])} ({_span(high['ci_low'], high['ci_high'])}) with "
        f"{high['bot']}"
    )
    if high["ci_low"] > low["ci_high"]:
        return [(FINE, 0.0, f"Better play wins more: {said}.", "skill")]
    return [(KNOW, 0.1, f"Better play barely changes the outcome: {said}.", "skill")]


def _frame(found) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "rank": list(range(1, len(found) + 1)),
            "level": [f[0] for f in found],
            "finding": [f[2] for f in found],
            "where": [f[3] for f in found],
        },
        schema={"rank": pl.Int64, "level": pl.String, "finding": pl.String, "where": pl.String},
    )
