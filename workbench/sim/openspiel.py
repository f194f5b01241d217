"""Any registered game as an OpenSpiel game, so OpenSpiel's algorithms (MCTS, CFR, evaluation)
run on our designs. Needs the optional `openspiel` extra (the open_spiel package).

    game = openspiel_game("coop", players=3)      # a pyspiel.Game
    state = game.new_initial_state()

Actions are numbered by their position in our legal_actions() list at that state, and chance
outcomes by their position in the Chance's outcomes; their labels come back through
action_to_string. A game that cannot end (see State.stalled) is cut off as a draw with every
return 0, as simulate() reports it as a time-out.
"""

from __future__ import annotations

from ..core.game import CHANCE, TERMINAL
from ..core.registry import get_game

# Upper bounds OpenSpiel wants up front; every registered game stays far below them.
MAX_ACTIONS = 1024
MAX_CHANCE_OUTCOMES = 1024


def _pyspiel():
    try:
        import pyspiel
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "the OpenSpiel adapter needs open_spiel: pip install 'workbench[openspiel]'"
        ) from exc
    return pyspiel


def _game_info(pyspiel, g, seats: int):
    """The pyspiel.GameType and pyspiel.GameInfo of game `g` for `seats` players."""
    cooperative = g.traits.cooperative
    game_type = pyspiel.GameType(
        short_name=f"workbench_{g.name}",
        long_name=f"workbench {g.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if g.traits.hidden_information or g.traits.simultaneous
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.IDENTICAL
            if cooperative
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats,
        min_num_players=seats,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=MAX_ACTIONS,
        max_chance_outcomes=MAX_CHANCE_OUTCOMES,
        num_players=seats,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=None,
        max_game_length=g.max_decisions,
    )
    return game_type, info


def openspiel_game(game: str, *, cards=None, rules=None, **setup):
    """A pyspiel.Game playing `game` with these cards, rule variants and setup."""
    pyspiel = _pyspiel()
    g = get_game(game)
    setup = g.check_setup(setup)
    rules = g.resolve_rules(rules)
    cards = g.load_cards() if cards is None else cards
    seats = g.num_seats(setup)
    game_type, info = _game_info(pyspiel, g, seats)
    State = _state_class(pyspiel, g, seats)

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(game_type, info, params or {})

        def new_initial_state(self):
            return State(self, g.new_state(cards, rules, setup))

    return Game()


class _Box:
    """Holds our state inside an OpenSpiel state. OpenSpiel clones a Python state with
    copy.deepcopy; the box hands that to the game's own clone(), which shares the immutable
    card catalog instead of copying it at every step."""

    __slots__ = ("inner",)

    def __init__(self, inner):
        self.inner = inner

    def __deepcopy__(self, memo):
        return _Box(self.inner.clone())


def _state_class(pyspiel, g, seats: int) -> type:
    """The pyspiel.State subclass that plays game `g` with `seats` players."""

    class State(pyspiel.State):
        def __init__(self, ps_game, inner):
            super().__init__(ps_game)
            self._box = _Box(inner)
            self.decisions = 0
            self._cut = False

        @property
        def inner(self):
            return self._box.inner

        def current_player(self):
            if self.is_terminal():
                return pyspiel.PlayerId.TERMINAL
            mover = self.inner.to_move
            return pyspiel.PlayerId.CHANCE if mover == CHANCE else mover

        def _legal_actions(self, player):
            return list(range(len(self.inner.legal_actions())))

        def chance_outcomes(self):
            dist = self.inner.chance().dist
            total = dist.total
            return [(i, w / total) for i, w in enumerate(dist.weights)]

        def _apply_action(self, action):
            if self.inner.to_move == CHANCE:
                self.inner.apply_chance(self.inner.chance().dist.outcomes[action])
                return
            self.inner.apply(self.inner.legal_actions()[action])
            self.decisions += 1
            if self.decisions >= g.max_decisions or (g.traits.can_stall and self.inner.stalled()):
                self._cut = True

        def _action_to_string(self, player, action):
            if player == pyspiel.PlayerId.CHANCE:
                return _chance_words(self.inner.chance(), action)
            return self.inner.legal_actions()[action].label

        def is_terminal(self):
            return self._cut or self.inner.to_move == TERMINAL

        def returns(self):
            return _returns(None if self._cut else self.inner.result(), seats)

        def __str__(self):
            return repr(self.inner.observation(None))

    return State


def _chance_words(chance, action: int) -> str:
    """The chance outcome numbered `action`, named apart from every other outcome."""
    outcome = chance.dist.outcomes[action]
    # A card drawn into a hidden hand may be put in words alike for every card; OpenSpiel
    # needs every outcome named apart.
    words = str(outcome) if chance.seen_by is not None else chance.describe(outcome)
    return f"{chance.label}: {words}"


def _returns(result, seats: int) -> list[float]:
    """1 for each winning seat, 0 for the others; 0 for all when the game was cut off."""
    if result is None:
        return [0.0] * seats
    return [1.0 if s in result.winners else 0.0 for s in range(seats)]
