#!/usr/bin/python3
"""Writes small hawser-like result files for `hawser stats --utilisation` and checks its HDF5.

  utilisation_check.py write DIR    DIR/intact.h5: Line1.TensionB = 2e6 -/+ 0.5e6 and
                                    Line2.TensionB = 1.5e6 -/+ 0.2e6, alternating over 16 rows
                                    (mean T0, std A, 8 up-crossings: MPM = T0 + A sqrt(2 ln 8));
                                    DIR/damaged.h5: Line1 as intact until it breaks at
                                    t = 8 s (break_time on its group; tension 0 from then on),
                                    Line2.TensionB = 3e6 -/+ 1e6; DIR/seed_K.h5,
                                    K = 0..3: Line1 and Line2 as random records (seed K)
  utilisation_check.py gumbel DIR   prints the 4 seeds' expected T_c,mean, T_c,max (scipy's
                                    gumbel_r.fit mode of the maxima) and T_d with 1.1, 1.5 per
                                    line, as hawser prints them (%.6g)
  utilisation_check.py h5 FILE      prints the summary file's groups: per case its attributes and
                                    each row's line, design, utilisation and result
"""
import sys

import h5py
import numpy as np
from scipy import stats


def hawser_like(path, t, lines, broken=()):
    with h5py.File(path, "w") as f:
        for name in ("hawser_version", "scenario", "status"):
            f.attrs[name] = "completed" if name == "status" else "utilisation_check"
        f["time"] = t
        for name, tension in lines.items():
            f[f"{name}/TensionB"] = tension
            f[f"{name}/TensionB"].attrs["unit"] = "N"
        for name in broken:
            f[name].attrs["break_time"] = 8.0
            f[name].attrs["break_index"] = 0


def main():
    kind, where = sys.argv[1], sys.argv[2]
    if kind == "write":
        t = np.arange(16.0)
        alternate = np.array([-1.0, 1.0] * 8)
        hawser_like(f"{where}/intact.h5", t,
                    {"Line1": 2e6 + 0.5e6 * alternate, "Line2": 1.5e6 + 0.2e6 * alternate})
        broke = np.where(t < 8, 2e6 + 0.5e6 * alternate, 0.0)
        hawser_like(f"{where}/damaged.h5", t,
                    {"Line1": broke, "Line2": 3e6 + 1e6 * alternate}, broken=["Line1"])
        t = np.linspace(0, 200, 2001)
        for k in range(4):
            rng = np.random.default_rng(k)
            w = np.linspace(0.3, 1.2, 40)
            x = sum(np.cos(wi * t + rng.uniform(0, 2 * np.pi)) for wi in w)
            y = sum(np.cos(wi * t + rng.uniform(0, 2 * np.pi)) for wi in w)
            hawser_like(f"{where}/seed_{k}.h5", t, {"Line1": 2e6 + 5e4 * x, "Line2": 1.5e6 + 3e4 * y})
        return 0
    if kind == "gumbel":
        for line in ("Line1", "Line2"):
            records = [h5py.File(f"{where}/seed_{k}.h5", "r")[f"{line}/TensionB"][...]
                       for k in range(4)]
            mean = np.mean([r.mean() for r in records])
            mode, _ = stats.gumbel_r.fit([r.max() for r in records])
            design = 1.1 * mean + 1.5 * (mode - mean)
            print(f"{line}.TensionB {mean:.6g} {mode - mean:.6g} {mode:.6g} {design:.6g}")
        return 0
    with h5py.File(where, "r") as f:
        for case in ("intact", "damaged"):
            g = f["utilisation"][case]
            a = g.attrs
            print(f"{case} {a['factors']} {a['gamma_mean']} {a['gamma_dyn']} "
                  f"{a['strength_factor']} {a['characteristic']} {a['records']}")
            for i, line in enumerate(g["line"].asstr()[...]):
                print(f"{case} {line} {g['design'][i]:.6g} {g['mbl'][i]:.6g} "
                      f"{g['utilisation'][i]:.4f} {g['result'].asstr()[i]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
