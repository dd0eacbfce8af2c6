"""Load a rubric YAML file into a validated, compiled ``Rubric``.

YAML is read with ``safe_load`` semantics (``yaml.SafeLoader``).  Syntax errors,
schema errors and bad term sets are all reported as ``RubricError`` carrying the
file and the line of the offending node, e.g.
``rubrics/x.yaml:42: topics[3].key_points[0].weight: Input should be greater than 0``.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from ..errors import RubricError
if TYPE_CHECKING:
    from ..matcher import Compiler
    from .schema import Rubric

DEFAULT_RUBRIC = "distributed_training.yaml"


@dataclass(frozen=True)
class LoadedRubric:
    """A validated rubric with its compiled term sets and provenance.

    ``memo`` holds derived data computed on first use (folded non-answer
    phrases, question -> topic decisions): deterministic functions of the
    rubric, cached because archives repeat the same questions thousands of times.
    """

    rubric: Rubric
    compiler: Compiler
    path: str
    sha256: str
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def id(self) -> str:
        return self.rubric.id

    @property
    def version(self) -> str:
        return self.rubric.version


def default_rubric_path() -> Path:
    """The rubric shipped inside the package."""
    return Path(str(resources.files("interview_grader.rubrics").joinpath(DEFAULT_RUBRIC)))


_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Safe loading that refuses a key defined twice in one mapping.

    Plain YAML keeps the last value silently, so a second ``lexicon`` entry of
    the same name would replace the first without a word.
    """

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            seen: dict = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue  # '<<' merges; an explicit key may override a merged one
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.setdefault(key, key_node)
                except TypeError:
                    continue  # an unhashable key: the constructor reports it
                if first is not key_node:
                    raise yaml.constructor.ConstructorError(
                        None, None,
                        f"duplicate key {key!r} (first defined on line {first.start_mark.line + 1})",
                        key_node.start_mark,
                    )
        return super().construct_mapping(node, deep=deep)


