//===- CostSpelling.cpp - The cost model's expressions as C++ -------------===//
//
// Owns spellCost (dlbcc/CodeGen/CostSpelling.h): each kind of CostNode as
// C++, the runtime's dlb::trips and dlb::mid, numbers, and the canonical
// form of a sum.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/CodeGen/CostSpelling.h"

#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/PrettyPrinter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

using namespace clang;

namespace dlbcc {
namespace {

using Kind = CostNode::Kind;

/// An integer if \p V is one, else at most six decimals.
std::string number(double V) {
  char Buf[64];
  if (std::fabs(V) >= 1e15) {
    std::snprintf(Buf, sizeof Buf, "%.17g", V);
    return Buf;
  }
  if (V == std::floor(V))
    return std::to_string(static_cast<long long>(V));
  std::snprintf(Buf, sizeof Buf, "%.6f", V);
  std::string S = Buf;
  S.erase(S.find_last_not_of('0') + 1);
  return S;
}

class Speller {
public:
  explicit Speller(const ASTContext &Ctx) : Ctx(Ctx) {}

  std::string spell(const CostExpr &E) {
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    spell(*E, OS);
    return Out;
  }

private:
  /// Prints the variables of a Program node as they stand.
  struct Substituter : PrinterHelper {
    Substituter(Speller &S, const CostNode &N) : S(S), N(N) {}
    bool handledStmt(Stmt *E, raw_ostream &OS) override {
      for (const auto &[Ref, X] : N.Substitutions)
        if (Ref == E) {
          S.spell(*X, OS);
          return true;
        }
      return false;
    }
    Speller &S;
    const CostNode &N;
  };

  void spell(const CostNode &N, raw_ostream &OS);
  void operands(const char *Callee, const CostNode &N, raw_ostream &OS);
  void sum(const CostNode &N, raw_ostream &OS);

  const ASTContext &Ctx;
};

void Speller::spell(const CostNode &N, raw_ostream &OS) {
  switch (N.K) {
  case Kind::Number:
    OS << number(N.Value);
    return;
  case Kind::Name:
    OS << N.Var->getName();
    return;
  case Kind::Program: {
    Substituter H(*this, N);
    N.Source->printPretty(OS, &H, Ctx.getPrintingPolicy());
    return;
  }
  case Kind::Written:
    OS << sourceText(N.Source, Ctx);
    return;
  case Kind::Paren:
    OS << "(";
    spell(*N.Operands[0], OS);
    OS << ")";
    return;
  case Kind::Unary:
    OS << UnaryOperator::getOpcodeStr(N.UnaryOp);
    spell(*N.Operands[0], OS);
    return;
  case Kind::Binary:
    spell(*N.Operands[0], OS);
    OS << " " << BinaryOperator::getOpcodeStr(N.BinaryOp) << " ";
    spell(*N.Operands[1], OS);
    return;
  case Kind::Cast:
    OS << "static_cast<" << N.Type.getAsString(Ctx.getPrintingPolicy())
       << ">(";
    spell(*N.Operands[0], OS);
    OS << ")";
    return;
  case Kind::Trips:
    return operands("dlb::trips", N, OS);
  case Kind::Mid:
    return operands("dlb::mid", N, OS);
  case Kind::Size:
    OS << N.Var->getName() << ".size()";
    return;
  case Kind::RowSize:
    OS << N.Var->getName() << ".empty() ? 0 : " << N.Var->getName()
       << "[0].size()";
    return;
  case Kind::Sum:
    return sum(N, OS);
  }
}

void Speller::operands(const char *Callee, const CostNode &N,
                       raw_ostream &OS) {
  OS << Callee << "(";
  for (size_t I = 0; I < N.Operands.size(); ++I) {
    OS << (I ? ", " : "");
    spell(*N.Operands[I], OS);
  }
  OS << ")";
}

void Speller::sum(const CostNode &N, raw_ostream &OS) {
  std::map<std::vector<std::string>, double> Terms;
  for (const CostTerm &T : N.Terms) {
    std::vector<std::string> Factors;
    for (const CostExpr &F : T.Factors)
      Factors.push_back(spell(F));
    llvm::sort(Factors);
    Terms[Factors] += T.Coefficient;
  }
  std::vector<const std::vector<std::string> *> Order;
  for (const auto &Term : Terms)
    Order.push_back(&Term.first);
  std::stable_sort(Order.begin(), Order.end(),
                   [](auto *A, auto *B) { return A->size() < B->size(); });
  bool First = true;
  if (N.Value != 0 || Order.empty()) {
    OS << number(N.Value);
    First = false;
  }
  for (const std::vector<std::string> *Factors : Order) {
    OS << (First ? "" : " + ");
    First = false;
    const double K = Terms.at(*Factors);
    if (K != 1)
      OS << number(K) << " * ";
    for (size_t I = 0; I < Factors->size(); ++I)
      OS << (I ? " * " : "") << (*Factors)[I];
  }
}

} // namespace

std::string spellCost(const CostExpr &E, const ASTContext &Ctx) {
  return Speller(Ctx).spell(E);
}

} // namespace dlbcc
