"""The documentation site's two references cover everything, read from their sources as
the generators read them, without building the site: every command of the command table
is reached by mkdocs-click from the root group ``docs/pages/reference/cli.md`` names (after
``docs/hooks.py`` has loaded every command, as the build does), and every public function
of the five game API modules, and every class one of them returns, is documented by a
``:::`` identifier of ``docs/pages/reference/api.md`` as mkdocstrings renders it (a module
without ``members`` shows what it defines, and what it imports only when ``__all__`` names
it)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import types
import typing
from pathlib import Path
from typing import Any

import click
import pytest

from cardsolve.cli import cli
from cardsolve.models.games import GAMES
from cardsolve.solvers.interfaces.cli.build import TableGroup
from cardsolve.solvers.interfaces.commands import GROUPS, ROOT, every_command

REPOSITORY = Path(__file__).resolve().parents[2]
DOCS = REPOSITORY / "docs"
CLI_PAGE = DOCS / "pages" / "reference" / "cli.md"
API_PAGE = DOCS / "pages" / "reference" / "api.md"
GAME_APIS = tuple(f"cardsolve.solvers.{game}.api" for game in GAMES)
"""The five game API modules (``cardsolve.<game>``)."""
RENDERING_OPTIONS = {"heading_level"}
"""The options of a ``:::`` identifier that change only how it looks, not what it shows."""


def directives(text: str) -> list[tuple[str, dict[str, Any]]]:
    """Each ``::: identifier`` of a page with its options, from the indented lines under
    it: mkdocs-click's ``:key: value`` lines, or mkdocstrings' ``options:`` block
    (``key: value``, or ``key:`` followed by ``- item`` lines, a list)."""
    found: list[tuple[str, dict[str, Any]]] = []
    options: dict[str, Any] | None = None
    key = ""
    for line in text.splitlines():
        stripped = line.strip()
        if line.startswith("::: "):
            options, key = {}, ""
            found.append((line[4:].strip(), options))
        elif stripped and not line.startswith(" "):
            options = None  # the page's text goes on
        elif options is None or stripped in ("", "options:"):
            continue
        elif stripped.startswith(":"):
            name, _, value = stripped[1:].partition(":")
            options[name.strip()] = value.strip()
        elif stripped.startswith("- ") and isinstance(options.get(key), list):
            options[key].append(stripped[2:].strip())
        else:
            key, _, value = stripped.partition(":")
            options[key] = value.strip() or []
    return found


def _hooks() -> types.ModuleType:
    """``docs/hooks.py``, loaded from its file as mkdocs loads it."""
    spec = importlib.util.spec_from_file_location("cardsolve_docs_hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _subcommands(command: click.Command) -> list[click.Command]:
    """A command's subcommands as mkdocs-click finds them: a group's ``commands`` when it
    holds any, else each command it lists."""
    held: dict[str, click.Command] = getattr(command, "commands", {})
    if held:
        return list(held.values())
    if not isinstance(command, click.Group):
        return []
    context = click.Context(command)
    listed = (command.get_command(context, name) for name in command.list_commands(context))
    return [found for found in listed if found is not None]


def documented_commands(command: click.Command, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], click.Command]:
    """Every command mkdocs-click writes for ``command`` (hidden ones are left out), by
    its path below the root."""
    found = {path: command}
    for sub in _subcommands(command):
        if not sub.hidden and sub.name:
            found.update(documented_commands(sub, (*path, sub.name)))
    return found


def undocumented_commands(root: click.Command) -> list[str]:
    """The commands of the table, and the groups, that mkdocs-click would not document
    from ``root``, or would document without one of their options."""
    documented = documented_commands(root)
    missing = [" ".join(group.name.split()) for group in GROUPS if tuple(group.name.split()) not in documented]
    for command in every_command():
        shown = documented.get(command.path)
        if shown is None:
            missing.append(" ".join(command.path))
            continue
        names = {name for param in shown.params if not getattr(param, "hidden", False) for name in param.opts}
        missing += [
            f"{' '.join(command.path)} {option.cli_name}"
            for option in command.options
            if (option.name if option.argument else option.cli_name) not in names
        ]
    return missing


def test_the_cli_reference_documents_every_command_of_the_table() -> None:
    (identifier, options), *others = directives(CLI_PAGE.read_text(encoding="utf-8"))
    assert identifier == "mkdocs-click" and not others
    assert (options["module"], options["command"], options["prog_name"]) == ("cardsolve.cli", "cli", "cardsolve")
    assert options.get("show_hidden", "false") == "false"
    config = (DOCS / "mkdocs.yml").read_text(encoding="utf-8")
    assert "\nhooks:\n  - hooks.py\n" in config and "  - mkdocs-click\n" in config
    _hooks().load_every_command(cli)
    assert undocumented_commands(cli) == []
    assert {("serve",), ("demo",), ("bench",)} <= set(documented_commands(cli))


def test_without_the_hook_the_root_s_own_commands_would_be_missed() -> None:
    """The check can fail: a root group like ``cardsolve``'s, some of whose commands are
    already built (its groups, ``serve``), shows mkdocs-click only those, so the table's
    own commands of the root are reported until every command is loaded."""
    root = TableGroup("cardsolve")
    root.add_table(ROOT, GROUPS)
    root.add_command(click.Command("serve"))
    assert {"demo", "bench"} <= set(undocumented_commands(root))
    _hooks().load_every_command(root)
    assert undocumented_commands(root) == []


def _top_level(module: str) -> tuple[set[str], set[str], set[str], set[str] | None]:
    """What the source of ``module`` binds at its top level (an ``if`` block's statements
    included, such as the imports under ``if TYPE_CHECKING:`` of names a module-level
    ``__getattr__`` loads on first use): the names it defines, those it imports, those it
    imports as themselves (``import x as x``: an explicit re-export), and its ``__all__``
    (None without one)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    defined: set[str] = set()
    imported: set[str] = set()
    exported: set[str] = set()
    listed: set[str] | None = None
    statements = [
        inner for node in tree.body for inner in ([*node.body, *node.orelse] if isinstance(node, ast.If) else [node])
    ]
    for node in statements:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {target.id for target in targets if isinstance(target, ast.Name)}
            if "__all__" in names and node.value is not None:
                listed = set(ast.literal_eval(node.value))
            defined |= names - {"__all__"}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                imported.add(alias.asname or alias.name.split(".")[0])
                if alias.asname == alias.name:
                    exported.add(alias.name)
    return defined, imported, exported, listed


