// The page's assets, compiled in (runtime/CMakeLists.txt generates view_assets.cpp from
// runtime/view/page/ and Debian's libjs-three), so that hawser needs no file at run time.
#pragma once

namespace hawser::view {

extern const char* const kViewPageTemplate;  ///< page/view.html: @THREE_JS@, @DATA@, @VIEW_JS@.
extern const char* const kViewScript;        ///< page/view.js.
extern const char* const kThreeJs;           ///< three.min.js r111.

}  // namespace hawser::view
