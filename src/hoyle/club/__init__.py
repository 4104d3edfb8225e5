"""The club around the tables: ratings and leaderboards, duplicate events.

- :mod:`hoyle.club.ratings`: a rating per player and family, updated after each rated game
  (players, bots too, on a leaderboard per family); needs the ``openskill`` package (the
  ``web`` extra).
- :mod:`hoyle.club.events`: duplicate events: every table plays the same boards with the seats
  rotated, and each result is scored against the others who held the same cards.
- :mod:`hoyle.club.sides`: who plays with whom (partnerships), what both need from a game.

Nothing here serves a page or touches a database: the card room stores what these return
(every value has a JSON form) and calls them when a game ends. See ``docs/club.md``.
"""
