#!/usr/bin/python3
"""RAO tables of a floating truncated vertical circular cylinder (spar or buoy), from textbook
long-wave formulas, in hawser's RAO file format (simobjects/body/rao_table.h).

Run with /usr/bin/python3 (Debian's numpy). The files in configs/data were made with

  /usr/bin/python3 tools/cylinder_raos.py --diameter 20 --draft 30 --depth 100 \\
      --omega-min 0.1 --omega-max 2.0 --n-frequencies 40 \\
      --headings 0,45,90,135,180,225,270,315 \\
      --kind force --output configs/data/cylinder_force_raos.csv
  /usr/bin/python3 tools/cylinder_raos.py --diameter 20 --draft 30 --depth 100 \\
      --omega-min 0.1 --omega-max 2.0 --n-frequencies 40 \\
      --headings 0,45,90,135,180,225,270,315 \\
      --kind displacement --output configs/data/cylinder_displacement_raos.csv

(all other options at their defaults; tests/tools/cylinder_raos_check.py regenerates both and
compares them byte for byte). The mass, added-mass, stiffness and damping matrices used are
printed on stderr in hawser's matrix syntax (rows separated by ';'), ready for a Body/Floater;
without --output only they are printed.

Conventions (hawser's, rao_table.h)
-----------------------------------
Body frame: origin O on the mean waterline on the cylinder's axis, x bow, y port, z up; roll,
pitch, yaw are right-handed rotations about x, y, z (positive pitch puts the bow down). Heading
beta: the direction the waves travel towards, relative to x, degrees (0 following, 180 head).
A wave component eta = a cos(psi), psi = k (x cos beta + y sin beta) - omega t + phi, gives the
response r = Re(a H e^{i psi}) = a |H| cos(psi + epsilon): the file holds |H| and the phase LAG
epsilon = arg H in degrees, in (-180, 180]. The time dependence is e^{-i omega t}, so d/dt of a
complex amplitude X is -i omega X.
Force RAOs: N/m and N*m/m, about O, heading frame (= body frame for small motions). Displacement
RAOs: m/m for surge, sway, heave and deg/m for roll, pitch, yaw, of O.

Linear (Airy) wave kinematics in depth h (Faltinsen 1990, ch. 2; DNV-RP-C205 2010, sec. 3)
--------------------------------------------------------------------------------------------
omega^2 = g k tanh(k h). With eta = Re(a e^{i psi}) the potential is Re(-i g a/omega
cosh(k(z+h))/cosh(kh) e^{i psi}), so at height z (z <= 0), along the wave direction:
  dynamic pressure  p     = Re(rho g a  Zp(z) e^{i psi}),  Zp = cosh(k(z+h)) / cosh(kh)
  velocity          u     = Re(omega a  Zu(z) e^{i psi}),  Zu = cosh(k(z+h)) / sinh(kh)
  acceleration      du/dt = Re(-i omega^2 a Zu(z) e^{i psi})   (= omega^2 a Zu sin(psi): it
                    peaks a quarter period BEFORE the crest, phase -90 deg)
  vertical accel.   dw/dt = Re(-omega^2 a Zw(z) e^{i psi}),  Zw = sinh(k(z+h)) / sinh(kh)
Deep water (h = inf): Zp = Zu = Zw = e^{kz}. Computed with E = e^{-2kh} as
Zp = (e^{kz} + E e^{-kz}) / (1 + E), Zu = (e^{kz} + E e^{-kz}) / (1 - E) (no overflow).

Force RAOs (radius R = D/2, Awp = pi R^2, V = Awp T, Cm = 1 + Ca)
------------------------------------------------------------------
Horizontal force: the long-wave (G.I. Taylor) or Morison inertia force, Froude-Krylov plus
diffraction, on strips of the side wall (Faltinsen 1990, ch. 3 and 4; DNV-RP-C205 2010,
sec. 6), with Cm = 2 for Ca = 1, the kinematics taken on the axis:
  f(z) = rho Cm Awp du/dt(z)  =>  Fh = -i rho Cm Awp omega^2 I0,   I0 = int_{-T}^{0} Zu dz
  Fh phase -90 deg; in deep water I0 = (1 - e^{-kT}) / k.
  surge F1 = Fh cos(beta), sway F2 = Fh sin(beta).
Heave: Froude-Krylov pressure on the bottom face z = -T (pushes up):
  F3 = rho g Awp Zp(-T)   (real, phase 0; deep water rho g Awp e^{-kT}; -> rho g Awp as
  omega -> 0, the hydrostatic limit).
Moments about O: a force (Fx, Fy, 0) at (0, 0, z) has moment (-z Fy, z Fx, 0); the bottom
pressure's first-order variation across the face (e^{ik x cos beta} ~ 1 + i k x cos beta) adds a
moment (int y p dA, -int x p dA) with int x^2 dA = int y^2 dA = I = pi R^4 / 4:
  Mh = -i rho Cm Awp omega^2 I1,  I1 = int_{-T}^{0} z Zu dz  (< 0: Mh has phase +90 deg)
  Mb = rho g Zp(-T) k I
  roll  F4 = -Mh sin(beta) + i Mb sin(beta)
  pitch F5 =  Mh cos(beta) - i Mb cos(beta)
  yaw   F6 = 0 (axisymmetric).
So in head seas (beta = 180) surge is +90 deg and pitch -90 deg; at beta = 0 surge -90 deg,
pitch +90 deg. Deep water: I1 = -(1 - e^{-kT} (1 + kT)) / k^2.
Left out (all O(kR)^2 or diffraction): the factor 2 J1(kR)/(kR) ~ 1 - (kR)^2/8 of the wave's
phase variation over the section, the heave diffraction term -omega^2 A33 Zw(-T) (it would
lower F3 by a fraction omega^2 A33 / (rho g Awp) in deep water: 22 % at the heave resonance
of the example, so the heave RAO there is conservative), and the MacCamy-Fuchs diffraction
correction of Fh.

VALIDITY: a slender body, D small compared with the wavelength: D / lambda < 0.2, i.e.
kR < 0.2 pi ~ 0.63 (the Morison range of DNV-RP-C205 2010, sec. 6: lambda > 5 D), and small
motions. Above it the forces are extrapolations (Fh too large: by ~45 % at kR = 1 against
MacCamy-Fuchs); the script warns on stderr. For D = 20 m that is omega < ~0.785 rad/s: the
example tables' upper 25 of 40 frequencies (0.83 to 2 rad/s) are outside the formulas' range,
kept only so that the grid covers a usual sea spectrum. Mean drift, viscous
drag and current are not included.

Matrices (6x6, about O, body frame; zG = KG - T the height of G, zB = -T/2 that of B)
-------------------------------------------------------------------------------------
Rigid body: m (default rho V); G at (0, 0, zG), KG default T/2; radii of gyration about G
default those of a homogeneous solid cylinder of length T (rxx^2 = ryy^2 = R^2/4 + T^2/12,
rzz^2 = R^2/2). About O: M15 = M51 = m zG, M24 = M42 = -m zG, M44 = Ixx + m zG^2,
M55 = Iyy + m zG^2, M66 = Izz (Body/FloatingBody's M_RB).
Added mass (strip theory, Ca = 1 for a circle, a = Ca rho Awp per metre; DNV-RP-C205 2010 and
Faltinsen 1990 ch. 4): A11 = A22 = a T, A15 = A51 = -a T^2/2, A24 = A42 = +a T^2/2,
A44 = A55 = a T^3/3; heave A33 = rho D^3/3, the added mass of a thin circular disk in unbounded
fluid (DNV-RP-C205's added-mass table: C_A = 2/pi on V_R = 4/3 pi R^3; an upper estimate for the
bottom of a deep cylinder, whose one-sided value is about half); A66 = 0.
Hydrostatics (Faltinsen 1990 ch. 2; WAMIT's and OrcaFlex's C, weight included):
C33 = rho g Awp, C44 = C55 = rho g (I + V zB) - m g zG = rho g V GM when m = rho V, with
GM = KB + BM - KG, KB = T/2, BM = I / V. Surge, sway, yaw: no restoring (moorings add it).
Linear damping (an assumption, not computed: the radiation damping of a deep-draft cylinder is
small, ~1 % of critical at the example's heave resonance by the Haskind relation (Newman 1977,
ch. 6) with F3 above; the rest is viscous; replace with better data when available):
B33 = 2 zeta3 sqrt(C33 (M33 + A33)); B44 = B55 = 2 zeta5 sqrt(C55 Meff), with
Meff = (M + A)55 - (M + A)15^2 / (M + A)11 the pitch inertia of the free-surge coupled mode
(so zeta5 is that mode's exact damping ratio when B11 = 0); B11 = B22 = --surge-damping
(default 0); B66 = 0. Defaults zeta3 = zeta5 = 0.05.

Displacement RAOs
-----------------
With (M + A) x'' + B x' + C x = Re(a F e^{i psi}) and x = Re(a X e^{i psi}) under e^{-i omega t}:
  X = [C - omega^2 (M + A) - i omega B]^{-1} F
(the sign of the damping term is that of -i omega: at resonance X = i F / (omega B), a lag of
+90 deg). Solved as heave alone, yaw alone (X6 = 0), and the coupled 2x2 surge-pitch (1, 5) and
sway-roll (2, 4) blocks; rotations then in deg/m. As omega -> 0 heave -> Zp(-T) C33 / C33 -> 1
with phase 0; heave resonance at omega3 = sqrt(C33 / (M33 + A33)), pitch at
sqrt(C55 / Meff).

References: O. M. Faltinsen, Sea loads on ships and offshore structures, Cambridge University
Press, 1990. DNV-RP-C205, Environmental conditions and environmental loads, Det Norske Veritas,
October 2010. J. N. Newman, Marine hydrodynamics, MIT Press, 1977 (ch. 6).
"""
import argparse
import math
import sys

