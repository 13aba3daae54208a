"""One package per game: engine, observe, data, render, bots."""
