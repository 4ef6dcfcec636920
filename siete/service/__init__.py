"""The one persistence path: the web, the simulator and replay all store games through here."""
