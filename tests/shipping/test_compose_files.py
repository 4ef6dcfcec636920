"""Static checks of compose.prod.yaml, compose.scale.yaml, the nginx in front (#14, #24) and the
entrypoint's production check. The running stack is tested in tests/compose/."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import jsonschema
import pytest
import yaml
from sqlalchemy.engine import make_url

from tests.support.shipping import ENTRYPOINT, ROOT, interpolate

# --- the production stack and the scale-out file ------------------------------------------

def load(name: str) -> dict:
    return yaml.safe_load((ROOT / name).read_text())


# Where production differs from the local stack on purpose (environment keys); everything else
# in the two files must be the same text, so the two cannot drift apart.
PRODUCTION_ONLY = {"SECRET_KEY", "TRUSTED_HOSTS", "SMTP_HOST", "SMTP_PORT", "SMTP_TLS",
                   "SMTP_USERNAME", "SMTP_PASSWORD", "MAIL_SENDER"}
PRODUCTION_DIFFERS = {"DATABASE_URL", "SECRET_KEY_FILE", "SIETE_ENV", "PUBLIC_URL",
                      "TRUSTED_PROXIES", "MYSQL_PASSWORD", "MYSQL_ROOT_PASSWORD"}


def test_production_is_the_local_stack_but_for_its_settings():
    local, prod = load("docker-compose.yml"), load("compose.prod.yaml")
    assert local["name"] == prod["name"] and local["volumes"] == prod["volumes"]
    assert set(local["services"]) == set(prod["services"]) == {"db", "app", "worker", "proxy", "redis"}
    for name, service in local["services"].items():
        theirs = prod["services"][name]
        mine_env, their_env = service.get("environment", {}), theirs.get("environment", {})
        assert set(their_env) - set(mine_env) <= PRODUCTION_ONLY, name
        assert set(mine_env) <= set(their_env), f"{name}: production lacks {set(mine_env) - set(their_env)}"
        for key in set(mine_env) - PRODUCTION_DIFFERS:
            assert mine_env[key] == their_env[key], f"{name}: {key}"
        rest = {k: v for k, v in service.items() if k not in ("environment", "ports")}
        assert rest == {k: v for k, v in theirs.items() if k not in ("environment", "ports")}, name


def test_production_requires_real_secrets_the_site_address_and_mail():
    schema = json.loads((ROOT / "tests" / "compose-spec.json").read_text())
    prod = load("compose.prod.yaml")
    jsonschema.Draft7Validator(schema).validate(prod)
    for name in ("app", "worker"):
        env = prod["services"][name]["environment"]
        assert env["SIETE_ENV"] == "production" and env["SECRET_KEY_FILE"] == ""
        assert interpolate(env["SECRET_KEY"], {}) == "", "no key falls back to a default"
        assert make_url(interpolate(env["DATABASE_URL"], {})).password in (None, "")
        # #24.2: the reset links' address and the mail server reach the app and the worker
        # (which sends the mail), from .env and from nowhere else.
        for key in ("PUBLIC_URL", "SMTP_HOST", "SMTP_USERNAME", "SMTP_PASSWORD", "SMTP_PORT"):
            assert env[key] == f"${{{key}}}", (name, key)
            assert interpolate(env[key], {key: "from-env"}) == "from-env"
        assert interpolate(env["SMTP_TLS"], {}) == "starttls"
        # Two proxies: the TLS proxy on the host, then nginx.
        assert interpolate(str(env["TRUSTED_PROXIES"]), {}) == "2"
    db = prod["services"]["db"]["environment"]
    assert interpolate(db["MYSQL_ROOT_PASSWORD"], {}) == ""
    # Only the TLS proxy on the host reaches nginx: published on loopback; the app not at all.
    assert [interpolate(p, {}) for p in prod["services"]["proxy"]["ports"]] == ["127.0.0.1:8000:80"]
    assert "ports" not in prod["services"]["app"]
    assert "compose.prod.yaml" in (ROOT / "README.md").read_text()


def test_the_local_stack_links_to_localhost_unless_told_otherwise():
    env = load("docker-compose.yml")["services"]["app"]["environment"]
    assert interpolate(env["PUBLIC_URL"], {}) == "http://localhost:8000"
    assert interpolate(env["PUBLIC_URL"], {"PUBLIC_URL": "http://192.168.1.20:8000"}) \
        == "http://192.168.1.20:8000"
    proxy = load("docker-compose.yml")["services"]["proxy"]["environment"]
    assert proxy["PUBLIC_URL"] == env["PUBLIC_URL"], "nginx sends the app PUBLIC_URL's host"


def test_compose_defaults_are_the_apps_own():
    """Every optional setting has its default written in the compose files (an engine-neutral
    "unset" does not exist, #24.11): they must be what the app does without it."""
    from siete.cli.worker import DEFAULTS as WORKER_DEFAULTS
    from siete.paths import CONFIG_DIR
    from siete.settings import play_defaults
    from siete.web.rate_limits import RATE_LIMIT_DEFAULTS
    app_defaults = {
        "TURN_SECONDS": play_defaults({})["TURN_SECONDS"],
        "LOGIN_RATE_LIMIT": RATE_LIMIT_DEFAULTS["LOGIN_RATE_LIMIT"],
        "RATELIMIT_STORAGE_URI": RATE_LIMIT_DEFAULTS["RATELIMIT_STORAGE_URI"],
        "WORKER_INTERVAL_S": WORKER_DEFAULTS["WORKER_INTERVAL_S"],
        # the image copies config/ to /app/config (Dockerfile)
        "SIETE_GAME_CONFIG": "/app/" + str((CONFIG_DIR / "Basic_Config_Game.xml").relative_to(ROOT)),
        "SIETE_CARDS_FILE": "/app/" + str((CONFIG_DIR / "cards.xml").relative_to(ROOT)),
        "GUNICORN_WORKERS": "auto",
    }
    for name in ("docker-compose.yml", "compose.prod.yaml"):
        env = load(name)["services"]["app"]["environment"]
        for key, default in app_defaults.items():
            assert interpolate(env[key], {}) == str(default), (name, key)
    assert "COPY config/ config/" in (ROOT / "Dockerfile").read_text()


def test_scale_out_is_two_app_containers_behind_the_same_nginx_sharing_redis():
    scale = load("compose.scale.yaml")
    jsonschema.Draft7Validator(json.loads((ROOT / "tests" / "compose-spec.json").read_text())).validate(scale)
    assert set(scale) == {"services"} and set(scale["services"]) == {"redis", "app"}
    assert scale["services"]["redis"]["image"].startswith("redis:")
    app = scale["services"]["app"]
    assert app["deploy"] == {"mode": "replicated", "replicas": 2}
    assert app["environment"] == {"RATELIMIT_STORAGE_URI": "redis://redis:6379"}
    assert app["depends_on"] == {"redis": {"condition": "service_started"}}
    # Only keys the stacks do not have yet, or mappings: every engine merges those alike.
    for name in ("docker-compose.yml", "compose.prod.yaml"):
        base = load(name)["services"]["app"]
        assert "deploy" not in base and "RATELIMIT_STORAGE_URI" in base["environment"]
        assert isinstance(base["depends_on"], dict)


def test_nginx_sends_the_app_one_fixed_host_and_buffers_whole_requests():
    """#24.2: Host and X-Forwarded-Host come from PUBLIC_URL, never from the client; #24.8:
    requests are read whole by nginx before the app sees them."""
    conf = (ROOT / "docker" / "nginx" / "default.conf.template").read_text()
    code = "\n".join(line.split("#")[0] for line in conf.splitlines())
    assert "$http_host" not in code and "$host" not in code.replace("$siete_public_host", "")
    assert re.search(r"map \"\$\{PUBLIC_URL\}\" \$siete_public_host", code)
    assert re.search(r"proxy_set_header Host \$siete_public_host;", code)
    assert re.search(r"proxy_set_header X-Forwarded-Host \$siete_public_host;", code)
    assert re.search(r"proxy_request_buffering on;", code) and re.search(r"proxy_buffering on;", code)
    assert re.search(r"proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;", code)
    for name in ("docker-compose.yml", "compose.prod.yaml"):
        proxy = load(name)["services"]["proxy"]
        mounts = {v.split(":")[1]: v.split(":")[0] for v in proxy["volumes"]}
        assert mounts["/etc/nginx/templates/default.conf.template"] == "./docker/nginx/default.conf.template"
        assert proxy["environment"]["SIETE_APP_ADDRESS"] == "app:8000"
        assert proxy["environment"]["NGINX_ENVSUBST_FILTER"] == "^(PUBLIC_URL|SIETE_APP_ADDRESS|SIETE_RESOLVER)"
        envsh = mounts["/docker-entrypoint.d/15-siete-resolver.envsh"]
        assert os.access(ROOT / envsh, os.X_OK), "the image's entrypoint sources executable ones only"
    assert set(re.findall(r"\$\{(\w+)\}", code)) == {"PUBLIC_URL", "SIETE_APP_ADDRESS", "SIETE_RESOLVER"}


def test_compose_runs_the_worker_beside_the_app_with_its_settings():
    """`flask --app wsgi worker` keeps time for every table (and sends the mail); it serves no HTTP."""
    for name in ("docker-compose.yml", "compose.prod.yaml"):
        services = load(name)["services"]
        worker, app = services["worker"], services["app"]
        assert worker["command"] == ["flask", "--app", "wsgi", "worker"]
        assert "profiles" not in worker and "ports" not in worker
        assert worker["healthcheck"] == {"test": ["NONE"]}, "the image's /healthz check is the app's"
        assert worker["image"] == app["image"] and worker["volumes"] == app["volumes"]
        assert worker["depends_on"]["db"]["condition"] == "service_healthy"
        assert worker["environment"] == app["environment"], name


@pytest.mark.parametrize("env, refused", [
    ({"SIETE_ENV": "local", "DATABASE_URL": "mysql+pymysql://siete:siete-local-only@db/siete"}, []),
    ({"SIETE_ENV": "production", "SECRET_KEY": "k" * 40,
      "DATABASE_URL": "mysql+pymysql://siete:Str0ng-pass@db/siete"}, []),
    ({"SIETE_ENV": "production", "SECRET_KEY": "", "SECRET_KEY_FILE": "",
      "DATABASE_URL": "mysql+pymysql://siete:Str0ng-pass@db/siete"}, ["SECRET_KEY"]),
    ({"SIETE_ENV": "production", "SECRET_KEY": "k" * 40,
      "DATABASE_URL": "mysql+pymysql://siete:siete-local-only@db/siete"}, ["local stack's default"]),
    ({"SIETE_ENV": "production", "SECRET_KEY": "k" * 40,
      "DATABASE_URL": "mysql+pymysql://siete:@db/siete"}, ["is empty"]),
])
def test_entrypoint_refuses_production_on_the_local_defaults(env, refused):
    done = subprocess.run([sys.executable, str(ROOT / "docker" / "check_settings.py")],
                          env={"PATH": os.environ["PATH"], **env}, capture_output=True, text=True, timeout=60)
    assert done.returncode == (1 if refused else 0), done.stderr
    for words in refused:
        assert words in done.stderr
    assert "check_settings.py" in ENTRYPOINT.read_text().split("wait_for_db.py")[0]
