"""Play in the browser: ``zombie-envs serve`` seats a person against bots on a local web page.

``session`` holds the games (no web framework needed), ``svg`` draws each
game's board as SVG from the same drawing calls as its raster picture, ``app``
is the Starlette app and ``serve`` the command.  Importing this package
imports neither Starlette nor uvicorn.  See ``docs/web.md``.
"""
