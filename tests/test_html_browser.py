"""The HTML views in a real browser: Debian's chromium driven by Playwright (no browser download).

Skipped when chromium or playwright is missing, except under CI=true, where
they must run (.ci/run installs both).  Set TEST_ARTEFACTS to choose where the
screenshots go (default: pytest's temporary directory; the path is printed).
UPDATE_SCREENSHOT=1 also refreshes docs/img/review.png.
"""
from __future__ import annotations

import base64
import os
import shutil
from pathlib import Path

import pytest

from conftest import DATA, ROOT
from interview_grader import grade_text, read_transcript
from interview_grader.render.dashboard import to_dashboard
from interview_grader.render.html import to_html

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
HOSTILE = DATA / "hostile" / "hostile_interview.txt"
DOCS_SHOT = ROOT / "docs" / "img" / "review.png"

# Installed before any page script could run: flags the payloads would set, and a
# record of every DOM change after parsing (a script that ran would add or alter nodes).
WATCH = """
window.__pwned = false;
window.__mutations = [];
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(ms => { for (const m of ms) window.__mutations.push(m.type + ' ' + m.target.nodeName); })
    .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
});
"""


def _unavailable(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason}; CI=true, so the browser tests must run (.ci/run installs chromium and playwright)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install playwright)")
    if not Path(CHROMIUM).exists():
        _unavailable(f"{CHROMIUM} not found (apt-get install chromium)")
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=ARGS, headless=True,
            viewport={"width": 1100, "height": 900}, locale="en-US",
        )
        try:
            yield ctx
        finally:
            ctx.close()


@pytest.fixture(scope="module")
def artefacts(tmp_path_factory, request) -> Path:
    where = os.environ.get("TEST_ARTEFACTS")
    path = Path(where) if where else tmp_path_factory.getbasetemp() / "artefacts"
    path.mkdir(parents=True, exist_ok=True)
    capman = request.config.pluginmanager.getplugin("capturemanager")
    with capman.global_and_fixture_disabled():
        print(f"\nbrowser test artefacts (screenshots, PDF): {path}")
    return path


