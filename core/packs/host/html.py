"""`@cordon/sandbox-html`: query, convert and mine HTML on the host.

The reference runs cheerio (CSS selection) and turndown (HTML -> Markdown).
Here: BeautifulSoup 4 over lxml's HTML parser (libxml2: 4x faster than
Python's `html.parser`, which matters at 5 MB), soupsieve for CSS selectors
(what `select` uses), markdownify for Markdown. Exports and shapes:

* `select(html, selector, {attr, limit = 100})` -> string[]: each match's
  trimmed text, or its `attr` value (matches without it are skipped); limit
  clamped to 1-1000; no match -> []; an invalid selector throws
  (`html-selector-invalid`).
* `toMarkdown(html)` -> Markdown (ATX headings, `*` bullets, fenced code,
  pipe tables; scripts and styles dropped). `toText(html)` -> the visible
  text, one line per block.
* `extractLinks(html, baseUrl?)` -> [{href, text, type}] (`type` "internal"
  when the link stays on baseUrl's host or is relative without one, else
  "external"; hrefs resolved against baseUrl; `javascript:` and bare `#`
  skipped; first of each href). `extractImages` -> [{src, alt, title}];
  `extractAudio` / `extractVideos` -> [{src, type}] from the element and its
  `<source>`s (videos add `poster` when there is one). At most 1000 items each.
* `extractMetadata(html)` -> {title, description, keywords[], author,
  canonical, lang, image, openGraph{}, twitter{}} (missing ones null / empty).
* `extractReadableText(html)` -> the main text of an article page: the
  largest `<article>`, else `<main>` / `[role=main]`, else the element holding
  the most paragraph text, without navigation, headers, footers, asides and
  forms; paragraphs separated by blank lines.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule, option, options_arg

if TYPE_CHECKING:
    from bs4 import BeautifulSoup, Tag

DEFAULT_LIMIT = 100
#: Tags (counted as "<") one document may have: BeautifulSoup builds its tree in Python, about
#: 10-20 s per million elements (~5.7 s at this cap, markdownify then ~12 s). Every export runs
#: in the run's host worker (`core/hostwork`), killed when the run stops, so that work stops too;
#: the cap keeps a run that waits for it bounded. Real 5 MB pages have ~100,000.
MAX_TAGS = 500_000
MAX_ITEMS = 1000
#: Nodes walked between checks that the run is still alive.
_CHECK_EVERY = 10_000
_HIDDEN = ("script", "style", "noscript", "template", "head")
_CHROME = ("nav", "header", "footer", "aside", "form", "iframe", "svg", "button", "dialog", "menu")
_BLOCKS = frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "br",
        "caption",
        "dd",
        "details",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "td",
        "th",
        "tr",
        "ul",
    }
)


def _soup(html: str, *, visible: bool = False) -> BeautifulSoup:
    """The parsed document; `visible` drops what a browser does not show (scripts, styles, head)."""
    from bs4 import BeautifulSoup

    if html.count("<") > MAX_TAGS:
        raise SandboxRefusal(
            f"the HTML has more than {MAX_TAGS:,} tags (building its tree would keep the host busy for many seconds)",
            rule="html-too-complex",
            name="RangeError",
        )
    soup = BeautifulSoup(html, "lxml")
    if visible:
        for node in soup.find_all(_HIDDEN):
            node.decompose()
    return soup


def _text(node: Tag) -> str:
    """cheerio's `.text()`, whitespace collapsed and trimmed."""
    return " ".join(node.get_text().split())


def select(html: str, selector: str, options: Mapping[str, Any] | None = None) -> list[str]:
    import soupsieve

    attr = option(options, "attr", str, None)
    limit = max(1, min(option(options, "limit", int, DEFAULT_LIMIT), MAX_ITEMS))
    try:
        matches = _soup(html).select(selector)
    except (soupsieve.SelectorSyntaxError, ValueError, NotImplementedError) as exc:
        raise SandboxRefusal(
            f"invalid selector {selector[:200]!r}: {str(exc).splitlines()[0]}",
            rule="html-selector-invalid",
            name="SyntaxError",
        ) from None
    out: list[str] = []
    for node in matches:
        if attr is None:
            out.append(_text(node))
        else:
            value = node.get(attr)
            if value is None:
                continue
            out.append(" ".join(value) if isinstance(value, list) else value)
        if len(out) >= limit:
            break
    return out


def to_markdown(html: str) -> str:
    from markdownify import MarkdownConverter

    converter = MarkdownConverter(heading_style="ATX", bullets="*")
    markdown = converter.convert_soup(_soup(html, visible=True)).strip()
    return re.sub(r"\n{3,}", "\n\n", markdown) + "\n"  # turndown never leaves more than one blank line


def _block_text(root: Tag, separator: str = "\n") -> str:
    """Visible text with a line break around every block element, blank runs collapsed."""
    from bs4 import NavigableString, Tag

    lines: list[str] = []
    current: list[str] = []
    walked = 0

    def flush() -> None:
        line = " ".join("".join(current).split())
        if line:
            lines.append(line)
        current.clear()

    def walk(node: Tag) -> None:
        nonlocal walked
        for child in node.children:
            walked += 1
            if walked % _CHECK_EVERY == 0:
                worker_check_alive()  # a stopped run's walk does not keep a host worker busy
            if isinstance(child, Tag):
                if child.name in _HIDDEN:
                    continue
                block = child.name in _BLOCKS
                if block:
                    flush()
                walk(child)
                if block:
                    flush()
            elif isinstance(child, NavigableString) and type(child) is NavigableString:
                current.append(str(child))

    walk(root)
    flush()
    return separator.join(lines)


