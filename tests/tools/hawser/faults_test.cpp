// Faults through the real program (docs/results.md, and docs/command-line.md, "Exit codes and
// signals"): signals, a full disk, an unwritable output. After each, the result file is readable,
// says what happened (HDF5 `status`), and every row in it equals the row of an uninterrupted run at
// the same time: nothing cut, nothing wrong. Signals are sent once a condition holds (rows in the
// file), polled with a generous bound, never after a fixed sleep.
//
// A full disk is simulated without privileges by the file size limit (`ulimit -f`, RLIMIT_FSIZE):
// past it, write() and fallocate() fail with EFBIG exactly where they would fail with ENOSPC on a
// full disk, a write that crosses the limit is cut short as one crossing the last free block
// is, and overwriting what the file already holds still works, as it does on a full disk. The
// process also gets SIGXFSZ there, which hawser ignores (a full disk sends no signal).
#include <sys/stat.h>

#include <cmath>
#include <csignal>
#include <cstdint>

#include "tests/tools/hawser/oscillator_scenario.h"
#include "tests/tools/hawser/sweep_test_support.h"

namespace hawser::sweep_test {
namespace {

// An oscillator (w = 10 rad/s) at tolerance 1e-7: thousands of rows a second, for minutes. `width`
// sets the width of a sine port (wide rows); `tend` the end time.
const std::string kOscillator = testing::OscillatorScenario(
    "100", "1e-7", "${tend}",
    "  <Variable Name=\"tend\" Value=\"200000\" />\n  <Variable Name=\"width\" Value=\"1\" />\n",
    "  <Lib LibName=\"base\" SimObject=\"Src/Sine\" Name=\"Wave\" PortWidth=\"${width}\" "
    "FHz=\"0.37\" Amplitude=\"2\" />\n");

/// End time of a reference run that covers `t_last`. CVODE's steps before its stop time do not
/// depend on the end time, so rows up to t_last equal those of the longer run.
std::string ReferenceEnd(double t_last) { return std::to_string(std::lround(t_last) + 2); }

/// `file` (CSV) holds the header and whole rows only, at least one, each equal to the row of an
/// uninterrupted run: the file is a prefix of that run's file, ending at a line end.
void CheckCsvRowsExact(const std::string& dir, const std::string& file, const std::string& width) {
  const std::string text = testing::ReadFile(dir + "/" + file);
  REQUIRE_MESSAGE(!text.empty(), file << " is empty");
  CHECK_MESSAGE(text.back() == '\n',
                file << " ends inside a row: " << text.substr(text.size() - 40));
  const auto last_start = text.rfind('\n', text.size() - 2);
  REQUIRE_MESSAGE(last_start != std::string::npos, file << " holds no row");
  const double t_last = std::atof(text.c_str() + last_start + 1);
  const Shell ref = RunCommand(Hawser() + " run s.xml -q -o ref.csv --var width=" + width +
                                   " --var tend=" + ReferenceEnd(t_last),
                               dir);
  REQUIRE_MESSAGE(ref.exit_code == 0, ref.output);
  const std::string expected = testing::ReadFile(dir + "/ref.csv");
  CHECK_MESSAGE(expected.compare(0, text.size(), text) == 0,
                file << " differs from an uninterrupted run's rows");
}

/// `file` (HDF5) has `status`, a message containing `text`, and rows equal to an uninterrupted
/// run's at the same times (hdf5_check.py prefix).
void CheckHdf5RowsExact(const std::string& dir, const std::string& file, const std::string& width,
                        const std::string& status, const std::string& text) {
  const Shell rows = CheckHdf5("rows " + file, dir);
  long n = -1;
  double t_last = 0;
  REQUIRE_MESSAGE(std::sscanf(rows.output.c_str(), "%ld %lf", &n, &t_last) == 2, rows.output);
  REQUIRE_MESSAGE(n > 0, file << " unreadable or empty: " << rows.output);
  const Shell ref = RunCommand(Hawser() + " run s.xml -q -o ref.h5 --var width=" + width +
                                   " --var tend=" + ReferenceEnd(t_last),
                               dir);
  REQUIRE_MESSAGE(ref.exit_code == 0, ref.output);
  const Shell check = CheckHdf5("prefix " + file + " ref.h5 " + status + " '" + text + "'", dir);
  CHECK_MESSAGE(check.exit_code == 0, check.output);
}

TEST_CASE("faults: SIGKILL during a CSV run leaves whole rows only, equal to a full run's") {
  const TempDir dir("faults_csv_kill");
  WriteFile(dir + "/s.xml", kOscillator);
  const ProcessEnd end = RunAndSignal({"run", "s.xml", "-o", "out.csv", "-q"}, dir, SIGKILL,
                                      [&] { return CsvRows(dir + "/out.csv") >= 1; });
  CHECK(end.shell_code() == 128 + SIGKILL);
  CheckCsvRowsExact(dir, "out.csv", "1");
}

TEST_CASE("faults: a full disk during a CSV run: exit 4, the reason, whole rows only") {
  const TempDir dir("faults_csv_full");
  WriteFile(dir + "/s.xml", kOscillator);
  // 400 blocks of 512 bytes: room for a few thousand rows.
  const Shell run = RunCommand("ulimit -f 400 && " + Hawser() + " run s.xml -o out.csv -q", dir);
  CHECK_MESSAGE(run.exit_code == 4, run.output);
  CHECK_MESSAGE(run.output.find("'out.csv'") != std::string::npos, run.output);
  CHECK_MESSAGE(run.output.find("File too large") != std::string::npos, run.output);
  CheckCsvRowsExact(dir, "out.csv", "1");
}

/// `blocks` of 512 bytes: the layout, the 64 KiB hawser keeps for closing the file and one or two
/// batches of rows (one chunk each: 4096 narrow rows, 81 wide rows) fit.
void CheckHdf5FullDisk(const std::string& name, const std::string& width, int blocks) {
  const TempDir dir(name);
  WriteFile(dir + "/s.xml", kOscillator);
  const Shell run = RunCommand("ulimit -f " + std::to_string(blocks) + " && " + Hawser() +
                                   " run s.xml -o out.h5 -q --var width=" + width,
                               dir);
  CHECK_MESSAGE(run.exit_code == 4, run.output);
  CHECK_MESSAGE(run.output.find("'out.h5'") != std::string::npos, run.output);
  CHECK_MESSAGE(run.output.find("File too large") != std::string::npos, run.output);
  CheckHdf5RowsExact(dir, "out.h5", width, "failed", "File too large");
}

TEST_CASE("faults: a full disk during an HDF5 run with narrow rows: exit 4, status failed") {
  CheckHdf5FullDisk("faults_h5_full_narrow", "1", 1024);
}

TEST_CASE("faults: a full disk during an HDF5 run with wide rows: exit 4, a readable file") {
  CheckHdf5FullDisk("faults_h5_full_wide", "400", 2048);
}

TEST_CASE("faults: SIGTERM stops an HDF5 run like Ctrl-C: exit 130, status interrupted") {
  const TempDir dir("faults_h5_term");
  WriteFile(dir + "/s.xml", kOscillator);
  const ProcessEnd end = RunAndSignal({"run", "s.xml", "-o", "out.h5", "-q"}, dir, SIGTERM,
                                      [&] { return Hdf5Rows("out.h5", dir) > 0; });
  CHECK(end.exited);
  CHECK(end.code == 130);
  CHECK(testing::ReadFile(dir + "/run.log").find("SIGTERM") != std::string::npos);
  CheckHdf5RowsExact(dir, "out.h5", "1", "interrupted", "interrupted by SIGTERM");
}

TEST_CASE("faults: SIGHUP stops a CSV run: exit 130, every row written") {
  const TempDir dir("faults_csv_hup");
  WriteFile(dir + "/s.xml", kOscillator);
  const ProcessEnd end = RunAndSignal({"run", "s.xml", "-o", "out.csv", "-q"}, dir, SIGHUP,
                                      [&] { return CsvRows(dir + "/out.csv") >= 1; });
  CHECK(end.exited);
  CHECK(end.code == 130);
  CHECK(testing::ReadFile(dir + "/run.log").find("SIGHUP") != std::string::npos);
  CheckCsvRowsExact(dir, "out.csv", "1");
}

TEST_CASE("faults: SIGINT before the run starts ends cleanly, exit 130, no file") {
  // The signal is sent while the child has it blocked, so it is pending when hawser's main()
  // starts, whatever the machine's speed: the earliest moment a user's Ctrl-C can arrive.
  const TempDir dir("faults_early_int");
  WriteFile(dir + "/s.xml", kOscillator);
  const pid_t pid = StartHawser({"run", "s.xml", "-o", "out.csv", "--var", "tend=1"}, dir,
                                /*blocked=*/true);
  kill(pid, SIGINT);
  const ProcessEnd end = WaitForExit(pid);
  const std::string log = testing::ReadFile(dir + "/run.log");
  CHECK_MESSAGE(end.exited, log);
  CHECK_MESSAGE(end.code == 130, log);
  CHECK_MESSAGE(log.find("interrupted by the user (SIGINT)") != std::string::npos, log);
  CHECK(!std::filesystem::exists(dir + "/out.csv"));
}

TEST_CASE("faults: an unwritable HDF5 output names the path and the system's reason, exit 4") {
  const TempDir dir("faults_h5_unwritable");
  WriteFile(dir + "/s.xml", kOscillator);
  const Shell run = RunCommand(Hawser() + " run s.xml -o missing/out.h5 -q --var tend=1", dir);
  CHECK_MESSAGE(run.exit_code == 4, run.output);
  CHECK_MESSAGE(run.output.find("'missing/out.h5': No such file or directory") != std::string::npos,
                run.output);
}

TEST_CASE("faults: a short run of a big model gives a small HDF5 file") {
  // 1,000 springs, 3 output times: 5,001 datasets of 3 rows. Estimate per dataset: an object
  // header with layout, filter pipeline, dataspace, three short attributes and the time scale's
  // DIMENSION_LIST (~1 KB), its link (~100 bytes), a chunk index of one small node (~140 bytes
  // with ik = 1) and one compressed chunk (~100 bytes): ~1.4 KB. The bound allows 2 KiB; with
  // HDF5's default index nodes (2.6 KB each) the file was 16.5 MB, 3.3 KB per dataset.
  const TempDir dir("faults_h5_size");
  std::string objects, wires;
  for (int i = 0; i < 1000; ++i) {
    objects += "<Lib LibName=\"base\" SimObject=\"Cable/LinearSpring\" Name=\"S" +
               std::to_string(i) + "\" Stiffness=\"10\" RelaxedLength=\"1\" />\n";
    wires += "<Connection S" + std::to_string(i) + ".PosA=\"0,0,0\" S" + std::to_string(i) +
             ".PosB=\"0,0,2\" />\n";
  }
  WriteFile(dir + "/big.xml",
            "<Contents>\n<OBJECTS>\n" + objects + "</OBJECTS>\n<INTERCONNECTIONS>\n" + wires +
                "</INTERCONNECTIONS>\n<INITIALIZATION>\n<InitialCondition />\n"
                "</INITIALIZATION>\n<INTEGRATION>\n<Engine IntegratorMethod=\"2\" "
                "TOutput=\"0, 1, 2\" FileOutput=\"objects:all\" />\n</INTEGRATION>\n</Contents>\n");
  const Shell run = RunCommand(Hawser() + " run big.xml -o big.h5 -q", dir);
  REQUIRE_MESSAGE(run.exit_code == 0, run.output);
  const Shell rows = CheckHdf5("partial big.h5 completed ''", dir);
  CHECK_MESSAGE(rows.output == "3\n", rows.output);
  const auto size = std::filesystem::file_size(dir + "/big.h5");
  CHECK_MESSAGE(size < 5001 * 2048, "big.h5 is " << size << " bytes");
  // The disk reserved for each batch of rows (kReserveBytes, 64 KiB, and more) is allocated
  // past the end of the file; closing it frees what was not used: its blocks cover its size,
  // rounded up to the file system's blocks (4 KiB here), not the reservation too.
  struct stat st {};
  REQUIRE(::stat((dir + "/big.h5").c_str(), &st) == 0);
  CHECK_MESSAGE(static_cast<uintmax_t>(st.st_blocks) * 512 < size + 16 * 1024,
                "big.h5 holds " << st.st_blocks * 512 << " bytes of blocks for " << size);
}

}  // namespace
}  // namespace hawser::sweep_test