class Opened:
    """A page loaded from a file, with everything it logged, requested or tried."""

    def __init__(self, ctx, html: str, path: Path):
        path.write_text(html, encoding="utf-8")
        self.url = path.resolve().as_uri()
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.requests: list[str] = []
        self.page = ctx.new_page()
        self.page.add_init_script(WATCH)
        self.page.on("console", lambda m: m.type in ("error", "warning") and self.errors.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(self.url, wait_until="load")
        self.page.wait_for_timeout(300)  # let late events (image errors, timers) fire

    def js(self, code: str):
        return self.page.evaluate(code)

    def assert_clean(self):
        assert self.errors == []
        assert self.dialogs == []
        assert self.js("window.__pwned") is False
        assert self.js("window.__mutations") == []
        assert [u for u in self.requests if u != self.url] == []
        assert self.js("document.querySelectorAll('script, img, iframe, object, embed, link, base, form').length") == 0
        assert self.js(
            "[...document.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.name))"
            ".filter(n => n.startsWith('on'))"
        ) == []


def _expected_refs(report, source: str) -> dict[str, tuple[int, int]]:
    out = {}
    for i, a in enumerate(report.answers, 1):
        inside = [x for x in [*a.covered, *a.misconceptions] if source[x.start:x.end] == x.evidence]
        assert len(inside) == len(a.covered) + len(a.misconceptions)  # the engine's offsets quote the source
        out[f"q{i}"] = (len(a.covered), len(a.misconceptions))
    return out


CARDS_JS = """
() => [...document.querySelectorAll('article.card')].map(card => {
  const refs = new Set();
  card.querySelectorAll('blockquote.answer mark[data-ref]').forEach(m => m.dataset.ref.split(' ').forEach(r => refs.add(r)));
  return [card.id, refs.size, card.querySelectorAll('sup.ref a.r-kp').length, card.querySelectorAll('sup.ref a.r-mis').length];
})
"""


def _check_highlights(opened: Opened, expected: dict[str, tuple[int, int]]):
    cards = opened.js(CARDS_JS)
    assert [c[0] for c in cards] == list(expected)
    for card_id, spans, kps, miss in cards:
        assert (kps, miss) == expected[card_id], card_id
        assert spans == kps + miss, card_id
    # the stylesheet was admitted by its CSP hash: highlights are coloured
    colours = opened.js(
        "['mark.kp:not(.mis)', 'mark.mis:not(.kp)'].map(s => { const m = document.querySelector(s);"
        " return m ? getComputedStyle(m).backgroundColor : null; })"
    )
    assert colours[0] in (None, "rgb(207, 238, 214)") and colours[1] in (None, "rgb(255, 220, 214)")
    assert colours != [None, None]


@pytest.fixture(scope="module")
def seed_review(rubric, seed_path):
    text = read_transcript(seed_path).text
    report = grade_text(text, source=seed_path.name, rubric=rubric)  # no machine path in the screenshot
    return report, text, to_html(report, text)


def test_seed_review_in_chromium(browser, seed_review, artefacts, tmp_path):
    report, text, html = seed_review
    opened = Opened(browser, html, tmp_path / "seed_review.html")
    opened.assert_clean()
    assert opened.js("document.documentElement.lang") == "zh-CN"
    _check_highlights(opened, _expected_refs(report, text))
    assert opened.js("document.querySelectorAll('article.card').length") == len(report.answers)
    assert opened.js("!!document.querySelector('.original.contradicted .callout')") is report.verdict_contradicted

    shot = artefacts / "seed_review.png"
    opened.page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    pdf = opened.page.pdf(path=str(artefacts / "seed_review.pdf"), format="A4", print_background=True)
    assert pdf.startswith(b"%PDF") and opened.errors == []
    if os.environ.get("UPDATE_SCREENSHOT"):
        _docs_screenshot(browser, opened, report, artefacts)
    opened.page.close()


def _docs_screenshot(browser, opened: Opened, report, artefacts: Path) -> None:
    """docs/img/review.png: the page's header, the contradicted verdict and the first card with both colours."""
    page = opened.page
    i = next((i for i, a in enumerate(report.answers, 1) if a.covered and a.misconceptions), 1)
    overview = page.locator("section.overview").bounding_box()
    parts = [
        page.screenshot(clip={"x": 0, "y": 0, "width": 1100, "height": overview["y"] + overview["height"] + 8}),
        page.locator(".verdicts .original").screenshot(),
        page.locator(f"#q{i}").screenshot(),
    ]
    imgs = "".join(
        f'<img src="data:image/png;base64,{base64.b64encode(p).decode()}" style="display:block;margin:0 auto 8px">'
        for p in parts
    )
    sheet = browser.new_page()
    sheet.set_content(f'<body style="margin:0;padding:8px 0;background:#f4f6f9">{imgs}</body>')
    out = artefacts / "review.png"
    sheet.screenshot(path=str(out), full_page=True)
    sheet.close()
    DOCS_SHOT.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(out, DOCS_SHOT)


def test_hostile_transcript_executes_nothing(browser, mini_rubric, tmp_path, artefacts):
    text = HOSTILE.read_text(encoding="utf-8")
    name = "\"><img src=x onerror=\"window.__pwned='file'\">javascript:alert(1).txt"
    report = grade_text(text, source=name, rubric=mini_rubric)
    opened = Opened(browser, to_html(report, text), tmp_path / "hostile.html")
    opened.assert_clean()
    shown = opened.js("document.body.innerText")
    for payload in ("<script>window.__pwned='q1'</script>", "<img src=x onerror=\"window.__pwned='img'\">",
                    "</style><script>window.__pwned='style'</script>", "javascript:alert(1)", name):
        assert payload in shown
    assert opened.js("document.title").endswith(name)
    _check_highlights(opened, _expected_refs(report, text))
    opened.page.screenshot(path=str(artefacts / "hostile_review.png"), full_page=True)
    opened.page.close()


def test_csp_blocks_a_script_that_got_in(browser, seed_review, tmp_path):
    """Defence in depth: even a script element inserted into the page does not run."""
    opened = Opened(browser, seed_review[2], tmp_path / "csp.html")
    ran = opened.js(
        "() => { const s = document.createElement('script'); s.textContent = 'window.__pwned = \"csp\"';"
        " document.body.appendChild(s); return window.__pwned; }"
    )
    assert ran is False
    assert any("Content Security Policy" in e for e in opened.errors)
    opened.page.close()


def test_dashboard_in_chromium(browser, tmp_path, artefacts):
    from test_html import LINKS, ROWS, SUMMARY

    opened = Opened(browser, to_dashboard(SUMMARY, ROWS, LINKS), tmp_path / "summary.html")
    opened.assert_clean()

    def visible_ids():
        return opened.js(
            "[...document.querySelectorAll('.order')].filter(d => d.offsetParent !== null)"
            ".map(d => [...d.querySelectorAll('tbody tr td:first-child')].map(td => td.textContent))"
        )

    assert visible_ids() == [["seed", "evil<script>", "good", "mid", "broken"]]
    opened.page.click("a[href='#by-score-desc']")
    assert visible_ids() == [["good", "mid", "evil<script>", "seed", "broken"]]
    opened.page.click("a[href='#by-score-asc']")
    assert visible_ids() == [["seed", "evil<script>", "mid", "good", "broken"]]
    opened.page.click("a[href='#transcripts']")
    assert visible_ids() == [["seed", "evil<script>", "good", "mid", "broken"]]
    assert opened.js("document.querySelectorAll('svg.hist rect.col').length") == 10
    opened.page.screenshot(path=str(artefacts / "summary.png"), full_page=True)
    assert opened.errors == [] and opened.dialogs == [] and opened.js("window.__pwned") is False
    opened.page.close()
