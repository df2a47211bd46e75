// Files a scenario names (an RAO table, Src/Table's File, the scenario itself) that used to fill
// memory (/dev/zero: 16 GB), hang (a FIFO without a writer), be accepted at any size, or echo raw
// binary bytes, through the real program. Each must end with exit 2 and a message at
// the scenario element, naming the file and what it is, quickly and in bounded memory: every
// command runs under `ulimit -v` (2 GB; hawser itself needs about 0.1 GB here) and `timeout`
// (HangTimeout).
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

namespace fs = std::filesystem;

// An RAO vessel in a regular sea and a table; the files come in as variables (line 5: the RAO
// vessel, line 6: the table).
const std::string kScenario = UnconnectedScenario(
    R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="100" Waves="regular" )"
    R"(WaveHeight="2" WavePeriod="10"/>)"
    "\n"
    R"(<Lib LibName="base" SimObject="Body/RAOVessel" Name="V" RAOFile="${rao}"/>)"
    "\n"
    R"(<Lib LibName="base" SimObject="Src/Table" Name="T" File="${table}"/>)"
    "\n",
    R"(TOutput="0, 0.1, 1")",
    R"(<VARIABLES><Variable Name="rao" Value="x"/><Variable Name="table" Value="x"/></VARIABLES>)");

const std::string kGoodRao = HAWSER_SOURCE_DIR "/configs/data/cylinder_displacement_raos.csv";

// `hawser ARGS` under a 2 GB address-space limit and HangTimeout (generous: each case takes well
// under a second in Release; the FIFO used to hang for ever, /dev/zero to read 16 GB).
CommandResult Bounded(const std::string& args) {
  return RunCommand(
      fmt::format("{}{}'{}' {}", MemoryLimit(2000000), HangTimeout(), HAWSER_BINARY, args));
}

// Exit 2 and every fragment in the output.
void CheckRefused(const CommandResult& r, const std::vector<std::string>& fragments) {
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  for (const std::string& f : fragments) CHECK(r.output.find(f) != std::string::npos);
}

// A temporary folder with the scenario, a valid table and a valid RAO file; removed at the end.
struct Folder {
  fs::path dir = fs::path(WriteTempFile("table_limits.tmp", "")).parent_path() / "table_limits";
  std::string xml, table;
  Folder() {
    fs::create_directories(dir);
    xml = (dir / "s.xml").string();
    table = (dir / "t.csv").string();
    std::ofstream(xml) << kScenario;
    std::ofstream(table) << "0, 1\n1, 2\n";
  }
  ~Folder() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
  // `validate` with these RAO and table files.
  CommandResult Validate(const std::string& rao, const std::string& t) const {
    return Bounded(fmt::format("validate '{}' --var 'rao={}' --var 'table={}'", xml, rao, t));
  }
};

TEST_CASE("table files: the valid files load (the cases below differ only in the named file)") {
  const Folder f;
  const CommandResult r = f.Validate(kGoodRao, f.table);
  CAPTURE(r.output);
  CHECK(r.exit_code == 0);
}

TEST_CASE("table files: a device, a FIFO or a directory is named as such, at the element") {
  const Folder f;
  const std::string fifo = (f.dir / "fifo").string();
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);  // No writer: opening it to read used to block.
  const std::string folder = (f.dir / "sub").string();
  fs::create_directories(folder);
  const std::vector<std::pair<std::string, std::string>> files = {
      {"/dev/zero", "a character device"}, {fifo, "a FIFO (named pipe)"}, {folder, "a directory"}};
  for (const auto& file : files) {
    const std::string& path = file.first;  // Not a structured binding: CAPTURE's lambda (clang).
    const std::string& kind = file.second;
    CAPTURE(path);
    CheckRefused(f.Validate(path, f.table), {"s.xml:5: error: V (Body/RAOVessel): RAO file '" +
                                             path + "' is " + kind + "; expected a regular file"});
    CheckRefused(f.Validate(kGoodRao, path),
                 {"s.xml:6: error: T (Src/Table): table file '" + path + "' (File=\"" + path +
                  "\") is " + kind + "; expected a regular file"});
  }
}

TEST_CASE("table files: more than 64 MiB or 1e6 rows is refused with the limit") {
  const Folder f;
  // A sparse file: 100 MB long, no disk space. Refused before a byte of it is read.
  const std::string big = (f.dir / "big.csv").string();
  std::ofstream(big).close();
  fs::resize_file(big, 100'000'000);
  CheckRefused(f.Validate(big, f.table), {"s.xml:5: error: V (Body/RAOVessel): RAO file '" + big +
                                          "' has 100000000 bytes; expected at most 67108864 "
                                          "bytes (64 MiB)"});
  CheckRefused(f.Validate(kGoodRao, big), {"s.xml:6: error: T (Src/Table): table file '" + big +
                                           "' (File=\"" + big + "\") has 100000000 bytes"});
  // 1e6 + 1 valid rows (10 MB): the row after the limit is named.
  const std::string rows = (f.dir / "rows.csv").string();
  {
    std::ofstream out(rows);
    for (int i = 0; i <= 1'000'000; ++i) out << i << ",0\n";
  }
  CheckRefused(f.Validate(kGoodRao, rows),
               {"rows.csv:1000001: error: table file has more than 1000000 rows; expected at "
                "most 1000000"});
}

TEST_CASE("table files: binary bytes are quoted escaped with their offset, never raw") {
  const Folder f;
  const std::string bin = (f.dir / "bin.csv").string();
  std::ofstream(bin, std::ios::binary) << std::string("0,1\n1,\0\x01\x1b[31m2\n", 15);
  const CommandResult r = f.Validate(kGoodRao, bin);
  CheckRefused(r, {"bin.csv:2: error: table file has a binary byte \\x00 at byte offset 6 "
                   "(column 3 of line 2); expected text: '1,\\x00\\x01\\x1b[31m2'"});
  // No control byte but the line ends reaches the terminal (ESC would recolour it).
  for (const char c : r.output) CHECK((static_cast<unsigned char>(c) >= 0x20 || c == '\n'));
  // In an RAO file a row with a NUL stops at the NUL no more: the whole line is quoted.
  const std::string rao = (f.dir / "rao.csv").string();
  std::ofstream(rao, std::ios::binary) << std::string("0.5,0,1\x7f,0\n", 11);
  CheckRefused(f.Validate(rao, f.table), {"rao.csv:1: error: RAO file has a binary byte \\x7f at "
                                          "byte offset 7 (column 8 of line 1); expected text: "
                                          "'0.5,0,1\\x7f,0'"});
}

TEST_CASE("scenario files: a device, a directory or a file over 64 MiB is refused quickly") {
  const Folder f;
  CheckRefused(Bounded("validate /dev/zero"),
               {"/dev/zero: error: the scenario has more than 67108864 bytes; expected a file of "
                "at most 67108864 bytes (64 MiB)"});
  CheckRefused(Bounded("validate '" + f.dir.string() + "'"),
               {"error: the scenario is a directory; expected a scenario XML file"});
  CheckRefused(Bounded("sweep /dev/zero --set k=1,2 -o '" + (f.dir / "s.h5").string() + "'"),
               {"/dev/zero: error: the scenario has more than 67108864 bytes"});
}

}  // namespace
}  // namespace hawser::testing
