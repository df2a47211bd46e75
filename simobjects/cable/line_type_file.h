// Line types from a CSV file shared by scenarios (Cable/Line's LineTypes;
// docs/cables-and-mooring.md, "Lines of several sections"), and a line's sections (Cable/Line's
// Sections).
//
// The file: a header row naming the columns, then one line type per row; `#` lines are
// comments. Columns (any order, names as below, case-sensitive):
//   Name                 required, unique
//   Diameter             required, hydrodynamic diameter d [m] (drag), >= 0
//   VolumetricDiameter   optional, d_v [m] (displaced area pi d_v^2 / 4); default Diameter
//   MassPerLength        required, in air [kg/m], > 0
//   EA                   required, axial stiffness [N], > 0
//   MBL                  required, minimum breaking load [N], > 0
//   Cdn, Cdt, Can        optional, default 1.2, 0.008, 1.0 (as Cable/Cable), >= 0
//   EI                   optional, bending stiffness [N m^2], >= 0, default 0 (cable_bending.h)
//   TensionStrain        optional, a fibre rope's table "STRAIN:TENSION STRAIN:TENSION ..."
//                        (strain [-], tension [N]; both strictly increasing from (0, 0), which is
//                        implied): the elastic tension in place of EA strain (cable_physics.h);
//                        empty: EA
// An error names the file, the row's line, the column and the value.
#pragma once

#include <string>
#include <vector>

#include "hawser/declarations.h"
#include "hawser/errors.h"
#include "simobjects/cable/line_type.h"

namespace hawser {

/// The line types of the CSV text of file `path`.
std::vector<LineType> ParseLineTypes(const std::string& text, const std::string& path);

/// The property names: Name, then the numeric columns above, then TensionStrain.
const std::vector<std::string>& LineTypePropertyNames();
/// Whether a line type must give property `name`.
bool IsRequiredLineTypeProperty(const std::string& name);
/// Sets property `name` (not Name) of `t` from `text`, checked as above; `what` names it in
/// messages at `where`. Returns false when `name` is no property.
bool SetLineTypeProperty(LineType* t, const std::string& name, const std::string& text,
                         const SourceLocation& where, const std::string& what);

/// The line types of the scenario's <LINETYPES> section (hawser/declarations.h): attributes named
/// as the columns above. Throws ScenarioError at the element or attribute at fault.
std::vector<LineType> LineTypesFromDecls(const std::vector<LineTypeDecl>& decls);

/// One section of a line: `count` segments of a line type over an unstretched length.
struct LineSection {
  int type = 0;  ///< Index into the line types.
  double length = 0.0;
  int segments = 0;
};

/// Sections "TYPE LENGTH SEGMENTS; TYPE LENGTH SEGMENTS; ..." from end A (spaces or commas
/// between the three), each type one of `types`, length > 0, 1 <= segments; at most
/// `max_segments` in all. Throws ScenarioError at `where` naming the section and the value.
std::vector<LineSection> ParseSections(const std::string& text, const std::vector<LineType>& types,
                                       const SourceLocation& where, long max_segments);

/// A point at a section boundary (a clump weight or a buoy): lumped onto that node.
struct InLinePoint {
  int boundary = 0;         ///< After section `boundary` (1 .. sections - 1).
  double mass = 0.0;        ///< [kg], >= 0.
  double volume = 0.0;      ///< Displaced volume [m^3], >= 0.
  double drag_area = 0.0;   ///< Cd A [m^2], >= 0: drag 1/2 rho CdA |u| u.
  double added_mass = 0.0;  ///< Ca [-], >= 0: added mass rho Ca V.
  double height = 0.0;      ///< > 0: a buoy that may pierce the surface (cable_surface_point.h).
};

/// Points "BOUNDARY MASS VOLUME [CDA [CA [HEIGHT]]]; ..." (CdA, Ca and HEIGHT default 0), each at
/// an internal section boundary of `sections` sections. Throws ScenarioError at `where` naming the
/// point and the value.
std::vector<InLinePoint> ParsePoints(const std::string& text, int sections,
                                     const SourceLocation& where);

}  // namespace hawser
