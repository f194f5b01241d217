"""wb.hunt: a card made far too strong puts its deck at the top of the findings, every list
found passes the deck checks, and the games it names replay as it says."""

from __future__ import annotations

import polars as pl
import pytest

import workbench as wb
from workbench.core import get_game


@pytest.fixture(scope="module")
def skewed(skewed_squad_hunt):
    return skewed_squad_hunt


def test_the_deck_of_a_card_made_far_too_strong_is_the_top_finding(skewed):
    _, found = skewed
    top = found.findings.row(0, named=True)
    assert top["deck"] == "Blue" and top["too often"]
    assert top["from"] > 0.65 and found.message.startswith("Blue with")


def test_every_list_found_passes_the_deck_checks_and_keeps_its_size(skewed):
    cards, found = skewed
    g = get_game("squad_combat")

    def size(c, deck):
        return int(c["decks"].filter(pl.col("squad") == deck)["copies"].sum())

    for i, row in enumerate(found.findings.iter_rows(named=True)):
        listed = found.cards(i)
        assert g.cross_check(listed) == []
        assert size(listed, row["deck"]) == size(cards, row["deck"])
        other = "Red" if row["deck"] == "Blue" else "Blue"
        assert (
            listed["decks"]
            .filter(pl.col("squad") == other)
            .equals(cards["decks"].filter(pl.col("squad") == other))
        )
    assert found.searched.height > found.findings.height and found.games > 0


def first_replay(row) -> tuple[int, list[str]]:
    """The seed and seat order of the first game a finding names: "seed 123 (Blue v Red)"."""
    first = row["replay"].split(", ")[0]
    return int(first.split()[1]), first[first.index("(") + 1 : -1].split(" v ")


def test_the_games_it_names_replay_as_wins_of_the_deck(skewed):
    _, found = skewed
    top = found.findings.row(0, named=True)
    seed, order = first_replay(top)
    match = wb.play("squad_combat", seed=seed, cards=found.cards(0), bots="heuristic", squads=order)
    match.auto()
    assert match.state.result().winner == order.index(top["deck"])
    shown = found.match(0)  # the same game, ready for the step-through view
    shown.auto()
    assert shown.state.result().winner == order.index(top["deck"])
    assert shown.log == match.log
    with pytest.raises(wb.SetupError, match="does not exist"):
        found.match(99)
    with pytest.raises(wb.SetupError, match="game"):
        found.match(0, 50)


@pytest.mark.parametrize(
    ("game", "kwargs", "words"),
    [
        ("correction", {}, "no deck lists"),
        ("squad_combat", {"decks": ["Green"]}, "decks"),
        ("squad_combat", {"moves": 0}, "moves"),
        ("squad_combat", {"mode": "slow"}, "mode"),
    ],
)
def test_bad_arguments_are_named(game, kwargs, words):
    with pytest.raises(wb.SetupError, match=words):
        wb.hunt(game, executor="serial", progress=False, **kwargs)


@pytest.mark.parametrize(
    ("game", "size", "most"),
    [("armies", 60, 4), ("location_ccg", None, 3), ("squad_combat", None, 40)],
)
def test_variants_keep_each_games_deck_rules(game, size, most):
    import random

    from workbench.core.spec import Decks
    from workbench.sim.hunt import _variant

    g = get_game(game)
    cards, specs = g.load_cards(), g.decks()
    specs = specs if isinstance(specs, tuple) else (specs,)
    spec = next(s for s in specs if isinstance(s, Decks))
    rng = random.Random(7)
    for deck in cards[spec.table][spec.deck].unique(maintain_order=True):
        shipped = int(cards[spec.table].filter(pl.col(spec.deck) == deck)[spec.copies].sum())
        made = [_variant(cards, cards, specs, deck, rng, 3) for _ in range(6)]
        assert all(m is not None for m in made)
        for listed, words in made:
            lines = listed[spec.table].filter(pl.col(spec.deck) == deck)
            assert int(lines[spec.copies].sum()) == (size or shipped)
            assert int(lines[spec.copies].max()) <= most
            assert g.cross_check(listed) == [] and words != "as shipped"


