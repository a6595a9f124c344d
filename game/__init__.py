"""Ticket to Ride in the browser: the rules engine, board renderer and AI, in plain Python."""

__version__ = "0.1.0"
