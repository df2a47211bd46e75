"""Model.settle() and Model.jacobian() of the Python module: against the closed form of the
pushed ball (examples/c_api/pushed_ball.xml), and their errors. Run by ctest (python_module)."""
import os

import numpy as np
import pytest

import hawser

SOURCE = os.environ.get("HAWSER_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
PUSHED = os.path.join(SOURCE, "examples", "c_api", "pushed_ball.xml")
# 2 kg on a 50 N/m spring of 1 m: z_eq = -(1 + 2 * 9.81 / 50); a push F moves it by F / k.
Z_EQ = -(1 + 2 * 9.81 / 50)


def test_settle_finds_the_pushed_equilibrium_and_reports_it():
    m = hawser.load(PUSHED)
    m.set_input("Push", [0, 0, -5])
    report = m.settle()
    assert report["time"] == 0.0
    assert any("Ball" in line for line in report["lines"]), report["lines"]
    assert report["warnings"] == []
    # Settle stops at AbsTol = RelTol = 1e-9 on the residual; 1e-6 m leaves room for the
    # spring's 1/k = 0.02 m/N in turning a force residual into a position error.
    assert m.get("Ball.Pos")[2] == pytest.approx(Z_EQ - 5 / 50, abs=1e-6)
    np.testing.assert_allclose(m.get("Ball.Vel"), 0, atol=1e-6)
    # The session goes on from the settled state: it stays there.
    m.advance(1.0)
    assert m.get("Ball.Pos")[2] == pytest.approx(Z_EQ - 5 / 50, abs=1e-6)


def test_settle_that_cannot_converge_raises_with_the_reason():
    text = open(PUSHED).read().replace(
        '<Connection Ball.Force="Spring.ForceB + Push.Out" />', '<Connection Ball.Force="Push.Out" />')
    m = hawser.load("falling.xml", xml=text)  # Nothing holds the ball up: no equilibrium.
    with pytest.raises(hawser.SimulationError, match="settle did not reach static equilibrium"):
        m.settle()


def test_the_jacobian_of_the_hanging_ball_is_its_stiffness_over_its_mass():
    m = hawser.load(PUSHED)
    j = m.jacobian()
    names = m.state_names
    assert j.shape == (6, 6)
    pos, vel = names.index("Ball:Pos[0]"), names.index("Ball:Vel[0]")
    # d(Pos)/dt = Vel: an identity block. Central differences of a linear map: exact but for
    # rounding, eps * |f| / h ~ 1e-7 with h = sqrt(eps).
    np.testing.assert_allclose(j[pos:pos + 3, vel:vel + 3], np.eye(3), atol=1e-6)
    # Along the spring: -k / m = -25 1/s^2; across it, the pendulum: -T / (L m) = -g / L.
    assert j[vel + 2, pos + 2] == pytest.approx(-25.0, rel=1e-6)
    assert j[vel, pos] == pytest.approx(-9.81 / -Z_EQ, rel=1e-6)
    assert j[vel + 1, pos + 1] == pytest.approx(-9.81 / -Z_EQ, rel=1e-6)
