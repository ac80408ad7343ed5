"""The documents whose examples the tests run: the README and every page of the
documentation site (docs/pages). Their examples name files from the repository root."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = ROOT / "docs" / "pages"
DOCUMENTS = [README, *sorted(PAGES.rglob("*.md"))]


def name(document: Path) -> str:
    """The document's path from the repository root."""
    return document.relative_to(ROOT).as_posix()


def command_lines() -> list[str]:
    """Every ``$ cardsolve ...`` line of every document, without the ``$ cardsolve ``."""
    return [
        line[len("$ cardsolve ") :]
        for document in DOCUMENTS
        for line in document.read_text(encoding="utf-8").splitlines()
        if line.startswith("$ cardsolve ")
    ]
