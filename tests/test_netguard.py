"""The SSRF guard on its own: address vetting, URL checks, resolution, and the pinning transport."""

from __future__ import annotations

import asyncio
import datetime as dt
import ipaddress
import ssl

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from core.bridges import netguard
from core.bridges.netguard import Guard, GuardedTransport, GuardPolicy, NetworkRefusal, address_refusal
from tests.http_server import RecordingServer

REFUSED = {
    "127.0.0.1": "loopback",
    "127.255.255.254": "loopback",
    "0.0.0.0": "this network",
    "10.1.2.3": "private",
    "172.16.0.1": "private",
    "192.168.1.1": "private",
    "100.64.0.1": "carrier-grade NAT",
    "169.254.169.254": "link-local",
    "224.0.0.1": "multicast",
    "240.0.0.1": "reserved",
    "255.255.255.255": "reserved",
    "198.18.0.1": "benchmarking",
    "192.0.2.1": "documentation",
    "198.51.100.7": "documentation",
    "203.0.113.9": "documentation",
    "192.0.0.192": "IETF",
    "192.88.99.1": "6to4 relay",
    "168.63.129.16": "Azure",
    "::": "unspecified",
    "::1": "loopback",
    "::ffff:127.0.0.1": "IPv6 form of 127.0.0.1",
    "::ffff:169.254.169.254": "link-local",
    "64:ff9b::7f00:1": "IPv6 form of 127.0.0.1",
    "64:ff9b::a9fe:a9fe": "IPv6 form of 169.254.169.254",
    "64:ff9b:1::a00:1": "local-use NAT64",
    "2002:7f00:1::": "IPv6 form of 127.0.0.1",
    "2002:a00:1::1": "IPv6 form of 10.0.0.1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2": "Teredo",
    "2001:db8::1": "documentation",
    "3fff::1": "documentation",
    "fd00::1": "unique-local",
    "fd00:ec2::254": "unique-local",
    "fe80::1": "link-local",
    "fec0::1": "site-local",
    "ff02::1": "multicast",
    "100::1": "discard",
    "::7f00:1": "outside 2000::/3",
    "5f00::1": "outside 2000::/3",
    "2001:2::1": "IETF",
}
PUBLIC = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "2606:4700::1111",
    "2a00:1450:4001::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
]


@pytest.mark.parametrize(("address", "why"), sorted(REFUSED.items()))
def test_non_public_addresses_are_refused_naming_the_range(address, why):
    reason = address_refusal(ipaddress.ip_address(address))
    assert reason is not None and why in reason


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_pass(address):
    assert address_refusal(ipaddress.ip_address(address)) is None


@pytest.mark.parametrize(
    ("host", "address"),
    [
        ("127.1", "127.0.0.1"),
        ("2130706433", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"),
        ("017700000001", "127.0.0.1"),
        ("0", "0.0.0.0"),
        ("0x7f.1", "127.0.0.1"),
        ("127.0.0.1.", "127.0.0.1"),
        ("0177.0.0.01", "127.0.0.1"),
        ("10.0x1.0.1", "10.1.0.1"),
        ("0xA9.0xFE.0xA9.0xFE", "169.254.169.254"),
    ],
)
def test_every_ipv4_spelling_is_read_like_the_resolver_reads_it(host, address):
    assert netguard.parse_ipv4_literal(host) == ipaddress.IPv4Address(address)


@pytest.mark.parametrize("host", ["example.com", "1password.com", "localhost", "a-b.c_d", "0x1g"])
def test_names_are_not_literals(host):
    assert netguard.parse_ipv4_literal(host) is None


@pytest.mark.parametrize("host", ["1.2.3.4.5", "256.0.0.1", "example.123", "09", "1.08", "1.16777216"])
def test_hosts_ending_in_a_number_that_is_no_address_are_invalid(host):
    with pytest.raises(ValueError):
        netguard.parse_ipv4_literal(host)


def vet(url: str, policy: GuardPolicy | None = None, resolver=None) -> netguard.Target:
    return asyncio.run(Guard(policy or GuardPolicy(), resolver).vet(httpx.URL(url)))


def refusal(url: str, **kw) -> NetworkRefusal:
    with pytest.raises(NetworkRefusal) as info:
        vet(url, **kw)
    return info.value


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "data:text/plain,hi",
        "ftp://example.com/",
        "gopher://example.com/",
        "ws://example.com/",
        "javascript:alert(1)",
        "dict://example.com:11211/",
        "/relative/path",
    ],
)
def test_only_http_schemes(url):
    assert refusal(url).rule == "ssrf-scheme"


