#!/usr/bin/env bash
# Container start-up: refuse production on the local stack's defaults, wait for the
# database, bring its schema to the migrations' head (Alembic: `flask db upgrade`; a
# database made before migrations is first stamped at the baseline by `flask db-adopt`),
# seed it once (`flask init-db`), then replace this shell with the server so it receives
# signals directly.
# Arguments, if any, are the command to exec instead of gunicorn.
set -euo pipefail
cd "$(dirname "$0")/.."

python docker/check_settings.py
python docker/wait_for_db.py
flask --app wsgi db-adopt
flask --app wsgi db upgrade
flask --app wsgi init-db

if [ "${SIETE_ENTRYPOINT_NO_EXEC:-0}" = 1 ]; then
    echo "entrypoint: SIETE_ENTRYPOINT_NO_EXEC=1, not starting the server"
    exit 0
fi
if [ $# -gt 0 ]; then
    exec "$@"
fi
exec gunicorn -c gunicorn.conf.py wsgi:app
