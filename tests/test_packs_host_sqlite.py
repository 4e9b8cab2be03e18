"""@nodetool-ai/sandbox-sqlite on the host: better-sqlite3's shapes over a database in bytes, no other file."""

from __future__ import annotations

import resource
import sqlite3

from core import HostServices
from tests.conftest import ok
from tests.hostpacks import refused, run_body

SQLITE = "@nodetool-ai/sandbox-sqlite"


def cards_db() -> bytes:
    conn = sqlite3.connect(":memory:")
    conn.executescript(
        "CREATE TABLE cards (front TEXT, back TEXT, box INT);"
        "INSERT INTO cards VALUES ('hola', 'hello', 1), ('adiós', 'bye', 2), ('gato', 'cat', 1);"
    )
    data = conn.serialize()
    conn.close()
    return data


def test_query_a_database_read_from_the_workspace(tmp_path):
    (tmp_path / "cards.db").write_bytes(cards_db())
    code = f'''import {{ query }} from "{SQLITE}";
const db = await workspace.readBytes("cards.db");
const due = await query(db, "SELECT front, back FROM cards WHERE box = ?", [1]);
return [due, await query(db, "SELECT count(*) AS n FROM cards WHERE box = :box", {{ box: 2 }})];'''
    assert ok(run_body(code, host=HostServices(workspace=tmp_path))) == [
        [{"front": "hola", "back": "hello"}, {"front": "gato", "back": "cat"}],
        [{"n": 1}],
    ]


def test_run_builds_a_database_any_sqlite_reads():
    code = f'''import {{ run }} from "{SQLITE}";
const {{ database, results }} = await run(null, [{{ sql: "CREATE TABLE t (x)" }}, {{ sql: "INSERT INTO t VALUES (?)", params: [1] }}]);
const more = await run(database, [{{ sql: "INSERT INTO t VALUES (?), (?)", params: [2, new Uint8Array([7])] }}, {{ sql: "SELECT x FROM t" }}]);
return {{ database: more.database, results, rows: more.results[1], blob: more.results[1][2].x instanceof Uint8Array }};'''
    got = ok(run_body(code))
    assert got["results"] == [{"changes": 0, "lastInsertRowid": 0}, {"changes": 1, "lastInsertRowid": 1}]
    assert got["blob"] is True and got["rows"][:2] == [{"x": 1}, {"x": 2}]
    conn = sqlite3.connect(":memory:")
    conn.deserialize(got["database"])
    assert conn.execute("SELECT x FROM t").fetchall() == [(1,), (2,), (b"\x07",)]


def test_other_files_extensions_and_pragmas_are_refused(tmp_path):
    target = tmp_path / "other.db"
    code = f'import {{ query }} from "{SQLITE}";\nreturn await query(null, inputs.sql);'
    for sql in (f"ATTACH '{target}' AS other", f"VACUUM INTO '{target}'"):
        refused(run_body(code, inputs={"sql": sql}), "sqlite-refused", "sandbox-sqlite.query", "ATTACH")
    refused(run_body(code, inputs={"sql": "SELECT load_extension('/tmp/x.so')"}), "sqlite-refused", "load_extension()")
    refused(run_body(code, inputs={"sql": "PRAGMA writable_schema = 1"}), "sqlite-refused", "PRAGMA writable_schema")
    assert not target.exists()
    refused(run_body(code, inputs={"sql": "SELECT * FROM nope"}), "sqlite-error", "no such table: nope")
    refused(
        run_body(
            f'import {{ query }} from "{SQLITE}";\nreturn await query(inputs.db, "SELECT 1");',
            inputs={"db": b"not a database"},
        ),
        "sqlite-invalid",
        "sandbox-sqlite.query",
    )


def test_row_and_statement_caps():
    code = f'''import {{ query, run }} from "{SQLITE}";
try {{ await query(null, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"); }}
catch (e) {{ return e.message; }}'''
    assert "more than 10000 rows" in ok(run_body(code))
    refused(
        run_body(
            f'import {{ run }} from "{SQLITE}";\nreturn await run(null, inputs.statements);',
            inputs={"statements": [{"sql": "SELECT 1"}] * 501},
        ),
        "sqlite-too-many-statements",
        "500",
    )


def test_a_endless_statement_stops_at_the_deadline_and_frees_its_thread():
    endless = f'''import {{ query }} from "{SQLITE}";
return await query(null, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c");'''
    for _ in range(5):  # more runs than host worker threads: each one's thread must come back
        refused(run_body(endless, limits={"timeoutMs": 200}), "timeout")
    # A thread still held by an endless statement would never come back: this run would time out.
    assert ok(run_body(f'import {{ query }} from "{SQLITE}";\nreturn await query(null, "SELECT 1 AS one");')) == [
        {"one": 1}
    ]


def test_rows_are_counted_as_they_are_fetched_so_large_values_stop_at_the_byte_cap():
    """30 rows of 10 MB values: the call is refused once its rows pass MAX_RESULT (50 MB), at the
    sixth row, instead of fetching them all first (10,000 such rows peaked at 5.4 GB); across the
    statements of one `run` too. The process's peak memory grows by far less than the 300 MB."""
    blobs = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 30) SELECT zeroblob(10000000) FROM c"
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    code = f'import {{ query }} from "{SQLITE}";\nreturn await query(null, inputs.sql);'
    result = run_body(code, inputs={"sql": blobs}, limits={"timeoutMs": 2000})
    refused(result, "sqlite-result-too-large", "sandbox-sqlite.query", "50 MB")
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - peak < 200 * 1024 * 1024
    two_rows = blobs.replace("LIMIT 30", "LIMIT 2")
    statements = [{"sql": two_rows}] * 3  # 20 MB each, 60 MB together
    refused(
        run_body(
            f'import {{ run }} from "{SQLITE}";\nreturn await run(null, inputs.statements);',
            inputs={"statements": statements},
            limits={"timeoutMs": 2000},
        ),
        "sqlite-result-too-large",
        "statement 2",
    )
    small = f'import {{ query }} from "{SQLITE}";\nreturn await query(null, "SELECT length(zeroblob(10000000)) AS n");'
    assert ok(run_body(small)) == [{"n": 10_000_000}]
