"""The container engine for tests/compose/: podman with podman-compose, run on the project's own
docker-compose.yml, and the stand-in base images for machines that cannot reach a registry.

`python tests/compose/compose_engine.py` prints whether the compose tests can run here (exit 0)
or why not (exit 1); scripts/test.sh asks it before the compose step.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SANDBOX_CONF = HERE / "containers.conf"
STANDINS = HERE / "standins" / "build.sh"
# podman drops the Dockerfile's HEALTHCHECK unless it builds in Docker's image format, and
# --pull=never keeps it from asking a registry for the base images the stand-ins replace.
BUILD_ARGS = "--format docker --pull=never"

# Variables docker-compose.yml reads: none may come from the caller, so the stack is zero-config.
COMPOSE_VARIABLES = re.compile(r"^(MYSQL_\w+|SECRET_KEY\w*|SIETE_\w+|APP_PORT|DB_WAIT_SECONDS|GUNICORN_\w+|"
                               r"LOGIN_RATE_LIMIT|RATELIMIT_\w+|TURN_SECONDS|COMPOSE_\w+|PUBLIC_URL|SMTP_\w+|"
                               r"MAIL_SENDER|TRUSTED_\w+|WORKER_\w+)$")


def engine_env() -> dict[str, str]:
    """os.environ, plus CONTAINERS_CONF=tests/compose/containers.conf on a machine without
    systemd (a container, like CI here), where podman's defaults fail; a caller's own
    CONTAINERS_CONF wins."""
    env = dict(os.environ)
    if "CONTAINERS_CONF" not in env and not Path("/run/systemd/system").is_dir():
        env["CONTAINERS_CONF"] = str(SANDBOX_CONF)
    return env


SCALE_FILES = ("docker-compose.yml", "compose.scale.yaml")


def compose_command() -> list[str]:
    """$SIETE_PODMAN_COMPOSE if set (e.g. /usr/bin/podman-compose, Debian's 1.0.3: the stack must
    run with that too, #24.11), else podman-compose from the project's venv (pyproject's test
    extras: 1.6 or later), else from the PATH."""
    chosen = os.environ.get("SIETE_PODMAN_COMPOSE")
    if chosen:
        return [chosen]
    beside_python = Path(sys.executable).with_name("podman-compose")
    if beside_python.exists():
        return [str(beside_python)]
    found = shutil.which("podman-compose")
    return [found] if found else []


def why_not() -> str | None:
    """None when the compose tests can run here, else the reason in one line."""
    if not shutil.which("podman"):
        return "podman is not installed (apt-get install podman runc podman-compose debootstrap)"
    if not compose_command():
        return "podman-compose is not installed (pip install 'podman-compose>=1.6')"
    env = engine_env()
    done = subprocess.run(["podman", "info"], env=env, capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        return "podman does not work here: " + (done.stderr.strip().splitlines() or ["?"])[-1]
    if not shutil.which("debootstrap") and not _official_images_present(env):
        return "no base images: debootstrap (for the stand-ins) is missing"
    return None


def _official_images_present(env: dict[str, str]) -> bool:
    names = ("python:3.11-slim", "mysql:8", "nginx:1.27", "redis:7")
    return all(subprocess.run(["podman", "image", "exists", f"docker.io/library/{n}"],
                              env=env).returncode == 0 for n in names)


def build_standins(env: dict[str, str]) -> None:
    """Build the missing stand-in base images (cached: existing ones are kept)."""
    subprocess.run(["bash", str(STANDINS)], env=env, check=True, timeout=1800)


def project_copy(target: Path) -> Path:
    """The files a stack needs (the build context and the compose files), copied into target:
    somewhere podman-compose 1.0.3 can read an .env of the test's own (it reads only the one
    beside the compose file)."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in listed:
        if name.split("/")[0] in ("tests", "bench", "docs", ".ci") and not name.startswith("tests/compose/"):
            continue
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def compose_version(env: dict[str, str]) -> tuple[int, ...]:
    """The version of the podman-compose compose_command() runs, e.g. (1, 0, 3)."""
    done = subprocess.run([*compose_command(), "version"], env=env, capture_output=True, text=True,
                          timeout=60)
    found = re.search(r"podman-compose(?:r)? version\s+(\d+(?:\.\d+)+)", done.stdout + done.stderr)
    if not found:
        raise RuntimeError(f"cannot tell podman-compose's version:\n{done.stdout}{done.stderr}")
    return tuple(int(part) for part in found.group(1).split("."))