import numpy as np

HEADER = ("frequency_rad_s,heading_deg,surge_amp,surge_phase_deg,sway_amp,sway_phase_deg,"
          "heave_amp,heave_phase_deg,roll_amp,roll_phase_deg,pitch_amp,pitch_phase_deg,"
          "yaw_amp,yaw_phase_deg")
NUMBER = "%.10g"


def wave_number(omega, depth, g):
    """k [rad/m] of omega^2 = g k tanh(k h) (numpy array of omega > 0; depth inf: omega^2 / g).

    Newton on y tanh(y) = x (y = k h, x = omega^2 h / g) from y = max(x, sqrt(x)), which is
    above the root, so the iteration decreases monotonically to it.
    """
    k_deep = omega**2 / g
    if math.isinf(depth):
        return k_deep
    x = k_deep * depth
    y = np.maximum(x, np.sqrt(x))
    for _ in range(100):
        t = np.tanh(y)
        step = (y * t - x) / (t + y * (1.0 - t * t))
        y = y - step
        if np.all(np.abs(step) <= 1e-15 * y):
            break
    return y / depth


def depth_profiles(k, depth, draft):
    """(Zp(-T), I0, I1) of the module docstring for wave numbers k (array), draft T.

    Zp(-T) = cosh(k(h-T))/cosh(kh); I0 = int_{-T}^0 Zu dz; I1 = int_{-T}^0 z Zu dz, with
    Zu = cosh(k(z+h))/sinh(kh) = (e^{kz} + E e^{-kz}) / (1 - E), E = e^{-2kh} (0 in deep water).
    """
    T = draft
    e2kh = np.zeros_like(k) if math.isinf(depth) else np.exp(-2.0 * k * depth)
    down, up = np.exp(-k * T), np.exp(k * T) * e2kh  # e^{-kT}, E e^{kT} = e^{-k(2h-T)}
    zp = (down + up) / (1.0 + e2kh)
    # int_{-T}^0 e^{kz} dz = (1 - e^{-kT})/k,  int_{-T}^0 e^{-kz} dz = (e^{kT} - 1)/k
    # int_{-T}^0 z e^{kz} dz = -(1 - e^{-kT}(1 + kT))/k^2
    # int_{-T}^0 z e^{-kz} dz = -(1 + e^{kT}(kT - 1))/k^2
    kt = k * T
    i0 = (-np.expm1(-kt) + e2kh * np.expm1(kt)) / k
    i1 = -((1.0 - down * (1.0 + kt)) + (e2kh + up * (kt - 1.0))) / k**2
    return zp, i0 / (1.0 - e2kh), i1 / (1.0 - e2kh)


