#!/usr/bin/python3
"""The Python module's overhead on the reference mooring line (bench/reference_line.h, N = 50,
fairlead x = 5 sin(2 pi t / 10), 60 s, outputs every 0.1 s, CVODE BDF, Settle):
  CLI run         build/tools/hawser run -q line.xml -o line.h5 (a process, as a user runs it)
  Python run()    hawser.run("line.xml"): the Dataset, collected in memory
  run(output=)    hawser.run("line.xml", output="line.h5"): the same, and the file written
  one advance     hawser.load(...).advance(60): the co-simulation path, uninterrupted
  0.1 s steps     the same advanced every 0.1 s (600 calls), reading the fairlead force each time
Each the fastest of 3 runs, in wall time and in CPU time (user + system: of the child process
for the CLI, of this process otherwise), which a loaded machine disturbs less. Usage (from the
source tree, after the build):
  PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py
Prints a table; never fails on a timing."""
import os
import resource
import subprocess
import sys
import tempfile
import time

import hawser

LINE = """<Contents><OBJECTS>
<Lib LibName="base" SimObject="Cable/Cable" Name="L1" NumElements="50" Length="500" Diameter="0.1"
 MassPerLength="150" EA="6.0e8" WaterDensity="1025" Gravity="9.81" SeabedDepth="-100"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Anchor" Value="-470,0,-100"/>
<Lib LibName="base" SimObject="Src/Sine" Name="X" Amplitude="5" PeriodS="10"/>
<Lib LibName="base" SimObject="Src/Sine" Name="U" Amplitude="3.14159265358979" PeriodS="10"
 PhaseRad="1.5707963267948966"/>
<Lib LibName="base" SimObject="Signal/Mux" Name="P" NumInput="2" InPortWidth2="2"/>
<Lib LibName="base" SimObject="Signal/Mux" Name="V" NumInput="2" InPortWidth2="2"/>
</OBJECTS><INTERCONNECTIONS>
<Connection L1.PositionA="Anchor.Out"/>
<Connection P.In1="X.Out" P.In2="0,-10" V.In1="U.Out" V.In2="0,0" L1.PositionB="P.Out"
 L1.VelocityB="V.Out"/>
</INTERCONNECTIONS><INITIALIZATION><InitialCondition/></INITIALIZATION>
<INTEGRATION><Engine Integrator="cvode-bdf" TOutput="0, 0.1, 60" Settle="1"
 FileOutput="objects:all"/></INTEGRATION></Contents>
"""


def cpu_seconds():
    """User + system CPU time of this process and of its finished children [s]."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def fastest(f, repeats=3):
    """(wall, cpu) of the fastest of `repeats` calls of f, each its own minimum."""
    wall, cpu = float("inf"), float("inf")
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), cpu_seconds()
        f()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, cpu_seconds() - start_cpu)
    return wall, cpu


def main():
    hawser_exe = os.path.join(os.path.dirname(__file__), "..", "build", "tools", "hawser")
    with tempfile.TemporaryDirectory(prefix="hawser_pybench_") as tmp:
        xml, h5 = os.path.join(tmp, "line.xml"), os.path.join(tmp, "line.h5")
        with open(xml, "w") as fh:
            fh.write(LINE)

        def cli():
            subprocess.run([hawser_exe, "run", "-q", xml, "-o", h5], check=True)

        def steps(dt):
            def go():
                m = hawser.load(xml)
                for i in range(1, round(60 / dt) + 1):
                    m.advance(i * dt)
                    m.get("L1.ForceB")
            return go

        rows = [("CLI run", fastest(cli)),
                ("Python run()", fastest(lambda: hawser.run(xml))),
                ("run(output=)", fastest(lambda: hawser.run(xml, output=h5))),
                ("one advance", fastest(steps(60.0))),
                ("0.1 s steps", fastest(steps(0.1)))]
    print(f"{'':14} {'wall [s]':>9} {'ratio':>7} {'cpu [s]':>9} {'ratio':>7}")
    for i, (name, (wall, cpu)) in enumerate(rows):
        base_wall, base_cpu = rows[0][1] if i < 3 else rows[3][1]
        print(f"{name:14} {wall:9.3f} {wall / base_wall:7.3f} {cpu:9.3f} {cpu / base_cpu:7.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
