#!/usr/bin/env bash
# Container start-up: refuse production on the local stack's defaults, wait for the
# database, then `flask db-setup`: a database made before migrations is stamped at the
# baseline (as `flask db-adopt`), the schema brought to the migrations' head (as `flask db
# upgrade`) and the reference data loaded once (as `flask init-db`), all under the database's
# setup lock, because the app and its worker start together. Then replace this shell with the
# server so it receives signals directly.
# Arguments, if any, are the command to exec instead of gunicorn.
set -euo pipefail
cd "$(dirname "$0")/.."

python docker/check_settings.py
python docker/wait_for_db.py
flask --app wsgi db-setup

if [ "${SIETE_ENTRYPOINT_NO_EXEC:-0}" = 1 ]; then
    echo "entrypoint: SIETE_ENTRYPOINT_NO_EXEC=1, not starting the server"
    exit 0
fi
if [ $# -gt 0 ]; then
    exec "$@"
fi
exec gunicorn -c gunicorn.conf.py wsgi:app
