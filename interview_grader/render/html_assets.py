"""What the HTML views share: escaping, the page shell with its CSP, CSS, SVG bars.

Safety model (docs/html.md): every value that comes from a transcript or a
caller goes through :func:`esc` before it reaches the page, and the page
carries a Content-Security-Policy that allows no network loads at all, only
the page's own ``<style>`` (and ``<script>``, if any) by SHA-256 hash.  So even
markup that slipped through unescaped could neither run nor load anything.
"""
from __future__ import annotations

import base64
import hashlib
import re
from html import escape
from urllib.parse import quote

from .terminal import _score_style

# C0/C1 controls (bar tab, LF, CR) and lone surrogates: not text a page can show,
# and a lone surrogate would make the page unencodable as UTF-8.
_UNSHOWABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_LATIN = re.compile("[A-Za-z]")
_HAN = re.compile("[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")


_PLAIN = re.compile(r"[\w .,:;/+()%@#=\-\u00a0-\u00ff\u0100-\ud7ff\ue000-\uffff]*")  # needs no escaping


def esc(value: object) -> str:
    """Text or attribute value, HTML-escaped (quotes too) and stripped of unshowable characters."""
    text = str(value)
    if _PLAIN.fullmatch(text) and not _UNSHOWABLE.search(text):
        return text  # most values (ids, scores, CJK words) have nothing to escape
    return escape(_UNSHOWABLE.sub("\ufffd", text), quote=True)


def text_lang(text: str, page_lang: str) -> str | None:
    """``lang`` for a block of candidate text when it differs from the page's, else None."""
    is_zh = bool(_HAN.search(text))
    if is_zh and page_lang != "zh-CN":
        return "zh-CN"
    if not is_zh and page_lang == "zh-CN" and _LATIN.search(text):
        return "en"
    return None


def lang_attr(text: str, page_lang: str) -> str:
    lang = text_lang(text, page_lang)
    return f' lang="{lang}"' if lang else ""


def html_lang(language: str) -> str:
    return "zh-CN" if language == "zh" else "en"


def safe_href(path: str) -> str:
    """A caller-given relative path as a link target that can only be a relative URL.

    Everything but ``/`` and unreserved characters is percent-encoded, so a
    colon can never start a scheme (``javascript:`` becomes a file name) and
    quotes or spaces cannot leave the attribute; a leading ``//`` (another
    host) is made relative.
    """
    href = quote(_UNSHOWABLE.sub("", str(path)).replace("\\", "/"), safe="/-._~")
    if href.startswith("//"):
        href = "./" + href.lstrip("/")
    return esc(href)


def _hash(code: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii") + "'"


def page(lang: str, title: str, body: str, css: str, script: str | None = None, generator: str = "") -> str:
    """A complete HTML document: ``title`` is escaped here; ``body`` must already be safe HTML.

    The CSP allows the inline ``css`` (and ``script``) by hash and nothing else:
    no scripts otherwise, no fonts, no frames, no fetches; images only as data: URLs.
    """
    script_src = _hash(script) if script is not None else "'none'"
    csp = (
        f"default-src 'none'; style-src {_hash(css)}; script-src {script_src}; img-src data:; "
        "base-uri 'none'; form-action 'none'"
    )
    head = [
        "<!DOCTYPE html>",
        f'<html lang="{esc(lang)}">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{esc(csp)}">',
        '<meta name="referrer" content="no-referrer">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ]
    if generator:
        head.append(f'<meta name="generator" content="{esc(generator)}">')
    head.append(f"<title>{esc(title)}</title>")
    head.append(f"<style>{css}</style>")
    head.append("</head>")
    tail = [f"<script>{script}</script>"] if script is not None else []
    return "\n".join(head + ["<body>", body] + tail + ["</body>", "</html>"]) + "\n"


def score_class(score: float | None) -> str:
    """CSS class for a score, on the terminal view's thresholds (70 / 40)."""
    return "s-" + _score_style(None if score is None else int(score))


def bar(score: float | None, label: str, width: int = 160) -> str:
    """A 0-100 score bar as inline SVG (presentation attributes only: nothing for the CSP to block)."""
    fill = "" if score is None else f'<rect class="fill {score_class(score)}" width="{max(0.0, min(100.0, float(score))):g}" height="8" rx="2"/>'
    return (
        f'<svg class="bar" viewBox="0 0 100 8" width="{width}" height="12" preserveAspectRatio="none" '
        f'role="img" aria-label="{esc(label)}"><rect class="track{" none" if score is None else ""}" '
        f'width="100" height="8" rx="2"/>{fill}</svg>'
    )


FONT_LATIN = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans"'
FONT_CJK = ('"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", '
            '"WenQuanYi Micro Hei", "Noto Sans SC"')

BASE_CSS = """
:root{color-scheme:light;--ink:#1d2330;--muted:#5b6475;--line:#d9dee7;--paper:#fff;--bg:#f4f6f9;
--green:#1e7b34;--green-bg:#cfeed6;--yellow:#9a6700;--yellow-bg:#fff1c2;--red:#b42318;--red-bg:#ffdcd6;--grey:#8a93a3}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.6 FONT_LATIN, FONT_CJK, sans-serif;
overflow-wrap:anywhere}
:lang(zh){font-family:FONT_CJK, FONT_LATIN, sans-serif}
main{max-width:1040px;margin:0 auto;padding:24px 20px 48px}
h1{font-size:1.5rem;margin:0 0 4px}
h2{font-size:1.15rem;margin:0 0 8px}
h3{font-size:.95rem;margin:14px 0 6px;color:var(--muted)}
.muted{color:var(--muted)}
.panel{background:var(--paper);border:1px solid var(--line);border-radius:10px;padding:16px 18px;margin:0 0 16px}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-weight:600;color:var(--muted);font-size:.85rem}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.badge{display:inline-block;padding:0 8px;border-radius:999px;font-size:.8rem;font-weight:600;border:1px solid currentColor;white-space:nowrap}
.s-green{color:var(--green);fill:var(--green)}
.s-yellow{color:var(--yellow);fill:#d39e00}
.s-red{color:var(--red);fill:var(--red)}
.s-dim{color:var(--grey);fill:var(--grey)}
svg .track{fill:#e6e9ef}
svg .track.none{fill:none;stroke:var(--grey);stroke-width:.6;stroke-dasharray:2 1.5}
svg text{font-family:inherit;fill:var(--ink)}
a{color:#1f5fbf}
.sev-critical{color:#fff;background:var(--red);border-color:var(--red)}
.sev-major{color:var(--red)}
.sev-minor{color:var(--yellow)}
@page{margin:14mm}
@media print{
 body{background:#fff;font-size:11pt;-webkit-print-color-adjust:exact;print-color-adjust:exact}
 main{max-width:none;padding:0}
 .panel{border-color:#bbb;break-inside:avoid}
 a{color:inherit;text-decoration:none}
 .noprint{display:none !important}
}
""".replace("FONT_LATIN", FONT_LATIN).replace("FONT_CJK", FONT_CJK)
