"""Static checks of what ships the game: compose file, Dockerfile, entrypoint, gunicorn, make, CI."""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from sqlalchemy.engine import make_url

from tests.support.shipping import COMPOSE, ENTRYPOINT, INTERPOLATION, ROOT, interpolate, load_compose

DOCKERFILE = ROOT / "Dockerfile"
WAIT_FOR_DB = ROOT / "docker" / "wait_for_db.py"


def env_example() -> dict[str, str]:
    """KEY=value lines of .env.example, commented-out ones included (they document the key)."""
    pairs = {}
    for line in (ROOT / ".env.example").read_text().splitlines():
        match = re.match(r"^#?([A-Z][A-Z0-9_]*)=(.*)$", line.strip())
        if match:
            pairs[match.group(1)] = match.group(2)
    return pairs


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined and comments dropped."""
    logical, pending = [], ""
    for line in DOCKERFILE.read_text().splitlines():
        if line.lstrip().startswith("#") and not pending:
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        logical.append(pending + line)
        pending = ""
    pairs = []
    for line in filter(str.strip, logical):
        keyword, _, args = line.strip().partition(" ")
        pairs.append((keyword.upper(), args.strip()))
    return pairs


def exec_form_or_shell(args: str) -> list[str]:
    """The words of a CMD/ENTRYPOINT, whether in JSON exec form or shell form."""
    return json.loads(args) if args.startswith("[") else shlex.split(args)


# --- docker-compose.yml -------------------------------------------------------------------

def test_compose_file_validates_against_the_compose_spec_schema():
    schema = json.loads((ROOT / "tests" / "compose-spec.json").read_text())
    jsonschema.Draft7Validator(schema).validate(load_compose())


def test_compose_db_is_mysql8_utf8mb4_with_tcp_healthcheck_and_named_volume():
    compose = load_compose()
    db = compose["services"]["db"]
    assert db["image"] == "mysql:8"
    assert "--character-set-server=utf8mb4" in db["command"]
    probe = " ".join(db["healthcheck"]["test"])
    # TCP, not the socket: the socket answers during init, before the seed has run.
    assert "mysqladmin ping" in probe and "-h 127.0.0.1" in probe
    volume_names = {v.split(":")[0] for v in db["volumes"]}
    assert set(compose["volumes"]) & volume_names, "db data must live in a named volume"


def test_compose_runs_schema_before_seed_and_both_files_exist():
    mounts = [v.split(":") for v in load_compose()["services"]["db"]["volumes"]]
    init = {Path(target).name: source for source, target, *_ in mounts
            if target.startswith("/docker-entrypoint-initdb.d/")}
    ordered = [init[name] for name in sorted(init)]
    assert ordered == ["./sql/schema.sql", "./sql/seed.sql"]
    for source in ordered:
        assert (ROOT / source).is_file(), f"{source} is mounted but missing"


def test_compose_app_waits_for_healthy_db_and_is_published_through_nginx_on_8000():
    """#24.8: gunicorn's sync workers are never published by themselves; nginx is, on 8000."""
    services = load_compose()["services"]
    app, proxy = services["app"], services["proxy"]
    assert app["build"] in (".", {"context": "."})
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    assert "ports" not in app and "ports" not in services["worker"]
    assert proxy["image"].startswith("nginx:") and "app" in proxy["depends_on"]
    assert [interpolate(str(p), {}) for p in proxy["ports"]] == ["8000:80"]
    assert {"DATABASE_URL", "SECRET_KEY_FILE"} <= set(app["environment"])
    # nginx is the one proxy the app believes (its X-Forwarded-For is the client's address).
    assert str(app["environment"]["TRUSTED_PROXIES"]) == "1"


def test_compose_needs_no_env_file_and_names_its_default_passwords_local_only():
    """`docker compose up` on a fresh clone: every variable has a default (#14)."""
    resolved = interpolate(COMPOSE.read_text(), {})
    compose = yaml.safe_load(resolved)
    db_env = compose["services"]["db"]["environment"]
    assert "local-only" in db_env["MYSQL_PASSWORD"] and "local-only" in db_env["MYSQL_ROOT_PASSWORD"]
    assert "ports" not in compose["services"]["db"], "the database stays inside the stack"
    app = compose["services"]["app"]
    assert make_url(app["environment"]["DATABASE_URL"]).password == db_env["MYSQL_PASSWORD"]
    # No session key in the repository: it is made on first start into a volume.
    assert "SECRET_KEY" not in app["environment"]
    key_dir = str(Path(app["environment"]["SECRET_KEY_FILE"]).parent)
    assert any(v.split(":")[1] == key_dir and v.split(":")[0] in compose["volumes"]
               for v in app["volumes"]), "the key file must live in a named volume"
    assert app["environment"]["SIETE_ENV"] != "production"


