"""#24.11: docker-compose.yml, compose.prod.yaml and compose.scale.yaml mean the same to Docker
Compose v2, podman-compose >= 1.6 and Debian's podman-compose 1.0.3.

Each engine's reading is compared container by container: environment, ports, mounts,
healthcheck, restart, image, command, and how many of each (tests/support/compose_engines.py: the two
podman-composes are run for real with a fake podman; Docker Compose is modelled from the spec).
The constructs 1.0.3 reads differently are shown one by one, so the rules the files follow
(written at the top of docker-compose.yml) rest on evidence, and a static check keeps them out.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.support.compose_engines import (
    ROOT,
    podman_compose_containers,
    podman_composes,
    project_copy,
    spec_containers,
)
from tests.support.compose_engines import have_everything as missing_engines

COMPOSE_FILES = ("docker-compose.yml", "compose.prod.yaml", "compose.scale.yaml")
STACKS = {
    "local": ["docker-compose.yml"],
    "production": ["compose.prod.yaml"],
    "local + scale": ["docker-compose.yml", "compose.scale.yaml"],
    "production + scale": ["compose.prod.yaml", "compose.scale.yaml"],
}
VARIABLE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)")


def variables() -> list[str]:
    return sorted({name for file in COMPOSE_FILES
                   for line in (ROOT / file).read_text().splitlines()
                   if not line.lstrip().startswith("#") for name in VARIABLE.findall(line)})


DOTENVS = {
    "no .env": None,
    ".env.example as shipped": (ROOT / ".env.example").read_text(),
    "every variable set": "".join(f"{name}=set-{name.lower()}\n" for name in variables())
    + 'MAIL_SENDER="Mesa siete <mesa@example.org>"\n',
    "every variable empty": "".join(f"{name}=\n" for name in variables()),
}

needs_engines = pytest.mark.skipif(bool(missing_engines()), reason=missing_engines() or "")


def readings(tmp_path: Path, files: dict[str, str], stack: list[str], dotenv: str | None,
             shell: dict[str, str] | None = None) -> dict[str, list]:
    """Each engine's containers for the stack, on a copy of the files with that .env."""
    workdir = project_copy(tmp_path / "project", files, dotenv)
    found = {"Docker Compose v2 (spec)": spec_containers(workdir, stack, shell)}
    for name, command in podman_composes().items():
        found[name] = podman_compose_containers(command, workdir, stack, shell)
    return found


def differences(found: dict[str, list]) -> str:
    """Where each engine's containers differ from the first engine's, service by service."""
    def by_service(containers: list) -> dict[str, list]:
        grouped: dict[str, list] = {}
        for container in containers:
            grouped.setdefault(container.service, []).append(container)
        return grouped
    (first, expected), *others = ((name, by_service(found[name])) for name in found)
    lines = []
    for name, containers in others:
        for service in sorted(set(expected) | set(containers)):
            mine, theirs = expected.get(service, []), containers.get(service, [])
            if mine != theirs:
                lines.append(f"{service}: {name} runs {theirs}\n  where {first} runs {mine}")
    return "\n".join(lines)


@needs_engines
@pytest.mark.parametrize("dotenv", DOTENVS)
@pytest.mark.parametrize("stack", STACKS)
def test_every_engine_runs_the_same_containers(tmp_path, stack, dotenv):
    files = {name: (ROOT / name).read_text() for name in COMPOSE_FILES}
    found = readings(tmp_path, files, STACKS[stack], DOTENVS[dotenv])
    assert not differences(found), differences(found)
    spec = found["Docker Compose v2 (spec)"]
    services = sorted({c.service for c in spec})
    expected = ["app", "db", "proxy", "redis", "worker"]  # Redis: the streams' bus, in every stack
    assert services == sorted(expected), services
    assert len([c for c in spec if c.service == "app"]) == (2 if "scale" in stack else 1)


@needs_engines
def test_what_each_engine_gives_the_app_on_a_fresh_clone(tmp_path):
    """The values themselves, as every engine passes them: the issue's crash-loop was 1.0.3
    handing the app RATELIMIT_STORAGE_URI=${RATELIMIT_STORAGE_URI:-} literally."""
    files = {name: (ROOT / name).read_text() for name in COMPOSE_FILES}
    for engine, containers in readings(tmp_path, files, STACKS["local"], None).items():
        app = dict(next(c for c in containers if c.service == "app").env)
        assert app["RATELIMIT_STORAGE_URI"] == "memory://", engine
        assert app["PUBLIC_URL"] == "http://localhost:8000", engine
        assert "SECRET_KEY" not in app and app["SECRET_KEY_FILE"] == "/app/instance/secret_key"
        assert not any("${" in value for value in app.values()), (engine, app)
        proxy = next(c for c in containers if c.service == "proxy")
        assert proxy.ports == ("8000:80",), engine
        worker = next(c for c in containers if c.service == "worker")
        assert worker.health == ("none",), engine


