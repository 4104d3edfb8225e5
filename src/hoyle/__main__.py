"""``python -m hoyle …`` runs the command line, the same as the ``hoyle`` script."""

from hoyle.cli import main

raise SystemExit(main())
