// The design tension of a mooring line and its utilisation, by DNV-OS-E301 (2010) Ch.2 Sec.2
// (the partial safety factor method, Tables B1 and B2):
//
//   T_c,mean = the mean line tension over the record(s)
//   T_c,dyn  = T_c,max - T_c,mean     T_c,max the characteristic maximum: the most probable
//                                     maximum (one record) or the mode of a Gumbel fit of
//                                     several seeds' maxima (extremes.h)
//   T_d      = gamma_mean T_c,mean + gamma_dyn T_c,dyn
//   S_C      = f MBL                  the characteristic strength; f = 0.95 for a chain segment
//                                     when the test statistics of its breaking strength are not
//                                     known (DNV-OS-E301 Ch.2 Sec.2 B300)
//   u        = T_d / S_C              the check passes for u <= 1
//
// The factors (gamma_mean, gamma_dyn): ULS consequence class 1 (1.1, 1.5), class 2 (1.4, 2.1)
// (Table B1, the intact system with dynamic analysis); ALS, one line broken (1.0, 1.1) (Table B2,
// either class).
#pragma once

#include <string>

namespace hawser {

/// A pair of partial safety factors and the name they were chosen by.
struct DesignFactors {
  std::string name;  ///< "uls-cc1", "uls-cc2", "als", or the numbers as given.
  double gamma_mean = 0;
  double gamma_dyn = 0;
};

/// The characteristic strength S_C of a line whose breaking-strength statistics are not known:
/// 0.95 MBL (DNV-OS-E301 (2010) Ch.2 Sec.2 B300).
inline constexpr double kDefaultStrengthFactor = 0.95;

/// `text` as factors: "uls-cc1", "uls-cc2", "als", or "GAMMA_MEAN,GAMMA_DYN" (both finite and
/// > 0). Throws std::invalid_argument saying what is wrong and what is expected.
DesignFactors ParseDesignFactors(const std::string& text);

struct LineCheck {
  double mean = 0;            ///< T_c,mean [N]
  double characteristic = 0;  ///< T_c,max [N]
  double dynamic = 0;         ///< T_c,dyn = T_c,max - T_c,mean [N]
  double design = 0;          ///< T_d [N]
  double strength = 0;        ///< S_C = f MBL [N]
  double utilisation = 0;     ///< T_d / S_C
  bool pass() const { return utilisation <= 1.0; }
};

/// The check of a line with characteristic mean and maximum tension `mean`, `characteristic`
/// [N], breaking load `mbl` [N] and strength factor `strength_factor` (S_C = f MBL).
LineCheck CheckLine(double mean, double characteristic, double mbl, double strength_factor,
                    const DesignFactors& factors);

}  // namespace hawser
