"""@nodetool-ai/sandbox-zip on the host: fflate's unzip / zip shapes, the 50 MB cap, zip-slip and bombs."""

from __future__ import annotations

import io
import zipfile

from core.packs.host.zip import MAX_ENTRIES
from tests.conftest import ok
from tests.hostpacks import refused, run_body

ZIP = "@nodetool-ai/sandbox-zip"


def archive(entries: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return out.getvalue()


def test_unzip_gives_name_to_bytes():
    code = f'''import {{ unzip }} from "{ZIP}";
const files = await unzip(inputs.archive);          // {{ "a/b.txt": Uint8Array }}
return [Object.keys(files), files["a/b.txt"] instanceof Uint8Array, new TextDecoder().decode(files["a/b.txt"]),
        files["dir/"].length];'''
    data = archive({"a/b.txt": "héllo".encode(), "dir/": b""})
    assert ok(run_body(code, inputs={"archive": data})) == [["a/b.txt", "dir/"], True, "héllo", 0]


def test_zip_writes_an_archive_any_unzip_reads():
    code = f'''import {{ zip }} from "{ZIP}";
const archive = await zip({{ "report.md": inputs.markdown, "data.json": JSON.stringify(inputs.rows), "raw.bin": new Uint8Array([0, 1, 2]) }});
return archive;'''
    data = ok(run_body(code, inputs={"markdown": "# Report\n", "rows": [{"a": 1}]}))
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert {i.filename: i.compress_type for i in z.infolist()} == {
            "report.md": zipfile.ZIP_DEFLATED,
            "data.json": zipfile.ZIP_DEFLATED,
            "raw.bin": zipfile.ZIP_DEFLATED,
        }
        assert [z.read(n) for n in ("report.md", "data.json", "raw.bin")] == [b"# Report\n", b'[{"a":1}]', b"\0\1\2"]


def test_inflating_past_50_mb_is_refused():
    code = f'import {{ unzip }} from "{ZIP}";\nreturn Object.keys(await unzip(inputs.archive)).length;'
    many = archive({f"part{i}": bytes(1024 * 1024) for i in range(51)})  # 51 MB of zeros in ~53 KB
    refused(run_body(code, inputs={"archive": many}), "zip-too-large", "sandbox-zip.unzip", "52428800 byte limit")


def test_zip_slip_and_ratio_bombs_are_refused():
    code = f'import {{ unzip }} from "{ZIP}";\nreturn Object.keys(await unzip(inputs.archive)).length;'
    refused(run_body(code, inputs={"archive": archive({"../../etc/cron.d/x": b"x"})}), "zip-unsafe-path", "zip-slip")
    refused(run_body(code, inputs={"archive": archive({"zeros": bytes(20 * 1024 * 1024)})}), "zip-bomb", "200:1")
    refused(run_body(code, inputs={"archive": b"not a zip"}), "zip-invalid", "sandbox-zip.unzip")
    refused(run_body(f'import {{ zip }} from "{ZIP}";\nreturn await zip({{ "/abs": "x" }});'), "zip-unsafe-path")


def test_zip_and_unzip_agree_on_the_entry_cap():
    """zip refuses what unzip would: an archive zip wrote with more than 10,000 entries could never be
    read back by this pack (or the office packs), so it is refused when written, by the same rule."""
    zip_many = f'import {{ zip }} from "{ZIP}";\nreturn await zip(inputs.files);'
    many = {f"{i}": "" for i in range(MAX_ENTRIES + 1)}
    refused(run_body(zip_many, inputs={"files": many}), "zip-too-many-entries", "sandbox-zip.zip", "10001", "10000")
    round_trip = f'''import {{ zip, unzip }} from "{ZIP}";
const files = await unzip(await zip(inputs.files));
return [Object.keys(files).length, new TextDecoder().decode(files["9999"])];'''
    most = {f"{i}": str(i) for i in range(MAX_ENTRIES)}
    assert ok(run_body(round_trip, inputs={"files": most})) == [MAX_ENTRIES, "9999"]
    assert ok(run_body(f'import {{ zip }} from "{ZIP}";\nreturn (await zip({{ "a.txt": "hi" }})).length > 0;'))
