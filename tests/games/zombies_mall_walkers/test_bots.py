"""The Mall Walkers heuristic: legal in whole games of every scenario and player
count, blind to what its seat may not see, sensible in set positions, and stronger
than random play."""

from __future__ import annotations

import copy

import pytest

from tests.games.zombies_mall_walkers.positions import (
    PAD,
    PLAN,
    Dice,
    act,
    card,
    discard,
    position,
    sq,
    start,
    turn,
    use,
    zombie_move,
)
from tests.games.zombies_mall_walkers.twins import twin
from zombie_envs.arena import play_game
from zombie_envs.core.agent import RandomAgent
from zombie_envs.games.zombies_mall_walkers import routes
from zombie_envs.games.zombies_mall_walkers.actions import (
    A_BULLETS,
    A_CHALLENGE,
    A_DUCT,
    A_KEEP,
    A_PASS,
    A_PLACE,
    A_ROLL,
    A_WOUND,
    A_ZOMBIE,
)
from zombie_envs.games.zombies_mall_walkers.bots import HeuristicAgent, death_chance
from zombie_envs.games.zombies_mall_walkers.cards import NAMES
from zombie_envs.games.zombies_mall_walkers.declaration import GAME, KIND
from zombie_envs.games.zombies_mall_walkers.engine import MallWalkers
from zombie_envs.games.zombies_mall_walkers.mall import (
    ESCALATOR,
    HELIPAD,
    TILES,
    build,
    placement_at,
)
from zombie_envs.match import head_to_head
from zombie_envs.testing import blindness_violations as shared_blindness

SCENARIOS = next(o for o in GAME.options if o.name == "scenario").choices
START = (1, 1)


def bot_plays(g, seat: int = 0) -> int:
    return HeuristicAgent(seat).act(g, seat)


# ----- information: the action depends only on what the seat may see ----------------


def blindness_violations(agent_cls, games=9, every=3):
    """Games of 2-6 players in every scenario; every ``every``-th decision, and every
    tile, card, target, discard and key decision, with the other seats' secrets,
    the deck's and the stack's order changed."""
    engines = (
        MallWalkers(2 + i % 5, seed=900 + i, scenario=SCENARIOS[i % len(SCENARIOS)])
        for i in range(games)
    )
    watched = {
        KIND.place_tile,
        KIND.play_card,
        KIND.target,
        KIND.pick,
        KIND.discard,
        KIND.challenge,
        KIND.duel,
    }

    def sample(step, g):
        return step % every == 0 or g.decision in watched

    return shared_blindness(agent_cls, engines, twin, sample=sample)


def test_heuristic_sees_only_its_own_secrets():
    violations, coverage = blindness_violations(HeuristicAgent)
    assert violations == []
    for key in [
        (KIND.place_tile, "stack"),
        (KIND.place_tile, "hand"),
        (KIND.play_card, "hand"),
        (KIND.play_card, "deck"),
        (KIND.target, "hand"),
        (KIND.discard, "deck"),
        (KIND.discard, "hand"),
        (KIND.move, "hand"),
        (KIND.move_zombies, "stack"),
        (KIND.fight, "hand"),
    ]:
        assert coverage[key] > 0, key


class PeeksAtHands(HeuristicAgent):
    """Plays no card while another seat holds a Jammed."""

    def on_play_card(self, g, seat):
        jammed = NAMES.index("Jammed")
        if any(g.hands[p][jammed] for p in range(g.num_players) if p != seat):
            return A_PASS
        return super().on_play_card(g, seat)


class PeeksAtDeck(HeuristicAgent):
    """Keeps its cards when the top of the deck is a Lucky Shot or a Crossbow."""

    def on_discard(self, g, seat):
        if g.deck and NAMES[g.deck[-1]] in ("Lucky Shot", "Crossbow"):
            return A_KEEP
        return super().on_discard(g, seat)


class PeeksAtStack(HeuristicAgent):
    """Places a tile at its last option when a store comes next."""

    def on_place_tile(self, g, seat):
        if g.stack and TILES[g.stack[-1]].kind == "store":
            return g.legal[-1]
        return super().on_place_tile(g, seat)


