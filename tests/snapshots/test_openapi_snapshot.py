"""The OpenAPI schema, as `manage.py spectacular` writes it, is the committed tests/snapshots/openapi.yaml: a
restructuring changes no path, operation id, field or wording of the API. `UPDATE_SNAPSHOTS=1` rewrites it.

On PostgreSQL only, as the site runs: the integer fields' bounds come from the database backend (SQLite gives
every positive integer field int64 bounds, PostgreSQL 2^31 - 1 or 32767)."""

import pytest
from django.core.management import call_command

from tests.snapshots.snapshot_helpers import OPENAPI_FILE, compare


@pytest.mark.needs_postgres
def test_openapi_schema_is_its_snapshot(tmp_path):
    out = tmp_path / "openapi.yaml"
    call_command("spectacular", "--lang", "en", "--file", str(out))
    compare("the OpenAPI schema", out.read_text(encoding="utf-8"), OPENAPI_FILE, how_to_see=" (manage.py spectacular)")
