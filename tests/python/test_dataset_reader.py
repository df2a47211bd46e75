"""run()'s Dataset, built from the results it keeps in memory (python/run_arrays.h), is the
Dataset xarray's own netCDF reader gives of the run's file: each group opened with the h5netcdf
engine, renamed as the CSV columns' stems and merged (how run() once read it, ten times slower
than h5py)."""
import os

import h5py
import pytest
import xarray as xr

import hawser

SOURCE = os.environ.get("HAWSER_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


def xarray_reading(path):
    """The file as xarray's h5netcdf engine reads it, group by group, merged."""
    with h5py.File(path, "r") as f:
        shared = {name for name, item in f.items() if isinstance(item, h5py.Dataset)}
        groups = []
        for name, item in f.items():
            if isinstance(item, h5py.Group):
                groups.append((name, name, "."))
                if isinstance(item.get("state"), h5py.Group):
                    groups.append((name + "/state", name, ":"))
        attrs = {k: v.decode() if isinstance(v, bytes) else v for k, v in f.attrs.items()}
    parts = []
    for group, obj, sep in groups:
        with xr.open_dataset(path, engine="h5netcdf", group=group) as ds:
            ds = ds.load()
        if not ds.data_vars:
            continue
        ds = ds.rename_vars({v: f"{obj}{sep}{v}" for v in ds.data_vars})
        ds = ds.rename({d: f"{obj}.{d}" for d in ds.dims if d not in shared})
        parts.append(ds)
    out = xr.merge(parts, combine_attrs="override")
    out.attrs = attrs
    return out


@pytest.mark.parametrize("scenario, settings", [
    # Vectors, scalars and states (Ball:Pos) on the shared time and xyz.
    ("mass_on_spring.xml", {"Engine.LogStates": 1}),
    # A line's own dimensions (L1.node, L1.segment, the free nodes' states) beside shared ones.
    ("cable_catenary_mooring.xml", {"Engine.LogStates": 1, "Engine.TOutput": "0, 1, 2",
                                    "L1.NumElements": 10}),
])
def test_run_s_dataset_is_xarray_s_reading_of_the_file(tmp_path, scenario, settings):
    out = tmp_path / "run.h5"
    ds = hawser.run(os.path.join(SOURCE, "configs", scenario), set=settings, output=out)
    expected = xarray_reading(out)
    # Names, dimensions, coordinates, values and every attribute (units, descriptions, the
    # file's solver statistics) alike.
    xr.testing.assert_identical(ds, expected)
    assert sorted(ds.data_vars) == sorted(expected.data_vars)
    assert any(":" in name for name in ds.data_vars)  # States were read.
