#include "runtime/view/vtk_writer.h"

#include <fmt/format.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "hawser/errors.h"
#include "runtime/view/sea_surface.h"
#include "runtime/view/view_markers.h"

namespace hawser::view {
namespace {

/// One output time's polydata: points, line cells and the sea's quads, with their cell data
/// (lines first, then quads, as VTK orders cells).
struct Frame {
  std::vector<double> points;  // x, y, z
  std::vector<long> connectivity, quads;
  std::vector<double> tension;
  std::vector<long> segment, object;
  /// The markers' vertex cells (VTK orders them before lines): their points, SegmentIndex (the
  /// node, or -1), ObjectIndex and MarkerType (view_data.h, MarkerKind).
  std::vector<long> verts, vert_segment, vert_object, vert_type;
};

/// The sea surface's grid: kSeaCells x kSeaCells quads over the lines' extent and a margin.
constexpr int kSeaCells = 32;
struct SeaGrid {
  double x0 = 0, y0 = 0, dx = 0, dy = 0;
  std::vector<std::array<double, 5>> waves;  ///< The largest kMaxDrawnWaves.
};

SeaGrid PlaceSea(const ViewCase& c) {
  double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
  for (const ViewCable& cable : c.cables) {
    for (size_t i = 0; i + 2 < cable.positions.size(); i += 3) {
      for (int d = 0; d < 2; ++d) {
        lo[d] = std::min(lo[d], cable.positions[i + d]);
        hi[d] = std::max(hi[d], cable.positions[i + d]);
      }
    }
  }
  const double margin = 0.1 * std::max({hi[0] - lo[0], hi[1] - lo[1], 10.0});
  return {lo[0] - margin, lo[1] - margin, (hi[0] - lo[0] + 2 * margin) / kSeaCells,
          (hi[1] - lo[1] + 2 * margin) / kSeaCells, LargestWaves(c.waves, kMaxDrawnWaves)};
}

/// The sea surface at output time f as quads (ObjectIndex -1, SegmentIndex -1, Tension 0).
void AddSea(const ViewCase& c, const SeaGrid& g, size_t f, Frame& out) {
  const long first = static_cast<long>(out.points.size() / 3);
  const double t = c.time[f], ramp = WaveRampAt(c.wave_ramp, t);
  for (int j = 0; j <= kSeaCells; ++j) {
    for (int i = 0; i <= kSeaCells; ++i) {
      const double x = g.x0 + i * g.dx, y = g.y0 + j * g.dy;
      out.points.insert(out.points.end(), {x, y, SeaElevation(g.waves, ramp, t, x, y)});
    }
  }
  const auto at = [&](int i, int j) { return first + j * (kSeaCells + 1) + i; };
  for (int j = 0; j < kSeaCells; ++j) {
    for (int i = 0; i < kSeaCells; ++i) {
      out.quads.insert(out.quads.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)});
      out.tension.push_back(0.0);
      out.segment.push_back(-1);
      out.object.push_back(-1);
    }
  }
}

Frame BuildFrame(const ViewCase& c, const SeaGrid& sea, size_t f) {
  Frame out;
  long object = 0;
  for (const ViewCable& cable : c.cables) {
    const long first = static_cast<long>(out.points.size() / 3);
    const size_t n = cable.nodes;
    out.points.insert(out.points.end(), cable.positions.begin() + 3 * n * f,
                      cable.positions.begin() + 3 * n * (f + 1));
    for (size_t s = 0; s + 1 < n; ++s) {
      if (cable.Broken(s, c.time[f])) continue;  // A broken line: no cell across its break.
      out.connectivity.push_back(first + static_cast<long>(s));
      out.connectivity.push_back(first + static_cast<long>(s) + 1);
      out.tension.push_back(cable.tension.empty() ? 0.0 : cable.tension[(n - 1) * f + s]);
      out.segment.push_back(static_cast<long>(s) + 1);
      out.object.push_back(object);
    }
    ++object;
  }
  for (const ViewBody& b : c.bodies) {
    const Eigen::Vector3d p(b.position[3 * f], b.position[3 * f + 1], b.position[3 * f + 2]);
    const double* q = &b.quat[4 * f];  // w, x, y, z
    const Eigen::Matrix3d r = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().matrix();
    const long origin = static_cast<long>(out.points.size() / 3);
    out.points.insert(out.points.end(), {p.x(), p.y(), p.z()});
    for (int axis = 0; axis < 3; ++axis) {
      const Eigen::Vector3d tip = p + b.size * r.col(axis);
      out.points.insert(out.points.end(), {tip.x(), tip.y(), tip.z()});
      out.connectivity.insert(out.connectivity.end(), {origin, origin + 1 + axis});
      out.tension.push_back(0.0);
      out.segment.push_back(0);
      out.object.push_back(object);
    }
    ++object;
  }
  // Markers: a cable's node (its ObjectIndex), or an object of their own (after the bodies).
  for (const ViewMarker& m : c.markers) {
    const std::array<double, 3> p = MarkerPosition(c, m, f);
    out.verts.push_back(static_cast<long>(out.points.size() / 3));
    out.points.insert(out.points.end(), p.begin(), p.end());
    out.vert_segment.push_back(m.node);
    out.vert_object.push_back(m.cable >= 0 ? m.cable : object++);
    out.vert_type.push_back(static_cast<long>(m.kind));
  }
  AddSea(c, sea, f, out);
  return out;
}

