"""One backend registry for every game: a game names its backends and the module of each,
and a module is imported only when its backend is first asked for (numba compiles or
loads its cache, OR-Tools takes a moment to import)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType

from cardsolve.models.errors import BadInput


@dataclass(frozen=True)
class Backends:
    """The backends of one solver: ``modules`` maps each name to its module's import path,
    the default (the fastest exact backend) first. Every module of one registry offers the
    same functions, so the caller picks a backend by name and calls the same function."""

    solver: str
    modules: Mapping[str, str]
    _loaded: dict[str, ModuleType] = field(default_factory=dict, compare=False, repr=False)

    @property
    def names(self) -> tuple[str, ...]:
        """The backends' names, the default first."""
        return tuple(self.modules)

    @property
    def default(self) -> str:
        """The backend used when none is named: the fastest exact one."""
        return next(iter(self.modules))

    def load(self, name: str) -> ModuleType:
        """The module of backend ``name``; an unknown name is bad input naming it."""
        if name not in self.modules:
            raise BadInput(f"unknown {self.solver} backend {name!r}: use {', '.join(self.modules)}", name)
        if name not in self._loaded:
            self._loaded[name] = importlib.import_module(self.modules[name])
        return self._loaded[name]
