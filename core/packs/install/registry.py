"""An npm-protocol registry client over httpx: packuments, version choice, verified downloads.

No npm process runs, so no lifecycle script of a pack or of its dependencies
can ever run (the install mode is always "scripts never run"). Every byte
that crosses is capped: packuments, tarballs (announced *and* actual size),
and a download is hashed as it streams so the integrity check is done before
anything is unpacked. The registry token, when there is one, is sent only to
the registry's own origin, never to a tarball host elsewhere.
"""

from __future__ import annotations

import hashlib
import logging
import os
import ssl
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import httpx
import orjson
from pydantic import ValidationError

from core import cache
from core.cancel import CancelHandle
from core.packs.install import integrity, npmrc
from core.packs.install.errors import InstallError
from core.packs.install.npmrc import NpmConfig
from core.packs.install.packument import Packument, SearchResult, malformed
from core.packs.install.semver import RangeError, max_satisfying

logger = logging.getLogger(__name__)

DEFAULT_REGISTRY = "https://registry.npmjs.org"
#: Environment override of the registry URL (settings and `--registry` win over it).
REGISTRY_ENV = "CORDON_NPM_REGISTRY"
MAX_PACKUMENT_BYTES = 32 * 1024 * 1024
MAX_TARBALL_BYTES = 16 * 1024 * 1024
CHUNK = 64 * 1024
MAX_REDIRECTS = 5
#: How long a cached packument is used without asking the registry, by default: never, so an update
#: or `outdated` sees a version published a second ago; it is revalidated with its ETag instead (a 304
#: costs no body).
PACKUMENT_MAX_AGE_S = 0.0
#: An install's policy, npm's (make-fetch-happen's): a packument is used as cached while it is younger
#: than the max-age its registry served it with (registry.npmjs.org: 300 s), at most this long. A warm
#: install then asks the registry nothing (the round trip was a fifth of a warm nanoid install).
INSTALL_PACKUMENT_MAX_AGE_S = 300.0
#: Requests (packuments, tarballs) in flight at once while dependencies are fetched
#: (`deps.fetch_dependencies`: this many less one threads ahead, plus the installer's own).
DOWNLOAD_POOL = 4

#: on_progress(phase, done, total): phases "resolve", "download", "extract", "dependencies", then for
#: each npm module "compile" (bundling) and "probe" (its test-loads in the sandbox), in that order.
Progress = Callable[[str, int, int | None], None]
#: What `done` counts in each phase ("resolve" counts nothing): a progress line names the unit.
PROGRESS_UNITS = {
    "download": "bytes",
    "extract": "bytes",
    "dependencies": "packages",
    "compile": "modules",
    "probe": "modules",
}


def registry_url(explicit: str | None = None, config: NpmConfig | None = None) -> str:
    """`explicit` (`--registry`), else `$CORDON_NPM_REGISTRY`, else `.npmrc`'s `registry`, else npmjs.org."""
    if config is None and not explicit and not os.environ.get(REGISTRY_ENV):
        config = npmrc.load()
    configured = config.registry if config is not None else None
    url = (explicit or os.environ.get(REGISTRY_ENV) or configured or DEFAULT_REGISTRY).rstrip("/")
    if urlsplit(url).scheme not in ("http", "https"):
        raise InstallError(f"registry URL must be http(s): {url!r}", rule="registry-error")
    return url


@dataclass(frozen=True)
class ResolvedPackage:
    """One exact artifact chosen from a packument: what consent and integrity refer to."""

    name: str
    version: str
    tarball: str
    integrity: str
    dependencies: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Download:
    path: Path
    size: int
    integrity: str


