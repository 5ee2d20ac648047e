"""py-spy sampling of a running process, for the bench scripts that profile daphne."""

import subprocess
import sys
from pathlib import Path


def spy_record(
    pid: int, seconds: float, path: str, *, rate: int = 100, gil: bool = False
) -> subprocess.Popen:
    """Start py-spy sampling ``pid`` into ``path`` as raw stacks; return the process.

    ``gil``: only the thread holding the GIL is sampled, so the samples split the
    process's CPU rather than the time its threads wait for it (on a loaded
    machine, most of it).
    """
    command = [
        str(Path(sys.executable).parent / "py-spy"),
        "record",
        "--pid",
        str(pid),
        "--duration",
        str(int(seconds)),
        "--rate",
        str(rate),
        "--format",
        "raw",
        "--output",
        path,
        "--nonblocking",
        *(["--gil"] if gil else []),
    ]
    return subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
