// Response amplitude operators (RAOs) of a floating body: per wave frequency and heading, the
// amplitude and phase of each of its six responses (surge, sway, heave, roll, pitch, yaw) to a
// wave of unit amplitude. Body/FloatingBody reads force RAOs (wave excitation), Body/RAOVessel
// displacement RAOs (motion).
//
// Conventions (OrcaFlex's, so that its vessel-type data can be used as exported):
//   Heading beta: the direction the waves travel towards relative to the body's x axis (bow),
//     from +x towards +y, in degrees: 0 = following seas, 90 = waves from starboard travelling to
//     port (y to port, z up), 180 = head seas.
//   Phase epsilon: the LAG of the response behind the wave crest at the body's reference point,
//     in degrees. For a wave component eta = a cos(psi) at the reference point, with
//     psi = k (x cos theta + y sin theta) - omega t + phi, the response is
//       r(t) = a |RAO| cos(psi + epsilon) = Re(a H e^{i psi}),   H = |RAO| e^{i epsilon},
//     so a positive epsilon peaks epsilon / omega after the crest passes.
//   Units per metre of wave amplitude: translations and forces as given (m/m or N/m); rotations
//     in deg/m for displacement RAOs (OrcaFlex's default) and N*m/m for force RAOs; the caller
//     converts.
//
// File format (CSV, '#' starts a comment line, blank lines skipped, a first line that does not
// start with a number is a header): one row per (frequency, heading) with 14 columns
//   frequency, heading_deg, surge_amp, surge_phase_deg, sway_amp, sway_phase_deg, heave_amp,
//   heave_phase_deg, roll_amp, roll_phase_deg, pitch_amp, pitch_phase_deg, yaw_amp, yaw_phase_deg
// with the frequency in rad/s, Hz or as a period in s (FrequencyUnit). The rows must cover a
// full grid: every frequency at every heading, once, in any order.
//
// Interpolation: H (complex) linear in frequency and in heading (bilinear on the grid);
// interpolating the complex value, not amplitude and phase apart, keeps a phase wrap from
// 359 to 1 deg from passing through 180. Frequencies outside the table take the nearest end's
// values (held). Headings are periodic: beta is wrapped into [0, 360) and a heading between the
// last tabulated heading and the first + 360 interpolates between those two; a table with one
// heading applies at every heading.
#pragma once

#include <array>
#include <complex>
#include <span>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "hawser/ocean.h"
#include "simobjects/body/rao_sum_kernels.h"

namespace hawser {

enum class RaoFrequencyUnit { kRadPerSecond, kHertz, kPeriodSeconds };

/// A heading [deg] wrapped into [0, 360) (also for the drift tables).
double WrapHeading(double degrees);
/// Where heading `deg` falls among increasing `headings` in [0, 360): the value there is
/// (1 - u) at index `i` plus u at `next`; between the last and the first heading it wraps around
/// through 360 (also for the QTF table). One heading: i = next = 0.
struct HeadingStencil {
  size_t i = 0, next = 0;
  double u = 0.0;
};
HeadingStencil HeadingBracket(std::span<const double> headings, double deg);
/// A table's frequency column value in rad/s (also for the drift tables).
double ToRadPerSecond(double value, RaoFrequencyUnit unit);
/// ToRadPerSecond of a row's frequency column `value` (already checked > 0 and finite), refused
/// at `at` when omega is not finite: a period so short, or a frequency so high, that 2 pi / T or
/// 2 pi f overflows a double. `what` names the column ("RAO frequency", "WAMIT .3 period").
double RowRadPerSecond(double value, RaoFrequencyUnit unit, const SourceLocation& at,
                       const std::string& what);

class RaoTable {
 public:
  using Response = std::array<std::complex<double>, 6>;  ///< H of surge..yaw.