class Registry:
    """Talks to one npm-protocol registry. Use as a context manager (it owns an httpx client)."""

    def __init__(
        self,
        url: str | None = None,
        *,
        token: str | Callable[[], str | None] | None = None,
        cancel: CancelHandle | None = None,
        timeout_s: float = 30.0,
        config: NpmConfig | None = None,
        use_cache: bool = True,
        packument_max_age_s: float = PACKUMENT_MAX_AGE_S,
    ) -> None:
        """`config` is the `.npmrc` in force (`npmrc.load()` when None): scoped registries, per-origin
        tokens, `cafile`, `strict-ssl`. `token` (Cordon's keyring token) is for `url`'s origin only; a
        callable is asked for it only when that origin first refuses a request sent without one (401, 403,
        or the 404 a registry gives a private package), which is then sent again with it: finding the
        keyring backend costs ~0.35 s, a third of a warm install, and public packages never need it."""
        self._config = config if config is not None else npmrc.load()
        self.url = registry_url(url, self._config)
        self._origin = _origin(self.url)
        self._token = token if isinstance(token, str) else None
        self._ask_token = token if callable(token) else None
        self._cancel = cancel or CancelHandle()
        self._cache = use_cache
        self._max_age_s = packument_max_age_s
        self._packuments: dict[str, Packument] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        # Redirects are followed by hand (`_stream`) so each hop's credentials are decided afresh.
        verify = _verify(self._config)
        self._client = httpx.Client(
            timeout=timeout_s,
            follow_redirects=False,
            headers={"User-Agent": "cordon-installer"},
            verify=verify,
            mounts=_proxy_mounts(self._config, verify),
        )

    def __enter__(self) -> Registry:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._client.close()

    # -- metadata ----------------------------------------------------------------
    def base_for(self, name: str) -> str:
        """The registry that serves `name`: its scope's `@scope:registry` if `.npmrc` names one."""
        return (self._config.registry_for(name) or self.url).rstrip("/")

    def packument(self, name: str) -> Packument:
        """The package's metadata: from this client's memory, else Cordon's cache while fresh
        (`packument_max_age_s`, else revalidated with its ETag), else the registry; a malformed one is
        refused (`registry-error`)."""
        url = f"{self.base_for(name)}/{quote(name, safe='@')}"
        with self._lock(f"packument {url}"):
            if url in self._packuments:
                return self._packuments[url]
            doc = self._packument(url, name)
            self._packuments[url] = doc
            return doc

    def _packument(self, url: str, name: str) -> Packument:
        key = f"npm/packuments/{hashlib.sha256(url.encode()).hexdigest()}.json"
        cached = _read_packument(key) if self._cache else None
        if cached is not None and time.time() - cached[0] < min(self._max_age_s, cached[3]):
            return Packument.parse(cached[2], name)
        status, body, etag, max_age = self._fetch(
            url,
            f"package '{name}'",
            accept="application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8",
            not_found=f"package '{name}' was not found on {self.base_for(name)}",
            etag=cached[1] if cached is not None else None,
        )
        if status == 304 and cached is not None:
            body = orjson.dumps(cached[2])
            etag = etag or cached[1]
            doc = Packument.parse(cached[2], name)
        else:
            doc = Packument.parse(_loads(body, f"package '{name}'"), name)
        if self._cache:
            header = orjson.dumps({"fetched": time.time(), "etag": etag or "", "maxAge": max_age})
            cache.write(key, header + b"\n" + body)
        return doc

    def search(self, text: str, *, keyword: str | None = None, size: int = 20) -> list[dict[str, str]]:
        """The registry's search endpoint (`/-/v1/search`), limited to packages with `keyword` if given:
        [{name, version, description, keywords (space-separated)}], best match first."""
        query = f"keywords:{keyword} {text}".strip() if keyword else text.strip()
        doc = self._json(
            f"{self.url}/-/v1/search?text={quote(query)}&size={size}",
            "search",
            accept="application/json",
            not_found=f"{self.url} has no search endpoint",
        )
        try:
            rows = SearchResult.model_validate(doc).packages()
        except ValidationError as exc:
            raise malformed(exc, "search") from None
        return [
            {
                "name": row.name,
                "version": row.version or "",
                "description": row.description or "",
                "keywords": " ".join(row.keywords),
            }
            for row in rows
        ]

    def _json(self, url: str, what: str, *, accept: str, not_found: str) -> Any:
        """A JSON document of at most MAX_PACKUMENT_BYTES (404 -> `package-not-found`)."""
        return _loads(self._fetch(url, what, accept=accept, not_found=not_found)[1], what)

    def _fetch(
        self, url: str, what: str, *, accept: str, not_found: str, etag: str | None = None
    ) -> tuple[int, bytes, str | None, float]:
        """(status, body, ETag, Cache-Control max-age) of a GET of at most MAX_PACKUMENT_BYTES; status 304
        only when `etag` was sent."""
        chunks = []
        with self._stream(url, accept=accept, what=what, etag=etag) as response:
            if response.status_code == 404:
                raise InstallError(not_found, rule="package-not-found")
            max_age = _max_age(response.headers.get("cache-control"))
            if response.status_code == 304 and etag:
                return 304, b"", response.headers.get("etag"), max_age
            self._check_status(response, what)
            received = 0
            for chunk in response.iter_bytes(CHUNK):
                self._check_cancel()
                received += len(chunk)
                if received > MAX_PACKUMENT_BYTES:
                    raise InstallError(
                        f"the registry's metadata for {what} exceeds {MAX_PACKUMENT_BYTES // (1024 * 1024)} MB",
                        rule="registry-error",
                    )
                chunks.append(chunk)
            return 200, b"".join(chunks), response.headers.get("etag"), max_age

    def resolve(self, name: str, spec: str) -> ResolvedPackage:
        """The exact version `spec` (range or dist-tag) selects, with its tarball and integrity."""
        doc = self.packument(name)
        try:
            chosen = max_satisfying(doc.versions, spec, doc.dist_tags, deprecated=doc.deprecated())
        except RangeError as exc:
            raise InstallError(f"'{name}@{spec}': {exc}", rule="version-not-found") from None
        if chosen is None:
            raise InstallError(f"no version of '{name}' satisfies '{spec}' on {self.url}", rule="version-not-found")
        meta = doc.manifest(chosen, f"'{name}@{chosen}'")
        if meta.dist is None:
            raise InstallError(f"'{name}@{chosen}' has no tarball in the registry", rule="registry-error")
        integrity.expected_digests(meta.dist.integrity, f"{name}@{chosen}")  # refuses a missing or malformed one
        return ResolvedPackage(name, chosen, meta.dist.tarball, meta.dist.integrity, meta.dependencies)

    # -- tarballs ------------------------------------------------------------------
    def download(
        self, package: ResolvedPackage, dest: Path, *, on_progress: Progress | None = None, max_bytes: int | None = None
    ) -> Download:
        """Stream the tarball to `dest`, capped and hashed; verify integrity before returning."""
        max_bytes = MAX_TARBALL_BYTES if max_bytes is None else max_bytes
        what = f"{package.name}@{package.version}"
        if urlsplit(package.tarball).scheme not in ("http", "https"):
            raise InstallError(f"{what}: tarball URL must be http(s)", rule="registry-error")
        key = _tarball_key(package.integrity, what)
        with self._lock(key):
            hit = self._cached_tarball(key, package, max_bytes)
            if hit is not None:
                dest.write_bytes(hit[0])
                if on_progress is not None:
                    on_progress("download", len(hit[0]), len(hit[0]))
                return Download(dest, len(hit[0]), hit[1])
            download = self._download(package, dest, what, on_progress, max_bytes)
            if self._cache:
                cache.write(key, dest.read_bytes())
            return download

    def prefetch(self, name: str, spec: str) -> None:
        """Resolve and download `name@spec` into Cordon's cache, for a parallel pool: what the installer
        asks for next is then a verified cache read. Failures are left for the installer to meet and
        report itself."""
        try:
            package = self.resolve(name, spec)
            with tempfile.TemporaryDirectory(prefix="cordon-prefetch-") as folder:
                self.download(package, Path(folder) / "t.tgz")
        except (InstallError, OSError, ValueError):
            logger.debug("prefetch of %s@%s left to the installer", name, spec, exc_info=True)

    def _cached_tarball(self, key: str, package: ResolvedPackage, max_bytes: int) -> tuple[bytes, str] | None:
        """The cached tarball's bytes and SRI, only if its sha512 matches the package's integrity now."""
        data = cache.read(key) if self._cache else None
        if data is None or len(data) > max_bytes:
            return None
        try:
            return data, integrity.verify(hashlib.sha512(data).digest(), package.integrity, package.name)
        except InstallError:
            logger.warning("cached tarball of %s@%s fails its integrity; downloading", package.name, package.version)
            return None

    def _download(
        self, package: ResolvedPackage, dest: Path, what: str, on_progress: Progress | None, max_bytes: int
    ) -> Download:
        received = 0
        with self._stream(package.tarball, accept="application/octet-stream", what=what) as response:
            self._check_status(response, what)
            announced = _content_length(response)
            if announced is not None and announced > max_bytes:
                raise InstallError(
                    f"{what}: the tarball is {announced} bytes, over the {max_bytes}-byte download cap",
                    rule="download-too-large",
                )

            def each(size: int) -> None:
                nonlocal received
                received = size
                self._check_cancel()
                if on_progress is not None:
                    on_progress("download", size, announced)

            with open(dest, "wb") as out:
                try:
                    received, digest = integrity.hashing_copy(response.iter_bytes(CHUNK), out, max_bytes, what, each)
                except httpx.HTTPError as exc:
                    raise InstallError(
                        f"{what}: the download broke off after {received} bytes ({exc}); nothing was installed",
                        rule="download-incomplete",
                    ) from None
            if announced is not None and received != announced:
                raise InstallError(
                    f"{what}: received {received} of {announced} bytes; nothing was installed",
                    rule="download-incomplete",
                )
        sri = integrity.verify(digest, package.integrity, what)
        return Download(dest, received, sri)

    # -- plumbing ------------------------------------------------------------------
    def _stream(self, url: str, *, accept: str, what: str, etag: str | None = None) -> Any:
        self._check_cancel()
        return _GuardedStream(self, url, accept, what, etag)

    def _lock(self, key: str) -> threading.Lock:
        """One lock per packument or tarball, so a prefetch and the installer never fetch it twice."""
        with self._locks_lock:
            return self._locks.setdefault(key, threading.Lock())

    def _auth(self, url: str) -> str | None:
        """The token for exactly this URL: `.npmrc`'s for its host, port and path, else Cordon's keyring
        token when the URL is on the registry's own origin; never one for another origin."""
        found = self._config.token_for(url)
        if found is None and self._token and _origin(url) == self._origin:
            found = self._token
        return found

    def _late_token(self, url: str, status: int) -> bool:
        """After `status` to a request sent without a token: whether Cordon's keyring has one for this
        origin (asked once per client), so the request is worth sending again with it."""
        if status not in (401, 403, 404) or self._auth(url) is not None or _origin(url) != self._origin:
            return False
        with self._locks_lock:
            ask, self._ask_token = self._ask_token, None
            if ask is not None:
                self._token = ask() or None
        return self._auth(url) is not None

    def _open(self, url: str, accept: str, etag: str | None = None) -> Any:
        headers = {"Accept": accept}
        if etag:
            headers["If-None-Match"] = etag
        token = self._auth(url)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return self._client.stream("GET", url, headers=headers)

    def _check_status(self, response: httpx.Response, what: str) -> None:
        if response.status_code in (401, 403):
            raise InstallError(
                f"{what}: the registry refused access (HTTP {response.status_code}); check the registry token",
                rule="registry-error",
            )
        if response.status_code != 200:
            raise InstallError(f"{what}: the registry answered HTTP {response.status_code}", rule="registry-error")

    def _check_cancel(self) -> None:
        if self._cancel.cancelled:
            raise InstallError("the install was cancelled; nothing was installed", rule="cancelled")


