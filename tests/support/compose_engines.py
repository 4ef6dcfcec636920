"""What each compose engine would run for a set of compose files (#24.11), side by side.

- Docker Compose v2 is not installed on these machines: its reading is modelled here from the
  Compose specification (interpolation, merge keys, multiple files, profiles, deploy.replicas,
  healthcheck) for the constructs the project's files use; whatever the model does not cover
  it refuses rather than guesses.
- podman-compose (Debian's 1.0.3 and the venv's >= 1.6) is asked for real: it runs `up -d` with
  a fake podman (tests/support/fake_podman.sh) that writes down each `podman run`/`create` instead of
  starting anything, so what is compared is exactly the arguments each container would get.

Each container is reduced to a Container: service, environment, published ports, mounts,
healthcheck, restart policy, image and command.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
FAKE_PODMAN = Path(__file__).resolve().with_name("fake_podman.sh")
PROJECT = "siete"  # given with -p: podman-compose 1.0.3 ignores the files' `name:`
DEBIAN_PODMAN_COMPOSE = Path("/usr/bin/podman-compose")  # Debian bookworm's package: 1.0.3
# 1.0.3 sleeps a second after each podman call it makes (pacing, nothing it reads): run its own
# module with the sleep taken out, or each reading takes five seconds.
DEBIAN_WITHOUT_PACING = ("import sys, time; time.sleep = lambda seconds: None; import podman_compose; "
                         "sys.argv[0] = 'podman-compose'; podman_compose.main()")


@dataclass(frozen=True, order=True)
class Container:
    service: str
    env: tuple[tuple[str, str], ...]
    ports: tuple[str, ...]
    mounts: tuple[str, ...]
    health: tuple[str, ...]  # ("image",), ("none",) or ("cmd", words..., "interval=5s", ...)
    restart: str
    image: str
    command: tuple[str, ...]


def podman_composes() -> dict[str, list[str]]:
    """The podman-compose installations here, by name: 1.0.3 (Debian's) and the venv's."""
    found = {}
    if DEBIAN_PODMAN_COMPOSE.exists():
        python = DEBIAN_PODMAN_COMPOSE.read_text().splitlines()[0].removeprefix("#!").strip()
        found["podman-compose 1.0.3"] = [python, "-c", DEBIAN_WITHOUT_PACING]
    venv = Path(sys.executable).with_name("podman-compose")
    if venv.exists():
        found["podman-compose (venv)"] = [str(venv)]
    return found


# --- podman-compose, asked ------------------------------------------------------------------

def podman_compose_containers(command: list[str], workdir: Path, files: list[str],
                              shell: dict[str, str] | None = None) -> list[Container]:
    """The containers `podman-compose -f ... up -d` would create in workdir (its .env read)."""
    log = workdir / f"podman-calls-{len(list(workdir.glob('podman-calls-*')))}"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(workdir),
           "FAKE_PODMAN_LOG": str(log), **(shell or {})}
    args = [*command, "--podman-path", str(FAKE_PODMAN), "-p", PROJECT]
    for name in files:
        args += ["-f", name]
    done = subprocess.run([*args, "up", "-d"], cwd=workdir, env=env, capture_output=True,
                          text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n"
                           f"{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    calls = [call.split("\x1f")[:-1] for call in log.read_text().split("\x1e")[:-1]]
    shell_env = shell or {}
    return sorted(container_from_call(call[1:], workdir, shell_env) for call in calls
                  if call[:1] in (["run"], ["create"]))


# podman options that take a value (as the next word, or joined with "=")
VALUE_OPTIONS = {
    "--name", "--pod", "--requires", "--label", "-e", "-v", "--mount", "--net", "--network",
    "--network-alias", "-p", "--restart", "--entrypoint", "-u", "-w", "--hostname",
    "--healthcheck-command", "--healthcheck-interval", "--healthcheck-timeout",
    "--healthcheck-start-period", "--healthcheck-retries", "--health-cmd", "--health-interval",
    "--health-timeout", "--health-start-period", "--health-retries", "--env-file",
}
HEALTH_TIMINGS = ("interval", "timeout", "start-period", "retries")


def split_podman_args(args: list[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """(option, value) pairs (flags get ""), then the image and command words."""
    options, index = [], 0
    while index < len(args) and args[index].startswith("-"):
        word = args[index]
        name, joined, value = word.partition("=")
        if joined and name in VALUE_OPTIONS:
            options.append((name, value))
        elif word in VALUE_OPTIONS:
            options.append((word, args[index + 1]))
            index += 1
        else:
            options.append((word, ""))
        index += 1
    return options, args[index:]


def container_from_call(args: list[str], workdir: Path, shell: dict[str, str]) -> Container:
    options, rest = split_podman_args(args)
    labels = dict(value.split("=", 1) for name, value in options if name == "--label")
    env: dict[str, str] = {}
    for name, value in options:
        if name == "-e":
            key, has_value, text = value.partition("=")
            if has_value:
                env[key] = text
            elif key in shell:  # `-e KEY`: podman takes it from its own environment
                env[key] = shell[key]
    mounts = [mount_from_option(name, value, workdir) for name, value in options
              if name in ("-v", "--mount")]
    return Container(
        service=labels["com.docker.compose.service"], env=tuple(sorted(env.items())),
        ports=tuple(sorted(value for name, value in options if name == "-p")),
        mounts=tuple(sorted(mounts)), health=health_from_options(options),
        restart=next((value for name, value in options if name == "--restart"), ""),
        image=rest[0], command=tuple(rest[1:]))


def mount_from_option(name: str, value: str, workdir: Path) -> str:
    """source:target[:ro], a bind's source relative to the project ("./..."), a volume's
    without the project's prefix."""
    if name == "--mount":
        fields = dict(part.partition("=")[::2] for part in value.split(","))
        source, target = fields["source"], fields.get("destination") or fields["target"]
        read_only = "ro" in fields or fields.get("readonly") == "true"
    else:
        source, target, *flags = value.split(":")
        read_only = "ro" in flags
    if source.startswith(str(workdir) + "/"):
        source = "./" + source[len(str(workdir)) + 1:]
    elif source.startswith(PROJECT + "_"):
        source = source[len(PROJECT) + 1:]
    return f"{source}:{target}" + (":ro" if read_only else "")


def health_from_options(options: list[tuple[str, str]]) -> tuple[str, ...]:
    values = dict(options)
    if "--no-healthcheck" in values:
        return ("none",)
    if "--health-cmd" in values:  # >= 1.6: a JSON list (CMD) or ["CMD-SHELL", text]
        words = json.loads(values["--health-cmd"])
        words = shlex.split(words[1]) if words[:1] == ["CMD-SHELL"] else words
        prefix = "--health-"
    elif "--healthcheck-command" in values:  # 1.0.3: "/bin/sh -c word' 'word..." as one string
        words = shlex.split(values["--healthcheck-command"])
        words = shlex.split(words[2]) if words[:2] == ["/bin/sh", "-c"] else words
        prefix = "--healthcheck-"
    else:
        return ("image",)
    timings = [f"{key}={values[prefix + key]}" for key in HEALTH_TIMINGS if prefix + key in values]
    return ("cmd", *words, *timings)


# --- Docker Compose v2, modelled from the Compose specification ----------------------------

BRACED = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^{}$]*))?\}")
UNBRACED = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")


