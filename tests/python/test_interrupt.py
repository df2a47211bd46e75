"""Ctrl-C during hawser.run(): the run stops at its next output time and Python gets
KeyboardInterrupt with hawser's message; the GIL is free meanwhile. Run by ctest
(python_module)."""
import os
import select
import signal
import subprocess
import sys

SOURCE = os.environ.get("HAWSER_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
BALL = os.path.join(SOURCE, "configs", "mass_on_spring.xml")

# A run of 10^6 output rows (minutes). Once its HDF5 file exists, a Python thread sleeps 20
# times 1 ms and says "ticking": it can only do so while the run has released the GIL.
SCRIPT = """
import os, sys, threading, time, hawser
def tick():
    while not os.path.exists(sys.argv[2]):
        time.sleep(0.001)
    for _ in range(20):
        time.sleep(0.001)
    print("ticking", flush=True)
threading.Thread(target=tick, daemon=True).start()
try:
    hawser.run(sys.argv[1], set={"Engine.TOutput": "0, 0.01, 1e4"}, output=sys.argv[2])
except KeyboardInterrupt as e:
    print(f"KeyboardInterrupt: {e}", flush=True)
    sys.exit(130)
"""


def test_ctrl_c_stops_a_run_with_keyboard_interrupt_and_the_gil_is_free(tmp_path):
    out = tmp_path / "run.h5"
    p = subprocess.Popen([sys.executable, "-c", SCRIPT, BALL, str(out)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=os.environ)
    try:
        # Generous: a loaded machine starts Python slowly; a held GIL never lets it tick.
        ready, _, _ = select.select([p.stdout], [], [], 120)
        assert ready and p.stdout.readline() == "ticking\n", "no tick while the run integrated"
        p.send_signal(signal.SIGINT)
        stdout, stderr = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
    assert p.returncode == 130, stderr
    assert "KeyboardInterrupt: interrupted by Ctrl-C (KeyboardInterrupt) after t = " in stdout
