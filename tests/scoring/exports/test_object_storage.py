"""Exports on an object store, for web processes on more than one host (issue 23, item 4).

With a disk per host (one MEDIA_ROOT per instance), a file written on one host is missing on the other: its
download answers 404 there. With ATOUT_S3_BUCKET every host writes and reads the same private bucket, through
Django's storage API and the same checked download view: no bucket address ever reaches a page.

The bucket is a real S3 endpoint: moto in server mode on a free port, spoken to over HTTP by boto3.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import boto3
import environ
import pytest
from django.urls import reverse

from config import backing
from scoring.models import Export
from tests.own_redis import free_port

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("celery_eager")]

BUCKET = "atout-exports"


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


@pytest.fixture(scope="module")
def s3_endpoint() -> Iterator[str]:
    """moto's S3 server, started for this module and stopped after it."""
    port = free_port()
    command = [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while not _answers(port):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"moto's S3 server did not come up on port {port} ({shutil.which('moto_server')})")
        time.sleep(0.05)  # polling a port that is coming up: there is no event to wait on
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def s3(s3_endpoint, settings, monkeypatch, tmp_path):
    """Settings as a multi-host installation sets them (config/settings.py with ATOUT_S3_BUCKET), on an
    empty bucket; each host's own disk is a separate MEDIA_ROOT."""
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "atout-test")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "atout-test-secret")
    client = boto3.client("s3", endpoint_url=s3_endpoint, region_name="us-east-1")
    client.create_bucket(Bucket=BUCKET)
    settings.MEDIA_ROOT = tmp_path / "host-1"
    monkeypatch.setenv("ATOUT_S3_BUCKET", BUCKET)
    monkeypatch.setenv("ATOUT_S3_ENDPOINT_URL", s3_endpoint)
    monkeypatch.setenv("ATOUT_S3_REGION", "us-east-1")
    settings.STORAGES = {**settings.STORAGES, "default": backing.default_storage(environ.Env())}
    assert settings.STORAGES["default"]["OPTIONS"]["default_acl"] == "private"
    yield client
    for item in client.list_objects_v2(Bucket=BUCKET).get("Contents", []):
        client.delete_object(Bucket=BUCKET, Key=item["Key"])
    client.delete_bucket(Bucket=BUCKET)


def url(event, name, *args):
    return reverse(f"results:{name}", args=[event.club.slug, event.slug, *args])


def _export(client, event, kind: str, capture) -> Export:
    with capture(execute=True):
        response = client.post(url(event, "export_start"), {"kind": kind}, HTTP_ACCEPT="application/json")
    assert response.status_code == 202, response.content
    export = Export.objects.get(event=event, kind=kind)
    assert export.status == Export.Status.DONE, export.error
    return export


def test_an_export_written_on_one_host_downloads_on_another(
    s3, organiser_client, played_event, settings, tmp_path, django_capture_on_commit_callbacks
):
    export = _export(organiser_client, played_event, "pdf", django_capture_on_commit_callbacks)
    keys = [item["Key"] for item in s3.list_objects_v2(Bucket=BUCKET)["Contents"]]
    assert keys == [export.file.name]
    stored = s3.get_object(Bucket=BUCKET, Key=export.file.name)["Body"].read()
    assert stored.startswith(b"%PDF")
    assert not (tmp_path / "host-1").exists()  # nothing on the writing host's own disk

    settings.MEDIA_ROOT = tmp_path / "host-2"  # the other host: its own, empty disk
    download = organiser_client.get(url(played_event, "export_download", export.pk))
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith("attachment;")
    assert b"".join(download.streaming_content) == stored


def test_with_a_disk_per_host_the_other_host_answers_404_not_500(
    organiser_client, played_event, settings, tmp_path, django_capture_on_commit_callbacks
):
    """What the bucket is for: the same export on local disks, downloaded through the other host."""
    settings.MEDIA_ROOT = tmp_path / "host-1"
    export = _export(organiser_client, played_event, "csv", django_capture_on_commit_callbacks)
    assert organiser_client.get(url(played_event, "export_download", export.pk)).status_code == 200
    settings.MEDIA_ROOT = tmp_path / "host-2"
    assert organiser_client.get(url(played_event, "export_download", export.pk)).status_code == 404


def test_the_bucket_stays_private_and_no_page_names_it(
    s3, s3_endpoint, organiser_client, client, played_event, django_capture_on_commit_callbacks
):
    export = _export(organiser_client, played_event, "xlsx", django_capture_on_commit_callbacks)
    acl = s3.get_object_acl(Bucket=BUCKET, Key=export.file.name)
    assert [g["Permission"] for g in acl["Grants"] if g["Grantee"].get("URI", "").endswith("AllUsers")] == []
    page = organiser_client.get(url(played_event, "page")).content.decode()
    status = organiser_client.get(url(played_event, "status")).content.decode()
    for text in (page, status):
        assert s3_endpoint not in text and BUCKET not in text
    assert url(played_event, "export_download", export.pk) in status
    # The download view is the only way in, and it checks the organiser: a visitor is sent to log in.
    client.logout()
    response = client.get(url(played_event, "export_download", export.pk))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_file_gone_from_the_bucket_answers_404(
    s3, organiser_client, played_event, django_capture_on_commit_callbacks
):
    export = _export(organiser_client, played_event, "csv", django_capture_on_commit_callbacks)
    s3.delete_object(Bucket=BUCKET, Key=export.file.name)
    assert organiser_client.get(url(played_event, "export_download", export.pk)).status_code == 404
