"""Term sets and patterns matched against an analysed text.

A *term set* is a string such as ``"参数服务器|parameter server|@ps"``: ``|``
separates alternatives, ``@name`` expands a lexicon entry, ``a..b`` is ``a``
then ``b`` later in the same clause (at most ``GAP`` characters on), and
``re:<regex>`` is a regular expression on the folded text.  Literal terms are
folded like the text (width, case, traditional/simplified, hyphens); ASCII
terms need a word boundary on the left, and short ones (up to 3 characters)
on the right too, where a plural ``s``/``es`` is allowed.  A space in a term
matches one space or none (``parameter server`` / ``parameterserver``).

All literal terms of a rubric go into one Aho-Corasick automaton, so finding
every term in a text is a single pass however large the rubric is; a term
set's occurrences are then assembled from the literal hits.  ``Doc.find``
applies a pattern's scope and polarity on top.
"""
from __future__ import annotations

import re
import weakref
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product

from .assertion import Scopes, analyse
from .errors import RubricError
from .normalize import Folded, fold, fold_term

FUZZY_MIN = 8  # ASCII terms at least this long also match with a typo
JOINED_TYPO_WORD = 7  # ... a multi-word term, as one word, only when one of its words is at least this long
_LONG_WORD = re.compile(rf"(?<![a-z])[a-z]{{{FUZZY_MIN},}}(?![a-z])")
_WORD_PAIR = re.compile(r"(?<![a-z])([a-z]{3,})(?=(\s+)([a-z]{3,})(?![a-z]))")
SHORT = 3  # ASCII terms this short need a right word boundary (ps, dp, ddp, gpu)
GAP = 24  # characters allowed between the pieces of an "a..b" term
GAP_BREAK = frozenset(",。!?;:、\n")  # a gap never crosses these
ANY_TOPIC = "*"
# a sentence that opens by pointing back at what the sentence before named (see Doc.carried)
_POINTS_BACK = re.compile(
    r"[\s\"'(“‘]*(?:(?:and|but|so|also|plus|then|because|since)[\s,]*)?"
    r"(?:the (?:good|nice|great|best|main|bad|only) (?:thing|part|point) (?:about it )?is (?:that )?)?"
    r"(?:that one|this one|it|they"
    # ... or that says how the speaker reads it: "I'd use data parallelism. The way I understand it, you give each
    # GPU …", "As I understand it, …", "The way it works, …"
    r"|(?P<reading>the way (?:i (?:understand|see|think of)|it works)(?: it)?|as i understand it|how it works is))(?![a-z])"
)
# notes: a short line ending in a colon heads the bullet lines under it ("Sync:" / "- barrier each step -> the
# straggler sets the pace"; "DDP:" / "- sync: after each optimizer step the weights are averaged")
_HEADING = re.compile(r"\s*([^\s\-*•·].{0,38}?):\s*$")
_BULLET = re.compile(r"\s*(?:[-*•·]|\d{1,2}[.)])\s")
_NUMBER = re.compile(r"\s*\d{1,2}\.\s*")


def _breaks_gap(gap: str) -> bool:
    """A gap never crosses a clause mark, nor an English full stop before a space ("… only faster. Synchronous
    …"); a dot inside a token ("torch.distributed", "1.5x") does not break it."""
    # (a colon right after the first piece labels what follows: "DDP: one process per GPU", "同步：每步等所有 worker")
    if gap[:1] == ":":
        gap = gap[1:]
    return any(c in GAP_BREAK for c in gap) or ". " in gap
REGEX_TIMEOUT = 0.25  # seconds per search of a rubric-supplied regex


def _is_word(c: str) -> bool:
    return c.isascii() and c.isalnum()


_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")  # _is_word as a set


@dataclass(frozen=True)
class Literal:
    """One folded literal with its boundary rules."""

    key: str
    left: bool  # needs a non-[a-z0-9] character (or the start) before it
    right: bool  # short ASCII word: needs a boundary after (optional plural s/es)


@dataclass(frozen=True)
class UserRegex:
    source: str


Piece = tuple  # tuple[Literal | UserRegex, ...]: alternatives for one piece
Alternative = tuple  # tuple[Piece, ...]: pieces joined by gaps


@lru_cache(maxsize=None)
def _literal(term: str) -> tuple[Literal, ...]:
    folded = " ".join(fold_term(term).split())
    if not folded:
        raise ValueError(f"empty term in {term!r}")
    keys = {folded, folded.replace(" ", "")} if " " in folded else {folded}
    out = []
    for key in sorted(keys):
        out.append(Literal(key, _is_word(key[0]), _is_word(key[-1]) and len(key) <= SHORT))
    return tuple(out)


_HAN = re.compile(r"[\u4e00-\u9fff]")
SWITCH_VARIANTS = 16  # at most this many code-switched variants of one literal


@lru_cache(maxsize=None)
def _switched(piece: Piece, switch: tuple[tuple[str, tuple[str, ...]], ...]) -> Piece:
    """``piece`` with each Chinese literal also written as code-switched Chinese writes it: some or all of the
    rubric's Chinese terms in it in English ("负责模型的一部分" also as "负责model的一部分", which "负责 model 的一部分"
    folds to; "把梯度发给参数服务器" also as "把gradients发给ps"), fewer terms switched first, at most SWITCH_VARIANTS
    variants. A variant keeps a Chinese character, so it never matches plain English."""
    out = list(piece)
    seen = {o.key for o in piece if isinstance(o, Literal)}
    for opt in piece:
        if not isinstance(opt, Literal) or not _HAN.search(opt.key):
            continue
        # the key cut into the terms it holds (the longest at each place: 参数服务器 before 参数) and the text between
        parts: list[tuple[str, ...]] = []
        i, key, plain = 0, opt.key, ""
        while i < len(key):
            term = next(((zh, ens) for zh, ens in switch if key.startswith(zh, i)), None)
            if term is None:
                plain += key[i]
                i += 1
                continue
            parts.append((plain,))
            plain = ""
            parts.append((term[0], *term[1]))
            i += len(term[0])
        if not any(len(p) > 1 for p in parts):
            continue
        parts.append((plain,))
        variants = sorted(product(*parts), key=lambda v: sum(a != p[0] for a, p in zip(v, parts)))
        added = 0
        for v in variants:
            k = "".join(v)
            if k in seen or not _HAN.search(k):
                continue
            if added == SWITCH_VARIANTS:
                break
            seen.add(k)
            added += 1
            out.append(Literal(k, _is_word(k[0]), _is_word(k[-1]) and len(k) <= SHORT))
    return tuple(out)


PROBE_TIMEOUT = 0.05  # seconds per probe at load time
PROBE_LENGTH = 3000  # characters of a probe; texts up to this long are searched without a timeout