def force_raos(omega, headings_deg, p):
    """Complex force RAOs F[f, h, dof] (N/m, N*m/m about O) at omega [rad/s] and headings [deg]."""
    k = wave_number(omega, p["depth"], p["g"])
    zp, i0, i1 = depth_profiles(k, p["depth"], p["draft"])
    rho, g, awp, cm = p["rho"], p["g"], p["awp"], 1.0 + p["ca"]
    fh = -1j * rho * cm * awp * omega**2 * i0       # horizontal force along the wave
    mh = -1j * rho * cm * awp * omega**2 * i1       # its moment lever: int z f dz
    mb = rho * g * zp * k * p["iwp"]                # bottom pressure moment coefficient
    beta = np.radians(headings_deg)
    c, s = np.cos(beta), np.sin(beta)
    c[np.abs(c) < 1e-12] = 0.0                      # exact zeros at multiples of 90 deg
    s[np.abs(s) < 1e-12] = 0.0
    F = np.zeros((len(omega), len(headings_deg), 6), dtype=complex)
    F[:, :, 0] = np.outer(fh, c)
    F[:, :, 1] = np.outer(fh, s)
    F[:, :, 2] = (rho * g * awp * zp)[:, None]
    F[:, :, 3] = np.outer(-mh + 1j * mb, s)
    F[:, :, 4] = np.outer(mh - 1j * mb, c)
    return F


