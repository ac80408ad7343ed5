"""The studies' pictures: grouped bars and count histograms, written with matplotlib's
file-only backend (no display needed), in any format matplotlib writes (the file's
extension says which). pyplot is imported only when a picture is drawn, so that checking
a picture's name on the command line stays quick."""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from cardsolve.models.errors import BadInput

if TYPE_CHECKING:
    from matplotlib.figure import Figure


LABEL_CHARS_PER_INCH = 9
"""About how many characters of a tick label fit in an inch of a picture's width: labels
that would not fit side by side are turned 45 degrees."""


def picture_formats() -> list[str]:
    """The file extensions matplotlib can write (``png``, ``svg``, ``pdf``, ...) on this
    machine: PGF only where the LaTeX it runs (``xelatex``) is installed."""
    from matplotlib.backend_bases import FigureCanvasBase

    formats = set(FigureCanvasBase.get_supported_filetypes())
    if shutil.which("xelatex") is None:
        formats.discard("pgf")
    return sorted(formats)


def check_picture(path: str) -> str:
    """``path`` when its extension names a format matplotlib writes; a name without an
    extension, or with another one, is bad input naming it (nothing is guessed)."""
    extension = Path(path).suffix.lower().lstrip(".")
    formats = picture_formats()
    if extension not in formats:
        raise BadInput(
            f"cannot write a picture to {path!r}: its name must end in one of "
            f"{', '.join('.' + name for name in formats)}",
            path,
        )
    return path


def save(figure: Figure, path: str, dpi: int) -> None:
    """Write ``figure`` (a matplotlib figure) to ``path`` and close it; a write that fails
    (a full disk, a folder gone) is bad input naming the file."""
    plt = pyplot()
    try:
        figure.savefig(path, dpi=dpi)
    except OSError as error:
        raise BadInput(f"cannot write the picture {path!r}: {error.strerror or error}", path) from None
    except Exception as error:  # noqa: BLE001  (a writer failing on a device it cannot seek, say)
        raise BadInput(f"cannot write the picture {path!r}: {type(error).__name__}: {error}", path) from None
    finally:
        plt.close(figure)


def pyplot() -> ModuleType:
    """matplotlib's pyplot on the file-only backend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def bars(path: str, title: str, labels: Sequence[str], series: Mapping[str, Sequence[float]], ylabel: str) -> None:
    """One group of bars per label, one bar per series in each group, with a legend when
    there is more than one series."""
    inches = min(14.0, max(6.0, 0.35 * len(labels) * max(1, len(series))))
    figure, axes = pyplot().subplots(figsize=(inches, 4.5))
    width = 0.8 / max(1, len(series))
    for k, (name, values) in enumerate(series.items()):
        axes.bar([i + k * width - 0.4 + width / 2 for i in range(len(labels))], values, width, label=name)
    crowded = len(labels) * (max(map(len, labels), default=0) + 2) > LABEL_CHARS_PER_INCH * inches
    axes.set_xticks(range(len(labels)), labels, rotation=45 if crowded else 0, ha="right" if crowded else "center")
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    if len(series) > 1:
        axes.legend()
    figure.tight_layout()
    save(figure, path, 120)


def histograms(path: str, title: str, counts: Mapping[str, Mapping[int, int]], xlabel: str) -> None:
    """One panel per entry of ``counts`` (a name and its value -> count table), side by
    side, each a bar per value."""
    figure, panels = pyplot().subplots(1, max(1, len(counts)), figsize=(4.0 * max(1, len(counts)), 4.0), squeeze=False)
    for axes, (name, table) in zip(panels[0], counts.items()):
        values = sorted(table)
        axes.bar(values, [table[v] for v in values])
        axes.set_title(name)
        axes.set_xlabel(xlabel)
    panels[0][0].set_ylabel("samples")
    figure.suptitle(title)
    figure.tight_layout()
    save(figure, path, 120)
