//===- dlbcc/Analysis/BakedValues.h - Values fixed at translation time ----===//
//
// dlbcc decides a loop's halos, legality and pipeline blocks from its
// subscripts, bounds and shapes, and spells array types and integral
// constants in the kernel, with the values the macros had when it
// translated. The emitted file is compiled later, maybe with other -D flags:
// bakedMacros finds the integral macros behind those values, so that the
// emitter can make the compiler check them (Emitter.cpp: static_asserts at
// the call site).
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_BAKEDVALUES_H
#define DLBCC_ANALYSIS_BAKEDVALUES_H

#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace dlbcc {

struct LoopModel;

/// An object-like macro and the integral value it had at translation time.
struct MacroValue {
  std::string Name;
  std::string Value;
};

/// The integral object-like macros (not from system headers) expanded in
/// what the analysis evaluated for loop \p M: the bounds of the loop and of
/// the loops in its body (and of a pipelined loop), the subscripts of its
/// array accesses, its shape() extents, the declared types of its arrays and
/// the initializers of its integral constants and the arguments of the
/// parameters taken as constants, following constants named there to their
/// initializers. Each once, in order of first expansion; a
/// macro that had two values is left out (it was redefined in between).
std::vector<MacroValue> bakedMacros(const LoopModel &M,
                                    const clang::ASTContext &Ctx);


} // namespace dlbcc

#endif // DLBCC_ANALYSIS_BAKEDVALUES_H
