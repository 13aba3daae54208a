"""The Mall of Horror heuristic: legal, sensible, and blind to other seats' secrets."""

from __future__ import annotations

import pytest

from tests.games.mall_of_horror.twins import twin
from zombie_envs.agents import RandomAgent
from zombie_envs.arena import play_game
from zombie_envs.games.mall_of_horror.actions import (
    A_CHARACTER,
    A_GIVE,
    A_GIVE_TO,
    A_KEEP,
    A_LOCATION,
    A_PASS,
    A_PLAY,
    A_VOTE,
)
from zombie_envs.games.mall_of_horror.bots import HeuristicAgent, _vote_share
from zombie_envs.games.mall_of_horror.data import (
    CAMERA,
    HARDWARE,
    HIDDEN,
    KINDS,
    SPRINT,
    THREAT,
    WEAPON1,
    WEAPON2,
)
from zombie_envs.games.mall_of_horror.engine import EATEN, MallOfHorror
from zombie_envs.games.mall_of_horror.voting import ATTACK
from zombie_envs.testing import blindness_violations as shared_blindness

ENV = "mall_of_horror_v0"
NUM_CARDS = 7
RESTROOM, CACHOU, MEGATOYS, PARKING, SECURITY, SUPERMARKET = range(6)
PIN, TOUGH, GUN = range(3)


class Board(MallOfHorror):
    """The engine with a ``halt`` task, to run a few rule steps from a set position."""

    def halt(self) -> None:
        self.decision, self.legal = "halt", []


def position(at, zombies=None, hands=None, deck=None, chief=0, elected=False) -> Board:
    """Four players in round 1; ``at`` = {location: [(seat, kind)]}, every other
    character eaten; hands hold exactly the listed cards."""
    g = Board(4, seed=0)
    g.round = 1
    g.loc = [EATEN if k < 3 else -3 for _ in range(4) for k in range(KINDS)]
    for L, chars in at.items():
        for seat, kind in chars:
            g.loc[slot(seat, kind)] = L
    g.zombies = [0] * 6
    for L, z in (zombies or {}).items():
        g.zombies[L] = z
    g.hands = [[0] * NUM_CARDS for _ in range(4)]
    for seat, cards in (hands or {}).items():
        for card in cards:
            g.hands[seat][card] += 1
    g.deck = list(deck or [])
    g.chief, g.chief_elected = chief, int(elected)
    return g


def start(g: Board, *tasks) -> Board:
    """Run rule tasks (tuples or bare names) until a seat must decide."""
    g.tasks = [("halt",)]
    g.push(*[(t,) if isinstance(t, str) else t for t in tasks])
    g.decision, g.legal, g.terminal = None, [], False
    g._run()
    return g


def slot(seat: int, kind: int) -> int:
    return seat * KINDS + kind


def vote_action(g, voter: int, colour: int) -> int:
    return A_VOTE + (colour - voter) % g.num_players


# ----- information: the action depends only on what the seat may see ----------------


def blindness_violations(agent_cls, games: int = 10, draws: int = 2, seed: int = 0):
    """Every decision of 3-6 player games, other seats' secrets changed."""
    engines = (MallOfHorror((3, 4, 4, 5, 6)[i % 5], seed=1000 + i) for i in range(games))
    return shared_blindness(agent_cls, engines, twin, draws=draws, seed=seed)


def test_heuristic_sees_only_its_own_secrets():
    violations, coverage = blindness_violations(HeuristicAgent)
    assert violations == []
    # the secrets that could sway each decision were actually changed
    for key in [
        ("ballot", "ballot"),
        ("destination", "destination"),
        ("destination", "arrival_dice"),
        ("move", "hand"),
        ("cards", "hand"),
        ("ballot", "hand"),
        ("give_to", "hand"),
        ("destination", "deck"),
    ]:
        assert coverage[key] > 0, key


class PeeksAtDice(HeuristicAgent):
    def _arrivals(self, g, seat):
        out = [0] * 6
        for L in g.dice:
            if L >= 0:
                out[L] += 1
        return out if g.dice[0] >= 0 else None


