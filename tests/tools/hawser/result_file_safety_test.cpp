// No run destroys an earlier result file it cannot replace (docs/results.md, "No run destroys an
// earlier result"; runtime/output/replacing_file.h), through the real program: for `run -o a.h5`,
// `run -o a.csv`, `eval -o a.h5` and `sweep -o a.h5`, an earlier file is byte for byte as it was
// after a file that h5py holds open, a folder that refuses new files, a full disk and a scenario
// that fails to load; a run that fails part-way replaces it with a consistent file saying so. No
// temporary is left behind.
//
// Tests run as root, for whom permission bits do not apply: the folder that refuses new files is
// made immutable (chattr +i), which refuses root too (where chattr is not allowed, a non-root
// test makes it read-only instead), and permissions are tested by running hawser as `nobody`
// (setpriv). A full disk is the file size limit (`ulimit -f 0`), as in faults_test.cpp, and,
// where mount is allowed, a small tmpfs filled to the last block.
#include <sys/stat.h>

#include <csignal>
#include <cstdio>

#include "runtime/sweep/sweep_file.h"
#include "tests/tools/hawser/spring_ball.h"
#include "tests/tools/hawser/sweep_test_support.h"

namespace hawser::sweep_test {
namespace {

// A ball coasting at `v` towards the anchor of a spring of zero length: at v = -1 it reaches the
// anchor at t = 1 and the run fails there (the spring has no direction), after rows t = 0..0.75.
testing::SpringBall Coasting() {
  testing::SpringBall coasting = testing::CoastingBall("${v}");
  coasting.variables = {R"(<Variable Name="v" Value="-0.2" />)"};
  return coasting;
}
const std::string kCoasting = testing::SpringBallScenario(Coasting());

/// One kind of result file: the command that writes it (its output name last) and its name.
struct Writer {
  const char* label;
  const char* command;  ///< Run in the test's folder; " -o FILE" is appended.
  const char* file;
};

const Writer kWriters[] = {
    {"run HDF5", "run s.xml -q", "a.h5"},
    {"run CSV", "run s.xml -q", "a.csv"},
    {"eval HDF5", "eval s.xml -q", "a.h5"},
    {"sweep HDF5", "sweep s.xml --set v=-0.2,-0.3 -q", "a.h5"},
};

/// A folder holding the scenario and, for each writer, an earlier result of that kind (written
/// by hawser itself, with v = -0.3: the new run's would differ).
struct Earlier {
  const TempDir dir;
  std::string bytes;  ///< The earlier file's bytes.
  Earlier(const std::string& name, const Writer& w) : dir(name) {
    WriteFile(dir + "/s.xml", kCoasting);
    const Shell made = RunCommand(Hawser() + " " + w.command + " --var v=-0.3 -o " + w.file, dir);
    REQUIRE_MESSAGE(made.exit_code == 0, made.output);
    bytes = testing::ReadFile(dir + "/" + w.file);
    REQUIRE(!bytes.empty());
  }
  /// The earlier file is byte for byte as it was, and no temporary is left beside it.
  void CheckIntact(const Writer& w) const {
    CHECK_MESSAGE(testing::ReadFile(dir + "/" + w.file) == bytes,
                  std::string(w.label) << ": " << w.file << " was changed");
    for (const auto& entry : std::filesystem::directory_iterator(std::string(dir))) {
      CHECK_MESSAGE(entry.path().filename().string().find(".hawser-") == std::string::npos,
                    std::string(w.label) << ": a temporary was left: " << entry.path());
    }
  }
  Shell Write(const Writer& w, const std::string& prefix = "", const std::string& extra = "") {
    return RunCommand(prefix + Hawser() + " " + w.command + extra + " -o " + w.file, dir);
  }
};

/// Starts `/usr/bin/python3 hold_open.py FILE` in `dir` and waits (polled) until h5py has the
/// file open; SIGTERM ends it when this goes out of scope.
class H5pyHolder {
 public:
  H5pyHolder(const std::string& dir, const std::string& file) {
    log_ = dir + "/holder.log";
    std::fflush(nullptr);  // Else the child would write this process's buffered output again.
    pid_ = fork();
    if (pid_ == 0) {
      if (chdir(dir.c_str()) != 0) _exit(127);
      if (!freopen("holder.log", "w", stdout) || !freopen("holder.log", "a", stderr)) _exit(127);
      const std::string script =
          std::string(HAWSER_SOURCE_DIR) + "/tests/tools/hawser/hold_open.py";
      execl("/usr/bin/python3", "python3", script.c_str(), file.c_str(), nullptr);
      _exit(127);
    }
    ready_ =
        WaitUntil(pid_, [&] { return testing::ReadFile(log_).find("ready") != std::string::npos; });
  }
  ~H5pyHolder() {
    kill(pid_, SIGTERM);
    WaitForExit(pid_);
    std::filesystem::remove(log_);
  }
  bool ready() const { return ready_; }
  std::string log() const { return testing::ReadFile(log_); }

