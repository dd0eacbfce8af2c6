"""``summary.html`` for a batch run: the archive at a glance, self-contained like the review.

A view of figures batch has already computed: nothing is scored or
aggregated here beyond laying them out (and sorting the list of transcripts).
The list is sortable by score without any script: it is rendered once per
order and CSS ``:target`` shows the one whose link was clicked, so the page
keeps the strictest CSP (no scripts at all).
"""
from __future__ import annotations

from typing import Any

from .html_assets import BASE_CSS, bar, esc, html_lang, page, safe_href, score_class
from .labels import SEVERITY

_W = {
    "en": {
        "title": "Interview archive summary", "transcripts": "transcripts", "graded": "graded", "errors": "errors",
        "unanswered": "questions unanswered", "praising": "praising verdicts on transcripts scoring below 50",
        "histogram": "Overall scores", "count": "count", "topics": "Mean score per topic", "topic": "Topic",
        "answers": "answers", "mean": "mean", "misconceptions": "Misconceptions", "wrong_claims": "Other wrong claims",
        "severity": "Severity",
        "example": "Example", "question": "Q", "list": "Transcripts", "sort": "Sort",
        "by_input": "as listed", "by_desc": "score, high to low", "by_asc": "score, low to high",
        "warn": "praising verdict on a score below 50", "none": "none",
        "cols": {"id": "id", "role": "Role", "years": "Experience", "score": "Score",
                 "recommendation": "Recommendation", "tone": "Original verdict"},
    },
    "zh": {
        "title": "面试档案汇总", "transcripts": "份面试记录", "graded": "已评分", "errors": "出错",
        "unanswered": "的问题未作答", "praising": "份得分低于 50 的记录，原点评却是褒扬",
        "histogram": "总分分布", "count": "份数", "topics": "各主题平均分", "topic": "主题",
        "answers": "个回答", "mean": "平均", "misconceptions": "错误观点", "wrong_claims": "其他错误说法",
        "severity": "严重程度",
        "example": "示例", "question": "问题", "list": "面试记录", "sort": "排序",
        "by_input": "原顺序", "by_desc": "得分从高到低", "by_asc": "得分从低到高",
        "warn": "得分低于 50 而原点评为褒扬", "none": "无",
        "cols": {"id": "编号", "role": "岗位", "years": "从业年限", "score": "得分",
                 "recommendation": "建议", "tone": "原点评"},
    },
}

_CSS = BASE_CSS + """
.stats{display:flex;flex-wrap:wrap;gap:10px 28px;margin:8px 0 0;padding:0;list-style:none}
.stats b{font-size:1.3rem}
.alert{color:var(--red);font-weight:700}
svg.hist{width:100%;max-width:680px;height:auto;display:block}
svg.hist rect.col{fill:#5b8bd9}
svg.hist text{font-size:11px}
svg.hist text.c{text-anchor:middle}
svg.hist line{stroke:var(--line)}
table.topics td:nth-child(2){width:190px}
.quote{font-size:.9rem}
.quote q{quotes:"\\201C" "\\201D"}
tr.warn td{background:var(--red-bg)}
.sortnav a{margin-right:12px}
.order{display:none;overflow-x:auto}
.order:target{display:block}
.order:target ~ .order.default{display:none}
.order.default{display:block}
@media print{.sortnav{display:none}}
"""

_KNOWN = ("id", "role", "years", "score", "recommendation", "tone")


def _num(value: Any) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).strip())
    except ValueError:
        return None


def _fmt(value: Any) -> str:
    if value is None or value == "":
        return "–"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _text(value: Any, lang: str) -> str:
    """A title that may come as text or as ``{"zh": …, "en": …}``."""
    if isinstance(value, dict):
        return str(value.get(lang) or next(iter(value.values()), ""))
    return _fmt(value)


def _first(d: dict, *keys: str) -> Any:
    """The value of the first key present (the shape documented first, then batch's own names)."""
    for k in keys:
        if k in d and d[k] is not None:
            return d[k]
    return None


