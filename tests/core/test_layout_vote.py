"""Layout (named slices of a flat vector) and weighted plurality voting."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zombie_envs.core.layout import Block, Layout
from zombie_envs.core.vote import plurality
from zombie_envs.games.mall_of_horror import observe
from zombie_envs.games.mall_of_horror.actions import ACTIONS


def small_layout() -> Layout:
    lay = Layout("test layout")
    lay.add("flag", 1, "a single flag")
    lay.add("colour", 3, "a colour", ("red", "green", "blue"))
    lay.add("many", 20, "a long block")
    return lay


def test_blocks_are_contiguous_slices():
    lay = small_layout()
    assert [(b.name, b.start, b.size, b.stop) for b in lay.blocks] == [
        ("flag", 0, 1, 1),
        ("colour", 1, 3, 4),
        ("many", 4, 20, 24),
    ]
    assert lay.size == 24
    assert lay["colour"].slice == slice(1, 4)
    assert list(range(24))[lay["many"].slice] == list(range(4, 24))
    assert isinstance(lay["flag"], Block)


def test_labels_default_and_custom():
    lay = small_layout()
    assert lay["colour"].labels == ("red", "green", "blue")
    assert lay["flag"].labels == ("0",)
    assert lay["many"].labels == tuple(str(i) for i in range(20))


def test_empty_layout_has_size_zero():
    assert Layout("empty").size == 0


def test_duplicate_name_rejected():
    lay = small_layout()
    with pytest.raises(ValueError, match="duplicate block 'colour'"):
        lay.add("colour", 2, "again")
    assert lay.size == 24 and len(lay.blocks) == 3


def test_wrong_label_count_rejected():
    lay = Layout("labels")
    with pytest.raises(ValueError, match="2 labels for size 3"):
        lay.add("x", 3, "doc", ("a", "b"))
    assert lay.size == 0


def test_unknown_block_name_raises_key_error():
    with pytest.raises(KeyError):
        small_layout()["nope"]


def test_locate_every_index():
    lay = small_layout()
    seen = []
    for i in range(lay.size):
        block, offset = lay.locate(i)
        assert block.start + offset == i
        assert 0 <= offset < block.size
        seen.append(block.name)
    assert seen == ["flag"] + ["colour"] * 3 + ["many"] * 20
    assert lay.locate(2) == (lay["colour"], 1)
    assert lay.block_of == seen  # the table engines read per action says the same


@pytest.mark.parametrize("index", [-1, 24, 100])
def test_locate_outside_raises(index):
    with pytest.raises(IndexError, match="outside layout 'test layout'"):
        small_layout().locate(index)


def test_markdown_table():
    lines = small_layout().markdown().splitlines()
    assert lines[0] == "| indices | block | meaning | entries |"
    assert lines[1] == "|---|---|---|---|"
    assert lines[2] == "| 0 | `flag` | a single flag | 0 |"
    assert lines[3] == "| 1-3 | `colour` | a colour | red, green, blue |"
    assert lines[4] == "| 4-23 | `many` | a long block | 20 entries, listed below |"
    assert lines[5] == "| | | **total size** | 24 |"
    assert lines[6:] == [
        "",
        "The entries of the longer blocks, in order:",
        "",
        "- `many` (4-23): " + ", ".join(str(i) for i in range(20)),
    ]


def test_mall_of_horror_layouts():
    """The observation is a prefix of the state; action blocks tile the space."""
    obs, state = observe.OBS, observe.STATE
    assert [(b.name, b.start, b.size) for b in state.blocks[: len(obs.blocks)]] == [
        (b.name, b.start, b.size) for b in obs.blocks
    ]
    assert state.size > obs.size
    stop = 0
    for block in ACTIONS.blocks:
        assert block.start == stop
        stop = block.stop
    assert stop == ACTIONS.size


# ----- plurality -------------------------------------------------------------


def test_plurality_clear_winner():
    tally, top = plurality([1, 1, 0], [1, 1, 1])
    assert tally == [1, 2, 0]
    assert top == [1]


def test_plurality_weights_decide():
    tally, top = plurality([0, 1, 1], [3, 1, 1])
    assert tally == [3, 2, 0]
    assert top == [0]


def test_plurality_tie():
    tally, top = plurality([2, 0, 0, 2], [1, 1, 1, 1])
    assert tally == [2, 0, 2, 0]
    assert top == [0, 2]


def test_plurality_weighted_tie():
    tally, top = plurality([1, 2, 2], [2, 1, 1])
    assert tally == [0, 2, 2]
    assert top == [1, 2]


def test_plurality_no_ballots():
    tally, top = plurality([-1, -1, -1], [1, 2, 1])
    assert tally == [0, 0, 0]
    assert top == []


def test_plurality_zero_weight_ballots_count_nothing():
    tally, top = plurality([1, 0, -1], [0, 0, 3])
    assert tally == [0, 0, 0]
    assert top == []


def test_plurality_absent_voters_ignored():
    tally, top = plurality([-1, 2, -1, 0], [5, 1, 5, 2])
    assert tally == [2, 0, 1, 0]
    assert top == [0]


@settings(max_examples=100, deadline=None)
@given(
    data=st.integers(2, 6).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(-1, n - 1), min_size=n, max_size=n),
            st.lists(st.integers(0, 5), min_size=n, max_size=n),
        )
    )
)
def test_plurality_properties(data):
    ballots, weights = data
    tally, top = plurality(ballots, weights)
    assert len(tally) == len(ballots)
    assert sum(tally) == sum(w for b, w in zip(ballots, weights, strict=True) if b >= 0)
    if max(tally) == 0:
        assert top == []
    else:
        assert top == [c for c, t in enumerate(tally) if t == max(tally)]


def test_views_name_and_shape_the_blocks_of_one_vector():
    layout = Layout("t")
    layout.add("a", 2, "a")
    layout.add("grid", 6, "grid", shape=(2, 3))
    vector = np.zeros(layout.size, np.int8)
    views = layout.views(vector)
    views["grid"][1, 2] = 5
    assert views["a"].shape == (2,) and vector.tolist() == [0, 0, 0, 0, 0, 0, 0, 5]
    with pytest.raises(ValueError, match="shape"):
        layout.add("bad", 4, "bad", shape=(3, 2))
