//===- Wrapper.cpp - dlbcxx: translate, compile and link in one step ------===//
//
// Owns runWrapper (Wrapper.h): dlbcxx's sorting of a compiler's command
// line into dlbcc's and the compiler's, and the commands it runs.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Wrapper/Wrapper.h"
#include "dlbcc/Support/CommandLine.h"
#include "Config.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace dlbcc {
namespace {

using Command = std::vector<std::string>;

const char *const Usage =
    "Usage: dlbcxx [--keep] [--show] [-c] [-o OUTPUT] [FLAGS...] INPUTS...\n"
    "\n"
    "Translates each C or C++ source among INPUTS with dlbcc, then compiles\n"
    "the results with mpicxx and links them with libdlb, in one step:\n"
    "  dlbcxx -O2 -DN=2000 prog.cpp -o prog\n"
    "\n"
    "  -DNAME[=VALUE] -UNAME -IDIR -std=...  go to dlbcc and the compiler\n"
    "  -c, -o OUTPUT   compile only, name the output, as a compiler does\n"
    "  --keep          keep each emitted file, SOURCE.dlb.cpp, next to the\n"
    "                  output (default: a temporary directory)\n"
    "  --show          print the commands instead of running them\n"
    "Other flags and inputs (objects, libraries) go to the compiler.\n";

/// A word of the compiler's command line; a source's word is replaced
/// by the file dlbcc emits for it.
struct Word {
  std::string Text;
  std::optional<size_t> Source; ///< index into Invocation::Sources
};

/// dlbcxx's command line, sorted out.
struct Invocation {
  std::vector<std::string> Sources; ///< the C and C++ sources, for dlbcc
  std::vector<Word> Words;          ///< the compiler's, in order, but -o
  Command Preprocessor;             ///< -D, -U, -I, -std=, also for dlbcc
  std::string Output;
  bool CompileOnly = false;
  bool Keep = false;
  bool Show = false;
  bool Help = false;
};

/// The tools and files of one run.
struct Plan {
  std::string Dlbcc;
  std::string Mpicxx;
  Command CFlags, Libs;              ///< dlbcc --cflags, dlbcc --libs
  std::string EmitDir;               ///< where the emitted files go
  std::vector<std::string> Emitted; ///< the emitted file of each source
};

int fail(const llvm::Twine &Message) {
  llvm::errs() << "dlbcxx: error: " << Message << "\n";
  return 1;
}

/// A C or C++ source: dlbcc reads a C source as the C++ it emits.
bool isSource(llvm::StringRef Arg) {
  static const llvm::StringRef Extensions[] = {".cpp", ".cc", ".cxx", ".cp",
                                               ".c++", ".C", ".CPP", ".c"};
  return !Arg.starts_with("-") &&
         llvm::is_contained(Extensions, llvm::sys::path::extension(Arg));
}

/// Sorts out the command line; returns an error message, or "" if none.
std::string parse(int Argc, const char **Argv, Invocation &Inv) {
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg(Argv[I]);
    std::string Value;
    if (Arg == "--help") {
      Inv.Help = true;
    } else if (Arg == "--keep") {
      Inv.Keep = true;
    } else if (Arg == "--show") {
      Inv.Show = true;
    } else if (takeValue("-o", Argv, I, Argc, Value)) {
      Inv.Output = Value;
    } else if (Arg == "-o") {
      return "missing file name after '-o'";
    } else if (takePreprocessorFlag(Argv, I, Argc, Value)) {
      Inv.Preprocessor.push_back(Value);
      Inv.Words.push_back({Value, std::nullopt});
    } else if (isSource(Arg)) {
      Inv.Words.push_back({Arg.str(), Inv.Sources.size()});
      Inv.Sources.push_back(Arg.str());
    } else {
      Inv.CompileOnly |= Arg == "-c";
      Inv.Words.push_back({Arg.str(), std::nullopt});
    }
  }
  if (Inv.CompileOnly && !Inv.Output.empty() && Inv.Sources.size() > 1)
    return "cannot name one output (-o) for several sources with -c";
  return "";
}

