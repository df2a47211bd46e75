"""hawser from Python: load a scenario, run it into an xarray.Dataset, step it as a
co-simulation, read and set its state, sweep it on threads (docs/python.md).

Errors are hawser's own messages ("file:line: error: ...") as ScenarioError (a ValueError: a
bad scenario, an unknown name, a wrong width), SimulationError (a RuntimeError: the integration
failed) and IoError (an OSError). Ctrl-C stops a run at its next output time (KeyboardInterrupt).
"""
import concurrent.futures
import os

from ._hawser import IoError, ScenarioError, SimulationError, describe, types
from . import _hawser

__all__ = ["Model", "load", "run", "read", "sweep", "types", "describe", "ScenarioError",
           "SimulationError", "IoError"]


def _source(scenario, xml):
    """(path, xml text) for the C++ side: a file, or text named `scenario` in messages."""
    if xml is None:
        if scenario is None:
            raise ScenarioError("error: give a scenario file or xml=TEXT")
        return os.fspath(scenario), ""
    return os.fspath(scenario) if scenario is not None else "scenario.xml", xml


class Model:
    """A scenario loaded once and stepped: advance(t), set_input(name, values), get(name).

    `set` is a dict in `hawser run --set`'s names: {"Ball.Mass": 8, "Ball:Pos": [0, 0, -1],
    "Engine.RelTol": 1e-8, "k": 20}; `variables` as --var.
    """

    def __init__(self, scenario=None, *, xml=None, variables=None, set=None):
        path, text = _source(scenario, xml)
        self._session = _hawser.Session(path, text, variables or {}, set or {})

    @property
    def time(self):
        """The current time [s]."""
        return self._session.time

    @property
    def input_names(self):
        """The Signal/External objects whose values set_input sets."""
        return self._session.input_names

    @property
    def state_names(self):
        """A name per entry of the state vector, "Obj:State[i]"."""
        return self._session.state_names

    @property
    def state(self):
        """A copy of the state vector (numpy array)."""
        return self._session.state

    def set_state(self, x, t=None):
        """Replaces the state vector (and the time, when given); the integrator restarts."""
        self._session.set_state(self.time if t is None else t, x)

    def advance(self, t):
        """Integrates to time t [s] (never backwards); the GIL is released meanwhile."""
        self._session.advance(t)

    def set_input(self, name, values):
        """Sets the value of the Signal/External object `name` (a sequence of its width)."""
        self._session.set_input(name, [values] if isinstance(values, (int, float)) else values)

    def get(self, name):
        """An output "Obj.Port" or a state "Obj:State" at the current time (numpy array)."""
        return self._session.get(name)

    def settle(self):
        """Brings the state at the current time to static equilibrium (as Engine Settle="1"
        does at the start) and returns the settle report as a dict: "time", "lines" (what
        settled where, one per body or line), "warnings", "largest_residual" ("Obj:State[i]")
        and "largest_residual_kind". Raises SimulationError when it does not converge."""
        return self._session.settle()

    def jacobian(self):
        """df/dx at the current time and state (n x n numpy array, rows and columns in
        state_names' order), by central differences; of a settled model, its linearisation."""
        return self._session.jacobian()

    def mooring_stiffness(self, body, *, dx=0.01, dtheta=1e-3):
        """The 6 x 6 stiffness K = -d(F, M)/d(x, y, z, rx, ry, rz) of the body named `body`
        at its current pose (numpy array; N/m, N/rad, N m/m, N m/rad), as MoorPy's
        getCoupledStiffness: F and M are its Force and Moment inputs (the loads of its lines,
        world frame, the moment about its Pos), the rotations small turns about the world axes
        through Pos, and every other state is settled again, the body held, at each of the
        central differences' poses (steps dx [m] and dtheta [rad]). 3 x 3 for a body without
        orientation (Body/Buoy). Raises ScenarioError when `body` is not a body,
        SimulationError when the lines do not settle."""
        return self._session.mooring_stiffness(body, dx, dtheta)

    def save_state(self, path):
        """The state file of `hawser run --save-state`."""
        self._session.save_state(os.fspath(path))

    def load_state(self, path):
        """Loads a state file saved from the same model (objects, parameters, connections)."""
        self._session.load_state(os.fspath(path))


def load(scenario=None, *, xml=None, variables=None, set=None):
    """A Model of the scenario file (or of xml=TEXT)."""
    return Model(scenario, xml=xml, variables=variables, set=set)


# HDF5 and netCDF bookkeeping attributes, which xarray's netCDF readers do not show either.
_HDF5_ONLY = {"CLASS", "NAME", "REFERENCE_LIST", "DIMENSION_LIST", "_Netcdf4Dimid",
              "_Netcdf4Coordinates", "_nc3_strict"}


