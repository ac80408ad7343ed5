"""The studies' pictures: grouped bars and count histograms, written as PNG files with
matplotlib's file-only backend (no display needed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402  (the backend is chosen first)


def bars(path: str, title: str, labels: Sequence[str], series: Mapping[str, Sequence[float]],
         ylabel: str) -> None:
    """One group of bars per label, one bar per series in each group, with a legend when
    there is more than one series."""
    figure, axes = plt.subplots(figsize=(min(14.0, max(6.0, 0.35 * len(labels) * max(1, len(series)))), 4.5))
    width = 0.8 / max(1, len(series))
    for k, (name, values) in enumerate(series.items()):
        axes.bar([i + k * width - 0.4 + width / 2 for i in range(len(labels))], values, width, label=name)
    axes.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 8 else 0, ha="right"
                    if len(labels) > 8 else "center")
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    if len(series) > 1:
        axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def histograms(path: str, title: str, counts: Mapping[str, Mapping[int, int]], xlabel: str) -> None:
    """One panel per entry of ``counts`` (a name and its value -> count table), side by
    side, each a bar per value."""
    figure, panels = plt.subplots(1, max(1, len(counts)), figsize=(4.0 * max(1, len(counts)), 4.0),
                                  squeeze=False)
    for axes, (name, table) in zip(panels[0], counts.items()):
        values = sorted(table)
        axes.bar(values, [table[v] for v in values])
        axes.set_title(name)
        axes.set_xlabel(xlabel)
    panels[0][0].set_ylabel("samples")
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
