"""JSON Schema of the rubric format, for editors and for review."""
from __future__ import annotations

import json

from .schema import Rubric

SCHEMA_FILE = "distributed_training.schema.json"


def schema_json() -> str:
    schema = Rubric.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "interview-grader rubric"
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
