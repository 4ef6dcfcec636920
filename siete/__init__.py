"""Siete y medio: a server-rendered card game."""
