"""Adapters to learning libraries: PettingZoo, Gymnasium, OpenSpiel."""
