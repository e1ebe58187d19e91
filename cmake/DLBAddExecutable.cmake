# dlb_add_executable(<target> <source>...): an executable built from C++
# sources annotated with '#pragma dlb'. At build time dlbcc translates each
# source into <target>.dlb/<name>.dlb.cpp in the current binary directory,
# and again whenever the source or a header it includes changes (dlbcc -MD).
# dlbcc gets the target's compile definitions, include directories and C++
# standard, as the compiler does, so both see the same program (set -D
# flags with target_compile_definitions or add_compile_definitions, not
# with compile options). The target links DLB::dlb.

# DEPFILE as the Ninja generators should read it (CMP0116).
cmake_policy(VERSION 3.20...3.28)

function(dlb_add_executable target)
  set(defines "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(standard "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  set(flags
    "$<$<BOOL:${defines}>:-D$<JOIN:${defines},$<SEMICOLON>-D>>"
    "$<$<BOOL:${includes}>:-I$<JOIN:${includes},$<SEMICOLON>-I>>"
    "$<$<BOOL:${standard}>:-std=c++${standard}>")
  set(emitted_dir "${CMAKE_CURRENT_BINARY_DIR}/${target}.dlb")
  file(MAKE_DIRECTORY "${emitted_dir}")
  set(emitted_files)
  foreach(source IN LISTS ARGN)
    get_filename_component(path "${source}" ABSOLUTE)
    get_filename_component(dir "${path}" DIRECTORY)
    get_filename_component(name "${path}" NAME_WLE)
    set(emitted "${emitted_dir}/${name}.dlb.cpp")
    add_custom_command(OUTPUT "${emitted}"
      COMMAND DLB::dlbcc "${path}" ${flags} -MD -o "${emitted}"
      DEPENDS "${path}" DLB::dlbcc
      DEPFILE "${emitted_dir}/${name}.dlb.d"
      COMMENT "Translating ${source} with dlbcc"
      COMMAND_EXPAND_LISTS VERBATIM)
    # The emitted file includes the source's own headers ("x.h") from the
    # source's directory.
    set_source_files_properties("${emitted}" PROPERTIES
      COMPILE_OPTIONS "-iquote${dir}")
    list(APPEND emitted_files "${emitted}")
  endforeach()
  add_executable(${target} ${emitted_files})
  target_link_libraries(${target} PRIVATE DLB::dlb)
endfunction()
