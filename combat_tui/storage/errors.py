"""Errors a person can act on: the file, the line or field path, and what is wrong."""

from __future__ import annotations

from pathlib import Path


class CampaignError(Exception):
    """A campaign folder that cannot be read or written; the file is left untouched."""

    def __init__(self, file: Path | str, problem: str, where: str = "") -> None:
        self.file = Path(file)
        self.where = where
        self.problem = problem
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f", {self.where}" if self.where else ""
        return f"{self.file}{where}: {self.problem}"


class CampaignLocked(CampaignError):
    """Another running process writes this campaign."""
