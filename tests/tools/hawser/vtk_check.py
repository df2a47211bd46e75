"""Reads `hawser vtk`'s files back as VTK XML and compares them with the run's HDF5 file.

Usage: vtk_check.py RESULT.h5 DIR/STEM.pvd

The .pvd must list one .vtp per output time, with the file's times. Each .vtp must be a
PolyData file as VTK's XML format defines it (VTKFile type="PolyData", one Piece whose
NumberOfPoints and NumberOfLines match its Points (3 components) and Lines' offsets and
connectivity, Float64/Int32/Int64 ASCII DataArrays, CellData of one value per line cell), and
hold, cable after cable in the HDF5 file's (alphabetical) order, each cable's nodes exactly as
/<Cable>/NodePositions has them at that time (written with round-trip digits: compared for
equality) and one line cell per segment with Tension equal to /<Cable>/Tension and SegmentIndex
1..N (without a broken line's broken segment from its break_time on), the markers as vertex
cells before them (MarkerType 1..5; printed for the first file: "markers TYPE X Y Z; ..."), and the sea surface as quads (Polys) whose corners' heights are the file's wave
components summed there (flat without waves). Prints what differs and exits 1; 0 when everything matches.
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


def sea_elevation(f, t, x, y):
    """r(t) sum a cos(k (x cos dir + y sin dir) - omega t + phase) from the file's attributes
    (at most 200 components, the largest, as hawser draws them); 0 without waves."""
    if "wave_components" not in f.attrs:
        return 0.0
    components = f.attrs["wave_components"]
    components = components[np.argsort(-components[:, 0], kind="stable")][:200]
    ramp = f.attrs["wave_ramp"]
    r = 1.0 if t >= ramp[-1, 0] else np.interp(t, ramp[:, 0], ramp[:, 1])
    a, omega, k, direction, phase = components.T
    return r * np.sum(a * np.cos(k * (x * np.cos(direction) + y * np.sin(direction)) -
                                 omega * t + phase))


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
    markers = []  # Per file: (points, vertex point indices, MarkerType).
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
        n_polys = int(piece.get("NumberOfPolys"))
        # The markers: vertex cells first (VTK's cell order), MarkerType 1..5 (0 elsewhere).
        n_verts = int(piece.get("NumberOfVerts"))
        marker_type, _ = array(piece.find("CellData"), "MarkerType")
        n_cells = n_verts + n_lines + n_polys
        if len(tension) != n_cells or len(segment) != n_cells or len(marker_type) != n_cells:
            failures.append("%s: cell data of %d values for %d vertices, %d lines and %d "
                            "polygons" % (ds.get("file"), len(tension), n_verts, n_lines, n_polys))
            continue
        if n_verts:
            verts, _ = array(piece.find("Verts"), "connectivity")
            vert_offsets, _ = array(piece.find("Verts"), "offsets")
            if len(verts) != n_verts or not np.array_equal(vert_offsets, np.arange(1, n_verts + 1)) \
                    or verts.max() >= n_points:
                failures.append("%s: vertices and their offsets disagree" % ds.get("file"))
        if not (set(marker_type[:n_verts]) <= {1, 2, 3, 4, 5}) or marker_type[n_verts:].any():
            failures.append("%s: MarkerType is not 1..5 on the vertices and 0 elsewhere" %
                            ds.get("file"))
        markers.append((points.reshape(-1, 3), verts if n_verts else [], marker_type[:n_verts]))
        # The sea surface: quads whose corners' heights are the stored components' sum (the
        # same sum in another order: rounding only, 1e-9 m).
        quads, _ = array(piece.find("Polys"), "connectivity")
        quad_offsets, _ = array(piece.find("Polys"), "offsets")
        if n_polys == 0 or len(quad_offsets) != n_polys or quad_offsets[-1] != len(quads) or \
                len(quads) != 4 * n_polys or quads.max() >= n_points:
            failures.append("%s: no sea surface, or its quads disagree" % ds.get("file"))
            continue
        corners = points.reshape(-1, 3)[np.unique(quads)]
        heights = np.array([sea_elevation(f, time[row], x, y) for x, y, _ in corners])
        if np.abs(corners[:, 2] - heights).max() > 1e-9:
            failures.append("%s: the sea's heights differ from the wave components' sum" %
                            ds.get("file"))
        point, cell = 0, n_verts
        for name in cables:
            nodes = f[name]["NodePositions"][row].reshape(-1)  # (nodes, 3) or flat
            n = len(nodes) // 3
            if not np.array_equal(points[3 * point:3 * (point + n)], nodes):
                failures.append("%s: %s's nodes differ from the HDF5 file's" % (ds.get("file"), name))
            # Segments drawn: 1..N, but a broken line's broken one (break_index, 0 = at end A)
            # has no cell from its break_time on.
            drawn = np.arange(1, n)
            attrs = f[name].attrs
            if "break_index" in attrs and time[row] >= attrs["break_time"]:
                drawn = drawn[drawn != attrs["break_index"] + 1]
            cells = len(drawn)
            if "Tension" in f[name] and not np.array_equal(tension[cell:cell + cells],
                                                           f[name]["Tension"][row][drawn - 1]):
                failures.append("%s: %s's tensions differ from the HDF5 file's" % (ds.get("file"),
                                                                                  name))
            if not np.array_equal(segment[cell:cell + cells], drawn):
                failures.append("%s: %s's segment indices are not %s" % (ds.get("file"), name,
                                                                        list(drawn)))
            point += n
            cell += cells
    if markers:  # The first file's markers, for the caller to check: "MARKERS type x y z; ...".
        points, verts, types = markers[0]
        print("vtk_check.py: markers " + "; ".join(
            "%d %s" % (t, " ".join("%.3f" % v for v in points[p])) for p, t in zip(verts, types)))
    for message in failures[:20]:
        print("vtk_check.py: " + message)
    print("vtk_check.py: %d files, %d cables compared" % (len(datasets), len(cables)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