def test_the_locations_a_deck_brings_are_hunted_too():
    # The Location CCG's decks each bring 3 Locations: a variant swaps some for others,
    # always 3 different ones the table holds, keyed by their names, said in words.
    import random

    from workbench.sim.hunt import _variant

    g = get_game("location_ccg")
    cards, specs = g.load_cards(), g.decks()
    places = set(cards["locations"]["name"])
    rng = random.Random(3)
    swapped = 0
    for deck in ("Syndicate", "Order"):
        for _ in range(12):
            listed, words = _variant(cards, cards, specs, deck, rng, 2)
            mine = listed["deck_locations"].filter(pl.col("deck") == deck)
            brought = mine["location"].to_list()
            assert len(set(brought)) == 3 and set(brought) <= places
            assert all(k.endswith(v) for k, v in zip(mine["id"], brought, strict=True))
            assert g.cross_check(listed) == []
            if (
                brought
                != cards["deck_locations"].filter(pl.col("deck") == deck)["location"].to_list()
            ):
                swapped += 1
                assert "locations +" in words
    assert swapped >= 4


def test_a_table_replaced_whole_is_checked_whole():
    cards = get_game("armies").load_cards()
    table = cards["deck_cards"]
    one_short = table.with_columns(
        pl.when(pl.int_range(pl.len()) == 0)
        .then(pl.col("copies") - 1)
        .otherwise(pl.col("copies"))
        .alias("copies")
    )
    with pytest.raises(wb.CardDataError, match="60"):
        cards.with_table("deck_cards", one_short)
    # A copy moved to another card of the same deck that has room: legal as a whole.
    deck = table["deck"][0]
    room = next(
        i
        for i, r in enumerate(table.iter_rows(named=True))
        if i and r["deck"] == deck and r["copies"] < 4
    )
    moved = one_short.with_columns(
        pl.when(pl.int_range(pl.len()) == room)
        .then(pl.col("copies") + 1)
        .otherwise(pl.col("copies"))
        .alias("copies")
    )
    assert cards.with_table("deck_cards", moved)["deck_cards"].equals(moved)
    with pytest.raises(wb.CardDataError, match="columns"):
        cards.with_table("deck_cards", table.drop("copies"))


def test_a_dask_cluster_finds_what_the_serial_run_finds(skewed):
    from distributed import Client

    from workbench.sim import local_cluster

    cards, found = skewed
    loadouts = {"mode": "fast", "seed": 1, "progress": False}  # a Choices hunt too
    serial = wb.hunt("rpg_card_battle", executor="serial", **loadouts)
    with local_cluster(2) as cluster, Client(cluster, set_as_default=False) as client:
        again = wb.hunt(
            "squad_combat", cards=cards, mode="fast", seed=2, executor=client, progress=False
        )
        dask = wb.hunt("rpg_card_battle", executor=client, **loadouts)
    for one, other in ((found, again), (serial, dask)):
        assert one.findings.height > 0 and one.findings.equals(other.findings)
        assert one.searched.equals(other.searched)
        assert (one.games, one.message) == (other.games, other.message)
        assert all(one.cards(i) == other.cards(i) for i in range(one.findings.height))


def test_a_declared_table_or_column_the_cards_lack_is_named(monkeypatch):
    from workbench.core.spec import Decks, Picks

    g = get_game("squad_combat")
    for spec, words in [
        (Decks("lists", "squad", "card", "copies", "cards"), "table 'lists'"),
        (Decks("decks", "side", "card", "copies", "cards"), "column 'side' of 'decks'"),
        (
            (
                Decks("decks", "squad", "card", "copies", "cards"),
                Picks("decks", "squad", "card", "spells"),
            ),
            "from table 'spells'",
        ),
    ]:
        monkeypatch.setattr(type(g), "decks", lambda self, spec=spec: spec)
        with pytest.raises(wb.SetupError, match=words):
            wb.hunt("squad_combat", mode="fast", executor="serial", progress=False)
