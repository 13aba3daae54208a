"""The We Are Dead heuristic: legal, sensible, and blind to other seats' secrets."""

from __future__ import annotations

import pytest

from tests.games.we_are_dead.twins import twin
from zombie_envs.agents import RandomAgent, make_agent
from zombie_envs.arena import play_game
from zombie_envs.games.we_are_dead.actions import (
    A_CARD,
    A_CHOOSE,
    A_INFECTION,
    A_PASS,
    A_SQUARE,
    A_YES,
)
from zombie_envs.games.we_are_dead.bots import HeuristicAgent, keep_value
from zombie_envs.games.we_are_dead.data import (
    GUN_NUT,
    HAND_KINDS,
    MOTHER,
    NUM_ATTACK,
    PANIC,
    SECURITY,
    SKATERS,
    SWAT,
)
from zombie_envs.games.we_are_dead.engine import WeAreDead
from zombie_envs.testing import blindness_violations as shared_blindness

ENV = "we_are_dead_v0"


class Table(WeAreDead):
    """The engine with a ``halt`` task, to run a few rule steps from a set position."""

    def halt(self) -> None:
        self.decision, self.legal = "halt", []


def position(
    n=3,
    active=0,
    at=None,
    hands=None,
    tokens=None,
    infection=None,
    score=None,
    damage=None,
    board="mall",
) -> Table:
    """``active``'s turn with seats at ``at`` {seat: node} (the start otherwise),
    hands holding exactly the listed kinds (attack values 0-4 are kinds 0-4),
    shopper tokens only where ``tokens`` {node: number} says, an empty deck."""
    g = Table(n, seed=0, board=board)
    g.active, g.turn = active, 1
    g.pos = [g.board.start] * n
    for seat, node in (at or {}).items():
        g.pos[seat] = node
    g.hands = [[0] * HAND_KINDS for _ in range(n)]
    for seat, cards in (hands or {}).items():
        for kind in cards:
            g.hands[seat][kind] += 1
    g.token = [0] * g.board.size
    for node, value in (tokens or {}).items():
        g.token[node] = value
    g.infection = [(infection or {}).get(s, 0) for s in range(n)]
    g.score = [(score or {}).get(s, 0) for s in range(n)]
    g.damage = [(damage or {}).get(s, 0) for s in range(n)]
    g.deck, g.discard = [], []
    return g


def start(g: Table, *tasks) -> Table:
    """Run rule tasks (tuples or bare names) until a seat must decide."""
    g.tasks = [("halt",)]
    g.push(*[(t,) if isinstance(t, str) else t for t in tasks])
    g.decision, g.legal, g.terminal = None, [], False
    g._run()
    return g


def token_at(g, src: int, d: int) -> int:
    """A token square exactly ``d`` moves from ``src``."""
    row = g.board.dist[src]
    return next(v for v in g.board.token_cells if row[v] == d)


def on_token(g: Table, value: int, seat: int = 0) -> Table:
    """Put ``seat`` on a shopper token of ``value`` next to the start."""
    node = token_at(g, g.board.start, 1)
    g.pos[seat] = node
    g.token[node] = value
    return g


def attack_with(g: Table, heroes: dict[int, int]) -> Table:
    """The active seat flips its token; opponents place ``heroes`` {seat: kind}
    face down (others pass); run to the first decision after the offers."""
    start(g, "attack_step")
    assert g.decision == "attack"
    g.apply(A_YES)
    while g.decision == "place_hero":
        kind = heroes.get(g.current_player)
        g.apply(A_PASS if kind is None else A_CARD + kind)
    return g


def bot(g, seat=None) -> int:
    seat = g.current_player if seat is None else seat
    return HeuristicAgent(0).act(g, seat)


# ----- information: the action depends only on what the seat may see ----------------


SETUPS = [(n, b) for b in ("mall", "carnival") for n in (2, 3, 4, 5)]  # games=8: each once


