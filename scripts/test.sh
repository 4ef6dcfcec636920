#!/usr/bin/env bash
# The whole test sequence behind `make test`: the linter (ruff) and the type checker (mypy), settings in
# pyproject.toml, the compiled engine rebuilt if its sources changed (every run below uses it;
# tests/engine/test_compiled_engine.py compares it with the plain sources), SQLite, then MariaDB
# when one answers, then the browser
# tests, then the compose stack when a container engine works here. Any
# failing step fails the run.
# SIETE_COMPOSE: unset = run the compose tests when podman works, else say why
# not; 1 = they must run (CI); 0 = skip them.
set -uo pipefail
cd "$(dirname "$0")/.."

PY=.venv/bin/python
MARIADB_DEFAULT_URL="mysql+pymysql://root@127.0.0.1/siete_test"

ensure_chromium() {
    # Playwright's own browser download needs its CDN, which this kind of
    # machine cannot reach, so the browser tests use Debian's Chromium.
    [ -x /usr/bin/chromium ] && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "== Installing Chromium from Debian (apt-get install chromium)"
        export DEBIAN_FRONTEND=noninteractive
        if apt-get update -qq && apt-get install -y -qq chromium >/dev/null; then
            return 0
        fi
    fi
    echo "!! /usr/bin/chromium is missing and could not be installed: browser tests will skip."
}

mariadb_answers() {
    # A 2-second TCP+login probe; pymysql is already installed in the venv.
    "$PY" - <<'PYEOF' 2>/dev/null
import pymysql
pymysql.connect(host="127.0.0.1", port=3306, user="root", connect_timeout=2).close()
PYEOF
}

create_mysql_database() {
    # The suite expects the database in TEST_DATABASE_URL to exist already.
    "$PY" - "$1" <<'PYEOF'
import sys, pymysql
from sqlalchemy.engine import make_url
url = make_url(sys.argv[1])
if url.get_backend_name() in ("mysql", "mariadb") and url.database:
    conn = pymysql.connect(host=url.host or "127.0.0.1", port=url.port or 3306,
                           user=url.username or "root", password=url.password or "",
                           connect_timeout=5)
    with conn.cursor() as cur:
        cur.execute(f"CREATE DATABASE IF NOT EXISTS `{url.database}` "
                    "CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci")
    conn.close()
PYEOF
}

# run_pytest LABEL ALLOW_EMPTY ARGS...: exit 5 means pytest collected nothing.
run_pytest() {
    local label=$1 allow_empty=$2; shift 2
    echo "== $label: pytest $*"
    "$PY" -m pytest "$@"
    local rc=$?
    if [ $rc = 5 ]; then
        if [ "$allow_empty" = yes ]; then
            echo "== $label: no tests collected (allowed for this step)"; return 0
        fi
        echo "!! $label: pytest collected NO tests (exit 5); an empty suite is a failure."
        return 5
    fi
    [ $rc = 0 ] || echo "!! $label: tests failed (pytest exit $rc)"
    return $rc
}

echo "== Lint: ruff check . (the whole repository)"
"$PY" -m ruff check . || { echo "!! Lint: ruff found problems (ruff check --fix mends most)"; exit 1; }
echo "== Types: mypy (strict over siete/; files and options in pyproject.toml)"
"$PY" -m mypy || { echo "!! Types: mypy found problems"; exit 1; }

ensure_compiled_engine() {
    # A build older than the engine's sources would not be used (siete/__init__.py): rebuild it,
    # then require it, so no run below passes on the plain engine by mistake. Without a C
    # compiler the suite runs on plain Python, except in CI, which must test the compiled build.
    echo "== Compiled engine: scripts/compile_engine.py --if-stale"
    if "$PY" scripts/compile_engine.py --if-stale; then
        export SIETE_ENGINE=compiled; return 0
    fi
    if [ "${CI:-}" = true ]; then
        echo "!! Compiled engine: the build failed; CI must test it"; return 1
    fi
    echo "== Compiled engine: not built; the suite runs the engine as plain Python."
}

ensure_compiled_engine || exit 1
ensure_chromium

# The SQLite and browser runs must not inherit a MySQL URL from the caller.
USER_TEST_DATABASE_URL="${TEST_DATABASE_URL:-}"
unset TEST_DATABASE_URL

run_compose_tests() {
    # docker-compose.yml's real stack under podman-compose (tests/compose/): minutes of CPU.
    if [ "${SIETE_COMPOSE:-}" = 0 ]; then
        echo "== Compose: SKIPPED (SIETE_COMPOSE=0)."; return 0
    fi
    local why
    if ! why=$("$PY" tests/compose/compose_engine.py); then
        if [ "${SIETE_COMPOSE:-}" = 1 ]; then
            echo "!! Compose: SIETE_COMPOSE=1 but $why"; return 1
        fi
        echo "== Compose: SKIPPED, the stack was not run: $why"; return 0
    fi
    local start=$SECONDS
    SIETE_COMPOSE=1 run_pytest "Compose (podman-compose; stand-in base images where the official ones are missing)" \
        no -m compose -p no:cacheprovider tests/compose || return $?
    echo "== Compose: took $((SECONDS - start)) s; measured times:"
    sed 's/^/   /' tests/artifacts/compose-times.txt 2>/dev/null
}

run_pytest "SQLite" no -m "not browser and not compose" || exit $?

if [ -n "$USER_TEST_DATABASE_URL" ] || mariadb_answers; then
    export TEST_DATABASE_URL="${USER_TEST_DATABASE_URL:-$MARIADB_DEFAULT_URL}"
    create_mysql_database "$TEST_DATABASE_URL" || exit 1
    run_pytest "MariaDB ($TEST_DATABASE_URL)" no -m "not browser and not compose" || exit $?
    unset TEST_DATABASE_URL
else
    echo "== MariaDB: nothing answers at 127.0.0.1:3306 and TEST_DATABASE_URL is unset; skipped."
fi

run_pytest "Browser (SQLite)" yes -m browser || exit $?
run_compose_tests || exit $?
echo "== All test runs passed."
