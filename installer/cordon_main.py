"""The bundle's `cordon` executable: the command line (`cordon` alone opens the studio)."""

import sys

from core.hostwork import FROZEN_FLAG

if sys.argv[1:] == [FROZEN_FLAG]:  # the engine starting its host-worker zygote (core/hostwork/zygote.py)
    from core.hostwork.zygote import main
else:
    from core.cli import main

sys.exit(main())