# --- the constructs, one at a time -----------------------------------------------------------

def one_service(environment: str = "", extra: str = "") -> str:
    return ("services:\n  s:\n    image: busybox\n"
            + (f"    environment:\n{environment}" if environment else "") + extra)


CONSTRUCTS = {
    # what: (compose file, .env, do all three engines agree?)
    "${X:-} (X unset)": (one_service("      V: ${X:-}\n"), "", False),
    "${X:-d} (X= empty in .env)": (one_service("      V: ${X:-d}\n"), "X=\n", False),
    "bare X: (X in .env)": (one_service("      X:\n"), "X=from-dotenv\n", False),
    "environment merging an anchor, with ${X:-}": (
        "x-e: &e\n  A: a\nservices:\n  s:\n    image: busybox\n    environment:\n"
        "      <<: *e\n      V: ${X:-}\n", "", False),
    "profiles": (one_service() + "  t:\n    image: busybox\n    profiles: [extra]\n", "", False),
    "healthcheck: disable: true": (one_service(extra="    healthcheck:\n      disable: true\n"),
                                   "", False),
    # the forms the project's files use
    "${X-d} (X unset)": (one_service("      V: ${X-d}\n"), "", True),
    "${X-d} (X= empty in .env)": (one_service("      V: ${X-d}\n"), "X=\n", True),
    "${X-d} (X set in .env)": (one_service("      V: ${X-d}\n"), "X=x\n", True),
    "${X} (X set in .env)": (one_service("      V: ${X}\n"), "X=x\n", True),
    "environment merging an anchor, with ${X-d}": (
        "x-e: &e\n  A: a\nservices:\n  s:\n    image: busybox\n    environment:\n"
        "      <<: *e\n      V: ${X-d}\n", "", True),
    "$$ for a dollar": (one_service("      V: a$$b\n"), "", True),
    "healthcheck: test: [NONE]": (one_service(extra="    healthcheck:\n      test: [\"NONE\"]\n"),
                                  "", True),
}


@needs_engines
@pytest.mark.parametrize("construct", CONSTRUCTS)
def test_which_constructs_debians_podman_compose_reads_differently(tmp_path, construct):
    text, dotenv, agree = CONSTRUCTS[construct]
    found = readings(tmp_path, {"docker-compose.yml": text}, ["docker-compose.yml"], dotenv)
    if agree:
        assert not differences(found), differences(found)
    else:
        spec = found.pop("Docker Compose v2 (spec)")
        assert found.pop("podman-compose 1.0.3") != spec, "1.0.3 reads this one alike after all"
        assert not differences({"spec": spec, **found}), "the venv's podman-compose differs too"


@needs_engines
def test_debians_podman_compose_cannot_read_override_tags(tmp_path):
    text = one_service(extra="    ports: !override\n      - \"8000:80\"\n")
    workdir = project_copy(tmp_path, {"docker-compose.yml": text}, "")
    with pytest.raises(RuntimeError, match="constructor for the tag '!override'"):
        podman_compose_containers(podman_composes()["podman-compose 1.0.3"], workdir,
                                  ["docker-compose.yml"])


# --- and a static check, which needs no engine ----------------------------------------------

FORBIDDEN = {
    r"\$\{\w+:[-?+]": "${X:-...}, ${X:?...}, ${X:+...} (1.0.3 has no empty-or-unset forms)",
    r"\$\{\w+[-?+]\}": "${X-} and the like: 1.0.3 needs a non-empty default",
    r"\$\{\w+[?+]": "${X?...} and ${X+...}",
    r"(?<!\$)\$[A-Za-z_]": "$X without braces",
    r"!override|!reset": "merge tags",
    r"^\s*profiles:": "profiles",
    r"^\s*disable:": "healthcheck: disable",
}


@pytest.mark.parametrize("name", COMPOSE_FILES)
def test_compose_files_keep_to_what_every_engine_reads_alike(name):
    text = (ROOT / name).read_text()
    code = "\n".join(line.split(" #")[0] for line in text.splitlines()
                     if not line.lstrip().startswith("#"))
    for pattern, what in FORBIDDEN.items():
        assert not re.search(pattern, code, re.MULTILINE), f"{name} uses {what}"
    for service, desc in yaml.safe_load(text)["services"].items():
        bare = [key for key, value in (desc.get("environment") or {}).items() if value is None]
        assert not bare, f"{name}: {service} passes {bare} through bare (1.0.3: shell only)"
