#include "simobjects/math/linear_mapping.h"

namespace hawser {

LinearMapping::LinearMapping(ObjectArgs& args) : SimObject(args) {
  cu_ = DeclareParameter<Eigen::MatrixXd>(
      {.name = "Cu", .unit = "-", .doc = "Matrix applied to InU (M x Nu)."});
  cv_ = DeclareParameter<Eigen::MatrixXd>(
      {.name = "Cv", .unit = "-", .doc = "Matrix applied to InV (M x Nv)."});
  if (!describing() && cv_.rows() != cu_.rows()) {
    throw Error("parameter 'Cv' is " + std::to_string(cv_.rows()) + "x" +
                std::to_string(cv_.cols()) + " but 'Cu' is " + std::to_string(cu_.rows()) + "x" +
                std::to_string(cu_.cols()) + "; expected Cv with " + std::to_string(cu_.rows()) +
                " rows (M x Nv, M from Cu)");
  }
  const int m = static_cast<int>(cu_.rows());
  in_u_ = DeclareInput(
      {.name = "InU", .width = static_cast<int>(cu_.cols()), .unit = "-", .doc = "Input u (Nu)."});
  in_v_ = DeclareInput(
      {.name = "InV", .width = static_cast<int>(cv_.cols()), .unit = "-", .doc = "Input v (Nv)."});
  out_ = DeclareOutput({.name = "Out", .width = m, .unit = "-", .doc = "Cu u + Cv v (M)."});
  for (int i = 1; i <= m; ++i) {
    elements_.push_back(DeclareOutput(
        ScalarPort("Out" + std::to_string(i), "-", "Element " + std::to_string(i) + " of Out.")));
  }
  std::vector<Output> all = elements_;
  all.insert(all.begin(), out_);
  DeclareCalc(all, {in_u_, in_v_}, [this] { CalcOut(); });
}

void LinearMapping::CalcOut() {
  using ConstVecMap = Eigen::Map<const Eigen::VectorXd>;
  Eigen::Map<Eigen::VectorXd> y(out(out_).data(), cu_.rows());
  y.noalias() = cu_ * ConstVecMap(in(in_u_).data(), cu_.cols());
  y.noalias() += cv_ * ConstVecMap(in(in_v_).data(), cv_.cols());
  for (size_t i = 0; i < elements_.size(); ++i)
    out(elements_[i])[0] = y[static_cast<Eigen::Index>(i)];
}

}  // namespace hawser
