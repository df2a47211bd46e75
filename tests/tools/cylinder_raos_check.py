#!/usr/bin/python3
"""Checks tools/cylinder_raos.py and the RAO tables it made (run with /usr/bin/python3).

  cylinder_raos_check.py

1. Regenerates configs/data/cylinder_force_raos.csv and cylinder_displacement_raos.csv with the
   commands in tools/cylinder_raos.py's docstring (COMMON below; keep the two in step) into a
   temporary directory, removed afterwards, and requires them byte-identical to the committed
   files (same numpy and libm: the numbers are printed to 10 significant digits).
2. Heave force RAO at the lowest frequency (omega = 0.1 rad/s): the Froude-Krylov force on the
   bottom face, rho g Awp cosh(k (h - T)) / cosh(k h) (the finite-depth form of
   rho g Awp e^{-kT}), with k from this script's own dispersion solver, at every heading:
   amplitude within a relative 1e-8 (the file's 10 digits; the formula is exact at any
   frequency in the tool, so only rounding separates them), phase 0 within 1e-9 deg.
3. Heave displacement RAO -> 1 with phase -> 0 as omega -> 0, at the lowest frequency:
   amplitude within 0.05 of 1, phase in [0, 2] deg. Why these: X3 = Zp C33 / (C33 -
   omega^2 (m + A33) - i omega B33) with Zp = cosh(k(h-T))/cosh(kh), so |X3| - 1 ~
   (omega/omega3)^2 - (1 - Zp) = 0.039 - 0.029 here (omega3 = 0.505 rad/s), and the phase is
   atan(2 zeta3 (omega/omega3) / (1 - (omega/omega3)^2)) = +1.18 deg for zeta3 = 0.05: a lag,
   so >= 0 (the e^{+i omega t} sign error would give -1.18 deg). The bounds are these terms'
   size with a margin. That it TENDS to 1: |X3 - 1| (complex) at the lowest frequency is
   below that at the next one.
Prints what is wrong and exits 1, or prints OK and exits 0.
"""
import math
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "cylinder_raos.py"
DATA = ROOT / "configs" / "data"
COMMON = ["--diameter", "20", "--draft", "30", "--depth", "100", "--omega-min", "0.1",
          "--omega-max", "2.0", "--n-frequencies", "40",
          "--headings", "0,45,90,135,180,225,270,315"]
D, T, DEPTH, RHO, G = 20.0, 30.0, 100.0, 1025.0, 9.81
HEAVE_AMP, HEAVE_PHASE = 6, 7  # column indices of heave_amp, heave_phase_deg

errors = []


def check(ok, what):
    if not ok:
        errors.append(what)


def regenerate_and_compare():
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="cylinder_raos_"))
    try:
        for kind in ("force", "displacement"):
            name = f"cylinder_{kind}_raos.csv"
            out = tmp / name
            run = subprocess.run(["/usr/bin/python3", str(TOOL), *COMMON, "--kind", kind,
                                  "--output", str(out)], capture_output=True, text=True)
            if run.returncode != 0:
                errors.append(f"{TOOL.name} --kind {kind} failed ({run.returncode}): "
                              f"{run.stderr.strip()}")
                continue
            new, old = out.read_bytes(), (DATA / name).read_bytes()
            if new != old:
                new_lines, old_lines = new.splitlines(), old.splitlines()
                line = next((i for i, (a, b) in enumerate(zip(new_lines, old_lines)) if a != b),
                            min(len(new_lines), len(old_lines)))
                errors.append(f"configs/data/{name} differs from a regenerated copy at line "
                              f"{line + 1} ({len(old_lines)} vs {len(new_lines)} lines): "
                              f"committed {old_lines[line:line + 1]}, "
                              f"regenerated {new_lines[line:line + 1]}")
    finally:
        shutil.rmtree(tmp)


def rows(name):
    """The numeric rows of a committed table as lists of floats."""
    out = []
    for line in (DATA / name).read_text().splitlines():
        if line and not line.startswith("#") and (line[0].isdigit() or line[0] in "+-."):
            out.append([float(v) for v in line.split(",")])
    return out


def wave_number(omega, depth, g):
    """k of omega^2 = g k tanh(k h) by bisection (independent of the tool's Newton)."""
    lo, hi = 0.0, max(omega**2 / g, omega / math.sqrt(g * depth)) * 2.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if g * mid * math.tanh(mid * depth) < omega**2:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def lowest_frequency_rows(table):
    w0 = min(r[0] for r in table)
    return w0, [r for r in table if r[0] == w0]


def check_heave_force():
    w0, lowest = lowest_frequency_rows(rows("cylinder_force_raos.csv"))
    k = wave_number(w0, DEPTH, G)
    expected = RHO * G * math.pi * D**2 / 4.0 * math.cosh(k * (DEPTH - T)) / math.cosh(k * DEPTH)
    check(len(lowest) == 8, f"force table: {len(lowest)} headings at {w0} rad/s, expected 8")
    for r in lowest:
        check(abs(r[HEAVE_AMP] / expected - 1.0) <= 1e-8,
              f"heave force RAO at {w0} rad/s, heading {r[1]}: {r[HEAVE_AMP]} N/m, expected "
              f"rho g Awp cosh(k(h-T))/cosh(kh) = {expected:.10g} (k = {k:.6g} rad/m)")
        check(abs(r[HEAVE_PHASE]) <= 1e-9,
              f"heave force phase at {w0} rad/s, heading {r[1]}: {r[HEAVE_PHASE]} deg, "
              "expected 0 (in phase with the crest)")


def check_heave_displacement():
    table = rows("cylinder_displacement_raos.csv")
    w0, lowest = lowest_frequency_rows(table)
    w1 = min(r[0] for r in table if r[0] > w0)
    next_rows = [r for r in table if r[0] == w1]

    def deviation(r):
        phase = math.radians(r[HEAVE_PHASE])
        return abs(complex(r[HEAVE_AMP] * math.cos(phase), r[HEAVE_AMP] * math.sin(phase)) - 1.0)

    for r, s in zip(lowest, next_rows):
        check(abs(r[HEAVE_AMP] - 1.0) <= 0.05,
              f"heave displacement RAO at {w0} rad/s, heading {r[1]}: {r[HEAVE_AMP]} m/m, "
              "expected 1 within 0.05 (quasi-static heave follows the wave)")
        check(0.0 <= r[HEAVE_PHASE] <= 2.0,
              f"heave displacement phase at {w0} rad/s, heading {r[1]}: {r[HEAVE_PHASE]} deg, "
              "expected a small lag in [0, 2] deg (damped, below resonance)")
        check(deviation(r) < deviation(s),
              f"heave displacement RAO does not tend to 1: |H - 1| = {deviation(r):.4g} at "
              f"{w0} rad/s, {deviation(s):.4g} at {w1} rad/s (heading {r[1]})")


def main():
    regenerate_and_compare()
    check_heave_force()
    check_heave_displacement()
    if errors:
        for e in errors:
            print("cylinder_raos_check:", e)
        sys.exit(1)
    print("cylinder_raos_check: OK")


if __name__ == "__main__":
    main()
