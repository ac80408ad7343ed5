"""MkDocs hooks of the documentation site (``docs/mkdocs.yml``, ``hooks:``).

The CLI reference (``pages/reference/cli.md``) is written by mkdocs-click from the root
group ``cardsolve.cli:cli``. The command line builds its commands lazily from the command
table (``solvers.interfaces.cli.build.TableGroup``): a group lists its commands from the
table but holds a click command only once it has been asked for, and mkdocs-click walks a
group's ``commands`` when it holds any, so it would miss the root's own table commands
(``demo``, ``bench``). Before the pages are read, every group is asked for each command it
lists, recursively, so that each holds all of them. This runs in the build's process only:
``cardsolve --help`` still loads no game's commands.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

REPOSITORY = Path(__file__).resolve().parents[1]
"""The repository's top level, which is the package ``cardsolve``."""
_folders: list[Path] = []
F = TypeVar("F", bound=Callable[..., Any])


def _before_plugins(function: F) -> F:
    """``function`` as a hook that runs before the plugins' own of the same event (mkdocs'
    event priority 100): mkdocstrings starts its Python handler in its ``on_config``. Without
    mkdocs (the references test loads this file before the docs extra is installed), the
    function as it is."""
    try:
        from mkdocs.plugins import event_priority  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return function
    early: F = event_priority(100)(function)
    return early


def load_every_command(group: click.Group) -> None:
    """Build every command ``group`` lists, and those of its groups, recursively, so that
    each group's ``commands`` holds all it lists."""
    context = click.Context(group, info_name=group.name)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if isinstance(command, click.Group):
            load_every_command(command)


@_before_plugins
def on_config(config: Any) -> Any:
    """Load every command of ``cardsolve`` before mkdocs-click documents them, and point
    mkdocstrings at the working tree's package."""
    from cardsolve.cli import cli

    load_every_command(cli)
    config["plugins"]["mkdocstrings"].config["handlers"]["python"]["paths"] = [str(_package_folder())]
    return config


def _package_folder() -> Path:
    """A temporary folder holding ``cardsolve``, a link to the repository: mkdocstrings
    reads the docstrings of the working tree whether the package is installed, installed
    editable (which it would not find: the package's folder is not named ``cardsolve``) or
    not at all (as ``.ci/checks types`` shows the package to mypy)."""
    folder = Path(tempfile.mkdtemp(prefix="cardsolve-docs-"))
    (folder / "cardsolve").symlink_to(REPOSITORY, target_is_directory=True)
    _folders.append(folder)
    return folder


def on_shutdown() -> None:
    """Remove the temporary folders."""
    while _folders:
        shutil.rmtree(_folders.pop())
