"""One installed name: the distribution installs the package ``cardsolve`` (the
repository's top level, through pyproject's package-dir) and nothing else of ours."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import cardsolve

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_folder_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {"cardsolve"} | {
        "cardsolve." + ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("models", "solvers", "benchmarks")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert listed == folders


def test_version_and_typed_marker() -> None:
    assert cardsolve.__version__.count(".") == 2
    assert (Path(cardsolve.__file__).parent / "py.typed").is_file()


def test_game_modules_load_on_first_use() -> None:
    """``import cardsolve`` is light: the game API modules (and numba) load when first named."""
    probe = "import sys, cardsolve; print('numba' in sys.modules, 'cardsolve.solvers.quibbles.api' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


@pytest.mark.slow  # 10-20 s: started early, so that the run does not end on it
def test_install_leaves_only_cardsolve(tmp_path: Path) -> None:
    """``pip install --no-deps --target DIR .``: DIR holds ``cardsolve/``, its dist-info
    and the console script, nothing else."""
    # A copy of the sources, so the build leaves nothing in the checkout (and a stale
    # build/ folder there cannot leak removed modules into the wheel).
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "*.egg-info", "__pycache__", ".hypothesis", ".pytest_cache", ".mypy_cache"
        ),
    )
    target = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target", str(target), str(source)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in target.iterdir())
    assert names[0] == "bin" and names[1] == "cardsolve" and len(names) == 3, names
    assert names[2].startswith("cardsolve-") and names[2].endswith(".dist-info")
    package = target / "cardsolve"
    assert (package / "cli.py").is_file() and (package / "py.typed").is_file()
    assert (package / "models" / "data" / "ubongo.json").is_file()
    static = package / "solvers" / "interfaces" / "web" / "static"
    assert {"index.html", "cardsolve.js", "cardsolve.css", "ubongo.html"} <= {p.name for p in static.iterdir()}
    assert not (package / "tests").exists()
