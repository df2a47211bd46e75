"""Checks the sea surface a result file keeps (wave_components, wave_ramp) and the page draws.

Usage: view_sea_check.py PAGE.html RESULT.h5 PROBE X Y

1. The stored record reproduces the run's own wave probe PROBE at (X, Y): at every output time,
   r(t) sum a cos(k (X cos dir + Y sin dir) - omega t + phase), with r(t) from wave_ramp (1 after
   its last row), equals /PROBE/Elevation within 1e-9 m (the same sum in another order: rounding
   only, ~1e-15 m per component).
2. The page (loaded in headless Chromium, as view_browser.py does) draws that surface: at the
   first, a middle and the last output time, the height of its grid vertex nearest (X, Y) equals
   the sum at that vertex within 1e-3 m (the page keeps amplitudes to 6 digits and the grid in
   32-bit floats: errors ~1e-5 m), and the surface is not flat once the waves are in.
Prints what differs and exits 1; 0 when both hold.
"""
import os
import sys

import h5py
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from view_browser import Browser, wait_drawn  # noqa: E402


def elevation(components, ramp, t, x, y):
    r = 1.0 if t >= ramp[-1, 0] else np.interp(t, ramp[:, 0], ramp[:, 1])
    a, omega, k, direction, phase = components.T
    return r * np.sum(a * np.cos(k * (x * np.cos(direction) + y * np.sin(direction)) -
                                 omega * t + phase))


def main():
    page, result, probe = sys.argv[1], sys.argv[2], sys.argv[3]
    x, y = float(sys.argv[4]), float(sys.argv[5])
    failures = []
    with h5py.File(result, "r") as f:
        components, ramp = f.attrs["wave_components"], f.attrs["wave_ramp"]
        time, probed = f["time"][:], f[probe]["Elevation"][:]
    for t, eta in zip(time, probed):
        mine = elevation(components, ramp, t, x, y)
        if abs(mine - eta) > 1e-9:
            failures.append("t=%g: the stored sea gives %.12g m, %s.Elevation %.12g m" % (
                t, mine, probe, eta))
            break
    browser = Browser()
    try:
        browser.open("file://" + os.path.abspath(page))
        if not wait_drawn(browser):
            failures.append("the page did not report its first frame drawn")
        else:
            for t in (time[0], time[len(time) // 2], time[-1]):
                browser.evaluate("hawserView.setTime(%r)" % float(t))
                vx, vy, height = browser.evaluate("hawserView.seaHeight(%r, %r)" % (x, y))
                expected = elevation(components, ramp, t, vx, vy)
                if abs(height - expected) > 1e-3:
                    failures.append("t=%g: the page's sea at (%g, %g) is %.6g m, the components "
                                    "give %.6g m" % (t, vx, vy, height, expected))
                if t > ramp[-1, 0] and abs(height) < 1e-6 and abs(expected) > 1e-3:
                    failures.append("t=%g: the page's sea is flat" % t)
        failures += ["JavaScript error: %s" % e for e in browser.errors()]
    finally:
        browser.close()
    for message in failures:
        print("view_sea_check.py: " + message)
    print("view_sea_check.py: %d components, %d output times compared" % (len(components),
                                                                       len(time)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