class _GuardedStream:
    """A GET that follows up to MAX_REDIRECTS redirects by hand, deciding each hop's token afresh (a
    redirect to another host or port never carries one), and whose connection errors become
    `registry-error` refusals."""

    def __init__(self, registry: Registry, url: str, accept: str, what: str, etag: str | None = None) -> None:
        self._registry = registry
        self._etag = etag
        self._url = url
        self._accept = accept
        self._what = what
        self._inner: Any = None

    def __enter__(self) -> httpx.Response:
        url = self._url
        try:
            for _ in range(MAX_REDIRECTS + 1):
                self._inner = self._registry._open(url, self._accept, self._etag)
                response: httpx.Response = self._inner.__enter__()
                if self._registry._late_token(url, response.status_code):
                    self._inner.__exit__(None, None, None)
                    self._inner = self._registry._open(url, self._accept, self._etag)
                    response = self._inner.__enter__()
                location = response.headers.get("location")
                if response.status_code not in (301, 302, 303, 307, 308) or not location:
                    return response
                self._inner.__exit__(None, None, None)
                self._inner = None
                url = str(httpx.URL(url).join(location))
                if urlsplit(url).scheme not in ("http", "https"):
                    raise InstallError(f"{self._what}: redirected to a non-http(s) URL", rule="registry-error")
                self._registry._check_cancel()
        except httpx.HTTPError as exc:
            raise InstallError(f"{self._what}: cannot reach the registry ({exc})", rule="registry-error") from None
        raise InstallError(f"{self._what}: more than {MAX_REDIRECTS} redirects", rule="registry-error")

    def __exit__(self, *exc: object) -> None:
        if self._inner is not None:
            self._inner.__exit__(*exc)


