#!/usr/bin/python3
"""Hand-made WAMIT-format files (.1, .3, .hst, .8) of the OC3-Hywind spar's hull, for
configs/spar_oc3_design.xml (Body/FloatingBody WamitFile, Force/WaveDrift DriftFile).

Run with /usr/bin/python3. configs/data/spar_oc3.* were made with

  /usr/bin/python3 tools/spar_oc3_wamit.py --output configs/data/spar_oc3

Hull (J. Jonkman 2010, NREL/TP-500-47535, table 2-2): a 6.5 m column from the waterline to
-4 m, a taper to 9.4 m at -12 m, a 9.4 m column to the keel at -120 m; 320 m of water,
rho 1025, g 9.80665, ULEN 1. Mass 8066048 kg with G at -78 m (the platform, tower and
turbine of configs/spar_oc3_hywind_wind_drift.xml). The section radius R(z) is integrated over
0.01 m strips (midpoint rule; the volume comes out 8029.2 m^3, Jonkman's 8029.21).

What is in them, and what is approximate (textbook long-wave formulas, not a BEM solution)
--------------------------------------------------------------------------------------------
.3    the force RAOs of tools/cylinder_raos.py's formulas with the section varying along z:
      horizontal force and its moment from Morison's inertia term on strips,
      f(z) = rho (1 + Ca) pi R(z)^2 du/dt(z), Ca = 1; heave and the pressure moment from the
      Froude-Krylov pressure on the keel (up) and on the taper's annulus (down, at each strip's
      depth), so that omega -> 0 gives rho g Awp with Awp = pi 3.25^2. Left out as in
      cylinder_raos.py: diffraction beyond Ca (MacCamy-Fuchs) and the section's phase variation,
      O(kR)^2 (kR < 0.63 below 1.15 rad/s for R = 4.7 m). Headings every 30 deg (the design
      sweep's 0, 30, 60 are table headings, not interpolated), 40 frequencies 0.1 .. 2 rad/s.
.hst  C33 = rho g Awp, C44 = C55 = rho g (Iwp + V zB) - m g zG from the profile
      (Iwp = pi 3.25^4 / 4).
.1    A_inf by strip theory: a(z) = Ca rho pi R(z)^2, A11 = A22 = int a dz,
      A15 = -A24 = int a z dz, A44 = A55 = int a z^2 dz, heave A33 = rho D^3 / 3 (a disk of the
      keel's D = 9.4 m), A66 = 0. A(omega), B(omega) from the closed-form retardation function of
      tools/cylinder_wamit.py (K_ii peaking at 1 rad/s), with B_ii(1 rad/s) = 1e5 N s/m in surge
      and sway, 1.3e5 N s/m in heave (the sizes of OC3's additional linear damping) and 5 % of
      critical in roll and pitch: a smooth, causal stand-in for the spar's small radiation
      damping, not its value.
.8    mean drift along the heading, F'(kR) = (2/3) R x^4 / (1 + x^4), x = kR, R = 4.7 m, deep
      water: the formula of configs/data/spar_oc3_drift.8 (illustrative; the short-wave limit
      (2/3) rho g A^2 R of a vertical cylinder, Faltinsen 1990 section 5.4) at every 30 deg.
_rotor.csv, _hull.csv  Force/WindLoad and Force/CurrentLoad coefficients (flow_coefficients.h)
      every 10 deg of relative flow heading beta, along the flow: (C_x, C_y) = Cd A (cos beta,
      sin beta), C_mz = 0. Rotor: the disc pi 63^2 with the thrust coefficient 0.75 as Cd (the
      rotor yawed into the relative wind, 744 kN at 11.4 m/s); hull: the column's projection
      9.4 m x 120 m with Cd 0.6 (a circle's drag acts along the flow at every heading; the
      Areas form, cos|cos| and sin|sin|, would not).
"""
import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cylinder_raos  # noqa: E402
import cylinder_wamit  # noqa: E402

