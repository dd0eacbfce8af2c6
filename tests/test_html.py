"""The HTML review and dashboard as text: structure, highlighting, escaping, CSP.

Browser checks (rendering, nothing executes) are in test_html_browser.py; the
seed's golden file in test_html_golden.py.
"""
from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from conftest import DATA, MINI_RUBRIC, ROOT
from interview_grader import grade_file, grade_text, read_transcript, render
from interview_grader.cli import app
from interview_grader.render.dashboard import to_dashboard
from interview_grader.render.html import to_html
from interview_grader.report import Covered, Flag, GradedAnswer, Overall, Report, RubricInfo

HOSTILE = DATA / "hostile" / "hostile_interview.txt"
HOSTILE_NAME = '"><img src=x onerror="window.__pwned=\'file\'">javascript:alert(1).txt'

# Tags the views may emit; anything else in a page came from the input.
ALLOWED_TAGS = {
    "html", "head", "meta", "title", "style", "body", "main", "header", "section", "article", "footer", "h1",
    "h2", "h3", "p", "span", "b", "code", "ul", "ol", "li", "div", "blockquote", "mark", "sup", "a", "q", "br",
    "table", "thead", "tbody", "tr", "th", "td", "svg", "rect", "circle", "text", "g", "line",
}


class Page(HTMLParser):
    """Elements, attributes and text of a page as a browser's tokenizer sees them."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.style = ""
        self._in_style = False
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_style = tag == "style"

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.style += data
        else:
            self.text.append(data)

    def all(self, tag: str) -> list[dict[str, str | None]]:
        return [a for t, a in self.tags if t == tag]

    def csp(self) -> str:
        return next(a["content"] for a in self.all("meta") if a.get("http-equiv") == "Content-Security-Policy")


def sha256_source(code: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode()).digest()).decode() + "'"


def assert_inert(html: str) -> Page:
    """Only the view's own tags, no event handlers, links only inside the page, CSP with no scripts."""
    page = Page(html)
    assert {t for t, _ in page.tags} <= ALLOWED_TAGS
    for tag, attrs in page.tags:
        assert not [k for k in attrs if k.startswith("on")], (tag, attrs)
        assert "style" not in attrs, (tag, attrs)
    for a in page.all("a"):
        href = a["href"] or ""
        assert not re.match(r"\s*[a-zA-Z][a-zA-Z0-9+.-]*:", href), href
    assert len(page.all("style")) == 1
    csp = page.csp()
    assert "default-src 'none'" in csp and "script-src 'none'" in csp and "img-src data:" in csp
    assert f"style-src {sha256_source(page.style)}" in csp
    return page


def make_report(source: str, answers: list[GradedAnswer], language: str = "en", **kw) -> Report:
    scored = [a for a in answers if a.status != "ungraded"]
    overall = Overall(
        score=30, graded=len(scored), answered=len(answers), questions=len(answers), grade=2,
        recommendation="no-hire", flags={"critical": 1, "major": 0, "minor": 0},
    )
    return Report(
        source=source, language=language, tool_version="0.0-test",
        rubric=RubricInfo(id="t", version="1", sha256="0" * 64), answers=answers, overall=overall,
        verdict="New verdict.", **kw,
    )


# ---------------------------------------------------------------- highlighting


SRC = "Q1: Explain?\nA: alpha beta gamma delta epsilon zeta\n"
A0 = SRC.index("alpha")
A1 = SRC.index("\n", A0)


def span(text: str) -> tuple[int, int]:
    s = SRC.index(text)
    return s, s + len(text)


def kp(id: str, text: str) -> Covered:
    s, e = span(text)
    return Covered(id=id, core=True, evidence=text, start=s, end=e)


def flag(id: str, text: str) -> Flag:
    s, e = span(text)
    return Flag(id=id, severity="critical", evidence=text, start=s, end=e, claim="Wrong <claim>", correction="Right & true")


