// HDF5 results of a model of thousands of objects: every dataset carries its dimension scales
// (the run's time on dimension 0, the shared xyz components on dimension 1), and the file grows
// linearly with the number of datasets. HDF5's H5DSattach_scale rewrote a shared scale's whole
// REFERENCE_LIST at each attachment (hdf5_scale_links.h): 5000 objects took 17 s and 165 MB for
// two rows, 33 KB per object and growing with the count.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/sweep_test_support.h"

namespace hawser::sweep_test {
namespace {

// A chain of n / 2 springs and n / 2 point masses, everything logged, one RK4 step.
std::string Chain(int n) {
  std::string objects, wires, initial;
  const int links = n / 2;
  for (int i = 1; i <= links; ++i) {
    objects += fmt::format(
        "<Lib LibName=\"base\" SimObject=\"Cable/LinearSpring\" Name=\"S{0}\" Stiffness=\"2000\" "
        "RelaxedLength=\"1\"/>\n<Lib LibName=\"base\" SimObject=\"Body/3DBody\" Name=\"N{0}\" "
        "Mass=\"0.5\"/>\n",
        i);
    wires += fmt::format("<Connection S{}.PosA=\"{}\" S{}.PosB=\"N{}.Pos\"/>\n", i,
                         i == 1 ? "0,0,0" : fmt::format("N{}.Pos", i - 1), i, i);
    wires += i < links
                 ? fmt::format("<Connection N{0}.Force=\"S{0}.ForceB + S{1}.ForceA\"/>\n", i, i + 1)
                 : fmt::format("<Connection N{0}.Force=\"S{0}.ForceB\"/>\n", i);
    initial += fmt::format("<InitialCondition N{0}.Pos=\"{0},0,0\"/>\n", i);
  }
  return "<Contents><OBJECTS>\n" + objects + "</OBJECTS><INTERCONNECTIONS>\n" + wires +
         "</INTERCONNECTIONS><INITIALIZATION>\n" + initial +
         "</INITIALIZATION><INTEGRATION><Engine Integrator=\"rk4\" stepsize=\"0.01\" "
         "TOutput=\"0, 0.01, 0.01\" FileOutput=\"objects:all\"/></INTEGRATION></Contents>\n";
}

TEST_CASE("an HDF5 result of 4000 objects: every dataset's scales, linear size") {
  const TempDir dir("many_objects");
  constexpr int kObjects = 4000;
  const std::string xml = WriteFile(dir + "/chain.xml", Chain(kObjects));
  const Shell run = RunCommand(Hawser() + " run chain.xml -q -o run.h5", dir);
  REQUIRE_MESSAGE(run.exit_code == 0, run.output);
  // Every signal dataset has /time on dimension 0 and, if a vector, the xyz scale on dimension 1
  // (the same objects, whatever path h5py names them by), and each shared scale lists exactly
  // the datasets attached to it.
  const Shell check = RunCommand(
      "/usr/bin/python3 -c \"import h5py\n"
      "f = h5py.File('run.h5', 'r')\n"
      "t, xyz = f['time'], f['xyz']\n"
      "signals = []\n"
      "f.visititems(lambda n, o: signals.append(o) if isinstance(o, h5py.Dataset) and "
      "o.attrs.get('CLASS') != b'DIMENSION_SCALE' else None)\n"
      "vectors = [d for d in signals if d.ndim == 2]\n"
      "assert all(len(d.dims[0]) == 1 and d.dims[0][0] == t for d in signals)\n"
      "assert all(len(d.dims[1]) == 1 and d.dims[1][0] == xyz for d in vectors)\n"
      "assert len(t.attrs['REFERENCE_LIST']) == len(signals)\n"
      "assert len(xyz.attrs['REFERENCE_LIST']) == len(vectors)\n"
      "print(len(signals), len(vectors))\"",
      dir);
  REQUIRE_MESSAGE(check.exit_code == 0, check.output);
  // 2000 bodies log Pos, Vel (and state Pos, Vel), energies; 2000 springs their ports: over
  // 10,000 datasets, at least 2 per object.
  CHECK(std::stoi(check.output) > 2 * kObjects);
  // Linear size: 4.3 KB per object measured (datasets, groups, attributes, two rows); the
  // quadratic REFERENCE_LIST made it 33 KB per object at 5000 objects. 10 KB per object sits
  // between, with room for HDF5's own metadata rounding.
  const auto bytes = std::filesystem::file_size(dir + "/run.h5");
  CHECK(bytes < 10'000u * kObjects);
}

}  // namespace
}  // namespace hawser::sweep_test
