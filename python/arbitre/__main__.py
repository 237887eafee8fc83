"""``arbitre`` on the command line: the same command as the Rust binary,
run in this process by the compiled module (``python -m arbitre`` too)."""

import signal
import sys
import threading
from typing import List, Optional

from arbitre import _arbitre


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command with ``argv`` (``sys.argv[1:]`` by default) and
    exit with its status."""
    args = sys.argv[1:] if argv is None else argv
    # Ctrl-C stops the command as it stops the binary, not through
    # Python's handler, which it never returns to in time. (A closed pipe
    # is the binary's own business: it ends quietly with its status.)
    # Only the main thread may set it, and a program that calls main()
    # and catches its SystemExit gets its own handler back.
    own = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGINT, signal.SIG_DFL) if own else None
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        status = _arbitre.run_command(["arbitre", *args])
    finally:
        if own:
            signal.signal(signal.SIGINT, before)
    sys.exit(status)


if __name__ == "__main__":
    main()