def _probe(src: str, compiled) -> None:
    """Reject a rubric regex that backtracks catastrophically, before it meets real text.

    Probes are long runs of characters the pattern itself uses (and a few
    common ones) ending in a character nothing expects: where ``(a+)+$`` or
    ``(x|xx)*y`` blow up.
    """
    chars = [c for c in dict.fromkeys(src) if c.isalnum() or c == " "][:12]
    probes = [c * PROBE_LENGTH + "\x01" for c in dict.fromkeys(["a", "1", " ", "数", *chars])]
    probes.append("ab" * (PROBE_LENGTH // 2) + "\x01")
    for text in probes:
        try:
            compiled.search(text, timeout=PROBE_TIMEOUT)
        except TimeoutError:
            raise ValueError(
                f"regex {src!r} takes over {PROBE_TIMEOUT}s on a {len(text)}-character probe "
                "(catastrophic backtracking); rewrite it without nested repetition"
            ) from None


def _alternatives(
    alt: str, lexicon: dict[str, list[str]], depth: int = 0, memo: dict | None = None
) -> list[Alternative]:
    """Resolve one alternative; ``memo`` (per rubric) keeps lexicon expansions resolved once."""
    if memo is not None:
        got = memo.get(alt)
        if got is None:
            got = memo[alt] = _resolve(alt, lexicon, depth, memo)
        return got
    return _resolve(alt, lexicon, depth, None)


def _resolve(alt: str, lexicon: dict[str, list[str]], depth: int, memo: dict | None) -> list[Alternative]:
    alt = alt.strip()
    if not alt:
        raise ValueError("empty alternative (two '|' in a row?)")
    if depth > 6:
        raise ValueError(f"lexicon references nest too deeply at {alt!r}")
    if alt.startswith("re:"):
        src = alt[3:]
        import regex

        try:
            compiled = regex.compile(src)
        except regex.error as exc:
            raise ValueError(f"bad regex {src!r}: {exc}") from None
        _probe(src, compiled)
        return [((UserRegex(src),),)]
    if ".." in alt:
        pieces = alt.split("..")
        if any(not p.strip() for p in pieces):
            raise ValueError(f"gap '..' needs text on both sides in {alt!r}")
        # each piece: its one-piece alternatives merged into one option set, plus
        # any multi-piece ones (a lexicon gap used inside a gap) kept whole
        combos: list[tuple] = [()]
        for piece in pieces:
            subs = _alternatives(piece, lexicon, depth + 1, memo)
            singles = tuple(dict.fromkeys(o for sub in subs if len(sub) == 1 for o in sub[0]))
            choices = ([(singles,)] if singles else []) + [sub for sub in subs if len(sub) > 1]
            combos = [c + ch for c in combos for ch in choices]
            if len(combos) > 64:
                raise ValueError(f"gap term {alt!r} expands to too many combinations")
        return combos
    if alt.startswith("@"):
        name = alt[1:]
        if name not in lexicon:
            raise ValueError(f"unknown lexicon entry '@{name}'")
        out: list[Alternative] = []
        for entry in lexicon[name]:
            for piece in entry.split("|"):
                out.extend(_alternatives(piece, lexicon, depth + 1, memo))
        return out
    if "@" in alt:
        raise ValueError(
            f"'@' inside the literal {alt!r}: a lexicon reference must stand alone "
            "as an alternative or a gap piece (write 'the..@name', not 'the @name')"
        )
    return [(_literal(alt),)]


@dataclass(frozen=True)
class TermSet:
    """A resolved term set, split for speed into plain literals, regexes and gap terms."""

    source: str
    literals: frozenset[str] = frozenset()  # keys of the one-piece literal alternatives
    regexes: tuple[str, ...] = ()  # sources of the one-piece regex alternatives
    gaps: tuple[tuple["FastPiece", ...], ...] = ()  # alternatives of several pieces
    gap_starts: frozenset[str] = frozenset()  # literal keys that can start a gap alternative
    gap_regex_start: bool = False  # some gap alternative starts with a regex
    # first-piece literal key -> the gap alternatives (indices into ``gaps``) it starts,
    # so an answer's occurrences visit only the alternatives whose first piece it holds
    gap_by_start: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False, hash=False, repr=False)
    gap_regex_firsts: tuple[int, ...] = ()  # gap alternatives whose first piece has a regex
    # per entry of ``regexes``, the literal every match of it contains ("" if none is known; see _required_literal)
    regex_needs: tuple[str, ...] = ()

    @classmethod
    def build(cls, source: str, alternatives: list[Alternative], intern=None) -> "TermSet":
        """``intern``: maps a frozenset to an equal one already held, so that term sets and pieces built from the same
        lexicon entries share their key sets (a rubric has ~18,000 of them, ~4,000 distinct)."""
        same = intern or (lambda fs: fs)
        alts = tuple(dict.fromkeys(alternatives))
        lits: set[str] = set()
        rxs: list[str] = []
        gaps: list[Alternative] = []
        for alt in alts:
            if len(alt) == 1:
                for opt in alt[0]:
                    if isinstance(opt, Literal):
                        lits.add(opt.key)
                    else:
                        rxs.append(opt.source)
            else:
                gaps.append(alt)
        starts = same(frozenset(o.key for g in gaps for o in g[0] if isinstance(o, Literal)))
        rx_start = any(not isinstance(o, Literal) for g in gaps for o in g[0])
        fast = tuple(tuple(FastPiece.of(piece, same) for piece in g) for g in gaps)
        index: dict[str, list[int]] = {}
        for i, g in enumerate(fast):
            for key in sorted(g[0].keys):
                index.setdefault(key, []).append(i)
        rx_firsts = tuple(i for i, g in enumerate(fast) if g[0].regexes)
        rxs = list(dict.fromkeys(rxs))
        return cls(
            source, same(frozenset(lits)), tuple(rxs), fast, starts, rx_start,
            {k: tuple(v) for k, v in sorted(index.items())}, rx_firsts, tuple(_required_literal(s) for s in rxs),
        )


@dataclass(frozen=True)
class FastPiece:
    """A piece of a gap term as a key set and regexes, so its hits are one set intersection."""

    keys: frozenset[str]
    regexes: tuple[str, ...]

    @classmethod
    def of(cls, piece: Piece, intern=None) -> "FastPiece":
        keys = frozenset(o.key for o in piece if isinstance(o, Literal))
        keys = intern(keys) if intern else keys
        return cls(keys, tuple(o.source for o in piece if not isinstance(o, Literal)))


class Compiler:
    """Resolves the term sets of one rubric and owns its literal automaton."""

    def __init__(self, lexicon: dict[str, list[str]], referents: list[str] | tuple[str, ...] = (),
                 code_switch: dict[str, list[str]] | None = None):
        self.lexicon = lexicon
        self.referents = tuple(referents)  # term sets 前者 / 后者 may stand for (see Doc._literal_hits)
        # Chinese term -> the English words code-switched Chinese writes in its place (see _switched); longer terms
        # first, so that 参数服务器 is replaced before 参数
        self.switch: tuple[tuple[str, tuple[str, ...]], ...] = tuple(sorted(
            ((fold_term(zh), tuple(" ".join(fold_term(e).split()) for e in ens)) for zh, ens in (code_switch or {}).items()),
            key=lambda p: (-len(p[0]), p[0]),
        ))
        self._cache: dict[str, TermSet] = {}
        self._memo: dict[str, list[Alternative]] = {}  # lexicon expansions, kept while the rubric loads (see settle)
        self._frozen: dict[frozenset, frozenset] = {}  # one object per distinct key set (see TermSet.build)
        self._keys: set[str] = set()
        self._automaton = None
        self._automaton_keys: list[str] = []  # the automaton's keys by index (see scan)
        self._fuzzy_keys: list[str] | None = None
        self._fuzzy_word_keys: list[str] = []
        self._fuzzy_memo: dict[str, str | None] = {}  # word -> the term it is a typo of (archives repeat words)

    def settle(self) -> None:
        """Drop what only loading needed: the resolved lexicon expansions (~4 MB of Literal objects in each process
        that holds the rubric, and in its cache entry).  A term set first asked for later resolves without them."""
        self._memo = {}
        self._frozen = {}
        _literal.cache_clear()
        _switched.cache_clear()

    def _intern(self, fs: frozenset) -> frozenset:
        return self._frozen.setdefault(fs, fs)

    def check(self, spec: str) -> None:
        """Validate a term set; raises ValueError with a readable reason."""
        self(spec)

    def __call__(self, spec: str) -> TermSet:
        ts = self._cache.get(spec)
        if ts is None:
            alts: list[Alternative] = []
            for alt in spec.split("|"):
                alts.extend(_alternatives(alt, self.lexicon, 0, self._memo))
            if self.switch:
                alts = [tuple(_switched(piece, self.switch) for piece in a) for a in alts]
            ts = self._cache[spec] = TermSet.build(spec, alts, self._intern)
            for a in alts:
                for piece in a:
                    for opt in piece:
                        if isinstance(opt, Literal) and opt.key not in self._keys:
                            self._keys.add(opt.key)
                            self._automaton = None
                            self._fuzzy_keys = None
                            self._fuzzy_memo = {}
        return ts

    def scan(self, text: str) -> dict[str, list[tuple[int, int]]]:
        """Every literal of the rubric found in ``text``, boundaries applied."""
        if self._automaton is None:
            import ahocorasick

            # values are plain ints (index << 2 | left << 1 | right), held by the automaton itself: a tuple per key
            # was ~1.5 MB of Python objects in every process that grades
            a = ahocorasick.Automaton(ahocorasick.STORE_INTS)
            keys = self._automaton_keys = sorted(self._keys)
            for i, k in enumerate(keys):
                a.add_word(k, i << 2 | _is_word(k[0]) << 1 | (_is_word(k[-1]) and len(k) <= SHORT))
            if keys:
                a.make_automaton()
            self._automaton = a
        hits: dict[str, list[tuple[int, int]]] = {}
        if not self._keys:
            return hits
        n = len(text)
        word = _WORD_CHARS
        keys = self._automaton_keys
        for last, v in self._automaton.iter(text):
            key = keys[v >> 2]
            end = last + 1
            start = end - len(key)
            left = v & 2
            right = v & 1
            if left and start > 0 and text[start - 1] in word:
                continue
            if right:
                if text.startswith("es", end) and not (end + 2 < n and text[end + 2] in word):
                    end += 2
                elif text.startswith("s", end) and not (end + 1 < n and text[end + 1] in word):
                    end += 1
                elif end < n and text[end] in word:
                    continue
            got = hits.get(key)
            if got is None:
                hits[key] = [(start, end)]
            else:
                got.append((start, end))
        self._fuzzy_hits(text, hits)
        return hits

    def _fuzzy_hits(self, text: str, hits: dict[str, list[tuple[int, int]]]) -> None:
        """Typos in long ASCII terms: 'paramter server', 'Allreudce', 'DistributedDataParalel'.

        Each ASCII word of 8+ letters (and each pair of adjacent words, for
        multi-word terms) that is not itself a term is compared with the
        rubric's one-word terms of 8+ letters; within one edit (two from 12
        letters; a swap of neighbours is one edit) it counts as that term.
        """
        if self._fuzzy_keys is None:
            self._fuzzy_keys = sorted(k for k in self._keys if len(k) >= FUZZY_MIN and k.isascii() and k.isalpha())
            # a multi-word term of short words written as one word ("some think" -> "somethink") is a typo target
            # for two words only: one word within an edit of it is another word ("something" is not "some think");
            # with a long word in it, it is an identifier misspelt ("DistributedSmapler", "DistributedDataParalel")
            joined = {k.replace(" ", "") for k in self._keys if " " in k and max(map(len, k.split())) < JOINED_TYPO_WORD}
            self._fuzzy_word_keys = [k for k in self._fuzzy_keys if k not in joined]
        if not self._fuzzy_keys:
            return
        from rapidfuzz import process
        from rapidfuzz.distance import OSA  # edit distance where a swap of two letters is one edit

        known = self._keys
        candidates = [(m.start(), m.end(), m.group(), False) for m in _LONG_WORD.finditer(text)]
        # two adjacent words of 3+ letters separated only by white space, as one word;
        # under FUZZY_MIN - 1 letters they are too short to be within an edit of a term
        for m in _WORD_PAIR.finditer(text):
            w1, w2 = m.group(1), m.group(3)
            if len(w1) + len(w2) >= FUZZY_MIN - 1 and not (w1 in known and w2 in known):
                candidates.append((m.start(), m.end(3), w1 + w2, True))
        memo = self._fuzzy_memo
        for s, e, word, pair in candidates:
            if word in known:
                continue
            mkey = " " + word if pair else word
            key = memo.get(mkey, "")
            if key == "":
                limit = 2 if len(word) >= 12 else 1
                keys = self._fuzzy_keys if pair else self._fuzzy_word_keys
                best = process.extractOne(word, keys, scorer=OSA.distance, score_cutoff=limit)
                key = best[0] if best is not None else None
                if len(memo) < 50_000:
                    memo[mkey] = key
            if key is not None and (s, e) not in hits.get(key, ()):
                hits.setdefault(key, []).append((s, e))


@dataclass(frozen=True)
class Gate:
    """What a text's literal bits must hold for one pattern to be possible (see ``Gates``)."""

    need: frozenset[int]  # one bit per regex-free term set: any of its literals or gap starts
    alternatives: tuple[tuple[frozenset[int], ...], ...] = ()  # per gapped term set: the masks of its alternatives

    def admits(self, have: set[int]) -> bool:
        if not self.need <= have:
            return False
        for masks in self.alternatives:
            for m in masks:
                if m <= have:
                    break
            else:
                return False
        return True


class Gates:
    """Which patterns can possibly match a text, decided from its literal hits alone.

    A term set without regexes occurs only where one of its literals occurs, or
    where every piece of one of its gap alternatives (``a..b``) does.  Each set
    of keys that matters (a term set's literals and gap starts; each piece of a
    gap) gets a bit, and each key the bits of the sets it belongs to; a text's
    bits are the union over the keys it contains.  A pattern is possible when each
    of its term sets has a literal bit set or a gap alternative with all its
    piece bits set.  Skipping the others (about 7 patterns in 8 per answer)
    changes no result: ``Doc.find`` would return None for each of them.

    Bits are numbers in sets, not bits of one int: a rubric has thousands of them, and
    ``need & have == need`` on ints that long cost more than the subset test of a few
    numbers (``need <= have``) that a pattern needs.
    """

    def __init__(self, compiler: "Compiler") -> None:
        self.compiler = compiler
        self._sets: dict[frozenset, int] = {}  # key set -> its bit
        # key -> its bits: tuples, as most keys have one to three (a set of three is 216 bytes, ~15,000 of them)
        self._key_bits: dict[str, tuple[int, ...]] = {}
        self._term: dict[str, tuple[frozenset[int], tuple[frozenset[int], ...] | None]] = {}
        self._masks: dict[frozenset[int], frozenset[int]] = {}  # one object per distinct bit set

    def _bit(self, keys: frozenset) -> int:
        bit = self._sets.get(keys)
        if bit is None:
            bit = self._sets[keys] = len(self._sets)
            key_bits = self._key_bits
            for key in keys:
                key_bits[key] = key_bits.get(key, ()) + (bit,)
        return bit

    def _same(self, bits: frozenset[int]) -> frozenset[int]:
        return self._masks.setdefault(bits, bits)

    def _term_set(self, spec: str) -> tuple[frozenset[int], tuple[frozenset[int], ...] | None]:
        """(bit of any literal or gap start, or none; masks of its alternatives or None)."""
        got = self._term.get(spec)
        if got is None:
            ts = self.compiler(spec)
            if ts.regexes:  # a regex alternative may match anything
                got = (frozenset(), None)
            else:
                same = self._same
                simple = frozenset() if ts.gap_regex_start else same(frozenset((self._bit(ts.literals | ts.gap_starts),)))
                masks: list[frozenset[int]] = [same(frozenset((self._bit(ts.literals),)))] if ts.literals else []
                for alt in ts.gaps:
                    # a piece with a regex alternative may occur without any literal: no bit
                    mask = frozenset(self._bit(piece.keys) for piece in alt if piece.keys and not piece.regexes)
                    masks.append(same(mask))
                gapped = bool(ts.gaps) and all(masks)
                got = (simple, tuple(dict.fromkeys(masks)) if gapped else None)
            self._term[spec] = got
        return got

    def gate(self, pattern) -> Gate:
        """The gate of a pattern (compute every gate before using ``satisfied``)."""
        need: set[int] = set()
        alternatives = []
        for spec in pattern.all:
            simple, masks = self._term_set(spec)
            need |= simple
            if masks is not None:
                alternatives.append(masks)
        return Gate(self._same(frozenset(need)), tuple(dict.fromkeys(alternatives)))

    def satisfied(self, keys) -> set[int]:
        """The bits set by the literal ``keys`` found in a text."""
        key_bits = self._key_bits
        return set().union(*[b for b in map(key_bits.get, keys) if b])


@lru_cache(maxsize=None)
def _compiled(src: str):
    import regex

    return regex.compile(src)


@lru_cache(maxsize=None)
def _required_literal(src: str) -> str:
    """The longest run of literal characters every match of the regex ``src`` contains ("" if none is known).

    Read from the top level of the parsed pattern: consecutive plain characters
    form a run; anything else (a class, a repeat, a group, a look-around) ends
    it.  A text without the run cannot match, so the search is skipped: rubric
    regexes are mostly a phrase with look-arounds (``(?<!分布式)数据并行``), and
    most answers lack the phrase.  A pattern this parser cannot read, or one
    that ignores case, gets "" and is always searched.
    """
    import warnings
    from re import _constants as C, _parser

    if "[[" in src or "(?V1)" in src:  # POSIX classes and set operations, which re reads differently
        return ""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            parsed = _parser.parse(src)
    except Exception:  # the regex module's own syntax (\p{Han}, ...)
        return ""
    if parsed.state.flags & (C.SRE_FLAG_IGNORECASE | C.SRE_FLAG_VERBOSE):
        return ""
    best = run = ""
    for op, arg in parsed:
        if op is C.LITERAL:
            run += chr(arg)
            if len(run) > len(best):
                best = run
        else:
            run = ""
    return best


_QUESTION_DOCS: "weakref.WeakKeyDictionary[Compiler, dict[str, Doc]]" = weakref.WeakKeyDictionary()
QUESTION_DOCS_MAX = 4096  # questions kept per rubric; archives ask the same few again and again


# 前者 / the former and 后者 / the latter (前面那个 / 后面那个), standing for the first and the second thing a question names
# (each English word's left boundary is tested after its "t", as "t(?<!\wt)": a pattern whose every alternative opens
# with a literal lets `re` skip to the positions holding one of 前 / 后 / 第 / t, 20x faster than "\bthe …" on an answer)
_BACKREF = re.compile(r"前者|后者|前面那个|后面那个|前一个|后一个|第一种|第二种|t(?<!\wt)he (?:former|latter|first one|second one)\b")
_FIRST = frozenset(("前者", "前面那个", "前一个", "第一种", "the former", "the first one"))
# 这边 / 那边 and 这个 / 那个 opening clauses of their own, both in one answer, this before that ("这个没有中心节点，大家是对等的；
# 那个有 server 专门存参数"): the near word stands for the first thing the question names, the far word for the second.  Alone,
# or not at a clause start ("这个问题…", "我们这边…"), they are the ordinary words they usually are.
_NEAR_FAR = re.compile(r"(?:^|(?<=[,.;:!?。，；：！？\n]))\s*(这边|那边|这个|那个)(?=\s*[\u4e00-\u9fff a-z])(?!\s*(?:问题|东西|时候|地方|我|你|嘛|吧|呢|啊))")
_REFERENTS: "weakref.WeakKeyDictionary[Compiler, dict[str | tuple[str, str], tuple[frozenset[str], ...]]]" = (
    weakref.WeakKeyDictionary()
)
# a word of a question that points back at what the question before it asked about: "那它跟参数服务器比呢？", "这两者各自
# 适合什么场景？", "How does it compare with a parameter server?", "When would you pick each of them?"
_POINTS_BACK_Q = re.compile(r"它|两者|二者|这两|这俩|(?i:\b(?:it|its|they|them|their|both|each|that|this|these|those)\b)")
_IT_Q = re.compile(r"它(?!们)|(?i:\b(?:it|its)\b)")  # ... the one word that stands for one thing


def _per_rubric(store: "weakref.WeakKeyDictionary", compiler: Compiler, question: str, make):
    """``make()`` for this question, remembered per rubric (its term-set hits depend on the rubric's lexicon) for up to
    QUESTION_DOCS_MAX questions: archives ask the same questions again and again."""
    memo = store.get(compiler)
    if memo is None:
        memo = store[compiler] = {}
    got = memo.get(question)
    if got is None:
        got = make()
        if len(memo) < QUESTION_DOCS_MAX:
            memo[question] = got
    return got


def _question_referents(question: str, compiler: Compiler, context: str | None = None) -> tuple[frozenset[str], ...]:
    """``_referents_named`` of a question, remembered per rubric.  A question that names one thing and an "it", or
    nothing and "them", points back at the question before (``context``) and names what both name: "那它跟参数服务器比，
    区别在哪？" after a question on DDP's training script stands for DDP, then the parameter server; "这两者各自适合什么
    场景？" for the two the question before compared.  (Not "那梯度同步和参数平均这两种做法呢？DDP 属于哪一种？", whose
    "这两" are named right there.)"""
    got = _per_rubric(_REFERENTS, compiler, question, lambda: _referents_named(_question_doc(question, compiler), compiler))
    if got or not context:
        return got
    qdoc = _question_doc(question, compiler)
    named = sum(1 for spec in compiler.referents if qdoc.occurrences(spec, compiler))
    pointer = _IT_Q if named == 1 else _POINTS_BACK_Q if named == 0 else None
    if pointer is None or not pointer.search(question):
        return got
    return _per_rubric(
        _REFERENTS, compiler, (context, question), lambda: _referents_named(Doc.of(f"{context}\n{question}"), compiler)
    )


def _referents_named(doc: "Doc", compiler: Compiler) -> tuple[frozenset[str], ...]:
    """The literal keys of the last two different referents (``Compiler.referents``) a text names, in the order it
    names them: "DataParallel 和 DDP 有什么区别？" gives DataParallel's words, then DDP's; "单卡放不下…策略主要是数据并行和
    模型并行" gives data parallelism's, then model parallelism's.  () when it names fewer than two."""
    lits = doc._literal_hits(compiler)
    named = [(s, e, i) for i, spec in enumerate(compiler.referents) for s, e in doc.occurrences(spec, compiler)]
    # words inside a longer referent are part of it ("data parallel" in "distributed data parallel")
    named = [(s, e, i) for s, e, i in named if not any(a <= s and e <= b and b - a > e - s for a, b, _ in named)]
    picked: list[tuple[int, int, int]] = []
    for s, e, i in sorted(named, reverse=True):
        if all(i != j for _, _, j in picked):
            picked.append((s, e, i))
            if len(picked) == 2:
                break
    if len(picked) < 2:
        return ()
    keys = []
    for a, b, i in sorted(picked):
        literals = compiler(compiler.referents[i]).literals
        keys.append(frozenset(k for k, spans in lits.items() if k in literals and any(a <= s and e <= b for s, e in spans)))
    return tuple(keys)


def _near_far(text: str) -> list[tuple[tuple[int, int], int]]:
    """The spans of clause-opening 这边 / 那边 (or 这个 / 那个) with the side each stands for (0 near, 1 far), when an
    answer holds both words of one pair there, the near one first; else none."""
    if not ("这边" in text and "那边" in text or "这个" in text and "那个" in text):
        return []  # (no pair in the text: most answers; the regex, which may start anywhere, is not run)
    found = [(m.span(1), m.group(1)) for m in _NEAR_FAR.finditer(text)]
    out: list[tuple[tuple[int, int], int]] = []
    for near, far in (("这边", "那边"), ("这个", "那个")):
        words = [(span, w) for span, w in found if w in (near, far)]
        firsts = [span[0] for span, w in words if w == near]
        lasts = [span[0] for span, w in words if w == far]
        if firsts and lasts and min(firsts) < min(lasts):
            out += [(span, 0 if w == near else 1) for span, w in words]
    return out


def _backref_spans(text: str) -> list[tuple[tuple[int, int], int]]:
    """Each 前者 / 后者 (and each paired 这边 / 那边, 这个 / 那个) of ``text``: its span and the side it stands for, in text order."""
    return sorted([(m.span(), 0 if m.group() in _FIRST else 1) for m in _BACKREF.finditer(text)] + _near_far(text))


def _add_backrefs(hits: dict[str, list[tuple[int, int]]], spans: list[tuple[tuple[int, int], int]],
                  referents: tuple[frozenset[str], ...]) -> None:
    """Let each back-reference of ``spans`` (``_backref_spans``) count as an occurrence of the words of the referent it
    stands for."""
    if not referents:
        return
    touched: set[str] = set()
    for span, side in spans:
        for key in referents[side]:
            hits.setdefault(key, []).append(span)
            touched.add(key)
    for key in touched:  # spans stay in text order
        hits[key].sort()


def _question_doc(question: str, compiler: Compiler) -> "Doc":
    """The analysed question, kept per rubric."""
    return _per_rubric(_QUESTION_DOCS, compiler, question, lambda: Doc.of(question))


@lru_cache(maxsize=4096)
def _folded_question(question: str) -> str:
    """The folded text of a question; archives ask the same questions again and again."""
    return fold(question).text


def _tightest(options: list[list[tuple[int, int]]]) -> list[tuple[int, int]]:
    """One occurrence per item, as close together as possible.

    The evidence of a match is the span from its first to its last item; taking
    each item's first occurrence in the sentence can stretch it over clauses
    that say something else ("每张卡上都有一份完整模型，数据分成几份，每张卡各自训完，
    最后平均" would quote the correct first clauses as part of the error).  The
    narrowest span wins, then the earliest.

    Every start is tried as the left edge: from each item (its occurrences
    sorted by start), the occurrence that starts there or later and ends first,
    read off a suffix minimum.  The best combination is found at the left edge
    it starts at, so this finds what trying every combination would, in
    O(n log n) for n occurrences (a 2 MB one-sentence answer has thousands).
    """
    if all(len(o) == 1 for o in options):
        return [o[0] for o in options]
    prepared = []
    for o in options:
        suffix: list[tuple[int, int]] = [o[-1]] * len(o)  # suffix[i]: earliest-ending of o[i:]
        best_here = o[-1]
        for i in range(len(o) - 1, -1, -1):
            if o[i][1] <= best_here[1]:  # on equal ends the earlier start
                best_here = o[i]
            suffix[i] = best_here
        prepared.append(([s for s, _ in o], suffix))
    best: tuple[int, int] | None = None
    pick: list[tuple[int, int]] = []
    for lo in sorted({s for o in options for s, _ in o}):
        chosen = []
        left = right = -1
        for starts, suffix in prepared:
            j = bisect_left(starts, lo)
            if j == len(starts):
                return pick  # no occurrence of this item starts here or later, nor further right
            c = suffix[j]
            chosen.append(c)
            if left < 0 or c[0] < left:
                left = c[0]
            if c[1] > right:
                right = c[1]
        key = (right - left, left)
        if best is None or key < best:
            best, pick = key, chosen
    return pick


@dataclass(frozen=True)
class Hit:
    """A pattern match: a range of the folded text and its evidence range."""

    start: int
    end: int
    ev_start: int
    ev_end: int


@dataclass
class Doc:
    """One folded text with its scopes, and caches of literal and term-set hits."""

    folded: Folded
    scopes: Scopes
    question: str | None = None  # the question the text answers, as written (for patterns with ``asked``)
    context: str | None = None  # the question before that one, for what a question's 它 / "it" stands for
    _lits: dict[str, list[tuple[int, int]]] | None = None
    _lits_of: object = None
    _litset: frozenset = frozenset()  # the keys of _lits: set operations with a set pick the smaller side
    _occ: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    _rx: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    # spans made of pieces with gaps -> where their last piece starts
    _gapped: dict[tuple[int, int], int] = field(default_factory=dict)
    _carry: list[tuple[int, int, bool] | None] | None = None
    # (sentence, the sentences its subject may come from), for the sentences that carry one
    _carry_from: list[tuple[int, range]] = field(default_factory=list)
    _has_free: bool | None = None  # does the text hold "free" at all (see _free_of)?

    def carried(self) -> list[tuple[int, int, bool] | None]:
        """Per sentence: the range of an earlier one its subject may come from, else None.  A pattern's subject
        (its first item) may then be found there.

        * The sentence before, when this one opens with a word pointing back at what that one named ("There's
          also tensor parallelism, where a matrix is split. That one needs very little bandwidth").  English
          only: Chinese 它 / 后者 carried this way flagged more wrongly than it found (16 labelled answers further
          from their label, 6 closer), as 它 often stands for something other than the last subject.
        * The heading of a list of notes, when this sentence is a bullet line under it ("Async:" / "- workers
          push without waiting; others read params that are already a few updates old").

        Each range comes with whether a match's evidence should reach back to it: the sentence before, yes (the
        quote "… tensor parallelism … That one needs very little bandwidth" reads as one), unless this one opens
        on how the speaker reads it ("The way it works, you give each GPU …" reads alone, and the correct sentence
        before keeps its points); a heading, no (the bullets between would be quoted with it, and kept from earning
        points)."""
        got = self._carry
        if got is None:
            units = self.scopes.sentences
            t = self.text
            got = []
            heading: tuple[int, int, bool] | None = None
            heading_at = -1
            numbered = False  # the sentence before was the number of a numbered bullet ("3." ends a sentence)
            for i, (a, b) in enumerate(units):
                number = _NUMBER.fullmatch(t, a, b) is not None
                if numbered or number or _BULLET.match(t, a, b):
                    got.append(heading)
                    if heading is not None:
                        self._carry_from.append((i, range(heading_at, heading_at + 1)))
                    numbered = number
                    continue
                back = _POINTS_BACK.match(t, a, b) if i > 0 else None
                # (a sentence that opens on how the speaker reads it stands as a quote of its own)
                got.append((units[i - 1][0], a, back.group("reading") is None) if back else None)
                if back:
                    self._carry_from.append((i, range(i - 1, i)))
                # a heading stands alone on its line; anything else that is no bullet ends the list
                heading = (a, b, False) if t[b - 1:b] == "\n" and _HEADING.fullmatch(t, a, b) else None
                heading_at = i
            self._carry = got
        return got

    def negated(self, s: int, e: int) -> bool:
        """Is an occurrence negated?  A cue inside a literal ("互不通信") is part of the
        term, and so is one inside the last piece of a gapped term ("和同步..没差别");
        a cue in a gap ("DDP不是单进程" for "ddp..单进程") negates it."""
        last = self._gapped.get((s, e))
        if last is None:
            if self.scopes.has_cue(s, s + 1) and not self.scopes.has_cue(s - 7, s):
                # a term that opens with its own cue ("no master", "没有中心") is not denied by a cue further
                # back whose scope runs on through a list: "DDP has no parameter server and no master" says
                # both; only a cue right before it ("不是没有中心", "isn't no master") denies it
                return False
            negated = self.scopes.is_negated(s, s + 1)
        else:
            negated = self.scopes.is_negated(s, s + 1) or self.scopes.has_cue(s + 1, last)
        # a word made free of the term ("staleness-free", folded to "stalenessfree") denies it, and a cue before
        # denies that: "async does not give you staleness-free training" says there is staleness
        # (most texts hold no "free" at all: then no word is looked at)
        free = self._has_free
        if free is None:
            free = self._has_free = "free" in self.folded.text
        return not negated if free and self._free_of(e) else negated

    def _free_of(self, e: int) -> bool:
        """Does the ASCII word an occurrence ending at ``e`` belongs to end in "free" after it ("stale" and "staleness"
        in "stalenessfree")?"""
        t = self.text
        if not (0 < e < len(t) and t[e - 1].isascii() and t[e - 1].isalpha()):
            return False
        j = e
        while j < len(t) and t[j].isascii() and t[j].isalpha():
            j += 1
        return j - e >= 4 and t.endswith("free", 0, j)

    @classmethod
    def of(cls, text: str, base: int = 0, question: str | None = None, folded: Folded | None = None,
           context: str | None = None) -> "Doc":
        """Analyse ``text`` (``folded``: its fold at ``base``, when the caller already has it; ``context``: the question
        asked before ``question``)."""
        f = folded if folded is not None else fold(text, base)
        q = _folded_question(question) if question else None
        return cls(f, analyse(f.text, q), question or None, context or None)

    @property
    def text(self) -> str:
        return self.folded.text

    def was_asked(self, specs: list[str], excluded: list[str], compiler: Compiler) -> bool:
        """Does the question this text answers hold every term set of ``specs`` and none of ``excluded`` (negated or
        not)?  With no question known, only when nothing is asked of it."""
        if not self.question:
            return not specs
        qdoc = _question_doc(self.question, compiler)
        return all(qdoc.occurrences(spec, compiler) for spec in specs) and not any(
            qdoc.occurrences(spec, compiler) for spec in excluded
        )

    def _literal_hits(self, compiler: Compiler) -> dict[str, list[tuple[int, int]]]:
        if self._lits is None or self._lits_of is not compiler or compiler._automaton is None:
            self._lits = compiler.scan(self.text)
            if self.question and compiler.referents and (refs := _backref_spans(self.text)):
                # the answer's own pair when it names two before its first 前者 / 后者 ("通信上有 ring 和 tree 两种，
                # 前者…"), else the question's
                start = refs[0][0][0]
                own = _referents_named(Doc.of(self.text[:start]), compiler) if start else ()
                _add_backrefs(self._lits, refs, own or _question_referents(self.question, compiler, self.context))
            self._litset = frozenset(self._lits)
            self._lits_of = compiler
        return self._lits

    def satisfied_keys(self, compiler: Compiler) -> frozenset:
        """The rubric literals found in this text (boundaries applied)."""
        self._literal_hits(compiler)
        return self._litset

    def satisfied(self, gates: Gates) -> int:
        """The gate bits this text's literal hits satisfy."""
        return gates.satisfied(self._literal_hits(gates.compiler))

    def _piece_hits(self, piece: "FastPiece", lits: dict) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        for key in piece.keys & self._litset:
            out.extend(lits[key])
        for src in piece.regexes:
            out.extend(self._regex_hits(src))
        return out

    def _regex_hits(self, src: str) -> list[tuple[int, int]]:
        got = self._rx.get(src)
        if got is None:
            text = self.text
            need = _required_literal(src)
            if need and need not in text:
                self._rx[src] = []
                return self._rx[src]
            # A regex that passed the load-time probes runs within PROBE_TIMEOUT on
            # PROBE_LENGTH characters, so a text no longer than that needs no timer;
            # and a timer costs more than the search itself (10-250 us per call).
            rx = _compiled(src)
            try:
                found = rx.finditer(text, timeout=REGEX_TIMEOUT) if len(text) > PROBE_LENGTH else rx.finditer(text)
                got = [m.span() for m in found if m.end() > m.start()]
            except TimeoutError:
                raise RubricError(f"regex {src!r} took longer than {REGEX_TIMEOUT}s; simplify it") from None
            self._rx[src] = got
        return got

    def occurrences(self, spec: str, compiler: Compiler) -> list[tuple[int, int]]:
        """Sorted (start, end) ranges where the term set ``spec`` occurs."""
        occ = self._occ.get(spec)
        if occ is not None:
            return occ
        ts = compiler(spec)
        lits = self._literal_hits(compiler)
        litset = self._litset
        if (
            not ts.regexes
            and not ts.gap_regex_start
            and ts.literals.isdisjoint(litset)
            and ts.gap_starts.isdisjoint(litset)
        ):
            self._occ[spec] = []
            return self._occ[spec]
        found: list[tuple[int, int]] = []
        for key in ts.literals & litset:
            found.extend(lits[key])
        text = self.text
        if ts.regexes:
            rx = self._rx
            for src, need in zip(ts.regexes, ts.regex_needs):
                # most answers lack most regexes' required literal (about 9 in 10): said here, without a call
                if need and need not in text:
                    continue
                got = rx.get(src)
                found.extend(got if got is not None else self._regex_hits(src))
        if ts.gaps:
            # only the alternatives whose first piece occurs (a regex first piece may occur anywhere)
            by_start = ts.gap_by_start
            todo = set(ts.gap_regex_firsts)
            for key in ts.gap_starts & litset:
                todo.update(by_start[key])
            gaps = [ts.gaps[i] for i in sorted(todo)]
        else:
            gaps = ()
        for alt in gaps:
            # an alternative with a later piece that does not occur is passed over before any join (about 3 in 4 of
            # those visited)
            for piece in alt[1:]:
                if not piece.regexes and piece.keys.isdisjoint(litset):
                    break
            else:
                self._join(alt, lits, text, found)
        occ = self._occ[spec] = sorted(set(found))
        return occ

    def _join(self, alt: tuple, lits: dict, text: str, found: list[tuple[int, int]]) -> None:
        """Add to ``found`` the occurrences of a gap alternative (its pieces in order, each within GAP of the one
        before), and note where their last piece starts."""
        spans = [(s1, e1, s1) for s1, e1 in self._piece_hits(alt[0], lits)]  # (start, end, last piece start)
        for piece in alt[1:]:
            if not spans:
                break
            nxt = sorted(self._piece_hits(piece, lits))
            starts = [s2 for s2, _ in nxt]
            joined = []
            for s1, e1, _ in spans:
                j = bisect_left(starts, e1)  # the first piece that starts after this one ends
                if j < len(nxt):
                    s2, e2 = nxt[j]
                    if s2 - e1 <= GAP and not _breaks_gap(text[e1:s2]):
                        joined.append((s1, e2, s2))
            spans = joined
        gapped = self._gapped
        for s1, e2, last in spans:
            found.append((s1, e2))
            if gapped.get((s1, e2), -1) < last:  # the same span from two alternatives: the longer gap
                gapped[(s1, e2)] = last

    def find(self, pattern, compiler: Compiler, topic: str | None = ANY_TOPIC, error: bool = False) -> Hit | None:
        """First place where ``pattern`` (a schema.Pattern) holds, or None.

        A pattern limited to some topics applies only when ``topic`` is one of
        them (``ANY_TOPIC`` applies every pattern, as the self-test does).
        ``error``: the pattern states an error (a misconception or another wrong claim), which a supposition does not
        assert (see ``Scopes.suppositions``).
        """
        limit = getattr(pattern, "topics", None)
        if limit is not None and topic != ANY_TOPIC and topic not in limit:
            return None
        if getattr(pattern, "asked", None) or getattr(pattern, "not_asked", None):
            if not self.was_asked(pattern.asked, pattern.not_asked, compiler):
                return None
        item_occ = []
        for spec in pattern.all:
            occ = self.occurrences(spec, compiler)
            if not occ:
                return None
            item_occ.append(occ)
        none_occ = None  # computed when a scope first holds every item
        clause_scope = pattern.scope == "clause"
        units = self.scopes.clauses if clause_scope else self.scopes.sentences
        sc = self.scopes
        # only units holding an occurrence of the rarest item can match
        rarest = min(item_occ, key=len)
        unit_starts = [a for a, _ in units]
        candidates = sorted({bisect_right(unit_starts, s) - 1 for s, _ in rarest} - {-1})
        # a sentence that points back may take its subject from the sentence before
        carry = self.carried() if not clause_scope and len(item_occ) > 1 and pattern.polarity != "negated" else None
        if carry is not None and self._carry_from:
            # ... and the sentences that may take their subject from a candidate
            held = set(candidates)
            candidates = sorted(held | {j for j, src in self._carry_from if not held.isdisjoint(src)})
        item_starts = [[s for s, _ in occ] for occ in item_occ]
        polarity = pattern.polarity
        # void tests per item: an answered worry is void for all but the subject (item 0) of a
        # pattern with more than one item (see Scopes.worries)
        if sc.worries or (error and sc.suppositions):
            strict = sc.is_void_worry_or_supposed if error and sc.suppositions else sc.is_void_or_worry
            voids = [sc.is_void if i == 0 and len(item_occ) > 1 else strict for i in range(len(item_occ))]
        else:
            strict = sc.is_void
            voids = [strict] * len(item_occ)
        # an exclusion counts in a supposition: "We use DDP; if I had a recommender with a huge embedding table, I'd
        # use a parameter server" is said of the recommender
        excluded_void = sc.is_void_or_worry if sc.worries else sc.is_void
        for ui in candidates:
            a, b = units[ui]
            chosen: list[tuple[int, int]] = []
            eligible: list[list[tuple[int, int]]] = []
            any_negated = False
            denied_later = False  # some item after the first (the subject) is negated
            for i, (occ, starts) in enumerate(zip(item_occ, item_starts)):
                within = occ[bisect_left(starts, a):bisect_left(starts, b)]
                if i == 0 and carry is not None and carry[ui] is not None and not (within if polarity == "any" else any(
                    not voids[0](s) and not self.negated(s, e) for s, e in within
                )):
                    # the subject named only in the sentence before, this one pointing back at it (or in the heading
                    # of the list of notes this one is a bullet of)
                    within = occ[bisect_left(starts, carry[ui][0]):bisect_left(starts, carry[ui][1])]
                if clause_scope and within and within[-1][1] > b:
                    # a gapped term may run past an English full stop ("… that's DDP. DataParallel is a single
                    # process"): in a pattern scoped to one clause, its gapped items stay in that clause
                    # (a literal may hold a clause break itself: "sync, just faster")
                    within = [(s, e) for s, e in within if e <= b or (s, e) not in self._gapped]
                is_void = voids[i]
                # the occurrences of this item that serve the pattern's polarity
                if polarity != "negated":
                    # the first usable occurrence decides whether the unit can match; the
                    # others are looked at only for a match (see _tightest below)
                    if polarity == "any":
                        first = within[0] if within else None
                    else:
                        first = next(((s, e) for s, e in within if not is_void(s) and not self.negated(s, e)), None)
                    if first is None:
                        break
                    eligible.append(within)
                    chosen.append(first)
                    continue
                # negated: the first negated occurrence, else the first asserted one
                inside = [(s, e) for s, e in within if not is_void(s)]
                first = next(((s, e) for s, e in inside if self.negated(s, e) and not self._negated_by_item(
                    s, e, [o for j, o in enumerate(item_occ) if j != i])), None)
                if first is not None:
                    any_negated = True
                    if i > 0:
                        denied_later = True
                elif inside:
                    first = inside[0]
                if first is None:
                    break
                chosen.append(first)
            else:
                if pattern.polarity == "negated":
                    if not any_negated:
                        continue
                    if not denied_later and len(item_occ) > 1 and not self._shares_clause(chosen[0], item_occ[1:]):
                        # only the subject is negated, in a clause none of the other items is in:
                        # "陈旧度越大收敛越慢，…，所以不能认为异步和同步一样" denies a claim about async,
                        # not the staleness ("stale gradients aren't a thing in async training" does)
                        continue
                if none_occ is None:
                    none_occ = [self.occurrences(spec, compiler) for spec in pattern.none]
                    if sc.endorsed:
                        none_occ = self._unendorsed(pattern.none, none_occ, compiler)
                # a subject carried from the sentence before brings the rest of that sentence with it: "Only
                # the synchronous mode gives every worker the same version; in async mode … It fits huge
                # sparse models" keeps its "async" exclusion
                spans = [(a, b)]
                if chosen[0][0] < a:
                    spans.append((chosen[0][0], carry[ui][1]))
                if any(
                    lo <= s < hi and (pattern.polarity == "any" or not (excluded_void(s) or self.negated(s, e)))
                    for lo, hi in spans
                    for occ in none_occ
                    for s, e in occ[bisect_left(occ, (lo, -1)):bisect_left(occ, (hi, -1))]
                ):
                    continue  # an excluded concept is asserted here ("instead of the data" excludes nothing)
                if len(eligible) > 1:
                    if polarity == "asserted":
                        eligible = [[(s, e) for s, e in w if not v(s) and not self.negated(s, e)] for w, v in zip(eligible, voids)]
                    chosen = _tightest(eligible)
                quoted = chosen if chosen[0][0] >= a or carry[ui][2] else chosen[1:]
                start = min(s for s, _ in quoted)
                end = max(e for _, e in quoted)
                return Hit(start, end, *self._evidence(start, end))
        return None

    def _unendorsed(self, specs, none_occ, compiler: Compiler) -> list[list[tuple[int, int]]]:
        """The exclusions without the words that report a view the speaker then endorses: in "My tech lead told me
        the server keeps everyone on the latest parameters, and I think he's right" the claim is the speaker's, and
        "told me" excludes nothing."""
        reporting = None
        out = []
        for spec, occ in zip(specs, none_occ):
            if "@reported_view" in spec and occ:
                if reporting is None:
                    reporting = set(self.occurrences("@reported_view", compiler))
                occ = [(s, e) for s, e in occ if not ((s, e) in reporting and self.scopes.is_endorsed(s))]
            out.append(occ)
        return out

    def _negated_by_item(self, s: int, e: int, others: list[list[tuple[int, int]]]) -> bool:
        """Is [s, e) negated only by cues that are part of another item's own words?  ("There is
        no master in the ring": the "no" belongs to the term "no master", and does not deny the ring.)"""
        if self._gapped.get((s, e)) is not None or not self.scopes.is_negated(s, s + 1):
            return False  # negated by a cue inside the term itself, or not from outside at all
        cues = self.scopes.covering_cues(s)
        return bool(cues) and all(any(a <= c < b for occ in others for a, b in occ) for c in cues)

    def _shares_clause(self, span: tuple[int, int], others: list[list[tuple[int, int]]]) -> bool:
        """Does an occurrence of any of ``others`` start in the clause where ``span`` starts?"""
        a, b = self.scopes.clause_at(span[0])
        return any(occ[bisect_left(occ, (a, -1)):bisect_left(occ, (b, -1))] for occ in others)

    def _evidence(self, start: int, end: int) -> tuple[int, int]:
        """Widen a match to the clauses it touches, trimmed of delimiters and space."""
        s, e = start, end
        a, b = self.scopes.clause_at(start)
        if a < b:
            s = a
        a, b = self.scopes.clause_at(end - 1)
        if a < b and a < end <= b:
            e = b
        t = self.text
        while s < e and (t[s].isspace() or t[s] in ",。!?;:、"):
            s += 1
        while e > s and (t[e - 1].isspace() or t[e - 1] in ",。!?;:、"):
            e -= 1
        return s, e

    def source_range(self, start: int, end: int) -> tuple[int, int]:
        return self.folded.to_source(start, end)

