"""@nodetool-ai/sandbox-aws: SigV4 against AWS's published test vectors, and a signed fetch a real
server on 127.0.0.1 verifies; credentials from the call or the scoped secrets."""

from __future__ import annotations

import json

import pytest

from core.packs.host.aws import sigv4 as host_sigv4
from tests.conftest import ok
from tests.hostpacks import refused, run_body
from tests.http_server import RecordingServer

AWS = "@nodetool-ai/sandbox-aws"
PRIVATE = {"allowPrivateNetwork": True}
#: The aws-sig-v4-test-suite's credentials, region, service and time.
SUITE = {
    "accessKeyId": "AKIDEXAMPLE",
    "secretAccessKey": "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
    "region": "us-east-1",
    "service": "service",
    "date": "20150830T123600Z",
}
TOKEN = (
    "AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflf"
    "KD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6"
    "q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQ"
    "wj2ICCR/oLxBA=="
)
#: (suite case, method, path and query as sent, headers, body, SignedHeaders, Signature) from AWS's suite.
VECTORS = [
    (
        "get-vanilla",
        "GET",
        "/",
        {},
        None,
        "host;x-amz-date",
        "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    ),
    (
        "get-vanilla-query-order-key-case",
        "GET",
        "/?Param2=value2&Param1=value1",
        {},
        None,
        "host;x-amz-date",
        "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500",
    ),
    (
        "get-vanilla-utf8-query",
        "GET",
        "/?ሴ=bar",
        {},
        None,
        "host;x-amz-date",
        "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04",
    ),
    (
        "get-vanilla-query-unreserved",
        "GET",
        "/?-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        "=-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
        {},
        None,
        "host;x-amz-date",
        "9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197",
    ),
    (
        "get-utf8",
        "GET",
        "/ሴ",
        {},
        None,
        "host;x-amz-date",
        "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85",
    ),
    (
        "get-unreserved",
        "GET",
        "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
        {},
        None,
        "host;x-amz-date",
        "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f",
    ),
    (
        "get-header-value-trim",
        "GET",
        "/",
        {"My-Header1": "value1", "My-Header2": '"a   b   c"'},
        None,
        "host;my-header1;my-header2;x-amz-date",
        "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736",
    ),
    (
        "get-header-value-order",
        "GET",
        "/",
        {"My-Header1": "value4,value1,value3,value2"},
        None,
        "host;my-header1;x-amz-date",
        "08c7e5a9acfcfeb3ab6b2185e75ce8b1deb5e634ec47601a50643f830c755c01",
    ),
    (
        "post-vanilla",
        "POST",
        "/",
        {},
        None,
        "host;x-amz-date",
        "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b",
    ),
    (
        "post-vanilla-query",
        "POST",
        "/?Param1=value1",
        {},
        None,
        "host;x-amz-date",
        "28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11",
    ),
    (
        "post-vanilla-query-nonunreserved",
        "POST",
        '/?@%23$%25^=&%2B=/,?><`";:\\|][{}',
        {},
        None,
        "host;x-amz-date",
        "66c82657c86e26fb25238d0e69f011edc4c6df5ae71119d7cb98ed9b87393c1e",
    ),
    (
        "post-header-key-sort",
        "POST",
        "/",
        {"My-Header1": "value1"},
        None,
        "host;my-header1;x-amz-date",
        "c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c",
    ),
    (
        "post-header-value-case",
        "POST",
        "/",
        {"My-Header1": "VALUE1"},
        None,
        "host;my-header1;x-amz-date",
        "cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d",
    ),
    (
        "post-x-www-form-urlencoded",
        "POST",
        "/",
        {"Content-Type": "application/x-www-form-urlencoded"},
        "Param1=value1",
        "content-type;host;x-amz-date",
        "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a",
    ),
    (
        "post-x-www-form-urlencoded-parameters",
        "POST",
        "/",
        {"Content-Type": "application/x-www-form-urlencoded; charset=utf8"},
        "Param1=value1",
        "content-type;host;x-amz-date",
        "1a72ec8f64bd914b0e42e42607c7fbce7fb2c7465f63e3092b3b0d39fa77a6fe",
    ),
]
#: Amazon S3's documented examples (credentials AKIAIOSFODNN7EXAMPLE, 2013-05-24).
S3_DOCS = {
    "accessKeyId": "AKIAIOSFODNN7EXAMPLE",
    "secretAccessKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "date": "2013-05-24T00:00:00Z",
}


def test_the_signer_passes_aws_sigv4_test_suite_on_the_engine():
    code = f'''import {{ sigv4 }} from "{AWS}";
const out = [];
for (const v of inputs.vectors) out.push((await sigv4(v)).headers.authorization);
return out;'''
    vectors = [
        dict(SUITE, method=m, url="https://example.amazonaws.com" + p, headers=h, body=b)
        for _, m, p, h, b, _, _ in VECTORS
    ]
    vectors.append(dict(SUITE, method="POST", url="https://example.amazonaws.com/", sessionToken=TOKEN))
    got = ok(run_body(code, inputs={"vectors": vectors}))
    expected = [
        f"AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
        f"SignedHeaders={signed}, Signature={sig}"
        for _, _, _, _, _, signed, sig in VECTORS
    ]
    expected.append(
        "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "  # post-sts-header-before
        "SignedHeaders=host;x-amz-date;x-amz-security-token, "
        "Signature=85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead"
    )
    for (name, *_), want, have in zip([*VECTORS, ("post-sts-header-before",)], expected, got, strict=True):
        assert have == want, name


def test_s3_documented_examples_header_and_presigned():
    code = f'''import aws from "{AWS}";
const signed = await aws.sigv4({{ ...inputs.keys, method: "GET", url: "https://examplebucket.s3.amazonaws.com/test.txt", headers: {{ Range: "bytes=0-9" }} }});
const url = await aws.presign({{ ...inputs.keys, method: "GET", url: "https://examplebucket.s3.amazonaws.com/test.txt", expiresIn: 86400 }});
return [signed.headers, url];'''
    headers, url = ok(run_body(code, inputs={"keys": S3_DOCS}))
    assert headers["authorization"] == (
        "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
    )
    assert headers["x-amz-content-sha256"] == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    assert url == (
        "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256"
        "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
        "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
        "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404"
    )


def test_documented_examples_sign_and_presign():
    code = f'''import {{ sigv4, presign }} from "{AWS}";
const {{ accessKeyId, secretAccessKey }} = inputs;
const signed = await sigv4({{ method: "GET", url: "https://my-bucket.s3.us-east-1.amazonaws.com/?list-type=2", region: "us-east-1", service: "s3", accessKeyId, secretAccessKey }});
const url = await presign({{ method: "GET", url: "https://my-bucket.s3.us-east-1.amazonaws.com/report.pdf", expiresIn: 3600, accessKeyId, secretAccessKey }});
return [signed, url];'''
    signed, url = ok(run_body(code, inputs={"accessKeyId": "AKID", "secretAccessKey": "secret"}))
    assert signed["method"] == "GET" and signed["url"] == "https://my-bucket.s3.us-east-1.amazonaws.com/?list-type=2"
    assert sorted(signed["headers"]) == ["authorization", "x-amz-content-sha256", "x-amz-date"]
    assert (
        "/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date"
        in signed["headers"]["authorization"]
    )
    assert url.startswith("https://my-bucket.s3.us-east-1.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256")
    assert "%2Fus-east-1%2Fs3%2Faws4_request" in url and "X-Amz-Expires=3600" in url


def _verify(server: RecordingServer, secret: str) -> dict:
    """What AWS does on receipt: re-sign the request as it arrived, over the headers it says it signed."""
    got = server.requests[-1]
    authorization = got.headers["authorization"]
    signed = authorization.split("SignedHeaders=")[1].split(",")[0].split(";")
    headers = {n: got.headers[n] for n in signed if n not in ("host", "x-amz-date", "x-amz-content-sha256")}
    assert got.headers["host"] == f"127.0.0.1:{server.port}"
    again = host_sigv4(
        None,
        {
            "method": got.method,
            "url": f"http://{got.headers['host']}{got.path}",
            "region": "us-east-1",
            "service": "s3",
            "accessKeyId": "AKID",
            "secretAccessKey": secret,
            "headers": headers,
            "date": got.headers["x-amz-date"],
            "body": got.body.decode(),
        },
    )
    assert again["headers"]["authorization"] == authorization
    return again


def test_a_signed_request_goes_out_through_fetch_and_verifies(memory_keyring):
    from core import secrets_store

    secrets_store.set_secret("AWS_ACCESS_KEY_ID", "AKID")
    secrets_store.set_secret("AWS_SECRET_ACCESS_KEY", "s3cr3t")
    code = f'''import {{ sigv4 }} from "{AWS}";
const signed = await sigv4({{ method: "PUT", url: inputs.url, region: "us-east-1", service: "s3", headers: {{ "content-type": "application/json" }}, body: JSON.stringify({{ a: 1 }}) }});
const res = await fetch(signed.url, signed);
return [res.status, Object.keys(signed.headers).sort()];'''
    with RecordingServer() as server:
        result = run_body(
            code,
            inputs={"url": server.url("/echo?list-type=2&prefix=a b")},
            limits=dict(PRIVATE, secretScope=["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]),
        )
        status, names = ok(result)
        assert status == 200
        assert names == ["authorization", "content-type", "x-amz-content-sha256", "x-amz-date"]
        assert json.loads(server.requests[-1].body) == {"a": 1}
        _verify(server, "s3cr3t")
        with pytest.raises(AssertionError):
            _verify(server, "another secret")


def test_a_missing_or_unscoped_credential_is_refused_by_name(memory_keyring):
    code = f'''import {{ sigv4 }} from "{AWS}";
return await sigv4({{ method: "GET", url: "https://my-bucket.s3.us-east-1.amazonaws.com/" }});'''
    refused(run_body(code), "secret-unset", "sandbox-aws.sigv4", "AWS_ACCESS_KEY_ID", "requestSecret")
    refused(run_body(code, limits={"secretScope": ["OTHER"]}), "secret-out-of-scope", "AWS_ACCESS_KEY_ID")
    bad = f'import {{ presign }} from "{AWS}";\nreturn await presign({{ url: "https://example.test/", accessKeyId: "a", secretAccessKey: "b" }});'
    refused(run_body(bad), "aws-region-unknown", "sandbox-aws.presign", "region")
