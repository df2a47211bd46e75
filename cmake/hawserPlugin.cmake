# hawser_add_plugin(NAME SOURCES...): a SimObject library that <Lib LibName="NAME"> loads. Builds
# libNAME.so (a MODULE library linked to hawser::simobject_api) and installs it into
# <prefix>/lib/hawser, where hawser looks after --plugin-path, HAWSER_PLUGIN_PATH and the
# scenario's folder.
function(hawser_add_plugin name)
  add_library(${name} MODULE ${ARGN})
  target_link_libraries(${name} PRIVATE hawser::simobject_api)
  install(TARGETS ${name} LIBRARY DESTINATION lib/hawser)
endfunction()
