#!/usr/bin/python3
"""WAMIT-format files (.1, .3, .hst; simobjects/body/wamit_files.h) of the truncated vertical
cylinder of tools/cylinder_raos.py, for Body/FloatingBody's WamitFile.

Run with /usr/bin/python3. configs/data/wamit_cylinder.* were made with

  /usr/bin/python3 tools/cylinder_wamit.py --output configs/data/wamit_cylinder

(the 20 m diameter, 30 m draft spar of configs/data/cylinder_force_raos.csv in 100 m of
water, rho 1025, g 9.81, ULEN 1).

What is in them
---------------
.hst  C from the cylinder's geometry (cylinder_raos.matrices): C33 = rho g Awp,
      C44 = C55 = rho g (Iwp + V zB) - m g zG.
.3    the long-wave force RAOs of cylinder_raos.force_raos at 8 headings, as WAMIT's
      X = conj(H) (WAMIT's phase leads, hawser's lags) over rho g L^m.
.1    A(omega) and B(omega) from a stated closed form, not from a BEM solution: for each DOF
      i = 1..5, K_ii(s) = c_i s / (s^2 + 2 zeta_r w_r s + w_r^2) with w_r = 1 rad/s,
      zeta_r = 0.5 and c_i = 2 zeta_r w_r B_ii (so that B_ii(w_r) is cylinder_raos's linear
      damping, or 1e5 N s/m in surge and sway where that is 0), and A_ii(omega) = A_ii,inf
      + Im K_ii(i omega) / omega around cylinder_raos's added mass A_inf (its A15, A24
      couplings constant). B_ii(omega) = Re K_ii(i omega); PER = 0 rows give A_inf, PER = -1
      rows A(0) = A_inf + c_i / w_r^2. The retardation function is c_i e^{-zeta_r w_r t}
      (cos w_d t - zeta_r w_r / w_d sin w_d t), w_d = w_r sqrt(1 - zeta_r^2).
"""
import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cylinder_raos  # noqa: E402

W_R, ZETA_R = 1.0, 0.5


def kernel(c, omega):
    s = 1j * omega
    return c * s / (s * s + 2.0 * ZETA_R * W_R * s + W_R**2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--output", required=True, help="base name: writes BASE.1, BASE.3, BASE.hst")
    args = ap.parse_args()
    ns = argparse.Namespace(diameter=20.0, draft=30.0, depth=100.0, density=1025.0,
                            gravity=9.81, mass=None, kg=None, gyration=None, ca=1.0, a33=None,
                            heave_damping_ratio=0.05, roll_pitch_damping_ratio=0.05,
                            surge_damping=0.0)
    p = cylinder_raos.parameters(ns)
    rho, g, L = p["rho"], p["g"], 1.0
    _, A, C, B, _ = cylinder_raos.matrices(p)
    omegas = np.linspace(0.1, 2.0, 40)
    headings = [0.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0]
    F = cylinder_raos.force_raos(omegas, np.array(headings), p)

    peak = [B[i, i] if B[i, i] > 0 else 1e5 for i in range(6)]
    write_files(args.output, A, C, peak, omegas, headings, F, rho, g, L)


def write_files(base, A, C, peak, omegas, headings, F, rho, g, L):
    """Writes base.1, base.3, base.hst: A_inf = A (6x6, about O), the closed-form K_ii(s) of the
    module docstring with B_ii(w_r) = peak[i] for i = 1..5 (none in yaw), the complex force
    RAOs F[f, h, dof] (hawser's lag convention) at omegas [rad/s] and headings [deg], and C."""
    def k_exp(i, j, first):
        return first + (i >= 3) + (j >= 3)

    c = [2.0 * ZETA_R * W_R * peak[i] if i < 5 else 0.0 for i in range(6)]
    lines = []
    for per, label in ((-1.0, "zero"), (0.0, "inf")):
        for i in range(6):
            for j in range(6):
                a = A[i, j] + (c[i] / W_R**2 if (i == j and label == "zero") else 0.0)
                if a != 0.0:
                    lines.append(f"{per:14.6E} {i + 1:2d} {j + 1:2d} "
                                 f"{a / (rho * L**k_exp(i, j, 3)):14.6E}")
    for w in omegas:
        per = 2.0 * math.pi / w
        for i in range(6):
            for j in range(6):
                kij = kernel(c[i], w) if i == j else 0.0
                a = A[i, j] + (kij.imag / w if i == j else 0.0)
                b = kij.real if i == j else 0.0
                if a != 0.0 or b != 0.0:
                    scale = rho * L**k_exp(i, j, 3)
                    lines.append(f"{per:14.6E} {i + 1:2d} {j + 1:2d} {a / scale:14.6E} "
                                 f"{b / (scale * w):14.6E}")
    with open(base + ".1", "w") as f:
        f.write("\n".join(lines) + "\n")
    lines = []
    for fi, w in enumerate(omegas):
        for hi, beta in enumerate(headings):
            for i in range(6):
                x = np.conj(F[fi, hi, i]) / (rho * g * L**(2 if i < 3 else 3))
                lines.append(f"{2 * math.pi / w:14.6E} {beta:10.4f} {i + 1:2d} {abs(x):14.6E} "
                             f"{math.degrees(math.atan2(x.imag, x.real)):12.4f} "
                             f"{x.real:14.6E} {x.imag:14.6E}")
    with open(base + ".3", "w") as f:
        f.write("\n".join(lines) + "\n")
    lines = []
    for i in range(6):
        for j in range(6):
            if C[i, j] != 0.0:
                cbar = C[i, j] / (rho * g * L**k_exp(i, j, 2))
                lines.append(f"{i + 1:2d} {j + 1:2d} {cbar:14.6E}")
    with open(base + ".hst", "w") as f:
        f.write("\n".join(lines) + "\n")




if __name__ == "__main__":
    main()
