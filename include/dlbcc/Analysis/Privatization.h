//===- dlbcc/Analysis/Privatization.h - Variables private to an iteration -===//
//
// Numerical code declares its indices and temporaries at the top of a
// function (`int i, j, k; double t;`) and reuses them in every loop. Such a
// scalar, written by a distributed loop, can be private to each iteration
// (each rank has its own) when every read of it in an iteration follows a
// write in the same iteration, and the program does not read the value the
// loop leaves in it. Both tests are conservative walks of the statements in
// execution order: a write counts only where it surely happens first (a
// plain assignment statement, or the initialization of a `for`); anything
// else that mentions the variable counts as a read. A scratch array
// declared before the loop is private the same way when each iteration
// writes the elements it reads first and nothing outside the loop names it.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_PRIVATIZATION_H
#define DLBCC_ANALYSIS_PRIVATIZATION_H

#include "dlbcc/Analysis/PointeeUses.h"

namespace clang {
class ASTContext;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace dlbcc {

/// Whether every read of \p V in one execution of \p S comes after a write
/// of V in that execution.
bool writtenBeforeRead(const clang::Stmt *S, const clang::VarDecl *V);

/// Whether the value \p V has when \p Loop (a statement of \p F's body)
/// ends may be read before V is written again: by the statements after the
/// loop, by those the enclosing loops run again before it, or, for a
/// variable that outlives \p F (a global, a static or a reference), by
/// whoever runs after F. Reads through V's address are aliased's.
bool liveAfter(const clang::Stmt *Loop, const clang::VarDecl *V,
               const clang::FunctionDecl *F, clang::ASTContext &Ctx);

/// Whether a reference or pointer to \p V is made anywhere in \p F that
/// may outlive its use: then V may be read through it where V is not
/// mentioned. An address given to a function that does not let it escape
/// (as \p Callee says) is used only during that call, which mentions V.
bool aliased(const clang::VarDecl *V, const clang::FunctionDecl *F,
             clang::ASTContext &Ctx, CalleeUse Callee);

/// Whether each execution of \p Body writes every element of the
/// one-dimensional array \p V that it reads before reading it: a `for`
/// loop with constant bounds assigning `V[k + c]` for each of its indices,
/// unconditionally, covers those elements, as does a call passing V to a
/// parameter that \p Callee says the function covers; every later read
/// must fall in what is covered (PrivateArrays.cpp).
bool elementsWrittenBeforeRead(const clang::Stmt *Body, const clang::VarDecl *V,
                               clang::ASTContext &Ctx, CalleeUse Callee);

/// Whether \p V is named in \p F outside \p Loop, or, for a global or a
/// static of the file, anywhere in its translation unit outside Loop (a
/// global of external linkage always is): the test for an array that
/// OpenMP makes private or that is scratch space, whose elements liveAfter
/// cannot follow.
bool usedOutside(const clang::Stmt *Loop, const clang::VarDecl *V,
                 const clang::FunctionDecl *F);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_PRIVATIZATION_H
