"""`import_insertion_line`: where Packs → Insert Pack Import puts the new line (core decides, the editor inserts)."""

from __future__ import annotations

import pytest

from core import import_insertion_line


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("", 1),
        ("return 1;", 1),
        ("// header\n// more\nreturn 1;", 3),  # below the leading comment block
        ("// header\n\n// not leading\nreturn 1;", 2),  # the block ends at the first other line
        ('import a from "x";\nreturn a;', 2),  # below the last static import
        ('// header\nimport a from "x";\nimport {\n  b,\n} from "y";\n\nreturn a + b;', 6),
        ('import a from "x";\nconst m = await import("z");', 2),  # a dynamic import is not a place
    ],
)
def test_the_import_goes_below_imports_else_below_the_header(body, line):
    assert import_insertion_line(body) == line