@pytest.mark.parametrize(
    ("url", "rule"),
    [
        ("http://user:pw@example.com/", "fetch-url-credentials"),
        ("http://example.com\\@127.0.0.1/", "fetch-url-credentials"),
        ("http://example.com:25/", "ssrf-blocked-port"),
        ("http://example.com:6667/", "ssrf-blocked-port"),
        ("http://example.com:99999/", "fetch-bad-url"),
        ("http://%31%32%37.0.0.1/", "fetch-bad-url"),
        ("http://example.123/", "fetch-bad-url"),
        ("http:///nohost", "fetch-bad-url"),
        ("http://[fe80::1%25eth0]/", "ssrf-private-address"),
    ],
)
def test_url_checks_name_their_rule(url, rule):
    assert refusal(url).rule == rule


def test_a_name_that_resolves_to_a_private_address_is_refused_naming_it():
    exc = refusal("http://api.example.test/", resolver=lambda host, port: ["93.184.215.14", "10.0.0.5"])
    assert exc.rule == "ssrf-private-address"
    assert "api.example.test resolves to 10.0.0.5" in exc.message and "private (10.0.0.0/8)" in exc.message


def test_resolution_happens_once_and_the_answers_are_pinned():
    calls = []
    target = vet(
        "https://api.example.test/x",
        resolver=lambda host, port: calls.append((host, port)) or ["93.184.215.14", "2606:4700::1111", "93.184.215.14"],
    )
    assert calls == [("api.example.test", 443)]
    assert target == netguard.Target("api.example.test", 443, ("93.184.215.14", "2606:4700::1111"))


def test_literals_never_reach_the_resolver():
    def resolver(host, port):
        raise AssertionError("a literal was resolved")

    assert vet("http://8.8.8.8/", resolver=resolver).addresses == ("8.8.8.8",)
    assert refusal("http://2130706433/", resolver=resolver).message.count("2130706433 means 127.0.0.1") == 1


def test_resolver_failures_are_named():
    def resolver(host, port):
        raise OSError("no such host")

    assert refusal("http://nowhere.test/", resolver=resolver).rule == "fetch-dns"
    assert refusal("http://empty.test/", resolver=lambda h, p: []).rule == "fetch-dns"


def test_the_system_resolver_is_used_without_a_seam():
    assert vet("http://localhost:8080/", GuardPolicy(allow_private=True)).addresses[0] in ("127.0.0.1", "::1")


@pytest.mark.parametrize("host", ["localhost", "LOCALHOST.", "api.localhost"])
def test_localhost_names_are_loopback_whatever_the_resolver_says(host):
    exc = refusal(f"http://{host}:8080/", resolver=lambda h, p: ["93.184.215.14"])
    assert exc.rule == "ssrf-private-address" and "RFC 6761" in exc.message


def test_allow_private_lifts_address_checks_but_not_scheme_or_port_checks():
    policy = GuardPolicy(allow_private=True)
    assert vet("http://127.1:8080/", policy).addresses == ("127.0.0.1",)
    assert refusal("file:///etc/passwd", policy=policy).rule == "ssrf-scheme"
    assert refusal("http://127.0.0.1:22/", policy=policy).rule == "ssrf-blocked-port"


def test_treat_as_public_is_exact_address_and_port():
    policy = GuardPolicy(treat_as_public=frozenset({("127.0.0.1", 8080)}))
    assert vet("http://127.0.0.1:8080/", policy).addresses == ("127.0.0.1",)
    for other in (
        "http://127.0.0.1:8081/",
        "http://127.0.0.2:8080/",
        "http://[::ffff:127.0.0.1]:8080/",
        "http://[::1]:8080/",
    ):
        assert refusal(other, policy=policy).rule == "ssrf-private-address"