def _proxy_mounts(config: NpmConfig, verify: Any) -> dict[str, httpx.BaseTransport | None] | None:
    """httpx transports for `.npmrc`'s `proxy`, `https-proxy` and `noproxy` (None: httpx's own
    environment handling, HTTP(S)_PROXY and NO_PROXY, as before)."""
    if not (config.proxy or config.https_proxy):
        return None
    mounts: dict[str, httpx.BaseTransport | None] = {}
    for scheme, proxy in (("http://", config.proxy), ("https://", config.https_proxy)):
        if proxy:
            mounts[scheme] = httpx.HTTPTransport(proxy=proxy, verify=verify)
    for domain in config.noproxy:
        mounts[f"all://*{domain}"] = httpx.HTTPTransport(verify=verify)
    return mounts


def _verify(config: NpmConfig) -> Any:
    """httpx's `verify` for `.npmrc`'s `strict-ssl` and `cafile` (an unreadable cafile is a refusal)."""
    verify = config.verify()
    if isinstance(verify, str):
        try:
            return ssl.create_default_context(cafile=verify)
        except (OSError, ssl.SSLError) as exc:
            raise InstallError(
                f".npmrc cafile {verify}: cannot be read as PEM ({exc})", rule="registry-error"
            ) from None
    return verify


