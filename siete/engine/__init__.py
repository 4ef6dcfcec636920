"""The pure rules core of Siete y medio: no Flask, no SQLAlchemy, no I/O but the cards file."""
