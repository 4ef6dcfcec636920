"""Accounts: sign-up, sign-in, sessions and password reset (routes, forms, reset)."""