def _dicts(value: Any) -> list[dict]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _normalise(summary: dict) -> dict:
    """The documented shape, also accepting the names of batch's summary.json.

    (``inputs``/``failed``, ``score.histogram`` of ``{"range", "count"}``,
    ``unanswered.rate``, ``praising_below_50.count``, topics' ``scored``,
    examples' ``quote``.)
    """
    s = dict(summary) if isinstance(summary, dict) else {}
    score = s.get("score") if isinstance(s.get("score"), dict) else {}
    unanswered = s.get("unanswered") if isinstance(s.get("unanswered"), dict) else {}
    praising = s.get("praising_below_50")
    out = {
        "transcripts": _first(s, "transcripts", "inputs"),
        "graded": s.get("graded"),
        "errors": _first(s, "errors", "failed"),
        "unanswered_rate": s.get("unanswered_rate", unanswered.get("rate")),
        "praising_below_50": praising.get("count") if isinstance(praising, dict) else praising,
        "score_histogram": [
            {"bin": _first(b, "bin", "range"), "count": b.get("count")}
            for b in _dicts(_first(s, "score_histogram") or score.get("histogram"))
        ],
        "topics": [{**t, "answers": _first(t, "answers", "scored")} for t in _dicts(s.get("topics"))],
        "misconceptions": [],
        "wrong_claims": [],
    }
    for key in ("misconceptions", "wrong_claims"):
        for m in _dicts(s.get(key)):
            ex = m.get("example") if isinstance(m.get("example"), dict) else None
            if ex is not None:
                ex = {**ex, "evidence": _first(ex, "evidence", "quote")}
            out[key].append({**m, "example": ex})
    return {k: v for k, v in out.items() if v is not None}


def _row(row: dict) -> dict:
    """transcripts.csv names the tone column ``original_verdict_tone``."""
    if "tone" not in row and "original_verdict_tone" in row:
        row = {("tone" if k == "original_verdict_tone" else k): v for k, v in row.items()}
    return row


