"""Players' history: game pages and replays, exports, "My games", profiles and rankings."""