def _loads(body: bytes, what: str) -> Any:
    try:
        return orjson.loads(body)
    except orjson.JSONDecodeError:
        raise InstallError(f"the registry's metadata for {what} is not JSON", rule="registry-error") from None


def _max_age(cache_control: str | None) -> float:
    """Seconds a response may be used without asking again: its `max-age`, 0 under no-cache/no-store."""
    directives = [d.strip().lower() for d in (cache_control or "").split(",")]
    if "no-cache" in directives or "no-store" in directives:
        return 0.0
    for directive in directives:
        name, _, value = directive.partition("=")
        if name == "max-age" and value.isdigit():
            return float(value)
    return 0.0


def _read_packument(key: str) -> tuple[float, str | None, dict[str, Any], float] | None:
    """(fetched at, ETag, document, max-age) of a cached packument, or None (missing, altered or malformed)."""
    data = cache.read(key)
    if data is None:
        return None
    header, _, body = data.partition(b"\n")
    try:
        meta, doc = orjson.loads(header), orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(meta, dict) or not isinstance(doc, dict) or not isinstance(meta.get("fetched"), float):
        return None
    etag = meta.get("etag")
    max_age = meta.get("maxAge")
    fresh_for = float(max_age) if isinstance(max_age, (int, float)) and not isinstance(max_age, bool) else 0.0
    return meta["fetched"], etag if isinstance(etag, str) and etag else None, doc, fresh_for


def _tarball_key(sri: str, what: str) -> str:
    """A tarball's cache name: its published sha512, so an entry is addressed by the content it must have."""
    return f"npm/tarballs/{integrity.expected_digests(sri, what)[0].hex()}.tgz"


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    return (parts.scheme, parts.hostname or "", parts.port)


def _content_length(response: httpx.Response) -> int | None:
    value = response.headers.get("content-length")
    if value is None or response.headers.get("content-encoding"):
        return None
    try:
        return int(value)
    except ValueError:
        return None
