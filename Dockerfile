# syntax=docker/dockerfile:1
# Siete y medio served by gunicorn. Build: docker build -t siete .  Run: see docker-compose.yml.
# The engine compiled by mypyc (scripts/compile_engine.py), in a stage of its own so the image
# carries no compiler. When this stage cannot build it (no compiler or package index reachable),
# it leaves an empty build/native and the image runs the same engine as plain Python.
FROM python:3.11-slim AS engine
WORKDIR /app
COPY pyproject.toml ./
COPY siete/__init__.py siete/
COPY siete/engine/ siete/engine/
COPY scripts/compile_engine.py scripts/
RUN { apt-get update -qq \
      && apt-get install -y -qq --no-install-recommends gcc libc6-dev >/dev/null \
      && pip install --no-cache-dir "$(python -c "import tomllib; print(next(d for d in tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['test'] if d.startswith('mypy')))")" \
      && python scripts/compile_engine.py; } \
    || echo "compile_engine: not built; the image runs the engine as plain Python"; \
    mkdir -p build/native

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first, from pyproject.toml alone: this layer is rebuilt only
# when the dependencies change, not on every source edit.
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
        > /tmp/requirements.txt \
    && pip install -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt

# The application runs from /app (gunicorn and flask import wsgi.py from the
# working directory), so the package itself needs no install step.
COPY wsgi.py gunicorn.conf.py ./
COPY siete/ siete/
COPY templates/ templates/
COPY static/ static/
COPY config/ config/
COPY sql/ sql/
COPY migrations/ migrations/
COPY docker/ docker/
# Used only if its manifest matches the engine's sources copied above (siete/__init__.py).
COPY --from=engine /app/build/native/ build/native/

# Never serve as root. The code stays root's (read-only to the server); the one place the
# server writes is /app/instance (the secret key made on first start, see SECRET_KEY_FILE),
# a volume in docker-compose.yml. Python writes no .pyc (PYTHONDONTWRITEBYTECODE) and
# gunicorn's heartbeat files go to /tmp.
RUN useradd --system --uid 10001 --user-group --home-dir /app --no-create-home siete \
    && install -d -o siete -g siete -m 0700 /app/instance \
    && chmod 0755 docker/entrypoint.sh
USER siete

# Production unless told otherwise; with no SECRET_KEY the key is made once into
# SECRET_KEY_FILE (compose.prod.yaml turns that off: production gets SECRET_KEY).
ENV SIETE_ENV=production \
    SECRET_KEY_FILE=/app/instance/secret_key \
    PORT=8000
EXPOSE 8000

# /healthz also checks the database, so an app that lost MySQL turns unhealthy; the check names
# PUBLIC_URL's host, which TRUSTED_HOSTS lets through (docker/healthcheck.py).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "/app/docker/healthcheck.py"]

# The entrypoint waits for the database and runs `flask init-db`, then execs the CMD.
ENTRYPOINT ["/app/docker/entrypoint.sh"]
CMD ["gunicorn", "-c", "gunicorn.conf.py", "wsgi:app"]
