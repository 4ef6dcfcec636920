#!/bin/sh
# Stand-in (test scaffolding) for the official image's script: every *.template under
# NGINX_ENVSUBST_TEMPLATE_DIR (/etc/nginx/templates) is written, suffix dropped, under
# NGINX_ENVSUBST_OUTPUT_DIR (/etc/nginx/conf.d) with envsubst filling in the environment's
# variables whose names match NGINX_ENVSUBST_FILTER (all when unset); others stay as written.
set -e
template_dir="${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}"
suffix="${NGINX_ENVSUBST_TEMPLATE_SUFFIX:-.template}"
output_dir="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}"
filter="${NGINX_ENVSUBST_FILTER:-}"
[ -d "$template_dir" ] || exit 0
defined=$(printf '${%s} ' $(awk "END { for (name in ENVIRON) if (name ~ /${filter}/) print name }" </dev/null))
find "$template_dir" -follow -type f -name "*$suffix" | while read -r template; do
    relative="${template#"$template_dir/"}"
    output="$output_dir/${relative%"$suffix"}"
    mkdir -p "$(dirname "$output")"
    echo "$0: envsubst $template > $output"
    envsubst "$defined" < "$template" > "$output"
done
