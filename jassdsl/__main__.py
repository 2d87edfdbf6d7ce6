"""``python -m jassdsl``: the same as the `jassdsl` command."""

from jassdsl.cli import main

raise SystemExit(main())
