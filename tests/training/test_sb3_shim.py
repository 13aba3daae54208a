"""The SB3 trainer's private names are checked at import: a release without
one says which, and which releases the trainer was written for."""

from __future__ import annotations

import pytest

from zombie_envs.training.sb3.shim import WRITTEN_FOR, check


class StandIn:
    """A stand-in for an SB3 class that kept ``_build`` and lost the other."""

    def _build(self, lr_schedule) -> None:
        self.built = lr_schedule


def train(self) -> None:
    """A stand-in for a ``train`` that counts its steps under a new name."""
    self.n_updates += 1


def test_a_missing_private_method_is_named_with_the_releases_written_for():
    with pytest.raises(ImportError) as caught:
        check([(StandIn, "_build"), (StandIn, "_get_action_dist_from_latent")])
    message = str(caught.value)
    assert "_get_action_dist_from_latent (StandIn)" in message
    assert message.endswith(f"it was written for {WRITTEN_FOR}")
    assert "_build" not in message


def test_an_attribute_a_function_no_longer_uses_is_named():
    with pytest.raises(ImportError, match=r"relies on _n_updates \(train\)"):
        check([(train, "_n_updates")])


def test_names_the_stand_ins_have_pass():
    check([(StandIn, "_build"), (train, "n_updates")])