 private:
  pid_t pid_ = -1;
  bool ready_ = false;
  std::string log_;
};

TEST_CASE("result files: an HDF5 file open in h5py is not replaced: exit 4, locked, intact") {
  for (const Writer& w : kWriters) {
    if (std::string(w.file) != "a.h5") continue;  // CSV has no lock convention (docs/results.md).
    Earlier earlier("safety_h5py", w);
    const H5pyHolder holder(earlier.dir, w.file);
    REQUIRE_MESSAGE(holder.ready(), "h5py never opened the file: " << holder.log());
    const Shell run = earlier.Write(w);
    CHECK_MESSAGE(run.exit_code == 4, std::string(w.label) << ": " << run.output);
    CHECK_MESSAGE(run.output.find("'a.h5': it is locked by another process (is it open in "
                                  "h5py/HDFView?)") != std::string::npos,
                  std::string(w.label) << ": " << run.output);
    earlier.CheckIntact(w);
  }
}

TEST_CASE("result files: sweep --resume on a file open in h5py: exit 4, locked, intact") {
  const Writer& w = kWriters[3];
  Earlier earlier("safety_resume_h5py", w);
  const H5pyHolder holder(earlier.dir, w.file);
  REQUIRE_MESSAGE(holder.ready(), "h5py never opened the file: " << holder.log());
  // The same sweep as the earlier file's, so that only the lock stands in the way.
  const Shell run = earlier.Write(w, "", " --var v=-0.3 --resume");
  CHECK_MESSAGE(run.exit_code == 4, run.output);
  CHECK_MESSAGE(run.output.find("locked by another process") != std::string::npos, run.output);
  earlier.CheckIntact(w);
}

TEST_CASE("result files: an MPI sweep's rank 0 refuses a locked file and a foreign --resume") {
  const Writer mpi = {"MPI sweep HDF5", "sweep s.xml --set v=-0.2,-0.3 -q", "a.h5"};
  Earlier earlier("safety_mpi", mpi);
  const std::string launch = "mpirun --allow-run-as-root --oversubscribe -n 2 ";
  {
    const H5pyHolder holder(earlier.dir, mpi.file);
    REQUIRE_MESSAGE(holder.ready(), "h5py never opened the file: " << holder.log());
    const Shell run = earlier.Write(mpi, launch);
    if (run.output.find("built without MPI") != std::string::npos) {
      MESSAGE("hawser was built without MPI (HAWSER_MPI=OFF): skipped");
      return;
    }
    // Every rank ends (none waits for rank 0), and rank 0's message and code reach the user.
    CHECK_MESSAGE(run.exit_code == 4, run.output);
    CHECK_MESSAGE(run.output.find("'a.h5': it is locked by another process") != std::string::npos,
                  run.output);
    earlier.CheckIntact(mpi);
  }
  WriteFile(earlier.dir + "/a.h5", "not HDF5\n");
  earlier.bytes = "not HDF5\n";
  const Shell resume = earlier.Write(mpi, launch, " --resume");
  CHECK_MESSAGE(resume.exit_code == 2, resume.output);
  CHECK_MESSAGE(resume.output.find("--resume: 'a.h5' is not an HDF5 file") != std::string::npos,
                resume.output);
  earlier.CheckIntact(mpi);
}

/// Makes `dir` refuse new entries, even to root, while it lives; the reason hawser should print.
class RefusingFolder {
 public:
  explicit RefusingFolder(const std::string& dir) : dir_(dir) {
    if (RunCommand("chattr +i '" + dir_ + "'").exit_code == 0) {
      immutable_ = true;
      reason_ = "Operation not permitted";  // EPERM: the folder is immutable.
    } else if (geteuid() != 0 && chmod(dir_.c_str(), 0555) == 0) {
      reason_ = "Permission denied";
    }
  }
  ~RefusingFolder() {
    if (immutable_) RunCommand("chattr -i '" + dir_ + "'");
    chmod(dir_.c_str(), 0755);
  }
  const std::string& reason() const { return reason_; }  ///< "" when no way was allowed.

