"""The people around a table: who is here (presence), who is online, their reactions and their
chat."""