/// The words that `Dlbcc Flag` prints (Flag: --cflags or --libs).
std::optional<Command> askDlbcc(const std::string &Dlbcc,
                                llvm::StringRef Flag) {
  llvm::SmallString<128> Answer;
  if (llvm::sys::fs::createTemporaryFile("dlbcxx", "txt", Answer))
    return std::nullopt;
  llvm::FileRemover Remover(Answer);
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt,
                                                llvm::StringRef(Answer),
                                                std::nullopt};
  if (llvm::sys::ExecuteAndWait(Dlbcc, {Dlbcc, Flag}, std::nullopt,
                                Redirects) != 0)
    return std::nullopt;
  auto Buffer = llvm::MemoryBuffer::getFile(Answer);
  if (!Buffer)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 8> Words;
  llvm::SplitString((*Buffer)->getBuffer(), Words);
  return Command(Words.begin(), Words.end());
}

/// Finds the tools, asks dlbcc for the runtime's flags and names the
/// emitted files; returns an error message, or "" if none.
std::string makePlan(const char *Argv0, const Invocation &Inv, Plan &P) {
  static int Anchor;
  llvm::SmallString<256> Dlbcc(llvm::sys::path::parent_path(
      llvm::sys::fs::getMainExecutable(Argv0, &Anchor)));
  llvm::sys::path::append(Dlbcc, "dlbcc");
  P.Dlbcc = Dlbcc.str().str();
  if (!llvm::sys::fs::can_execute(P.Dlbcc))
    return "cannot find dlbcc next to dlbcxx ('" + P.Dlbcc + "')";
  llvm::ErrorOr<std::string> Mpicxx =
      llvm::sys::findProgramByName(DLBCC_MPICXX);
  if (!Mpicxx)
    return "cannot find the MPI compiler '" DLBCC_MPICXX "'";
  P.Mpicxx = *Mpicxx;
  std::optional<Command> CFlags = askDlbcc(P.Dlbcc, "--cflags");
  std::optional<Command> Libs = askDlbcc(P.Dlbcc, "--libs");
  if (!CFlags || !Libs)
    return "cannot run '" + P.Dlbcc + " --cflags' and '--libs'";
  P.CFlags = std::move(*CFlags);
  P.Libs = std::move(*Libs);

  if (Inv.Keep) {
    P.EmitDir = llvm::sys::path::parent_path(Inv.Output).str();
  } else {
    llvm::SmallString<128> Dir;
    if (Inv.Show) {
      llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Dir);
      llvm::sys::path::append(Dir, "dlbcxx-XXXXXX");
    } else if (std::error_code EC =
                   llvm::sys::fs::createUniqueDirectory("dlbcxx", Dir)) {
      return "cannot create a temporary directory: " + EC.message();
    }
    P.EmitDir = Dir.str().str();
  }
  llvm::StringSet<> Names;
  for (const std::string &Source : Inv.Sources) {
    llvm::SmallString<256> Emitted(P.EmitDir);
    llvm::sys::path::append(Emitted,
                            llvm::sys::path::stem(Source) + ".dlb.cpp");
    if (!Names.insert(Emitted).second)
      return "two sources would be translated to '" + Emitted.str().str() +
             "': rename one";
    P.Emitted.push_back(Emitted.str().str());
  }
  return "";
}

