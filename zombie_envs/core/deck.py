"""Decks, piles and bags of tokens, as plain lists so they clone and serialise
with the rest of the state.

The top of a deck is the end of its list: ``draw`` pops it, ``to_bottom``
slides cards under the first one.  A card is whatever the game stores (usually
an int kind).  Shuffles use the engine's own generator (see ``dice``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence


def from_counts(counts: Sequence[int]) -> list[int]:
    """A deck in a fixed order holding ``counts[k]`` cards of kind ``k``."""
    return [kind for kind, count in enumerate(counts) for _ in range(count)]


def counts(cards: Iterable[int], kinds: int) -> list[int]:
    """How many cards of each kind ``cards`` holds: a hand as the state keeps it."""
    out = [0] * kinds
    for card in cards:
        out[card] += 1
    return out


def shuffled(rng, cards: list) -> list:
    """``cards`` shuffled in place, returned for convenience."""
    rng.shuffle(cards)
    return cards


def reshuffled(rng, cards) -> list:
    """A new random order of ``cards`` that depends only on which cards they are:
    hidden items redrawn this way do not reveal the order they had."""
    return shuffled(rng, sorted(cards))


def draw(deck: list):
    """The top card, taken off the deck."""
    return deck.pop()


def deal(deck: list, count: int) -> list:
    """Up to ``count`` cards off the top, in the order drawn."""
    return [deck.pop() for _ in range(min(count, len(deck)))]


def to_bottom(deck: list, cards: Iterable) -> None:
    """Put ``cards`` under the deck, keeping their order."""
    deck[:0] = cards


def reshuffle(rng, deck: list, discard: list) -> None:
    """Shuffle the discard pile back into the deck."""
    deck += discard
    discard.clear()
    rng.shuffle(deck)


def redeal(rng, cards: list, slots: Sequence[tuple[int, Callable | None]]) -> list[list]:
    """Deal ``cards`` at random into slots of the given sizes, each taking only the
    cards its test accepts (``None``: any), in the order listed: put the most
    restrictive slots first.  With nested tests (heroes within hand cards within
    all cards) every consistent deal is equally likely; ``resample`` deals hidden
    cards again with it.  The deal depends only on which cards there are, never
    on where they lay, so states a seat cannot tell apart are dealt alike."""
    rest = sorted(cards)
    rng.shuffle(rest)
    dealt = []
    for size, accepts in slots:
        picked = [i for i, c in enumerate(rest) if accepts is None or accepts(c)][:size]
        if len(picked) < size:
            raise ValueError("more hidden places than hidden cards that fit them")
        dealt.append([rest[i] for i in picked])
        for i in reversed(picked):
            del rest[i]
    if rest:
        raise ValueError("hidden cards left over after every hidden place was filled")
    return dealt