def public_functions(module: str) -> set[str]:
    """The public functions of an API module: those ``__all__`` names, those it defines
    with a public name, and those it re-exports as themselves."""
    found = importlib.import_module(module)
    defined, _, exported, listed = _top_level(module)
    names = (listed or set()) | exported | {name for name in defined if not name.startswith("_")}
    return {name for name in names if inspect.isfunction(getattr(found, name))}


def documented_objects(page: str) -> set[tuple[str, str]]:
    """(module, name) of every object a reference page documents, as mkdocstrings renders
    its ``:::`` identifiers with the site's options: an object named in full; a module's
    ``members`` when it lists them; else what the module defines under a public name, and
    what it imports that its ``__all__`` names."""
    documented: set[tuple[str, str]] = set()
    for identifier, options in directives(page):
        unknown = set(options) - RENDERING_OPTIONS - {"members", "filters"}
        assert not unknown, f"{identifier}: options this test does not read: {sorted(unknown)}"
        filters = options.get("filters")  # hiding the names that start with "_", never counted as shown below
        assert filters in (None, ['"!^_"']), f"{identifier}: filters: {filters!r}"
        if not _is_module(identifier):
            module, _, name = identifier.rpartition(".")
            documented.add((module, name))
            continue
        members = options.get("members")
        if isinstance(members, list):
            documented |= {(identifier, name) for name in members}
            continue
        assert not members, f"{identifier}: members: {members!r}"
        defined, imported, _, listed = _top_level(identifier)
        shown = {name for name in defined if not name.startswith("_")} | (imported & (listed or set()))
        documented |= {(identifier, name) for name in shown}
    return documented


def _is_module(identifier: str) -> bool:
    """Whether ``identifier`` names a module (else an object within one)."""
    try:
        return importlib.util.find_spec(identifier) is not None
    except ModuleNotFoundError:  # its parent is no package: an object of a module
        return False


def _returned_classes(function: Any) -> set[type]:
    """The classes of cardsolve that ``function``'s return annotation names (through
    unions and generics)."""
    found: set[type] = set()
    pending = [typing.get_type_hints(function).get("return")]
    while pending:
        hint = pending.pop()
        if isinstance(hint, type) and hint.__module__.startswith("cardsolve."):
            found.add(hint)
        pending += hint if isinstance(hint, list) else typing.get_args(hint)  # a Callable's arguments: a list
    return found


def _home(module: str, name: str) -> tuple[str, str]:
    """Where an object a module offers is defined: (its module, its name)."""
    found = getattr(importlib.import_module(module), name)
    return (found.__module__, found.__qualname__) if hasattr(found, "__qualname__") else (module, name)


def undocumented_api(page: str) -> list[str]:
    """The public functions of the game API modules, and the classes they return, that
    ``page`` (the API reference's source) does not document."""
    documented = documented_objects(page)
    homes = {_home(module, name) for module, name in documented}
    missing: list[str] = []
    for module in GAME_APIS:
        found = importlib.import_module(module)
        for name in sorted(public_functions(module)):
            if (module, name) not in documented:
                missing.append(f"{module}.{name}")
            missing += [
                f"{cls.__module__}.{cls.__qualname__} (returned by {module}.{name})"
                for cls in _returned_classes(getattr(found, name))
                if (cls.__module__, cls.__qualname__) not in homes
            ]
    return sorted(set(missing))


def test_the_api_reference_documents_every_public_function_and_the_types_they_return() -> None:
    page = API_PAGE.read_text(encoding="utf-8")
    assert undocumented_api(page) == []
    assert {f"cardsolve.solvers.{game}.results" for game in GAMES} <= {identifier for identifier, _ in directives(page)}


@pytest.mark.parametrize(
    ("cut", "reported"),
    [
        (
            "::: cardsolve.solvers.ubongo.api.start\n    options:\n      heading_level: 4\n",
            "cardsolve.solvers.ubongo.api.start",
        ),
        (
            "        - CubuState\n",
            "cardsolve.models.cubu.state.CubuState (returned by cardsolve.solvers.cubu.api.load)",
        ),
    ],
)
def test_a_function_or_type_left_out_of_the_api_reference_is_reported(cut: str, reported: str) -> None:
    """The check can fail: a re-exported function without its identifier, or a returned
    type without its entry, is missing."""
    page = API_PAGE.read_text(encoding="utf-8")
    assert cut in page
    page = page.replace(cut, "", 1)
    assert reported in undocumented_api(page)


def test_a_module_s_members_list_limits_what_it_documents() -> None:
    page = "::: cardsolve.solvers.quibbles.api\n    options:\n      members:\n        - split\n"
    missing = undocumented_api(page)
    assert "cardsolve.solvers.quibbles.api.combine" in missing
    assert "cardsolve.solvers.quibbles.api.split" not in missing
