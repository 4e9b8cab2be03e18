"""One search over shipped packs, installed packs and npm libraries.

`cordon packs search WORDS` and the pack manager's one box ask this: the
catalog's packs (name, reference alias, description, specifiers) and the npm
registry's search endpoint (`GET <registry>/-/v1/search?text=...&size=N`, through
the installer's `Registry`: the same `.npmrc` registry, CA and proxy rules as an
install, a token only for its own origin), ranked together: an exact name
first, then a name that starts with the words, then names holding every word,
then descriptions; local packs before npm rows of the same rank, npm rows in the
registry's own order.

Every row says where it comes from (shipped / installed / npm) and the sandbox's
verdict where Cordon knows it: a shipped or installed pack is usable (or names
its problems); an npm library Cordon has bundled and test-loaded before shows
that outcome ("refused: npm-builtin-fs", `core.packs.verdicts`); any other says
it is not known yet, never a guess. npm is asked with a timeout: offline, the
local rows still come back with the reason npm could not be searched.

Text from a registry is hostile: names must be valid package names, the other
fields are flattened to one safe line (`sanitize_description`) before anyone
prints them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Literal

from core.cancel import CancelHandle
from core.errors import CordonError
from core.packs import verdicts
from core.packs.catalog import Catalog, sanitize_description
from core.packs.pack import Pack
from core.packs.status import PackStatus
from core.specifier import RESERVED_SCOPES, is_package_name, reference_alias

logger = logging.getLogger(__name__)

Source = Literal["shipped", "installed", "npm"]
#: The npm keyword that marks a package as a Cordon pack (installed by its name, not wrapped as `npm:`).
PACK_KEYWORD = "cordon-pack"
NPM_PREFIX = "npm:"
#: npm rows asked for; npm's own default page is 20.
NPM_RESULTS = 20
#: A search as someone types must come back or give up quickly (an install waits 30 s).
NPM_TIMEOUT_S = 8.0
UNKNOWN_VERDICT = "not known yet: installing tests it before anything is placed"


@dataclass(frozen=True)
class SearchHit:
    name: str
    source: Source
    version: str
    description: str
    #: The sandbox's verdict in words ("usable", "refused: npm-builtin-fs (tried 1.2.0)", `UNKNOWN_VERDICT`).
    verdict: str
    #: The rule of a known refusal or problem, else None.
    rule: str | None = None
    #: What `cordon packs install` takes to install it (`npm:<name>`, or a pack's name); None: nothing to install.
    install: str | None = None
    #: 0 exact name, 1 name starts with the words, 2 every word in the name, 3 in the description.
    rank: int = 3

    def line(self) -> str:
        """One row for a terminal: name, version, where from, verdict, then the description."""
        head = f"{self.name} {self.version}  [{self.source}]  {self.verdict}"
        return f"{head}\n    {self.description}" if self.description else head

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "source": self.source,
            "version": self.version,
            "description": self.description,
            "verdict": self.verdict,
            "rule": self.rule,
            "install": self.install,
        }


@dataclass(frozen=True)
class SearchResults:
    text: str
    hits: tuple[SearchHit, ...]
    #: Why npm could not be searched (offline, timeout, the registry's error), else None.
    npm_unavailable: str | None = None

    @property
    def npm_note(self) -> str | None:
        return None if self.npm_unavailable is None else f"npm search unavailable: {self.npm_unavailable}"

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "results": [h.to_json() for h in self.hits],
            "npmUnavailable": self.npm_unavailable,
        }


def words_of(text: str) -> list[str]:
    """The words searched for: lower case, `npm:` dropped (`npm:nanoid` searches for nanoid)."""
    return [w.removeprefix(NPM_PREFIX) for w in text.lower().split() if w.removeprefix(NPM_PREFIX)]


def rank_of(words: list[str], names: list[str], description: str) -> int | None:
    """The best rank any of `names` (a pack's name, alias, short name) gets for `words`; None: no match."""
    query = " ".join(words)
    short = [n.rsplit("/", 1)[-1] for n in names]
    candidates = [n.lower() for n in (*names, *short, *(s.removeprefix("sandbox-") for s in short))]
    if not words:
        return 3
    if query in candidates:
        return 0
    if any(c.startswith(query) for c in candidates):
        return 1
    if any(all(w in c for w in words) for c in candidates):
        return 2
    haystack = " ".join((*candidates, description.lower()))
    return 3 if all(w in haystack for w in words) else None


def _local_hit(pack: Pack, words: list[str], statuses: list[PackStatus]) -> SearchHit | None:
    names = [pack.name, *filter(None, [pack.alias])]
    description = sanitize_description(pack.description)
    rank = rank_of(words, [*names, *pack.modules], description)
    if rank is None:
        return None
    problems = [s for s in statuses if s.severity == "error" and not s.for_authors]
    if not pack.modules:
        verdict, rule = "unusable: no importable module", problems[0].rule if problems else None
    elif problems:
        verdict, rule = f"usable, with {len(problems)} problem(s)", problems[0].rule
    else:
        verdict, rule = "usable", None
    source: Source = "shipped" if pack.origin == "shipped" else "installed"
    return SearchHit(pack.name, source, pack.version, description, verdict, rule, None, rank)


def local_hits(text: str, catalog: Catalog) -> list[SearchHit]:
    """The catalog's packs matching `text` (every pack for no words)."""
    words = words_of(text)
    statuses = catalog.diagnostics()
    hits = []
    for pack in catalog.packs():
        hit = _local_hit(pack, words, [s for s in statuses if s.pack == pack.name])
        if hit is not None:
            hits.append(hit)
    return hits


def npm_hits(
    text: str,
    *,
    registry: str | None = None,
    size: int = NPM_RESULTS,
    timeout_s: float = NPM_TIMEOUT_S,
    cancel: CancelHandle | None = None,
) -> list[SearchHit]:
    """The registry's search for `text`, each row with the verdict Cordon keeps (raises `CordonError`)."""
    from core.packs.install.flow import registry_token  # the installer and httpx: only when npm is asked
    from core.packs.install.registry import Registry, registry_url

    words = words_of(text)
    url = registry_url(registry)
    with Registry(url, token=lambda: registry_token(url), cancel=cancel, timeout_s=timeout_s) as client:
        found = client.search(" ".join(words), size=size)
    known = verdicts.known()
    hits = []
    for item in found[:size]:  # a registry may ignore `size`: no more rows than asked for
        name = item["name"]
        if not is_package_name(name) or name.lower().startswith(RESERVED_SCOPES):
            continue  # not installable: an invalid name, or a scope only Cordon's shipped packs use
        pack = PACK_KEYWORD in item.get("keywords", "").split()
        verdict = known.get(name)
        rank = rank_of(words, [name], "")
        hits.append(
            SearchHit(
                name,
                "npm",
                sanitize_description(item["version"])[:40],
                sanitize_description(item["description"]),
                verdict.text() if verdict is not None and not pack else UNKNOWN_VERDICT,
                verdict.rule if verdict is not None and not pack else None,
                name if pack else NPM_PREFIX + name,
                3 if rank is None else rank,
            )
        )
    return hits


def search_packs(
    text: str,
    *,
    catalog: Catalog | None = None,
    registry: str | None = None,
    size: int = NPM_RESULTS,
    timeout_s: float = NPM_TIMEOUT_S,
    cancel: CancelHandle | None = None,
) -> SearchResults:
    """Shipped and installed packs and npm libraries matching `text`, best first. npm is not asked for no
    words (there is nothing to search for); when it cannot be asked, `npm_unavailable` says why."""
    if catalog is None:
        from core.packs import default_catalog

        catalog = default_catalog()
    local = local_hits(text, catalog)
    remote: list[SearchHit] = []
    unavailable = None
    if words_of(text):
        try:
            remote = npm_hits(text, registry=registry, size=size, timeout_s=timeout_s, cancel=cancel)
        except CordonError as exc:
            logger.info("npm search failed: %s", exc.message)
            unavailable = f"{exc.message} [{exc.rule}]"
    taken = {h.name for h in local} | {alias for h in local if (alias := reference_alias(h.name))}
    remote = [h for h in remote if h.name not in taken]  # an installed library is its installed row
    order = {"installed": 0, "shipped": 1, "npm": 2}
    ranked = sorted(enumerate([*local, *remote]), key=lambda pair: (pair[1].rank, order[pair[1].source], pair[0]))
    return SearchResults(text, tuple(hit for _, hit in ranked), unavailable)
