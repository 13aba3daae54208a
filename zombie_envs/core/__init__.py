"""Shared layer: the engine protocol, the one AEC adapter and shared primitives."""
