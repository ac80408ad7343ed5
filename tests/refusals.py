"""What the tests of bad input share: the one-line message a call refuses with."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardsolve.models.errors import BadInput


def refused(make: Callable[[], object]) -> str:
    """The one-line message of the ``BadInput`` that ``make()`` raises (it must name a
    token)."""
    with pytest.raises(BadInput) as error:
        make()
    message = str(error.value)
    assert "\n" not in message and error.value.token is not None
    return message
