"""The shared compass: a step's place by its offset."""

from zombie_envs.core.compass import STEP_AT, STEPS


def test_step_at_reads_each_steps_place_from_its_offset():
    for d, (dr, dc) in enumerate(STEPS):
        assert STEP_AT[3 * dr + dc + 4] == d
    assert STEP_AT[4] == -1  # the centre is no step
