"""The bundle's `cordon` executable: the command line (`cordon` alone opens the studio)."""

import sys

from core.cli import main

sys.exit(main())
