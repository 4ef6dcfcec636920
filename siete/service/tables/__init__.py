"""A table's life: opening it and seating people, its turns, timers and pace, who may see it, and
the rematch that follows it."""
