"""The DVONN adapter of the page kernel: its session, renderer, notation and pages."""
