"""run() keeps its results in memory (python/run_arrays.h) and builds the Dataset that reading
the run's HDF5 file gives; hawser.read() reads such a file. Both against xarray's own netCDF
reading of the file (test_dataset_reader.py's xarray_reading), on a scenario with waves, whose
file also keeps the sea (wave_components, wave_ramp)."""
import os

import numpy as np
import xarray as xr

import hawser
from test_dataset_reader import xarray_reading

SOURCE = os.environ.get("HAWSER_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
WAVES = os.path.join(SOURCE, "configs", "ocean_buoy_in_waves.xml")
SETTINGS = {"Engine.LogStates": 1, "Engine.TOutput": "0, 0.5, 5"}


def test_run_in_memory_is_the_file_s_dataset_with_the_sea(tmp_path):
    out = tmp_path / "run.h5"
    ds = hawser.run(WAVES, set=SETTINGS, output=out)
    expected = xarray_reading(out)
    xr.testing.assert_identical(ds, expected)
    assert ds.attrs["wave_components"].shape[1] == 5  # The sea is in both.
    xr.testing.assert_identical(hawser.read(out), expected)


def test_run_without_output_gives_the_same_dataset_and_writes_nothing(tmp_path):
    with_file = hawser.run(WAVES, set=SETTINGS, output=tmp_path / "run.h5")
    before = set(os.listdir())
    ds = hawser.run(WAVES, set=SETTINGS)
    assert set(os.listdir()) == before  # No file, not even a temporary one left behind.
    # The same computation, the same doubles; every attribute but the run's wall time alike.
    xr.testing.assert_identical(ds.assign_attrs(wall_seconds=0),
                                with_file.assign_attrs(wall_seconds=0))
    np.testing.assert_array_equal(ds["time"].values, np.arange(0, 5.25, 0.5))
