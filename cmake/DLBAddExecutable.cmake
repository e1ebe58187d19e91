# dlb_add_executable(<target> [OPENMP] <source>...): an executable built
# from C++ and C sources annotated with '#pragma dlb' (with OPENMP, also
# those with OpenMP's loop pragmas: dlbcc --openmp, docs/openmp.md). At build time dlbcc translates
# each source into <target>.dlb/<name>.dlb.cpp in the current binary
# directory, and again whenever the source, a header it includes or another
# source of the target changes (dlbcc -MD; dlbcc reads the other sources for
# the functions the loops call). dlbcc gets the target's compile definitions, include
# directories and standard (CXX_STANDARD for a C++ source, C_STANDARD and
# C_EXTENSIONS for a C one), as the compiler does, so both see the same
# program (set -D flags with target_compile_definitions or
# add_compile_definitions, not with compile options). The target links
# DLB::dlb.
#
# A C source with no dlb pragma that does not define main needs no
# translation: it stays an ordinary C source of the target, compiled by the
# C compiler (the project must enable C: project(<name> LANGUAGES C CXX)).
# The C++ that dlbcc emits for the other C sources gives the program's
# functions and globals C linkage, so the program's headers need no
# extern "C". Which C sources need dlbcc is decided when CMake configures,
# and again whenever one of the untranslated ones changes (dlbcxx uses the
# same rule).

# DEPFILE as the Ninja generators should read it (CMP0116).
cmake_policy(VERSION 3.20...3.28)

# Sets <out> to whether dlbcc must translate <source>: a C++ source always;
# a C source if it has a dlb pragma (#pragma dlb, _Pragma("dlb ...")), an
# OpenMP pragma with <openmp>, or defines main, which the runtime's main
# takes the place of.
function(_dlb_needs_dlbcc out source openmp)
  get_filename_component(ext "${source}" LAST_EXT)
  set(needs TRUE)
  if(ext STREQUAL ".c")
    file(READ "${source}" text)
    string(REGEX MATCH
      "#[ \t]*pragma[ \t]+dlb([^A-Za-z0-9_]|$)|_Pragma[ \t]*\\([ \t]*\"[ \t]*dlb([^A-Za-z0-9_]|$)|(^|[^A-Za-z0-9_])main[ \t\r\n]*\\("
      needs "${text}")
    if(openmp AND NOT needs)
      string(REGEX MATCH "#[ \t]*pragma[ \t]+omp([^A-Za-z0-9_]|$)" needs
        "${text}")
    endif()
  endif()
  if(needs)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

function(dlb_add_executable target)
  cmake_parse_arguments(PARSE_ARGV 1 DLB "OPENMP" "" "")
  set(openmp_flag)
  if(DLB_OPENMP)
    set(openmp_flag --openmp)
  endif()
  set(defines "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(cxx_standard "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  set(c_standard "$<TARGET_PROPERTY:${target},C_STANDARD>")
  # As CMake's C flags: gnu99, ... unless C_EXTENSIONS is false.
  set(c_extensions "$<TARGET_PROPERTY:${target},C_EXTENSIONS>")
  set(c_dialect "$<IF:$<OR:$<BOOL:${c_extensions}>,$<STREQUAL:${c_extensions},>>,gnu,c>")
  set(flags
    "$<$<BOOL:${defines}>:-D$<JOIN:${defines},$<SEMICOLON>-D>>"
    "$<$<BOOL:${includes}>:-I$<JOIN:${includes},$<SEMICOLON>-I>>")
  set(cxx_flags "$<$<BOOL:${cxx_standard}>:-std=c++${cxx_standard}>")
  set(c_flags "$<$<BOOL:${c_standard}>:-std=${c_dialect}${c_standard}>")
  set(emitted_dir "${CMAKE_CURRENT_BINARY_DIR}/${target}.dlb")
  file(MAKE_DIRECTORY "${emitted_dir}")
  set(target_sources)
  # dlbcc reads each source's siblings for the functions its loops call.
  set(all_paths)
  foreach(source IN LISTS DLB_UNPARSED_ARGUMENTS)
    get_filename_component(path "${source}" ABSOLUTE)
    list(APPEND all_paths "${path}")
  endforeach()
  foreach(source IN LISTS DLB_UNPARSED_ARGUMENTS)
    get_filename_component(path "${source}" ABSOLUTE)
    get_filename_component(dir "${path}" DIRECTORY)
    get_filename_component(name "${path}" NAME_WLE)
    get_filename_component(ext "${path}" LAST_EXT)
    _dlb_needs_dlbcc(translate "${path}" "${DLB_OPENMP}")
    if(NOT translate)
      get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
      if(NOT "C" IN_LIST languages)
        message(FATAL_ERROR "dlb_add_executable(${target}): ${source} is a "
          "C source without '#pragma dlb', compiled as C: enable C in the "
          "project (project(<name> LANGUAGES C CXX))")
      endif()
      # Read again when it changes: a pragma added later is translated.
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${path}")
      list(APPEND target_sources "${path}")
      continue()
    endif()
    set(standard_flags "${cxx_flags}")
    if(ext STREQUAL ".c")
      set(standard_flags "${c_flags}")
    endif()
    set(emitted "${emitted_dir}/${name}.dlb.cpp")
    set(others ${all_paths})
    list(REMOVE_ITEM others "${path}")
    add_custom_command(OUTPUT "${emitted}"
      COMMAND DLB::dlbcc ${openmp_flag} "${path}" ${others} ${flags}
              ${standard_flags} -MD -o "${emitted}"
      DEPENDS "${path}" ${others} DLB::dlbcc
      DEPFILE "${emitted_dir}/${name}.dlb.d"
      COMMENT "Translating ${source} with dlbcc"
      COMMAND_EXPAND_LISTS VERBATIM)
    # The emitted file includes the source's own headers ("x.h") from the
    # source's directory.
    set_source_files_properties("${emitted}" PROPERTIES
      COMPILE_OPTIONS "-iquote${dir}")
    list(APPEND target_sources "${emitted}")
  endforeach()
  add_executable(${target} ${target_sources})
  target_link_libraries(${target} PRIVATE DLB::dlb)
  if(DLB_OPENMP)
    # Every <omp.h> of the program, in its C sources left as C too, is
    # OpenMP's API of one thread (dlbcc --cflags --openmp).
    get_target_property(dlb_includes DLB::dlb INTERFACE_INCLUDE_DIRECTORIES)
    list(GET dlb_includes 0 dlb_include)
    target_include_directories(${target} SYSTEM BEFORE PRIVATE
      "${dlb_include}/dlb/openmp")
  endif()
endfunction()
