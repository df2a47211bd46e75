"""Reads `hawser vtk`'s files back as VTK XML and compares them with the run's HDF5 file.

Usage: vtk_check.py RESULT.h5 DIR/STEM.pvd

The .pvd must list one .vtp per output time, with the file's times. Each .vtp must be a
PolyData file as VTK's XML format defines it (VTKFile type="PolyData", one Piece whose
NumberOfPoints and NumberOfLines match its Points (3 components) and Lines' offsets and
connectivity, Float64/Int32/Int64 ASCII DataArrays, CellData of one value per line cell), and
hold, cable after cable in the HDF5 file's (alphabetical) order, each cable's nodes exactly as
/<Cable>/NodePositions has them at that time (written with round-trip digits: compared for
equality) and one line cell per segment with Tension equal to /<Cable>/Tension and SegmentIndex
1..N. Prints what differs and exits 1; 0 when everything matches.
"""
import os
import sys
import xml.etree.ElementTree as ET

import h5py
import numpy as np

TYPES = {"Float64": float, "Int32": int, "Int64": int}


def array(parent, name):
    for a in parent.iter("DataArray"):
        if a.get("Name") == name:
            if a.get("format") != "ascii" or a.get("type") not in TYPES:
                raise ValueError("DataArray %s: format %s type %s" % (name, a.get("format"),
                                                                      a.get("type")))
            values = np.array([TYPES[a.get("type")](v) for v in a.text.split()])
            return values, int(a.get("NumberOfComponents", "1"))
    raise ValueError("no DataArray %s" % name)


def main():
    result, pvd = sys.argv[1], sys.argv[2]
    failures = []
    f = h5py.File(result, "r")
    time = f["time"][:]
    cables = sorted(name for name in f if isinstance(f[name], h5py.Group) and
                    "NodePositions" in f[name])
    collection = ET.parse(pvd).getroot()
    assert collection.get("type") == "Collection", collection.attrib
    datasets = collection.find("Collection").findall("DataSet")
    if len(datasets) != len(time):
        failures.append("%d .vtp files for %d output times" % (len(datasets), len(time)))
    for row, ds in enumerate(datasets[:len(time)]):
        if float(ds.get("timestep")) != time[row]:
            failures.append("DataSet %d: timestep %s, /time %r" % (row, ds.get("timestep"), time[row]))
        root = ET.parse(os.path.join(os.path.dirname(pvd), ds.get("file"))).getroot()
        assert root.tag == "VTKFile" and root.get("type") == "PolyData", root.attrib
        piece = root.find("PolyData").find("Piece")
        points, width = array(piece.find("Points"), "Points")
        lines = piece.find("Lines")
        connectivity, _ = array(lines, "connectivity")
        offsets, _ = array(lines, "offsets")
        n_points, n_lines = int(piece.get("NumberOfPoints")), int(piece.get("NumberOfLines"))
        if width != 3 or len(points) != 3 * n_points or len(offsets) != n_lines or \
                (n_lines and offsets[-1] != len(connectivity)) or connectivity.max() >= n_points:
            failures.append("%s: points, lines and offsets disagree" % ds.get("file"))
            continue
        tension, _ = array(piece.find("CellData"), "Tension")
        segment, _ = array(piece.find("CellData"), "SegmentIndex")
        if len(tension) != n_lines or len(segment) != n_lines:
            failures.append("%s: cell data of %d values for %d lines" % (ds.get("file"),
                                                                         len(tension), n_lines))
            continue
        point, cell = 0, 0
        for name in cables:
            nodes = f[name]["NodePositions"][row].reshape(-1)  # (nodes, 3) or flat
            n = len(nodes) // 3
            if not np.array_equal(points[3 * point:3 * (point + n)], nodes):
                failures.append("%s: %s's nodes differ from the HDF5 file's" % (ds.get("file"), name))
            if "Tension" in f[name] and \
                    not np.array_equal(tension[cell:cell + n - 1], f[name]["Tension"][row]):
                failures.append("%s: %s's tensions differ from the HDF5 file's" % (ds.get("file"),
                                                                                  name))
            if not np.array_equal(segment[cell:cell + n - 1], np.arange(1, n)):
                failures.append("%s: %s's segment indices are not 1..%d" % (ds.get("file"), name,
                                                                           n - 1))
            point += n
            cell += n - 1
    for message in failures[:20]:
        print("vtk_check.py: " + message)
    print("vtk_check.py: %d files, %d cables compared" % (len(datasets), len(cables)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