def blindness_violations(agent_cls, games=8, draws=2, every=2, seed=0):
    """Games of 2-5 players on both boards; every ``every``-th decision (and every
    hero choice, reveal and horde hero) with other seats' secrets changed."""
    engines = (
        WeAreDead(SETUPS[i % len(SETUPS)][0], seed=500 + i, board=SETUPS[i % len(SETUPS)][1])
        for i in range(games)
    )

    def sample(step, g):
        return step % every == 0 or g.decision in ("choose_hero", "horde_hero", "reveal")

    return shared_blindness(agent_cls, engines, twin, draws=draws, sample=sample, seed=seed)


def test_heuristic_sees_only_its_own_secrets():
    violations, coverage = blindness_violations(HeuristicAgent)
    assert violations == []
    for key in [
        ("move", "token"),
        ("move", "hand"),
        ("move", "deck"),
        ("attack", "token"),
        ("place_hero", "hand"),
        ("choose_hero", "facedown"),
        ("place_hero", "facedown"),
        ("reveal", "facedown"),
        ("fight", "hand"),
        ("slay", "token"),
        ("discard", "hand"),
        ("horde_hero", "token"),
        ("horde_hero", "hand"),
    ]:
        assert coverage[key] > 0, key


class PeeksAtTokens(HeuristicAgent):
    def on_move(self, g, seat):
        squares = [a for a in g.legal if A_SQUARE <= a < A_CARD]
        return max(squares, key=lambda a: (g.token[a - A_SQUARE], -a))


class PeeksAtHeroes(HeuristicAgent):
    def on_choose_hero(self, g, seat):
        n = g.num_players
        return min(g.legal, key=lambda a: (g.facedown[(seat + 1 + a - A_CHOOSE) % n], a))


class PeeksAtHands(HeuristicAgent):
    def on_place_hero(self, g, seat):
        if g.hands[g.active][4]:
            return A_PASS
        return super().on_place_hero(g, seat)


class PeeksAtDeck(HeuristicAgent):
    def on_discard(self, g, seat):
        if A_PASS in g.legal and g.deck and g.deck[-1] >= NUM_ATTACK:
            return A_PASS
        return super().on_discard(g, seat)


@pytest.mark.parametrize("cheat", [PeeksAtTokens, PeeksAtHeroes, PeeksAtHands, PeeksAtDeck])
def test_blindness_check_catches_cheats(cheat):
    violations, _ = blindness_violations(cheat, games=4, every=2)
    assert violations


# ----- legal and registered -------------------------------------------------------------
def test_registered_as_the_games_heuristic():
    assert isinstance(make_agent("heuristic", ENV, 3), HeuristicAgent)
    assert isinstance(make_agent("heuristic", "we_are_dead", 3), HeuristicAgent)


