#!/bin/sh
# Secrets come from the environment. When SECRET_KEY is not given, the web container generates one once
# into the shared volume (owner-only), and the worker and beat (started after web is healthy) read it.
set -eu
if [ -z "${SECRET_KEY:-}" ]; then
  key_file=/var/lib/atout/secret_key
  if [ ! -s "$key_file" ]; then
    umask 077
    python -c 'import secrets; print(secrets.token_urlsafe(50))' > "$key_file"
  fi
  SECRET_KEY="$(cat "$key_file")"
  export SECRET_KEY
fi
exec "$@"
