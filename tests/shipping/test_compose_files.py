"""Static checks of docker-compose.yml's scale profile, compose.prod.yaml and the entrypoint's
production check (#14). The running stack is tested in tests/compose/."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import jsonschema
import pytest
import yaml
from sqlalchemy.engine import make_url

from tests.support.shipping import ENTRYPOINT, ROOT, interpolate, load_compose

# --- the scale profile and the production override ---------------------------------------

class ComposeTagLoader(yaml.SafeLoader):
    """YAML with Compose's merge tags (!override, !reset), read as their plain values."""


for _tag in ("!override", "!reset"):
    ComposeTagLoader.add_constructor(_tag, lambda loader, node: (
        loader.construct_sequence(node) if isinstance(node, yaml.SequenceNode)
        else loader.construct_mapping(node) if isinstance(node, yaml.MappingNode)
        else loader.construct_scalar(node)))


def load_prod() -> dict:
    return yaml.load((ROOT / "compose.prod.yaml").read_text(), Loader=ComposeTagLoader)


def test_scale_profile_is_nginx_before_two_replicas_sharing_redis_and_mysql():
    services = load_compose()["services"]
    assert not any("profiles" in services[name] for name in ("db", "app")), "the default stack"
    for name in ("redis", "replica", "lb"):
        assert services[name]["profiles"] == ["scale"], name
    replica = services["replica"]
    assert replica["deploy"]["replicas"] >= 2 and replica["deploy"]["mode"] == "replicated"
    assert "ports" not in replica, "replicas are reached through the load balancer only"
    env = replica["environment"]
    assert env["RATELIMIT_STORAGE_URI"] == "redis://redis:6379"
    assert str(env["TRUSTED_PROXIES"]) == "1"
    assert env["DATABASE_URL"] == services["app"]["environment"]["DATABASE_URL"]
    assert replica["volumes"] == services["app"]["volumes"], "one session key for all"
    assert services["lb"]["image"].startswith("nginx:")
    assert services["redis"]["image"].startswith("redis:")
    source, target, *_ = services["lb"]["volumes"][0].split(":")
    assert target == "/etc/nginx/conf.d/default.conf"
    nginx = (ROOT / source).read_text()
    assert "server replica:8000" in nginx and "proxy_pass http://siete_app" in nginx
    for header in ("X-Forwarded-For", "X-Forwarded-Proto", "X-Upstream"):
        assert header in nginx


def test_compose_runs_the_worker_beside_the_app_with_its_settings():
    """`flask --app wsgi worker` keeps time for every table; it serves no HTTP."""
    services = load_compose()["services"]
    worker, app = services["worker"], services["app"]
    assert worker["command"] == ["flask", "--app", "wsgi", "worker"]
    assert "profiles" not in worker and "ports" not in worker
    assert worker["healthcheck"] == {"disable": True}, "the image's /healthz check is the app's"
    assert worker["image"] == app["image"] and worker["volumes"] == app["volumes"]
    assert worker["depends_on"]["db"]["condition"] == "service_healthy"
    for name in ("DATABASE_URL", "SECRET_KEY", "SECRET_KEY_FILE", "SIETE_ENV"):
        assert worker["environment"][name] == app["environment"][name], name
    assert "worker" in services["replica"]["depends_on"], "`up lb` must bring the worker"


def test_production_override_validates_and_requires_real_secrets():
    schema = json.loads((ROOT / "tests" / "compose-spec.json").read_text())
    prod = load_prod()
    jsonschema.Draft7Validator(schema).validate(prod)
    app = prod["services"]["app"]["environment"]
    assert app["SIETE_ENV"] == "production" and app["SECRET_KEY_FILE"] == ""
    for name in ("app", "worker", "replica"):
        env = prod["services"][name]["environment"]
        assert interpolate(env["SECRET_KEY"], {}) == "", "no key falls back to a default"
        assert make_url(interpolate(env["DATABASE_URL"], {})).password in (None, "")
    db = prod["services"]["db"]["environment"]
    assert interpolate(db["MYSQL_ROOT_PASSWORD"], {}) == ""
    # Only the TLS proxy on the host reaches the app: published on loopback.
    assert all(p.startswith("127.0.0.1:") for p in prod["services"]["app"]["ports"])
    assert "compose.prod.yaml" in (ROOT / "README.md").read_text()


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