template <typename T>
void WriteArray(std::ostream& os, const char* type, const char* name, int components,
                const std::vector<T>& v) {
  os << fmt::format("<DataArray type=\"{}\"{}{} format=\"ascii\">\n", type,
                    name ? fmt::format(" Name=\"{}\"", name) : "",
                    components > 1 ? fmt::format(" NumberOfComponents=\"{}\"", components) : "");
  for (size_t i = 0; i < v.size(); ++i) os << fmt::format("{}{}", v[i], (i + 1) % 12 ? " " : "\n");
  os << "\n</DataArray>\n";
}

/// `first` then `second`: a cell data array over the vertex cells, then the others.
template <typename T>
std::vector<T> Join(std::vector<T> first, const std::vector<T>& second) {
  first.insert(first.end(), second.begin(), second.end());
  return first;
}

/// Offsets 1 n, 2 n, ...: the ends of `cells` cells of n points each.
std::vector<long> Offsets(size_t cells, long n) {
  std::vector<long> offsets(cells);
  for (size_t k = 0; k < cells; ++k) offsets[k] = n * static_cast<long>(k + 1);
  return offsets;
}

void WriteFrame(const Frame& fr, const std::string& path) {
  std::ofstream os(path);
  const size_t verts = fr.verts.size(), cells = fr.connectivity.size() / 2,
               polys = fr.quads.size() / 4;
  os << "<?xml version=\"1.0\"?>\n"
        "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\">\n<PolyData>\n"
     << fmt::format(
            "<Piece NumberOfPoints=\"{}\" NumberOfVerts=\"{}\" NumberOfLines=\"{}\" "
            "NumberOfStrips=\"0\" NumberOfPolys=\"{}\">\n",
            fr.points.size() / 3, verts, cells, polys)
     << "<Points>\n";
  WriteArray(os, "Float64", "Points", 3, fr.points);  // Shortest round-trip digits (fmt "{}").
  os << "</Points>\n<CellData Scalars=\"Tension\">\n";
  WriteArray(os, "Float64", "Tension", 1, Join(std::vector<double>(verts, 0.0), fr.tension));
  WriteArray(os, "Int32", "SegmentIndex", 1, Join(fr.vert_segment, fr.segment));
  WriteArray(os, "Int32", "ObjectIndex", 1, Join(fr.vert_object, fr.object));
  WriteArray(os, "Int32", "MarkerType", 1, Join(fr.vert_type, std::vector<long>(fr.object.size())));
  os << "</CellData>\n<Verts>\n";
  WriteArray(os, "Int64", "connectivity", 1, fr.verts);
  WriteArray(os, "Int64", "offsets", 1, Offsets(verts, 1));
  os << "</Verts>\n<Lines>\n";
  WriteArray(os, "Int64", "connectivity", 1, fr.connectivity);
  WriteArray(os, "Int64", "offsets", 1, Offsets(cells, 2));
  os << "</Lines>\n<Polys>\n";
  WriteArray(os, "Int64", "connectivity", 1, fr.quads);
  WriteArray(os, "Int64", "offsets", 1, Offsets(polys, 4));
  os << "</Polys>\n</Piece>\n</PolyData>\n</VTKFile>\n";
  os.close();
  if (!os) throw IoError(fmt::format("'{}': cannot write: {}", path, std::strerror(errno)));
}

}  // namespace

size_t WriteVtk(const ViewCase& c, const std::string& dir, const std::string& stem) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw IoError(fmt::format("'{}': cannot create the folder: {}", dir, ec.message()));
  std::string pvd =
      "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"1.0\">\n<Collection>\n";
  const SeaGrid sea = PlaceSea(c);
  for (size_t f = 0; f < c.time.size(); ++f) {
    const std::string name = fmt::format("{}_{:06d}.vtp", stem, f);
    WriteFrame(BuildFrame(c, sea, f), (std::filesystem::path(dir) / name).string());
    pvd += fmt::format("<DataSet timestep=\"{}\" part=\"0\" file=\"{}\"/>\n", c.time[f], name);
  }
  pvd += "</Collection>\n</VTKFile>\n";
  const std::string path = (std::filesystem::path(dir) / (stem + ".pvd")).string();
  std::ofstream os(path);
  os << pvd;
  os.close();
  if (!os) throw IoError(fmt::format("'{}': cannot write: {}", path, std::strerror(errno)));
  return c.time.size();
}

}  // namespace hawser::view