class Stack:
    """One compose project of docker-compose.yml, on host ports of its own."""

    def __init__(self, project: str, env: dict[str, str]):
        self.project = project
        self.env = env
        self.env_file: Path | None = None  # instead of the repository's .env
        self.root = ROOT  # where the compose files (and, for 1.0.3, the .env) are
        # Debian's 1.0.3 has no --env-file (it reads the project's .env) and no `config`.
        self.legacy = compose_version(env) < (1, 1)

    def compose(self, *args: str, files: tuple[str, ...] = (), timeout: float = 900,
                check: bool = True) -> subprocess.CompletedProcess:
        """Run podman-compose with this project's name (and compose files) in the repository."""
        command = [*compose_command(), "-p", self.project, f"--podman-build-args={BUILD_ARGS}"]
        if self.env_file and not self.legacy:
            command += ["--env-file", str(self.env_file)]
        for name in files:
            command += ["-f", name]
        done = subprocess.run([*command, *args], cwd=self.root, env=self.env, capture_output=True,
                              text=True, timeout=timeout)
        if check and done.returncode != 0:
            raise RuntimeError(f"podman-compose {' '.join(args)} failed ({done.returncode}):\n"
                               f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
        return done

    def podman(self, *args: str, timeout: float = 120, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run(["podman", *args], env=self.env, capture_output=True, text=True,
                              timeout=timeout)
        if check and done.returncode != 0:
            raise RuntimeError(f"podman {' '.join(args)} failed: {done.stderr[-2000:]}")
        return done

    def containers(self, service: str) -> list[str]:
        """Names of the service's running containers, in order."""
        done = self.podman("ps", "--format", "{{.Names}}",
                           "--filter", f"label=com.docker.compose.project={self.project}",
                           "--filter", f"label=com.docker.compose.service={service}")
        return sorted(done.stdout.split())

    def address(self, container: str) -> str:
        """The container's address on the project's network."""
        return self.podman("inspect", container, "--format",
                           "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}").stdout.strip()

    def healthy(self, container: str) -> bool:
        """Run the image's HEALTHCHECK now (podman runs it on a timer only under systemd)."""
        return self.podman("healthcheck", "run", container, check=False).returncode == 0

    def wait_healthy(self, container: str, seconds: float = 240) -> float:
        """Seconds until the container's HEALTHCHECK passes."""
        start = time.monotonic()
        while not self.healthy(container):
            if time.monotonic() - start > seconds:
                logs = self.podman("logs", "--tail", "40", container, check=False)
                raise RuntimeError(f"{container} not healthy in {seconds} s:\n{logs.stdout}{logs.stderr}")
            time.sleep(1)
        return time.monotonic() - start

    def down(self, files: tuple[str, ...] = SCALE_FILES) -> None:
        """Remove the project's containers, network and volumes (scale-out's included)."""
        self.compose("down", "-v", files=files, check=False, timeout=300)

    def logs(self, service: str) -> str:
        """What the service's containers wrote, stdout and stderr."""
        return "".join(done.stdout + done.stderr for done in
                       (self.podman("logs", name, check=False) for name in self.containers(service)))


if __name__ == "__main__":
    reason = why_not()
    print(f"compose tests: cannot run here: {reason}" if reason else "compose tests: podman works")
    sys.exit(1 if reason else 0)
