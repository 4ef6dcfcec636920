"""The command line: one Click group for `python -m siete` and `flask --app wsgi`."""
