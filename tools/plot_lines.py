#!/usr/bin/python3
"""Draw the mooring-line configs' pictures (run with /usr/bin/python3: Debian's h5py, numpy and
matplotlib).

  tools/plot_lines.py -o docs/images [--hawser PROGRAM]

runs `hawser` (on PATH, or PROGRAM) on three configs with the lines' node positions logged, each
in a temporary folder, and writes:
  line_chain_polyester_chain.png  configs/cable_chain_polyester_chain.xml: the line's profile
                                  from its start (the multi-section catenary) and settled, its
                                  sections coloured, the clump weight marked
  line_lazy_wave.png              configs/cable_lazy_wave.xml: likewise, the buoyancy section
                                  coloured
  line_spar_break.png             configs/spar_oc3_line_break.xml (60 s of its 90): each line's
                                  profile before the break and at the end, and the three fairlead
                                  tensions with the break time marked
docs/cables-and-mooring.md shows them.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

CONFIGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "configs")
COLOURS = {"chain76": "#444444", "poly160": "#d08020", "cable": "#2060b0", "buoyed": "#e0a000"}


def fail(message):
    sys.exit(f"plot_lines.py: {message}")


def run(hawser, config, outputs, workdir, settle=True, t_output=None):
    """Runs `config` with FileOutput = outputs (a copy in workdir, line types made absolute) and
    returns {"Object/Port": array} of the .h5 result, with each object's attributes under
    "Object/attrs"."""
    with open(os.path.join(CONFIGS, config)) as f:
        text = f.read()
    text = re.sub(r'FileOutput="[^"]*"', f'FileOutput="{",".join(outputs)}"', text)
    text = re.sub(r'LineTypes="([^"]+)"',
                  lambda m: f'LineTypes="{os.path.join(CONFIGS, m.group(1))}"', text)
    if t_output:
        text = re.sub(r'TOutput="[^"]*"', f'TOutput="{t_output}"', text)
    stem = os.path.splitext(config)[0] + ("" if settle else "_start")
    xml, h5 = os.path.join(workdir, stem + ".xml"), os.path.join(workdir, stem + ".h5")
    with open(xml, "w") as f:
        f.write(text)
    command = [hawser, "run" if settle else "eval", xml, "-o", h5]
    if not settle:
        command += ["--set", "Engine.Settle=0"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    data = {}
    with h5py.File(h5, "r") as f:
        for name, group in f.items():
            if not isinstance(group, h5py.Group):
                continue
            data[name + "/attrs"] = dict(group.attrs)
            for port, values in group.items():
                if isinstance(values, h5py.Dataset):
                    data[f"{name}/{port}"] = values[()]
    return data


def sections_of(config, line):
    """[(type, first node, last node)] of Cable/Line `line` in `config`, and each point's node."""
    with open(os.path.join(CONFIGS, config)) as f:
        text = f.read()
    element = re.search(r'<Lib[^>]*Name="' + line + r'"[^>]*>', text, re.S).group(0)
    sections, node = [], 0
    for item in re.search(r'Sections="([^"]*)"', element).group(1).split(";"):
        name, _, segments = item.split()
        sections.append((name, node, node + int(segments)))
        node += int(segments)
    points = re.search(r'Points="([^"]*)"', element)
    nodes = [sections[int(p.split()[0]) - 1][2] for p in points.group(1).split(";")] if points else []
    return sections, nodes


def profile(nodes):
    """Horizontal distance from node 0 and height of each node ((N + 1, 3) positions)."""
    return np.hypot(nodes[:, 0] - nodes[0, 0], nodes[:, 1] - nodes[0, 1]), nodes[:, 2]


def plot_line(hawser, workdir, config, line, title, out):
    positions = f"object.{line}.NodePositions"
    start = run(hawser, config, [positions], workdir, settle=False)[line + "/NodePositions"][0]
    settled = run(hawser, config, [positions], workdir, t_output="0, 1, 1")[line + "/NodePositions"][0]
    sections, points = sections_of(config, line)
    fig, ax = plt.subplots(figsize=(7.5, 3.0))
    x0, z0 = profile(start)
    ax.plot(x0, z0, "k--", lw=1.0, label="start: multi-section catenary")
    x, z = profile(settled)
    named = set()
    for name, first, last in sections:
        ax.plot(x[first:last + 1], z[first:last + 1], color=COLOURS.get(name, "C0"), lw=2.5,
                label=None if name in named else name)
        named.add(name)
    for node in points:
        ax.plot(x[node], z[node], "s", color="#a02020", ms=8, label="clump weight")
    ax.axhline(z.min(), color="#8a6d3b", lw=0.8)
    ax.set_xlabel("horizontal distance from end A [m]")
    ax.set_ylabel("z [m]")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=90)
    plt.close(fig)


def plot_break(hawser, workdir, out):
    lines = ["Line1", "Line2", "Line3"]
    outputs = [f"object.{n}.{p}" for n in lines for p in ("NodePositions", "TensionB")]
    f = run(hawser, "spar_oc3_line_break.xml", outputs, workdir, t_output="0, 0.5, 60")
    t = f["Line1/time"]
    broken = f["Line2/attrs"]["break_time"]
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(10, 3.2))
    before = np.searchsorted(t, broken) - 1
    for k, name in enumerate(lines):
        nodes = f[name + "/NodePositions"]
        for i, style in ((before, "-"), (len(t) - 1, ":")):
            x, z = profile(nodes[i])
            ax.plot(x, z, style, color=f"C{k}", label=f"{name}, t = {t[i]:g} s")
        bx.plot(t, f[name + "/TensionB"] / 1e3, color=f"C{k}", label=name)
    bx.axvline(broken, color="#a02020", lw=0.8, ls="--")
    bx.annotate("Line2 breaks", (broken, bx.get_ylim()[1] * 0.9), color="#a02020", fontsize=8,
                xytext=(4, 0), textcoords="offset points")
    ax.set_xlabel("horizontal distance from the anchor [m]")
    ax.set_ylabel("z [m]")
    ax.set_title("line profiles: before the break (solid), at the end (dotted)", fontsize=9)
    ax.legend(fontsize=7)
    bx.set_xlabel("time [s]")
    bx.set_ylabel("fairlead tension [kN]")
    bx.set_title("fairlead tensions", fontsize=9)
    bx.legend(fontsize=7)
    for a in (ax, bx):
        a.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=90)
    plt.close(fig)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("-o", "--out", required=True, help="folder for the PNG files")
    p.add_argument("--hawser", default="hawser", help="the hawser program (default: on PATH)")
    args = p.parse_args()
    if not os.path.isdir(args.out):
        fail(f"{args.out}: not a folder")
    with tempfile.TemporaryDirectory() as workdir:
        plot_line(args.hawser, workdir, "cable_chain_polyester_chain.xml", "L1",
                  "chain-polyester-chain line with a 5 t clump weight (settled)",
                  os.path.join(args.out, "line_chain_polyester_chain.png"))
        plot_line(args.hawser, workdir, "cable_lazy_wave.xml", "Cable",
                  "lazy-wave power cable with a buoyancy section (settled)",
                  os.path.join(args.out, "line_lazy_wave.png"))
        plot_break(args.hawser, workdir, os.path.join(args.out, "line_spar_break.png"))


if __name__ == "__main__":
    main()
