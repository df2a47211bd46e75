#include "runtime/view/vtk_writer.h"

#include <fmt/format.h>

#include <Eigen/Geometry>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "hawser/errors.h"

namespace hawser::view {
namespace {

/// One output time's polydata: points and line cells with their cell data.
struct Frame {
  std::vector<double> points;  // x, y, z
  std::vector<long> connectivity;
  std::vector<double> tension;
  std::vector<long> segment, object;
};

Frame BuildFrame(const ViewCase& c, size_t f) {
  Frame out;
  long object = 0;
  for (const ViewCable& cable : c.cables) {
    const long first = static_cast<long>(out.points.size() / 3);
    const size_t n = cable.nodes;
    out.points.insert(out.points.end(), cable.positions.begin() + 3 * n * f,
                      cable.positions.begin() + 3 * n * (f + 1));
    for (size_t s = 0; s + 1 < n; ++s) {
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

void WriteFrame(const Frame& fr, const std::string& path) {
  std::ofstream os(path);
  const size_t cells = fr.connectivity.size() / 2;
  std::vector<long> offsets(cells);
  for (size_t k = 0; k < cells; ++k) offsets[k] = static_cast<long>(2 * (k + 1));
  os << "<?xml version=\"1.0\"?>\n"
        "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\">\n<PolyData>\n"
     << fmt::format(
            "<Piece NumberOfPoints=\"{}\" NumberOfVerts=\"0\" NumberOfLines=\"{}\" "
            "NumberOfStrips=\"0\" NumberOfPolys=\"0\">\n",
            fr.points.size() / 3, cells)
     << "<Points>\n";
  WriteArray(os, "Float64", "Points", 3, fr.points);  // Shortest round-trip digits (fmt "{}").
  os << "</Points>\n<CellData Scalars=\"Tension\">\n";
  WriteArray(os, "Float64", "Tension", 1, fr.tension);
  WriteArray(os, "Int32", "SegmentIndex", 1, fr.segment);
  WriteArray(os, "Int32", "ObjectIndex", 1, fr.object);
  os << "</CellData>\n<Lines>\n";
  WriteArray(os, "Int64", "connectivity", 1, fr.connectivity);
  WriteArray(os, "Int64", "offsets", 1, offsets);
  os << "</Lines>\n</Piece>\n</PolyData>\n</VTKFile>\n";
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
  for (size_t f = 0; f < c.time.size(); ++f) {
    const std::string name = fmt::format("{}_{:06d}.vtp", stem, f);
    WriteFrame(BuildFrame(c, f), (std::filesystem::path(dir) / name).string());
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
