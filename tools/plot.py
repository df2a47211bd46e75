#!/usr/bin/python3
"""Plot hawser results (run with /usr/bin/python3: Debian's h5py, numpy and matplotlib).

  tools/plot.py run.h5 'M.ForceA[2]' 'Ball:Pos' -o out.png     columns of a run (.h5 or .csv)
  tools/plot.py sweep.h5 --case 3 'Ball.Pos[2]' -o out.png     columns of one case of a sweep
  tools/plot.py sweep.h5 --summary 'Ball.Pos[2]:min' --against k -o out.png
                                                               a /cases column against a swept
                                                               name (one line per other value)
Column names are CSV names: Obj.Port, Obj.Port[i], Obj:State, Obj:State[i]; a name without [i]
of a vector signal plots every element.
"""
import argparse
import csv
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

NAME = re.compile(r"([^.:\[\]]+)([.:])([^\[\]]+)(?:\[(\d+)\])?$")


def h5_series(group, name):
    """[(label, values, unit)] for a CSV-style column name in an HDF5 run group."""
    m = NAME.match(name)
    if not m:
        sys.exit(f"plot.py: '{name}': expected Obj.Port, Obj.Port[i], Obj:State or Obj:State[i]")
    obj, sep, sig, index = m.groups()
    path = f"{obj}/{sig}" if sep == "." else f"{obj}/state/{sig}"
    if path not in group:
        sys.exit(f"plot.py: no dataset /{path} for '{name}' in {group.file.filename}")
    ds = group[path]
    unit = ds.attrs.get("unit", "")
    data = ds[...]
    if data.ndim == 1:
        return [(name, data, unit)]
    if index is not None:
        return [(name, data[:, int(index)], unit)]
    return [(f"{name}[{i}]", data[:, i], unit) for i in range(data.shape[1])]


def csv_series(path, names):
    with open(path) as fh:
        rows = list(csv.reader(fh))
    header, data = rows[0], np.array(rows[1:], dtype=float)
    out = []
    for name in names:
        cols = [i for i, h in enumerate(header) if h == name or h.startswith(name + "[")]
        if not cols:
            sys.exit(f"plot.py: no column '{name}' in {path}; columns: {', '.join(header[1:])}")
        out += [(header[i], data[:, i], "") for i in cols]
    return data[:, 0], out


def plot_run(args):
    if args.file.endswith(".csv"):
        t, series = csv_series(args.file, args.columns)
        title = args.file
    else:
        import h5py

        f = h5py.File(args.file, "r")
        group = f[f"case_{args.case:05d}"] if args.case is not None else f
        t = group["time"][...]
        series = [s for name in args.columns for s in h5_series(group, name)]
        title = f"{args.file} ({group.attrs.get('status', '?')})"
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for label, values, unit in series:
        ax.plot(t, values, label=f"{label} [{unit}]" if unit else label)
    ax.set_xlabel("time [s]")
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend()
    return fig


def plot_summary(args):
    import h5py

    cases = h5py.File(args.file, "r")["cases"][...]
    names = cases.dtype.names
    for n in (args.summary, args.against):
        if n not in names:
            sys.exit(f"plot.py: /cases has no column '{n}'; columns: {', '.join(names)}")
    ok = cases["status"] == b"completed"
    first = names.index("status")
    swept = [n for n in names[1:first] if n != args.against]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    # One line per combination of the other swept values.
    # Numbers sort as numbers (50 before 100), words as text.
    keys = sorted({tuple(c[n].item() for n in swept) for c in cases[ok]},
                  key=lambda k: tuple((isinstance(v, bytes), v) for v in k))
    for key in keys:
        sel = ok & np.all([cases[n] == v for n, v in zip(swept, key)], axis=0) if swept else ok
        x, y = cases[args.against][sel], cases[args.summary][sel]
        order = np.argsort(x)
        label = ", ".join(f"{n}={v}" for n, v in zip(swept, key)) or None
        ax.plot(x[order], y[order], "o-", label=label)
    ax.set_xlabel(args.against)
    ax.set_ylabel(args.summary)
    ax.set_title(f"{args.file}: {ok.sum()} of {len(cases)} cases completed")
    ax.grid(True, alpha=0.3)
    if swept:
        ax.legend()
    return fig


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("file", help="run.h5, run.csv or sweep.h5")
    p.add_argument("columns", nargs="*", help="columns to plot against time")
    p.add_argument("-o", "--output", default="plot.png", help="image file (default plot.png)")
    p.add_argument("--case", type=int, help="in a sweep file, the case whose columns to plot")
    p.add_argument("--summary", help="a /cases column, e.g. 'Ball.Pos[2]:min'")
    p.add_argument("--against", help="the swept name for the x axis, with --summary")
    args = p.parse_intermixed_args()
    if args.summary or args.against:
        if not (args.summary and args.against):
            p.error("--summary and --against go together")
        fig = plot_summary(args)
    else:
        if not args.columns:
            p.error("name at least one column, e.g. 'M.ForceA[2]'")
        fig = plot_run(args)
    fig.tight_layout()
    fig.savefig(args.output, dpi=110)
    print(f"plot.py: wrote {args.output}")


if __name__ == "__main__":
    main()
