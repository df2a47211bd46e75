#include "runtime/sweep/sweep_file.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "hawser/check.h"
#include "runtime/output/hdf5_util.h"
#include "runtime/output/replacing_file.h"

namespace hawser {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Every field of a memory record is 8 bytes: int64, double or a char* (variable-length string).
static_assert(sizeof(char*) == 8 && sizeof(double) == 8 && sizeof(int64_t) == 8);
constexpr size_t kField = 8;

enum class Kind { kInt, kDouble, kString };

struct Field {
  std::string name;
  Kind kind;
};

std::vector<Field> Fields(const SweepDefinition& def) {
  std::vector<Field> f = {{"case", Kind::kInt}};
  for (const SweepParameter& p : def.parameters)
    f.push_back({p.name, p.numeric ? Kind::kDouble : Kind::kString});
  f.insert(f.end(), {{"status", Kind::kString},
                     {"message", Kind::kString},
                     {"wall_seconds", Kind::kDouble},
                     {"steps", Kind::kInt},
                     {"rhs_evals", Kind::kInt},
                     {"jacobian_evals", Kind::kInt},
                     {"rows", Kind::kInt},
                     {"end_time", Kind::kDouble}});
  for (const SummarySpec& s : def.summaries) f.push_back({s.label(), Kind::kDouble});
  return f;
}

hid_t MemoryType(const std::vector<Field>& fields) {
  hid_t type = H5Tcreate(H5T_COMPOUND, fields.size() * kField);
  const h5::Handle str = h5::VariableStringType();
  for (size_t i = 0; i < fields.size(); ++i) {
    const hid_t t = fields[i].kind == Kind::kInt      ? H5T_NATIVE_INT64
                    : fields[i].kind == Kind::kDouble ? H5T_NATIVE_DOUBLE
                                                      : str.get();
    H5Tinsert(type, fields[i].name.c_str(), i * kField, t);
  }
  return type;
}

/// One record being filled: numbers in place, strings kept alive in `strings`.
class RecordBuffer {
 public:
  explicit RecordBuffer(size_t n_fields) : bytes_(n_fields * kField) {}
  void Int(size_t i, int64_t v) { std::memcpy(&bytes_[i * kField], &v, kField); }
  void Double(size_t i, double v) { std::memcpy(&bytes_[i * kField], &v, kField); }
  void String(size_t i, const std::string& v) {
    strings_.push_back(std::make_unique<std::string>(v));
    const char* p = strings_.back()->c_str();
    std::memcpy(&bytes_[i * kField], &p, kField);
  }
  const unsigned char* data() const { return bytes_.data(); }

 private:
  std::vector<unsigned char> bytes_;
  std::vector<std::unique_ptr<std::string>> strings_;
};

}  // namespace

std::string CaseGroupName(long index) { return fmt::format("/case_{:05d}", index); }

SweepFile::SweepFile(std::shared_ptr<Hdf5File> file, const SweepSetup& setup,
                     const std::vector<SweepCase>& cases)
    : file_(std::move(file)), setup_(setup), cases_(cases), statuses_(cases.size(), "pending") {
  std::lock_guard lock(Hdf5Mutex());
  memory_type_ = MemoryType(Fields(setup.definition));
}

SweepFile::~SweepFile() {
  std::lock_guard lock(Hdf5Mutex());
  h5::Close(table_);
  h5::Close(memory_type_);
}

std::unique_ptr<SweepFile> SweepFile::Create(const std::string& path, const SweepSetup& setup,
                                             const std::vector<SweepCase>& cases) {
  // Each case's chunk indexes sized from its output times (the first case's: sweeps rarely
  // change them), as a single run's are; HDF5's default made every dataset's index 2.6 KB.
  size_t n_times = 0;
  try {
    if (!cases.empty()) n_times = ScenarioForCase(setup, cases.front()).engine.output.times.size();
  } catch (const std::exception&) {  // The case reports its own error when it runs.
  }
  std::unique_ptr<SweepFile> f(
      new SweepFile(Hdf5File::Create(path, ExpectedChunks(n_times)), setup, cases));
  std::lock_guard lock(Hdf5Mutex());
  hid_t root = H5Gopen2(f->file_->id(), "/", H5P_DEFAULT);
  h5::SetAttribute(root, "hawser_version", std::string(HAWSER_VERSION));
  h5::SetAttribute(root, "scenario", setup.scenario_text);
  h5::SetAttribute(root, "scenario_file", setup.scenario_file);
  h5::SetAttribute(root, "command_line", setup.command_line);
  h5::SetAttribute(root, "sweep", setup.definition.Canonical());
  h5::SetAttribute(root, "n_cases", static_cast<long>(cases.size()));
  h5::SetAttribute(root, "status", std::string("running"));
  h5::SetAttribute(root, "message", std::string());
  H5Gclose(root);
  const hsize_t n = cases.size();
  hid_t space = H5Screate_simple(1, &n, nullptr);
  f->table_ = h5::Check(H5Dcreate2(f->file_->id(), "cases", f->memory_type_, space, H5P_DEFAULT,
                                   H5P_DEFAULT, H5P_DEFAULT),
                        "creating /cases", path);
  H5Sclose(space);
  for (const SweepCase& c : cases) f->WriteRow(c.index, "pending", nullptr);
  f->file_->Flush();
  f->file_->Publish();  // Consistent: every case pending. It replaces any earlier file now.
  return f;
}

