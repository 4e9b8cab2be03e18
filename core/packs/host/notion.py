"""`@cordon/sandbox-notion`: Notion API requests and Notion content as text (first-party).

`request({token, path, method, body, query, notionVersion})` -> `{url, method, headers,
body?}` for `https://api.notion.com/v1/<path>`, which the guest sends with its own fetch
(`fetch(req.url, req)`); the token is the field, else the run's secret NOTION_API_KEY.
`plainText(richText)` joins a rich-text array's plain text; `toMarkdown(blocks)` writes
block objects (a list, or a `{results}` page of them; children under `children`) as
Markdown with their annotations and links.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from core.bridges.base import RunScope, worker_check_alive
from core.errors import SandboxRefusal
from core.packs import services
from core.packs.host_registry import Arg, HostExport, HostModule

API = "https://api.notion.com/v1/"
VERSION = "2022-06-28"
#: Nesting of child blocks written (the transport carries 32 levels anyway).
MAX_DEPTH = 12
_HEADINGS = {"heading_1": "# ", "heading_2": "## ", "heading_3": "### "}
_LISTS = ("bulleted_list_item", "numbered_list_item", "to_do", "toggle")


def request(scope: RunScope, spec: Any) -> dict[str, Any]:
    spec = services.fields(spec, "request")
    token = services.credential(scope, spec, "token", "NOTION_API_KEY")
    path = services.api_path(services.text_field(spec, "path"))
    method = services.method_field(spec, "GET")
    query = spec.get("query")
    if query is not None:
        if not isinstance(query, dict):
            raise SandboxRefusal("field 'query' must be an object", rule="host-argument-invalid", name="TypeError")
        path += ("&" if "?" in path else "?") + urlencode({k: str(v) for k, v in query.items()})
    body = services.json_body(spec.get("body"))
    version = services.text_field(spec, "notionVersion", VERSION)
    headers = {"Authorization": f"Bearer {token}", "Notion-Version": version}
    if body is not None:
        headers["Content-Type"] = "application/json"
    return services.request(API + path, method, headers, body)


def _rich(items: Any) -> list[Mapping[str, Any]]:
    """A rich-text array from an array or a property holding one (`{title: [...]}`, `{rich_text: [...]}`)."""
    if isinstance(items, dict):
        for key in ("title", "rich_text"):
            if isinstance(items.get(key), list):
                return items[key]
        items = items.get(items.get("type", ""), None)
    if items is None:
        return []
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise SandboxRefusal(
            "expected a Notion rich-text array (objects with plain_text)",
            rule="host-argument-invalid",
            name="TypeError",
        )
    return items


def _plain(item: Mapping[str, Any]) -> str:
    if isinstance(item.get("plain_text"), str):
        return item["plain_text"]
    text = item.get("text")
    if isinstance(text, dict) and isinstance(text.get("content"), str):
        return text["content"]
    equation = item.get("equation")
    return equation.get("expression", "") if isinstance(equation, dict) else ""


def plain_text(rich_text: Any) -> str:
    return "".join(_plain(i) for i in _rich(rich_text))


def _markdown_text(items: Any) -> str:
    out = []
    for item in _rich(items):
        text = _plain(item)
        if not text:
            continue
        if item.get("type") == "equation":
            out.append(f"${text}$")
            continue
        notes = item.get("annotations") or {}
        lead, core, trail = text[: len(text) - len(text.lstrip())], text.strip(), text[len(text.rstrip()) :]
        if core:
            if notes.get("code"):
                core = f"`{core}`"
            if notes.get("bold"):
                core = f"**{core}**"
            if notes.get("italic"):
                core = f"_{core}_"
            if notes.get("strikethrough"):
                core = f"~~{core}~~"
            link = item.get("href") or ((item.get("text") or {}).get("link") or {}).get("url")
            if link:
                core = f"[{core}]({link})"
        out.append(lead + core + trail)
    return "".join(out)


def _url(data: Mapping[str, Any]) -> str:
    for key in ("external", "file"):
        if isinstance(data.get(key), dict) and data[key].get("url"):
            return str(data[key]["url"])
    return str(data.get("url") or "")


def _block(block: Mapping[str, Any], number: int) -> str | None:
    kind = block.get("type")
    data = block.get(kind) if isinstance(kind, str) else None
    if not isinstance(data, dict):
        return None
    text = _markdown_text(data.get("rich_text"))
    if kind == "paragraph":
        return text
    if kind in _HEADINGS:
        return _HEADINGS[kind] + text
    if kind == "bulleted_list_item" or kind == "toggle":
        return "- " + text
    if kind == "numbered_list_item":
        return f"{number}. {text}"
    if kind == "to_do":
        return ("- [x] " if data.get("checked") else "- [ ] ") + text
    if kind == "quote":
        return "> " + text.replace("\n", "\n> ")
    if kind == "callout":
        icon = (data.get("icon") or {}).get("emoji")
        return "> " + (f"{icon} " if icon else "") + text.replace("\n", "\n> ")
    if kind == "code":
        return f"```{data.get('language') or ''}\n{plain_text(data.get('rich_text'))}\n```"
    if kind == "divider":
        return "---"
    if kind == "equation":
        return f"$$\n{data.get('expression', '')}\n$$"
    if kind in ("image", "video", "file", "pdf"):
        caption = plain_text(data.get("caption"))
        return ("!" if kind == "image" else "") + f"[{caption or kind}]({_url(data)})"
    if kind in ("bookmark", "embed", "link_preview"):
        caption = plain_text(data.get("caption")) if data.get("caption") else ""
        return f"[{caption or _url(data)}]({_url(data)})"
    if kind == "child_page" or kind == "child_database":
        return f"**{data.get('title', '')}**"
    if kind == "table":
        rows = [
            [_markdown_text(c) for c in (r.get("table_row") or {}).get("cells", [])]
            for r in _children(block, data)
            if isinstance(r, dict)
        ]
        if not rows:
            return None
        lines = ["| " + " | ".join(rows[0]) + " |", "| " + " | ".join("---" for _ in rows[0]) + " |"]
        lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
        return "\n".join(lines)
    return None


def _children(block: Mapping[str, Any], data: Mapping[str, Any]) -> list[Any]:
    found = block.get("children") or data.get("children") or []
    return found if isinstance(found, list) else []


def _write(blocks: list[Any], depth: int, out: list[str], parent: str | None = None) -> None:
    if depth > MAX_DEPTH:
        raise SandboxRefusal(f"blocks nest deeper than {MAX_DEPTH} levels", rule="notion-too-deep", name="RangeError")
    number, previous = 0, parent  # a list item's first child list continues it tightly
    indent = "  " * depth
    for block in blocks:
        worker_check_alive()
        if not isinstance(block, dict):
            raise SandboxRefusal(
                "each block must be a Notion block object", rule="host-argument-invalid", name="TypeError"
            )
        kind = block.get("type")
        number = number + 1 if kind == "numbered_list_item" else 0
        line = _block(block, number)
        if line is None:
            continue
        tight = kind in _LISTS and previous in _LISTS
        out.append(("\n" if tight or not out else "\n\n") + indent + line.replace("\n", "\n" + indent))
        previous = kind
        data = block.get(kind) or {}
        if kind != "table" and (children := _children(block, data)):
            _write(children, depth + 1, out, kind)


def to_markdown(blocks: Any) -> str:
    if isinstance(blocks, dict) and isinstance(blocks.get("results"), list):
        blocks = blocks["results"]
    if not isinstance(blocks, list):
        raise SandboxRefusal(
            "toMarkdown takes an array of Notion blocks (or a {results} list of them)",
            rule="host-argument-invalid",
            name="TypeError",
        )
    out: list[str] = []
    _write(blocks, 0, out)
    return "".join(out).lstrip("\n")


MODULE = HostModule(
    "cordon.notion",
    "@cordon/sandbox-notion",
    "1",
    {
        "request": HostExport(request, (Arg("request", ("json",)),), scoped=True),
        "plainText": HostExport(plain_text, (Arg("richText", ("json",)),)),
        "toMarkdown": HostExport(to_markdown, (Arg("blocks", ("json",)),)),
    },
)