def matrices(p):
    """(M_RB, A, C, B, info): the 6x6 matrices about O of the module docstring, and a dict of
    derived values (zG, GM, natural frequencies, Meff)."""
    rho, g, T = p["rho"], p["g"], p["draft"]
    m, zg, zb, V, awp, iwp = p["mass"], p["kg"] - T, -T / 2.0, p["volume"], p["awp"], p["iwp"]
    rxx, ryy, rzz = p["gyration"]
    M = np.diag([m, m, m, m * rxx**2 + m * zg**2, m * ryy**2 + m * zg**2, m * rzz**2])
    M[0, 4] = M[4, 0] = m * zg
    M[1, 3] = M[3, 1] = -m * zg
    a = p["ca"] * rho * awp
    A = np.zeros((6, 6))
    A[0, 0] = A[1, 1] = a * T
    A[0, 4] = A[4, 0] = -a * T**2 / 2.0
    A[1, 3] = A[3, 1] = a * T**2 / 2.0
    A[3, 3] = A[4, 4] = a * T**3 / 3.0
    A[2, 2] = p["a33"]
    C = np.zeros((6, 6))
    C[2, 2] = rho * g * awp
    C[3, 3] = C[4, 4] = rho * g * (iwp + V * zb) - m * g * zg
    if not C[4, 4] > 0.0:
        sys.exit(f"cylinder_raos.py: roll/pitch stiffness {C[4, 4]:.6g} N*m/rad <= 0 "
                 f"(KG {p['kg']:g} m is too high): the cylinder is not stable upright")
    Mt = M + A
    meff = Mt[4, 4] - Mt[0, 4] ** 2 / Mt[0, 0]
    B = np.zeros((6, 6))
    B[0, 0] = B[1, 1] = p["surge_damping"]
    B[2, 2] = 2.0 * p["zeta3"] * math.sqrt(C[2, 2] * Mt[2, 2])
    B[3, 3] = B[4, 4] = 2.0 * p["zeta5"] * math.sqrt(C[4, 4] * meff)
    info = {"zG": zg, "GM": C[4, 4] / (rho * g * V), "Meff": meff,
            "omega3": math.sqrt(C[2, 2] / Mt[2, 2]), "omega5": math.sqrt(C[4, 4] / meff)}
    return M, A, C, B, info


def displacement_raos(omega, F, M, A, C, B):
    """X = [C - omega^2 (M + A) - i omega B]^{-1} F per block: heave, yaw, (surge, pitch),
    (sway, roll); rotations converted to deg/m."""
    X = np.zeros_like(F)
    for block in ([2], [5], [0, 4], [1, 3]):
        ix = np.ix_(block, block)
        for f, w in enumerate(omega):
            K = C[ix] - w**2 * (M[ix] + A[ix]) - 1j * w * B[ix]
            X[f][:, block] = np.linalg.solve(K, F[f][:, block].T).T
    X[:, :, 3:] *= 180.0 / math.pi
    return X