@pytest.mark.parametrize("board", ["mall", "carnival"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_plays_legal_games(players, board):
    agents = [HeuristicAgent(s) if s < 2 else RandomAgent(s) for s in range(players)]
    assert play_game(ENV, agents, players, board=board).game.terminal  # illegal would raise


def test_turn_by_turn_placement():
    agents = [HeuristicAgent(s) for s in range(3)]
    g = play_game(ENV, agents, 1, shopper_placement="turns").game
    assert g.terminal and max(g.score) > 0


# ----- movement ---------------------------------------------------------------------------
def test_moves_to_a_reachable_token():
    g = position(hands={0: [1, 2, 3]})
    s = g.board.start
    near, far = token_at(g, s, 2), token_at(g, s, 5)
    g.token[near] = g.token[far] = 1
    start(g, "movement")
    assert g.decision == "move"
    assert bot(g) == A_SQUARE + near


def test_spends_a_spare_hero_to_reach_a_token():
    g = position(hands={0: [1, 2, 3, SKATERS]})
    target = token_at(g, g.board.start, 4)
    g.token[target] = 1
    start(g, "movement")
    assert bot(g) == A_CARD + SKATERS
    g.apply(A_CARD + SKATERS)
    assert bot(g) == A_SQUARE + target


def test_keeps_its_attack_cards_rather_than_stretch_the_move():
    g = position(hands={0: [1, 2]})
    s = g.board.start
    target = token_at(g, s, 5)
    g.token[target] = 1
    start(g, "movement")
    action = bot(g)
    assert A_SQUARE <= action < A_CARD
    assert g.board.dist[action - A_SQUARE][target] == 2  # as close as the move allows


# ----- the attack -------------------------------------------------------------------------
def test_fights_with_the_smallest_cards_that_reach_the_toughness():
    g = on_token(position(hands={0: [0, 1, 2, 3, 4, 4], 1: [SKATERS]}), 1)
    attack_with(g, {1: SKATERS})
    while g.decision == "skaters":
        g.apply(A_PASS)
    assert g.decision == "panic" and bot(g) == A_PASS
    g.apply(A_PASS)
    assert g.decision == "fight" and g.toughness == 4
    assert bot(g) == A_CARD + 4  # one card, the smallest that reaches 4
    g.apply(A_CARD + 4)
    assert g.hero_defeated == 1 and g.decision == "slay"
    assert bot(g) == A_CARD + 0  # slays with the weakest card first


def test_never_fights_a_hero_it_cannot_beat():
    g = on_token(position(hands={0: [0, 1, 2], 1: [SECURITY]}), 3)
    attack_with(g, {1: SECURITY})
    assert g.decision == "panic"
    g.apply(A_PASS)
    assert g.decision == "fight" and g.toughness == 6
    assert bot(g) == A_PASS  # 0 + 1 + 2 < 6: no card is wasted


def test_takes_the_damage_when_its_cards_are_worth_more_as_slays():
    g = on_token(position(hands={0: [0, 1, 1, 3, 4], 1: [MOTHER]}), 5)
    attack_with(g, {1: MOTHER})
    g.apply(A_PASS)  # no Panicked Human
    assert g.decision == "fight" and g.toughness == 8
    assert bot(g) == A_PASS  # 4 + 3 + 1 would leave 2 cards for 5 shoppers
    g.apply(A_PASS)
    assert g.damage[0] == 1 and g.decision == "slay"


def test_fights_to_avoid_a_wound():
    g = on_token(position(hands={0: [0, 1, 1, 3, 4], 1: [MOTHER]}, damage={0: 2}), 5)
    attack_with(g, {1: MOTHER})
    g.apply(A_PASS)
    assert bot(g) == A_CARD + 4
    while g.decision == "fight":
        g.apply(bot(g))
    assert g.hero_defeated == 1 and g.damage[0] == 2
    assert g.hands[0][0] == 1 and g.hands[0][1] == 1  # 4 + 3 + 1: the rest slays


def test_infection_tokens_top_up_a_fight():
    g = on_token(position(hands={0: [2, 3], 1: [SECURITY]}, infection={0: 1}), 4)
    attack_with(g, {1: SECURITY})
    g.apply(A_PASS)
    assert g.toughness == 6
    plays = []
    while g.decision == "fight":
        plays.append(bot(g))
        g.apply(plays[-1])
    assert sorted(plays) == sorted([A_CARD + 2, A_CARD + 3, A_INFECTION])
    assert g.hero_defeated == 1


def test_panicked_human_against_a_hero_that_would_wound():
    hands = {0: [0, 1, 2, PANIC], 1: [GUN_NUT]}
    g = on_token(position(hands=hands, damage={0: 1}), 3)
    attack_with(g, {1: GUN_NUT})
    assert g.decision == "panic"
    assert bot(g) == A_CARD + PANIC


def test_slays_every_shopper_it_can_with_its_weakest_cards():
    g = on_token(position(hands={0: [3, 0, 2]}), 2)
    attack_with(g, {})
    assert g.decision == "slay"
    plays = []
    while g.decision == "slay":
        plays.append(bot(g))
        g.apply(plays[-1])
    assert plays == [A_CARD + 0, A_CARD + 2]
    assert g.score[0] == 2 and g.hands[0][3] == 1


def test_attacks_only_with_something_to_slay_with():
    g = on_token(position(hands={0: [SKATERS]}), 2)
    start(g, "attack_step")
    assert g.decision == "attack" and bot(g) == A_PASS
    g.hands[0][1] += 1
    assert bot(g) == A_YES


# ----- heroes against others and the horde ------------------------------------------------
def test_places_its_most_harmful_hero_against_a_leader():
    hands = {0: [1, 2], 1: [SKATERS, GUN_NUT, SWAT]}
    g = on_token(position(hands=hands, score={0: 20, 1: 10}), 3)
    start(g, "attack_step")
    g.apply(A_YES)
    assert g.decision == "place_hero" and g.current_player == 1
    assert bot(g) == A_CARD + GUN_NUT  # SWAT stays for the horde


def test_no_hero_against_a_player_far_behind():
    g = on_token(position(hands={0: [1, 2], 1: [GUN_NUT]}, score={0: 2, 1: 20}), 3)
    start(g, "attack_step")
    g.apply(A_YES)
    assert bot(g) == A_PASS


def test_chooses_the_leaders_hero_and_others_reveal_against_a_leader():
    hands = {0: [1, 2], 1: [SKATERS], 2: [SKATERS], 3: [GUN_NUT]}
    g = on_token(position(n=4, hands=hands, score={0: 15, 1: 4, 2: 12, 3: 8}), 3)
    attack_with(g, {1: SKATERS, 2: SKATERS, 3: GUN_NUT})
    assert g.decision == "choose_hero"
    assert bot(g) == A_CHOOSE + 1  # seat 2, the leading opponent
    g.apply(A_CHOOSE + 1)
    assert g.decision == "reveal"
    assert bot(g) == A_YES  # against the leader


def test_heroes_against_the_horde_swat_first():
    n = 3
    g = position(n=n, hands={0: [1], 1: [SKATERS, SWAT]}, score={0: 5, 1: 5})
    v = token_at(g, g.board.start, 2)
    g.token[v] = 4
    g.h_targets = [v]
    start(g, ("horde_offer", 1))
    assert g.decision == "horde_hero"
    assert bot(g) == A_CARD + SWAT
    g.apply(A_CARD + SWAT)
    g.apply(A_PASS)  # seat 2
    g.apply(A_PASS)  # seat 0
    assert bot(g) == A_CARD + SKATERS
    g.h_reduction = 4
    assert bot(g) == A_PASS  # nothing left to save


def test_horde_ties_go_far_from_itself():
    g = position(hands={0: [1]})
    s = g.board.start
    near, far = [v for v in g.board.token_cells if g.board.dist[s][v] == 2][:2]
    g.hordes = [s]
    g.token[near] = g.token[far] = 1
    g.pos[0] = near
    start(g, ("horde_move",))
    assert g.decision == "horde_target"
    assert bot(g) == A_SQUARE + far


def test_discards_spare_heroes_and_keeps_the_panicked_human():
    g = position(hands={0: [1, 2, SKATERS, GUN_NUT, PANIC]})
    start(g, "discard_step")
    while g.decision == "discard" and bot(g) != A_PASS:
        g.apply(bot(g))
    assert g.hands[0][PANIC] == 1 and g.hands[0][1] == g.hands[0][2] == 1
    assert g.hands[0][SKATERS] + g.hands[0][GUN_NUT] == 0


# ----- strength -----------------------------------------------------------------------------
def test_card_values_keep_attack_cards_over_spare_heroes():
    attack = [keep_value(k) for k in range(NUM_ATTACK)]
    assert attack == sorted(attack) and min(attack) >= 1.0
    assert keep_value(PANIC) >= 1.0 and keep_value(SWAT) >= 1.0
    assert keep_value(SKATERS) < 1.0 and keep_value(GUN_NUT) < 1.0


def test_beats_random_bots():
    """Loose: a small sample of 3-player games, seats rotated; a horde win is a loss."""
    wins = 0.0
    games = 24
    for i in range(games):
        me = i % 3
        agents = [HeuristicAgent(i) if s == me else RandomAgent(100 * i + s) for s in range(3)]
        won = play_game(ENV, agents, 900 + i).winners
        wins += 1 / len(won) if me in won else 0.0
    assert wins / games > 0.6
