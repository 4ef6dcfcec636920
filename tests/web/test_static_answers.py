"""What a static file's answer carries: a file asked for by its content hash is cached a year
and immutable, so it needs no validators (ETag, Last-Modified: a browser never revalidates an
immutable answer) and no Content-Disposition (inline is what a browser does anyway); the
first visit's budget (tests/e2e/test_e2e_table.py, 40 KB) counts each header byte of its ~7
static files. Asked for without its hash the file keeps its validators, to be revalidated."""
from __future__ import annotations

from flask import url_for


def test_a_versioned_static_file_is_immutable_and_carries_no_validators(app, client):
    with app.test_request_context():
        versioned = url_for("static", filename="js/siete.js")
    answer = client.get(versioned)
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    for header in ("ETag", "Last-Modified", "Content-Disposition"):
        assert header not in answer.headers, header
    plain = client.get("/static/js/siete.js")
    assert plain.status_code == 200 and "immutable" not in plain.headers.get("Cache-Control", "")
    assert "ETag" in plain.headers and "Content-Disposition" not in plain.headers
