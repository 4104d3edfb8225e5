"""The migrations, one revision a file, named after the revision (0001_baseline.py)."""