def _line_index(node: yaml.Node, path: tuple = (), out: dict | None = None) -> dict[tuple, int]:
    """Map each location path (keys and list indexes) to its 1-based line."""
    if out is None:
        out = {}
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            key = k.value
            out[path + (key,)] = k.start_mark.line + 1
            _line_index(v, path + (key,), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _line_index(v, path + (i,), out)
    return out


class _LazyLines:
    """Line index built only when an error needs a line (composing YAML is slow)."""

    def __init__(self, text: str):
        self.text = text
        self._index: dict[tuple, int] | None = None

    def _get(self) -> dict[tuple, int]:
        if self._index is None:
            root = yaml.compose(self.text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
            self._index = _line_index(root) if root is not None else {}
        return self._index

    def __contains__(self, loc: tuple) -> bool:
        return loc in self._get()

    def __getitem__(self, loc: tuple) -> int:
        return self._get()[loc]

    def get(self, loc: tuple, default=None):
        return self._get().get(loc, default)


def _line_for(lines, loc: tuple) -> int | None:
    loc = tuple(loc)
    while loc:
        if loc in lines:
            return lines[loc]
        loc = loc[:-1]
    return lines.get(())


def _line_of_value(text: str, msg: str) -> int | None:
    """Line of a whole-rubric error (duplicate id, unknown topic): where its quoted value stands.

    A duplicate is reported at its second definition, an unknown name at its use.
    """
    m = re.search(r"'([^']+)'\s*$", msg)
    if not m:
        return None
    value = m.group(1)
    hits = [i for i, line in enumerate(text.splitlines(), 1) if re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", line)]
    if not hits:
        return None
    if msg.startswith("duplicate"):
        defs = [i for i in hits if re.search(rf"\bid:\s*['\"]?{re.escape(value)}", text.splitlines()[i - 1])]
        return defs[1] if len(defs) > 1 else hits[-1]
    return hits[0]


def _fmt_loc(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def parse_rubric(text: str, path: str = "<rubric>", use_cache: bool = True) -> LoadedRubric:
    """Validate and compile rubric YAML given as text.

    A rubric already compiled by an earlier process is taken from the per-user
    cache (see ``rubric.cache``): the same text always compiles the same way.
    """
    sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if use_cache:
        from . import cache

        hit = cache.load(sha)
        if hit is not None:
            rubric, compiler = hit
            return LoadedRubric(rubric, compiler, path, sha)
    try:
        data = yaml.load(text, Loader=_StrictLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        msg = " ".join(str(p) for p in (exc.context, exc.problem) if p)
        raise RubricError(f"invalid YAML: {msg}", path, line) from None
    except yaml.YAMLError as exc:
        raise RubricError(f"invalid YAML: {exc}", path) from None
    if not isinstance(data, dict):
        raise RubricError("expected a mapping with id, version, topics, misconceptions", path, 1)
    # (the schema, pydantic and the matcher are imported here, not at the top: a batch run's parent reads rubrics only
    # from the cache's header, without them)
    from pydantic import ValidationError

    from ..matcher import Compiler
    from .schema import Rubric

    lines = _LazyLines(text)
    try:
        rubric = Rubric.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-after")))
        msg = err["msg"].removeprefix("Value error, ")
        more = f" (and {len(exc.errors()) - 1} more)" if len(exc.errors()) > 1 else ""
        line = _line_for(lines, loc) if loc else _line_of_value(text, msg)
        where = f"{_fmt_loc(loc)}: " if loc else ""
        raise RubricError(f"{where}{msg}{more}", path, line) from None
    _check_reach(rubric, lines, path)
    compiler = Compiler(rubric.lexicon, rubric.referents, rubric.code_switch)
    _compile_all(data, lines, compiler, path)
    compiler.settle()
    if use_cache:
        from . import cache

        cache.store(sha, rubric, compiler)
    return LoadedRubric(rubric, compiler, path, sha)


def _check_reach(rubric, lines: dict, path: str) -> None:
    """Reject a pattern limited to topics whose answers its rule is never checked in: the grader would never use it,
    while the self-test (which tries every pattern of a rule) would let its examples pass through it."""

    def fail(loc: tuple, limit: list[str], rule: str, where: str) -> None:
        raise RubricError(
            f"{_fmt_loc(loc)}: a pattern limited to {', '.join(limit)} never applies: {rule} is checked only in "
            f"answers to {where}", path, _line_for(lines, loc),
        )

    for ti, t in enumerate(rubric.topics):
        for ki, k in enumerate(t.key_points):
            for pi, p in enumerate(k.patterns):
                if p.topics is not None and t.id not in p.topics:
                    fail(("topics", ti, "key_points", ki, "patterns", pi, "topics"), p.topics,
                         f"key point {k.id}", t.id)
    for key, kind in (("misconceptions", "misconception"), ("wrong_claims", "wrong claim")):
        for mi, m in enumerate(getattr(rubric, key)):
            for pi, p in enumerate(m.patterns):
                if p.topics is not None and m.topics is not None and not set(p.topics) & set(m.topics):
                    fail((key, mi, "patterns", pi, "topics"), p.topics, f"{kind} {m.id}", ", ".join(m.topics))


def _compile_all(data: dict[str, Any], lines: dict, compiler: Compiler, path: str) -> None:
    """Compile every term set now so a bad one fails at load with its line."""

    def check(spec: str, loc: tuple) -> None:
        try:
            compiler.check(spec)
        except ValueError as exc:
            raise RubricError(f"{_fmt_loc(loc)}: {exc}", path, _line_for(lines, loc)) from None

    def patterns(pats: list, loc: tuple) -> None:
        for i, p in enumerate(pats or []):
            for key in ("all", "none", "asked", "not_asked"):
                for j, spec in enumerate(p.get(key) or []):
                    check(spec, loc + (i, key, j))

    for name, terms in (data.get("lexicon") or {}).items():
        for j, spec in enumerate(terms):
            check(spec, ("lexicon", name, j))
    for j, spec in enumerate(data.get("referents") or []):
        check(spec, ("referents", j))
    for ti, t in enumerate(data.get("topics") or []):
        patterns(t.get("questions"), ("topics", ti, "questions"))
        for j, spec in enumerate(t.get("vocabulary") or []):
            check(spec, ("topics", ti, "vocabulary", j))
        for ki, k in enumerate(t.get("key_points") or []):
            patterns(k.get("patterns"), ("topics", ti, "key_points", ki, "patterns"))
    for key in ("misconceptions", "wrong_claims"):
        for mi, m in enumerate(data.get(key) or []):
            patterns(m.get("patterns"), (key, mi, "patterns"))


def load_rubric(path: str | Path | None = None) -> LoadedRubric:
    """Load a rubric file, or the default rubric shipped with the package."""
    p = Path(path) if path is not None else default_rubric_path()
    shown = str(p)
    try:
        text = p.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise RubricError(f"cannot read rubric: {exc.strerror or exc}", shown) from None
    except UnicodeDecodeError as exc:
        raise RubricError(f"rubric is not UTF-8 text (byte {exc.start})", shown) from None
    return parse_rubric(text, shown)
