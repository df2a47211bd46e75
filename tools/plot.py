#!/usr/bin/python3
"""Plot hawser results (run with /usr/bin/python3: Debian's h5py, numpy, scipy and matplotlib).

  tools/plot.py run.h5                                        list the columns (units, widths)
  tools/plot.py run.h5 'M.ForceA[2]' 'Ball:Pos' -o out.png     columns against time (.h5 or .csv):
                                                              one panel per unit
  tools/plot.py sweep.h5 --case 3 'Ball.Pos[2]' -o out.png     one case of a sweep (its values in
                                                              the title)
  tools/plot.py run.h5 --xy 'B.Pos[0]' 'B.Pos[1]' -o track.png one column against another
  tools/plot.py run.h5 --shape L.NodePositions --at 0,50 -o s.png
                                                              a line's profile at chosen times
                                                              (height against horizontal distance
                                                              from end A)
  tools/plot.py run.h5 --range L.Tension --window 50: -o r.png min, mean and max of each element
                                                              over the window (a range graph)
  tools/plot.py run.h5 --spectrum 'L.TensionB' --window 50: -o psd.png
                                                              power spectral density (Welch)
  tools/plot.py sweep.h5 --summary 'Ball.Pos[2]:min' --against k -o out.png
                                                              a /cases column against a swept
                                                              name (one line per other value)
Column names are CSV names: Obj.Port, Obj.Port[i], Obj:State, Obj:State[i]; a name without [i]
of a vector signal means every element. --window FROM:TO keeps FROM <= t <= TO (either side may
be empty).
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


def fail(message):
    sys.exit(f"plot.py: {message}")


# ---- reading ----


class Run:
    """A run's times and columns, from a .h5 file (or one sweep case) or a .csv file."""

    def __init__(self, path, case=None):
        import os

        if not os.path.isfile(path):
            fail(f"no file '{path}'")
        self.path, self.case, self.title = path, case, path
        if path.endswith(".csv"):
            with open(path) as fh:
                rows = list(csv.reader(fh))
            self.header, self.data = rows[0], np.array(rows[1:], dtype=float)
            self.time, self.group = self.data[:, 0], None
            return
        import h5py

        f = h5py.File(path, "r")
        self.group = f
        if case is not None:
            name = f"case_{case:05d}"
            if name not in f:
                fail(f"{path} has no case {case}")
            self.group = f[name]
            row = f["cases"][case]
            names = f["cases"].dtype.names
            swept = [n for n in names[1:names.index("status")]]
            values = ", ".join(f"{n}={decode(row[n])}" for n in swept)
            self.title = f"{path} case {case}: {values}"
        self.title += f" ({decode(self.group.attrs.get('status', '?'))})"
        self.time = self.group["time"][...]

    def signals(self):
        """[(stem, unit, width)] of every logged signal."""
        if self.group is None:
            return [(h, "", 1) for h in self.header[1:]]
        out = []

        def add(name, obj):
            if hasattr(obj, "shape") and obj.attrs.get("CLASS") != b"DIMENSION_SCALE":
                parts = name.split("/")
                stem = f"{parts[0]}:{parts[2]}" if parts[1] == "state" else f"{parts[0]}.{parts[1]}"
                width = int(np.prod(obj.shape[1:], dtype=int))  # 1 for a 1-D dataset
                out.append((stem, decode(obj.attrs.get("unit", "")), width))

        self.group.visititems(add)
        return out

    def series(self, name):
        """[(label, values, unit)] for a column name (every element of a vector signal)."""
        if self.group is None:
            cols = [i for i, h in enumerate(self.header) if h == name or h.startswith(name + "[")]
            if not cols:
                fail(f"no column '{name}' in {self.path}; columns: {', '.join(self.header[1:])}")
            return [(self.header[i], self.data[:, i], "") for i in cols]
        m = NAME.match(name)
        if not m:
            fail(f"'{name}': expected Obj.Port, Obj.Port[i], Obj:State or Obj:State[i]")
        obj, sep, sig, index = m.groups()
        path = f"{obj}/{sig}" if sep == "." else f"{obj}/state/{sig}"
        if path not in self.group:
            known = ", ".join(s for s, _, _ in self.signals() if s.startswith(obj))
            fail(f"no dataset /{path} for '{name}' in {self.path}; {obj}'s: {known or 'none'}")
        ds = self.group[path]
        unit, data = decode(ds.attrs.get("unit", "")), ds[...]
        if data.ndim == 1:
            return [(name, data, unit)]
        data = data.reshape(data.shape[0], -1)  # (time, node, xyz): the CSV's flat columns
        if index is not None:
            return [(name, data[:, int(index)], unit)]
        return [(f"{name}[{i}]", data[:, i], unit) for i in range(data.shape[1])]

    def element_dimension(self, name):
        """The name of a vector signal's first dimension after time ('segment', 'node', 'xyz'),
        from its dimension scale; 'element' for CSV files and undeclared dimensions."""
        m = NAME.match(name)
        if self.group is None or not m:
            return "element"
        obj, sep, sig, _ = m.groups()
        ds = self.group[f"{obj}/{sig}" if sep == "." else f"{obj}/state/{sig}"]
        if ds.ndim < 2 or len(ds.dims[1]) == 0:
            return "element"
        return ds.dims[1][0].name.rsplit("/", 1)[-1]

    def matrix(self, name):
        """(values n x width, unit) of a whole vector signal."""
        parts = self.series(name)
        return np.column_stack([v for _, v, _ in parts]), parts[0][2]


