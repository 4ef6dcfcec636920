"""Accounts and logins: sign-up, passwords and reset links, guests, the login sessions and their
devices, and the mail a reset sends."""