namespace {

/// Why `path` cannot be resumed by this sweep ("" when it can), read without writing to it: not
/// an HDF5 file, not a sweep file, another sweep's file, another number of cases.
std::string ResumeMismatch(const std::string& path, const SweepSetup& setup, size_t n_cases) {
  if (H5Fis_hdf5(path.c_str()) <= 0) {
    H5Eclear2(H5E_DEFAULT);
    return fmt::format("'{}' is not an HDF5 file", path);
  }
  hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0) {
    const std::string detail = h5::LastError();
    return fmt::format("'{}' cannot be read as HDF5{}{}", path, detail.empty() ? "" : ": ", detail);
  }
  std::string why;
  if (H5Lexists(file, "cases", H5P_DEFAULT) <= 0) {
    why = fmt::format("'{}' is not a hawser sweep file (no /cases table)", path);
  } else {
    hid_t root = H5Gopen2(file, "/", H5P_DEFAULT);
    const std::string old = h5::ReadStringAttribute(root, "sweep");
    H5Gclose(root);
    hid_t table = H5Dopen2(file, "cases", H5P_DEFAULT);
    hid_t space = table < 0 ? -1 : H5Dget_space(table);
    const hssize_t n = space < 0 ? -1 : H5Sget_simple_extent_npoints(space);
    h5::Close(space);
    h5::Close(table);
    if (old.empty()) {
      why = fmt::format("'{}' is not a hawser sweep file (no 'sweep' attribute)", path);
    } else if (old != setup.definition.Canonical()) {
      why = fmt::format(
          "'{}' was written by another sweep:\n{}\nexpected the same definition as "
          "now:\n{}",
          path, old, setup.definition.Canonical());
    } else if (n != static_cast<hssize_t>(n_cases)) {
      why = fmt::format("'{}': /cases has {} rows; expected {}", path, n, n_cases);
    }
  }
  H5Eclear2(H5E_DEFAULT);
  H5Fclose(file);
  return why;
}

}  // namespace

std::unique_ptr<SweepFile> SweepFile::Resume(const std::string& path, const SweepSetup& setup,
                                             const std::vector<SweepCase>& cases) {
  // Every check before the file is opened for writing: a file that is not this sweep's is left
  // byte for byte as it was.
  CheckReplaceable(path, true);  // A folder, no permission, open in h5py: exit 4.
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {  // HDF5 would wait on a FIFO.
    throw ScenarioError({}, fmt::format("--resume: '{}' is not a regular file", path));
  }
  {
    std::lock_guard lock(Hdf5Mutex());
    const std::string why = ResumeMismatch(path, setup, cases.size());
    if (!why.empty()) throw ScenarioError({}, "--resume: " + why);
  }
  std::unique_ptr<SweepFile> f(new SweepFile(Hdf5File::OpenReadWrite(path), setup, cases));
  std::lock_guard lock(Hdf5Mutex());
  hid_t root = H5Gopen2(f->file_->id(), "/", H5P_DEFAULT);
  h5::SetAttribute(root, "status", std::string("running"));
  h5::SetAttribute(root, "command_line", setup.command_line);
  H5Gclose(root);
  f->table_ = h5::Check(H5Dopen2(f->file_->id(), "cases", H5P_DEFAULT), "opening /cases", path);
  const hssize_t n = static_cast<hssize_t>(cases.size());
  const size_t n_fields = Fields(setup.definition).size();
  std::vector<unsigned char> bytes(n * n_fields * kField);
  h5::Check(H5Dread(f->table_, f->memory_type_, H5S_ALL, H5S_ALL, H5P_DEFAULT, bytes.data()),
            "reading /cases", path);
  const size_t status_field = 1 + setup.definition.parameters.size();
  for (hssize_t i = 0; i < n; ++i) {
    const char* s = nullptr;
    std::memcpy(&s, &bytes[(i * n_fields + status_field) * kField], kField);
    f->statuses_[i] = s != nullptr ? s : "";
  }
  hid_t space = H5Dget_space(f->table_);
  H5Dvlen_reclaim(f->memory_type_, space, H5P_DEFAULT, bytes.data());
  H5Sclose(space);
  return f;
}

