"""The canonical JSON: the Report dumped, nothing added or removed."""
from __future__ import annotations

from ..report import Report


def to_json(report: Report) -> str:
    return report.model_dump_json(indent=2) + "\n"