def graded(covered=(), flags=(), **kw) -> GradedAnswer:
    base = dict(
        number=1, question="Explain?", topic="t1", topic_title="Topic one", status="graded", score=30, grade=2,
        misconceptions=list(flags), covered=list(covered), missing=["kp-x"], missing_core=["kp-x"],
        answer_start=A0, answer_end=A1,
    )
    base.update(kw)
    return GradedAnswer(**base)


def answer_html(html: str) -> str:
    return re.search(r'<blockquote class="answer"[^>]*>(.*?)</blockquote>', html, re.S).group(1)


def test_overlapping_spans_are_split_into_segments_carrying_every_span():
    # kp-a covers "alpha beta gamma"; kp-b and a flag both cover "gamma delta" exactly; another flag "epsilon".
    a = graded(covered=[kp("kp-a", "alpha beta gamma"), kp("kp-b", "gamma delta")],
               flags=[flag("mis-1", "gamma delta"), flag("mis-2", "epsilon")])
    html = to_html(make_report("s.txt", [a]), SRC)
    body = answer_html(html)
    segs = re.findall(r'<mark class="([^"]+)" data-ref="([^"]+)" title="[^"]*">([^<]*)</mark>', body)
    assert segs == [
        ("kp", "1", "alpha beta "),
        ("kp mis", "1 2 3", "gamma"),
        ("kp mis", "2 3", " delta"),
        ("mis", "4", "epsilon"),
    ]
    # each span ends in its numbered reference, in reading order
    assert re.findall(r'<sup class="ref"><a class="r-(\w+)" href="#q1-r(\d)">\d</a></sup>', body) == [
        ("kp", "1"), ("kp", "2"), ("mis", "3"), ("mis", "4"),
    ]
    # the text itself is intact once the markup is removed
    assert re.sub(r"<sup.*?</sup>|<[^>]+>", "", body) == SRC[A0:A1]
    # references resolve to the lists below, which name the key point and give the correction
    for n in range(1, 5):
        assert f'id="q1-r{n}"' in html
    assert "Right &amp; true" in html and "Wrong &lt;claim&gt;" in html
    tips = re.findall(r'<mark class="kp mis" data-ref="2 3" title="([^"]*)">', body)
    assert tips == ["✓ Key point: kp-b (core)\n✗ mis-1 (critical): Wrong &lt;claim&gt; Correct: Right &amp; true"]


def test_span_outside_the_answer_or_not_matching_the_source_is_listed_not_highlighted():
    bad = Covered(id="kp-moved", core=False, evidence="zeta", start=0, end=4)  # offsets point at "Q1: "
    a = graded(covered=[kp("kp-a", "beta"), bad])
    html = to_html(make_report("s.txt", [a]), SRC)
    assert answer_html(html).count("<mark") == 1
    assert '<span class="n" title="quote not found in the source text">*</span>' in html
    assert "kp-moved" in html


def test_without_source_text_the_evidence_is_still_listed():
    a = graded(covered=[kp("kp-a", "beta")], flags=[flag("mis-1", "delta")])
    html = to_html(make_report("s.txt", [a]), None)
    assert '<blockquote class="answer"' not in html
    assert "source text not given" in html
    assert "<q>beta</q>" in html and "<q>delta</q>" in html


def test_statuses_are_marked_on_the_cards():
    answers = [
        graded(number=1),
        graded(number=2, status="no-answer", score=0, grade=0, answer_start=A1, answer_end=A1),
        graded(number=3, status="off-topic", score=0, grade=0),
        graded(number=4, status="ungraded", score=None, grade=None, topic=None, topic_title=None, missing=[],
               missing_core=[]),
    ]
    html = to_html(make_report("s.txt", answers), SRC)
    for status in ("graded", "no-answer", "off-topic", "ungraded"):
        assert f'class="panel card status-{status}"' in html
    assert html.count('<p class="banner">') == 3
    assert "no answer: scores 0" in html and "off-topic: scores 0" in html
    assert "does not count towards the overall score" in html
    assert "(the candidate gave no answer)" in html
    # ungraded: a dashed, empty bar and no score
    assert '<rect class="track none"' in html


