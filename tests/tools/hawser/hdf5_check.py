#!/usr/bin/python3
"""Checks hawser HDF5 result files for tests/tools/hawser/hdf5_test.cpp (run with /usr/bin/python3).

  hdf5_check.py against-csv RUN.h5 RUN.csv   every CSV column equals its HDF5 dataset slice;
                                             shapes, units, time scale, root attributes
  hdf5_check.py partial RUN.h5 STATUS TEXT   status is STATUS, message contains TEXT, all
                                             datasets hold the same rows, > 0 of them
  hdf5_check.py prefix RUN.h5 REF.h5 STATUS TEXT
                                             as partial, and every row of RUN equals the row
                                             of REF (an uninterrupted run) at the same index
  hdf5_check.py line RUN.h5 RUN.csv OBJ N    cable OBJ of N segments: its node, segment and xyz
                                             dimensions, in h5py and xarray, against the CSV
  hdf5_check.py rows RUN.h5                  prints len(/time) and the last time, or -1 if the
                                             file cannot be read (yet); never fails (polled
                                             while hawser writes)
Prints what is wrong and exits 1, or exits 0.
"""
import csv
import re
import sys

import h5py
import numpy as np

errors = []


def check(ok, what):
    if not ok:
        errors.append(what)


def is_signal(obj):
    """A dataset holding a logged signal: not a dimension scale (/time, /component<w>)."""
    return isinstance(obj, h5py.Dataset) and obj.attrs.get("CLASS") != b"DIMENSION_SCALE"


def column_slice(f, name):
    """The HDF5 data of CSV column `name`: M.ForceA[2] -> /M/ForceA[:, 2], B:Pos -> /B/state/Pos."""
    m = re.fullmatch(r"([^.:]+)([.:])([^\[]+)(?:\[(\d+)\])?", name)
    obj, sep, sig, index = m.groups()
    path = f"{obj}/{sig}" if sep == "." else f"{obj}/state/{sig}"
    ds = f[path]
    if index is None:
        check(ds.ndim == 1, f"{path}: width-1 signal should be 1-D, shape {ds.shape}")
        return ds, ds[...]
    # The CSV runs over the dimensions after time in C order: [i] is the flat index.
    flat = ds[...].reshape(ds.shape[0], -1)
    check(ds.ndim >= 2 and flat.shape[1] > int(index), f"{path}: shape {ds.shape} for {name}")
    return ds, flat[:, int(index)]


def against_csv(h5_path, csv_path):
    with open(csv_path) as fh:
        rows = list(csv.reader(fh))
    header, data = rows[0], np.array(rows[1:], dtype=float)
    f = h5py.File(h5_path, "r")
    n = data.shape[0]
    check(header[0] == "Time", "CSV header starts with Time")
    check(f["time"].shape == (n,), f"/time shape {f['time'].shape}, CSV has {n} rows")
    check(np.array_equal(f["time"][...], data[:, 0]), "/time differs from the CSV Time column")
    check(f["time"].attrs["unit"] == "s", "/time unit")
    check(f["time"].attrs.get("CLASS") == b"DIMENSION_SCALE", "/time is not a dimension scale")
    seen = set()
    for k, name in enumerate(header[1:], start=1):
        ds, values = column_slice(f, name)
        seen.add(ds.name)
        check(np.array_equal(values, data[:, k]), f"{name}: values differ from the CSV")
        check(ds.shape[0] == n, f"{ds.name}: {ds.shape[0]} rows, CSV has {n}")
        check(len(ds.dims[0]) == 1 and ds.dims[0][0].name == "/time", f"{ds.name}: dim 0 scale")
        for d in range(1, ds.ndim):
            # Every dimension after time has one scale, visible in the dataset's own group
            # (xarray's coordinates): the labels or indices a SimObject declared (a cable's
            # node and xyz), else component<w>, the indices 0..w-1.
            check(len(ds.dims[d]) == 1, f"{ds.name}: dim {d} has no scale")
            if len(ds.dims[d]) != 1:
                continue
            scale = ds.dims[d][0]
            dim_name = scale.name.rsplit("/", 1)[1]
            check(ds.parent.get(dim_name) == scale, f"{ds.name}: {dim_name} not in its group")
            check(scale.shape == (ds.shape[d],), f"{ds.name}: {dim_name} scale shape")
            if scale.dtype.kind in "iu":
                check(np.array_equal(scale[...], np.arange(ds.shape[d])),
                      f"{ds.name}: {dim_name} indices")
            else:
                check(len(set(scale.asstr()[...])) == ds.shape[d], f"{ds.name}: {dim_name} labels")
        if ds.ndim == 2 and ds.dims[1][0].name.startswith("/component"):
            check(ds.dims[1][0] == f[f"component{ds.shape[1]}"], f"{ds.name}: component scale")
        check(ds.parent["time"] == f["time"], f"{ds.name}: time link")
        for a in ("unit", "description", "simobject_type"):
            check(a in ds.attrs, f"{ds.name}: no attribute {a}")
    # Every dataset in the file is some CSV column (nothing extra, nothing missing).
    datasets = []
    f.visititems(lambda p, o: datasets.append("/" + p) if is_signal(o) else None)
    check(set(datasets) == seen, f"datasets {sorted(datasets)} vs columns {sorted(seen)}")
    a = f.attrs
    check(a["status"] == "completed", f"status {a['status']}")
    check(a["message"] == "", "message should be empty")
    check(a["rows"] == n, "rows attribute")
    check("<Contents>" in a["scenario"], "scenario text attribute")
    for key in ("hawser_version", "command_line", "integrator", "abs_tol", "rel_tol", "steps",
                "rhs_evals", "jacobian_evals", "wall_seconds", "t_start", "t_end"):
        check(key in a, f"root attribute {key} missing")
    return f


