"""The web card room: a FastAPI server, its event-log storage and the browser client.

The server imports FastAPI, SQLAlchemy and uvicorn (the ``web`` extra); this package's
:mod:`hoyle.web.fair` does not, so ``hoyle verify`` works without them.
"""
