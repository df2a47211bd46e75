"""Holds an HDF5 file open for reading with h5py, as a user looking at results does, until it
is sent SIGTERM. Prints "ready" once the file is open (the test polls for it).

Usage: /usr/bin/python3 hold_open.py FILE
"""
import signal
import sys

import h5py

f = h5py.File(sys.argv[1], "r")  # HDF5 >= 1.10 takes its flock() on the file here.
print("ready", flush=True)
signal.pause()  # SIGTERM's default action ends the process, which closes the file.