def partial(h5_path, status, text):
    f = h5py.File(h5_path, "r")
    a = f.attrs
    check(a["status"] == status, f"status is {a['status']!r}, expected {status!r}")
    check(text in a["message"], f"message {a['message']!r} lacks {text!r}")
    n = f["time"].shape[0]
    check(n > 0, "no rows")
    t = f["time"][...]
    check(bool(np.all(np.diff(t) > 0)), "time not increasing")
    if status != "running":  # A killed run never wrote its statistics.
        check(a["rows"] == n, f"rows attribute {a['rows']} != len(/time) {n}")
        check(a["end_time"] == t[-1], "end_time is the last time written")
    def same_rows(p, o):
        if is_signal(o):
            check(o.shape[0] == n, f"{p}: {o.shape[0]} rows, /time has {n}")
    f.visititems(same_rows)
    print(n)
    return f, n


def prefix(h5_path, ref_path, status, text):
    f, n = partial(h5_path, status, text)
    ref = h5py.File(ref_path, "r")
    check(ref["time"].shape[0] >= n, f"reference has {ref['time'].shape[0]} rows, run has {n}")
    names = []
    ref.visititems(lambda p, o: names.append(p) if is_signal(o) else None)
    mine = []
    f.visititems(lambda p, o: mine.append(p) if is_signal(o) else None)
    check(sorted(names) == sorted(mine), f"datasets {sorted(mine)} vs reference {sorted(names)}")
    for p in names:
        if p in f:
            check(np.array_equal(f[p][:n], ref[p][:n]), f"{p}: rows differ from the reference run")


def line(h5_path, csv_path, obj, n):
    """A cable's results with their dimensions: (time, node, xyz), (time, segment), and the
    state (time, free_node, node_state), named and with coordinates in xarray."""
    import xarray as xr
    n = int(n)
    with open(csv_path) as fh:
        rows = list(csv.reader(fh))
    header, data = rows[0], np.array(rows[1:], dtype=float)
    f = h5py.File(h5_path, "r")
    expected = {"NodePositions": ((n + 1, 3), ["node", "xyz"]), "Tension": ((n,), ["segment"]),
                "state/Nodes": ((n - 1, 6), ["free_node", "node_state"])}
    for name, (shape, dims) in expected.items():
        ds = f[f"{obj}/{name}"]
        check(ds.shape[1:] == shape, f"{name}: shape {ds.shape}, expected (time, *{shape})")
        names = [d[0].name.rsplit("/", 1)[1] for d in list(ds.dims)[1:]]
        check(names == dims, f"{name}: dimensions {names}, expected {dims}")
    lines = xr.open_dataset(h5_path, engine="h5netcdf", group=obj)
    z = lines["NodePositions"].sel(xyz="z")
    check(z.dims == ("time", "node"), f"NodePositions.sel(xyz='z') dims {z.dims}")
    check(list(lines["node"].values) == list(range(n + 1)), "node coordinate")
    check(list(lines["xyz"].values) == ["x", "y", "z"], f"xyz coordinate {lines['xyz'].values}")
    for i in range(n + 1):  # The CSV's [3 i + 2] is node i's z.
        col = header.index(f"{obj}.NodePositions[{3 * i + 2}]")
        check(np.array_equal(z.isel(node=i).values, data[:, col]), f"node {i} z differs")
    state = xr.open_dataset(h5_path, engine="h5netcdf", group=f"{obj}/state")
    vz = state["Nodes"].sel(node_state="vz")
    col = header.index(f"{obj}:Nodes[{6 * (n - 2) + 5}]")  # The last free node's vz.
    check(np.array_equal(vz.isel(free_node=n - 2).values, data[:, col]), "state vz differs")


def rows(h5_path):
    try:
        t = h5py.File(h5_path, "r")["time"][...]
        print(len(t), repr(float(t[-1])) if len(t) else 0)
    except Exception:  # Not created yet, or caught between two writes: ask again.
        print(-1)


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "against-csv":
        against_csv(sys.argv[2], sys.argv[3])
    elif mode == "line":
        line(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
    elif mode == "partial":
        partial(sys.argv[2], sys.argv[3], sys.argv[4])
    elif mode == "prefix":
        prefix(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
    elif mode == "rows":
        rows(sys.argv[2])
    else:
        errors.append(f"unknown mode {mode}")
    for e in errors:
        print("hdf5_check:", e)
    sys.exit(1 if errors else 0)