def interpolate(text: str, env: dict[str, str]) -> str:
    """The spec's interpolation: ${VAR}, $VAR, ${VAR:-d} / ${VAR-d} (unset or empty / unset),
    ${VAR:?e} / ${VAR?e}, ${VAR:+r} / ${VAR+r}, $$ for a dollar. Nesting is not modelled."""
    def braced(match: re.Match) -> str:
        name, op, arg = match.group(1), match.group(2), match.group(3) or ""
        value = env.get(name)
        unset_or_empty = value is None or value == ""
        if op in (":-", "-"):
            return arg if (unset_or_empty if op == ":-" else value is None) else value
        if op in (":?", "?"):
            if unset_or_empty if op == ":?" else value is None:
                raise ValueError(f"required variable {name}: {arg}")
            return value
        if op in (":+", "+"):
            return "" if (unset_or_empty if op == ":+" else value is None) else arg
        return value or ""
    pieces = text.split("$$")
    resolved = [UNBRACED.sub(lambda m: env.get(m.group(1)) or "", BRACED.sub(braced, piece))
                for piece in pieces]
    if any("$" in piece for piece in resolved):
        raise ValueError(f"interpolation the model does not cover: {text!r}")
    return "$".join(resolved)


def interpolate_tree(node, env: dict[str, str]):
    if isinstance(node, dict):
        return {key: interpolate_tree(value, env) for key, value in node.items()}
    if isinstance(node, list):
        return [interpolate_tree(value, env) for value in node]
    return interpolate(node, env) if isinstance(node, str) else node


