// SolveAxialImplicitPart (cable_physics.h): (M + g C + b K)^-1 M on the free nodes'
// accelerations, with g = damping_h, b = stiffness_h2, C = D^T diag(c) D the segments' axial
// damping and K = D^T diag(k) D their axial stiffness dT/dl (slack ones too, not a broken
// one). By Woodbury's identity
//   (M + D^T G D)^-1 M d = d - M^-1 D^T (G^-1 + D M^-1 D^T)^-1 D d,   G = diag(g c + b k),
// where D M^-1 D^T is tridiagonal over the segments. Row j is scaled by gamma_j = g c_j + b k_j, so
// that a broken segment (gamma 0) is the row y_j = 0. The ends are held (their
// accelerations are given): M^-1 is zero there. The coefficients are formed in passes that
// vectorise; the tridiagonal system is solved from both ends at once (a twisted
// factorisation) by chains of multiply-adds, the divisions in a vector pass (SolveTwisted).
#include <cmath>
#include <span>

#include "simobjects/cable/cable_lanes.h"
#include "simobjects/cable/cable_pass.h"
#include "simobjects/cable/cable_physics.h"

namespace hawser {
namespace {

/// The solve's arrays, carved from CableWorkspace::damping_solve: per node (0..n) d and the
/// inverse masses (zero at the held ends); per segment (0..n-1) the rows and the unknowns.
struct DampingArrays {
  double *dx, *dy, *dz, *rate_x, *rate_y, *rate_z;  // nodes
  const double *along, *across;                     // nodes, CableWorkspace::inverse_masses
  double *ex, *ey, *ez, *qa, *qb, *gamma, *diagonal, *coupling, *rhs, *y, *pivot, *stiffness,
      *product, *before, *continuant, *back;  // segments
  static constexpr int kNodeArrays = 6, kSegmentArrays = 16;
  DampingArrays(std::vector<double>& buffer, const std::vector<double>& inverse_masses, int n)
      : along(inverse_masses.data()), across(inverse_masses.data() + n + 1) {
    const auto nodes = static_cast<size_t>(n) + 1, segments = static_cast<size_t>(n);
    buffer.resize(kNodeArrays * nodes + kSegmentArrays * segments);
    double* b = buffer.data();
    for (double** a : {&dx, &dy, &dz, &rate_x, &rate_y, &rate_z}) *a = b, b += nodes;
    for (double** a : {&ex, &ey, &ez, &qa, &qb, &gamma, &diagonal, &coupling, &rhs, &y, &pivot,
                       &stiffness, &product, &before, &continuant, &back})
      *a = b, b += segments;
  }
};

/// Per segment j: unit vector e_j, q_j . e_j and q_j+1 . e_j, gamma_j = g c_j + b k_j (k_j =
/// dT/dl, TangentStiffness), the scaled diagonal
/// 1 + gamma_j e_j^T (W_j + W_j+1) e_j and the scaled right side gamma_j e_j . (d_j+1 - d_j),
/// with W_i = across_i I + (along_i - across_i) q_i q_i^T.
HAWSER_CABLE_PASS void Rows(const Lanes& l, const double* inverse_length, const double* damping,
                            const double* stiffness, double damping_h, double stiffness_h2, int n,
                            const DampingArrays& s) {
  const NodeArrays q = l.chord, seg = l.segment;
  const double *dx = s.dx, *dy = s.dy, *dz = s.dz, *along = s.along, *across = s.across;
  double *ex = s.ex, *ey = s.ey, *ez = s.ez, *qa = s.qa, *qb = s.qb, *gamma = s.gamma;
  double *diagonal = s.diagonal, *rhs = s.rhs;
  HAWSER_INDEPENDENT_ITERATIONS
  for (int j = 0; j < n; ++j) {
    const double x = seg.x[j] * inverse_length[j], y = seg.y[j] * inverse_length[j],
                 z = seg.z[j] * inverse_length[j];
    ex[j] = x;
    ey[j] = y;
    ez[j] = z;
    const double first = q.x[j] * x + q.y[j] * y + q.z[j] * z;
    const double second = q.x[j + 1] * x + q.y[j + 1] * y + q.z[j + 1] * z;
    qa[j] = first;
    qb[j] = second;
    const double g = damping_h * damping[j] + stiffness_h2 * stiffness[j];
    gamma[j] = g;
    const double w = across[j] + (along[j] - across[j]) * first * first + across[j + 1] +
                     (along[j + 1] - across[j + 1]) * second * second;
    diagonal[j] = 1.0 + g * w;
    rhs[j] = g * (x * (dx[j + 1] - dx[j]) + y * (dy[j + 1] - dy[j]) + z * (dz[j + 1] - dz[j]));
  }
}

/// The segments' axial stiffness dT/dl into s.stiffness: k, or on a segment with a
/// tension-strain table its slope dT_el/deps / l0 at the strain of `length` (as
/// CableStateJacobian takes it).
const double* TangentStiffness(const CableProperties& p, const double* length,
                               const DampingArrays& s) {
  if (p.tension_tables.empty()) return p.axial_stiffness.data();
  for (int j = 0; j < p.elements; ++j) {
    const auto i = static_cast<size_t>(j);
    const TensionStrainTable* table = p.tension_tables[i];
    double slope = 0.0;
    if (table != nullptr)
      table->Tension((length[j] - p.segment_length[i]) / p.segment_length[i], &slope);
    s.stiffness[j] = table != nullptr ? slope / p.segment_length[i] : p.axial_stiffness[i];
  }
  return s.stiffness;
}

/// The first segment that is slack (l <= l0) while the step is past its axial mode's explicit
/// limit, h^2 k (1 / m_j + 1 / m_j+1) >= 2 (h w >= sqrt(2) for w^2 = k (1 / m_j + 1 / m_j+1),
/// with h = 2 damping_h), when the stiffness is implicit at all (stiffness_h2 > 0), or -1. Its snap
/// taut within such a step is a kink the linearised implicit step cannot follow: bounded but wrong
/// tensions (measured: 213 % off at h w = 2.2 on a line that snaps every second).
SlackSegment SlackBeyondExplicitLimit(const CableProperties& p, const double* inverse_length,
                                      const double* stiffness, double damping_h,
                                      double stiffness_h2, const DampingArrays& s) {
  if (!(stiffness_h2 > 0.0)) return {};
  for (int j = 0; j < p.elements; ++j) {
    const bool slack = p.segment_length[static_cast<size_t>(j)] * inverse_length[j] >= 1.0;
    const double w2 = stiffness[j] * (s.along[j] + s.along[j + 1]);
    if (slack && !SegmentBroken(p, j) && 4.0 * damping_h * damping_h * w2 >= 2.0)
      return {j, std::sqrt(2.0 / w2)};
  }
  return {};
}

/// coupling_j = G_j,j+1 = -e_j^T W_j+1 e_j+1 (node j + 1 shared by segments j and j + 1).
HAWSER_CABLE_PASS void Couplings(int n, const DampingArrays& s) {
  const double *ex = s.ex, *ey = s.ey, *ez = s.ez, *qa = s.qa, *qb = s.qb;
  const double *along = s.along, *across = s.across;
  double* coupling = s.coupling;
  HAWSER_INDEPENDENT_ITERATIONS
  for (int j = 0; j + 1 < n; ++j) {
    const double ee = ex[j] * ex[j + 1] + ey[j] * ey[j + 1] + ez[j] * ez[j + 1];
    coupling[j] = -(across[j + 1] * ee + (along[j + 1] - across[j + 1]) * qb[j] * qa[j + 1]);
  }
}

/// One direction of SolveTwisted's elimination: per row, theta_j = diagonal theta_j-1 - product
/// theta_j-2 and s_j = rhs theta_j-1 - lower s_j-1 (s_j replaces rhs; theta_j-1 and theta_j go
/// to before and continuant), rescaled by 2^-512 past 2^512.
struct Elimination {
  double theta = 1.0, theta_before = 0.0, s = 0.0;  // theta_j-1, theta_j-2, s_j-1.
  [[gnu::always_inline]] void Row(double diagonal, double product, double lower, double& rhs,
                                  double& before, double& continuant) {
    const double next = diagonal * theta - product * theta_before;
    s = rhs * theta - lower * s;
    rhs = s;
    before = theta;
    continuant = next;
    theta_before = theta;
    theta = next;
    if (theta > 0x1p512) theta *= 0x1p-512, theta_before *= 0x1p-512, s *= 0x1p-512;
  }
};

/// Solves the scaled rows lower_j y_j-1 + diagonal_j y_j + upper_j y_j+1 = rhs_j (lower_j =
/// gamma_j coupling_j-1, upper_j = gamma_j coupling_j) by eliminating from the top down to row
/// m and from the bottom up to it (twisted), without a division on any chain. From the top,
/// the pivots are p_j = theta_j / theta_j-1 with the continuants theta_j = diagonal_j
/// theta_j-1 - P_j theta_j-2, P_j = lower_j upper_j-1, and the eliminated right side r'_j =
/// rhs_j - lower_j r'_j-1 / p_j-1 is s_j / theta_j-1 with s_j = rhs_j theta_j-1 - lower_j s_j-1:
/// four chains of multiply-adds (theta and s from each end) in one loop, then the divisions in
/// a pass that vectorises. The pivots are >= 1 (Schur complements of I + G^1/2 D M^-1 D^T
/// G^1/2, whose eigenvalues are >= 1), so theta only grows: theta and s are rescaled by 2^-512
/// past 2^512.
HAWSER_CABLE_PASS void SolveTwisted(int n, const DampingArrays& s) {
  const double *gamma = s.gamma, *coupling = s.coupling, *diagonal = s.diagonal;
  double *rhs = s.rhs, *y = s.y, *product = s.product, *before = s.before;
  double *continuant = s.continuant, *pivot = s.pivot, *back = s.back;
  const int m = n / 2;
  HAWSER_INDEPENDENT_ITERATIONS
  for (int j = 1; j < n; ++j)
    product[j] = gamma[j] * gamma[j - 1] * coupling[j - 1] * coupling[j - 1];
  // The two eliminations, each with theta_j-1, theta_j-2 and s_j-1 in registers.
  Elimination top, bottom;
  for (int t = 0, b = n - 1; t < m || b > m; ++t, --b) {
    if (t < m) {
      top.Row(diagonal[t], t > 0 ? product[t] : 0.0, t > 0 ? gamma[t] * coupling[t - 1] : 0.0,
              rhs[t], before[t], continuant[t]);
    }
    if (b > m) {
      bottom.Row(diagonal[b], b + 1 < n ? product[b + 1] : 0.0,
                 b + 1 < n ? gamma[b] * coupling[b] : 0.0, rhs[b], before[b], continuant[b]);
    }
  }
  before[m] = 0.0;  // Row m is eliminated from both sides below.
  continuant[m] = 1.0;
  // 1 / p_j = theta_j-1 / theta_j, r'_j / p_j = s_j / theta_j, and back_j = upper_j / p_j
  // above m, lower_j / p_j below.
  HAWSER_INDEPENDENT_ITERATIONS
  for (int j = 0; j < n; ++j) {
    const double inverse = 1.0 / continuant[j];
    pivot[j] = before[j] * inverse;
    rhs[j] *= inverse;
    back[j] = gamma[j] * (j < m ? coupling[j] : j > m ? coupling[j - 1] : 0.0) * pivot[j];
  }
  // Row m: rhs_m and diagonal_m less lower_m / p_m-1 times row m - 1 and upper_m / p_m+1
  // times row m + 1 (their r' / p is rhs above).
  double pm = diagonal[m], rm = rhs[m];  // rhs_m itself (theta 1 at m above).
  if (m > 0) {
    const double lower = gamma[m] * coupling[m - 1];
    pm -= lower * pivot[m - 1] * gamma[m - 1] * coupling[m - 1];
    rm -= lower * rhs[m - 1];
  }
  if (m + 1 < n) {
    const double upper = gamma[m] * coupling[m];
    pm -= upper * pivot[m + 1] * gamma[m + 1] * coupling[m];
    rm -= upper * rhs[m + 1];
  }
  // Back: y_j = r'_j / p_j - back_j y_j+1 above m, y_j-1 below.
  double above = rm / pm, below = above;
  y[m] = above;
  for (int t = m - 1, b = m + 1; t >= 0 || b < n; --t, ++b) {
    if (t >= 0) y[t] = above = rhs[t] - back[t] * above;
    if (b < n) y[b] = below = rhs[b] - back[b] * below;
  }
}

/// d_i -= W_i (D^T y)_i for the free nodes, (D^T y)_i = y_i-1 e_i-1 - y_i e_i.
HAWSER_CABLE_PASS void Correct(const Lanes& l, int n, const DampingArrays& s) {
  const NodeArrays q = l.chord;
  const double *ex = s.ex, *ey = s.ey, *ez = s.ez, *y = s.y, *along = s.along, *across = s.across;
  double *dx = s.dx, *dy = s.dy, *dz = s.dz;
  HAWSER_INDEPENDENT_ITERATIONS
  for (int i = 1; i < n; ++i) {
    const double fx = y[i - 1] * ex[i - 1] - y[i] * ex[i];
    const double fy = y[i - 1] * ey[i - 1] - y[i] * ey[i];
    const double fz = y[i - 1] * ez[i - 1] - y[i] * ez[i];
    const double qf = (along[i] - across[i]) * (q.x[i] * fx + q.y[i] * fy + q.z[i] * fz);
    dx[i] -= across[i] * fx + qf * q.x[i];
    dy[i] -= across[i] * fy + qf * q.y[i];
    dz[i] -= across[i] * fz + qf * q.z[i];
  }
}

}  // namespace

SlackSegment SolveAxialImplicitPart(const CableProperties& p, CableWorkspace& work,
                                    double damping_h, double stiffness_h2,
                                    std::span<double> derivative) {
  const int n = p.elements, free_nodes = n - 1;
  if (free_nodes <= 0 || !(damping_h > 0.0 || stiffness_h2 > 0.0)) return {};
  const auto nodes = static_cast<size_t>(n) + 1;
  const Lanes l(work, nodes);
  const DampingArrays s(work.damping_solve, work.inverse_masses, n);
  // The derivative's accelerations into d's arrays (node 0 and n held: 0), its position rates
  // into scratch arrays, from which they are packed back unchanged.
  const NodeArrays d{s.dx, s.dy, s.dz}, rates{s.rate_x, s.rate_y, s.rate_z};
  s.dx[0] = s.dy[0] = s.dz[0] = s.dx[n] = s.dy[n] = s.dz[n] = 0.0;
  UnpackStates(derivative, free_nodes, From(rates, 1), From(d, 1));
  const double* stiffness = stiffness_h2 > 0.0 ? TangentStiffness(p, work.roots.data() + nodes, s)
                                               : p.axial_stiffness.data();
  // Every segment but a broken one, slack or taut: a stretched segment whose tension the
  // damping clips to 0 for a moment keeps its stiffness implicit (taken explicitly, the
  // reference line's snap at N = 200 went 47 % off at 0.0017 s), and a slack one is followed
  // up to SlackBeyondExplicitLimit's step. On a slack segment the solve only filters the change
  // of its nodes' relative acceleration over the step, an O(h) change of an O(h) quantity.
  Rows(l, work.reciprocals.data() + nodes, p.axial_damping.data(), stiffness, damping_h,
       stiffness_h2, n, s);
  for (const int b : p.broken_segments) {  // No tension, so no row: y_b = 0.
    s.gamma[b] = s.rhs[b] = 0.0;
    s.diagonal[b] = 1.0;
  }
  Couplings(n, s);
  SolveTwisted(n, s);
  Correct(l, n, s);
  PackStates(From(rates, 1), From(d, 1), free_nodes, derivative.data());
  return SlackBeyondExplicitLimit(p, work.reciprocals.data() + nodes, stiffness, damping_h,
                                  stiffness_h2, s);
}

}  // namespace hawser
