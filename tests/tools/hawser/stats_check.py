#!/usr/bin/python3
"""Checks `hawser stats` and windowed sweep summaries against numpy on the same data.

  stats_check.py table RUN.h5 STATS_OUTPUT.txt FROM TO
      every row of the printed table (mean, std, min, p50, p99, max, mpm) against numpy on the
      run's samples with FROM <= t <= TO (its finite ones); the table prints 6 significant
      digits (std 4), so each value must agree to that many digits.
  stats_check.py range RUN.h5 STATS_OUTPUT.txt FROM TO
      every row of `hawser stats --range` (min, mean, max) against numpy, to the printed digits.
  stats_check.py sweep SWEEP.h5 COLUMN_DATASET INDEX LABEL STAT FROM TO
      the /cases column LABEL of every case against numpy's STAT (std, p99, mean, max, mpm)
      of the case's dataset column INDEX in the window, to 1e-12 relative.
MPM is mean + std sqrt(2 ln N), N the up-crossings of the mean (runtime/analysis/statistics.h),
computed here independently with numpy. Exits 1 with the differences on failure.
"""
import sys

import h5py
import numpy as np


def mpm(x):
    m, s = x.mean(), x.std()
    n = int(np.count_nonzero((x[:-1] < m) & (x[1:] >= m)))
    return m + s * np.sqrt(2 * np.log(n)) if n >= 2 else np.nan


def stat(x, name):
    if name.startswith("p"):
        return np.percentile(x, float(name[1:]))
    return {"mean": np.mean, "std": np.std, "max": np.max, "min": np.min, "mpm": mpm}[name](x)


def close(a, b, rel):
    return (np.isnan(a) and np.isnan(b)) or abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def series(group, column):
    obj, rest = column.split(".", 1) if "." in column else column.split(":", 1)
    name, index = (rest.split("[") + [None])[:2]
    ds = group[f"{obj}/{name}"] if "." in column else group[f"{obj}/state/{name}"]
    # As hawser names columns: the dimensions after time flattened row by row, as doubles.
    data = ds[...].astype(np.float64)
    return data if index is None else data.reshape(len(data), -1)[:, int(index.rstrip("]"))]


# The columns `hawser stats` prints after the unit, with numpy's value and the digits printed.
TABLE = [("mean", np.mean, 6), ("std", np.std, 4), ("min", np.min, 6),
         ("p50", lambda x: np.percentile(x, 50), 6), ("p99", lambda x: np.percentile(x, 99), 6),
         ("max", np.max, 6), ("mpm", mpm, 6)]
RANGE = [("min", np.min, 6), ("mean", np.mean, 6), ("max", np.max, 6)]


def printed(h5, text, lo, hi, stats):
    """Every row of a printed table (COLUMN UNIT values...) against numpy on the window's data."""
    f = h5py.File(h5, "r")
    t = f["time"][...]
    keep = (t >= float(lo)) & (t <= float(hi))
    bad, rows = [], 0
    for line in open(text).read().splitlines()[2:]:
        cells = line.split()
        if len(cells) < 2 + len(stats):
            continue
        column, values = cells[0], [float(v) for v in cells[-len(stats):]]
        x = series(f, column)[keep]
        x = x[np.isfinite(x)]  # `hawser stats` gives the statistics of the finite values.
        for (name, numpy_stat, digits), got in zip(stats, values):
            want = numpy_stat(x) if x.size else np.nan  # No finite value: no statistics.
            # %.Ng rounds to N significant digits: half a unit in the last place, relative.
            if not close(got, want, 0.5 * 10.0 ** (1 - digits)) and abs(got - want) > 1e-12:
                bad.append(f"{column} {name}: table {got}, numpy {want}")
        rows += 1
    return bad, rows


def sweep(h5, dataset, index, label, name, lo, hi):
    f = h5py.File(h5, "r")
    cases = f["cases"][...]
    bad = []
    for row in cases:
        g = f[f"case_{int(row['case']):05d}"]
        t = g["time"][...]
        keep = (t >= float(lo)) & (t <= float(hi))
        data = g[dataset][...]
        x = (data if data.ndim == 1 else data[:, int(index)])[keep]
        want, got = stat(x, name), float(row[label])
        if not close(got, want, 1e-12):
            bad.append(f"case {row['case']} {label}: file {got}, numpy {want}")
    return bad, len(cases)


def main():
    if sys.argv[1] == "table":
        bad, n = printed(*sys.argv[2:6], TABLE)
    elif sys.argv[1] == "range":
        bad, n = printed(*sys.argv[2:6], RANGE)
    else:
        bad, n = sweep(*sys.argv[2:9])
    for b in bad:
        print("stats_check:", b)
    print(f"stats_check: {n} rows checked, {len(bad)} differ")
    return 1 if bad or n == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