# -- the transport: connects only where it vetted ----------------------------------------


async def _get(transport: GuardedTransport, url: str) -> httpx.Response:
    async with transport:
        response = await transport.handle_async_request(httpx.Request("GET", url))
        await response.aread()
        return response


def test_the_transport_connects_to_the_pinned_address_and_keeps_the_name_in_host():
    calls = []
    with RecordingServer() as server:
        guard = Guard(
            GuardPolicy(treat_as_public=frozenset({("127.0.0.1", server.port)})),
            lambda host, port: calls.append(host) or ["127.0.0.1"],
        )
        response = asyncio.run(_get(GuardedTransport(guard), f"http://rebind.example.test:{server.port}/json"))
    assert response.status_code == 200
    assert calls == ["rebind.example.test"]  # once; the connect never resolved (.test does not exist)
    assert server.requests[0].headers["host"] == f"rebind.example.test:{server.port}"


def test_the_transport_refuses_before_connecting():
    with RecordingServer() as server:
        with pytest.raises(NetworkRefusal):
            asyncio.run(_get(GuardedTransport(Guard(GuardPolicy())), server.url()))
        assert server.count == 0


def test_the_backend_refuses_a_connection_nobody_vetted():
    backend = netguard._PinnedBackend()
    with pytest.raises(NetworkRefusal) as info:
        asyncio.run(backend.connect_tcp("127.0.0.1", 80))
    assert info.value.rule == "ssrf-unvetted-connection"


def test_the_backend_falls_back_to_the_next_vetted_address():
    with RecordingServer() as server:
        guard = Guard(GuardPolicy(allow_private=True), lambda host, port: ["::1", "127.0.0.1"])
        response = asyncio.run(_get(GuardedTransport(guard), f"http://dual.example.test:{server.port}/json"))
    assert response.status_code == 200  # ::1 refused the connection (the server is IPv4-only)


def _tls_pair(name: str) -> tuple[ssl.SSLContext, ssl.SSLContext]:
    """A CA, a leaf certificate for `name` only (no IP SAN), and server/client contexts."""
    key = ec.generate_private_key(ec.SECP256R1())
    now = dt.datetime.now(dt.UTC)
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Cordon test CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(1)
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    # Python 3.13's default context verifies strictly (VERIFY_X509_STRICT): the leaf names its issuer's key.
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(2)
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(*_pem_files(leaf, key))
    client = ssl.create_default_context(cadata=ca.public_bytes(serialization.Encoding.PEM).decode())
    return server, client


def _pem_files(cert: x509.Certificate, key: ec.EllipticCurvePrivateKey) -> tuple[str, str]:
    import tempfile

    folder = tempfile.mkdtemp()
    cert_path, key_path = f"{folder}/cert.pem", f"{folder}/key.pem"
    with open(cert_path, "wb") as f:
        f.write(cert.public_bytes(serialization.Encoding.PEM))
    with open(key_path, "wb") as f:
        f.write(
            key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
        )
    return cert_path, key_path


def test_tls_sni_and_certificate_check_use_the_name_not_the_pinned_address():
    server_ctx, client_ctx = _tls_pair("secure.example.test")
    with RecordingServer(tls=server_ctx) as server:
        guard = Guard(
            GuardPolicy(treat_as_public=frozenset({("127.0.0.1", server.port)})), lambda host, port: ["127.0.0.1"]
        )
        url = f"https://secure.example.test:{server.port}/json"
        response = asyncio.run(_get(GuardedTransport(guard, verify=client_ctx), url))
        assert response.status_code == 200 and server.sni == ["secure.example.test"]
        # The same certificate does not cover the bare address: the check really is by name.
        plain = Guard(GuardPolicy(allow_private=True))
        with pytest.raises(httpx.ConnectError, match="certificate"):
            asyncio.run(_get(GuardedTransport(plain, verify=client_ctx), f"https://127.0.0.1:{server.port}/json"))