@pytest.mark.parametrize("cheat", [PeeksAtHands, PeeksAtDeck, PeeksAtStack])
def test_blindness_check_catches_cheats(cheat):
    violations, _ = blindness_violations(cheat, games=5)
    assert violations


# ----- whole games ---------------------------------------------------------------------
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_plays_whole_games(players, scenario):
    """Heuristic seats against random ones, and a table of heuristics: every action
    legal (``apply`` would raise), every game won, unless it was a stalemate the round
    cap truncated (the Helipad lost and too few zombies left for anyone's 25th)."""
    mixed = [HeuristicAgent(s) if s % 2 == 0 else RandomAgent(s) for s in range(players)]
    for agents, seed in ((mixed, 10 + players), ([HeuristicAgent(s) for s in range(players)], 20)):
        g = play_game(MallWalkers, agents, seed, scenario=scenario).game
        assert g.terminal
        stalemate = HELIPAD in g.lost_tiles and sum(g.zombies) + max(g.trophies) < 25
        assert g.final_winners() or stalemate


def test_plays_with_the_helipad_at_the_bottom():
    agents = [HeuristicAgent(s) for s in range(4)]
    g = play_game(MallWalkers, agents, 3, helipad="bottom").game
    assert g.terminal and g.final_winners()


def test_before_the_helipad_it_heads_for_the_second_floor():
    """The test mall without the Helipad, still in the stack (open hall ends on both
    floors, no tokens, no zombies): a roll of 6 from the Front Door brings the seat 6
    squares nearer the second floor's open hall ends, where the Helipad can go."""
    g = position(n=2, plan=PLAN[:8], stack=[HELIPAD])
    upper = {v: 0.0 for v, floor in routes.frontier(g.mall) if floor == 2}
    assert upper
    field = routes.field(g.mall, upper, None)
    before = field[g.pos[0]]
    g.rng = Dice(5)  # a 6 to move
    start(g, ("movement",))
    while g.decision == KIND.move:
        act(g, 0, bot_plays(g))
    assert field[g.pos[0]] == before - 6


# ----- set positions ------------------------------------------------------------------------
def test_walks_its_whole_roll_toward_the_helipad_centre():
    g = position(n=2)
    turn(g, 0, 5, 0)  # a 6 to move, then one zombie move (no zombie on the table)
    to_centre = routes.walk(g.mall, g.mall.centre)
    before = to_centre[g.pos[0]]
    while g.decision == KIND.move:
        act(g, 0, bot_plays(g))
    assert to_centre[g.pos[0]] == before - 6


def test_crawls_through_a_duct_that_saves_more_than_a_roll():
    """On the Department Store's duct, two squares from the centre by the duct
    against six by the halls: it crawls to the Helipad."""
    g = position(n=2, at={0: (-7, -1)})
    g.duct[0] = 1
    turn(g, 0, 5, 0)
    assert g.decision == KIND.start_move and A_ROLL in g.legal
    assert bot_plays(g) == A_DUCT + PAD


def test_rolls_when_the_duct_leads_nowhere_useful():
    """On the Costume Shop's duct with the Helipad placed: the duct to the Helipad saves
    too little against a roll, or more; the seat only crawls when the field says so."""
    g = position(n=2, at={0: (-9, 5)})
    g.duct[0] = 1
    turn(g, 0, 5, 0)
    assert g.decision == KIND.start_move
    field = routes.walk(g.mall, g.mall.centre)
    crawl = bot_plays(g) != A_ROLL
    assert crawl == (field[g.mall.duct[PAD]] < field[g.pos[0]] - 3.5)


def fight(die: int, **kw):
    """Seat 0's turn with a zombie on its square and a first roll of ``die`` (1-6)."""
    g = position(zombies=[START], **kw)
    turn(g, 0, die - 1)
    assert g.decision == KIND.fight
    return g


def test_spends_bullets_when_a_miss_would_cost_a_scarce_life():
    assert bot_plays(fight(2, life={0: 1}, bullets={0: 3})) == A_BULLETS
    assert bot_plays(fight(1, life={0: 3}, bullets={0: 3})) == A_BULLETS


