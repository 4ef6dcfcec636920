#!/bin/sh
# Stand-in for the official nginx image's entrypoint (test scaffolding), same contract: when the
# command is nginx, the files of /docker-entrypoint.d/ run in version order, *.envsh sourced (so
# what they export reaches the next ones), *.sh run; then the command is exec'd.
set -e
if [ "$1" = nginx ] || [ "$1" = nginx-debug ]; then
    for script in $(find /docker-entrypoint.d/ -follow -type f | sort -V); do
        case "$script" in
            *.envsh) if [ -x "$script" ]; then echo "$0: sourcing $script"; . "$script"; fi ;;
            *.sh) if [ -x "$script" ]; then echo "$0: running $script"; "$script"; fi ;;
        esac
    done
fi
exec "$@"
