#include "simobjects/math/polynomial.h"

namespace hawser {

Polynomial::Polynomial(ObjectArgs& args) : SimObject(args) {
  const int width = static_cast<int>(DeclareParameter(PortWidthParameter()));
  coefficients_ = DeclareParameter<Eigen::VectorXd>(
      {.name = "Coefficients",
       .unit = "-",
       .doc = "c0, c1, ..., cn: Out = c0 + c1 In + ... + cn In^n (units follow the signals)."});
  in_ = DeclareInput({.name = "In", .width = width, .unit = "-", .doc = "Argument x."});
  out_ = DeclareOutput({.name = "Out", .width = width, .unit = "-", .doc = "p(x), element-wise."});
  DeclareCalc({out_}, {in_}, [this] { CalcOut(); });
}

void Polynomial::CalcOut() {
  const auto x = in(in_);
  const auto y = out(out_);
  for (size_t i = 0; i < x.size(); ++i) {
    double p = 0.0;
    for (Eigen::Index k = coefficients_.size() - 1; k >= 0; --k) p = p * x[i] + coefficients_[k];
    y[i] = p;
  }
}

}  // namespace hawser