def test_contradicted_original_verdict_is_called_out():
    a = graded()
    html = to_html(make_report("s.txt", [a], original_verdict="Great <b>hire</b>", original_verdict_tone="praising",
                               verdict_contradicted=True), SRC)
    assert 'class="panel original contradicted"' in html
    assert "⚠ original verdict contradicted by the evidence" in html
    assert "Great &lt;b&gt;hire&lt;/b&gt;" in html
    plain = to_html(make_report("s.txt", [a], original_verdict="Fine.", original_verdict_tone="neutral"), SRC)
    assert "contradicted" not in plain.split("</style>")[1]


# ---------------------------------------------------------------- real transcripts


@pytest.fixture(scope="module")
def seed_mini(seed_path, mini_rubric):
    return grade_file(seed_path, mini_rubric), read_transcript(seed_path).text


def test_seed_page_is_self_contained_and_chinese(seed_mini):
    report, text = seed_mini
    html = to_html(report, text)
    page = assert_inert(html)
    assert html.startswith("<!DOCTYPE html>\n<html lang=\"zh-CN\">")
    for external in ("http:", "https:", "url(", "@import", "@font-face", "<link", "<script", "<img"):
        assert external not in html
    assert "面试评审报告" in html and "数据挖掘工程师" in html
    # every answer is quoted in full
    text_out = "".join(page.text)
    for a in report.answers:
        if a.answer_start is not None and a.answer_end > a.answer_start:
            assert text[a.answer_start:a.answer_end].replace("\r\n", "\n") in text_out
    assert to_html(report, text) == html  # deterministic


def test_english_report_of_a_chinese_transcript_marks_the_quotes_as_chinese(seed_path, mini_rubric):
    report = grade_file(seed_path, mini_rubric, lang="en")
    html = to_html(report, read_transcript(seed_path).text)
    assert '<html lang="en">' in html
    assert '<blockquote class="answer" lang="zh-CN">' in html


def test_hostile_transcript_renders_as_text(mini_rubric):
    text = HOSTILE.read_text(encoding="utf-8")
    report = grade_text(text, source=HOSTILE_NAME, rubric=mini_rubric)
    assert report.answers[0].covered and report.answers[0].misconceptions  # highlights contain markup
    html = to_html(report, text)
    page = assert_inert(html)
    shown = "".join(page.text)
    for payload in (
        "<script>window.__pwned='q1'</script>",
        "<img src=x onerror=\"window.__pwned='img'\">",
        "</style><script>window.__pwned='style'</script>",
        "<a href=\"javascript:window.__pwned='link'\">javascript:alert(1)</a>",
        "<meta http-equiv=\"refresh\"",
        "<body onload=",
        "<!-- comment -->",
        "&lt;b&gt; &amp;",
        HOSTILE_NAME,
    ):
        assert payload in shown, payload
    assert "<title>" in html and HOSTILE_NAME not in html


def test_control_characters_and_lone_surrogates_do_not_break_the_page():
    src = "Q1: x?\nA: a\x00b\x1bc\ud800d\n"
    s = src.index("a\x00")
    a = graded(answer_start=s, answer_end=src.index("\n", s), covered=[], missing=[])
    html = to_html(make_report("bad\x00name.txt", [a]), src)
    html.encode("utf-8")  # no lone surrogate survives
    assert "a\ufffdb\ufffdc\ufffdd" in html and "bad\ufffdname.txt" in html


def test_render_dispatch_and_cli_write_the_page(tmp_path, mini_rubric):
    sample = ROOT / "transcripts" / "en_mixed_sample.txt"
    out = tmp_path / "review.html"
    result = CliRunner().invoke(app, ["grade", str(sample), "--format", "html", "-o", str(out), "--rubric", str(MINI_RUBRIC)])
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and '<html lang="en">' in html
    report = grade_file(sample, mini_rubric)
    assert render(report, "html", read_transcript(sample).text) == html


