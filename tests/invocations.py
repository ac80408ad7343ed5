"""A cheap, valid invocation of every command of the command table, and the command line
read back into the options a web request sends: shared by the tests that walk every
command (the fuzzing of every option, the vocabulary of every answer, the web's answers
against the command line's)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from cardsolve.solvers.interfaces.commands import COMMANDS
from cardsolve.solvers.interfaces.table import Command
from cardsolve.solvers.interfaces.values import Document, Flag

DATA = Path(__file__).resolve().parent / "data"

BASES: dict[str, str] = {
    # A valid, cheap invocation per command path: its required options and arguments, and
    # small sizes. ``{data}`` is tests/data, ``{tmp}`` a fresh folder of the test.
    "demo": "",
    "quibbles split": "6 --display 3,3,1,1,4,2",
    "quibbles combine": "--hand 1,2,1,4 --display 3,3,2,6",
    "quibbles move": "--hand 6,4,4,4,4,4 --display 3,3,1,1,4,2 --turn 'split 6 -> 3+3, 1+1+4; stash 4'",
    "quibbles hint": "--hand 1,2 --display 3,3 --samples 2 --shortlist 2 --top 2",
    "quibbles play": "--players 1 --bots greedy",
    "quibbles start": "--seed 1 --players 3",
    "quibbles apply": "--position {data}/quibbles_position.json 'draw 6' 'seat 1 draws 5'",
    "quibbles evaluate": "--position {data}/quibbles_position.json",
    "quibbles show": "--position {data}/quibbles_position.json",
    "subito deck": "",
    "subito deal": "",
    "subito score": "{data}/subito_example.json",
    "subito optimize": "--pile Y4R,L6P,R2R --tasks 2,3a,4a,5a,6a,7a,8a,9a --vs {data}/subito_opponent.json",
    "subito duel": "--cards 4 --limit 2",
    "subito hint": "--table {data}/subito_midround.json --card Y6S --samples 2",
    "subito play": "--bots greedy,random --hint-samples 2 --seed 2",
    "subito start": "--seed 1",
    "subito apply": "--position {data}/subito_position.json 2",
    "subito evaluate": "--position {data}/subito_position.json",
    "subito show": "--position {data}/subito_position.json",
    "ubongo deck": "--round 1",
    "ubongo deal": "--round 3",
    "ubongo verify": "--hand ABC/DEF,GHI/JKL --k 2",
    "ubongo solve": "--hand ABC/DEF,GHI/JKL --k 2",
    "ubongo layouts": "--hand ABC/DEF,EFG/HIJ,JKL/GCA --k 2 --limit 3",
    "ubongo hint": "--hand 60w,59w,50w,70w,57w,72w --table {data}/ubongo_table.json",
    "ubongo game": "--players 1",
    "ubongo check": "{data}/ubongo_mismatch.json",
    "ubongo start": "--seed 3 --round 2",
    "ubongo apply": "--position {data}/ubongo_position.json 2w@3,-2r0",
    "ubongo evaluate": "--position {data}/ubongo_position.json",
    "ubongo show": "--position {data}/ubongo_position.json",
    "ubongo render": "{data}/ubongo_mismatch.json --svg {tmp}/layout.svg",
    "was-sticht chips": "",
    "was-sticht deal": "",
    "was-sticht deduce": "--clues {data}/was_sticht_clues.json --offer R9,B1,Y5",
    "was-sticht solve": "--deal {data}/was_sticht_deal.json --seat 2 --task exactly-2",
    "was-sticht table": "--deal {data}/was_sticht_deal.json",
    "was-sticht choose": "--deal {data}/was_sticht_deal.json --seat 4 --chips no-red,exactly-2",
    "was-sticht play": "--rounds 1",
    "was-sticht start": "--seed 1 --players 3 --dealer 2",
    "was-sticht apply": "--position {data}/was_sticht_position.json G5",
    "was-sticht evaluate": "--position {data}/was_sticht_position.json",
    "was-sticht show": "--position {data}/was_sticht_position.json",
    "cubu longest": "--top D-L-G --hand G-P-R-D,O-P-R-L-D,pickup2 --limit 2",
    "cubu speed": "--centre O-P-R-L-D --hand D-G,R-G,L-O",
    "cubu play": "--players 2 --rounds 1",
    "cubu start": "--seed 1 --mode speed --follow boxes",
    "cubu apply": "--position {data}/cubu_position.json O1up:D-O-P-L,G-R-O-L-P pass",
    "cubu evaluate": "--position {data}/cubu_position.json",
    "cubu show": "--position {data}/cubu_position.json",
    "analyze quibbles solo": "--samples 2 --hint-samples 2 --hint-shortlist 2 --policies greedy,clairvoyant "
    "--workers 1 --store {tmp}/store.sqlite",
    "analyze ubongo solvability": "--samples 2 --workers 1 --store {tmp}/store.sqlite",
    "analyze subito optimal-scores": "--samples 1 --workers 1 --store {tmp}/store.sqlite",
    "analyze subito hints": "--samples 1 --policies greedy --hint-samples 2 --sides a --workers 1 "
    "--store {tmp}/store.sqlite",
    "analyze was-sticht chips": "--samples 2 --workers 1 --store {tmp}/store.sqlite",
    "analyze was-sticht bots": "--samples 1 --workers 1 --store {tmp}/store.sqlite",
    "analyze cubu seats": "--samples 2 --players 2 --workers 1 --store {tmp}/store.sqlite",
    "analyze cubu versus": "--samples 2 --players 2 --workers 1 --store {tmp}/store.sqlite",
    "bench": "was-sticht --quick",
    "serve": "",
}
"""The invocations, by the command's words after ``cardsolve``."""


def command(path: str) -> Command:
    """The command of the table named ``path`` (``"ubongo verify"``)."""
    return next(found for found in COMMANDS if " ".join(found.path) == path)


def base_args(path: str, folder: Path) -> list[str]:
    """The base invocation's words after the command's own, ``{tmp}`` in ``folder``."""
    return shlex.split(BASES[path].format(data=DATA, tmp=folder))


def line_options(found: Command, args: list[str]) -> dict[str, Any]:
    """The options ``args`` (the words after the command's own) give on the line, by
    option name, as the command line hands them to the table: a flag as True, arguments
    in order (a list for one that takes many), anything else as typed."""
    by_flag = {option.cli_name: option for option in found.options if not option.argument}
    arguments = [option for option in found.options if option.argument]
    options: dict[str, Any] = {}
    words = list(args)
    while words:
        word = words.pop(0)
        if word in by_flag:
            option = by_flag[word]
            options[option.name] = True if isinstance(option.kind, Flag) else words.pop(0)
        elif arguments[0].many:
            options.setdefault(arguments[0].name, []).append(word)
        else:
            options[arguments.pop(0).name] = word
    return options


def request_options(found: Command, args: list[str]) -> dict[str, Any]:
    """The options of a web request that asks what ``args`` (the words after the command's
    own) ask on the line: each by its request name, a flag as true, a number or text as
    typed, a file as its JSON content."""
    given = line_options(found, args)
    options: dict[str, Any] = {}
    for option in found.options:
        if option.name not in given:
            continue
        value = given[option.name]
        if isinstance(option.kind, Document):
            value = json.loads(Path(value).read_text(encoding="utf-8"))
        options[option.request_name] = value
    return options