def _attrs(item):
    """The attributes a reader sees; the bookkeeping ones are not even read (a dimension scale's
    REFERENCE_LIST, of object references, costs more than the rest together)."""
    attrs = item.attrs
    out = {}
    for k in attrs.keys():
        if k not in _HDF5_ONLY:
            v = attrs[k]
            out[k] = v.decode() if isinstance(v, bytes) else v
    return out


def _values(item):
    """A dataset's values; variable-length strings (the xyz labels) as str, as netCDF's."""
    import numpy as np

    data = item[()]
    if data.dtype == object:
        data = np.array([v.decode() if isinstance(v, bytes) else v for v in data.flat],
                        dtype=object).reshape(data.shape)
    return data


def read(path):
    """The run in the HDF5 file `path` (of `hawser run -o`, or run()'s output=) as the Dataset
    run() returns: each object's signals named as its CSV columns' stems ("Spring.ForceA",
    "Ball:Pos" for a state), with the file's dimensions, units and coordinates; an object's own
    dimensions (a line's node, segment) prefixed with its name ("L1.node"). The file's root
    attributes become the Dataset's.

    Read with h5py and put together as xarray Variables: the same Dataset as opening each group
    with xarray's h5netcdf engine and merging them (tests/python/test_dataset_reader.py compares
    the two), at a tenth of the cost. A dimension is the dimension scale its axis is attached to,
    named as that scale; one in the file's root is shared, others belong to their object."""
    import h5py
    import xarray as xr

    variables, coords = {}, {}
    with h5py.File(path, "r") as f:
        shared = {name for name, item in f.items() if isinstance(item, h5py.Dataset)}
        attrs = _attrs(f)
        groups = []
        for name, item in f.items():
            if isinstance(item, h5py.Group):
                groups.append((item, name, "."))
                if isinstance(item.get("state"), h5py.Group):
                    groups.append((item["state"], name, ":"))
        for group, obj, sep in groups:
            for name, item in group.items():
                if not isinstance(item, h5py.Dataset) or "CLASS" in item.attrs:
                    continue  # A group, or a dimension scale (CLASS = DIMENSION_SCALE).
                dims = []
                for axis in item.dims:
                    scale = axis[0]
                    base = scale.name.rsplit("/", 1)[-1]
                    dims.append(base if base in shared else f"{obj}.{base}")
                    if dims[-1] not in coords:
                        coords[dims[-1]] = xr.Variable(dims[-1], _values(scale), _attrs(scale))
                variables[f"{obj}{sep}{name}"] = xr.Variable(dims, _values(item), _attrs(item))
    return xr.Dataset(variables, coords=coords, attrs=attrs)


def _dataset(data):
    """The Dataset of a run's results kept in memory (python/run_arrays.h): the names,
    dimensions, coordinates and attributes read() gives of the run's HDF5 file."""
    import xarray as xr

    coords = {name: xr.Variable(name, values, attrs)
              for name, (values, attrs) in data["coords"].items()}
    variables = {name: xr.Variable(dims, values, attrs)
                 for name, (dims, values, attrs) in data["variables"].items()}
    return xr.Dataset(variables, coords=coords, attrs=data["attrs"])


def run(scenario=None, *, xml=None, variables=None, set=None, output=None):
    """Runs the scenario from its start and returns its results as an xarray.Dataset (the HDF5
    file's names, units and coordinates), collected in memory. With output="run.h5" the file is
    written too, as `hawser run -o` writes it. Raises SimulationError when the integration
    fails, KeyboardInterrupt on Ctrl-C."""
    path, text = _source(scenario, xml)
    file = os.fspath(output) if output is not None else ""
    result = _hawser.run(path, text, variables or {}, set or {}, file)
    if result["status"] != "completed":
        raise SimulationError(f"{path}: error: {result['message']}")
    return _dataset(result["data"])


def sweep(scenario=None, cases=(), *, xml=None, variables=None, threads=1):
    """Runs one case per dict of `cases` (run()'s `set` each), on `threads` threads, and returns
    the Datasets joined along a new dimension `case` (0, 1, ...)."""
    import xarray as xr

    cases = list(cases)
    if not cases:
        raise ScenarioError("error: sweep: no cases (a list of --set dictionaries)")
    with concurrent.futures.ThreadPoolExecutor(max_workers=threads) as pool:
        runs = list(pool.map(lambda c: run(scenario, xml=xml, variables=variables, set=c), cases))
    return xr.concat(runs, dim="case", combine_attrs="drop_conflicts").assign_coords(
        case=range(len(cases)))
