"""`.npmrc` read as npm reads it: the user file and the project file, for the keys installing needs.

Files, later ones winning: the user file (`$NPM_CONFIG_USERCONFIG`, else `~/.npmrc`), then the
project file (`.npmrc` in the nearest folder at or above the working folder that holds a
`package.json` or `node_modules`, npm's "local prefix"). Keys read:

- `registry`: the default registry URL;
- `@scope:registry`: the registry of one scope's packages;
- `//host[:port]/path/:_authToken`: a bearer token for URLs under that host, port and path
  (npm's "nerf dart"); it is sent to such a URL only, never to another host or port, never
  on a redirect that leaves them, and never over plain http except to a loopback host;
- `cafile` (a PEM bundle that replaces the default CAs, as npm's does) and `strict-ssl`;
- `proxy` (http requests), `https-proxy` (https requests; `proxy` when unset) and `noproxy`
  (comma-separated domains reached directly).

`npm_config_registry`, `npm_config_cafile` and `npm_config_strict_ssl` in the environment win
over both files, as npm's environment layer does.

Values expand `${VAR}` from the environment as npm does (an unset variable stays literal,
`${VAR?}` becomes empty when unset, `\\${VAR}` is the literal text). Anything else in the
file is ignored. A token never appears in a repr, a log line or an error message.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

USERCONFIG_ENV = "NPM_CONFIG_USERCONFIG"
#: A `.npmrc` is a few lines; a larger one is not read (a hostile project cannot make us parse megabytes).
MAX_NPMRC_BYTES = 1024 * 1024
_ENV_REF = re.compile(r"(?<!\\)(\\*)\$\{([^${}?]+)(\?)?\}")
_LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: Keys read from `npm_config_<key>` environment variables too (npm's env layer, above the files).
_ENV_KEYS = ("registry", "cafile", "strict-ssl", "proxy", "https-proxy", "noproxy")


def expand_env(text: str, env: Mapping[str, str]) -> str:
    """npm's envReplace: `${VAR}` -> its value (left as is when unset), `${VAR?}` -> value or ''."""

    def sub(m: re.Match[str]) -> str:
        slashes, name, optional = m.group(1), m.group(2), m.group(3)
        if len(slashes) % 2:  # an escaped reference: half the backslashes, the rest literal
            return slashes[: len(slashes) // 2] + m.group(0)[len(slashes) :]
        value = env.get(name)
        if value is None:
            value = "" if optional else m.group(0)[len(slashes) :]
        return slashes[: len(slashes) // 2] + value

    return _ENV_REF.sub(sub, text)


def parse(text: str, env: Mapping[str, str]) -> dict[str, str]:
    """`key = value` lines of an ini file (sections and comments ignored), keys and values expanded."""
    found: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith((";", "#", "[")):
            continue
        key, sep, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            continue
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        found[expand_env(key, env)] = expand_env(value, env)
    return found


def nerf_dart(url: str) -> str:
    """npm's key for a URL: `//host[:port]/path/` (no scheme, no query, a trailing slash)."""
    parts = urlsplit(url)
    path = parts.path if parts.path.endswith("/") else parts.path.rsplit("/", 1)[0] + "/"
    return f"//{parts.netloc.rpartition('@')[2].lower()}{path}"


@dataclass(frozen=True)
class NpmConfig:
    registry: str | None = None
    scopes: Mapping[str, str] = field(default_factory=dict)
    cafile: str | None = None
    strict_ssl: bool = True
    #: {nerf dart: token}; never shown.
    tokens: Mapping[str, str] = field(default_factory=dict, repr=False)
    #: Proxy URLs (they may hold credentials: never shown either) and the domains reached directly.
    proxy: str | None = field(default=None, repr=False)
    https_proxy: str | None = field(default=None, repr=False)
    noproxy: tuple[str, ...] = ()
    files: tuple[str, ...] = ()

    def registry_for(self, name: str) -> str | None:
        """The registry `@scope:registry` names for a scoped package, else None."""
        if name.startswith("@") and "/" in name:
            return self.scopes.get(name.split("/", 1)[0].lower())
        return None

    def token_for(self, url: str) -> str | None:
        """The token configured for `url` (its host, port and the longest configured path above it), or None.

        None over plain http to a non-loopback host: a bearer token is never sent in clear text."""
        parts = urlsplit(url)
        if parts.scheme != "https" and not (parts.scheme == "http" and (parts.hostname or "") in _LOOPBACK):
            return None
        dart = nerf_dart(url)
        while dart.count("/") >= 3:  # "//host/" at the shortest
            if dart in self.tokens:
                return self.tokens[dart]
            dart = dart[:-1].rsplit("/", 1)[0] + "/"
        return None

    def verify(self) -> bool | str:
        """httpx's `verify`: False without strict-ssl, the cafile's path when one is set, else True."""
        if not self.strict_ssl:
            return False
        return self.cafile or True


def project_root(start: Path) -> Path:
    """npm's local prefix: the nearest folder at or above `start` with package.json or node_modules."""
    for folder in (start, *start.parents):
        if (folder / "package.json").is_file() or (folder / "node_modules").is_dir():
            return folder
    return start


def _read(path: Path) -> str | None:
    try:
        if not path.is_file() or path.stat().st_size > MAX_NPMRC_BYTES:
            return None
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def load(cwd: Path | None = None, env: Mapping[str, str] | None = None) -> NpmConfig:
    """The user and project `.npmrc` merged (the project's keys win)."""
    env = os.environ if env is None else env
    user = Path(env[USERCONFIG_ENV]) if env.get(USERCONFIG_ENV) else Path.home() / ".npmrc"
    project = project_root((cwd or Path.cwd()).resolve()) / ".npmrc"
    merged: dict[str, str] = {}
    files = []
    for path in dict.fromkeys((user, project)):
        text = _read(path)
        if text is not None:
            merged.update(parse(text, env))
            files.append(str(path))
    # npm's environment layer wins over both files: npm_config_registry, npm_config_strict_ssl, ...
    for name, value in env.items():
        key = name.lower().removeprefix("npm_config_").replace("_", "-")
        if name.lower().startswith("npm_config_") and key in _ENV_KEYS:
            merged[key] = value
    scopes = {
        key[: -len(":registry")].lower(): value.rstrip("/")
        for key, value in merged.items()
        if key.startswith("@") and key.endswith(":registry") and value
    }
    tokens = {
        nerf_dart(key[: -len(":_authToken")]): value
        for key, value in merged.items()
        if key.startswith("//") and key.endswith(":_authToken") and value
    }
    cafile = merged.get("cafile") or None
    if cafile is not None:
        cafile = str(Path(cafile).expanduser())
    return NpmConfig(
        registry=(merged.get("registry") or "").rstrip("/") or None,
        scopes=scopes,
        cafile=cafile,
        strict_ssl=merged.get("strict-ssl", "true").lower() != "false",
        tokens=tokens,
        files=tuple(files),
        proxy=merged.get("proxy") or None,
        https_proxy=merged.get("https-proxy") or merged.get("proxy") or None,
        noproxy=tuple(d.strip().lstrip(".").lower() for d in merged.get("noproxy", "").split(",") if d.strip()),
    )
