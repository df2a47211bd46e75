"""The Python module `hawser` (python/hawser/): every function, with its errors and their
messages. Run by ctest (python_module) with PYTHONPATH at the build tree's package."""
import math
import os

import numpy as np
import pytest

import hawser

SOURCE = os.environ.get("HAWSER_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
BALL = os.path.join(SOURCE, "configs", "mass_on_spring.xml")
PUSHED = os.path.join(SOURCE, "examples", "c_api", "pushed_ball.xml")
# configs/mass_on_spring.xml: z(t) = z_eq + 0.5 cos(5 t), z_eq = -(1 + 2 * 9.81 / 50).
Z_EQ = -(1 + 2 * 9.81 / 50)


def test_types_and_describe_give_hawser_describe_s_data():
    paths = [path for path, _ in hawser.types()]
    assert "Cable/LinearSpring" in paths and "Signal/External" in paths
    d = hawser.describe("Cable/LinearSpring")
    assert d["type"] == "Cable/LinearSpring"
    stiffness = next(p for p in d["parameters"] if p["name"] == "Stiffness")
    assert stiffness["unit"] == "N/m"
    assert {"name": "ForceB", "width": 3}.items() <= next(
        o for o in d["outputs"] if o["name"] == "ForceB").items()
    with pytest.raises(hawser.ScenarioError, match="unknown SimObject type 'Cable/Spring'"):
        hawser.describe("Cable/Spring")


def test_run_returns_the_hdf5_file_s_names_units_and_coordinates(tmp_path):
    settings = {"Engine.LogStates": 1, "Engine.RelTol": 1e-10, "Engine.AbsTol": 1e-10}
    ds = hawser.run(BALL, set=settings)
    assert ds.sizes["time"] == 201
    assert ds["time"][-1] == 10.0
    z = ds["Ball.Pos"].sel(xyz="z").values
    t = ds["time"].values
    # Closed form; CVODE at RelTol = AbsTol = 1e-10 over 8 periods: within 1e-6 m, as in
    # run_set_test.cpp (the file's 1e-9 leaves 2e-6 m).
    np.testing.assert_allclose(z, Z_EQ + 0.5 * np.cos(5 * t), atol=1e-6)
    assert ds["Ball.Pos"].attrs["unit"] == "m"
    assert ds["Spring.ForceB"].dims == ("time", "xyz")
    np.testing.assert_array_equal(ds["Ball:Pos"].values, ds["Ball.Pos"].values)  # State = port.
    assert ds.attrs["status"] == "completed"
    # With output=, the file stays, and holds the same values.
    out = tmp_path / "run.h5"
    again = hawser.run(BALL, set=settings, output=out)
    assert out.exists()
    np.testing.assert_array_equal(again["Ball.Pos"].values, ds["Ball.Pos"].values)


def test_set_and_variables_use_the_set_grammar_as_python_values():
    # An 8 kg ball on a 200 N/m spring released from z = -1.0924: omega = 5, z_eq = -1.3924;
    # z(t) = z_eq + 0.3 cos(5 t) (run_set_test.cpp's case), at 2 s.
    ds = hawser.run(BALL, variables={"k": 200}, set={
        "Ball.Mass": 8, "Ball:Pos": [0, 0, -1.0924], "Engine.TOutput": "0, 0.5, 2"})
    assert list(ds["time"].values) == [0, 0.5, 1, 1.5, 2]
    z = ds["Ball.Pos"].sel(xyz="z").values
    np.testing.assert_allclose(z, -(1 + 8 * 9.81 / 200) + 0.3 * np.cos(5 * ds["time"].values),
                               atol=1e-6)
    with pytest.raises(hawser.ScenarioError, match=r"mass_on_spring\.xml:11: error: Ball "
                       r"\(Body/3DBody\): unknown parameter 'Mas'; did you mean 'Mass'"):
        hawser.run(BALL, set={"Ball.Mas": 8})


def test_a_bad_scenario_raises_with_file_and_line():
    text = open(PUSHED).read().replace("Body/3DBody", "Body/3DBdy")
    with pytest.raises(hawser.ScenarioError, match=r"bad\.xml:8: error: .*Body/3DBdy"):
        hawser.load("bad.xml", xml=text)
    with pytest.raises(hawser.IoError):
        hawser.load("/nonexistent/s.xml")


def test_stepping_with_an_external_input_follows_the_closed_form():
    # pushed_ball.xml: at rest at z_eq, pushed 5 N down: z(t) = z_eq - 0.1 (1 - cos 5 t).
    m = hawser.load(PUSHED)
    assert m.input_names == ["Push"]
    m.set_input("Push", [0, 0, -5])
    for i in range(1, 11):
        m.advance(0.1 * i)
        assert m.time == pytest.approx(0.1 * i, abs=0)
        z = m.get("Ball.Pos")[2]
        assert z == pytest.approx(Z_EQ - 0.1 * (1 - math.cos(0.5 * i)), abs=1e-6)
    assert list(m.get("Push.Out")) == [0, 0, -5]


def test_stepping_errors_name_what_is_wrong():
    m = hawser.load(PUSHED)
    with pytest.raises(hawser.ScenarioError, match="no external input 'Pull'.*are: Push"):
        m.set_input("Pull", [0, 0, 1])
    with pytest.raises(hawser.ScenarioError, match="input 'Push' has width 3, not 2"):
        m.set_input("Push", [0, 1])
    with pytest.raises(hawser.ScenarioError, match="Ball has no output 'Position'"):
        m.get("Ball.Position")
    with pytest.raises(hawser.ScenarioError, match="no object 'Bal'"):
        m.get("Bal.Pos")
    m.advance(1.0)
    with pytest.raises(hawser.ScenarioError, match="cannot advance to t = 0.5"):
        m.advance(0.5)


def test_the_state_gets_sets_saves_and_loads(tmp_path):
    m = hawser.load(PUSHED)
    assert m.state_names == ["Ball:Pos[0]", "Ball:Pos[1]", "Ball:Pos[2]",
                             "Ball:Vel[0]", "Ball:Vel[1]", "Ball:Vel[2]"]
    x = m.state
    x[2] += 0.2
    m.set_state(x, t=3.0)
    assert m.time == 3.0 and m.get("Ball:Pos")[2] == x[2]
    m.save_state(tmp_path / "s.h5")
    m.advance(3.4)
    first = m.get("Ball.Pos")[2]
    m.load_state(tmp_path / "s.h5")
    assert m.time == 3.0
    m.advance(3.4)
    assert m.get("Ball.Pos")[2] == first  # Both steps start afresh at (3, x): the same doubles.
    with pytest.raises(hawser.ScenarioError, match="the state has 6 entries, not 5"):
        m.set_state(x[:5])
    other = hawser.load(BALL)
    with pytest.raises(hawser.ScenarioError, match="saved from another model"):
        other.load_state(tmp_path / "s.h5")


def test_a_sweep_on_threads_gives_a_case_dimension():
    cases = [{"k": k} for k in (50, 200)]
    ds = hawser.sweep(BALL, cases, threads=2)
    assert ds.sizes["case"] == 2
    # Each case equals its own run: the threads share nothing.
    alone = hawser.run(BALL, set={"k": 200})
    np.testing.assert_array_equal(ds["Ball.Pos"].isel(case=1).values, alone["Ball.Pos"].values)
    with pytest.raises(hawser.ScenarioError, match="no cases"):
        hawser.sweep(BALL, [])