def test_keeps_few_bullets_when_life_is_plentiful():
    assert bot_plays(fight(2, life={0: 5}, bullets={0: 2})) == A_WOUND


def test_the_crossbow_first_then_a_kill_card_for_the_last_life():
    assert bot_plays(fight(3, items={0: ["Crossbow"]})) == use("Crossbow")
    g = fight(1, life={0: 1}, bullets={0: 0}, hands={0: ["Lucky Shot"]})
    assert bot_plays(g) == use("Lucky Shot")


def test_places_the_helipad_near_itself_and_far_from_the_other():
    """The test mall without the Helipad: the seat on the second floor by the Costume
    Shop, the other at the Front Door; the Helipad goes where its centre is nearest
    the seat, and farther from the other than the seat."""
    g = position(n=2, plan=PLAN[:8], stack=[HELIPAD], at={0: (-8, 4), 1: START})
    turn(g, 0, 5, 0)
    assert g.decision == KIND.place_tile and len(g.legal) > 1

    def distances(a):
        r, c, t = placement_at(a - A_PLACE)
        new = build(g.mall.tiles + ((HELIPAD, r, c, t, g.mall.fit(HELIPAD, (r, c), t)),))
        return routes.walk(new, new.centre)[g.pos[0]], routes.walk(new, new.centre)[g.pos[1]]

    mine, theirs = distances(bot_plays(g))
    assert mine == min(distances(a)[0] for a in g.legal)
    assert mine < theirs


def test_moves_a_zombie_off_its_way_and_none_onto_itself():
    """A zombie on the square north of the seat, on its way to the centre: the first
    zombie move takes it farther away."""
    g = position(n=2, zombies=[(0, 1), (1, 5)], at={1: (1, 4)})
    g.rng = Dice(1)
    start(g, ("zombie_phase",))
    assert g.decision == KIND.move_zombies
    a = bot_plays(g)
    frm, d = divmod(a - A_ZOMBIE, 4)
    to = g.mall.nbr[frm][d]
    me = routes.halls(g.mall, g.pos[0])
    assert to != g.pos[0]
    if frm == sq(0, 1):
        assert me[to] > me[frm]


def test_made_to_move_zombies_it_moves_them_away_rather_than_onto_itself():
    """A roll of 2 with two zombies beside the seat, each able to step onto its square
    or away: both must move, and both go away."""
    g = position(n=2, at={0: (-2, 1)}, zombies=[(-3, 1), (-2, 0)])
    g.rng = Dice(1)
    start(g, ("zombie_phase",))
    while g.decision == KIND.move_zombies:
        g.apply(bot_plays(g))
    assert g.zombies[sq(-4, 1)] and g.zombies[sq(-2, -1)] and not g.zombies[sq(-2, 1)]


def test_discards_the_least_useful_card_and_keeps_a_good_hand():
    g = position(hands={0: ["Barricade the Door", "Lucky Shot", "Crossbow"]})
    start(g, ("discard_step",))
    assert bot_plays(g) == discard("Barricade the Door")
    g = position(hands={0: ["I Will Survive!", "Lucky Shot", "Crossbow"]})
    start(g, ("discard_step",))
    assert bot_plays(g) == A_KEEP


def test_plays_life_when_hurt_in_a_store():
    """In the Department Store with 1 life, the fries (2 life) come first."""
    g = position(
        at={0: (-7, -1)}, life={0: 1}, hands={0: ["You Want Fries with That?", "Sprinkler System"]}
    )
    start(g, ("card_window",))
    assert bot_plays(g) == card("You Want Fries with That?")


def test_always_challenges_the_keeper():
    g = position(n=2, scenario="keys")
    g.keeper = 1
    start(g, ("challenge_here",))
    assert g.decision == KIND.challenge and bot_plays(g) == A_CHALLENGE


