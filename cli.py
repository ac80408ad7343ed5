"""The ``cardsolve`` command line: the root group, its global option, and the groups and
commands of the command table (``cardsolve.solvers.interfaces``), plus ``serve``.

A command reads its options, calls the Python API and prints the answer's text, or its
JSON under ``--json`` (which may stand anywhere on the line). A group's commands are read
from the table when the group is first used, and each is built when first called, so
``cardsolve --help`` starts fast. Exit codes: 0 done (a check holds), 1 a check that does
not hold, 2 bad input or usage (one line on stderr), 3 undecided, 130 interrupted.
"""

from __future__ import annotations

import atexit
import gc
import io
import os
import sys

import click

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure import interpreted
from cardsolve.solvers.infrastructure.threads import check_thread_count

try:  # a Ctrl-C while the command line loads ends as one during work does
    from cardsolve.solvers.interfaces.cli import ctrl_c
    from cardsolve.solvers.interfaces.cli.build import TableGroup
    from cardsolve.solvers.interfaces.cli.serve import serve
    from cardsolve.solvers.interfaces.commands import GROUPS, ROOT
    from cardsolve.solvers.interfaces.table import error_line
except KeyboardInterrupt:
    click.echo("interrupted", err=True)
    raise SystemExit(130) from None


@click.group(cls=TableGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document on stdout.")
@click.version_option(package_name="cardsolve")
@click.pass_context
def cli(ctx: click.Context, as_json: bool) -> None:
    """Solve, hint and analyse five card games: Ubongo: Das Kartenspiel, Subito,
    Quibbles, Was sticht? and CUBU. Every game has its rules, solvers and bots; the
    README's status says what is still missing.

    Exit codes: 0 done (a check holds), 1 a check that does not hold (proven), 2 bad
    input or usage (one line on stderr), 3 undecided (a time or node limit ran out before
    a proof either way), 130 interrupted."""
    ctx.ensure_object(dict)["json"] = as_json  # read by every command's answer (``build.emit``)


assert isinstance(cli, TableGroup)
cli.add_table(ROOT, GROUPS)
cli.add_command(serve)


def main() -> None:
    """Run the CLI: bad input and usage errors become one line on stderr and exit 2, a
    Ctrl-C "interrupted" and exit 130 (also when a library turned it into an error of its
    own: ``ctrl_c``). ``--json`` may stand anywhere on the line; it is moved to the
    front, where the group reads it. At exit, the interpreter's last garbage collections pass over the objects
    alive then (``gc.freeze``, after the exit handlers the command registers): numba's
    objects alone made them some 90 ms of a kernel's command, and a finished command
    leaves nothing that only a collector would close."""
    atexit.unregister(gc.freeze)  # registered once, however often main runs in one process
    atexit.register(gc.freeze)
    with ctrl_c.noted():
        _main()


def _main() -> None:
    """``main`` with Ctrl-C noted."""
    interpreted.prefer()  # a command asks few questions: a small one needs no numba
    _one_blas_thread()
    args = sys.argv[1:]
    if sys.stdout is None:  # started with stdout closed (`>&-`): nothing could be printed
        if sys.stderr is not None:
            sys.stderr.write("error: cannot write the output: stdout is closed\n")
        sys.exit(1)
    if isinstance(sys.stdout, io.TextIOWrapper):  # a lone surrogate from a JSON file prints escaped, no traceback
        sys.stdout.reconfigure(errors="backslashreplace")
    if "--json" in args:
        args = ["--json", *(a for a in args if a != "--json")]
    try:
        check_thread_count()
        code = cli.main(args=args, prog_name="cardsolve", standalone_mode=False)
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
    except BadInput as error:
        click.echo(error_line(str(error)), err=True)
        sys.exit(2)
    except click.ClickException as error:
        click.echo(error_line(error.format_message()), err=True)
        sys.exit(error.exit_code)
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo("interrupted", err=True)
        sys.exit(130)
    except OSError as error:
        _stop_writing_stdout()
        click.echo(f"error: cannot write the output: {error.strerror or error}", err=True)
        sys.exit(1)
    except Exception:
        if not ctrl_c.pressed():
            raise
        click.echo("interrupted", err=True)  # a library turned the Ctrl-C into its own error
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")
"""The variables that set how many threads numpy's OpenBLAS starts."""


def _one_blas_thread() -> None:
    """numpy's OpenBLAS starts on one thread (in this process and the ones it starts),
    unless a variable of ``BLAS_THREADS`` says otherwise: no command multiplies matrices,
    and starting a thread per core took some 60 ms of numpy's import on 2 cores."""
    if not any(os.environ.get(name) for name in BLAS_THREADS):
        os.environ["OPENBLAS_NUM_THREADS"] = "1"


def _stop_writing_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush of what could not be
    written raises nothing more."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)


if __name__ == "__main__":
    main()
