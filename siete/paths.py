"""Where the repository's own files are: the folders beside siete/ that the code reads at run
time (the XML settings and their schemas, the SQL people read, the migrations, the templates
and static files). The one module that knows the package sits in the repository's root."""
from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
CONFIG_DIR = REPO_ROOT / "config"
SQL_DIR = REPO_ROOT / "sql"
MIGRATIONS_DIR = REPO_ROOT / "migrations"
TEMPLATES_DIR = REPO_ROOT / "templates"
STATIC_DIR = REPO_ROOT / "static"
