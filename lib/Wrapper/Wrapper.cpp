//===- Wrapper.cpp - dlbcxx: translate, compile and link in one step ------===//
//
// Owns runWrapper (Wrapper.h): dlbcxx's sorting of a compiler's command
// line into dlbcc's and the compilers', and the commands it runs. A C
// program of several files is C where dlbcc is not needed: a C source with
// no dlb pragma that does not define main is compiled as C by the MPI C
// compiler, the others translated (the C++ dlbcc emits for C links with C,
// CodeGen/CLinkage.h); mpicxx links all. Each -std= goes only to the
// compiles of its language.
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
#include "llvm/Support/Regex.h"
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
    "A C source that has no '#pragma dlb' and does not define main is not\n"
    "translated: mpicc compiles it as C, and mpicxx links it with the rest.\n"
    "The C++ that dlbcc emits for a C source gives the program's functions\n"
    "and globals C linkage: its headers need no extern \"C\".\n"
    "  dlbcxx -std=c99 -O2 main.c util.c -lm -o prog\n"
    "\n"
    "  -DNAME[=VALUE] -UNAME -IDIR -std=...  go to dlbcc and the compiler;\n"
    "                  a C -std= (c99, gnu11) only to what reads C (dlbcc\n"
    "                  for a C source, mpicc), a C++ one only to the rest\n"
    "  -c, -o OUTPUT   compile only, name the output, as a compiler does\n"
    "  --keep          keep each emitted file, SOURCE.dlb.cpp, and each\n"
    "                  plain C source's object, SOURCE.o, next to the\n"
    "                  output (default: a temporary directory)\n"
    "  --show          print the commands instead of running them\n"
    "  --openmp, -fopenmp  read OpenMP's loop pragmas as dlb annotations\n"
    "                  (dlbcc --openmp; docs/openmp.md): each rank is one\n"
    "                  thread, so -fopenmp does not go to the compiler\n"
    "Other flags and inputs (objects, libraries) go to the compiler.\n";

/// The language of a source, or of the standard a -std= names.
enum class Language { C, Cxx };

/// A word of the compiler's command line; a source's word is replaced
/// by the file made of it: the file dlbcc emits, or a plain C source's
/// object.
struct Word {
  std::string Text;
  std::optional<size_t> Source; ///< index into Invocation::Sources
  /// A -std=: only for what reads that language (g++ warns of a C
  /// standard, Clang rejects a C++ one for C).
  std::optional<Language> Std;
};

/// A C or C++ source of the command line.
struct Source {
  std::string Path;
  Language Lang;
  /// dlbcc's to translate; else a plain C source, compiled as C.
  bool Translated;
};

/// dlbcxx's command line, sorted out.
struct Invocation {
  std::vector<Source> Sources;
  std::vector<Word> Words;        ///< the compiler's, in order, but -o
  std::vector<Word> Preprocessor; ///< -D, -U, -I, -std=, also for dlbcc
  std::string Output;
  bool CompileOnly = false;
  bool Keep = false;
  bool Show = false;
  bool Help = false;
  /// --openmp or -fopenmp: dlbcc --openmp (each rank is one thread).
  bool OpenMP = false;
};

