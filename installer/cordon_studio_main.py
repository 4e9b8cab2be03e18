"""The bundle's `cordon-studio` executable: the studio window."""

import sys

from gui.app import main

sys.exit(main())
