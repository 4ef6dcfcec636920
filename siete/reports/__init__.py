"""The reports of REPORTS.md on the web: the /reports pages (routes, pages) and their files
(downloads); the queries are the reports' service's (siete/service/reports/)."""