/// The tools and files of one run.
struct Plan {
  std::string Dlbcc;
  std::string Mpicxx;
  std::string Mpicc;    ///< only if there is a plain C source
  Command CFlags, Libs; ///< dlbcc --cflags, dlbcc --libs
  std::string EmitDir;  ///< where the emitted files and objects go
  /// Each source's emitted file, or its object in EmitDir if it is plain C.
  std::vector<std::string> Made;
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

/// An object or a library, which a compiler that only compiles warns it
/// leaves unused.
bool isLinkerInput(llvm::StringRef Arg) {
  const llvm::StringRef Ext = llvm::sys::path::extension(Arg);
  return !Arg.starts_with("-") &&
         (Ext == ".o" || Ext == ".a" || Ext == ".so" || Arg.contains(".so."));
}

/// Whether dlbcc must translate the C source Path: it has a dlb pragma
/// (`#pragma dlb`, `_Pragma("dlb ...")`), or it defines main, which the
/// runtime's main takes the place of (dlbcc warns of a file of dlb loops
/// without main: the program's main must be translated too). The text is
/// searched, not parsed: a mention in a comment costs only a translation.
/// A file that cannot be read is dlbcc's to report. The same rule as
/// dlb_add_executable's (cmake/DLBAddExecutable.cmake); with --openmp, an
/// OpenMP pragma counts as a dlb one.
bool needsDlbcc(const std::string &Path, bool OpenMP) {
  static const llvm::Regex Needs(
      "#[ \t]*pragma[ \t]+dlb([^[:alnum:]_]|$)|"
      "_Pragma[ \t]*\\([ \t]*\"[ \t]*dlb([^[:alnum:]_]|$)|"
      "(^|[^[:alnum:]_])main[[:space:]]*\\(",
      llvm::Regex::Newline);
  static const llvm::Regex NeedsOpenMP(
      "#[ \t]*pragma[ \t]+omp([^[:alnum:]_]|$)", llvm::Regex::Newline);
  auto Text = llvm::MemoryBuffer::getFile(Path);
  return !Text || Needs.match((*Text)->getBuffer()) ||
         (OpenMP && NeedsOpenMP.match((*Text)->getBuffer()));
}

/// The source Path as dlbcxx handles it.
Source classify(llvm::StringRef Path, bool OpenMP) {
  const Language Lang =
      llvm::sys::path::extension(Path) == ".c" ? Language::C : Language::Cxx;
  return {Path.str(), Lang,
          Lang == Language::Cxx || needsDlbcc(Path.str(), OpenMP)};
}

/// Flag, a preprocessor flag, as a word; a -std= names its language.
Word preprocessorWord(const std::string &Flag) {
  Word W{Flag, std::nullopt, std::nullopt};
  if (llvm::StringRef(Flag).starts_with("-std="))
    W.Std = llvm::StringRef(Flag).contains("++") ? Language::Cxx : Language::C;
  return W;
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
    } else if (Arg == "--openmp" || Arg == "-fopenmp") {
      Inv.OpenMP = true;
    } else if (takeValue("-o", Argv, I, Argc, Value)) {
      Inv.Output = Value;
    } else if (Arg == "-o") {
      return "missing file name after '-o'";
    } else if (takePreprocessorFlag(Argv, I, Argc, Value)) {
      Inv.Preprocessor.push_back(preprocessorWord(Value));
      Inv.Words.push_back(Inv.Preprocessor.back());
    } else if (isSource(Arg)) {
      Inv.Words.push_back({Arg.str(), Inv.Sources.size(), std::nullopt});
      Inv.Sources.push_back({Arg.str(), Language::Cxx, true});
    } else {
      Inv.CompileOnly |= Arg == "-c";
      Inv.Words.push_back({Arg.str(), std::nullopt, std::nullopt});
    }
  }
  // Classified once --openmp (anywhere on the line) is known.
  for (Source &S : Inv.Sources)
    S = classify(S.Path, Inv.OpenMP);
  if (Inv.CompileOnly && !Inv.Output.empty() && Inv.Sources.size() > 1)
    return "cannot name one output (-o) for several sources with -c";
  return "";
}

/// The words that `Dlbcc Flag` prints (Flag: --cflags or --libs; with
/// OpenMP, --openmp too: OpenMP's API of one thread, dlb/openmp).
std::optional<Command> askDlbcc(const std::string &Dlbcc, llvm::StringRef Flag,
                                bool OpenMP) {
  llvm::SmallString<128> Answer;
  if (llvm::sys::fs::createTemporaryFile("dlbcxx", "txt", Answer))
    return std::nullopt;
  llvm::FileRemover Remover(Answer);
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt,
                                                llvm::StringRef(Answer),
                                                std::nullopt};
  std::vector<llvm::StringRef> Args = {Dlbcc, Flag};
  if (OpenMP)
    Args.push_back("--openmp");
  if (llvm::sys::ExecuteAndWait(Dlbcc, Args, std::nullopt, Redirects) != 0)
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
  if (llvm::any_of(Inv.Sources,
                   [](const Source &S) { return !S.Translated; })) {
    llvm::ErrorOr<std::string> Mpicc =
        llvm::sys::findProgramByName(DLBCC_MPICC);
    if (!Mpicc)
      return "cannot find the MPI C compiler '" DLBCC_MPICC
             "' for the C sources without '#pragma dlb'";
    P.Mpicc = *Mpicc;
  }
  std::optional<Command> CFlags = askDlbcc(P.Dlbcc, "--cflags", Inv.OpenMP);
  std::optional<Command> Libs = askDlbcc(P.Dlbcc, "--libs", false);
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
  for (const Source &S : Inv.Sources) {
    llvm::SmallString<256> Made(P.EmitDir);
    llvm::sys::path::append(Made, llvm::sys::path::stem(S.Path) +
                                      (S.Translated ? ".dlb.cpp" : ".o"));
    if (!Names.insert(Made).second)
      return std::string("two sources would be ") +
             (S.Translated ? "translated" : "compiled") + " to '" +
             Made.str().str() + "': rename one";
    P.Made.push_back(Made.str().str());
  }
  return "";
}

