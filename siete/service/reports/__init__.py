"""The sixteen reports of REPORTS.md as queries: their definitions, the SQL files that run them
(sql/reports/), and the reads the pages, the downloads and the command line make of them."""