  /// Reads `path` (already resolved). Throws ScenarioError at `path:line` for a bad row, and at
  /// `where` (the parameter) for an unreadable file or a grid with gaps or repeats.
  /// The file must be a regular file of at most kMaxTableFileBytes and kMaxTableRows rows
  /// (hawser/text_file.h).
  static RaoTable Read(const std::string& path, RaoFrequencyUnit unit, const SourceLocation& where);
  /// The same from the file's text, already read (`path` for messages; the fuzzers call it).
  static RaoTable Parse(const std::string& text, const std::string& path, RaoFrequencyUnit unit,
                        const SourceLocation& where);
  /// From grid values: frequencies [rad/s] and headings [deg] strictly increasing, headings in
  /// [0, 360); values[f * headings.size() + h]. Throws std::invalid_argument otherwise.
  RaoTable(std::vector<double> frequencies, std::vector<double> headings,
           std::vector<Response> values);

  /// H at angular frequency omega [rad/s] and heading beta [deg] (any real; wrapped).
  Response At(double omega, double heading_deg) const;

  /// At(omega_k, direction_k - heading) [rad in, deg in the table] for every component k of
  /// `waves`, which must be the same components at every call (the ocean's, fixed for a run):
  /// their frequency interpolation is done at the first call and kept, the heading interpolation
  /// again only when `heading` [rad] changes. Equal to At() up to rounding (bilinear either
  /// way). The table keeps the result; one object (one thread) uses a table. Also each
  /// component's wave-number vector, for its phase.
  struct Components {
    std::vector<Response> h;     ///< H of each component at the heading.
    std::vector<double> kx, ky;  ///< k cos(direction), k sin(direction) [rad/m].
  };
  const Components& AtComponents(std::span<const WaveComponentInfo> waves, double heading) const;
  /// The same for the response sums (rao_sum_kernels.h, wave_response.h), in
  /// structure-of-arrays form: the components' constants, padded to a multiple of 4, and H at
  /// the two table headings around each one's relative heading with the weight between them,
  /// which the sums apply. A component's two rows are copied only when its bracket changes, so
  /// a turning body pays per call only the weights, not a heading interpolation of every H.
  rao_sum::Terms AtBrackets(std::span<const WaveComponentInfo> waves, double heading) const;

  const std::vector<double>& frequencies() const { return frequencies_; }
  const std::vector<double>& headings() const { return headings_; }

 private:
  const Response& Value(size_t f, size_t h) const { return values_[f * headings_.size() + h]; }
  /// Linear in heading at frequency row f.
  Response AtHeading(size_t f, double heading_deg) const;
  /// Linear in heading along `row`, one value per table heading.
  Response HeadingLerp(const Response* row, double heading_deg) const;

  /// AtComponents' results: per component, H at each table heading (frequency interpolated),
  /// and H at the last heading asked.
  struct ComponentCache {
    const WaveComponentInfo* waves = nullptr;
    size_t count = 0;
    std::vector<Response> by_heading;
    std::vector<double> directions;        ///< The distinct wave directions [rad].
    std::vector<size_t> direction_of;      ///< Each component's index into directions.
    std::vector<HeadingStencil> stencils;  ///< Each direction's bracket at the heading.
    double heading = 0.0;
    bool resolved = false;
    Components at_heading;
  };
  mutable ComponentCache cache_;
  /// Frequency interpolation of every component at every table heading, when `waves` are not
  /// those of cache_ (AtComponents, AtBrackets).
  void PrepareComponents(std::span<const WaveComponentInfo> waves) const;
  /// AtBrackets' arrays (rao_sum::Terms) and each component's bracket.
  struct BracketCache {
    const WaveComponentInfo* waves = nullptr;
    size_t count = 0, size = 0;
    std::vector<double> kx, ky, omega, phase, amplitude, lower, upper, weight;
    std::vector<HeadingStencil> stencils, bracket;  ///< Per direction, per component.
    double heading = 0.0;
    bool resolved = false;
  };
  mutable BracketCache brackets_;

  std::vector<double> frequencies_;  ///< [rad/s], increasing
  std::vector<double> headings_;     ///< [deg], increasing, in [0, 360)
  std::vector<Response> values_;
};

}  // namespace hawser
