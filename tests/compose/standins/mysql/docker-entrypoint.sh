#!/usr/bin/env bash
# The official mysql image's start-up contract, on MariaDB (test scaffolding):
# - arguments starting with "-" are options for the server; "mysqld" means the server;
# - on an empty data directory: MYSQL_ROOT_PASSWORD / MYSQL_ALLOW_EMPTY_PASSWORD /
#   MYSQL_RANDOM_ROOT_PASSWORD (one is required), MYSQL_DATABASE, MYSQL_USER + MYSQL_PASSWORD,
#   then the files of /docker-entrypoint-initdb.d in name order (*.sql into MYSQL_DATABASE, *.sh),
#   all on a server that listens on no TCP port, so clients see it only once it is ready.
set -euo pipefail
DATADIR=/var/lib/mysql
SOCKET=/run/mysqld/mysqld.sock

if [ "${1:0:1}" = "-" ]; then set -- mysqld "$@"; fi
if [ "$1" != mysqld ] && [ "$1" != mariadbd ]; then exec "$@"; fi
shift
SERVER=(mariadbd --user=mysql --datadir="$DATADIR" --socket="$SOCKET" "$@")

sql() { mariadb --protocol=socket --socket="$SOCKET" -uroot "$@"; }
quote() { printf "'%s'" "${1//\'/\'\'}"; }

initialise() {
    if [ -z "${MYSQL_ROOT_PASSWORD:-}" ] && [ -z "${MYSQL_ALLOW_EMPTY_PASSWORD:-}" ] \
            && [ -z "${MYSQL_RANDOM_ROOT_PASSWORD:-}" ]; then
        echo "error: database is uninitialized and password option is not specified" >&2
        echo "  You need to specify one of MYSQL_ROOT_PASSWORD, MYSQL_ALLOW_EMPTY_PASSWORD and MYSQL_RANDOM_ROOT_PASSWORD" >&2
        exit 1
    fi
    echo "entrypoint: initialising $DATADIR"
    chown -R mysql:mysql "$DATADIR" /run/mysqld
    mariadb-install-db --user=mysql --datadir="$DATADIR" --skip-test-db \
        --auth-root-authentication-method=normal >/dev/null
    "${SERVER[@]}" --skip-networking &
    local pid=$!
    for _ in $(seq 1 60); do sql -e 'SELECT 1' >/dev/null 2>&1 && break; sleep 1; done
    local root_password="${MYSQL_ROOT_PASSWORD:-}"
    if [ -n "${MYSQL_RANDOM_ROOT_PASSWORD:-}" ]; then
        root_password=$(head -c 24 /dev/urandom | base64)
        echo "GENERATED ROOT PASSWORD: $root_password"
    fi
    local rp; rp=$(quote "$root_password")
    sql <<SQL
DELETE FROM mysql.global_priv WHERE User = '' OR (User = 'root' AND Host NOT IN ('localhost'));
ALTER USER 'root'@'localhost' IDENTIFIED BY $rp;
CREATE USER 'root'@'%' IDENTIFIED BY $rp;
GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;
FLUSH PRIVILEGES;
SQL
    local auth=(-uroot); [ -n "$root_password" ] && auth+=(-p"$root_password")
    if [ -n "${MYSQL_DATABASE:-}" ]; then
        sql "${auth[@]:1}" -e "CREATE DATABASE IF NOT EXISTS \`$MYSQL_DATABASE\`"
    fi
    if [ -n "${MYSQL_USER:-}" ] && [ -n "${MYSQL_PASSWORD:-}" ]; then
        sql "${auth[@]:1}" -e "CREATE USER $(quote "$MYSQL_USER")@'%' IDENTIFIED BY $(quote "$MYSQL_PASSWORD")"
        if [ -n "${MYSQL_DATABASE:-}" ]; then
            sql "${auth[@]:1}" -e "GRANT ALL ON \`$MYSQL_DATABASE\`.* TO $(quote "$MYSQL_USER")@'%'"
        fi
    fi
    for f in /docker-entrypoint-initdb.d/*; do
        [ -e "$f" ] || continue
        echo "entrypoint: running $f"
        case "$f" in
            *.sh) . "$f" ;;
            *.sql) sql "${auth[@]:1}" ${MYSQL_DATABASE:+"$MYSQL_DATABASE"} < "$f" ;;
            *.sql.gz) gunzip -c "$f" | sql "${auth[@]:1}" ${MYSQL_DATABASE:+"$MYSQL_DATABASE"} ;;
            *) echo "entrypoint: ignoring $f" ;;
        esac
    done
    mariadb-admin --protocol=socket --socket="$SOCKET" "${auth[@]}" shutdown
    wait "$pid" || true
    echo "entrypoint: initialisation done"
}

install -d -o mysql -g mysql /run/mysqld
if [ ! -d "$DATADIR/mysql" ]; then initialise; fi
exec "${SERVER[@]}"
