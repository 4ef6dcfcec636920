#!/bin/sh
# A stand-in for the podman binary that only writes down how it was called (test scaffolding).
# podman-compose is run with `--podman-path` pointing here (tests/support/compose_engines.py): each call's
# arguments are appended to $FAKE_PODMAN_LOG (unit separator after each, record separator after
# the call), and the few questions podman-compose asks are answered so that it goes on to create
# every container as it would for real: the image exists, no container does yet, a named volume
# is there. Nothing is started. (sh, not Python: podman-compose calls it a dozen times a stack.)
printf '%s\037' "$@" >> "$FAKE_PODMAN_LOG"
printf '\036' >> "$FAKE_PODMAN_LOG"
case "$1 $2" in
    "--version "* | "version "*) echo "podman version 4.3.1" ;;  # the podman these machines run
    "ps "*) echo "[]" ;;
    "volume inspect") printf '[{"Name": "%s", "Labels": {}}]\n' "$3" ;;
    "inspect "*) echo "sha256:0000000000000000000000000000000000000000000000000000000000000000" ;;
esac
exit 0
