"""compose.prod.yaml's real stack with an .env as docs/production.md says to fill it in (#24.2, #24.8).

A mail server stands by (tests/compose/smtp-sink.yaml, test scaffolding: it prints what it
receives). Someone asks for a password reset with a forged Host and X-Forwarded-Host: the mail
that arrives links to PUBLIC_URL, because the file passes PUBLIC_URL and the SMTP_* settings to
the app and the worker, and nginx sends the app PUBLIC_URL's host whatever the client said.
Only nginx is published, on 127.0.0.1.

Opt-in with the compose tests (SIETE_COMPOSE=1). podman-compose 1.0.3 has no --env-file and
reads only the .env beside the compose file: with it the stack runs from a copy of the project.
"""
from __future__ import annotations

import ast
import email
import email.policy
import os
import re
import secrets
import time

import pytest
import requests

from tests.compose.compose_engine import (
    COMPOSE_VARIABLES,
    Stack,
    build_standins,
    engine_env,
    project_copy,
    why_not,
)
from tests.compose.compose_player import Player, csrf, wait_for_page
from tests.compose.slow_clients import half_sent_requests, seconds_to_answer
from tests.support.network import free_port

pytestmark = pytest.mark.compose
PROJECT = "sietecomposeprod"
FILES = ("compose.prod.yaml", "tests/compose/smtp-sink.yaml")
PUBLIC_URL = "https://siete.example"


def printed_mails(log: str) -> list[email.message.EmailMessage]:
    """The mails smtpd's DebuggingServer printed: each line as a bytes literal, between
    "MESSAGE FOLLOWS" and "END MESSAGE" markers."""
    mails, lines = [], None
    for line in log.splitlines():
        if "MESSAGE FOLLOWS" in line:
            lines = []
        elif "END MESSAGE" in line and lines is not None:
            mails.append(email.message_from_bytes(b"\n".join(lines), policy=email.policy.default))
            lines = None
        elif lines is not None and re.match(r"^b(['\"]).*\1$", line):
            lines.append(ast.literal_eval(line))
    return mails


@pytest.fixture(scope="module")
def prod(tmp_path_factory):
    if os.environ.get("SIETE_COMPOSE") != "1":
        pytest.skip("compose tests are opt-in: SIETE_COMPOSE=1 (make test sets it when podman works)")
    reason = why_not()
    if reason:
        pytest.skip(reason)
    env = {k: v for k, v in engine_env().items()
           if not COMPOSE_VARIABLES.match(k) or k == "SIETE_PODMAN_COMPOSE"}
    build_standins(env)
    stack = Stack(PROJECT, env)
    port = free_port()
    if stack.legacy:
        stack.root = project_copy(tmp_path_factory.mktemp("project"))
        dotenv = stack.root / ".env"
    else:
        dotenv = stack.env_file = tmp_path_factory.mktemp("prod") / ".env"
    dotenv.write_text(
        f"SECRET_KEY={secrets.token_hex(32)}\nMYSQL_PASSWORD=App-{secrets.token_hex(8)}\n"
        f"MYSQL_ROOT_PASSWORD=Root-{secrets.token_hex(8)}\nPUBLIC_URL={PUBLIC_URL}\n"
        "TRUSTED_HOSTS=\nSMTP_HOST=mail\nSMTP_PORT=1025\nSMTP_TLS=none\nSMTP_USERNAME=\n"
        "SMTP_PASSWORD=\nMAIL_SENDER=Siete y medio <no-reply@siete.example>\n"
        f"APP_PORT={port}\nGUNICORN_WORKERS=2\n")
    stack.down(FILES)
    stack.base = f"http://127.0.0.1:{port}"
    try:
        stack.compose("up", "-d", files=FILES)
        wait_for_page(stack.base + "/")
        yield stack
    finally:
        if os.environ.get("SIETE_COMPOSE_KEEP") != "1":
            stack.down(FILES)


def test_production_publishes_only_nginx_on_loopback_and_passes_the_mail_settings(prod):
    proxy, = prod.containers("proxy")
    assert f"127.0.0.1:{prod.base.rsplit(':', 1)[1]}" in prod.podman("port", proxy).stdout
    for service in ("app", "worker"):  # the worker sends the mail (the outbox)
        container, = prod.containers(service)
        assert prod.podman("port", container).stdout.strip() == ""
        env = dict(line.split("=", 1) for line in
                   prod.podman("exec", container, "env").stdout.splitlines() if "=" in line)
        assert (env["PUBLIC_URL"], env["SMTP_HOST"], env["SMTP_PORT"], env["SMTP_TLS"]) == \
            (PUBLIC_URL, "mail", "1025", "none"), service
        assert env["SIETE_ENV"] == "production" and env["TRUSTED_PROXIES"] == "2"
    port = int(prod.base.rsplit(":", 1)[1])
    with half_sent_requests("127.0.0.1", port, count=10):
        held = seconds_to_answer(prod.base + "/")
    print(f"\nproduction stack: GET / in {held:.3f} s with 10 half-sent requests held")
    assert held < 1.0


def test_a_reset_mail_links_to_public_url_whatever_host_the_request_claims(prod):
    dana = Player(prod.base, "dana" + secrets.token_hex(3), "Cedar-Lantern-" + secrets.token_hex(8))
    dana.register()
    visitor = Player(prod.base, "", "")
    form = visitor.get("/auth/forgot").text
    # By hand: requests would match its cookies against the forged Host and send none.
    cookies = "; ".join(f"{cookie.name}={cookie.value}" for cookie in visitor.http.cookies)
    answer = requests.post(prod.base + "/auth/forgot", timeout=30, allow_redirects=False,
                           data={"email": f"{dana.username}@example.com", "csrf_token": csrf(form)},
                           headers={"Host": "evil.example", "X-Forwarded-Host": "evil.example",
                                    "Cookie": cookies, "Accept-Language": "en"})
    assert answer.status_code in (302, 303), answer.text[:1000]
    deadline, mails = time.monotonic() + 90, []
    while not mails:
        assert time.monotonic() < deadline, "no mail reached the SMTP server:\n" + prod.logs("mail")[-2000:]
        time.sleep(1)
        mails = printed_mails(prod.logs("mail"))
    mail, = mails
    body = mail.get_content()
    links = re.findall(r"\S+/auth/reset/\S+", body)
    print(f"\nthe mail to {mail['To']}: {links}")
    assert mail["To"] == f"{dana.username}@example.com"
    assert links and all(link.startswith(f"{PUBLIC_URL}/auth/reset/") for link in links), body
    assert "evil.example" not in mail.as_string()