class PeeksAtHands(HeuristicAgent):
    def on_give_to(self, g, seat):
        n = g.num_players
        to = max(
            (s for s in range(n) if s != seat),
            key=lambda s: (g.hands[s][WEAPON2] + g.hands[s][HIDDEN], s),
        )
        return A_GIVE_TO + (to - seat - 1) % n

    def on_cards(self, g, seat):
        if any(g.hands[s][WEAPON2] for s in range(g.num_players) if s != seat):
            return A_PASS
        return super().on_cards(g, seat)


@pytest.mark.parametrize("cheat", [PeeksAtDice, PeeksAtHands])
def test_blindness_check_catches_cheats(cheat):
    violations, _ = blindness_violations(cheat, games=5, draws=2)
    assert violations


# ----- legal and sensible play -----------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_heuristic_plays_legal_games(players):
    for seed in range(3):
        agents = [HeuristicAgent(s) if s < 2 else RandomAgent(s) for s in range(players)]
        assert play_game(ENV, agents, seed).game.terminal  # an illegal action would raise


def test_never_sacrifices_the_pin_up_when_another_can_go():
    g = position(at={RESTROOM: [(0, PIN), (0, GUN)], MEGATOYS: [(0, TOUGH)]}, zombies={RESTROOM: 5})
    start(g, ("resolve_vote", ATTACK, RESTROOM, 0))
    assert g.decision == "victim"
    assert HeuristicAgent(0).act(g, 0) == A_CHARACTER + GUN
    g = position(at={RESTROOM: [(0, PIN), (0, TOUGH)]}, zombies={RESTROOM: 5})
    start(g, ("resolve_vote", ATTACK, RESTROOM, 0))
    assert HeuristicAgent(0).act(g, 0) == A_CHARACTER + TOUGH


def test_votes_against_the_leader_never_itself():
    at = {
        MEGATOYS: [(0, PIN), (1, GUN), (2, GUN)],
        SECURITY: [(1, PIN), (1, TOUGH)],
        RESTROOM: [(2, TOUGH)],
    }
    g = position(at=at, zombies={MEGATOYS: 4})
    start(g, ("vote", ATTACK, MEGATOYS, 0, (0, 1, 2)))
    while g.current_player != 0:
        g.apply(vote_action(g, g.current_player, 0))
    assert g.decision == "ballot"
    assert HeuristicAgent(0).act(g, 0) == vote_action(g, 0, 1)  # seat 1 leads with 15


def test_weapon_turns_away_an_attack_on_its_pin_up():
    g = position(
        at={RESTROOM: [(0, PIN)]}, zombies={RESTROOM: 2}, hands={0: [WEAPON1, WEAPON2, THREAT]}
    )
    start(g, ("attack_location", RESTROOM))
    assert g.decision == "cards"
    assert HeuristicAgent(0).act(g, 0) == A_PLAY + WEAPON2


def test_hardware_when_enough():
    g = position(
        at={MEGATOYS: [(0, PIN), (0, GUN)]}, zombies={MEGATOYS: 2}, hands={0: [HARDWARE, WEAPON2]}
    )
    start(g, ("attack_location", MEGATOYS))
    assert HeuristicAgent(0).act(g, 0) == A_PLAY + HARDWARE


def test_hides_its_last_visible_character_when_it_cannot_stop_the_attack():
    g = position(at={MEGATOYS: [(0, PIN), (1, GUN)]}, zombies={MEGATOYS: 5}, hands={0: [HIDDEN]})
    start(g, ("attack_location", MEGATOYS))
    agent = HeuristicAgent(0)
    assert g.current_player == 0 and agent.act(g, 0) == A_PLAY + HIDDEN
    g.apply(A_PLAY + HIDDEN)
    assert g.hidden[slot(0, PIN)] == 1


def test_spends_no_card_when_not_threatened():
    g = position(
        at={MEGATOYS: [(0, TOUGH), (0, GUN), (1, GUN)]}, zombies={MEGATOYS: 1}, hands={0: [WEAPON2]}
    )
    start(g, ("card_window", 0, MEGATOYS))  # e.g. a weapon played before turned them away
    assert g.decision == "cards"
    assert HeuristicAgent(0).act(g, 0) == A_PASS