def decode(v):
    return v.decode() if isinstance(v, bytes) else v


def window_mask(t, text):
    if not text:
        return np.ones(len(t), dtype=bool)
    lo, _, hi = text.partition(":")
    if _ != ":":
        fail(f"--window '{text}': expected FROM:TO (either side may be empty)")
    lo = float(lo) if lo else -np.inf
    hi = float(hi) if hi else np.inf
    return (t >= lo) & (t <= hi)


def with_unit(label, unit):
    return f"{label} [{unit}]" if unit else label


def legend_outside(ax):
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small", frameon=False)


# ---- plots ----


def plot_time(run, args):
    keep = window_mask(run.time, args.window)
    series = [s for name in args.columns for s in run.series(name)]
    units = list(dict.fromkeys(u for _, _, u in series))  # one panel per unit, in order
    fig, axes = plt.subplots(len(units), 1, figsize=(9, 2.2 + 2.3 * len(units)), sharex=True,
                             squeeze=False)
    for ax, unit in zip(axes[:, 0], units):
        for label, values, u in series:
            if u == unit:
                ax.plot(run.time[keep], values[keep], label=label)
        ax.set_ylabel(f"[{unit}]" if unit else "value")
        ax.grid(True, alpha=0.3)
        legend_outside(ax)
    axes[-1, 0].set_xlabel("time [s]")
    axes[0, 0].set_title(run.title)
    return fig


def plot_xy(run, args):
    keep = window_mask(run.time, args.window)
    (xl, x, xu), = run.series(args.xy[0])[:1]
    fig, ax = plt.subplots(figsize=(7, 6))
    for label, y, yu in run.series(args.xy[1]):
        ax.plot(x[keep], y[keep], label=label)
        ax.set_ylabel(with_unit(args.xy[1], yu))
    ax.set_xlabel(with_unit(xl, xu))
    ax.set_title(run.title)
    ax.grid(True, alpha=0.3)
    legend_outside(ax)
    return fig


def plot_shape(run, args):
    nodes, unit = run.matrix(args.shape)
    if nodes.shape[1] % 3:
        fail(f"--shape {args.shape}: {nodes.shape[1]} values per row; expected x,y,z per node")
    times = [float(t) for t in args.at.split(",")] if args.at else [run.time[0], run.time[-1]]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    for t in times:
        row = int(np.argmin(np.abs(run.time - t)))
        xyz = nodes[row].reshape(-1, 3)
        horizontal = np.hypot(xyz[:, 0] - xyz[0, 0], xyz[:, 1] - xyz[0, 1])
        ax.plot(horizontal, xyz[:, 2], "o-", markersize=2, label=f"t = {run.time[row]:g} s")
    ax.set_xlabel(with_unit("horizontal distance from end A", unit))
    ax.set_ylabel(with_unit("z", unit))
    ax.set_title(f"{args.shape}: {run.title}")
    ax.grid(True, alpha=0.3)
    legend_outside(ax)
    return fig


def plot_range(run, args):
    keep = window_mask(run.time, args.window)
    values, unit = run.matrix(args.range)
    values = values[keep]
    index = np.arange(values.shape[1])
    fig, ax = plt.subplots(figsize=(9, 4.5))
    ax.fill_between(index, values.min(axis=0), values.max(axis=0), alpha=0.25, label="min to max")
    ax.plot(index, values.mean(axis=0), "-", label="mean")
    ax.plot(index, values.min(axis=0), "--", linewidth=0.8, label="min")
    ax.plot(index, values.max(axis=0), "--", linewidth=0.8, label="max")
    ax.set_xlabel(f"{args.range}: {run.element_dimension(args.range)} (from end A for a line)")
    ax.set_ylabel(with_unit(args.range, unit))
    span = f", t in [{args.window}]" if args.window else ""
    ax.set_title(f"range graph over {keep.sum()} rows{span} - {run.title}")
    ax.grid(True, alpha=0.3)
    legend_outside(ax)
    return fig