def table_text(omega, headings, H, comments):
    """The CSV text: '#' comment lines, the header, one row per (frequency, heading)."""
    def num(v):
        return NUMBER % (v + 0.0)  # + 0.0 turns -0.0 into 0.0

    lines = ["# " + c for c in comments] + [HEADER]
    for f, w in enumerate(omega):
        for h, beta in enumerate(headings):
            row = [num(w), num(beta)]
            for value in H[f, h]:
                amp = abs(value)
                phase = math.degrees(math.atan2(value.imag, value.real)) if amp > 0.0 else 0.0
                if phase <= -180.0:
                    phase = 180.0
                row += [num(amp), num(phase)]
            lines.append(",".join(row))
    return "\n".join(lines) + "\n"


def matrix_text(m):
    """hawser's matrix syntax: elements ',' rows ';'."""
    return "; ".join(",".join(NUMBER % (v + 0.0) for v in row) for row in m)


def summary(p, M, A, C, B, info):
    """The numbers a scenario needs, as Body/FloatingBody attributes, and derived values."""
    rxx, ryy, rzz = p["gyration"]
    m = p["mass"]
    inertia = ",".join(NUMBER % (m * r**2) for r in (rxx, ryy, rzz))
    w3, w5 = info["omega3"], info["omega5"]
    return "\n".join([
        f"cylinder D = {p['diameter']:g} m, T = {p['draft']:g} m, depth = {p['depth']:g} m, "
        f"rho = {p['rho']:g} kg/m^3, g = {p['g']:g} m/s^2",
        f"V = {NUMBER % p['volume']} m^3, Awp = {NUMBER % p['awp']} m^2, "
        f"KG = {p['kg']:g} m (zG = {info['zG']:g} m), GM = {NUMBER % info['GM']} m",
        f"heave natural period 2 pi sqrt((m + A33)/C33) = {NUMBER % (2 * math.pi / w3)} s "
        f"(omega {NUMBER % w3} rad/s)",
        f"roll/pitch natural period (free surge) 2 pi sqrt(Meff/C55) = "
        f"{NUMBER % (2 * math.pi / w5)} s (omega {NUMBER % w5} rad/s, "
        f"Meff = {NUMBER % info['Meff']} kg*m^2)",
        "Body/FloatingBody attributes (about O on the waterline; heading frame):",
        f'  Mass="{NUMBER % m}" CentreOfGravity="0,0,{NUMBER % info["zG"]}" '
        f'Inertia="{inertia}"',
        f'  Displacement="{NUMBER % p["volume"]}"',
        f'  HydrostaticStiffness="{matrix_text(C)}"',
        f'  AddedMass="{matrix_text(A)}"',
        f'  LinearDamping="{matrix_text(B)}"',
        f"rigid-body mass matrix about O (M_RB, for reference): {matrix_text(M)}",
    ]) + "\n"


