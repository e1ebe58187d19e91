//===- CostExpr.cpp - The nodes of the cost model's expressions -----------===//
//
// Owns the construction of CostExpr nodes (dlbcc/Analysis/CostExpr.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/CostExpr.h"

namespace dlbcc {
namespace cost {
namespace {

using Kind = CostNode::Kind;

/// A node of kind \p K over \p Operands, its other fields to be set.
CostNode node(Kind K, std::vector<CostExpr> Operands = {}) {
  CostNode N;
  N.K = K;
  N.Operands = std::move(Operands);
  return N;
}

CostExpr share(CostNode N) {
  return std::make_shared<const CostNode>(std::move(N));
}

/// A node of kind \p K of variable \p V.
CostExpr of(Kind K, const clang::VarDecl *V) {
  CostNode N = node(K);
  N.Var = V;
  return share(std::move(N));
}

/// A node of kind \p K of the program's expression \p E.
CostNode ofSource(Kind K, const clang::Expr *E) {
  CostNode N = node(K);
  N.Source = E;
  return N;
}

} // namespace

CostExpr number(double V) {
  CostNode N = node(Kind::Number);
  N.Value = V;
  return share(std::move(N));
}

CostExpr name(const clang::VarDecl *V) { return of(Kind::Name, V); }

CostExpr program(
    const clang::Expr *E,
    std::vector<std::pair<const clang::DeclRefExpr *, CostExpr>> Subs) {
  CostNode N = ofSource(Kind::Program, E);
  N.Substitutions = std::move(Subs);
  return share(std::move(N));
}

CostExpr written(const clang::Expr *E) {
  return share(ofSource(Kind::Written, E));
}

CostExpr paren(CostExpr X) { return share(node(Kind::Paren, {std::move(X)})); }

CostExpr unary(clang::UnaryOperatorKind Op, CostExpr X) {
  CostNode N = node(Kind::Unary, {std::move(X)});
  N.UnaryOp = Op;
  return share(std::move(N));
}

CostExpr binary(clang::BinaryOperatorKind Op, CostExpr L, CostExpr R) {
  CostNode N = node(Kind::Binary, {std::move(L), std::move(R)});
  N.BinaryOp = Op;
  return share(std::move(N));
}

CostExpr cast(clang::QualType T, CostExpr X) {
  CostNode N = node(Kind::Cast, {std::move(X)});
  N.Type = T;
  return share(std::move(N));
}

CostExpr trips(std::vector<CostExpr> Bounds) {
  return share(node(Kind::Trips, std::move(Bounds)));
}

CostExpr mid(std::vector<CostExpr> Bounds) {
  return share(node(Kind::Mid, std::move(Bounds)));
}

CostExpr size(const clang::VarDecl *V) { return of(Kind::Size, V); }

CostExpr rowSize(const clang::VarDecl *V) { return of(Kind::RowSize, V); }

CostExpr sum(double Constant, std::vector<CostTerm> Terms) {
  CostNode N = node(Kind::Sum);
  N.Value = Constant;
  N.Terms = std::move(Terms);
  return share(std::move(N));
}

} // namespace cost
} // namespace dlbcc