def plot_spectrum(run, args):
    from scipy.signal import welch

    keep = window_mask(run.time, args.window)
    t = run.time[keep]
    if len(t) < 16:
        fail("--spectrum needs at least 16 rows in the window")
    dt = np.diff(t)
    if np.ptp(dt) > 1e-6 * dt.mean():
        fail("--spectrum needs evenly spaced output times (TOutput with a fixed step)")
    fig, ax = plt.subplots(figsize=(9, 4.5))
    for name in args.spectrum:
        for label, values, unit in run.series(name):
            f, psd = welch(values[keep] - values[keep].mean(), fs=1.0 / dt.mean(),
                           nperseg=min(len(t), 512))
            ax.semilogy(f[1:], psd[1:], label=with_unit(label, f"{unit}^2/Hz" if unit else "1/Hz"))
    ax.set_xlabel("frequency [Hz]")
    ax.set_ylabel("power spectral density")
    ax.set_title(f"Welch spectrum: {run.title}")
    ax.grid(True, alpha=0.3, which="both")
    legend_outside(ax)
    return fig


def plot_summary(args):
    import h5py

    cases = h5py.File(args.file, "r")["cases"][...]
    names = cases.dtype.names
    for n in (args.summary, args.against):
        if n not in names:
            fail(f"/cases has no column '{n}'; columns: {', '.join(names)}")
    ok = cases["status"] == b"completed"
    first = names.index("status")
    swept = [n for n in names[1:first] if n != args.against]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    # One line per combination of the other swept values; numbers sort as numbers.
    keys = sorted({tuple(c[n].item() for n in swept) for c in cases[ok]},
                  key=lambda k: tuple((isinstance(v, bytes), v) for v in k))
    for key in keys:
        sel = ok & np.all([cases[n] == v for n, v in zip(swept, key)], axis=0) if swept else ok
        x, y = cases[args.against][sel], cases[args.summary][sel]
        order = np.argsort(x)
        label = ", ".join(f"{n}={decode(v)}" for n, v in zip(swept, key)) or None
        ax.plot(x[order], y[order], "o-", label=label)
    ax.set_xlabel(args.against)
    ax.set_ylabel(args.summary)
    ax.set_title(f"{args.file}: {ok.sum()} of {len(cases)} cases completed")
    ax.grid(True, alpha=0.3)
    if swept:
        legend_outside(ax)
    return fig


def list_columns(run):
    print(run.title)
    for stem, unit, width in run.signals():
        shape = f"[0..{width - 1}]" if width > 1 else ""
        print(f"  {stem}{shape}  [{unit or '-'}]")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("file", help="run.h5, run.csv or sweep.h5")
    p.add_argument("columns", nargs="*", help="columns to plot against time")
    p.add_argument("-o", "--output", default="plot.png", help="image file (default plot.png)")
    p.add_argument("--case", type=int, help="in a sweep file, the case to plot")
    p.add_argument("--window", help="FROM:TO, the output times to use")
    p.add_argument("--xy", nargs=2, metavar=("X", "Y"), help="plot column Y against column X")
    p.add_argument("--shape", help="a line's NodePositions: its profile at the --at times")
    p.add_argument("--at", help="times for --shape, e.g. 0,50,100 (default: first and last)")
    p.add_argument("--range", help="a vector signal: min, mean, max of each element")
    p.add_argument("--spectrum", nargs="+", help="columns whose spectra to plot")
    p.add_argument("--summary", help="a /cases column, e.g. 'Ball.Pos[2]:min'")
    p.add_argument("--against", help="the swept name for the x axis, with --summary")
    args = p.parse_intermixed_args()
    if args.summary or args.against:
        if not (args.summary and args.against):
            p.error("--summary and --against go together")
        fig = plot_summary(args)
    else:
        run = Run(args.file, args.case)
        if args.xy:
            fig = plot_xy(run, args)
        elif args.shape:
            fig = plot_shape(run, args)
        elif args.range:
            fig = plot_range(run, args)
        elif args.spectrum:
            fig = plot_spectrum(run, args)
        elif args.columns:
            fig = plot_time(run, args)
        else:
            list_columns(run)
            return
    fig.savefig(args.output, dpi=110, bbox_inches="tight")
    print(f"plot.py: wrote {args.output}")


if __name__ == "__main__":
    main()