RHO, G, DEPTH, DRAFT, CA = 1025.0, 9.80665, 320.0, 120.0, 1.0
MASS, ZG, INERTIA_G = 8066048.0, -78.0, (1.9e10, 1.9e10, 1.6423e8)
R_TOP, R_KEEL = 3.25, 4.7
DZ = 0.01
DRIFT_PERIODS = [3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 20, 25, 30, 40, 60]


def radius(z):
    """R(z) [m] for -120 <= z <= 0: 3.25 above -4 m, linear to 4.7 at -12 m, then 4.7."""
    return np.where(z > -4.0, R_TOP, np.where(z > -12.0, R_TOP + (R_KEEL - R_TOP) *
                                              (-4.0 - z) / 8.0, R_KEEL))


def strips():
    """Strip midpoints z and section areas pi R(z)^2 (DZ thick)."""
    z = -DRAFT + DZ * (np.arange(round(DRAFT / DZ)) + 0.5)
    return z, math.pi * radius(z) ** 2


def zu_zp(k, z):
    """Zu = cosh(k(z+h))/sinh(kh) and Zp = cosh(k(z+h))/cosh(kh) [f, strip] (no overflow)."""
    e2kh = np.exp(-2.0 * k * DEPTH)[:, None]
    kz = np.outer(k, z)
    num = np.exp(kz) + e2kh * np.exp(-kz)
    return num / (1.0 - e2kh), num / (1.0 + e2kh)


def force_raos(omega, headings):
    """F[f, h, dof] (N/m, N*m/m about O; hawser's lag convention) of the module docstring."""
    k = cylinder_raos.wave_number(omega, DEPTH, G)
    z, area = strips()
    zu, zp = zu_zp(k, z)
    cm = 1.0 + CA
    fh = -1j * RHO * cm * omega**2 * (zu * area).sum(axis=1) * DZ
    mh = -1j * RHO * cm * omega**2 * (zu * area * z).sum(axis=1) * DZ
    # Downward-facing area per strip: the keel (R_KEEL) up, the taper's annulus down.
    zp_keel = zu_zp(k, np.array([-DRAFT]))[1][:, 0]
    r_hi, r_lo = radius(z + DZ / 2), radius(z - DZ / 2)
    ring = math.pi * (r_lo**2 - r_hi**2)           # > 0 only on the taper
    ring_i = math.pi * (r_lo**4 - r_hi**4) / 4.0    # its second moment of area
    f3 = RHO * G * (zp_keel * math.pi * R_KEEL**2 - (zp * ring).sum(axis=1))
    mb = RHO * G * k * (zp_keel * math.pi * R_KEEL**4 / 4.0 - (zp * ring_i).sum(axis=1))
    beta = np.radians(headings)
    c, s = np.cos(beta), np.sin(beta)
    c[np.abs(c) < 1e-12] = 0.0
    s[np.abs(s) < 1e-12] = 0.0
    F = np.zeros((len(omega), len(headings), 6), dtype=complex)
    F[:, :, 0] = np.outer(fh, c)
    F[:, :, 1] = np.outer(fh, s)
    F[:, :, 2] = f3[:, None]
    F[:, :, 3] = np.outer(-mh + 1j * mb, s)
    F[:, :, 4] = np.outer(mh - 1j * mb, c)
    return F


