#include "simobjects/math/linear_system.h"

namespace hawser {

namespace {

using ConstVecMap = Eigen::Map<const Eigen::VectorXd>;

std::string Shape(const Eigen::MatrixXd& m) {
  return std::to_string(m.rows()) + "x" + std::to_string(m.cols());
}

}  // namespace

LinearSystem::LinearSystem(ObjectArgs& args) : SimObject(args) {
  a_ =
      DeclareParameter<Eigen::MatrixXd>({.name = "A", .unit = "-", .doc = "State matrix (n x n)."});
  b_ =
      DeclareParameter<Eigen::MatrixXd>({.name = "B", .unit = "-", .doc = "Input matrix (n x m)."});
  c_ = DeclareParameter<Eigen::MatrixXd>(
      {.name = "C", .unit = "-", .doc = "Output matrix (p x n)."});
  d_ = DeclareParameter<Eigen::MatrixXd>(
      {.name = "D",
       .unit = "-",
       .doc = "Feedthrough matrix (p x m); optional, as in FhSim: absent = zeros (no feedthrough).",
       .fallback = Eigen::MatrixXd()});
  // Absent D (the empty fallback): the zero matrix of the shape C and B give.
  if (d_.size() == 0 && !describing()) d_ = Eigen::MatrixXd::Zero(c_.rows(), b_.cols());
  if (!describing()) CheckShapes();
  const int n = static_cast<int>(a_.rows());
  // Describing (D unknown): show the dependency on In, which holds in general.
  feedthrough_ = describing() || (d_.array() != 0.0).any();
  in_ = DeclareInput(
      {.name = "In", .width = static_cast<int>(b_.cols()), .unit = "-", .doc = "Input u (m)."});
  out_ = DeclareOutput({.name = "Out",
                        .width = static_cast<int>(c_.rows()),
                        .unit = "-",
                        .doc = "Output y = C x + D u (p); reads In only if D != 0."});
  state_ = DeclareState({.name = "State", .width = n, .unit = "-", .doc = "State x (n)."});
  if (feedthrough_) {
    DeclareCalc({out_}, {in_}, [this] { CalcOut(); });
  } else {
    DeclareCalc({out_}, {}, [this] { CalcOut(); });
  }
}

void LinearSystem::CheckShapes() const {
  const Eigen::Index n = a_.rows(), m = b_.cols(), p = c_.rows();
  if (a_.cols() != n) {
    throw Error("parameter 'A' is " + Shape(a_) + "; expected a square matrix (n x n)");
  }
  if (b_.rows() != n) {
    throw Error("parameter 'B' is " + Shape(b_) + "; expected " + std::to_string(n) +
                " rows (n x m, n = " + std::to_string(n) + " from A)");
  }
  if (c_.cols() != n) {
    throw Error("parameter 'C' is " + Shape(c_) + "; expected " + std::to_string(n) +
                " columns (p x n, n = " + std::to_string(n) + " from A)");
  }
  if (d_.rows() != p || d_.cols() != m) {
    throw Error("parameter 'D' is " + Shape(d_) + "; expected " + std::to_string(p) + "x" +
                std::to_string(m) + " (p x m, p from C, m from B)");
  }
}

void LinearSystem::CalcOut() {
  const ConstVecMap x(state(state_).data(), a_.rows());
  Eigen::Map<Eigen::VectorXd> y(out(out_).data(), c_.rows());
  y.noalias() = c_ * x;
  if (feedthrough_) y.noalias() += d_ * ConstVecMap(in(in_).data(), d_.cols());
}

void LinearSystem::CalcDerivatives() {
  const ConstVecMap x(state(state_).data(), a_.rows());
  const ConstVecMap u(in(in_).data(), b_.cols());
  Eigen::Map<Eigen::VectorXd> xdot(derivative(state_).data(), a_.rows());
  xdot.noalias() = a_ * x + b_ * u;
}

}  // namespace hawser