def test_off_topic_answer_from_the_engine(mini_rubric):
    text = "Q1: Explain ring all-reduce.\nA: I enjoy hiking and cooking pasta on weekends.\n"
    report = grade_text(text, rubric=mini_rubric)
    assert report.answers[0].status == "off-topic"
    html = to_html(report, text)
    assert 'status-off-topic' in html and "off-topic: scores 0" in html


# ---------------------------------------------------------------- dashboard

SUMMARY = {
    "transcripts": 5, "graded": 4, "errors": 1,
    "score_histogram": [{"bin": f"{10 * i}-{10 * i + 9 if i < 9 else 100}", "count": c}
                        for i, c in enumerate([1, 0, 1, 0, 1, 0, 0, 0, 0, 1])],
    "topics": [
        {"id": "ring-allreduce", "title": "Ring all-reduce", "answers": 4, "mean_score": 31.5},
        {"id": "ps", "title": {"zh": "参数服务器", "en": "Parameter server"}, "answers": 0, "mean_score": None},
    ],
    "misconceptions": [
        {"id": "ring-allreduce-central-node", "severity": "critical", "count": 3,
         "example": {"id": "seed", "question": 4, "evidence": "传递给一个中间的Reducer节点"}},
        {"id": "<b>x</b>", "severity": "minor", "count": 1,
         "example": {"id": "evil<script>", "question": 2, "evidence": "<img src=x onerror=alert(1)>"}},
    ],
    "unanswered_rate": 0.125,
    "praising_below_50": 2,
}
ROWS = [
    {"id": "seed", "role": "数据挖掘工程师", "years": "5年", "score": "22", "recommendation": "no-hire", "tone": "praising"},
    {"id": "evil<script>", "role": "<script>alert(1)</script>", "years": "3", "score": "48", "recommendation": "no-hire",
     "tone": "praising"},
    {"id": "good", "role": "MLE", "years": "4", "score": "91", "recommendation": "strong-hire", "tone": "neutral"},
    {"id": "mid", "role": "MLE", "years": "2", "score": 60, "recommendation": "hire", "tone": "praising"},
    {"id": "broken", "score": "", "error": "binary file"},
]
LINKS = {"seed": "reviews/seed.html", "evil<script>": "javascript:alert(1)//x.html", "good": "//evil.example/g.html",
         "mid": "reviews/a b#c?.html"}


def first_column(table_html: str) -> list[str]:
    return re.findall(r"<tr(?: class=\"warn\")?><td>(?:<a [^>]*>)?([^<]*)", table_html)


def test_dashboard_sections_and_sort_orders():
    html = to_dashboard(SUMMARY, ROWS, LINKS)
    assert_inert(html)
    assert html.count('<rect class="col"') == 10
    assert "Ring all-reduce" in html and "Parameter server" in html and "31.5" in html
    assert "传递给一个中间的Reducer节点" in html and "12.5%" in html
    assert '<li class="alert" id="praising-below-50"><b>2</b>' in html
    tables = dict(re.findall(r'<div class="order[^"]*" id="([^"]+)">(.*?)</div>', html, re.S))
    assert first_column(tables["by-input"]) == ["seed", "evil&lt;script&gt;", "good", "mid", "broken"]
    assert first_column(tables["by-score-desc"]) == ["good", "mid", "evil&lt;script&gt;", "seed", "broken"]
    assert first_column(tables["by-score-asc"]) == ["seed", "evil&lt;script&gt;", "mid", "good", "broken"]
    # praising verdicts on scores below 50 are marked (not the praising 60)
    assert tables["by-input"].count('<tr class="warn">') == 2
    # the extra key becomes a column
    assert "<th class=\"\">error</th>" in html and "binary file" in html


