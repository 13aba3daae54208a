"""What the commands, the match runner, the terminal seat and the server share
below them all: argument types and tables.  It imports nothing of the package,
so any room may use it."""
