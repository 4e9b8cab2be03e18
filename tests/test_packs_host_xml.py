"""@nodetool-ai/sandbox-xml on the host: fast-xml-parser's output shape, and XML bombs refused."""

from __future__ import annotations

from tests.conftest import ok
from tests.hostpacks import refused, run_body

XML = "@nodetool-ai/sandbox-xml"
RSS = """<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>Feed &amp; more</title>
    <item><title>One</title><dc:creator>Ann</dc:creator><n>42</n></item>
    <item id="2"><title>Two</title><empty/><mixed>a<b>bold</b>c</mixed><cd><![CDATA[<raw>]]></cd><!-- c --></item>
    <single a="1">text</single>
  </channel>
</rss>"""
# fast-xml-parser 5.7's XMLParser({ignoreAttributes: false, parseTagValue: false}).parse(RSS), verbatim.
CHANNEL = {
    "title": "Feed & more",
    "item": [
        {"title": "One", "dc:creator": "Ann", "n": "42"},
        {"title": "Two", "empty": "", "mixed": {"b": "bold", "#text": "ac"}, "cd": "<raw>", "@_id": "2"},
    ],
    "single": {"#text": "text", "@_a": "1"},
}


def test_parse_gives_fast_xml_parsers_shape():
    code = f'''import {{ parse }} from "{XML}";
const feed = await parse(inputs.xml);
const items = feed?.rss?.channel?.item ?? [];
return {{ feed, titles: items.map((i) => i.title) }};'''
    result = ok(run_body(code, inputs={"xml": RSS}))
    assert result["feed"] == {
        "?xml": {"@_version": "1.0", "@_encoding": "UTF-8"},
        "rss": {"channel": CHANNEL, "@_version": "2.0", "@_xmlns:dc": "http://purl.org/dc/elements/1.1/"},
    }
    assert result["titles"] == ["One", "Two"]


def test_attributes_false_drops_them_and_bytes_parse_too():
    code = f'''import xml from "{XML}";
return [await xml.parse(inputs.xml, {{ attributes: false }}), await xml.parse(new TextEncoder().encode("<a><b>1</b></a>"))];'''
    plain, from_bytes = ok(run_body(code, inputs={"xml": RSS}))
    assert plain["?xml"] == "" and plain["rss"]["channel"]["single"] == "text"
    assert plain["rss"]["channel"]["item"][1] == {
        "title": "Two",
        "empty": "",
        "mixed": {"b": "bold", "#text": "ac"},
        "cd": "<raw>",
    }
    assert from_bytes == {"a": {"b": "1"}}


def test_invalid_xml_throws_with_its_position():
    result = run_body(f'import {{ parse }} from "{XML}";\nreturn await parse("<a><b></a>");')
    refused(result, "xml-invalid", "sandbox-xml.parse", "mismatched tag", "line 1")


def test_entity_bombs_and_external_entities_are_refused():
    laughs = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        + "".join(
            f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i > 1 else "&lol;" * 10}">' for i in range(1, 10)
        )
        + "]><lolz>&lol9;</lolz>"
    )
    code = f'import {{ parse }} from "{XML}";\nreturn await parse(inputs.xml);'
    refused(run_body(code, inputs={"xml": laughs}), "xml-entities-forbidden", "sandbox-xml.parse")
    xxe = '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'
    refused(run_body(code, inputs={"xml": xxe}), "xml-entities-forbidden", "file:///etc/passwd")


def test_a_bad_option_and_too_deep_a_tree_are_refused():
    code = f'import {{ parse }} from "{XML}";\nreturn await parse(inputs.xml, inputs.options);'
    refused(
        run_body(code, inputs={"xml": "<a/>", "options": {"attributes": "no"}}),
        "host-option-invalid",
        "sandbox-xml.parse",
        "attributes",
    )
    refused(run_body(code, inputs={"xml": "<a>" * 40 + "</a>" * 40, "options": None}), "xml-too-deep")
