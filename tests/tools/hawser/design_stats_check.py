#!/usr/bin/python3
"""Writes result files for `hawser stats --extremes/--fatigue` and checks them against scipy.

  design_stats_check.py seeds DIR N     N hawser-like run files DIR/seed_K.h5, each a record
                                        Line.Tension [N] of 2001 rows (t = 0 .. 200 s) of a
                                        random-phase sea-like signal (seed K)
  design_stats_check.py astm PATH       one run whose Line.Tension is ASTM E1049-85's Fig. 6
                                        history -2, 1, -3, 5, -1, 3, -4, 4, -2 times 1e5 N at
                                        t = 0 .. 8 s
  design_stats_check.py extremes OUTPUT PERCENTILE FILE...
                                        the printed maxima against numpy's, the maximum
                                        likelihood fit against scipy.stats.gumbel_r.fit and the
                                        moments fit against the formulas (std with n - 1), each
                                        to the 9 printed digits (1e-8 relative); the fits' beta
                                        are ~1e3, so an absolute 1e-6 is allowed where a value
                                        rounds near 0
Exits 1 with the differences on failure.
"""
import sys

import h5py
import numpy as np
from scipy import stats

from gumbel_check import fit_differences, report


def hawser_like(path, t, tension):
    with h5py.File(path, "w") as f:
        for name in ("hawser_version", "scenario", "status"):
            f.attrs[name] = "completed" if name == "status" else "design_stats_check"
        f["time"] = t
        f["Line/Tension"] = tension
        f["Line/Tension"].attrs["unit"] = "N"


def close(a, b):
    return abs(a - b) <= 1e-8 * max(abs(a), abs(b)) + 1e-6


def main():
    kind = sys.argv[1]
    if kind == "seeds":
        t = np.linspace(0, 200, 2001)
        for k in range(int(sys.argv[3])):
            rng = np.random.default_rng(k)
            w = np.linspace(0.3, 1.2, 40)
            x = sum(np.cos(wi * t + rng.uniform(0, 2 * np.pi)) for wi in w)
            hawser_like(f"{sys.argv[2]}/seed_{k}.h5", t, 1e6 + 2e4 * x)
        return 0
    if kind == "astm":
        history = np.array([-2, 1, -3, 5, -1, 3, -4, 4, -2], dtype=float)
        hawser_like(sys.argv[2], np.arange(9.0), history * 1e5)
        return 0
    out, p, files = sys.argv[2], float(sys.argv[3]), sys.argv[4:]
    maxima = np.array([h5py.File(f, "r")["Line/Tension"][...].max() for f in files])
    lines = open(out).read().splitlines()
    printed = [float(line.split()[-2]) for line in lines[2:2 + len(files)]]
    bad = [f"max {a} != numpy {b}" for a, b in zip(printed, maxima) if not close(a, b)]
    beta_mm = np.sqrt(6) * maxima.std(ddof=1) / np.pi
    mu_mm = maxima.mean() - np.euler_gamma * beta_mm
    mu_ml, beta_ml = stats.gumbel_r.fit(maxima)
    want = {"method of moments": (mu_mm, beta_mm), "maximum likelihood": (mu_ml, beta_ml)}
    for line in lines[3 + len(files):]:
        method = " ".join(line.split()[:-3])
        mu, beta, quantile = (float(v) for v in line.split()[-3:])
        bad += fit_differences(method, (mu, beta, quantile), *want.pop(method), p, close)
    if want:
        bad.append(f"missing rows: {list(want)}")
    return report("design_stats_check", f"{len(files)} maxima", bad)


if __name__ == "__main__":
    sys.exit(main())
