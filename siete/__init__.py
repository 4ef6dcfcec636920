"""Siete y medio: a server-rendered card game (the app factory is siete.app.create_app)."""