/// Whether word W, not a source's, goes to a compile of language Lang: a
/// -std= only if it names Lang; a linker input not to the compile of one
/// source (Single).
bool goesTo(const Word &W, Language Lang, bool Single) {
  return (!W.Std || *W.Std == Lang) && !(Single && isLinkerInput(W.Text));
}

/// The compiler's command for one source (\p Only: mpicxx's of its emitted
/// file, or mpicc's of a plain C source) or mpicxx's for all inputs, with
/// Output after -o (none if empty).
Command compilerCommand(const Invocation &Inv, const Plan &P,
                        std::optional<size_t> Only,
                        const std::string &Output) {
  const bool PlainC = Only && !Inv.Sources[*Only].Translated;
  Command Cmd = {PlainC ? P.Mpicc : P.Mpicxx};
  // A plain C source of an OpenMP program finds the same <omp.h>.
  if (!PlainC || Inv.OpenMP)
    Cmd.insert(Cmd.end(), P.CFlags.begin(), P.CFlags.end());
  // An emitted file includes the headers its source includes with quotes
  // ("x.h") from the source's directory.
  llvm::StringSet<> Dirs;
  for (size_t I = 0; I < Inv.Sources.size() && !PlainC; ++I) {
    llvm::SmallString<256> Dir(Inv.Sources[I].Path);
    llvm::sys::fs::make_absolute(Dir);
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    llvm::sys::path::remove_filename(Dir);
    if (Inv.Sources[I].Translated && (!Only || *Only == I) &&
        Dirs.insert(Dir).second) {
      Cmd.push_back("-iquote");
      Cmd.push_back(Dir.str().str());
    }
  }
  for (const Word &W : Inv.Words) {
    if (!W.Source &&
        goesTo(W, PlainC ? Language::C : Language::Cxx, Only.has_value()))
      Cmd.push_back(W.Text);
    else if (W.Source && (!Only || Only == W.Source))
      Cmd.push_back(PlainC ? Inv.Sources[*Only].Path : P.Made[*W.Source]);
  }
  if (Only && !Inv.CompileOnly)
    Cmd.push_back("-c");
  if (!Output.empty()) {
    Cmd.push_back("-o");
    Cmd.push_back(Output);
  }
  if (!Only && !Inv.CompileOnly)
    Cmd.insert(Cmd.end(), P.Libs.begin(), P.Libs.end());
  return Cmd;
}

/// dlbcc for each source it translates, then the compilers: once per
/// source when compiling only (an object named after the source, as a
/// compiler's), else mpicc for each plain C source, into an object in
/// EmitDir, and mpicxx once for all inputs.
std::vector<Command> commands(const Invocation &Inv, const Plan &P) {
  std::vector<Command> Commands;
  for (size_t I = 0; I < Inv.Sources.size(); ++I) {
    const Source &S = Inv.Sources[I];
    if (!S.Translated)
      continue;
    Command Translate = {P.Dlbcc};
    if (Inv.OpenMP)
      Translate.push_back("--openmp");
    for (const Word &W : Inv.Preprocessor)
      if (goesTo(W, S.Lang, /*Single=*/true))
        Translate.push_back(W.Text);
    Translate.push_back(S.Path);
    // The others, for the functions its loops call.
    for (size_t J = 0; J < Inv.Sources.size(); ++J)
      if (J != I)
        Translate.push_back(Inv.Sources[J].Path);
    Translate.insert(Translate.end(), {"-o", P.Made[I]});
    Commands.push_back(std::move(Translate));
  }
  for (size_t I = 0; I < Inv.Sources.size(); ++I) {
    std::string Object =
        Inv.Output.empty()
            ? (llvm::sys::path::stem(Inv.Sources[I].Path) + ".o").str()
            : Inv.Output;
    if (Inv.CompileOnly)
      Commands.push_back(compilerCommand(Inv, P, I, Object));
    else if (!Inv.Sources[I].Translated)
      Commands.push_back(compilerCommand(Inv, P, I, P.Made[I]));
  }
  if (!Inv.CompileOnly || Inv.Sources.empty())
    Commands.push_back(compilerCommand(Inv, P, std::nullopt, Inv.Output));
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