def to_text(html: str) -> str:
    return _block_text(_soup(html))


def _resolve(base: str | None, url: str) -> str:
    return urljoin(base, url) if base else url


def extract_links(html: str, base_url: str | None = None) -> list[dict[str, str]]:
    base_host = urlsplit(base_url).netloc if base_url else ""
    seen: set[str] = set()
    out: list[dict[str, str]] = []
    for node in _soup(html).find_all("a", href=True):
        raw = str(node["href"]).strip()
        if not raw or raw == "#" or raw.lower().startswith("javascript:"):
            continue
        href = _resolve(base_url, raw)
        if href in seen:
            continue
        seen.add(href)
        host = urlsplit(href).netloc
        internal = host == base_host if base_url else not host
        out.append({"href": href, "text": _text(node), "type": "internal" if internal else "external"})
        if len(out) >= MAX_ITEMS:
            break
    return out


def extract_images(html: str, base_url: str | None = None) -> list[dict[str, str | None]]:
    out: list[dict[str, str | None]] = []
    for node in _soup(html).find_all("img", src=True):
        out.append(
            {"src": _resolve(base_url, str(node["src"]).strip()), "alt": node.get("alt"), "title": node.get("title")}
        )
        if len(out) >= MAX_ITEMS:
            break
    return out


def _media(html: str, tag: str, base_url: str | None) -> list[dict[str, str | None]]:
    out: list[dict[str, str | None]] = []
    for node in _soup(html).find_all(tag):
        sources = [(node.get("src"), node.get("type"))] if node.get("src") else []
        sources += [(s.get("src"), s.get("type")) for s in node.find_all("source") if s.get("src")]
        for src, kind in sources:
            item: dict[str, str | None] = {"src": _resolve(base_url, str(src).strip()), "type": kind}
            if tag == "video" and node.get("poster"):
                item["poster"] = _resolve(base_url, str(node["poster"]).strip())
            out.append(item)
            if len(out) >= MAX_ITEMS:
                return out
    return out


def extract_audio(html: str, base_url: str | None = None) -> list[dict[str, str | None]]:
    return _media(html, "audio", base_url)


def extract_videos(html: str, base_url: str | None = None) -> list[dict[str, str | None]]:
    return _media(html, "video", base_url)


def extract_metadata(html: str) -> dict[str, Any]:
    soup = _soup(html)
    named: dict[str, str] = {}
    open_graph: dict[str, str] = {}
    twitter: dict[str, str] = {}
    for meta in soup.find_all("meta"):
        key = str(meta.get("property") or meta.get("name") or "").strip().lower()
        content = meta.get("content")
        if not key or content is None:
            continue
        content = str(content).strip()
        if key.startswith("og:"):
            open_graph.setdefault(key[3:], content)
        elif key.startswith("twitter:"):
            twitter.setdefault(key[8:], content)
        else:
            named.setdefault(key, content)
    title = soup.title.get_text().strip() if soup.title else None
    canonical = soup.find("link", rel="canonical", href=True)
    root = soup.find("html")
    keywords = [k.strip() for k in named.get("keywords", "").split(",") if k.strip()]
    return {
        "title": title or open_graph.get("title") or twitter.get("title"),
        "description": named.get("description") or open_graph.get("description") or twitter.get("description"),
        "keywords": keywords,
        "author": named.get("author"),
        "canonical": canonical["href"] if canonical else None,
        "lang": root.get("lang") if root else None,
        "image": open_graph.get("image") or twitter.get("image"),
        "openGraph": open_graph,
        "twitter": twitter,
    }


def extract_readable_text(html: str) -> str:
    soup = _soup(html, visible=True)
    for node in soup.find_all(_CHROME):
        node.decompose()
    for node in soup.select('[role="navigation"], [role="banner"], [role="contentinfo"], [aria-hidden="true"]'):
        node.decompose()
    articles = soup.find_all("article")
    root = (
        max(articles, key=lambda a: len(a.get_text()))
        if articles
        else soup.find("main") or soup.select_one('[role="main"]') or _densest(soup)
    )
    return _block_text(root, "\n\n")


def _densest(soup: BeautifulSoup) -> Tag:
    """The element whose direct paragraphs hold the most text (the body when there are none)."""
    scores: dict[int, tuple[int, Tag]] = {}
    for at, p in enumerate(soup.find_all("p"), 1):
        if at % _CHECK_EVERY == 0:
            worker_check_alive()
        parent = p.parent
        if parent is not None:
            total, _ = scores.get(id(parent), (0, parent))
            scores[id(parent)] = (total + len(p.get_text()), parent)
    if not scores:
        return soup.body or soup
    return max(scores.values(), key=lambda s: s[0])[1]


_HTML = Arg("html", ("string",))
_BASE = Arg("baseUrl", ("string",), optional=True)

MODULE = HostModule(
    "cordon.html",
    "@cordon/sandbox-html",
    "1",
    {
        "select": HostExport(select, (_HTML, Arg("selector", ("string",), max_bytes=10_000), options_arg())),
        "toMarkdown": HostExport(to_markdown, (_HTML,)),
        "toText": HostExport(to_text, (_HTML,)),
        "extractLinks": HostExport(extract_links, (_HTML, _BASE)),
        "extractImages": HostExport(extract_images, (_HTML, _BASE)),
        "extractAudio": HostExport(extract_audio, (_HTML, _BASE)),
        "extractVideos": HostExport(extract_videos, (_HTML, _BASE)),
        "extractMetadata": HostExport(extract_metadata, (_HTML,)),
        "extractReadableText": HostExport(extract_readable_text, (_HTML,)),
    },
)
