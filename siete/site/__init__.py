"""Pages of the site itself rather than of the game: the health checks (routes)."""
