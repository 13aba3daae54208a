"""Plurality voting with weighted ballots, shared by every game that votes."""

from __future__ import annotations


def plurality(ballots, weights) -> tuple[list[int], list[int]]:
    """Count weighted ballots.

    ``ballots[seat]`` is the candidate a seat voted for (-1 for no ballot) and
    ``weights[seat]`` how many votes that ballot carries.  Returns the tally per
    candidate index and the list of candidates sharing the highest tally
    (one entry means a clear winner, several mean a tie).
    """
    tally = [0] * len(ballots)
    for seat, choice in enumerate(ballots):
        if choice >= 0:
            tally[choice] += weights[seat]
    best = max(tally)
    if best <= 0:
        return tally, []
    return tally, [c for c, t in enumerate(tally) if t == best]
