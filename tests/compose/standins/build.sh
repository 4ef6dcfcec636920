#!/usr/bin/env bash
# Test scaffolding, NOT the project's images: builds stand-ins for the official base images the
# Dockerfile and docker-compose.yml name (python:3.11-slim, mysql:8, nginx:1.27, redis:7) from
# Debian's packages, for machines that cannot reach an image registry (docs/testing.md: "The compose stack").
# Each stand-in is tagged with the official name so the project's files run unchanged.
# Cached: an image built from the same recipe is kept (an edited recipe is rebuilt). An image
# not labelled as a stand-in is a real official one (pulled by you) and is never replaced.
# Usage: build.sh [--rebuild]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
PODMAN="${PODMAN:-podman}"
BASE=localhost/siete-standin-base:bookworm
LABEL=siete.standin
REBUILD=0
[ "${1:-}" = --rebuild ] && REBUILD=1

# name=directory pairs: the official name and the recipe beside this script.
STANDINS=(
    "docker.io/library/python:3.11-slim=python"
    "docker.io/library/mysql:8=mysql"
    "docker.io/library/nginx:1.27=nginx"
    "docker.io/library/redis:7=redis"
)

mirror() {
    # The Debian mirror this machine's apt uses (deb822 or one-line sources).
    local uri
    uri=$(grep -hs '^URIs:' /etc/apt/sources.list.d/debian.sources | head -1 | awk '{print $2}')
    [ -n "$uri" ] || uri=$(grep -hs '^deb ' /etc/apt/sources.list | head -1 | awk '{print $2}')
    echo "${uri:-http://deb.debian.org/debian}"
}

label_of() { "$PODMAN" image inspect --format "{{index .Labels \"$2\"}}" "$1" 2>/dev/null; }
image_is_standin() { [ "$(label_of "$1" "$LABEL")" = 1 ]; }
# A digest of a stand-in's recipe: an edited recipe makes the cached image out of date.
recipe_digest() { (cd "$HERE/$1" && cat $(ls | sort)) | sha256sum | cut -c1-16; }

build_base() {
    if "$PODMAN" image exists "$BASE" && [ $REBUILD = 0 ]; then return 0; fi
    command -v debootstrap >/dev/null || { echo "standins: debootstrap is missing (apt-get install debootstrap)" >&2; return 1; }
    local root; root=$(mktemp -d /var/tmp/siete-standin-root.XXXXXX)
    echo "== standins: debootstrap bookworm (minbase) into $root"
    debootstrap --variant=minbase --include=ca-certificates bookworm "$root" "$(mirror)" >/dev/null
    # The machine's network may pass through a proxy with its own certificate authority:
    # the host's bundle lets pip inside the stand-ins verify it.
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    tar -C "$root" -c . | "$PODMAN" import --change "LABEL $LABEL=1" - "$BASE" >/dev/null
    rm -rf "$root"
}

build_standin() {
    local name=$1 dir=$2 digest
    digest=$(recipe_digest "$dir")
    if "$PODMAN" image exists "$name"; then
        if ! image_is_standin "$name"; then
            echo "== standins: $name is a real image; kept"; return 0
        fi
        if [ $REBUILD = 0 ] && [ "$(label_of "$name" "$LABEL.recipe")" = "$digest" ]; then
            echo "== standins: $name (stand-in) cached"; return 0
        fi
    fi
    build_base
    echo "== standins: building $name from $HERE/$dir"
    local ctx; ctx=$(mktemp -d)
    cp -r "$HERE/$dir/." "$ctx/"
    cp /etc/ssl/certs/ca-certificates.crt "$ctx/host-ca-certificates.crt"
    "$PODMAN" build --pull=never --format docker --build-arg "BASE=$BASE" \
        --label "$LABEL=1" --label "$LABEL.recipe=$digest" -t "$name" "$ctx"
    rm -rf "$ctx"
}

for pair in "${STANDINS[@]}"; do
    build_standin "${pair%%=*}" "${pair#*=}"
done