/// The compiler's command for one source (compiling only) or for all
/// inputs, with Output after -o (none if empty).
Command compilerCommand(const Invocation &Inv, const Plan &P,
                        std::optional<size_t> Only,
                        const std::string &Output) {
  Command Cmd = {P.Mpicxx};
  Cmd.insert(Cmd.end(), P.CFlags.begin(), P.CFlags.end());
  // An emitted file includes the headers its source includes with quotes
  // ("x.h") from the source's directory.
  llvm::StringSet<> Dirs;
  for (size_t I = 0; I < Inv.Sources.size(); ++I) {
    llvm::SmallString<256> Dir(Inv.Sources[I]);
    llvm::sys::fs::make_absolute(Dir);
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    llvm::sys::path::remove_filename(Dir);
    if ((!Only || *Only == I) && Dirs.insert(Dir).second) {
      Cmd.push_back("-iquote");
      Cmd.push_back(Dir.str().str());
    }
  }
  for (const Word &W : Inv.Words) {
    if (!W.Source)
      Cmd.push_back(W.Text);
    else if (!Only || Only == W.Source)
      Cmd.push_back(P.Emitted[*W.Source]);
  }
  if (!Output.empty()) {
    Cmd.push_back("-o");
    Cmd.push_back(Output);
  }
  if (!Inv.CompileOnly)
    Cmd.insert(Cmd.end(), P.Libs.begin(), P.Libs.end());
  return Cmd;
}

/// dlbcc for each source, then the compiler: once per source when
/// compiling only (an object named after the source, as a compiler's),
/// else once for all inputs.
std::vector<Command> commands(const Invocation &Inv, const Plan &P) {
  std::vector<Command> Commands;
  for (size_t I = 0; I < Inv.Sources.size(); ++I) {
    Command Translate = {P.Dlbcc};
    Translate.insert(Translate.end(), Inv.Preprocessor.begin(),
                     Inv.Preprocessor.end());
    Translate.insert(Translate.end(), {Inv.Sources[I], "-o", P.Emitted[I]});
    Commands.push_back(std::move(Translate));
  }
  if (!Inv.CompileOnly || Inv.Sources.empty()) {
    Commands.push_back(compilerCommand(Inv, P, std::nullopt, Inv.Output));
    return Commands;
  }
  for (size_t I = 0; I < Inv.Sources.size(); ++I) {
    std::string Object = Inv.Output.empty()
                             ? (llvm::sys::path::stem(Inv.Sources[I]) + ".o")
                                   .str()
                             : Inv.Output;
    Commands.push_back(compilerCommand(Inv, P, I, Object));
  }
  return Commands;
}

/// Word quoted for a POSIX shell where it needs it.
std::string quoted(llvm::StringRef Word) {
  if (!Word.empty() &&
      Word.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                             "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                             "_-+=/.,:@%") == llvm::StringRef::npos)
    return Word.str();
  std::string Quoted = "'";
  for (char C : Word)
    Quoted += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Quoted + "'";
}

/// Runs Cmd; returns its exit status, or 1 if it could not run.
int run(const Command &Cmd) {
  std::vector<llvm::StringRef> Args(Cmd.begin(), Cmd.end());
  std::string Error;
  int Status = llvm::sys::ExecuteAndWait(Cmd[0], Args, std::nullopt, {},
                                         /*SecondsToWait=*/0,
                                         /*MemoryLimit=*/0, &Error);
  if (Status < 0)
    return fail("cannot run '" + Cmd[0] + "': " + Error);
  return Status;
}

} // namespace

int runWrapper(int Argc, const char **Argv) {
  Invocation Inv;
  std::string Error = parse(Argc, Argv, Inv);
  if (!Error.empty())
    return fail(Error + " (see dlbcxx --help)");
  if (Inv.Help) {
    llvm::outs() << Usage;
    return 0;
  }
  Plan P;
  Error = makePlan(Argv[0], Inv, P);
  auto RemoveTemporaries = llvm::make_scope_exit([&] {
    if (!Inv.Keep && !Inv.Show && !P.EmitDir.empty())
      llvm::sys::fs::remove_directories(P.EmitDir);
  });
  if (!Error.empty())
    return fail(Error);
  for (const Command &Cmd : commands(Inv, P)) {
    if (Inv.Show) {
      for (size_t I = 0; I < Cmd.size(); ++I)
        llvm::outs() << (I ? " " : "") << quoted(Cmd[I]);
      llvm::outs() << "\n";
    } else if (int Status = run(Cmd)) {
      return Status;
    }
  }
  return 0;
}

} // namespace dlbcc