def merge(base: dict, override: dict, path: str = "") -> dict:
    """A later file over an earlier one: mappings merge key by key. Merging a list onto a list
    (whose rules differ by key, and between engines) is not modelled: refused."""
    for key, value in override.items():
        if key in base and isinstance(base[key], dict) and isinstance(value, dict):
            merge(base[key], value, f"{path}.{key}")
        elif key in base and (isinstance(base[key], list) or isinstance(value, list)):
            raise ValueError(f"merging lists at {path}.{key} is not modelled")
        else:
            base[key] = value
    return base


def spec_containers(workdir: Path, files: list[str], shell: dict[str, str] | None = None,
                    profiles: tuple[str, ...] = ()) -> list[Container]:
    """The containers Docker Compose v2 would create, per the spec (shell over .env)."""
    from dotenv import dotenv_values  # python-dotenv comes with podman-compose (test extras)
    env = {k: v for k, v in dotenv_values(workdir / ".env").items() if v is not None} \
        if (workdir / ".env").exists() else {}
    env.update(shell or {})
    model: dict = {}
    for name in files:
        document = yaml.safe_load((workdir / name).read_text())  # merge keys (<<) included
        merge(model, interpolate_tree(document, env))
    containers = []
    for service, desc in model["services"].items():
        if desc.get("profiles") and not set(desc["profiles"]) & set(profiles):
            continue
        replicas = int(desc.get("deploy", {}).get("replicas", 1))
        containers += [spec_container(service, desc, env)] * replicas
    return sorted(containers)


def spec_container(service: str, desc: dict, env: dict[str, str]) -> Container:
    environment = {}
    for key, value in (desc.get("environment") or {}).items():
        if value is None:  # a pass-through: the project's environment (.env and shell)
            if key in env:
                environment[key] = env[key]
        else:
            environment[key] = str(value).lower() if isinstance(value, bool) else str(value)
    command = desc.get("command") or []
    return Container(
        service=service, env=tuple(sorted(environment.items())),
        ports=tuple(sorted(str(port) for port in desc.get("ports", []))),
        mounts=tuple(sorted(desc.get("volumes", []))), health=spec_health(desc.get("healthcheck")),
        restart=desc.get("restart", ""), image=desc.get("image") or f"{PROJECT}_{service}",
        command=tuple(shlex.split(command) if isinstance(command, str) else command))


def spec_health(check: dict | None) -> tuple[str, ...]:
    if not check:
        return ("image",)
    test = check.get("test")
    if check.get("disable") or test == ["NONE"]:
        return ("none",)
    words = shlex.split(test) if isinstance(test, str) else \
        shlex.split(test[1]) if test[0] == "CMD-SHELL" else test[1:]
    timings = [f"{key}={check[key.replace('-', '_')]}" for key in HEALTH_TIMINGS
               if key.replace("-", "_") in check]
    return ("cmd", *words, *timings)


# --- a project copy to run them on ----------------------------------------------------------

def project_copy(tmp: Path, files: dict[str, str], dotenv: str | None) -> Path:
    """A directory with the compose files given (name -> text) and, unless None, a .env."""
    tmp.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (tmp / name).write_text(text)
    if dotenv is not None:
        (tmp / ".env").write_text(dotenv)
    return tmp


def have_everything() -> str | None:
    """None when both podman-composes are here, else what is missing."""
    found = podman_composes()
    if len(found) < 2:
        return f"needs Debian's podman-compose 1.0.3 and the venv's; found {sorted(found) or 'none'}"
    return None