@pytest.mark.parametrize("name", ["docker-compose.yml", "compose.prod.yaml"])
def test_compose_files_never_refuse_to_start_from_interpolation(name):
    """A `${VAR:?}` stops `docker compose up` before anything runs; the app checks secrets itself."""
    assert not re.search(r"\$\{[A-Za-z_][A-Za-z0-9_]*:?\?", (ROOT / name).read_text())


def test_every_compose_variable_is_documented_in_env_example():
    used = {m.group("name") for name in ("docker-compose.yml", "compose.prod.yaml", "compose.scale.yaml")
            for line in (ROOT / name).read_text().splitlines() if not line.lstrip().startswith("#")
            for m in INTERPOLATION.finditer(line)}
    missing = used - set(env_example())
    assert not missing, f"document these in .env.example: {sorted(missing)}"


def test_compose_database_url_built_from_env_example_points_at_db_service():
    env = {k: v for k, v in env_example().items() if v}
    env.update(SECRET_KEY="x" * 64, MYSQL_PASSWORD="app-pass_1", MYSQL_ROOT_PASSWORD="root-pass")
    url = make_url(interpolate(load_compose()["services"]["app"]["environment"]["DATABASE_URL"], env))
    assert url.drivername == "mysql+pymysql"
    assert (url.host, url.port, url.database) == ("db", 3306, "siete")
    assert url.password == "app-pass_1"
    assert url.query.get("charset") == "utf8mb4"


# --- Dockerfile ------------------------------------------------------------------------

def test_dockerfile_base_image_user_healthcheck_and_gunicorn():
    instructions = dockerfile_instructions()
    keywords = [k for k, _ in instructions]
    stages = [args for k, args in instructions if k == "FROM"]
    assert stages[-1] == "python:3.11-slim"  # the image served; before it, the compiled engine's
    assert all(stage.split()[0] == "python:3.11-slim" for stage in stages)
    users = [args for k, args in instructions if k == "USER"]
    assert users and users[-1] not in ("root", "0"), "the server must not run as root"
    assert keywords.index("USER") < keywords.index("CMD")
    healthcheck = next(args for k, args in instructions if k == "HEALTHCHECK")
    assert "docker/healthcheck.py" in healthcheck
    script = (ROOT / "docker" / "healthcheck.py").read_text()
    assert "/healthz" in script and "PUBLIC_URL" in script  # the site's own host (TRUSTED_HOSTS)
    command = [word for k, args in instructions if k in ("CMD", "ENTRYPOINT")
               for word in exec_form_or_shell(args)]
    assert "gunicorn" in command and "wsgi:app" in command
    assert "/app/docker/entrypoint.sh" in command


def test_dockerfile_server_writes_only_its_instance_folder():
    """Non-root, code owned by root; the one writable place is where the key file goes (#14)."""
    runs = " ".join(args for k, args in dockerfile_instructions() if k == "RUN")
    owned = re.findall(r"(?:chown|install -d -o)\s+\S+(?:\s+-g\s+\S+)?(?:\s+-m\s+\S+)?\s+(\S+)", runs)
    assert owned == ["/app/instance"], owned
    env = " ".join(args for k, args in dockerfile_instructions() if k == "ENV")
    assert "SECRET_KEY_FILE=/app/instance/" in env and "PYTHONDONTWRITEBYTECODE=1" in env


def test_dockerfile_installs_dependencies_before_copying_the_source():
    instructions = dockerfile_instructions()
    last_from = max(i for i, (k, _) in enumerate(instructions) if k == "FROM")
    instructions = instructions[last_from:]  # the image served (the compiled engine's stage is apart)
    copies = [(i, args) for i, (k, args) in enumerate(instructions) if k == "COPY"]
    assert copies[0][1].split()[0] == "pyproject.toml", "copy pyproject first, for the layer cache"
    install = next(i for i, (k, args) in enumerate(instructions) if k == "RUN" and "pip install" in args)
    assert copies[0][0] < install < copies[1][0]


def test_every_file_the_dockerfile_copies_exists():
    for keyword, args in dockerfile_instructions():
        if keyword != "COPY" or "--from" in args:
            continue
        *sources, _dest = [word for word in args.split() if not word.startswith("--")]
        for source in sources:
            assert (ROOT / source).exists(), f"Dockerfile copies {source}, which is missing"


def test_dockerignore_keeps_secrets_and_local_state_out_of_the_image():
    ignored = set((ROOT / ".dockerignore").read_text().split())
    assert {".env", ".venv", ".git", "instance"} <= ignored


# --- entrypoint, wait_for_db, gunicorn ----------------------------------------------------

