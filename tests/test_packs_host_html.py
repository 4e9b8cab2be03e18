"""@nodetool-ai/sandbox-html on the host: each reference example on one page, and its refusals."""

from __future__ import annotations

import pytest

from tests.conftest import ok
from tests.hostpacks import refused, run_body

HTML = "@nodetool-ai/sandbox-html"
PAGE = """<!doctype html>
<html lang="en"><head><title> Cordon News </title>
<meta name="description" content="All the news.">
<meta name="keywords" content="sandbox, packs ,js">
<meta property="og:title" content="OG Title"><meta property="og:image" content="https://ex.com/i.png">
<link rel="canonical" href="https://ex.com/news">
<style>.x{}</style><script>var a=1;</script></head>
<body><nav><a href="/home">Home</a> <a href="#">top</a></nav>
<header><h1>Site</h1></header>
<article><h2>First story</h2><p>Paragraph one has <b>bold</b> text.</p><p>Paragraph two <a href="https://other.org/x">elsewhere</a>.</p>
<img src="/a.png" alt="A picture"><video src="/v.mp4" poster="/p.jpg"><source src="/v.webm" type="video/webm"></video>
<audio><source src="/s.mp3" type="audio/mpeg"></audio></article>
<h2>Second</h2><a href="javascript:void(0)">js</a>
<footer>© 2026</footer></body></html>"""


def run(code: str, **inputs: object):
    return ok(run_body(f'import * as html from "{HTML}";\n{code}', inputs={"html": PAGE, **inputs}))


def test_select_texts_and_attributes():
    code = """const hrefs = await html.select(inputs.html, "a[href]", { attr: "href", limit: 500 });
const titles = await html.select(inputs.html, "h2");
return [hrefs, titles, await html.select(inputs.html, "p.none"), await html.select(inputs.html, "a", { limit: 1 })];"""
    assert run(code) == [
        ["/home", "#", "https://other.org/x", "javascript:void(0)"],
        ["First story", "Second"],
        [],
        ["Home"],
    ]


def test_to_markdown_and_to_text():
    code = "return [await html.toMarkdown(inputs.html), await html.toText(inputs.html)];"
    markdown, text = run(code)
    assert markdown == (
        "[Home](/home) [top](#)\n\n# Site\n\n## First story\n\nParagraph one has **bold** text.\n\n"
        "Paragraph two [elsewhere](https://other.org/x).\n\n![A picture](/a.png)[![](/p.jpg)](/v.mp4)"
        "\n\n## Second\n\n[js](javascript:void(0))\n© 2026\n"
    )
    assert text == (
        "Home top\nSite\nFirst story\nParagraph one has bold text.\nParagraph two elsewhere.\nSecond\njs\n© 2026"
    )


def test_extractors():
    code = """const links = await html.extractLinks(inputs.html, inputs.baseUrl); // [{ href, text, type }]
return [links, await html.extractImages(inputs.html, inputs.baseUrl), await html.extractVideos(inputs.html),
        await html.extractAudio(inputs.html)];"""
    links, images, videos, audio = run(code, baseUrl="https://ex.com/news/today")
    assert links == [
        {"href": "https://ex.com/home", "text": "Home", "type": "internal"},
        {"href": "https://other.org/x", "text": "elsewhere", "type": "external"},
    ]
    assert images == [{"src": "https://ex.com/a.png", "alt": "A picture", "title": None}]
    assert videos == [
        {"src": "/v.mp4", "type": None, "poster": "/p.jpg"},
        {"src": "/v.webm", "type": "video/webm", "poster": "/p.jpg"},
    ]
    assert audio == [{"src": "/s.mp3", "type": "audio/mpeg"}]


def test_extract_metadata_and_readable_text():
    code = """const { title, description, keywords } = await html.extractMetadata(inputs.html);
const article = await html.extractReadableText(inputs.html);
return { title, description, keywords, meta: await html.extractMetadata(inputs.html), article };"""
    result = run(code)
    assert (result["title"], result["description"], result["keywords"]) == (
        "Cordon News",
        "All the news.",
        ["sandbox", "packs", "js"],
    )
    assert result["meta"]["canonical"] == "https://ex.com/news" and result["meta"]["lang"] == "en"
    assert result["meta"]["openGraph"] == {"title": "OG Title", "image": "https://ex.com/i.png"}
    assert result["article"] == "First story\n\nParagraph one has bold text.\n\nParagraph two elsewhere."


@pytest.mark.parametrize(
    ("call", "rule", "word"),
    [
        ('html.select(inputs.html, "a[")', "html-selector-invalid", "a["),
        ('html.select(inputs.html, "a", { limit: "all" })', "host-option-invalid", "limit"),
        ('html.toText("<p>".repeat(1800000))', "host-argument-too-large", "html"),
        ('html.toText("<b>".repeat(600000))', "html-too-complex", "500,000 tags"),
    ],
)
def test_bad_inputs_are_refused_naming_the_pack(call, rule, word):
    result = run_body(f'import * as html from "{HTML}";\nreturn await {call};', inputs={"html": PAGE})
    refused(result, rule, "sandbox-html.", word)
