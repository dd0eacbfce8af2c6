from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SHARED = ROOT.parent / "shared"
SEED = SHARED / "seed" / "seed_interview.txt"
MINI_RUBRIC = DATA / "mini_rubric.yaml"

# compiled-rubric cache of this test session, not the user's (subprocesses inherit it)
os.environ.setdefault("INTERVIEW_GRADER_CACHE", tempfile.mkdtemp(prefix="ig-cache-"))


@pytest.fixture(scope="session")
def rubric():
    from interview_grader import load_rubric

    return load_rubric()


@pytest.fixture(scope="session")
def mini_rubric():
    from interview_grader import load_rubric

    return load_rubric(MINI_RUBRIC)


@pytest.fixture(scope="session")
def seed_path() -> Path:
    if not SEED.exists():
        pytest.skip("../shared/seed is not beside the project")
    return SEED
