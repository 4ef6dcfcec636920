"""Plain helper functions and constants shared by tests in several folders (fixtures go in a
conftest.py instead)."""
