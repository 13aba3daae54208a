"""The Maul of America heuristic, in both roles: blind to other seats' secrets,
legal in whole games, and stronger than random play."""

from __future__ import annotations

import pytest

from tests.games.maul_of_america.positions import position, shopper_turn, sq
from tests.games.maul_of_america.twins import twin
from zombie_envs.arena import play_game
from zombie_envs.core.agent import RandomAgent
from zombie_envs.games.maul_of_america.actions import (
    A_ACT,
    A_BITE,
    A_PASS,
    END_TURN,
    ESCAPE,
    SEARCH,
)
from zombie_envs.games.maul_of_america.bots import HeuristicAgent
from zombie_envs.games.maul_of_america.cards import DODGE, SPAWN, ZOMBIE_CARDS
from zombie_envs.games.maul_of_america.declaration import KIND
from zombie_envs.games.maul_of_america.engine import MaulOfAmerica
from zombie_envs.games.maul_of_america.seats import DEAD, ESCAPED, ZC
from zombie_envs.testing import blindness_violations as shared_blindness

# ----- information: the action depends only on what the seat may see ----------------


def blindness_violations(agent_cls, games=8, every=2):
    """Games of 2-5 players; every ``every``-th decision, and every attack, bite and
    Dodge question, with the other seats' secrets changed."""
    engines = (MaulOfAmerica(2 + i % 4, seed=700 + i) for i in range(games))

    def sample(step, g):
        return step % every == 0 or g.decision in (KIND.target, KIND.bite, KIND.dodge)

    return shared_blindness(agent_cls, engines, twin, sample=sample)


def test_heuristic_sees_only_its_own_secrets():
    violations, coverage = blindness_violations(HeuristicAgent)
    assert violations == []
    for key in [
        (KIND.act, "hand"),
        (KIND.act, "deck"),
        (KIND.command, "hand"),
        (KIND.command, "deck"),
        (KIND.destination, "hand"),
        (KIND.bite, "hand"),
    ]:
        assert coverage[key] > 0, key


class PeeksAtShopperHands(HeuristicAgent):
    """A ZC that bites nobody who holds a Dodge."""

    def on_bite(self, g, seat):
        bites = [a for a in g.legal if A_BITE <= a < A_BITE + g.num_players - 1]
        if all(g.hands[a - A_BITE + 1][DODGE] for a in bites):
            return A_PASS
        return super().on_bite(g, seat)


class PeeksAtZombieCards(HeuristicAgent):
    """A Shopper that ends its turn while the ZC holds no card of the first kind."""

    def on_act(self, g, seat):
        if not g.hands[ZC][ZOMBIE_CARDS[0]] and A_ACT + END_TURN in g.legal:
            return A_ACT + END_TURN
        return super().on_act(g, seat)


class PeeksAtDeck(HeuristicAgent):
    """A Shopper that searches only when the top Search card is equipment."""

    def on_act(self, g, seat):
        action = super().on_act(g, seat)
        if action == A_ACT + SEARCH and g.search and SPAWN[g.search[-1]]:
            return A_ACT + END_TURN
        return action


@pytest.mark.parametrize("cheat", [PeeksAtShopperHands, PeeksAtZombieCards, PeeksAtDeck])
def test_blindness_check_catches_cheats(cheat):
    violations, _ = blindness_violations(cheat, games=4)
    assert violations


# ----- whole games ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "zc, shoppers",
    [
        (RandomAgent, RandomAgent),
        (HeuristicAgent, HeuristicAgent),
        (HeuristicAgent, RandomAgent),
        (RandomAgent, HeuristicAgent),
    ],
)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_plays_whole_games(players, zc, shoppers):
    agents = [zc(0)] + [shoppers(s) for s in range(1, players)]
    g = play_game(MaulOfAmerica, agents, 40 + players).game  # an illegal action would raise
    assert g.terminal and not g.truncated
    (won,) = g.winners()
    assert won == ZC or g.status[won] == ESCAPED


# ----- strength ---------------------------------------------------------------------------
def outcomes(zc, shoppers, players, games):
    """(Shoppers escaped, Shoppers killed) over seeded games of ``zc`` against ``shoppers``."""
    escaped = killed = 0
    for i in range(games):
        agents = [zc(1000 + i)] + [shoppers(100 * i + s) for s in range(1, players)]
        g = play_game(MaulOfAmerica, agents, 500 + i).game
        escaped += g.status.count(ESCAPED)
        killed += g.status.count(DEAD)
    return escaped, killed


def test_heuristic_shoppers_escape_where_random_ones_do_not():
    """Against a random ZC, 16 four-player games: heuristic Shoppers escape in most."""
    heuristic, _ = outcomes(RandomAgent, HeuristicAgent, 4, 16)
    random_, _ = outcomes(RandomAgent, RandomAgent, 4, 16)
    assert heuristic >= random_ + 10


def test_heuristic_zombie_controller_kills_more_shoppers_than_a_random_one():
    """Against heuristic Shoppers (random ones almost never escape), 24 five-player games."""
    _, heuristic = outcomes(HeuristicAgent, HeuristicAgent, 5, 24)
    _, random_ = outcomes(RandomAgent, HeuristicAgent, 5, 24)
    assert heuristic >= random_ + 6


def test_a_shopper_who_may_escape_steps_onto_a_zombie_held_exit_and_leaves():
    """The zombie the heuristic ZC parks on the designated exit costs an eligible
    Shopper a free attack, not the game: with zombies on both squares of the arrow he
    steps onto it rather than fight them, then escapes."""
    g = position(at={1: (3, 1)}, zombies=[(3, 0), (4, 0)], exit=(3, 0),
                 items={1: ["Pistol", "Ammo", "Food", "Medkit"]})  # fmt: skip
    shopper_turn(g, 1, 6, 0)
    bot = HeuristicAgent(seed=0)
    move = bot.act(g, 1)
    g.apply(move)
    assert g.pos[1] in g.zombies and g.pos[1] in {sq(3, 0), sq(4, 0)}
    assert bot.act(g, 1) == A_ACT + ESCAPE
