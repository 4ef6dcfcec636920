"""The play blueprint: the lobby, the tables and the HTMX game (routes, forms, context)."""
