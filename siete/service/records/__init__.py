"""The record of finished games: writing it (one by one or in bulk), reading a game back, its
review, the ratings, and a player's history and profile."""
