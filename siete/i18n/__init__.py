"""Languages and every label a person reads: the request's language, catalogs, words."""
