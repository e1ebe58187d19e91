//===- dlbcc/Frontend/CSource.h - A C source as the C++ it becomes -------===//
//
// dlbcc emits C++, so it reads a C source as C++. Numerical C that is also
// C++ needs nothing; what C allows and C++ does not is written out here,
// from Clang's reading of the source as C: an explicit cast where C converts
// implicitly (`double *a = malloc(n * sizeof *a);`, an int assigned to an
// enum) and `__restrict` for C's `restrict`; and what C allows and C++
// does not: old-style definitions and declarations without parameters
// become prototypes, `register` goes, and the names that the file declares
// and C++ reserves (`new`, `class`, ...) are renamed. The rest of the pipeline
// then reads the converted text in place of the file. The reading as C is no
// stricter than gcc: a call of an undeclared function, an error to Clang
// from C99 on, passes as gcc's warning does. The C linkage that the
// program's names keep in the emitted C++ is written by the emit stage
// (dlbcc/CodeGen/CLinkage.h), not into this text.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_FRONTEND_CSOURCE_H
#define DLBCC_FRONTEND_CSOURCE_H

#include <string>
#include <vector>

namespace dlbcc {

/// Whether Path names a C source (by its extension, as a compiler does).
bool isCSource(const std::string &Path);

/// Reads the C source Path as C (ClangArgs: the user's flags, e.g. -D, -I,
/// -std=c99) and sets Cxx to its text with the conversions C makes
/// implicitly and C++ does not written out. False if Clang finds errors in
/// it as C: they are printed, in Clang's format.
bool cSourceAsCxx(const std::string &Path,
                  const std::vector<std::string> &ClangArgs,
                  const std::string &ResourceDir, std::string &Cxx);

} // namespace dlbcc

#endif // DLBCC_FRONTEND_CSOURCE_H
