#include "simobjects/body/wave_response.h"

#include "simobjects/body/rao_sum_kernels.h"

namespace hawser {

WaveResponse RaoResponse(const RaoTable& table, const Ocean& ocean, double t, double x, double y,
                         double heading, bool with_rate) {
  WaveResponse r;
  double ramp_rate = 0.0;
  const double ramp = ocean.WaveRamp(t, &ramp_rate);
  if (ramp == 0.0) return r;
  // H of every component at the table headings around its relative heading, resolved by the
  // table (rao_table.h); the sums interpolate between them (rao_sum_kernels.h).
  const rao_sum::Terms terms = table.AtBrackets(ocean.WaveComponents(), heading);
  double value[6] = {}, rate[6] = {};
  rao_sum::Sums(terms, t, x, y, value, with_rate ? rate : nullptr);
  const Eigen::Map<const Vector6d> v(value), dv(rate);
  if (with_rate) r.rate = ramp * dv + ramp_rate * v;
  r.value = ramp * v;
  return r;
}

}  // namespace hawser
