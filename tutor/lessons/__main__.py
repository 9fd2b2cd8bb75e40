"""``python -m tutor.lessons check [PATH]``: validate lessons (docs/lessons.md)."""

import sys

from tutor.lessons.catalog import main

if __name__ == "__main__":
    sys.exit(main())
