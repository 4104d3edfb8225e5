"""Adapters to learning libraries: PettingZoo, Gymnasium, OpenSpiel.

Each adapter lives in its own module and imports its framework only there, so ``import
hoyle`` never needs one:

- :mod:`hoyle.envs.pettingzoo`: a PettingZoo AEC environment for every family and preset;
- :mod:`hoyle.envs.gymnasium`: a single-seat Gymnasium environment against hoyle agents;
- :mod:`hoyle.envs.openspiel`: every family as an OpenSpiel python game.

Install the frameworks with ``pip install -e .[envs]``; docs/environments.md and
docs/openspiel.md are the guides.
"""
