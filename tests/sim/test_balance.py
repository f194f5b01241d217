"""wb.balance: a report's figures recomputed from simulate frames, its findings read against
their thresholds, the same report for the same arguments, and the page it saves."""

from __future__ import annotations

import threading
from pathlib import Path

import polars as pl
import pytest

import workbench as wb
from workbench.sim.balance_findings import findings
from workbench.sim.stats import wilson


@pytest.fixture(scope="module")
def correction():
    return wb.balance("correction", mode="fast", executor="serial", progress=False)


def test_seat_figures_agree_with_simulate_frames(correction):
    main = correction.wins.filter(pl.col("bots") == "the game's bots")
    n = int(main["games"][0])
    frame = wb.simulate("correction", n, seed=0, bots="heuristic", executor="serial")
    decided = int((frame["winner"] >= 0).sum())
    for s in (0, 1):
        row = main.filter(pl.col("who") == f"seat {s + 1}").row(0, named=True)
        wins = int((frame["winner"] == s).sum())
        assert row["wins"] == wins and row["games"] == n
        assert (row["ci_low"], row["ci_high"]) == wilson(wins, n)
        assert row["decided_share"] == pytest.approx(wins / decided)
    draws = correction.outcomes.filter(
        (pl.col("bots") == "the game's bots") & (pl.col("measure") == "draws")
    )
    assert draws["value"][0] == pytest.approx(float((frame["outcome"] == "draw").mean()))
    length = correction.length.filter(
        (pl.col("bots") == "the game's bots") & (pl.col("column") == "length")
    )
    assert length["mean"][0] == pytest.approx(frame["length"].mean())
    # A precise-enough part stops at a chunk boundary; a spent budget plays all of it.
    assert n % 250 == 0 and n <= 500


def test_every_side_plays_every_seat_and_both_are_reported():
    report = wb.balance("squad_combat", mode="fast", executor="serial", progress=False)
    main = report.games.filter(pl.col("bots") == "the game's bots")
    assert set(main["order"].unique()) == {"Red v Blue", "Blue v Red"}
    sides = report.wins.filter((pl.col("kind") == "side") & (pl.col("bots") == "the game's bots"))
    assert set(sides["who"]) == {"Red", "Blue"}
    for row in sides.iter_rows(named=True):
        seat_of = pl.Series([o.split(" v ").index(row["who"]) for o in main["order"]])
        assert row["wins"] == int((main["winner"] == seat_of).sum())
    assert sides["wins"].sum() == int((main["winner"] >= 0).sum())


def test_the_same_arguments_give_the_same_report(correction):
    again = wb.balance("correction", mode="fast", executor="processes", progress=False)
    for part in ("wins", "outcomes", "length", "findings"):
        assert getattr(again, part).equals(getattr(correction, part)), part


def test_a_cooperative_game_reports_the_party():
    report = wb.balance("coop", mode="fast", executor="serial", progress=False, players=2)
    assert report.wins.filter(pl.col("bots") == "the game's bots")["who"].to_list() == ["the party"]
    party = [f for f in report.findings["finding"] if f.startswith("The party wins ")]
    won = report.wins.row(0, named=True)
    said = (
        f"The party wins {won['win_rate']:.1%} ({won['ci_low']:.1%} to "
        f"{won['ci_high']:.1%}) of {won['games']:,} games."
    )
    assert party == [said]


def _wins(rows):
    base = {"bots": "the game's bots", "games": 4000}
    out = []
    for who, kind, wins, decided in rows:
        low, high = wilson(wins, 4000)
        d_low, d_high = wilson(wins, decided)
        out.append(
            {
                **base,
                "who": who,
                "kind": kind,
                "wins": wins,
                "win_rate": wins / 4000,
                "ci_low": low,
                "ci_high": high,
                "decided_share": wins / decided,
                "decided_low": d_low,
                "decided_high": d_high,
            }
        )
    return pl.DataFrame(out)


class _Report:
    def __init__(self, wins, outcomes=None):
        self.wins = wins
        self.outcomes = outcomes if outcomes is not None else pl.DataFrame()
        self.parts = pl.DataFrame({"part": ["the game's bots"]})


@pytest.mark.parametrize(
    ("blue", "level", "words"),
    [
        (
            0,
            "look at this",
            "Blue wins 0.0% (0.0% to 0.1%) of 4,000 games: the sides are not balanced.",
        ),
        (
            1700,
            "worth knowing",
            "Blue wins 42.5% (41.0% to 44.0%) of 4,000 games: the game leans to Red.",
        ),
        (1980, "fine", "No side wins significantly more often than another"),
    ],
)
def test_findings_read_the_sides_against_one_half(blue, level, words):
    wins = _wins(
        [
            ("Red", "side", 4000 - blue, 4000),
            ("Blue", "side", blue, 4000),
            ("seat 1", "seat", 2000, 4000),
            ("seat 2", "seat", 2000, 4000),
        ]
    )
    found = findings(_Report(wins), together=False, sides=True)
    assert found["level"][0] == level and found["finding"][0].startswith(words)
    assert found["where"][0] == "wins"