void SweepFile::WriteRow(long index, const std::string& status, const CaseResult* result) {
  const auto& def = setup_.definition;
  const size_t n_fields = Fields(def).size();
  RecordBuffer r(n_fields);
  size_t i = 0;
  r.Int(i++, index);
  for (size_t k = 0; k < def.parameters.size(); ++k, ++i) {
    const std::string& v = cases_[index].values[k];
    if (def.parameters[k].numeric) {
      r.Double(i, std::strtod(v.c_str(), nullptr));
    } else {
      r.String(i, v);
    }
  }
  r.String(i++, status);
  r.String(i++, result ? result->run.message : "");
  r.Double(i++, result ? result->run.wall_seconds : kNaN);
  r.Int(i++, result ? result->run.stats.steps : -1);
  r.Int(i++, result ? result->run.stats.rhs_evals : -1);
  r.Int(i++, result ? result->run.stats.jacobian_evals : -1);
  r.Int(i++, result ? result->run.rows : -1);
  r.Double(i++, result && result->run.rows > 0 ? result->run.end_time : kNaN);
  for (size_t k = 0; k < def.summaries.size(); ++k) {
    r.Double(i++, result && k < result->summaries.size() ? result->summaries[k] : kNaN);
  }
  std::lock_guard lock(Hdf5Mutex());
  hid_t file_space = H5Dget_space(table_);
  const hsize_t start = index, count = 1;
  H5Sselect_hyperslab(file_space, H5S_SELECT_SET, &start, nullptr, &count, nullptr);
  hid_t mem_space = H5Screate_simple(1, &count, nullptr);
  const h5::Handle dxpl = h5::SmallWriteTransfer(memory_type_, 1);
  herr_t status_code = H5Dwrite(table_, memory_type_, mem_space, file_space, dxpl.get(), r.data());
  H5Sclose(mem_space);
  H5Sclose(file_space);
  h5::Check(status_code, "writing a row of /cases", file_->path());
  statuses_[index] = status;
}

void SweepFile::Record(const CaseResult& result) {
  WriteRow(result.index, ToString(result.run.status), &result);
  file_->Flush();
}

void SweepFile::Finish(const std::string& status, const std::string& message) {
  std::lock_guard lock(Hdf5Mutex());
  hid_t root = H5Gopen2(file_->id(), "/", H5P_DEFAULT);
  h5::SetAttribute(root, "message", message);
  h5::SetAttribute(root, "status", status);
  H5Gclose(root);
  file_->Flush();
}

const std::string& CasesTable::at(size_t r, const std::string& name) const {
  auto it = std::find(columns.begin(), columns.end(), name);
  HAWSER_CHECK(it != columns.end(), "CasesTable::at: no such column");
  return rows.at(r).at(it - columns.begin());
}

CasesTable ReadCasesTable(const std::string& path) {
  std::lock_guard lock(Hdf5Mutex());
  hid_t file = h5::Check(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), "opening", path);
  hid_t ds = H5Dopen2(file, "cases", H5P_DEFAULT);
  if (ds < 0) {
    H5Fclose(file);
    h5::Check(-1, "opening /cases", path);
  }
  hid_t file_type = H5Dget_type(ds);
  std::vector<Field> fields;
  CasesTable table;
  for (int i = 0; i < H5Tget_nmembers(file_type); ++i) {
    char* name = H5Tget_member_name(file_type, i);
    const H5T_class_t cls = H5Tget_member_class(file_type, i);
    fields.push_back({name, cls == H5T_INTEGER ? Kind::kInt
                            : cls == H5T_FLOAT ? Kind::kDouble
                                               : Kind::kString});
    table.columns.push_back(name);
    H5free_memory(name);
  }
  hid_t mem = MemoryType(fields);
  hid_t space = H5Dget_space(ds);
  const hssize_t n = H5Sget_simple_extent_npoints(space);
  std::vector<unsigned char> bytes(n * fields.size() * kField);
  herr_t status = H5Dread(ds, mem, H5S_ALL, H5S_ALL, H5P_DEFAULT, bytes.data());
  for (hssize_t r = 0; status >= 0 && r < n; ++r) {
    std::vector<std::string> row;
    for (size_t k = 0; k < fields.size(); ++k) {
      const unsigned char* p = &bytes[(r * fields.size() + k) * kField];
      if (fields[k].kind == Kind::kInt) {
        int64_t v;
        std::memcpy(&v, p, kField);
        row.push_back(fmt::format("{}", v));
      } else if (fields[k].kind == Kind::kDouble) {
        double v;
        std::memcpy(&v, p, kField);
        row.push_back(fmt::format("{}", v));
      } else {
        const char* s;
        std::memcpy(&s, p, kField);
        row.push_back(s != nullptr ? s : "");
      }
    }
    table.rows.push_back(std::move(row));
  }
  if (status >= 0) H5Dvlen_reclaim(mem, space, H5P_DEFAULT, bytes.data());
  H5Sclose(space);
  H5Tclose(mem);
  H5Tclose(file_type);
  H5Dclose(ds);
  H5Fclose(file);
  h5::Check(status, "reading /cases", path);
  return table;
}

}  // namespace hawser