def matrices():
    """(A_inf, C, peak B_ii, V, zB) of the module docstring."""
    z, area = strips()
    volume = area.sum() * DZ
    zb = (area * z).sum() * DZ / volume
    a = CA * RHO * area
    A = np.zeros((6, 6))
    A[0, 0] = A[1, 1] = a.sum() * DZ
    A[0, 4] = A[4, 0] = (a * z).sum() * DZ
    A[1, 3] = A[3, 1] = -A[0, 4]
    A[3, 3] = A[4, 4] = (a * z * z).sum() * DZ
    A[2, 2] = RHO * (2.0 * R_KEEL) ** 3 / 3.0
    C = np.zeros((6, 6))
    C[2, 2] = RHO * G * math.pi * R_TOP**2
    C[3, 3] = C[4, 4] = RHO * G * (math.pi * R_TOP**4 / 4.0 + volume * zb) - MASS * G * ZG
    # Pitch inertia of the free-surge coupled mode, about O (cylinder_raos.matrices's Meff).
    m15 = MASS * ZG + A[0, 4]
    meff = INERTIA_G[1] + MASS * ZG**2 + A[4, 4] - m15**2 / (MASS + A[0, 0])
    b55 = 2.0 * 0.05 * math.sqrt(C[4, 4] * meff)
    peak = [1e5, 1e5, 1.3e5, b55, b55, 0.0]
    return A, C, peak, volume, zb


def write_drift(path, headings):
    """The .8 file: per period and heading, F'_1, F'_2 along the heading (module docstring)."""
    lines = ["# Hand-made WAMIT-format .8 mean drift file of the OC3-Hywind spar, made by "
             "tools/spar_oc3_wamit.py",
             "# (PER BETA1 BETA2 I |F| phase Re Im; F = rho g A^2 L F', ULEN L = 1 m): "
             "F'(kR) = (2/3) R x^4 / (1 + x^4),",
             "# x = kR, R = 4.7 m, k = omega^2 / g; illustrative, not a BEM result "
             "(see the script)."]
    for per in DRIFT_PERIODS:
        x = (2.0 * math.pi / per) ** 2 / G * R_KEEL
        mag = (2.0 / 3.0) * R_KEEL * x**4 / (1.0 + x**4)
        for beta in headings:
            b = math.radians(beta)
            for mode, v in ((1, mag * math.cos(b)), (2, mag * math.sin(b))):
                v = 0.0 if abs(v) < 1e-12 * mag else v
                phase = 180.0 if v < 0 else 0.0
                lines.append(f"{per:6.1f} {beta:6.1f} {beta:6.1f} {mode} {abs(v):.6e} "
                             f"{phase:6.1f} {v:.6e} {0.0:.6e}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def write_flow(path, cd_area, what):
    """A flow_coefficients.h CSV: Cd A along the relative flow, every 10 deg."""
    lines = [f"# {what}, made by tools/spar_oc3_wamit.py: (Cx, Cy) = Cd A (cos b, sin b), "
             f"Cd A = {cd_area:.6g} m^2", "heading_deg,cx_m2,cy_m2,cmz_m3"]
    for beta in range(0, 360, 10):
        cx, cy = (cd_area * round(f(math.radians(beta)), 12) + 0.0 for f in (math.cos, math.sin))
        lines.append(f"{beta},{cx:.6g},{cy:.6g},0")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--output", required=True,
                    help="base name: BASE.1, .3, .hst, .8, BASE_rotor.csv, BASE_hull.csv")
    args = ap.parse_args()
    omegas = np.linspace(0.1, 2.0, 40)
    headings = [30.0 * i for i in range(12)]
    A, C, peak, volume, zb = matrices()
    F = force_raos(omegas, np.array(headings))
    cylinder_wamit.write_files(args.output, A, C, peak, omegas, headings, F, RHO, G, 1.0)
    write_drift(args.output + ".8", headings)
    write_flow(args.output + "_rotor.csv", 0.75 * math.pi * 63.0**2, "OC3 rotor thrust")
    write_flow(args.output + "_hull.csv", 0.6 * 9.4 * 120.0, "OC3 column current drag")
    sys.stderr.write(f"V = {volume:.6g} m^3, zB = {zb:.6g} m, C33 = {C[2, 2]:.6g} N/m, "
                     f"C55 = {C[4, 4]:.6g} N*m/rad, A11 = {A[0, 0]:.6g} kg, "
                     f"B55(1 rad/s) = {peak[4]:.6g} N*m*s/rad\n")


if __name__ == "__main__":
    main()
