"""The WSGI entry point: `flask --app wsgi run`, `gunicorn wsgi:app`."""
from siete.app import create_app

app = create_app()
