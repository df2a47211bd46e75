"""Model.mooring_stiffness (runtime/embed/mooring_stiffness.h): a rigid body held by two linear
springs at their relaxed length against K = sum k [n; r x n][n; r x n]^T, and its errors. The
catenary case is tests/embed/mooring_stiffness_test.cpp's."""
import numpy as np
import pytest

import hawser

# (attachment r on the body [m], unit direction n to the anchor, k [N/m], relaxed length [m]).
SPRINGS = [((1.0, 0.0, 0.5), (0.0, 0.6, 0.8), 400.0, 6.0),
           ((0.0, -2.0, 0.0), (0.8, 0.0, -0.6), 900.0, 3.0)]


def springs_xml():
    objects = ['<Lib LibName="base" SimObject="Body/6DBody" Name="B" Mass="10" '
               'Inertia="1,2,3" Gravity="0,0,0"/>']
    wiring = []
    for i, (r, n, k, length) in enumerate(SPRINGS):
        anchor = np.add(r, length * np.array(n))
        objects += [f'<Lib LibName="base" SimObject="Body/Point" Name="P{i}" '
                    f'Position="{",".join(map(repr, r))}"/>',
                    f'<Lib LibName="base" SimObject="Src/Constant" Name="A{i}" '
                    f'Value="{",".join(map(repr, anchor.tolist()))}"/>',
                    f'<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S{i}" '
                    f'Stiffness="{k}" RelaxedLength="{length}"/>']
        wiring.append(f'<Connection P{i}.BodyPos="B.Pos" P{i}.BodyQuat="B.Quat" '
                      f'P{i}.BodyVel="B.Vel" P{i}.BodyAngVel="B.AngVel" S{i}.PosA="P{i}.Pos" '
                      f'S{i}.PosB="A{i}.Out" P{i}.Force="S{i}.ForceA"/>')
    wiring.append('<Connection B.Force="P0.BodyForce + P1.BodyForce" '
                  'B.Moment="P0.BodyMoment + P1.BodyMoment"/>')
    return ("<Contents><OBJECTS>" + "\n".join(objects) + "</OBJECTS><INTERCONNECTIONS>"
            + "\n".join(wiring) + "</INTERCONNECTIONS><INITIALIZATION><InitialCondition/>"
            "</INITIALIZATION><INTEGRATION><Engine TOutput=\"0, 1, 1\"/></INTEGRATION></Contents>")


def test_a_body_on_relaxed_springs_has_the_closed_form_stiffness():
    # A move u and turn theta stretch a spring by n . u + (r x n) . theta; its force
    # -k (stretch) n acts at r. At zero tension the springs' turning adds nothing at first order.
    expected = np.zeros((6, 6))
    for r, n, k, _ in SPRINGS:
        g = np.concatenate([n, np.cross(r, n)])
        expected += k * np.outer(g, g)
    m = hawser.load("springs.xml", xml=springs_xml())
    k = m.mooring_stiffness("B")
    assert k.shape == (6, 6)
    # Central differences over 0.01 m and 1e-3 rad: the error is the stretch's cubic term,
    # ~(h / L)^2 ~ 1e-5 of an entry at L = 3 m.
    np.testing.assert_allclose(k, expected, rtol=0, atol=1e-4 * np.abs(expected).max())
    # Other steps, the same stiffness (a linear response).
    np.testing.assert_allclose(m.mooring_stiffness("B", dx=0.05, dtheta=0.01), expected, rtol=0,
                               atol=1e-3 * np.abs(expected).max())


def test_mooring_stiffness_errors_name_the_object_and_the_reason():
    m = hawser.load("springs.xml", xml=springs_xml())
    with pytest.raises(hawser.ScenarioError, match="mooring stiffness: no object 'C'"):
        m.mooring_stiffness("C")
    with pytest.raises(hawser.ScenarioError, match="mooring stiffness of 'S0': not a body with "
                       "a position state Pos"):
        m.mooring_stiffness("S0")
    with pytest.raises(hawser.ScenarioError, match="mooring stiffness of 'B': the step dx = 0 "
                       "is not a positive number"):
        m.mooring_stiffness("B", dx=0)
    with pytest.raises(hawser.ScenarioError, match="the step dtheta = nan is not a positive"):
        m.mooring_stiffness("B", dtheta=float("nan"))