def parameters(args):
    """The derived parameter dict from the command line (defaults of the module docstring)."""
    D, T, h, rho = args.diameter, args.draft, args.depth, args.density
    if not (D > 0 and T > 0 and h > T and rho > 0 and args.gravity > 0):
        sys.exit("cylinder_raos.py: expected diameter, draft, density, gravity > 0 and "
                 "depth > draft")
    R = D / 2.0
    awp = math.pi * R**2
    p = {"diameter": D, "radius": R, "draft": T, "depth": h, "rho": rho, "g": args.gravity,
         "awp": awp, "iwp": math.pi * R**4 / 4.0, "volume": awp * T, "ca": args.ca,
         "surge_damping": args.surge_damping, "zeta3": args.heave_damping_ratio,
         "zeta5": args.roll_pitch_damping_ratio}
    p["mass"] = rho * p["volume"] if args.mass is None else args.mass
    p["kg"] = T / 2.0 if args.kg is None else args.kg
    p["a33"] = rho * D**3 / 3.0 if args.a33 is None else args.a33
    if args.gyration is None:
        rxx = math.sqrt(R**2 / 4.0 + T**2 / 12.0)
        p["gyration"] = (rxx, rxx, R / math.sqrt(2.0))
    else:
        p["gyration"] = tuple(float(v) for v in args.gyration.split(","))
        if len(p["gyration"]) != 3:
            sys.exit("cylinder_raos.py: --gyration expects rxx,ryy,rzz")
    return p


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 epilog="Formulas and conventions: see the module docstring.")
    ap.add_argument("--diameter", type=float, required=True, help="D [m]")
    ap.add_argument("--draft", type=float, required=True, help="T [m]")
    ap.add_argument("--depth", type=float, default=math.inf, help="h [m] (default inf: deep)")
    ap.add_argument("--density", type=float, default=1025.0, help="rho [kg/m^3] (1025)")
    ap.add_argument("--gravity", type=float, default=9.81, help="g [m/s^2] (9.81)")
    ap.add_argument("--mass", type=float, help="m [kg] (default rho V, freely floating)")
    ap.add_argument("--kg", type=float, help="KG: height of G above the keel [m] (default T/2)")
    ap.add_argument("--gyration", help="rxx,ryy,rzz about G [m] (default: homogeneous solid "
                    "cylinder of length T)")
    ap.add_argument("--ca", type=float, default=1.0,
                    help="horizontal added-mass coefficient Ca (1); Cm = 1 + Ca")
    ap.add_argument("--a33", type=float, help="heave added mass [kg] (default rho D^3 / 3)")
    ap.add_argument("--heave-damping-ratio", type=float, default=0.05, help="zeta3 (0.05)")
    ap.add_argument("--roll-pitch-damping-ratio", type=float, default=0.05, help="zeta5 (0.05)")
    ap.add_argument("--surge-damping", type=float, default=0.0,
                    help="B11 = B22 [N*s/m] (0)")
    ap.add_argument("--omega-min", type=float, default=0.1, help="[rad/s] (0.1)")
    ap.add_argument("--omega-max", type=float, default=2.0, help="[rad/s] (2.0)")
    ap.add_argument("--n-frequencies", type=int, default=40, help="(40, evenly spaced)")
    ap.add_argument("--headings", default="0,45,90,135,180,225,270,315",
                    help="degrees, increasing in [0, 360) (every 45)")
    ap.add_argument("--kind", choices=["force", "displacement"], default="force")
    ap.add_argument("--output", help="CSV file to write (default: only print the matrices)")
    args = ap.parse_args()

    p = parameters(args)
    omega = np.linspace(args.omega_min, args.omega_max, args.n_frequencies)
    headings = np.array([float(v) for v in args.headings.split(",")])
    if not (omega[0] > 0 and np.all(np.diff(omega) > 0)):
        sys.exit("cylinder_raos.py: expected 0 < omega-min < omega-max, n-frequencies >= 1")
    if not (np.all(headings >= 0) and np.all(headings < 360) and np.all(np.diff(headings) > 0)):
        sys.exit("cylinder_raos.py: headings must increase within [0, 360)")

    M, A, C, B, info = matrices(p)
    sys.stderr.write(summary(p, M, A, C, B, info))
    kr = wave_number(omega, p["depth"], p["g"]) * p["radius"]
    if np.any(kr > 0.2 * math.pi):
        first = omega[np.argmax(kr > 0.2 * math.pi)]
        sys.stderr.write(f"warning: kR > 0.63 (D/lambda > 0.2) from {first:.4g} rad/s: the "
                         f"long-wave formulas are outside their range there\n")
    if args.output is None:
        return

    F = force_raos(omega, headings, p)
    H = F if args.kind == "force" else displacement_raos(omega, F, M, A, C, B)
    units = "N/m and N*m/m about O" if args.kind == "force" else "m/m and deg/m of O"
    comments = [
        f"{args.kind} RAOs of a floating vertical cylinder ({units}, heading frame; phase = lag, "
        "deg; hawser rao_table.h conventions), made by tools/cylinder_raos.py",
        f"D = {NUMBER % p['diameter']} m, T = {NUMBER % p['draft']} m, depth = "
        f"{NUMBER % p['depth']} m, rho = {NUMBER % p['rho']} kg/m^3, g = {NUMBER % p['g']} m/s^2, "
        f"m = {NUMBER % p['mass']} kg, KG = {NUMBER % p['kg']} m, Ca = {NUMBER % p['ca']}, "
        f"A33 = {NUMBER % p['a33']} kg, zeta3 = {NUMBER % p['zeta3']}, "
        f"zeta5 = {NUMBER % p['zeta5']}, B11 = {NUMBER % p['surge_damping']} N*s/m",
        "long-wave (Morison inertia Cm = 1 + Ca, Froude-Krylov heave) formulas: valid for "
        "D/lambda < 0.2",
    ]
    with open(args.output, "w", newline="\n") as fh:
        fh.write(table_text(omega, headings, H, comments))


if __name__ == "__main__":
    main()
