//===- Load.cpp - Emulated external load ----------------------------------===//
//
// Owns the parser of load specifications, the level of each kind of load
// over time, and the delay that emulates running under it.
//
//===----------------------------------------------------------------------===//
#include "model/Load.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>

namespace dlb {
namespace {

constexpr long long MaxListedRank = (1 << 20) - 1;

struct KindName {
  const char *Name;
  LoadSpec::KindTy Kind;
};

constexpr KindName Kinds[] = {{"none", LoadSpec::None},
                              {"random", LoadSpec::Random},
                              {"oscillate", LoadSpec::Oscillate},
                              {"constant", LoadSpec::Constant}};

/// The whole of S as a base-10 integer.
bool toInteger(const std::string &S, long long &V) {
  const char *End = S.data() + S.size();
  auto [Ptr, Ec] = std::from_chars(S.data(), End, V);
  return Ec == std::errc() && Ptr == End && !S.empty();
}

/// The whole of S as a finite decimal number.
bool toNumber(const std::string &S, double &V) {
  const char *End = S.data() + S.size();
  auto [Ptr, Ec] = std::from_chars(S.data(), End, V);
  return Ec == std::errc() && Ptr == End && !S.empty() && std::isfinite(V);
}

bool parseMax(const std::string &V, LoadSpec &Spec) {
  long long N;
  if (!toInteger(V, N) || N < 0 || N > INT_MAX)
    return false;
  Spec.Max = static_cast<int>(N);
  return true;
}

bool parseSeed(const std::string &V, LoadSpec &Spec) {
  long long N;
  if (!toInteger(V, N) || N < 0 || N > UINT_MAX)
    return false;
  Spec.Seed = static_cast<unsigned>(N);
  return true;
}

bool parsePersist(const std::string &V, LoadSpec &Spec) {
  return toNumber(V, Spec.Persist) && Spec.Persist > 0;
}

bool parsePeriod(const std::string &V, LoadSpec &Spec) {
  return toNumber(V, Spec.Period) && Spec.Period > 0;
}

bool parseDuty(const std::string &V, LoadSpec &Spec) {
  return toNumber(V, Spec.Duty) && Spec.Duty >= 0 && Spec.Duty <= 1;
}

bool parseLevel(const std::string &V, LoadSpec &Spec) {
  return toNumber(V, Spec.Level) && Spec.Level >= 0;
}

/// The Sep-separated items of S, empty ones included ("a," gives "a", "").
std::vector<std::string> split(const std::string &S, char Sep) {
  std::vector<std::string> Items;
  std::size_t Pos = 0;
  while (true) {
    std::size_t End = S.find(Sep, Pos);
    Items.push_back(S.substr(Pos, End - Pos));
    if (End == std::string::npos)
      return Items;
    Pos = End + 1;
  }
}

/// "A+B-C+...": ranks separated by '+', each a number or an inclusive range.
bool parseRanks(const std::string &V, LoadSpec &Spec) {
  std::vector<int> Ranks;
  for (const std::string &Item : split(V, '+')) {
    std::size_t Dash = Item.find('-');
    long long First, Last;
    if (!toInteger(Item.substr(0, Dash), First))
      return false;
    Last = First;
    if (Dash != std::string::npos && !toInteger(Item.substr(Dash + 1), Last))
      return false;
    if (First < 0 || Last < First || Last > MaxListedRank)
      return false;
    for (long long R = First; R <= Last; ++R)
      Ranks.push_back(static_cast<int>(R));
  }
  std::sort(Ranks.begin(), Ranks.end());
  Ranks.erase(std::unique(Ranks.begin(), Ranks.end()), Ranks.end());
  Spec.Ranks = std::move(Ranks);
  return true;
}

constexpr unsigned bit(LoadSpec::KindTy K) { return 1u << K; }

struct Field {
  const char *Name;
  unsigned AllowedIn;  ///< bits of the kinds that take the field
  unsigned RequiredIn; ///< bits of the kinds that need it
  const char *Requirement;
  bool (*Parse)(const std::string &Value, LoadSpec &Spec);
};

constexpr unsigned AnyLoad =
    bit(LoadSpec::Random) | bit(LoadSpec::Oscillate) | bit(LoadSpec::Constant);

bool parseUntil(const std::string &V, LoadSpec &Spec) {
  return toNumber(V, Spec.Until) && Spec.Until > 0;
}

const Field Fields[] = {
    {"max", bit(LoadSpec::Random), bit(LoadSpec::Random), "an integer >= 0",
     parseMax},
    {"persist", bit(LoadSpec::Random), 0, "a number of seconds > 0",
     parsePersist},
    {"seed", bit(LoadSpec::Random), 0, "an integer in [0, 4294967295]",
     parseSeed},
    {"period", bit(LoadSpec::Oscillate), bit(LoadSpec::Oscillate),
     "a number of seconds > 0", parsePeriod},
    {"duty", bit(LoadSpec::Oscillate), bit(LoadSpec::Oscillate),
     "a number in [0, 1]", parseDuty},
    {"load", bit(LoadSpec::Constant), bit(LoadSpec::Constant), "a number >= 0",
     parseLevel},
    {"ranks", AnyLoad, 0,
     "ranks separated by '+', each N or A-B with A <= B <= 1048575",
     parseRanks},
    {"until", AnyLoad | bit(LoadSpec::None), 0, "a number of seconds > 0",
     parseUntil},
};

constexpr std::size_t NumFields = sizeof(Fields) / sizeof(Fields[0]);

std::string validKinds() {
  std::string List;
  for (const KindName &K : Kinds)
    List += (List.empty() ? "" : ", ") + std::string(K.Name);
  return List;
}

/// Applies the comma-separated NAME=VALUE fields of a load of kind KindText,
/// then checks that the required ones were given.
bool parseFields(const std::string &KindText, const std::string &Text,
                 LoadSpec &Spec, std::string &Error) {
  const std::string In = " in " + KindText + " load";
  bool Seen[NumFields] = {};
  // "random" and "random:" both have no fields.
  const std::vector<std::string> Items =
      Text.empty() ? std::vector<std::string>() : split(Text, ',');
  for (const std::string &Item : Items) {
    if (Item.empty()) {
      Error = "empty field" + In;
      return false;
    }
    std::size_t Eq = Item.find('=');
    std::string Name = Item.substr(0, Eq);
    std::size_t F = 0;
    while (F < NumFields &&
           (Name != Fields[F].Name || !(Fields[F].AllowedIn & bit(Spec.Kind))))
      ++F;
    if (F == NumFields) {
      Error = "unknown field '" + Name + "'" + In;
      return false;
    }
    if (Eq == std::string::npos) {
      Error = "missing value for field '" + Name + "' (" + Name + "=VALUE)";
      return false;
    }
    if (Seen[F]) {
      Error = "field '" + Name + "' given twice";
      return false;
    }
    Seen[F] = true;
    std::string Value = Item.substr(Eq + 1);
    if (!Fields[F].Parse(Value, Spec)) {
      Error = "bad value '" + Value + "' for field '" + Name + "' (must be " +
              Fields[F].Requirement + ")";
      return false;
    }
  }
  for (std::size_t F = 0; F < NumFields; ++F) {
    if ((Fields[F].RequiredIn & bit(Spec.Kind)) && !Seen[F]) {
      Error = "missing field '" + std::string(Fields[F].Name) + "'" + In;
      return false;
    }
  }
  return true;
}

/// splitmix64's finalizer: a well-mixed 64-bit hash of X.
std::uint64_t splitmix64(std::uint64_t X) {
  X += 0x9e3779b97f4a7c15ULL;
  X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ULL;
  X = (X ^ (X >> 27)) * 0x94d049bb133111ebULL;
  return X ^ (X >> 31);
}

} // namespace

bool parseLoadSpec(const std::string &Text, LoadSpec &Spec,
                   std::string &Error) {
  std::size_t Colon = Text.find(':');
  std::string KindText = Text.substr(0, Colon);
  const KindName *K = std::find_if(
      std::begin(Kinds), std::end(Kinds),
      [&](const KindName &Entry) { return KindText == Entry.Name; });
  if (K == std::end(Kinds)) {
    Error = "unknown load kind '" + KindText +
            "' (valid kinds: " + validKinds() + ")";
    return false;
  }
  LoadSpec New;
  New.Kind = K->Kind;
  std::string FieldText =
      Colon == std::string::npos ? std::string() : Text.substr(Colon + 1);
  if (!parseFields(KindText, FieldText, New, Error))
    return false;
  Spec = std::move(New);
  return true;
}

// The pieces: none and constant have one, piece 0, covering all time; random
// has piece N = [N * persist, (N + 1) * persist); oscillate has, for each
// period M, the loaded piece 2M starting at M * period and the idle piece
// 2M + 1 starting duty * period later. Times before 0 count as 0.

bool parseLoadSchedule(const std::string &Text, std::vector<LoadSpec> &Phases,
                       std::string &Error) {
  std::vector<LoadSpec> Out;
  const std::vector<std::string> Items = split(Text, ';');
  for (std::size_t K = 0; K < Items.size(); ++K) {
    LoadSpec Spec;
    const std::string Phase =
        Items.size() > 1 ? "phase " + std::to_string(K + 1) + ": " : "";
    if (!parseLoadSpec(Items[K], Spec, Error)) {
      Error = Phase + Error;
      return false;
    }
    if (K + 1 < Items.size() && !std::isfinite(Spec.Until)) {
      Error = Phase + "missing field 'until' (every phase but the last ends)";
      return false;
    }
    if (!Out.empty() && Spec.Until <= Out.back().Until) {
      Error = Phase + "'until' must be later than the previous phase's";
      return false;
    }
    Out.push_back(Spec);
  }
  Phases = std::move(Out);
  return true;
}

LoadModel::LoadModel(const std::vector<LoadSpec> &Phases, int Rank)
    : Phases(Phases), Rank(Rank) {
  for (LoadSpec &S : this->Phases)
    if (!S.Ranks.empty() &&
        !std::binary_search(S.Ranks.begin(), S.Ranks.end(), Rank))
      S.Kind = LoadSpec::None;
}

const LoadSpec &LoadModel::phaseAt(double T) const {
  static const LoadSpec NoLoad;
  for (const LoadSpec &S : Phases)
    if (T < S.Until)
      return S;
  return NoLoad;
}

long long LoadModel::pieceAt(const LoadSpec &Spec, double T) const {
  T = std::max(T, 0.0);
  switch (Spec.Kind) {
  case LoadSpec::None:
  case LoadSpec::Constant:
    return 0;
  case LoadSpec::Random:
    return static_cast<long long>(std::floor(T / Spec.Persist));
  case LoadSpec::Oscillate: {
    long long M = static_cast<long long>(std::floor(T / Spec.Period));
    double Phase = T - M * Spec.Period;
    return 2 * M + (Phase < Spec.Duty * Spec.Period ? 0 : 1);
  }
  }
  return 0;
}

double LoadModel::pieceBegin(const LoadSpec &Spec, long long N) const {
  switch (Spec.Kind) {
  case LoadSpec::None:
  case LoadSpec::Constant:
    return N == 0 ? 0 : std::numeric_limits<double>::infinity();
  case LoadSpec::Random:
    return N * Spec.Persist;
  case LoadSpec::Oscillate:
    return (N / 2) * Spec.Period + (N % 2) * Spec.Duty * Spec.Period;
  }
  return 0;
}

double LoadModel::pieceLevel(const LoadSpec &Spec, long long N) const {
  switch (Spec.Kind) {
  case LoadSpec::None:
    return 0;
  case LoadSpec::Constant:
    return Spec.Level;
  case LoadSpec::Random: {
    // Section 1.3.1: l_i(k) uniform in {0..ml}, a pure function of the seed,
    // the rank i and the persistence block k (the modulo's bias is below
    // (ml + 1) / 2^64).
    std::uint64_t H = splitmix64(Spec.Seed);
    H = splitmix64(H ^ static_cast<std::uint32_t>(Rank));
    H = splitmix64(H ^ static_cast<std::uint64_t>(N));
    return static_cast<double>(H % (static_cast<std::uint64_t>(Spec.Max) + 1));
  }
  case LoadSpec::Oscillate:
    return N % 2 == 0 ? 1 : 0;
  }
  return 0;
}

double LoadModel::levelAt(double T) const {
  const LoadSpec &S = phaseAt(std::max(T, 0.0));
  return pieceLevel(S, pieceAt(S, T));
}

double LoadModel::pieceEnd(double T) const {
  T = std::max(T, 0.0);
  const LoadSpec &S = phaseAt(T);
  // T / persist may round up to the next piece's number: the end is always
  // after T, or a caller walking the pieces would stand still.
  long long N = pieceAt(S, T) + 1;
  while (pieceBegin(S, N) <= T)
    ++N;
  return std::min(pieceBegin(S, N), S.Until);
}

bool LoadModel::active() const { return loadsRank(Phases, Rank); }

bool loadsRank(const std::vector<LoadSpec> &Phases, int Rank) {
  return std::any_of(Phases.begin(), Phases.end(), [Rank](const LoadSpec &S) {
    if (!S.Ranks.empty() &&
        !std::binary_search(S.Ranks.begin(), S.Ranks.end(), Rank))
      return false;
    switch (S.Kind) {
    case LoadSpec::None:
      return false;
    case LoadSpec::Random:
      return S.Max > 0;
    case LoadSpec::Oscillate:
      return S.Duty > 0;
    case LoadSpec::Constant:
      return S.Level > 0;
    }
    return false;
  });
}

double emulatedDelay(const LoadModel &M, double Start, double ComputeSeconds) {
  // At level l the rank does 1/(l+1) second of work per second (section
  // 1.3.2), so W seconds of work done in a piece take W * (l+1) seconds of
  // which W * l are the delay. Walk the pieces from Start until the work is
  // done.
  double Work = ComputeSeconds;
  double Delay = 0;
  double T = std::max(Start, 0.0);
  while (Work > 0) {
    double Level = M.levelAt(T);
    double End = M.pieceEnd(T);
    double Capacity = std::max(End - T, 0.0) / (Level + 1);
    double Done = std::min(Work, Capacity);
    Delay += Done * Level;
    Work -= Done;
    T = End;
  }
  return Delay;
}

} // namespace dlb
