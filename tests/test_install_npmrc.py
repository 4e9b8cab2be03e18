""".npmrc read as npm reads it: registries, scoped registries, per-origin tokens, TLS keys."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from core.packs.install import InstallError, prepare_install
from core.packs.install import discard as discard_install
from core.packs.install.npmrc import expand_env, load, nerf_dart, parse
from core.packs.install.registry import Registry, registry_url
from tests import install_support
from tests.install_support import publish_package
from tests.npm_registry import NpmRegistry

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry

SECRET = "npm_s3cr3t-T0KEN-value"


def test_env_expansion_follows_npm():
    env = {"TOKEN": "abc", "EMPTY": ""}
    assert expand_env("${TOKEN}", env) == "abc"
    assert expand_env("x-${TOKEN}-y", env) == "x-abc-y"
    assert expand_env("${UNSET}", env) == "${UNSET}"  # npm leaves an unset variable as written
    assert expand_env("${UNSET?}", env) == ""  # ... unless it is marked optional
    assert expand_env("${EMPTY}", env) == ""
    assert expand_env("\\${TOKEN}", env) == "${TOKEN}"  # an escaped reference stays literal
    assert expand_env("\\\\${TOKEN}", env) == "\\abc"


def test_parse_reads_keys_values_and_skips_comments():
    text = '; comment\n# another\nregistry = "https://r.example/"\n@a:registry=https://a.example\n[section]\nbad\n'
    assert parse(text, {}) == {"registry": "https://r.example/", "@a:registry": "https://a.example"}


def test_nerf_darts_and_token_lookup(tmp_path):
    assert nerf_dart("https://registry.npmjs.org/") == "//registry.npmjs.org/"
    assert nerf_dart("https://r.example:8443/npm/lodash") == "//r.example:8443/npm/"
    rc = tmp_path / "user.npmrc"
    rc.write_text("//r.example/npm/:_authToken=${T}\n//other.example/:_authToken=o\n")
    config = load(tmp_path, {"NPM_CONFIG_USERCONFIG": str(rc), "T": SECRET})
    assert config.token_for("https://r.example/npm/lodash") == SECRET
    assert config.token_for("https://r.example/npm/-/lodash-1.0.0.tgz") == SECRET
    assert config.token_for("https://r.example/elsewhere/x") is None  # another path on the host
    assert config.token_for("https://r.example:444/npm/x") is None  # another port
    assert config.token_for("https://evil.example/npm/x") is None
    assert config.token_for("http://r.example/npm/x") is None  # never in clear text off loopback
    assert SECRET not in repr(config)


def test_project_file_wins_over_user_file(tmp_path):
    user = tmp_path / "user.npmrc"
    user.write_text("registry=https://user.example/\nstrict-ssl=false\n@s:registry=https://s-user.example\n")
    project = tmp_path / "proj"
    (project / "sub").mkdir(parents=True)
    (project / "package.json").write_text("{}")
    (project / ".npmrc").write_text("registry=https://project.example/\ncafile=~/ca.pem\n")
    config = load(project / "sub", {"NPM_CONFIG_USERCONFIG": str(user)})
    assert config.registry == "https://project.example"
    assert config.registry_for("@s/pkg") == "https://s-user.example"
    assert config.registry_for("plain") is None
    assert not config.strict_ssl and config.verify() is False
    assert config.cafile == str(Path("~/ca.pem").expanduser())


def test_registry_key_is_used_below_the_flag_and_environment(tmp_path, monkeypatch):
    rc = tmp_path / "u.npmrc"
    rc.write_text("registry=https://from-npmrc.example/\n")
    monkeypatch.setenv("NPM_CONFIG_USERCONFIG", str(rc))
    monkeypatch.delenv("CORDON_NPM_REGISTRY", raising=False)
    assert registry_url() == "https://from-npmrc.example"
    monkeypatch.setenv("CORDON_NPM_REGISTRY", "https://env.example")
    assert registry_url() == "https://env.example"
    assert registry_url("https://flag.example") == "https://flag.example"


def test_an_unreadable_cafile_is_refused(tmp_path, monkeypatch):
    bad = tmp_path / "ca.pem"
    bad.write_text("not a certificate")
    rc = tmp_path / "u.npmrc"
    rc.write_text(f"cafile={bad}\n")
    monkeypatch.setenv("NPM_CONFIG_USERCONFIG", str(rc))
    with pytest.raises(InstallError) as refused:
        Registry("https://r.example")
    assert refused.value.rule == "registry-error" and "cafile" in refused.value.message


@pytest.fixture
def two_registries(registry, tmp_path, monkeypatch):
    """`registry` is public (the default of .npmrc); `private` requires a token and serves @private."""
    with NpmRegistry() as private:
        private.token = SECRET
        rc = tmp_path / "user.npmrc"
        rc.write_text(
            f"registry={registry.url}/\n@private:registry={private.url}/\n"
            f"//127.0.0.1:{private.port}/:_authToken=${{CORDON_TEST_NPM_TOKEN}}\n"
        )
        monkeypatch.setenv("NPM_CONFIG_USERCONFIG", str(rc))
        monkeypatch.setenv("CORDON_TEST_NPM_TOKEN", SECRET)
        yield registry, private


def _auth_headers(server: NpmRegistry) -> list[str | None]:
    return [headers.get("authorization") for _, headers in server.requests]


def test_a_scoped_library_comes_from_its_registry_with_its_token_and_no_other_origin_sees_it(
    two_registries, tmp_path, caplog
):
    public, private = two_registries
    publish_package(private, tmp_path, {"name": "@private/lib", "main": "index.js"}, {"index.js": "exports.x = 1;"})
    publish_package(public, tmp_path, {"name": "pub-lib", "main": "index.js"}, {"index.js": "exports.y = 2;"})
    caplog.set_level(logging.DEBUG)
    for source in ("npm:@private/lib", "npm:pub-lib"):
        request = prepare_install(source)
        assert request.dependencies[0].name == source[4:]
        assert SECRET not in "\n".join(request.lines())
        discard_install(request)
    assert private.requests and all(h == f"Bearer {SECRET}" for h in _auth_headers(private))
    assert public.requests and not any(_auth_headers(public))
    assert SECRET not in caplog.text


def test_a_redirect_to_another_origin_never_carries_the_token(two_registries, tmp_path):
    public, private = two_registries
    file = publish_package(private, tmp_path, {"name": "@private/moved"}, {"index.js": "export default 1;"})
    # The tarball is really served by the other origin, reached through a redirect from the private one.
    public.files[file] = private.files[file]
    private.redirects[f"/-/{file}"] = f"{public.url}/-/{file}"
    with Registry() as client:
        package = client.resolve("@private/moved", "")
        download = client.download(package, tmp_path / "moved.tgz")
    assert download.size == len(private.files[file])
    assert [path for path, _ in public.requests] == [f"/-/{file}"]
    assert not any(_auth_headers(public))
    assert all(h == f"Bearer {SECRET}" for h in _auth_headers(private))


def test_without_the_token_the_scoped_registry_refuses_and_the_message_names_no_secret(
    two_registries, tmp_path, monkeypatch
):
    public, private = two_registries
    publish_package(private, tmp_path, {"name": "@private/lib"}, {"index.js": "export default 1;"})
    monkeypatch.setenv("CORDON_TEST_NPM_TOKEN", "wrong-token")
    with pytest.raises(InstallError) as refused:
        prepare_install("npm:@private/lib")
    assert refused.value.rule == "registry-error" and "401" in refused.value.message
    assert "wrong-token" not in refused.value.message and SECRET not in refused.value.message
    assert not public.requests


def test_npm_config_environment_variables_win_over_the_files(tmp_path):
    rc = tmp_path / "u.npmrc"
    rc.write_text("registry=https://file.example/\nstrict-ssl=true\n")
    env = {
        "NPM_CONFIG_USERCONFIG": str(rc),
        "npm_config_registry": "https://env.example/",
        "NPM_CONFIG_STRICT_SSL": "false",
    }
    config = load(tmp_path, env)
    assert config.registry == "https://env.example" and config.strict_ssl is False


class _Proxy:
    """A forwarding HTTP proxy on 127.0.0.1 (absolute-form GETs), recording what it carried."""

    def __init__(self) -> None:
        import http.client
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from urllib.parse import urlsplit

        carried: list[tuple[str, str | None]] = []
        self.carried = carried

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                carried.append((self.path, self.headers.get("Authorization")))
                target = urlsplit(self.path)
                upstream = http.client.HTTPConnection(target.hostname, target.port, timeout=10)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("proxy-connection", "host")}
                upstream.request("GET", target.path + (f"?{target.query}" if target.query else ""), headers=headers)
                response = upstream.getresponse()
                body = response.read()
                self.send_response(response.status)
                for key, value in response.getheaders():
                    if key.lower() not in ("content-length", "transfer-encoding", "connection"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                upstream.close()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_proxy_and_noproxy_keys_route_requests(registry, tmp_path, monkeypatch):
    publish_package(registry, tmp_path, {"name": "via-proxy"}, {"index.js": "export default 1;"})
    proxy = _Proxy()
    try:
        rc = tmp_path / "u.npmrc"
        rc.write_text(f"proxy={proxy.url}/\n")
        monkeypatch.setenv("NPM_CONFIG_USERCONFIG", str(rc))
        with Registry(registry.url) as client:
            package = client.resolve("via-proxy", "")
            client.download(package, tmp_path / "p.tgz")
        assert [path for path, _ in proxy.carried] == [
            f"{registry.url}/via-proxy",
            f"{registry.url}/-/via-proxy-1.0.0.tgz",
        ]
        proxy.carried.clear()
        rc.write_text(f"proxy={proxy.url}/\nnoproxy=example.org,127.0.0.1\n")
        with Registry(registry.url, use_cache=False) as client:
            client.resolve("via-proxy", "")
        assert proxy.carried == []
        assert proxy.url not in repr(load(tmp_path))  # a proxy URL (it may hold credentials) is never shown
    finally:
        proxy.close()
