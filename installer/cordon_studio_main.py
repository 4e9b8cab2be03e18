"""The bundle's `cordon-studio` executable: the studio window."""

import sys

from core.hostwork import FROZEN_FLAG

if sys.argv[1:] == [FROZEN_FLAG]:  # the engine starting its host-worker zygote (core/hostwork/zygote.py)
    from core.hostwork.zygote import main
else:
    from gui.app import main

sys.exit(main())
