"""The reports of REPORTS.md: definitions (catalog), aggregates, the /reports pages (routes)."""
