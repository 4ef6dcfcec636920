"""The WSGI entry point: `flask --app wsgi run`, `gunicorn wsgi:app`."""
from siete import create_app

app = create_app()
