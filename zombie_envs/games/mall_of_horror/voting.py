"""Mall of Horror's votes (MOH-049 to MOH-068): the truck, the chief and each
zombie attack are voted on the same way, votes from the characters present (a
Gunman brings one more), Threat cards, a runoff on a tie, and what a second tie
means for each purpose."""

from __future__ import annotations

from typing import ClassVar

from ...core.dice import pick
from ...core.game import mypyc_attr
from ...core.vote import plurality
from .actions import A_CHARACTER, A_PASS, A_PLAY, A_VOTE
from .data import EXTRA_VOTES, KINDS, THREAT
from .declaration import KIND
from .state import MallState

VOTES = tuple(1 + extra for extra in EXTRA_VOTES)  # a Gunman brings one more vote
# Vote purposes.
TRUCK, CHIEF, ATTACK = 0, 1, 2
PURPOSES = ("search the truck", "elect the chief", "zombie attack")


@mypyc_attr(allow_interpreted_subclasses=True)  # test rigs subclass the engine
class Voting(MallState):
    """A vote from its start to its outcome; a base of ``MallOfHorror``."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    def present_votes(self, L: int) -> list[int]:
        """Votes per seat from its visible characters at ``L``, Gunman bonus included."""
        votes = [0] * self.num_players
        hidden = self.hidden
        for c, where in enumerate(self.loc):
            if where == L and not hidden[c]:
                votes[c // KINDS] += VOTES[c % KINDS]
        return votes

    def start_vote(self, purpose: int, L: int) -> None:
        """Threats already played for this vote (attack card windows) stay counted."""
        candidates = self.seats_at(L, visible_only=True)
        if len(candidates) == 1:
            self.resolve_vote(purpose, L, candidates[0])
        elif candidates:
            self.push(("vote", purpose, L, 0, tuple(candidates)))
        else:
            self.v_threats = [0] * self.num_players

    def vote_weights(self, L: int, runoff: int) -> list[int]:
        """Votes per seat; in a runoff everyone takes part and a seat with no
        visible character at ``L`` (absent, eliminated or hidden) gets one vote."""
        weights = self.present_votes(L)
        return [w or 1 for w in weights] if runoff else weights

    def vote(self, purpose: int, L: int, runoff: int, candidates: tuple) -> None:
        weights = self.vote_weights(L, runoff)
        voters = [s for s in self.order() if weights[s]]
        self.v_purpose, self.v_loc, self.v_runoff = purpose, L, runoff
        self.v_candidates = list(candidates)
        self.v_weights = weights
        self.v_ballots = [-1] * self.num_players
        tasks = []
        if purpose != ATTACK:  # attack threats are played in the card windows
            tasks += [("threat_window", s) for s in voters]
        tasks += [("ballot", s) for s in voters]
        self.push(*tasks, ("tally",))

    def threat_window(self, seat: int) -> None:
        """Every voter is asked, holder or not, so asking reveals no hand; only when
        all can tell it holds no Threat does its ``pass`` go without asking."""
        legal = [A_PLAY + THREAT, A_PASS] if self.hands[seat][THREAT] else [A_PASS]
        self.ask(seat, KIND.threat, legal, public=self.none_left(seat, THREAT))

    def on_threat(self, action: int) -> None:
        seat = self.current_player
        if action == A_PASS:
            return
        self.discard(seat, THREAT)
        self.v_threats[seat] += 1
        self.push(("threat_window", seat))  # asked again unless it now surely holds none

    def ballot(self, seat: int) -> None:
        n = self.num_players
        self.ask(
            seat, KIND.ballot, [A_VOTE + (c - seat) % n for c in self.v_candidates], public=True
        )

    def on_ballot(self, action: int) -> None:
        seat = self.current_player
        self.v_ballots[seat] = (seat + action - A_VOTE) % self.num_players

    def tally(self) -> None:
        weights = [w + t for w, t in zip(self.v_weights, self.v_threats, strict=False)]
        _, top = plurality(self.v_ballots, weights)
        purpose, L, runoff = self.v_purpose, self.v_loc, self.v_runoff
        self.last_vote = [purpose, L, runoff]
        self.last_ballots = self.v_ballots
        self.last_weights = weights
        self.v_ballots = [-1] * self.num_players
        self.v_threats = [0] * self.num_players
        self.v_purpose = -1
        if len(top) == 1:
            self.resolve_vote(purpose, L, top[0])
        elif not runoff and purpose == ATTACK:
            # Cards before the second vote too (MOH-117); the vote block shows it coming.
            self.v_purpose, self.v_runoff, self.v_candidates = ATTACK, 1, top
            self.v_weights = self.vote_weights(L, 1)
            self.push(*self.card_windows(L, runoff=True), ("runoff", L))
        elif not runoff:
            self.push(("vote", purpose, L, 1, tuple(top)))
        elif purpose == ATTACK:  # second tie: the victim is chosen at random
            pool = [s * KINDS + k for s in top for k in self.chars_at(s, L, True)]
            self.eat(pick(self.rng, pool))
        # second tie for the truck or the chief: nobody is chosen

    def resolve_vote(self, purpose: int, L: int, seat: int) -> None:
        self.v_threats = [0] * self.num_players
        if purpose == TRUCK:
            self.search(seat)
        elif purpose == CHIEF:
            self.chief = seat
            self.chief_elected = 1
        else:
            kinds = self.chars_at(seat, L, visible_only=True)
            self.ask(seat, KIND.victim, [A_CHARACTER + k for k in kinds], public=True)

    def runoff(self, L: int) -> None:
        """The second vote of an attack, once its cards are played: only if there is
        still a threat (MOH-130), between the tied colours still visible (MOH-126)."""
        self.v_purpose = -1
        tied = [s for s in self.v_candidates if self.chars_at(s, L, visible_only=True)]
        if not self.threatened(L) or not tied:  # threats played are spent for nothing
            self.v_threats = [0] * self.num_players
        elif len(tied) == 1:
            self.resolve_vote(ATTACK, L, tied[0])
        else:
            self.push(("vote", ATTACK, L, 1, tuple(tied)))

    def on_victim(self, action: int) -> None:
        self.eat(self.current_player * KINDS + action - A_CHARACTER)
