"""`@cordon/sandbox-xml`: XML to JSON on the host, in fast-xml-parser's output shape.

The reference runs fast-xml-parser 5 with attributes kept (prefixed `@_`) and
no value parsing. This is Python's expat through defusedxml (SAX), building
the same tree:

* an element with neither attributes nor child elements is its text (`""`
  when empty); otherwise an object of its children, its text under `#text`
  (text segments trimmed and joined, CDATA included, comments dropped) and
  its attributes under `@_<name>`;
* a repeated child name becomes an array, a single child is not one;
* names stay as written (`dc:creator`, `@_xmlns:dc`); values stay strings;
* the XML declaration is the key `?xml` (its attributes, or `""` without
  attributes), a processing instruction `?<target>: ""`, as fast-xml-parser does.

Unlike fast-xml-parser, malformed XML always throws (`xml-invalid`, with line
and column), and character references (`&#65;`) are decoded. Entity
declarations (the billion-laughs bomb) and external references (XXE) are
refused by defusedxml (`xml-entities-forbidden`). Nesting deeper than the
transport carries is `xml-too-deep`.
"""

from __future__ import annotations

import re
import xml.sax
from collections.abc import Mapping
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule, option, options_arg

#: Nesting a result may have: the transport carries 32 levels (an element in an array takes two).
MAX_DEPTH = 30
_DECLARATION = re.compile(r"\A\ufeff?\s*<\?xml\s+(?P<attrs>.*?)\?>", re.S)
_PSEUDO_ATTR = re.compile(r"""([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


class _Node:
    __slots__ = ("attrs", "children", "text")

    def __init__(self, attrs: dict[str, str]) -> None:
        self.attrs = attrs
        #: (name, value, nesting of value) per child, in document order.
        self.children: list[tuple[str, Any, int]] = []
        self.text: list[str] = []


class _Builder(xml.sax.handler.ContentHandler):
    """SAX events -> fast-xml-parser's object tree."""

    def __init__(self, attributes: bool, prefix: str, text_name: str, trim: bool) -> None:
        super().__init__()
        self.attributes, self.prefix, self.text_name, self.trim = attributes, prefix, text_name, trim
        self.stack: list[_Node] = [_Node({})]
        self.elements = 0

    def startElement(self, name: str, attrs: Any) -> None:
        self.elements += 1
        if self.elements % 10_000 == 0:
            worker_check_alive()  # millions of tiny elements take seconds: stop with the run
        self.stack.append(_Node(dict(attrs.items()) if self.attributes else {}))

    def endElement(self, name: str) -> None:
        node = self.stack.pop()
        self.stack[-1].children.append((name, *self._value(node)))

    def characters(self, content: str) -> None:
        self.stack[-1].text.append(content)

    def processingInstruction(self, target: str, data: str) -> None:
        self.stack[-1].children.append((f"?{target}", "", 0))

    def _text(self, node: _Node) -> str:
        text = "".join(node.text)
        if not self.trim:
            return text if text.strip() else ""
        # fast-xml-parser trims each text segment between child elements, then joins them.
        return "".join(part.strip() for part in node.text) if node.children else text.strip()

    def _value(self, node: _Node) -> tuple[Any, int]:
        """An element's value and how deeply it nests (0: a string)."""
        text = self._text(node)
        if not node.children and not node.attrs:
            return text, 0
        out: dict[str, Any] = {}
        arrays: set[str] = set()  # names repeated so far (a child's own value may be a list)
        depth = 1
        for name, value, nesting in node.children:
            if name not in out:
                out[name] = value
            elif name in arrays:
                out[name].append(value)
            else:
                out[name] = [out[name], value]
                arrays.add(name)
            depth = max(depth, 1 + nesting + (name in arrays))
        if depth > MAX_DEPTH:
            raise SandboxRefusal(
                f"the XML nests deeper than a result can ({MAX_DEPTH} levels of objects and arrays)",
                rule="xml-too-deep",
                name="RangeError",
            )
        if text:
            out[self.text_name] = text
        for key, value in node.attrs.items():
            out[self.prefix + key] = value
        return out, depth


def _declaration(text: str) -> tuple[dict[str, str] | None, str]:
    """The declaration's pseudo-attributes (None without one), and the text without it.

    A string is parsed as UTF-8 whatever encoding its declaration names (it is already decoded).
    """
    match = _DECLARATION.match(text)
    if match is None:
        return None, text
    attrs = {
        m.group(1): m.group(2) if m.group(2) is not None else m.group(3)
        for m in _PSEUDO_ATTR.finditer(match.group("attrs"))
    }
    return attrs, text[match.end() :]


def parse(data: str | bytes, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    import defusedxml
    import defusedxml.sax

    attributes = option(options, "attributes", bool, not option(options, "ignoreAttributes", bool, False))
    prefix = option(options, "attributeNamePrefix", str, "@_")
    builder = _Builder(
        attributes, prefix, option(options, "textNodeName", str, "#text"), option(options, "trimValues", bool, True)
    )
    if isinstance(data, bytes):
        declared, _ = _declaration(data[:200].decode("latin-1"))
        source = data
    else:
        declared, rest = _declaration(data)
        source = rest.encode("utf-8")
    try:
        defusedxml.sax.parseString(source, builder)
    except defusedxml.DefusedXmlException as exc:
        raise SandboxRefusal(
            f"the XML declares entities or references external ones ({exc}); they are refused "
            "(entity expansion bombs, external entities)",
            rule="xml-entities-forbidden",
            name="SyntaxError",
        ) from None
    except xml.sax.SAXParseException as exc:
        raise SandboxRefusal(
            f"invalid XML: {exc.getMessage()} at line {exc.getLineNumber()}, column {exc.getColumnNumber() + 1}",
            rule="xml-invalid",
            name="SyntaxError",
        ) from None
    out: dict[str, Any] = {}
    if declared is not None:
        out["?xml"] = {prefix + k: v for k, v in declared.items()} if attributes and declared else ""
    for name, value, _ in builder.stack[0].children:
        out[name] = value
    return out


MODULE = HostModule(
    "cordon.xml",
    "@cordon/sandbox-xml",
    "1",
    {
        "parse": HostExport(parse, (Arg("xml", ("string", "bytes")), options_arg())),
    },
)
