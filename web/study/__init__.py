"""The study tools a game page loads on first use (kernel/lazy.py): the game analysis."""
