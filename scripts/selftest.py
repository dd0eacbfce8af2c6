"""Dev helper: merge rubric parts, load, and run every rule's examples."""
import subprocess, sys
from pathlib import Path
root = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(root))
subprocess.run(["bash", str(root / "scripts/merge_rubric_parts.sh")], check=True)
from interview_grader.rubric.load import load_rubric
from interview_grader.rubric.selftest import run_selftest
from interview_grader.errors import RubricError
try:
    r = load_rubric(root / "rubrics/distributed_training.yaml")
except RubricError as e:
    print("LOAD ERROR:", e); sys.exit(2)
fails = run_selftest(r)
for f in fails:
    print(f)
print(f"{len(fails)} failing examples; {len(r.rubric.topics)} topics, {len(r.rubric.misconceptions)} misconceptions")
sys.exit(1 if fails else 0)