def test_entrypoint_is_executable_and_parses():
    assert os.access(ENTRYPOINT, os.X_OK)
    tracked = subprocess.run(["git", "ls-files", "-s", str(ENTRYPOINT)], cwd=ROOT,
                             capture_output=True, text=True).stdout
    if tracked:  # a fresh clone gets the mode git recorded, not the one on this disk
        assert tracked.startswith("100755")
    subprocess.run(["bash", "-n", str(ENTRYPOINT)], check=True)
    assert "exec gunicorn -c gunicorn.conf.py wsgi:app" in ENTRYPOINT.read_text()


def test_wait_for_db_gives_up_on_a_closed_port(tmp_path):
    env = dict(os.environ, DATABASE_URL="mysql+pymysql://root@127.0.0.1:1/nothing")
    done = subprocess.run([sys.executable, str(WAIT_FOR_DB), "--timeout", "1", "--interval", "0.2"],
                          env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert "gave up" in done.stderr


def test_wait_for_db_returns_at_once_for_sqlite(tmp_path):
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'x.db'}")
    done = subprocess.run([sys.executable, str(WAIT_FOR_DB), "--timeout", "5"],
                          env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr


def load_gunicorn_conf(monkeypatch, **env) -> dict:
    """Execute gunicorn.conf.py as gunicorn would, with only the given GUNICORN_*/PORT variables."""
    import runpy
    for name in ("GUNICORN_BIND", "GUNICORN_WORKERS", "GUNICORN_THREADS", "GUNICORN_WORKER_CLASS",
                 "GUNICORN_GC_FREEZE", "PORT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def test_gunicorn_conf_defaults(monkeypatch):
    import multiprocessing
    conf = load_gunicorn_conf(monkeypatch)
    assert conf["bind"] == "0.0.0.0:8000"
    assert conf["workers"] == min(2 * multiprocessing.cpu_count() + 1, conf["MAX_WORKERS"])
    assert 1 <= conf["workers"] <= 8
    assert conf["accesslog"] == "-"
    assert conf["timeout"] > 0
    # Threads hold the pages' streams (issue 37; bench/streams.py chose gthread over gevent):
    # a sync worker would be held by one stream.
    assert conf["worker_class"] == "gthread" and conf["threads"] >= 100


def test_gunicorn_conf_follows_the_environment(monkeypatch):
    conf = load_gunicorn_conf(monkeypatch, PORT="9001", GUNICORN_WORKERS="3")
    assert (conf["bind"], conf["workers"]) == ("0.0.0.0:9001", 3)
    # What the compose files pass when .env does not set it (#24.11).
    assert load_gunicorn_conf(monkeypatch, GUNICORN_WORKERS="auto")["workers"] == conf["default_workers"]()
    conf = load_gunicorn_conf(monkeypatch, GUNICORN_BIND="127.0.0.1:7000")
    assert conf["bind"] == "127.0.0.1:7000"
    conf = load_gunicorn_conf(monkeypatch, GUNICORN_THREADS="4")
    assert (conf["threads"], conf["worker_class"]) == (4, "gthread")


@pytest.mark.parametrize("setting, frozen", [(None, True), ("1", True), ("0", False)])
def test_gunicorn_workers_freeze_what_they_loaded_for_the_garbage_collector(monkeypatch, setting, frozen):
    """Without gc.freeze a full collection walked ~100k objects, 40-150 ms in a request (#7)."""
    import gc
    calls = []
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    conf = load_gunicorn_conf(monkeypatch, **({"GUNICORN_GC_FREEZE": setting} if setting else {}))
    conf["post_worker_init"](worker=None)
    assert calls == (["freeze"] if frozen else [])


# --- make, CI, README, htmx ---------------------------------------------------------------

@pytest.mark.parametrize("target", ["run", "test", "bench", "clean"])
def test_make_targets_exist(target):
    assert shutil.which("make"), "make is needed for the README's two commands"
    done = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_ci_script_is_executable_and_parses():
    for script in (ROOT / ".ci" / "run", ROOT / "scripts" / "test.sh"):
        assert os.access(script, os.X_OK), script
        subprocess.run(["bash", "-n", str(script)], check=True)


def test_readme_quick_start_is_the_two_make_commands():
    readme = (ROOT / "README.md").read_text()
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"^make \w+$", quick_start, flags=re.MULTILINE)
    assert commands == ["make run", "make test"]
    assert "docker compose up" in readme and "8000" in readme


def test_htmx_2_is_vendored_and_named_in_the_readme():
    version = re.search(r'version:"(2\.\d+\.\d+)"', (ROOT / "static" / "htmx.min.js").read_text())
    assert version, "static/htmx.min.js must be htmx 2.x"
    assert version.group(1) in (ROOT / "README.md").read_text()


# --- the entrypoint's start-up steps against the local MariaDB ----------------------------

ENTRYPOINT_DB = "siete_entrypoint_test"


def mariadb_connection():
    """A root connection to the local MariaDB, or None when none answers."""
    try:
        import pymysql
        return pymysql.connect(host="127.0.0.1", port=3306, user="root", connect_timeout=2)
    except Exception:  # noqa: BLE001 -- any failure means "no MariaDB here": skip
        return None


def table_row_counts(conn) -> dict[str, int]:
    """Rows per table of the entrypoint's scratch database."""
    with conn.cursor() as cur:
        cur.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s",
                    (ENTRYPOINT_DB,))
        tables = [row[0] for row in cur.fetchall()]
        counts = {}
        for table in tables:
            cur.execute(f"SELECT COUNT(*) FROM `{ENTRYPOINT_DB}`.`{table}`")
            counts[table] = cur.fetchone()[0]
    return counts


