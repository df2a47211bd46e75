#include "runtime/analysis/design_tension.h"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace hawser {
namespace {

// DNV-OS-E301 (2010) Ch.2 Sec.2 Table B1 (ULS, dynamic analysis) and Table B2 (ALS).
const DesignFactors kNamedFactors[] = {
    {"uls-cc1", 1.1, 1.5}, {"uls-cc2", 1.4, 2.1}, {"als", 1.0, 1.1}};

double Factor(const std::string& whole, const std::string& text, const char* which) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v)) {
    throw std::invalid_argument("'" + whole + "': " + which + " '" + text +
                                "' is not a number; expected GAMMA_MEAN,GAMMA_DYN, e.g. 1.1,1.5");
  }
  if (!(v > 0)) {
    throw std::invalid_argument("'" + whole + "': " + which + " = " + text +
                                " must be > 0 (a partial safety factor)");
  }
  return v;
}

}  // namespace

DesignFactors ParseDesignFactors(const std::string& text) {
  for (const DesignFactors& f : kNamedFactors) {
    if (text == f.name) return f;
  }
  const size_t comma = text.find(',');
  if (comma == std::string::npos) {
    throw std::invalid_argument("'" + text +
                                "': unknown factor set; expected uls-cc1 (1.1,1.5), uls-cc2 "
                                "(1.4,2.1), als (1.0,1.1) or GAMMA_MEAN,GAMMA_DYN");
  }
  DesignFactors f;
  f.name = text;
  f.gamma_mean = Factor(text, text.substr(0, comma), "gamma_mean");
  f.gamma_dyn = Factor(text, text.substr(comma + 1), "gamma_dyn");
  return f;
}

LineCheck CheckLine(double mean, double characteristic, double mbl, double strength_factor,
                    const DesignFactors& factors) {
  LineCheck c;
  c.mean = mean;
  c.characteristic = characteristic;
  c.dynamic = characteristic - mean;
  c.design = factors.gamma_mean * c.mean + factors.gamma_dyn * c.dynamic;
  c.strength = strength_factor * mbl;
  c.utilisation = c.design / c.strength;
  return c;
}

}  // namespace hawser
