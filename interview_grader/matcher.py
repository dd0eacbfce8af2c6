"""Compile rubric term sets and match patterns against an analysed text.

A *term set* is a string such as ``"参数服务器|parameter server|@ps"``.  It is
compiled once into one regular expression over folded text.  ASCII words get
word boundaries (``ps`` does not match inside ``gpus``), short ones accept a
plural ``s``; ``a..b`` is a gap inside one clause; ``re:`` embeds a regex.

``Doc`` holds one folded text with its scopes; ``Doc.find`` returns where a
pattern matches, honouring the pattern's scope and polarity.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import regex

from .assertion import Scopes, analyse
from .errors import RubricError
from .normalize import Folded, fold, fold_term

GAP = r"[^,。!?;:\n]{0,24}?"
ANY_TOPIC = "*"
REGEX_TIMEOUT = 0.25  # seconds per search of a rubric-supplied regex


def _literal(term: str) -> str:
    folded = fold_term(term).strip()
    if not folded:
        raise ValueError(f"empty term in {term!r}")
    parts = [re.escape(p) for p in folded.split()]
    body = r"\s*".join(parts)
    if folded[0].isascii() and folded[0].isalnum():
        body = r"(?<![a-z0-9])" + body
    if folded[-1].isascii() and folded[-1].isalnum():
        if len(folded) <= 4:
            body += r"(?:e?s)?(?![a-z0-9])"
    return body


def _alternative(alt: str, lexicon: dict[str, list[str]], depth: int = 0) -> list[str]:
    alt = alt.strip()
    if not alt:
        raise ValueError("empty alternative (two '|' in a row?)")
    if alt.startswith("re:"):
        src = alt[3:]
        try:
            regex.compile(src)
        except regex.error as exc:
            raise ValueError(f"bad regex {src!r}: {exc}") from None
        return [f"(?:{src})"]
    if ".." in alt:
        pieces = alt.split("..")
        if any(not p.strip() for p in pieces):
            raise ValueError(f"gap '..' needs text on both sides in {alt!r}")
        parts = []
        for piece in pieces:
            subs = _alternative(piece, lexicon, depth + 1)
            parts.append(subs[0] if len(subs) == 1 else "(?:" + "|".join(sorted(subs, key=lambda a: (-len(a), a))) + ")")
        return [GAP.join(parts)]
    if alt.startswith("@"):
        name = alt[1:]
        if name not in lexicon:
            raise ValueError(f"unknown lexicon entry '@{name}'")
        if depth > 4:
            raise ValueError(f"lexicon entry '@{name}' nests too deeply")
        out: list[str] = []
        for sub in lexicon[name]:
            for piece in sub.split("|"):
                out.extend(_alternative(piece, lexicon, depth + 1))
        return out
    return [_literal(alt)]


@dataclass(frozen=True)
class TermSet:
    source: str
    rx: regex.Pattern
    user_regex: bool


def compile_termset(spec: str, lexicon: dict[str, list[str]]) -> TermSet:
    """Compile a term set; raises ValueError with a readable reason."""
    alts: list[str] = []
    for alt in spec.split("|"):
        alts.extend(_alternative(alt, lexicon))
    # longest alternatives first so the evidence covers the fullest wording
    alts = sorted(set(alts), key=lambda a: (-len(a), a))
    return TermSet(spec, regex.compile("|".join(alts)), "re:" in spec)


class Compiler:
    """Caches compiled term sets of one rubric."""

    def __init__(self, lexicon: dict[str, list[str]]):
        self.lexicon = lexicon
        self._cache: dict[str, TermSet] = {}

    def __call__(self, spec: str) -> TermSet:
        ts = self._cache.get(spec)
        if ts is None:
            ts = self._cache[spec] = compile_termset(spec, self.lexicon)
        return ts


@dataclass(frozen=True)
class Hit:
    """A pattern match: a range of the folded text and its evidence range."""

    start: int
    end: int
    ev_start: int
    ev_end: int


@dataclass
class Doc:
    """One folded text with scopes, and a cache of term-set occurrences."""

    folded: Folded
    scopes: Scopes
    _occ: dict[str, list[tuple[int, int]]] = field(default_factory=dict)

    @classmethod
    def of(cls, text: str, base: int = 0, question: str | None = None) -> "Doc":
        f = fold(text, base)
        q = fold(question).text if question else None
        return cls(f, analyse(f.text, q))

    @property
    def text(self) -> str:
        return self.folded.text

    def occurrences(self, ts: TermSet) -> list[tuple[int, int]]:
        occ = self._occ.get(ts.source)
        if occ is None:
            if ts.user_regex:
                try:
                    occ = [m.span() for m in ts.rx.finditer(self.text, timeout=REGEX_TIMEOUT) if m.end() > m.start()]
                except TimeoutError:
                    raise RubricError(f"pattern {ts.source!r} took longer than {REGEX_TIMEOUT}s; simplify its regex") from None
            else:
                occ = [m.span() for m in ts.rx.finditer(self.text) if m.end() > m.start()]
            self._occ[ts.source] = occ
        return occ

    def find(self, pattern, compile_: Compiler, topic: str | None = ANY_TOPIC) -> Hit | None:
        """First place where ``pattern`` (a schema.Pattern) holds, or None.

        A pattern limited to some topics applies only when ``topic`` is one of
        them (``ANY_TOPIC`` applies every pattern, as the self-test does).
        """
        limit = getattr(pattern, "topics", None)
        if limit is not None and topic != ANY_TOPIC and topic not in limit:
            return None
        units = self.scopes.clauses if pattern.scope == "clause" else self.scopes.sentences
        item_occ = [self.occurrences(compile_(spec)) for spec in pattern.all]
        if any(not o for o in item_occ):
            return None
        none_occ = [self.occurrences(compile_(spec)) for spec in pattern.none]
        sc = self.scopes
        for a, b in units:
            chosen: list[tuple[int, int]] = []
            any_negated = False
            ok = True
            for occ in item_occ:
                inside = [(s, e) for s, e in occ if a <= s < b and not sc.is_void(s)]
                if pattern.polarity == "asserted":
                    inside = [(s, e) for s, e in inside if not sc.is_negated(s, e)]
                if not inside:
                    ok = False
                    break
                if pattern.polarity == "negated":
                    neg = [(s, e) for s, e in inside if sc.is_negated(s, e)]
                    if neg:
                        any_negated = True
                        inside = neg
                chosen.append(inside[0])
            if not ok or (pattern.polarity == "negated" and not any_negated):
                continue
            if any(a <= s < b for occ in none_occ for s, _ in occ):
                continue
            start = min(s for s, _ in chosen)
            end = max(e for _, e in chosen)
            ev_s, ev_e = self._evidence(start, end)
            return Hit(start, end, ev_s, ev_e)
        return None

    def _evidence(self, start: int, end: int) -> tuple[int, int]:
        """Widen a match to the clauses it touches, trimmed of delimiters and space."""
        s, e = start, end
        for a, b in self.scopes.clauses:
            if a <= start < b:
                s = a
            if a < end <= b:
                e = b
        t = self.text
        while s < e and (t[s].isspace() or t[s] in ",。!?;:、"):
            s += 1
        while e > s and (t[e - 1].isspace() or t[e - 1] in ",。!?;:、"):
            e -= 1
        return s, e

    def source_range(self, start: int, end: int) -> tuple[int, int]:
        return self.folded.to_source(start, end)
