"""Telling open pages that something changed: the bus a commit publishes on, and each page's stream
of server-sent events."""