def test_findings_rank_stalls_and_draws_by_how_much_they_matter():
    wins = _wins([("seat 1", "seat", 1000, 2000), ("seat 2", "seat", 1000, 2000)])
    outcomes = pl.DataFrame(
        [
            {
                "bots": "the game's bots",
                "measure": "draws",
                "value": 0.5,
                "ci_low": 0.48,
                "ci_high": 0.52,
                "games": 4000,
                "meaning": "",
            },
            {
                "bots": "the game's bots",
                "measure": "stalls",
                "value": 0.01,
                "ci_low": 0.007,
                "ci_high": 0.014,
                "games": 4000,
                "meaning": "",
            },
        ]
    )
    found = findings(_Report(wins, outcomes), together=False, sides=False)
    assert found["finding"].to_list()[:2] == [
        "50.0% of games are drawn (48.0% to 52.0%).",
        "1.0% of games never end (0.7% to 1.4%): they hit the decision cap.",
    ]
    assert found["level"].to_list()[:2] == ["look at this", "worth knowing"]


def test_a_stopped_report_says_nothing_was_played():
    stop = threading.Event()
    stop.set()
    report = wb.balance("correction", mode="fast", executor="serial", progress=False, stop=stop)
    assert report.parts["stopped"][0] == "interrupted"
    assert "No game was played" in report.findings["finding"][0]


def test_the_page_opens_with_the_findings_and_saves_as_one_file(correction, tmp_path):
    page = correction.to_html()
    assert page.index("What to look at") < page.index("Who wins") < page.index("How it was")
    assert page.count("<svg") == 3 and "shape:" not in page and "<script" not in page
    anchor = f"wb-balance-correction-{correction.seed}"
    for where in correction.findings["where"]:
        assert f'href="#{anchor}-{where}"' in page and f'id="{anchor}-{where}"' in page
    path = correction.save(tmp_path / "report.html")
    assert Path(path).read_text(encoding="utf-8") == page
    with pytest.raises(ValueError, match="html"):
        correction.save(tmp_path / "report.pdf")
    assert "<svg" in correction._repr_html_()


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"mode": "slow"}, "mode"),
        ({"precision": 0.7}, "precision"),
        ({"precision": True}, "precision"),
        ({"squads": ["Red", "Green"]}, "Green"),
    ],
)
def test_bad_arguments_are_named(kwargs, words):
    with pytest.raises(wb.SetupError, match=words):
        wb.balance("squad_combat", executor="serial", progress=False, **kwargs)


@pytest.fixture(scope="module")
def correction_skill():
    return wb.balance("correction", mode="fast", skill=True, executor="serial", progress=False)


def test_the_ladder_plays_each_rung_against_the_one_below_both_ways(correction_skill):
    from workbench.core import get_game

    ladder = get_game("correction").bot_ladder()
    pairs = correction_skill.skill
    assert pairs["bot"].to_list() == [name for name, _ in ladder[1:]]
    assert pairs["against"].to_list() == [name for name, _ in ladder[:-1]]
    for k, row in enumerate(pairs.iter_rows(named=True), start=1):
        strong, weak = ladder[k][1], ladder[k - 1][1]
        one = wb.simulate("correction", 4, seed=0, bots={0: strong, 1: weak}, executor="serial")
        two = wb.simulate("correction", 4, seed=0, bots={0: weak, 1: strong}, executor="serial")
        assert row["wins"] == int((one["winner"] == 0).sum() + (two["winner"] == 1).sum())
        assert row["losses"] == int((one["winner"] == 1).sum() + (two["winner"] == 0).sum())
        assert row["games"] == 8
    assert correction_skill.strength["bot"][0] == "random"
    assert correction_skill.strength["strength"][0] == 0.0
    ladder_part = correction_skill.parts.filter(pl.col("part") == "skill ladder")
    assert ladder_part["games"][0] == pairs["games"].sum() == ladder_part["most games"][0]
    page = correction_skill.to_html()
    assert "Does skill win?" in page and page.count("<svg") == 4


def test_strengths_follow_who_beats_whom():
    from workbench.sim.balance_skill import ratings

    decided = [(1, 0)] * 8 + [(0, 1)] * 2 + [(2, 1)] * 7 + [(1, 2)] * 3
    fitted = ratings(["random", "heuristic", "search"], decided)
    strength = fitted["strength"].to_list()
    assert strength[0] == 0.0 and 0 < strength[1] < strength[2]
    assert fitted["wins_against_random"][1] == pytest.approx(1 / (1 + 2.718281828 ** -strength[1]))


def test_a_cooperative_ladder_is_the_party_at_each_rung():
    report = wb.balance("sac", mode="fast", skill=True, executor="serial", progress=False)
    from workbench.core import get_game

    assert report.skill["bot"].to_list() == [name for name, _ in get_game("sac").bot_ladder()]
    assert (report.skill["games"] == 8).all()
    assert any(f.startswith("Better play") for f in report.findings["finding"])