 private:
  std::string dir_;
  bool immutable_ = false;
  std::string reason_;
};

TEST_CASE("result files: a folder that refuses new files: exit 4, the reason, intact") {
  for (const Writer& w : kWriters) {
    Earlier earlier("safety_folder", w);
    const RefusingFolder refusing(earlier.dir);
    if (refusing.reason().empty()) {
      MESSAGE("skipped: neither chattr +i nor (as root) chmod can make a folder refuse files");
      return;
    }
    const Shell run = earlier.Write(w);
    CHECK_MESSAGE(run.exit_code == 4, std::string(w.label) << ": " << run.output);
    CHECK_MESSAGE(run.output.find(std::string("cannot write results to '") + w.file +
                                  "': " + refusing.reason()) != std::string::npos,
                  std::string(w.label) << ": " << run.output);
    earlier.CheckIntact(w);
  }
}

/// How to run hawser as a user without root's privileges: setpriv to `nobody` when this test is
/// root (permission bits do not bind root), nothing otherwise; "-" when root cannot switch.
std::string Unprivileged() {
  if (geteuid() != 0) return "";
  const std::string prefix = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
  return RunCommand(prefix + "true").exit_code == 0 ? prefix : "-";
}

TEST_CASE("result files: no permission to write the folder or the file: exit 4, intact") {
  const std::string as_user = Unprivileged();
  if (as_user == "-") {
    MESSAGE("skipped: setpriv cannot switch to an unprivileged user here");
    return;
  }
  for (const Writer& w : kWriters) {
    Earlier earlier("safety_permission", w);
    const std::string dir = earlier.dir;
    // The folder: the user may read it, not add to it.
    REQUIRE(chmod(dir.c_str(), 0755) == 0);
    Shell run = earlier.Write(w, as_user);
    CHECK_MESSAGE(run.exit_code == 4, std::string(w.label) << ": " << run.output);
    CHECK_MESSAGE(run.output.find(std::string("cannot write results to '") + w.file +
                                  "': Permission denied") != std::string::npos,
                  std::string(w.label) << ": " << run.output);
    earlier.CheckIntact(w);
    // The file: read-only in a folder anyone may write to (rename would not need its permission;
    // a read-only result is the user's "keep this").
    REQUIRE(chmod(dir.c_str(), 0777) == 0);
    REQUIRE(chmod((dir + "/" + w.file).c_str(), 0444) == 0);
    run = earlier.Write(w, as_user);
    CHECK_MESSAGE(run.exit_code == 4, std::string(w.label) << ": " << run.output);
    CHECK_MESSAGE(run.output.find(std::string("cannot write results to '") + w.file +
                                  "': Permission denied") != std::string::npos,
                  std::string(w.label) << ": " << run.output);
    earlier.CheckIntact(w);
  }
}

TEST_CASE("result files: a full disk before the file is consistent: exit 4, the reason, intact") {
  for (const Writer& w : kWriters) {
    Earlier earlier("safety_full", w);
    // A limit of 0 blocks: not even the CSV header or the HDF5 layout fits.
    const Shell run = earlier.Write(w, "ulimit -f 0 && ");
    CHECK_MESSAGE(run.exit_code == 4, std::string(w.label) << ": " << run.output);
    CHECK_MESSAGE(run.output.find("File too large") != std::string::npos,
                  std::string(w.label) << ": " << run.output);
    CHECK_MESSAGE(run.output.find(std::string("'") + w.file + "'") != std::string::npos,
                  std::string(w.label) << ": " << run.output);
    earlier.CheckIntact(w);
  }
}

/// A 256 KiB tmpfs mounted on `dir`/full while it lives (root with CAP_SYS_ADMIN only).
class SmallFileSystem {
 public:
  explicit SmallFileSystem(const std::string& dir) : path_(dir + "/full") {
    std::filesystem::create_directory(path_);
    mounted_ = RunCommand("mount -t tmpfs -o size=256k tmpfs '" + path_ + "'").exit_code == 0;
  }
  ~SmallFileSystem() {
    if (mounted_) RunCommand("umount '" + path_ + "'");
  }
  bool mounted() const { return mounted_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  bool mounted_ = false;
};

TEST_CASE("result files: a full file system: exit 4, no space left, the earlier file intact") {
  for (const Writer& w : kWriters) {
    const TempDir dir("safety_tmpfs");
    const SmallFileSystem fs(dir);
    if (!fs.mounted()) {
      MESSAGE("skipped: cannot mount a tmpfs here (the file size limit test covers a full disk)");
      return;
    }
    const std::string full = fs.path();
    WriteFile(full + "/s.xml", kCoasting);
    const Shell made = RunCommand(Hawser() + " " + w.command + " --var v=-0.3 -o " + w.file, full);
    REQUIRE_MESSAGE(made.exit_code == 0, made.output);
    const std::string bytes = testing::ReadFile(full + "/" + w.file);
    // Fill what is left (dd stops at the full disk, with an error).
    RunCommand("dd if=/dev/zero of=filler bs=4k", full);
    const Shell run = RunCommand(Hawser() + " " + w.command + " -o " + w.file, full);
    CHECK_MESSAGE(run.exit_code == 4, std::string(w.label) << ": " << run.output);
    CHECK_MESSAGE(run.output.find(std::string("'") + w.file + "'") != std::string::npos,
                  std::string(w.label) << ": " << run.output);
    CHECK_MESSAGE(run.output.find("No space left on device") != std::string::npos,
                  std::string(w.label) << ": " << run.output);
    CHECK_MESSAGE(testing::ReadFile(full + "/" + w.file) == bytes, w.label);
    for (const auto& entry : std::filesystem::directory_iterator(full)) {
      CHECK_MESSAGE(entry.path().filename().string().find(".hawser-") == std::string::npos,
                    std::string(w.label) << ": a temporary was left: " << entry.path());
    }
  }
}

TEST_CASE("result files: a scenario that fails to load: exit 2, the earlier file intact") {
  for (const Writer& w : kWriters) {
    Earlier earlier("safety_load", w);
    const Shell run = earlier.Write(w, "", " --set Ball.Nope=1");
    CHECK_MESSAGE(run.exit_code == 2, std::string(w.label) << ": " << run.output);
    CHECK_MESSAGE(run.output.find("'Nope'") != std::string::npos, std::string(w.label)
                                                                      << ": " << run.output);
    earlier.CheckIntact(w);
  }
}

TEST_CASE("result files: a run that fails part-way replaces the file with its rows and status") {
  // Documented: once the new file is consistent it replaces the earlier one, and a failure
  // after that is recorded in it (rows t = 0..0.75, status failed), as before this change.
  {
    Earlier earlier("safety_midrun_h5", kWriters[0]);
    const Shell run = earlier.Write(kWriters[0], "", " --var v=-1");
    CHECK_MESSAGE(run.exit_code == 3, run.output);
    const Shell check = CheckHdf5("partial a.h5 failed 'Spring.ForceA'", earlier.dir);
    CHECK_MESSAGE(check.output == "4\n", check.output);
  }
  {
    Earlier earlier("safety_midrun_csv", kWriters[1]);
    const Shell run = earlier.Write(kWriters[1], "", " --var v=-1");
    CHECK_MESSAGE(run.exit_code == 3, run.output);
    CHECK(CsvRows(earlier.dir + "/a.csv") == 4);
  }
  {
    // A sweep whose second case fails: the new file, its table saying so.
    Earlier earlier("safety_midrun_sweep", kWriters[3]);
    const Shell run = RunCommand(Hawser() + " sweep s.xml --set v=-0.2,-1 -q -o a.h5", earlier.dir);
    CHECK_MESSAGE(run.exit_code == 3, run.output);
    const CasesTable t = ReadCasesTable(earlier.dir + "/a.h5");
    REQUIRE(t.rows.size() == 2);
    CHECK(t.at(0, "status") == "completed");
    CHECK(t.at(1, "status") == "failed");
  }
}

TEST_CASE("result files: a replaced file keeps its owner and mode, a symbolic link stays a link") {
  Earlier earlier("safety_mode", kWriters[0]);
  const std::string dir = earlier.dir;
  REQUIRE(chmod((dir + "/a.h5").c_str(), 0640) == 0);
  // Another owner, where this test may give the file away (root): the replacement keeps it.
  const bool given = chown((dir + "/a.h5").c_str(), 65534, 65534) == 0;
  std::filesystem::create_symlink("a.h5", dir + "/link.h5");
  const Shell run = RunCommand(Hawser() + " run s.xml -q -o link.h5", dir);
  REQUIRE_MESSAGE(run.exit_code == 0, run.output);
  CHECK(std::filesystem::is_symlink(dir + "/link.h5"));
  CHECK(testing::ReadFile(dir + "/a.h5") != earlier.bytes);  // Replaced through the link.
  struct stat st {};
  REQUIRE(stat((dir + "/a.h5").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0640);
  if (given) CHECK((st.st_uid == 65534 && st.st_gid == 65534));
}

TEST_CASE("result files: an output folder that is a file: exit 4, the system's reason") {
  const TempDir dir("safety_notdir");
  WriteFile(dir + "/s.xml", kCoasting);
  WriteFile(dir + "/plain", "a file, not a folder\n");
  for (const char* out : {"plain/a.h5", "plain/a.csv"}) {
    const Shell run = RunCommand(Hawser() + " run s.xml -q -o " + out, dir);
    CHECK_MESSAGE(run.exit_code == 4, run.output);
    CHECK_MESSAGE(run.output.find(std::string("cannot write results to '") + out +
                                  "': Not a directory") != std::string::npos,
                  run.output);
  }
}

}  // namespace
}  // namespace hawser::sweep_test
