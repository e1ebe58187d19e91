//===- dlbcc/Support/Mentions.h - Does a statement name a variable --------===//
//
// The question every stage asks of the AST, from the front end's reading
// of OpenMP's clauses to the kernels: does a statement refer to a
// variable anywhere.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_SUPPORT_MENTIONS_H
#define DLBCC_SUPPORT_MENTIONS_H

namespace clang {
class Stmt;
class ValueDecl;
} // namespace clang

namespace dlbcc {

/// Whether \p S (null: no) refers to \p V anywhere.
bool mentions(const clang::Stmt *S, const clang::ValueDecl *V);

} // namespace dlbcc

#endif // DLBCC_SUPPORT_MENTIONS_H