def test_a_plan_is_worked_out_again_only_when_what_it_is_made_from_changes():
    """The field a seat walks down is kept between its decisions while the mall, its
    goals and what entering each square costs stay the same (the steps of one move),
    and is always the field worked out afresh."""
    agents = [HeuristicAgent(s) for s in range(3)]
    g = MallWalkers(3, seed=5)
    kept = 0
    while not g.terminal:
        seat = g.current_player
        before = agents[seat]._last_plan[3]
        field, goals, enter = agents[seat].plan(g, seat)
        assert field == routes.field(g.mall, goals, enter)
        kept += field is before
        g.apply(agents[seat].act(g, seat))
    assert kept  # the steps of a move share one
    sent = copy.deepcopy(agents[0])  # through __getstate__, as pickling for a worker goes
    assert (
        sent._last_plan == HeuristicAgent()._last_plan
        and sent.rng.random() == agents[0].rng.random()
    )


def test_death_chance():
    assert death_chance(1, 0, 0) == 0.5
    assert death_chance(2, 0, 0) == 0.25
    assert death_chance(3, 3, 0) == 0.0
    assert death_chance(1, 0, 1) == pytest.approx(1 / 3)


# ----- strength ---------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_heuristic_beats_random_bots(scenario):
    """The registered heuristic against 3 random bots, 16 seeded games with the
    heuristic at every seat: chance is 4 wins; it wins at least 10 (it wins nearly
    all of 1000 in the doc's measurement)."""
    h = head_to_head(
        "zombies_mall_walkers_v0",
        4,
        "heuristic",
        "random",
        16,
        seed=0,
        progress=False,
        options={"scenario": scenario},
    )
    assert h.games == 16 and h.candidate == "heuristic"
    assert h.wins >= 10
    assert all(rate is not None and rate > 0 for rate in h.seat_win_rates)


def test_with_the_helipad_lost_it_hunts_zombies():
    """No Helipad on the table or in the stack: the zombies killed decide at the round
    limit, so the seat walks to the zombies."""
    g = position(n=2, plan=PLAN[:8], zombies=[(-2, -2)])
    g.lost_tiles = [HELIPAD]
    assert HeuristicAgent(0).goals(g, 0) == {sq(-2, -2): 0.0}


def test_with_the_helipad_lost_it_brings_the_zombies_it_moves_to_itself():
    """No Helipad can come and a fight cannot kill the seat: the zombie it must move
    comes toward its pawn (a trophy to take), not away."""
    g = position(n=2, plan=PLAN[:8], at={0: (-2, 1)}, zombies=[(-4, 1)])
    g.lost_tiles = [HELIPAD]
    g.rng = Dice(0)
    start(g, ("zombie_phase",))
    assert g.decision == KIND.move_zombies
    assert bot_plays(g) == zombie_move((-4, 1), "south")


def helipad_kept(g, a) -> bool:
    """After placement ``a`` of the drawn tile the Helipad still fits somewhere."""
    r, c, t = placement_at(a - A_PLACE)
    floor = g.mall.fit(g.drawn, (r, c), t)
    return bool(build(g.mall.tiles + ((g.drawn, r, c, t, floor),)).placements(HELIPAD))


def test_tiles_leave_the_helipad_a_place():
    """Random games, stopped at every tile placement (the Escalator's, or any tile's
    once the Helipad has at most 3 places left) where some options would leave the
    Helipad nowhere to go and others would not: the heuristic keeps it a place."""
    cases = 0
    for seed in range(40):
        g = MallWalkers(4, seed=seed)
        bots = [RandomAgent(s) for s in range(4)]
        while not g.terminal and g.mall.centre < 0:
            if g.decision == KIND.place_tile and g.drawn != HELIPAD:
                spots = {(r, c) for r, c, _, _ in g.mall.placements(HELIPAD)}
                if g.mall.escalator < 0 and g.drawn != ESCALATOR or len(spots) > 3:
                    spots = None
                if spots is not None:
                    kept = {a: helipad_kept(g, a) for a in g.legal}
                    if any(kept.values()) and not all(kept.values()):
                        cases += 1
                        assert kept[bot_plays(g, g.current_player)]
            g.apply(bots[g.current_player].act(g, g.current_player))
    assert cases >= 5
