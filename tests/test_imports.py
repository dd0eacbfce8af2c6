"""The parent of a batch run holds no grader: the package imports its grading modules on first use.

A batch run's parent reads inputs and writes outputs while its workers grade; importing the grader there (the
matcher, the assertion analysis and their compiled regular expressions) cost the process tree about 8 MB at the
peak of a 50,000-transcript run, against a 300 MB target (bench/README.md)."""
from __future__ import annotations

import subprocess
import sys

GRADER = ("interview_grader.engine", "interview_grader.matcher", "interview_grader.assertion", "interview_grader.parse")


def _loaded_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint(' '.join(sorted(sys.modules)))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return set(proc.stdout.split())


def test_the_batch_parent_does_not_import_the_grader():
    loaded = _loaded_after("import interview_grader.batch.run, interview_grader.cli")
    assert not loaded & set(GRADER), sorted(loaded & set(GRADER))


def test_the_public_names_import_on_first_use():
    loaded = _loaded_after(
        "import interview_grader as ig\n"
        "from interview_grader import grade, load_rubric, parse_transcript, render, Report, Transcript\n"
        "assert ig.grade is grade and 'grade_text' in dir(ig)"
    )
    assert set(GRADER) <= loaded


def test_render_stays_the_function_whatever_is_imported_first():
    # (the function shares its name with its subpackage; importing a renderer first must not rebind it)
    _loaded_after(
        "import types, interview_grader.render.html, interview_grader.report\n"
        "from interview_grader import render\n"
        "assert callable(render) and not isinstance(render, types.ModuleType), render"
    )


def test_an_unknown_name_is_an_attribute_error():
    import pytest

    import interview_grader

    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        interview_grader.nope  # noqa: B018
