//===- Registry.cpp - The loops of the program, by name -------------------===//
//
// Owns the registry of LoopDescs and the LoopDesc constructor that fills it.
//
//===----------------------------------------------------------------------===//
#include "core/Registry.h"

#include "core/Context.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace dlb {
namespace {

struct Registry {
  std::vector<const LoopDesc *> Loops;
  bool Sealed = false;
};

/// Constructed on first use: LoopDescs of other files register during their
/// static initialization.
Registry &registry() {
  static Registry R;
  return R;
}

bool nameLess(const LoopDesc *A, const LoopDesc *B) {
  return std::strcmp(A->name(), B->name()) < 0;
}

} // namespace

LoopDesc::LoopDesc(const char *Name, KernelFn Kernel, const char *ArrayNames)
    : Name(Name), Kernel(Kernel), ArrayNames(ArrayNames ? ArrayNames : ""),
      ArrayCount(*this->ArrayNames
                     ? 1 + static_cast<unsigned>(std::count(
                               this->ArrayNames,
                               this->ArrayNames + std::strlen(this->ArrayNames),
                               ','))
                     : 0) {
  Registry &R = registry();
  if (R.Sealed)
    fatal("loop '" + std::string(Name) +
          "' registered after start-up; loops must be static objects");
  R.Loops.push_back(this);
}

std::string LoopDesc::arrayName(unsigned Slot) const {
  const char *Start = ArrayNames;
  for (unsigned K = 0; K < Slot && *Start; ++K) {
    Start = std::strchr(Start, ',');
    Start = Start ? Start + 1 : "";
  }
  const std::size_t Length = std::strcspn(Start, ",");
  if (Length == 0)
    return "array " + std::to_string(Slot);
  return std::string(Start, Length);
}

bool sealRegistry(std::string &Error) {
  Registry &R = registry();
  std::sort(R.Loops.begin(), R.Loops.end(), nameLess);
  auto Dup = std::adjacent_find(R.Loops.begin(), R.Loops.end(),
                                [](const LoopDesc *A, const LoopDesc *B) {
                                  return std::strcmp(A->name(), B->name()) == 0;
                                });
  if (Dup != R.Loops.end()) {
    Error = "two loops are named '" + std::string((*Dup)->name()) + "'";
    return false;
  }
  R.Sealed = true;
  return true;
}

unsigned loopId(const LoopDesc &Desc) {
  const Registry &R = registry();
  auto It = std::lower_bound(R.Loops.begin(), R.Loops.end(), &Desc, nameLess);
  if (!R.Sealed || It == R.Loops.end() || *It != &Desc)
    fatal("loop '" + std::string(Desc.name()) + "' is not registered");
  return static_cast<unsigned>(It - R.Loops.begin());
}

const LoopDesc &loopById(unsigned Id) {
  const Registry &R = registry();
  if (Id >= R.Loops.size())
    fatal("unknown loop index " + std::to_string(Id));
  return *R.Loops[Id];
}

} // namespace dlb