@pytest.mark.mariadb_only
@pytest.mark.slow
def test_entrypoint_waits_creates_schema_and_seeds_once_on_mariadb():
    conn = mariadb_connection()
    if conn is None:
        pytest.skip("no MariaDB answers at 127.0.0.1:3306")
    bin_dir = str(Path(sys.executable).parent)
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""),
               DATABASE_URL=f"mysql+pymysql://root@127.0.0.1/{ENTRYPOINT_DB}",
               SECRET_KEY="entrypoint-test-" + "k" * 40, DB_WAIT_SECONDS="10")
    probe = subprocess.run(["flask", "--app", "wsgi", "init-db", "--help"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=60)
    if probe.returncode != 0:
        pytest.skip("`flask --app wsgi init-db` is not available yet")
    with conn.cursor() as cur:
        cur.execute(f"DROP DATABASE IF EXISTS `{ENTRYPOINT_DB}`")
        cur.execute(f"CREATE DATABASE `{ENTRYPOINT_DB}` CHARACTER SET utf8mb4")
    try:
        counts = []
        for _ in range(2):  # the second start must find everything in place and add nothing
            done = subprocess.run(["bash", str(ENTRYPOINT), "true"], cwd=ROOT, env=env,
                                  capture_output=True, text=True, timeout=120)
            assert done.returncode == 0, done.stdout + done.stderr
            counts.append(table_row_counts(conn))
        assert counts[0], "init-db created no tables"
        assert sum(counts[0].values()) > 0, "init-db seeded nothing"
        assert counts[1] == counts[0]
    finally:
        with conn.cursor() as cur:
            cur.execute(f"DROP DATABASE IF EXISTS `{ENTRYPOINT_DB}`")
        conn.close()


@pytest.mark.mariadb_only
@pytest.mark.slow
def test_containers_starting_at_once_on_a_fresh_mysql_volume_all_come_up():
    """compose starts the app and the worker together; MySQL's first start has already run
    sql/schema.sql and sql/seed.sql (tables, no alembic_version), so both entrypoints would
    adopt the database, stamp it and upgrade it at the same moment (CI saw the worker's entrypoint
    fail on the duplicate alembic_version row and its container restart). Four starts at once
    made that happen here two times in three; under the setup lock each waits its turn."""
    conn = mariadb_connection()
    if conn is None or shutil.which("mysql") is None:
        pytest.skip("needs the local MariaDB and its mysql client")
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"],
               DATABASE_URL=f"mysql+pymysql://root@127.0.0.1/{ENTRYPOINT_DB}",
               SECRET_KEY="entrypoint-test-" + "k" * 40, DB_WAIT_SECONDS="10")
    with conn.cursor() as cur:
        cur.execute(f"DROP DATABASE IF EXISTS `{ENTRYPOINT_DB}`")
        cur.execute(f"CREATE DATABASE `{ENTRYPOINT_DB}` CHARACTER SET utf8mb4")
    try:
        for sql in ("schema.sql", "seed.sql"):  # as MySQL's docker-entrypoint-initdb.d does
            with (ROOT / "sql" / sql).open() as script:
                subprocess.run(["mysql", "-h127.0.0.1", "-uroot", ENTRYPOINT_DB], stdin=script,
                               check=True, timeout=60)
        starts = [subprocess.Popen(["bash", str(ENTRYPOINT), "true"], cwd=ROOT, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                  for _ in range(4)]
        outputs = [start.communicate(timeout=180)[0] for start in starts]
        assert [start.returncode for start in starts] == [0] * 4, "\n----\n".join(outputs)
        assert sum("Stamped the existing database" in output for output in outputs) == 1
        with conn.cursor() as cur:
            cur.execute(f"SELECT version_num FROM `{ENTRYPOINT_DB}`.alembic_version")
            assert len(cur.fetchall()) == 1
    finally:
        with conn.cursor() as cur:
            cur.execute(f"DROP DATABASE IF EXISTS `{ENTRYPOINT_DB}`")
        conn.close()
