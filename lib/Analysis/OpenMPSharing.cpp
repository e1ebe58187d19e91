//===- OpenMPSharing.cpp - OpenMP's data sharing against the model --------===//
//
// checkOpenMPSharing (dlbcc/Analysis/OpenMPSharing.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/OpenMPSharing.h"

#include "clang/AST/Decl.h"

using namespace clang;

namespace dlbcc {

void checkOpenMPSharing(const LoopModel &M, DiagnosticsEngine &DE) {
  if (!M.Ann->OpenMP)
    return;
  for (const NamedVar &V : M.Ann->OpenMP->Shared)
    if (llvm::is_contained(M.Privates, V.Decl))
      report(DE, V.Loc, Diag::OmpSharedPrivatized) << V.Name;
  for (const NamedVar &V : M.Ann->OpenMP->Private)
    if (llvm::any_of(M.Scalars,
                     [&](const ScalarModel &S) { return S.Var == V.Decl; }))
      report(DE, V.Loc, Diag::OmpPrivateOnlyRead) << V.Name;
}

} // namespace dlbcc