def test_threat_swings_a_contested_attack_vote():
    g = position(at={MEGATOYS: [(0, PIN), (1, GUN)]}, zombies={MEGATOYS: 5}, hands={0: [THREAT]})
    start(g, ("attack_location", MEGATOYS))
    assert g.current_player == 0 and g.decision == "cards"
    assert HeuristicAgent(0).act(g, 0) == A_PLAY + THREAT


def test_truck_keeps_the_best_and_feeds_the_weakest_the_worst():
    at = {
        PARKING: [(0, GUN)],
        SECURITY: [(0, PIN), (1, PIN), (1, TOUGH)],
        MEGATOYS: [(2, GUN)],
        RESTROOM: [(3, PIN), (3, GUN)],
    }
    g = position(at=at, deck=[SPRINT, HIDDEN, CAMERA])
    start(g, ("search", 0))
    agent = HeuristicAgent(0)
    assert agent.act(g, 0) == A_KEEP + HIDDEN
    g.apply(A_KEEP + HIDDEN)
    assert agent.act(g, 0) == A_GIVE + CAMERA
    g.apply(A_GIVE + CAMERA)
    assert agent.act(g, 0) == A_GIVE_TO + 1  # seat 2, with 3 points, is the weakest


def test_moves_its_pin_up_out_of_danger():
    g = position(
        at={PARKING: [(0, PIN)], MEGATOYS: [(0, GUN)], RESTROOM: [(1, PIN)]}, zombies={PARKING: 2}
    )
    g.dest = [SECURITY, RESTROOM, -1, -1]
    g.dest_public = [1, 1, 1, 1]
    start(g, ("move", 0))
    assert g.decision == "move"
    assert HeuristicAgent(0).act(g, 0) == A_CHARACTER + PIN


def test_destination_avoids_known_zombies():
    g = position(
        at={
            SECURITY: [(0, PIN)],
            MEGATOYS: [(0, GUN), (1, PIN)],
            SUPERMARKET: [(2, GUN)],
            RESTROOM: [(3, GUN)],
        },
        chief=0,
        elected=True,
        hands={0: []},
    )
    g.dice = [MEGATOYS, MEGATOYS, MEGATOYS, PARKING]
    g.dice_seen = [1, 0, 0, 0]
    start(g, ("destination", 0))
    assert g.decision == "destination"
    choice = HeuristicAgent(0).act(g, 0) - A_LOCATION
    assert choice not in (MEGATOYS, PARKING)


def test_placement_keeps_the_pin_up_off_the_parking_lot():
    g = MallOfHorror(4, seed=0)
    g.loc = [-1 if c % 4 < 3 else -3 for c in range(16)]
    g.place_dice = [PARKING, SECURITY]
    start_placement = [A_LOCATION + PARKING, A_LOCATION + SECURITY]
    g.legal, g.decision, g.current_player = start_placement, "place_location", 0
    assert HeuristicAgent(0).act(g, 0) == A_LOCATION + SECURITY
    g.pending_place = PARKING
    g.legal, g.decision = [A_CHARACTER + k for k in (PIN, TOUGH, GUN)], "place_character"
    assert HeuristicAgent(0).act(g, 0) == A_CHARACTER + GUN


def test_plays_the_camera():
    g = position(at={SECURITY: [(0, PIN)], MEGATOYS: [(1, PIN)]}, hands={0: [CAMERA]})
    start(g, "arrival_of_zombies")
    assert g.decision == "camera"
    assert HeuristicAgent(0).act(g, 0) == A_PLAY + CAMERA


def test_vote_share_is_a_distribution():
    for weights in ([1, 1, 0, 0], [2, 1, 1, 0], [3, 1, 2, 2], [0, 4, 0, 1]):
        shares = [_vote_share(weights, s) for s in range(4)]
        assert sum(shares) == pytest.approx(1.0)
        assert all(0 <= x <= 1 for x in shares)
    assert _vote_share([2, 1], 0) < _vote_share([2, 1], 1)