def _histogram(bins: list[dict], w: dict) -> str:
    width, height, left, bottom, top = 680, 220, 34, 24, 16
    n = max(1, len(bins))
    counts = [int(_num(b.get("count")) or 0) for b in bins]
    peak = max([1, *counts])
    step = (width - left) / n
    plot = height - bottom - top
    parts = [
        f'<svg class="hist" viewBox="0 0 {width} {height}" role="img" aria-label="{esc(w["histogram"])}">',
        f'<line x1="{left}" y1="{height - bottom}" x2="{width}" y2="{height - bottom}"/>',
        f'<text x="0" y="{top + 4}">{peak}</text><text x="0" y="{height - bottom}">0</text>',
    ]
    for i, (b, c) in enumerate(zip(bins, counts)):
        h = plot * c / peak
        x = left + i * step + 3
        y = height - bottom - h
        parts.append(
            f'<g class="bin"><title>{esc(_fmt(b.get("bin")))}: {c}</title>'
            f'<rect class="col" x="{x:.1f}" y="{y:.1f}" width="{step - 6:.1f}" height="{h:.1f}" rx="2"/>'
            f'<text class="c" x="{x + (step - 6) / 2:.1f}" y="{y - 4:.1f}">{c}</text>'
            f'<text class="c" x="{x + (step - 6) / 2:.1f}" y="{height - 6}">{esc(_fmt(b.get("bin")))}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _link(rid: Any, links: dict[str, str]) -> str:
    href = links.get(str(rid)) if rid is not None else None
    return f'<a href="{safe_href(href)}">{esc(_fmt(rid))}</a>' if href else esc(_fmt(rid))


def _praising_low(row: dict) -> bool:
    score = _num(row.get("score"))
    return row.get("tone") == "praising" and score is not None and score < 50


def _head(cols: list[str], w: dict) -> str:
    return "".join(f'<th class="{"num" if c == "score" else ""}">{esc(w["cols"].get(c, c))}</th>' for c in cols)


def _tr(row: dict, cols: list[str], links: dict[str, str], w: dict) -> str:
    """One transcript's table row."""
    cells = []
    low = _praising_low(row)
    for c in cols:
        v = row.get(c)
        if c == "id":
            cells.append(f"<td>{_link(v, links)}</td>")
        elif c == "score":
            cells.append(f'<td class="num {score_class(_num(v))}">{esc(_fmt(v))}</td>')
        elif c == "tone" and low:
            cells.append(f'<td><span title="{esc(w["warn"])}">⚠</span> {esc(_fmt(v))}</td>')
        else:
            cells.append(f"<td>{esc(_fmt(v))}</td>")
    cls = ' class="warn"' if low else ""
    return f"<tr{cls}>{''.join(cells)}</tr>"


def _table(head: str, body: list[str]) -> str:
    return f'<table class="rows"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


def to_dashboard(
    summary: dict, rows: list[dict], links: dict[str, str] | None = None, *, lang: str = "en"
) -> str:
    """The batch dashboard page.  Pure: no I/O; every value is escaped.

    ``summary`` (any key may be missing; what is there is shown)::

        transcripts: int, graded: int, errors: int
        score_histogram: [{"bin": "0-9", "count": int}, ...]        # ten bins 0-9 .. 90-100
        topics: [{"id", "title", "answers", "mean_score"}, ...]      # title: str or {"zh","en"}; mean_score may be None
        misconceptions: [{"id", "severity", "count",
                          "example": {"id": transcript id, "question": number, "evidence": quote}}, ...]
        wrong_claims: [...]                                          # the rubric's other wrong claims, the same way
        unanswered_rate: float 0..1
        praising_below_50: int                                       # praising verdicts on overall < 50

    ``rows``: one dict per transcript (the rows of transcripts.csv), with at
    least ``id``, ``role``, ``years``, ``score``, ``recommendation``, ``tone``;
    values may be strings as read from CSV.  Further keys become further
    columns.  Rows where ``tone`` is ``praising`` and ``score`` < 50 are marked.

    ``links``: transcript id -> path of its HTML review relative to
    summary.html (a plain path, not URL-encoded: it is percent-encoded here
    and can never become a ``javascript:`` or other-host URL).

    ``lang``: ``"en"`` or ``"zh"`` for the page's own words.

    batch's own ``summary.json`` names are accepted too: ``inputs`` /
    ``failed``, ``score.histogram`` with ``range``, ``unanswered.rate``,
    ``praising_below_50.count``, topics' ``scored``, examples' ``quote``,
    and rows' ``original_verdict_tone`` for ``tone``.
    """
    lang = lang if lang in _W else "en"
    w = _W[lang]
    links = links or {}
    s = _normalise(summary)
    out = ["<main>", '<header class="panel">', f"<h1>{esc(w['title'])}</h1>", '<ul class="stats">']
    if "transcripts" in s:
        out.append(f"<li><b>{esc(_fmt(s['transcripts']))}</b> {esc(w['transcripts'])}</li>")
    if "graded" in s:
        out.append(f"<li><b>{esc(_fmt(s['graded']))}</b> {esc(w['graded'])}</li>")
    if "errors" in s:
        cls = ' class="alert"' if (_num(s["errors"]) or 0) > 0 else ""
        out.append(f"<li{cls}><b>{esc(_fmt(s['errors']))}</b> {esc(w['errors'])}</li>")
    rate = _num(s.get("unanswered_rate"))
    if rate is not None:
        out.append(f"<li><b>{rate * 100:.1f}%</b> {esc(w['unanswered'])}</li>")
    if "praising_below_50" in s:
        cls = ' class="alert"' if (_num(s["praising_below_50"]) or 0) > 0 else ""
        out.append(f'<li{cls} id="praising-below-50"><b>{esc(_fmt(s["praising_below_50"]))}</b> {esc(w["praising"])}</li>')
    out += ["</ul>", "</header>"]

    bins = s["score_histogram"]
    if bins:
        out += ['<section class="panel">', f"<h2>{esc(w['histogram'])}</h2>", _histogram(bins, w), "</section>"]

    topics = s["topics"]
    if topics:
        out += ['<section class="panel">', f"<h2>{esc(w['topics'])}</h2>", '<table class="topics"><tbody>']
        for t in topics:
            mean = _num(t.get("mean_score"))
            title = _text(t.get("title") or t.get("id"), lang)
            out.append(
                f"<tr><td>{esc(title)} <code>{esc(_fmt(t.get('id')))}</code></td>"
                f"<td>{bar(mean, f'{title}: {_fmt(mean)}', width=180)}</td>"
                f'<td class="num {score_class(mean)}"><b>{esc(_fmt(round(mean, 1)) if mean is not None else "–")}</b></td>'
                f'<td class="num muted">{esc(_fmt(t.get("answers")))} {esc(w["answers"])}</td></tr>'
            )
        out += ["</tbody></table>", "</section>"]

    for key in ("misconceptions", "wrong_claims"):
        out += _claims_table(s.get(key) or [], w[key], lang, w, links)

    rows = [_row(r) for r in rows or [] if isinstance(r, dict)]
    if rows:
        cols = [c for c in _KNOWN if any(c in r for r in rows)]
        for r in rows:
            cols += [k for k in r if k not in cols]
        # each row is rendered once and laid out in the three orders
        html_rows = [_tr(r, cols, links, w) for r in rows]
        nums = [_num(r.get("score")) for r in rows]
        scored = [i for i, v in enumerate(nums) if v is not None]
        unscored = [html_rows[i] for i, v in enumerate(nums) if v is None]
        desc = [html_rows[i] for i in sorted(scored, key=lambda i: -nums[i])] + unscored
        asc = [html_rows[i] for i in sorted(scored, key=lambda i: nums[i])] + unscored
        head = _head(cols, w)
        out += [
            '<section class="panel" id="transcripts">', f"<h2>{esc(w['list'])}</h2>",
            f'<p class="sortnav">{esc(w["sort"])}: <a href="#by-score-desc">{esc(w["by_desc"])}</a>'
            f'<a href="#by-score-asc">{esc(w["by_asc"])}</a><a href="#transcripts">{esc(w["by_input"])}</a></p>',
            f'<div class="order" id="by-score-desc">{_table(head, desc)}</div>',
            f'<div class="order" id="by-score-asc">{_table(head, asc)}</div>',
            f'<div class="order default" id="by-input">{_table(head, html_rows)}</div>',
            "</section>",
        ]
    out.append("</main>")
    return page(html_lang(lang), w["title"], "\n".join(out), _CSS, generator="interview-grader")


def _claims_table(claims: list, title: str, lang: str, w: dict, links: dict) -> list[str]:
    """A panel with the most frequent misconceptions (or other wrong claims) and an example of each."""
    if not claims:
        return []
    out = [
        '<section class="panel">', f"<h2>{esc(title)}</h2>",
        f'<table class="misconceptions"><thead><tr><th>id</th><th>{esc(w["severity"])}</th>'
        f'<th class="num">{esc(w["count"])}</th><th>{esc(w["example"])}</th></tr></thead><tbody>',
    ]
    for m in claims:
        sev = str(m.get("severity") or "")
        ex = m["example"] or {}
        quote = ""
        if ex:
            where = _link(ex.get("id"), links) if ex.get("id") is not None else ""
            if ex.get("question") is not None:
                where += f" · {esc(w['question'])}{esc(_fmt(ex.get('question')))}"
            quote = f'<span class="quote"><q>{esc(_fmt(ex.get("evidence")))}</q> <span class="muted">{where}</span></span>'
        out.append(
            f"<tr><td><code>{esc(_fmt(m.get('id')))}</code></td>"
            f'<td><span class="badge sev-{esc(sev)}">{esc(SEVERITY[lang].get(sev, sev or "–"))}</span></td>'
            f'<td class="num">{esc(_fmt(m.get("count")))}</td><td>{quote}</td></tr>'
        )
    out += ["</tbody></table>", "</section>"]
    return out
