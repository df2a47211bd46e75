// Wind or current load coefficients of a hull per relative flow heading (OCIMF-style, "Mooring
// equipment guidelines" and "Prediction of wind and current loads on VLCCs"), in the heading
// frame (x to the bow, y to port, z up):
//   F_x = 1/2 rho V^2 C_x(beta),  F_y = 1/2 rho V^2 C_y(beta),  M_z = 1/2 rho V^2 C_mz(beta)
// with V the relative flow speed and beta the direction the relative flow travels TOWARDS,
// relative to the bow, from +x towards +y [deg] (the waves' heading convention, rao_table.h;
// OCIMF's angle, that the flow comes FROM with 0 = from ahead, is beta - 180). The coefficients
// here carry their reference area (and length): C_x, C_y in m^2, C_mz in m^3, i.e. OCIMF's
// non-dimensional coefficient times A_T, A_L (and L_BP for the moment).
//
// File format (CSV, '#' comments, blank lines skipped, a first line that does not start with a
// number is a header): rows "heading_deg, Cx, Cy, Cmz", headings distinct after wrapping into
// [0, 360), any order; linear in heading, periodic (a single row applies at every heading).
// Alternatively from areas and a drag coefficient (a hull as two flat projections):
//   C_x = Cd A_x cos(beta) |cos(beta)|,  C_y = Cd A_y sin(beta) |sin(beta)|,  C_mz = 0,
// so that F_x = 1/2 rho Cd A_x u_x |u_x| and F_y = 1/2 rho Cd A_y u_y |u_y|.
#pragma once

#include <Eigen/Core>
#include <optional>
#include <string>

#include "hawser/errors.h"
#include "simobjects/body/rao_table.h"

namespace hawser {

class FlowCoefficients {
 public:
  /// Parses the file `text` (`path` for messages): errors at path:line for a bad row, at
  /// `where` for a file without rows.
  static FlowCoefficients Parse(const std::string& text, const std::string& path,
                                const SourceLocation& where);
  /// From the drag coefficient and the frontal (x) and lateral (y) areas [m^2].
  static FlowCoefficients FromAreas(double cd, double area_x, double area_y);

  /// (C_x, C_y, C_mz) at heading beta [deg] (any real; wrapped).
  Eigen::Vector3d At(double heading_deg) const;

 private:
  std::optional<RaoTable> table_;  ///< One frequency; values C_x, C_y, 0, 0, 0, C_mz.
  double cd_ax_ = 0.0, cd_ay_ = 0.0;
};

}  // namespace hawser