def test_dashboard_links_can_only_be_relative():
    html = to_dashboard(SUMMARY, ROWS, LINKS)
    hrefs = set(re.findall(r'href="([^"#][^"]*)"', html))
    assert hrefs == {"reviews/seed.html", "javascript%3Aalert%281%29//x.html", "./evil.example/g.html",
                     "reviews/a%20b%23c%3F.html"}


def test_dashboard_escapes_everything():
    page = assert_inert(to_dashboard(SUMMARY, ROWS, LINKS))
    shown = "".join(page.text)
    for payload in ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<b>x</b>", "evil<script>"):
        assert payload in shown


@pytest.mark.parametrize("summary,rows", [
    ({}, []),
    ({"transcripts": 0}, []),
    ({"score_histogram": [{"bin": "0-9"}], "topics": [{"id": "x"}], "misconceptions": [{"id": "m"}]}, [{}]),
    ({"topics": None, "misconceptions": "junk", "unanswered_rate": None}, [{"id": "only-id"}, "not a dict"]),
    ({"score_histogram": 7, "score": "x", "praising_below_50": {"threshold": 50}}, None),
])
def test_dashboard_tolerates_missing_keys(summary, rows):
    html = to_dashboard(summary, rows)
    assert_inert(html)
    assert html.endswith("</html>\n")


def test_dashboard_in_chinese():
    html = to_dashboard(SUMMARY, ROWS, lang="zh")
    assert '<html lang="zh-CN">' in html and "面试档案汇总" in html and "严重" in html


def test_dashboard_accepts_batch_summary_json_names():
    batch_shape = {
        "inputs": 3, "graded": 2, "failed": 1,
        "score": {"histogram": [{"range": "0-9", "count": 1}, {"range": "10-19", "count": 2}]},
        "topics": [{"id": "ps", "title": "Parameter server", "questions": 3, "scored": 2, "mean_score": 12.5}],
        "misconceptions": [{"id": "ps-is-model-partitioning", "severity": "critical", "count": 2,
                            "example": {"id": "seed", "question": 3, "quote": "将模型的权重划分"}}],
        "unanswered": {"rate": 0.25},
        "praising_below_50": {"count": 1, "threshold": 50, "examples": ["seed"]},
    }
    rows = [{"id": "seed", "role": "x", "years": "5", "language": "zh", "score": "11", "recommendation": "no-hire",
             "original_verdict_tone": "praising", "verdict_contradicted": "true"}]
    html = to_dashboard(batch_shape, rows)
    assert_inert(html)
    assert "<li><b>3</b> transcripts</li>" in html and '<li class="alert"><b>1</b> errors</li>' in html
    assert html.count('<rect class="col"') == 2 and ">10-19</text>" in html
    assert "2 answers" in html and "将模型的权重划分" in html and "25.0%" in html
    assert '<li class="alert" id="praising-below-50"><b>1</b>' in html
    assert '<tr class="warn">' in html and "original_verdict_tone" not in html


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_esc_fast_path_equals_full_escaping(text):
    """esc skips escaping for plain text; the result must be what full escaping gives."""
    from html import escape

    from interview_grader.render.html_assets import _UNSHOWABLE, esc

    assert esc(text) == escape(_UNSHOWABLE.sub("\ufffd", text), quote=True)
    assert esc(text + "<'\">&").endswith("&lt;&#x27;&quot;&gt;&amp;")


def test_overview_counts_misconceptions_and_other_wrong_claims_together():
    """The overview's "Wrong claims" line adds overall.wrong_claims to overall.flags per severity."""
    report = make_report("s.txt", [graded()])
    overall = report.overall.model_copy(update={"wrong_claims": {"critical": 0, "major": 1, "minor": 2}})
    html = to_html(report.model_copy(update={"overall": overall}), SRC)
    assert "<b>Wrong claims:</b> critical 1 · major 1 · minor 2</li>" in html
