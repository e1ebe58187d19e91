//===- dlbcc/Analysis/CostExpr.h - The cost model's expressions -*- C++ -*-===//
//
// W(i) and D of the cost model (WorkModel.h) as the analysis builds them: a
// tree over the program's variables and expressions, the trip counts and
// mean indices of inner loops, and a polynomial of those, not C++ text. Code
// generation spells a tree as C++ (dlbcc/CodeGen/CostSpelling.h): for the
// call site, and, through a CostSpeller, for the model's dump and the
// remarks.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_COSTEXPR_H
#define DLBCC_ANALYSIS_COSTEXPR_H

#include "clang/AST/OperationKinds.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class DeclRefExpr;
class Expr;
class VarDecl;
} // namespace clang

namespace dlbcc {

struct CostNode;

/// An expression of the cost model: an immutable tree whose subtrees may be
/// shared.
using CostExpr = std::shared_ptr<const CostNode>;

/// Coefficient times the product of Factors (in no particular order).
struct CostTerm {
  double Coefficient = 0;
  std::vector<CostExpr> Factors;
};

struct CostNode {
  enum class Kind {
    Number,  ///< Value
    Name,    ///< variable Var, by its name
    Program, ///< expression Source of the program, where the variables of
             ///< Substitutions stand for other expressions
    Written, ///< expression Source as the user wrote it
    Paren,   ///< (Operands[0])
    Unary,   ///< UnaryOp Operands[0]: + or -
    Binary,  ///< Operands[0] BinaryOp Operands[1]: + - * /
    Cast,    ///< Operands[0] converted to Type
    Trips,   ///< the iterations of a loop from Operands[0] up to
             ///< Operands[1] (excluded), by Operands[2] if given, else 1
    Mid,     ///< the mean index of such a loop
    Size,    ///< the elements of vector Var
    RowSize, ///< the length of the first row of vector of vectors Var, 0
             ///< when it has none
    Sum      ///< Value plus the sum of Terms
  };
  Kind K = Kind::Number;
  double Value = 0;
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Source = nullptr;
  clang::UnaryOperatorKind UnaryOp = clang::UO_Plus;
  clang::BinaryOperatorKind BinaryOp = clang::BO_Add;
  clang::QualType Type;
  std::vector<CostExpr> Operands;
  std::vector<std::pair<const clang::DeclRefExpr *, CostExpr>> Substitutions;
  std::vector<CostTerm> Terms;
};

/// The nodes, by kind (CostNode::Kind).
namespace cost {
CostExpr number(double V);
CostExpr name(const clang::VarDecl *V);
CostExpr program(
    const clang::Expr *E,
    std::vector<std::pair<const clang::DeclRefExpr *, CostExpr>> Subs = {});
CostExpr written(const clang::Expr *E);
CostExpr paren(CostExpr X);
CostExpr unary(clang::UnaryOperatorKind Op, CostExpr X);
CostExpr binary(clang::BinaryOperatorKind Op, CostExpr L, CostExpr R);
CostExpr cast(clang::QualType T, CostExpr X);
CostExpr trips(std::vector<CostExpr> Bounds);
CostExpr mid(std::vector<CostExpr> Bounds);
CostExpr size(const clang::VarDecl *V);
CostExpr rowSize(const clang::VarDecl *V);
CostExpr sum(double Constant, std::vector<CostTerm> Terms);
} // namespace cost

/// Spells a cost expression as C++: code generation's spellCost, which the
/// model's dump and the remarks of the analysis are given.
using CostSpeller = llvm::function_ref<std::string(const CostExpr &)>;

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_COSTEXPR_H
