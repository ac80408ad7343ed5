"""Deck and task data files (JSON) and the loader every game shares."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def load_json(name: str) -> Any:
    """Read the bundled data file ``models/data/<name>``."""
    return json.loads(resources.files(__name__).joinpath(name).read_text(encoding="utf-8"))
