"""Rubric loading: schema, references and YAML errors reported as file:line."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interview_grader import RubricError, load_rubric
from interview_grader.rubric.jsonschema import SCHEMA_FILE, schema_json
from interview_grader.rubric.load import default_rubric_path, parse_rubric

from conftest import MINI_RUBRIC, ROOT


def mini_text() -> str:
    return MINI_RUBRIC.read_text(encoding="utf-8")


def error_of(text: str) -> str:
    with pytest.raises(RubricError) as exc:
        parse_rubric(text, "r.yaml")
    return str(exc.value)


def test_mini_rubric_loads():
    r = load_rubric(MINI_RUBRIC)
    assert r.id == "mini" and len(r.sha256) == 64


def test_yaml_syntax_error_has_a_line():
    assert error_of("id: x\nversion: 1\n  bad: [\n") == (
        "r.yaml:3: invalid YAML: mapping values are not allowed in this context"
    )


def test_a_key_defined_twice_is_an_error_with_both_lines():
    """YAML would keep the second lexicon entry silently; the first one would be lost."""
    text = mini_text().replace("lexicon:\n", "lexicon:\n  ps: [参数服务器]\n", 1)
    first = next(i for i, l in enumerate(text.splitlines(), 1) if l.startswith("  ps:"))
    assert error_of(text) == f"r.yaml:{first + 1}: invalid YAML: duplicate key 'ps' (first defined on line {first})"


def test_schema_error_names_the_field_and_its_line():
    text = mini_text().replace("weight: 2", "weight: -2")
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "weight: -2" in l)
    assert error_of(text) == f"r.yaml:{line}: topics[0].questions[0].weight: Input should be greater than 0"


def test_unknown_field_is_rejected():
    text = mini_text().replace("version: \"0.1\"", "version: \"0.1\"\nauthor: me")
    assert error_of(text) == "r.yaml:4: author: Extra inputs are not permitted"


def test_unknown_lexicon_reference_has_a_line():
    text = mini_text().replace('all: ["@ring", "@central"]', 'all: ["@ring", "@centre"]')
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "@centre" in l)
    assert error_of(text) == f"r.yaml:{line}: misconceptions[0].patterns[0].all[1]: unknown lexicon entry '@centre'"


def test_rule_without_examples_fails():
    text = mini_text().replace(
        "    non_matches: [环形规约没有中心节点。, Ring all-reduce has no master node.]\n", ""
    )
    assert "misconceptions[0].non_matches: Field required" in error_of(text)


def test_unknown_topic_reference_is_rejected():
    text = mini_text().replace("      - all: [\"@ring\", \"@central\"]", "      - all: [\"@ring\", \"@central\"]\n        topics: [nope]")
    assert "names unknown topic 'nope'" in error_of(text)


SECOND_TOPIC = (
    "  - id: parameter-server\n"
    "    title: {zh: 参数服务器, en: Parameter server}\n"
    "    questions:\n"
    "      - all: [\"@ps\"]\n"
    "        weight: 2\n"
    "    question_matches: [讲讲参数服务器。]\n"
    "    vocabulary: [\"@ps\"]\n"
    "    key_points:\n"
    "      - id: ps-push-pull\n"
    "        core: true\n"
    "        text: {zh: 工作节点推送梯度、拉取参数。, en: Workers push gradients and pull parameters.}\n"
    "        patterns:\n"
    "          - all: [\"push\", \"pull\"]\n"
    "        matches: [Workers push gradients and pull weights.]\n"
    "        non_matches: [Workers pull weights.]\n"
)


def test_a_misconception_pattern_limited_to_topics_it_is_never_checked_in_is_rejected():
    """A pattern that can never apply would leave its examples passing in the self-test (which tries every pattern)
    while the grader never uses it."""
    text = mini_text().replace(
        "    claim: {zh: 环形规约有中心节点。",
        "    topics: [ring-allreduce]\n    claim: {zh: 环形规约有中心节点。",
    ).replace(
        '      - all: ["@ring", "@central"]', '      - all: ["@ring", "@central"]\n        topics: [parameter-server]'
    ) + SECOND_TOPIC
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "topics: [parameter-server]" in l)
    assert error_of(text) == (
        f"r.yaml:{line}: misconceptions[0].patterns[0].topics: a pattern limited to parameter-server never applies: "
        "misconception ring-allreduce-central-node is checked only in answers to ring-allreduce"
    )
    # limited to a topic the misconception is checked in: fine
    parse_rubric(text.replace("topics: [parameter-server]", "topics: [parameter-server, ring-allreduce]"), "r.yaml",
                 use_cache=False)


def test_a_key_point_pattern_limited_to_other_topics_is_rejected():
    text = mini_text().replace(
        '          - all: ["相邻|neighbour|neighbor|下一个|next"]',
        '          - all: ["相邻|neighbour|neighbor|下一个|next"]\n            topics: [parameter-server]',
    ) + SECOND_TOPIC
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "topics: [parameter-server]" in l)
    assert error_of(text) == (
        f"r.yaml:{line}: topics[0].key_points[0].patterns[0].topics: a pattern limited to parameter-server never "
        "applies: key point ring-neighbours is checked only in answers to ring-allreduce"
    )
    parse_rubric(text.replace("topics: [parameter-server]", "topics: [ring-allreduce]"), "r.yaml", use_cache=False)


def test_missing_file():
    with pytest.raises(RubricError) as exc:
        load_rubric(ROOT / "no-such-rubric.yaml")
    assert str(exc.value).endswith("no-such-rubric.yaml: cannot read rubric: No such file or directory")


def test_not_a_mapping():
    assert error_of("- a\n- b\n") == "r.yaml:1: expected a mapping with id, version, topics, misconceptions"


def test_committed_schema_matches_the_model():
    committed = ROOT / "rubrics" / SCHEMA_FILE
    assert committed.read_text(encoding="utf-8") == schema_json(), (
        "rubrics/ schema drifted: run `interview-grader rubric schema -o rubrics/" + SCHEMA_FILE + "`"
    )
    schema = json.loads(committed.read_text(encoding="utf-8"))
    assert "topics" in schema["properties"]


def test_default_rubric_references_the_schema_for_editors():
    first = Path(default_rubric_path()).read_text(encoding="utf-8").splitlines()[0]
    assert first == f"# yaml-language-server: $schema=./{SCHEMA_FILE}"


def test_duplicate_id_points_at_the_second_definition():
    text = mini_text().replace("id: ring-two-phases", "id: ring-neighbours")
    line = [i for i, l in enumerate(text.splitlines(), 1) if "id: ring-neighbours" in l][1]
    assert error_of(text) == f"r.yaml:{line}: duplicate key point id 'ring-neighbours'"


WRONG_CLAIM = """wrong_claims:
  - id: {id}
    severity: minor
    claim: {{zh: 环形规约只能用偶数个节点。, en: A ring needs an even number of nodes.}}
    correction: {{zh: 任意个节点都能成环。, en: Any number of nodes can form a ring.}}
    patterns:
      - all: ["@ring", "偶数|even number"]
    matches: [环形规约只能用偶数个节点。]
    non_matches: [环形规约不要求偶数个节点。]
"""


def test_a_wrong_claim_id_must_differ_from_every_misconception_id():
    text = mini_text().replace("topics:\n", WRONG_CLAIM.format(id="ring-allreduce-central-node") + "topics:\n", 1)
    line = [i for i, l in enumerate(text.splitlines(), 1) if "id: ring-allreduce-central-node" in l][1]
    assert error_of(text) == f"r.yaml:{line}: duplicate wrong claim id 'ring-allreduce-central-node'"


def test_a_wrong_claim_needs_its_examples():
    text = mini_text().replace("topics:\n", WRONG_CLAIM.format(id="ring-even-nodes") + "topics:\n", 1)
    assert parse_rubric(text, "r.yaml").rubric.wrong_claims[0].id == "ring-even-nodes"
    with pytest.raises(RubricError, match="matches"):
        parse_rubric(text.replace("    matches: [环形规约只能用偶数个节点。]\n", ""), "r.yaml")
