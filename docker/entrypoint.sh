#!/usr/bin/env bash
# Container start-up: wait for the database, create the schema and seed it
# (idempotent: `flask init-db` creates missing tables and seeds only once),
# then replace this shell with the server so it receives signals directly.
# Arguments, if any, are the command to exec instead of gunicorn.
set -euo pipefail
cd "$(dirname "$0")/.."

python docker/wait_for_db.py
flask --app wsgi init-db

if [ "${SIETE_ENTRYPOINT_NO_EXEC:-0}" = 1 ]; then
    echo "entrypoint: SIETE_ENTRYPOINT_NO_EXEC=1, not starting the server"
    exit 0
fi
if [ $# -gt 0 ]; then
    exec "$@"
fi
exec gunicorn -c gunicorn.conf.py wsgi:app
