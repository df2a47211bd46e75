// The portable build of the RAO response sums and the choice between the builds
// (rao_sum_kernels.h).
#include <cstddef>
#include <span>
#include <vector>

#include "simobjects/body/rao_sum_kernels.h"
#include "simobjects/environment/vector_math.h"

namespace hawser::rao_sum {

void SumsPortable(const Terms& terms, double t, double x, double y, double* value, double* rate,
                  double* cosine, double* sine) {
  const std::size_t n = terms.size;
  for (std::size_t k = 0; k < n; ++k) {
    cosine[k] = terms.kx[k] * x + terms.ky[k] * y - terms.omega[k] * t + terms.phase[k];
  }
  vector_math::SinCos(std::span<const double>(cosine, n), std::span<double>(cosine, n),
                      std::span<double>(sine, n));
  double v[6] = {}, r[6] = {};
  const double *lower = terms.lower, *upper = terms.upper;
  for (std::size_t k = 0; k < n; ++k) {
    // H a e^(i psi) = (h_r + i h_i)(a cos psi + i a sin psi): the value is its real part, the
    // rate omega times its imaginary part.
    const double ac = terms.amplitude[k] * cosine[k], as = terms.amplitude[k] * sine[k];
    const double u = terms.weight[k], omega = terms.omega[k];
    for (std::size_t j = 0; j < 6; ++j) {
      const std::size_t re = j * n + k, im = (6 + j) * n + k;
      const double hr = lower[re] + u * (upper[re] - lower[re]);
      const double hi = lower[im] + u * (upper[im] - lower[im]);
      v[j] += hr * ac - hi * as;
      r[j] += omega * (hr * as + hi * ac);
    }
  }
  for (int j = 0; j < 6; ++j) value[j] = v[j];
  if (rate != nullptr) {
    for (int j = 0; j < 6; ++j) rate[j] = r[j];
  }
}

void Sums(const Terms& terms, double t, double x, double y, double* value, double* rate) {
  if (vector_math::UsesAvx2()) {
    SumsAvx2(terms, t, x, y, value, rate);
    return;
  }
  thread_local std::vector<double> scratch;  // Per thread, grown once.
  if (scratch.size() < 2 * terms.size) scratch.resize(2 * terms.size);
  SumsPortable(terms, t, x, y, value, rate, scratch.data(), scratch.data() + terms.size);
}

}  // namespace hawser::rao_sum
