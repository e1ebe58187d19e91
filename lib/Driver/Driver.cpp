//===- Driver.cpp - Command line, tool set-up, and atomic output ----------===//
//
// Owns runDriver (Driver.h): the command line, the compilation database,
// the pipeline's run on one input, and the output, written only on
// success through a temporary file renamed over it.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Driver/Driver.h"
#include "Config.h"
#include "dlbcc/Analysis/ProgramFunctions.h"
#include "dlbcc/Driver/Pipeline.h"
#include "dlbcc/Frontend/CSource.h"
#include "dlbcc/Support/CommandLine.h"

#include "clang/Basic/Version.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <boost/program_options.hpp>

#include <algorithm>
#include <iostream>

namespace po = boost::program_options;
using namespace clang::tooling;

namespace dlbcc {
namespace {

/// Where the runtime's headers and library are: next to the executable in an
/// install tree (PREFIX/bin, PREFIX/include, PREFIX/lib), or the source
/// include directory and BUILD/lib in the build tree.
struct RuntimePaths {
  std::string Include;
  std::string Lib;
};

RuntimePaths runtimePaths(const char *Argv0) {
  static int Anchor;
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, &Anchor);
  llvm::SmallString<256> Prefix(llvm::sys::path::parent_path(
      llvm::sys::path::parent_path(Exe)));
  RuntimePaths P;
  llvm::SmallString<256> Inc(Prefix), Lib(Prefix);
  llvm::sys::path::append(Inc, "include");
  llvm::sys::path::append(Lib, "lib");
  llvm::SmallString<256> Header(Inc);
  llvm::sys::path::append(Header, "dlb", "dlb.h");
  P.Include = llvm::sys::fs::exists(Header) ? Inc.str().str()
                                            : DLBCC_SOURCE_INCLUDE_DIR;
  P.Lib = Lib.str().str();
  return P;
}

int fail(const std::string &Message) {
  llvm::errs() << "dlbcc: error: " << Message << "\n";
  return 1;
}

/// Writes Text to Path through a temporary in the same directory, so that a
/// failure never leaves a half-written output.
int writeAtomically(const std::string &Path, const std::string &Text) {
  llvm::SmallString<256> Temp;
  int FD;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(
          Path + ".tmp-%%%%%%", FD, Temp))
    return fail("cannot create '" + Path + "': " + EC.message());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      llvm::sys::fs::remove(Temp);
      return fail("cannot write '" + Path + "'");
    }
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    return fail("cannot write '" + Path + "': " + EC.message());
  }
  return 0;
}

/// Clang's dependency file options on dlbcc's command line: -MD (every
/// included file) or -MMD (no system headers), -MF FILE, -MT TARGET.
struct DependencyFlags {
  bool Requested = false;
  clang::DependencyOutputOptions Options;
};

/// dlbcc's command line, sorted: its own arguments (for program_options),
/// Clang's (preprocessor flags before "--" first, then all after it), and
/// the dependency file's options, which dlbcc handles itself.
struct SortedArgs {
  std::vector<const char *> Own;
  std::vector<std::string> ClangArgs;
  DependencyFlags Deps;
};

SortedArgs sortCommandLine(int Argc, const char **Argv) {
  // Everything after "--" goes to Clang.
  int Split = Argc;
  for (int I = 1; I < Argc; ++I)
    if (std::string(Argv[I]) == "--") {
      Split = I;
      break;
    }
  // Preprocessor flags may also come before "--", as on a compiler's
  // command line (dlbcc prog.cpp -DN=2000 -o prog.dlb.cpp); they go to
  // Clang ahead of those after "--". So do the dependency file's options,
  // which dlbcc handles itself.
  SortedArgs CL;
  CL.Own = {Argv[0]};
  for (int I = 1; I < Split; ++I) {
    llvm::StringRef Arg(Argv[I]);
    std::string Value;
    if (Arg == "-MD" || Arg == "-MMD") {
      CL.Deps.Requested = true;
      CL.Deps.Options.IncludeSystemHeaders = Arg == "-MD";
    } else if (takeValue("-MF", Argv, I, Split, Value)) {
      CL.Deps.Options.OutputFile = Value;
    } else if (takeValue("-MT", Argv, I, Split, Value)) {
      CL.Deps.Options.Targets.push_back(Value);
    } else if (takePreprocessorFlag(Argv, I, Split, Value)) {
      CL.ClangArgs.push_back(Value);
    } else {
      CL.Own.push_back(Argv[I]);
    }
  }
  CL.ClangArgs.insert(CL.ClangArgs.end(), Argv + std::min(Split + 1, Argc),
                      Argv + Argc);
  return CL;
}

/// The options --help shows; -o and -p write to \p Output and \p BuildPath.
po::options_description visibleOptions(std::string &Output,
                                       std::string &BuildPath) {
  po::options_description Visible(
      "Usage: dlbcc INPUT.cpp [OTHER_SOURCES...] [-DNAME[=VALUE] -UNAME "
      "-IDIR -std=...]\n"
      "             -o OUTPUT.cpp [-MD | -MMD] [-MF FILE] [-MT TARGET]\n"
      "             [-- CLANG_ARGS...]\n"
      "       dlbcc --cflags | --libs [--sim]\n\n"
      "Translates a C++ program annotated with '#pragma dlb' into an MPI\n"
      "program that balances its loops with libdlb (a C program, INPUT.c,\n"
      "into the C++ one it becomes). Build the result with\n"
      "  mpicxx -O2 OUTPUT.cpp $(dlbcc --cflags) $(dlbcc --libs) -o prog\n"
      "(or in one step: dlbcxx -O2 INPUT.cpp -o prog), or for a simulated\n"
      "cluster (SimGrid's SMPI; run it with dlb-simulate)\n"
      "  smpicxx -O2 OUTPUT.cpp $(dlbcc --cflags --sim) $(dlbcc --libs --sim)"
      " -o prog\n\n"
      "OTHER_SOURCES, the program's other C or C++ files, are read for the\n"
      "functions they define: INPUT's loops may call those that pass the\n"
      "test of docs/annotations.md section 5 (dlbcxx gives each source the\n"
      "others).\n\n"
      "-MD writes the files the input includes (and OTHER_SOURCES) as a\n"
      "Make rule to FILE (default: OUTPUT with extension .d) for target\n"
      "TARGET (default: OUTPUT), as Clang's -MD; -MMD leaves out system\n"
      "headers.\n\n"
      "Options");
  Visible.add_options()("help,h", "print this help")(
      "version", "print the version")("output,o", po::value(&Output),
                                      "write the MPI program to this file "
                                      "(default: standard output)")(
      "build-path,p", po::value(&BuildPath),
      "read compile flags from DIR/compile_commands.json instead of '--', "
      "and the program's other sources from it when none is named")(
      "cflags", "print the flags mpicxx needs to compile an emitted program")(
      "libs", "print the flags mpicxx needs to link an emitted program")(
      "sim", "with --cflags or --libs: the flags for smpicxx and "
             "libdlb-smpi, the runtime built for SimGrid's SMPI")(
      "dump-annotations", "stop after parsing; print the annotations")(
      "dump-model", "stop after analysis; print the model of each loop")(
      "remarks", "report the work per iteration W(i) and the data per "
                 "iteration D of each loop as remarks")(
      "openmp", "read OpenMP's loop pragmas ('omp parallel for', 'omp "
                "for') as doall annotations (docs/openmp.md)");
  return Visible;
}

/// --cflags and --libs (with --sim: for SMPI): prints the flags of the
/// runtime in the tree dlbcc runs from; the exit status.
int printRuntimeFlags(const po::variables_map &VM, const char *Argv0) {
  const bool Sim = VM.count("sim") > 0;
  if (Sim && !VM.count("cflags") && !VM.count("libs"))
    return fail("--sim goes with --cflags or --libs");
  if (Sim && !DLB_SIMGRID)
    return fail("this dlbcc was built without SimGrid (configure with "
                "-DDLB_SIMGRID=ON; Debian: libsimgrid-dev)");
  RuntimePaths P = runtimePaths(Argv0);
  std::vector<std::string> Words;
  if (*DLBCC_SANITIZE_FLAGS)
    Words.push_back(DLBCC_SANITIZE_FLAGS);
  // smpicxx compiles C++11 unless told otherwise; the headers are C++17
  // (a later -std= of the user's wins).
  if (VM.count("cflags") && Sim)
    Words.push_back("-std=gnu++17");
  if (VM.count("cflags"))
    Words.push_back("-I" + P.Include);
  // dlbcc --openmp's programs: every <omp.h> is OpenMP's API of one thread.
  if (VM.count("cflags") && VM.count("openmp"))
    Words.push_back("-isystem" + P.Include + "/dlb/openmp");
  if (VM.count("libs")) {
    Words.push_back("-L" + P.Lib);
    if (Sim) {
      // Static: linked into the program, no run-time path.
      Words.push_back("-ldlb-smpi");
    } else {
      Words.push_back("-Wl,-rpath," + P.Lib);
      Words.push_back("-ldlb");
    }
  }
  for (size_t I = 0; I < Words.size(); ++I)
    std::cout << (I ? " " : "") << Words[I];
  std::cout << "\n";
  return 0;
}

/// The compile flags: from BuildPath/compile_commands.json, or from the
/// command line; null after reporting an error.
std::unique_ptr<CompilationDatabase>
compilationDatabase(const std::string &BuildPath, bool CSource,
                    const std::vector<std::string> &ClangArgs) {
  if (!BuildPath.empty()) {
    std::string Error;
    std::unique_ptr<CompilationDatabase> DB =
        CompilationDatabase::loadFromDirectory(BuildPath, Error);
    if (!DB)
      fail(Error);
    return DB;
  }
  // dlbcc emits C++: a C source is read as the C++ it becomes (as C,
  // Clang rejected -std=c++17 with an error and went on), converted
  // first where C converts implicitly and C++ does not (CSource.h); the
  // user's -std= names C's standard, which that conversion read it by.
  std::vector<std::string> Flags = {"-x", "c++", "-std=c++17"};
  // A variable length array is C99, an extension that g++ takes without a
  // warning.
  Flags.push_back("-Wno-vla-cxx-extension");
  for (const std::string &Arg : ClangArgs)
    if (!CSource || llvm::StringRef(Arg).find("-std=") != 0)
      Flags.push_back(Arg);
  return std::make_unique<FixedCompilationDatabase>(".", Flags);
}

/// -MD, -MMD, -MF and -MT as Clang takes them, into \p Opts; the exit
/// status of an error, or 0.
int dependencyOptions(DependencyFlags &Deps, const std::string &Output,
                      PipelineOptions &Opts) {
  if (!Deps.Requested && (!Deps.Options.OutputFile.empty() ||
                          !Deps.Options.Targets.empty()))
    return fail("-MF and -MT need -MD or -MMD");
  if (Deps.Requested) {
    if (Output.empty() || Output == "-")
      return fail("-MD and -MMD need -o OUTPUT");
    // As Clang's: the output's name with extension .d, and the output as
    // the rule's target.
    if (Deps.Options.OutputFile.empty()) {
      llvm::SmallString<256> Name(Output);
      llvm::sys::path::replace_extension(Name, "d");
      Deps.Options.OutputFile = Name.str().str();
    }
    if (Deps.Options.Targets.empty())
      Deps.Options.Targets.push_back(Output);
    Opts.Dependencies = Deps.Options;
  }
  return 0;
}

/// The directories searched after all others (-idirafter), for the headers
/// that g++ finds and Clang's resource directory lacks: OpenMP's API as
/// dlbcc's runtime declares it (GCC's omp.h is not Clang's C++), then
/// GCC's own headers (quadmath.h, ...).
std::vector<std::string> lastIncludes(const std::string &RuntimeInclude) {
  std::vector<std::string> Flags = {"-idirafter",
                                    RuntimeInclude + "/dlb/openmp"};
  if (*DLBCC_GCC_INCLUDE_DIR)
    Flags.insert(Flags.end(), {"-idirafter", DLBCC_GCC_INCLUDE_DIR});
  return Flags;
}

/// How one source is read: its compile flags, and a C source's text as the
/// C++ it becomes.
struct Reading {
  std::string Path;
  bool CSource = false;
  std::string Converted;
  std::unique_ptr<CompilationDatabase> DB;
  std::vector<std::string> LastIncludes; ///< lastIncludes()
};

/// Reading of Path with the flags Args (or BuildPath's database); nothing
/// after reporting an error.
std::optional<Reading> reading(const std::string &Path,
                               const std::string &BuildPath,
                               const std::vector<std::string> &Args,
                               const std::vector<std::string> &Last) {
  if (!llvm::sys::fs::exists(Path)) {
    fail("no such file: '" + Path + "'");
    return std::nullopt;
  }
  Reading R;
  R.Path = Path;
  R.LastIncludes = Last;
  // A C source outside a compilation database (which says how to read it).
  R.CSource = BuildPath.empty() && isCSource(Path);
  std::vector<std::string> CArgs = Args;
  CArgs.insert(CArgs.end(), Last.begin(), Last.end());
  if (R.CSource &&
      !cSourceAsCxx(Path, CArgs, DLBCC_CLANG_RESOURCE_DIR, R.Converted))
    return std::nullopt;
  R.DB = compilationDatabase(BuildPath, R.CSource, Args);
  if (!R.DB)
    return std::nullopt;
  return R;
}

/// Runs the stages \p Opts asks for on a source; whether they succeeded.
bool runStages(const Reading &In, const PipelineOptions &Opts,
               PipelineResult &Result) {
  ClangTool Tool(*In.DB, {In.Path});
  Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
      "-resource-dir=" DLBCC_CLANG_RESOURCE_DIR, ArgumentInsertPosition::END));
  Tool.appendArgumentsAdjuster(
      getInsertArgumentAdjuster(In.LastIncludes, ArgumentInsertPosition::END));
  Tool.setPrintErrorMessage(false);
  // The tool keeps the path and text as references: both outlive its run.
  llvm::SmallString<256> Absolute;
  if (In.CSource) {
    Absolute = In.Path;
    llvm::sys::fs::make_absolute(Absolute);
    Tool.mapVirtualFile(Absolute, In.Converted);
  }
  return Tool.run(makePipelineFactory(Opts, Result).get()) == 0 && Result.Ok;
}

/// Reads the program's other sources \p Paths for the functions they
/// define (warnings left to their own compiles); false after an error.
bool readOtherSources(llvm::ArrayRef<std::string> Paths,
                      const std::string &BuildPath,
                      std::vector<std::string> Args,
                      const std::vector<std::string> &Last, bool OpenMP,
                      ProgramFunctions &Program) {
  Args.push_back("-w");
  for (const std::string &Path : Paths) {
    // A -std= of the other language is the input's, not this source's.
    std::vector<std::string> Own;
    for (const std::string &Arg : Args)
      if (llvm::StringRef(Arg).find("-std=") != 0 ||
          (Arg.find("++") == std::string::npos) == isCSource(Path))
        Own.push_back(Arg);
    std::optional<Reading> In = reading(Path, BuildPath, Own, Last);
    PipelineOptions Opts;
    Opts.StopAfter = Stage::Functions;
    Opts.OpenMP = OpenMP;
    Opts.Program = &Program;
    PipelineResult Result;
    if (!In || !runStages(*In, Opts, Result)) {
      fail("cannot read '" + Path + "', another source of the program");
      return false;
    }
  }
  return true;
}

/// With -p and no other source named: the other sources of \p DB (the
/// translation units the build compiles), \p Input's own entry left out.
std::vector<std::string> databaseSources(const CompilationDatabase &DB,
                                         const std::string &Input) {
  llvm::SmallString<256> Self, Real;
  if (llvm::sys::fs::real_path(Input, Self))
    Self = Input;
  std::vector<std::string> Out;
  for (const std::string &Path : DB.getAllFiles()) {
    const bool Source =
        llvm::StringSwitch<bool>(llvm::sys::path::extension(Path))
            .Cases(".c", ".cc", ".cpp", ".cxx", ".C", true)
            .Default(false);
    if (Source && !llvm::sys::fs::real_path(Path, Real) && Real != Self)
      Out.push_back(Path);
  }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

/// The dependency rule \p Rule with \p Paths among its prerequisites.
std::string withPrerequisites(std::string Rule,
                              llvm::ArrayRef<std::string> Paths) {
  size_t End = 0;
  while ((End = Rule.find('\n', End)) != std::string::npos && End > 0 &&
         Rule[End - 1] == '\\')
    ++End;
  if (End == std::string::npos)
    End = Rule.size();
  std::string Added;
  for (const std::string &Path : Paths)
    Added += " \\\n  " + Path;
  return Rule.insert(End, Added);
}

/// Runs the pipeline on \p In and writes the result (with -o, to Output
/// and the dependency file, only on success); the exit status.
int runPipeline(const Reading &In, const PipelineOptions &Opts,
                const std::string &Output,
                llvm::ArrayRef<std::string> OtherSources) {
  PipelineResult Result;
  if (!runStages(In, Opts, Result))
    return 1;
  if (Opts.StopAfter != Stage::Emit) {
    std::cout << Result.Dump;
    return 0;
  }
  if (Output.empty() || Output == "-") {
    std::cout << Result.Output;
    return 0;
  }
  if (int Status = writeAtomically(Output, Result.Output))
    return Status;
  return Opts.Dependencies
             ? writeAtomically(
                   Opts.Dependencies->OutputFile,
                   withPrerequisites(Result.Dependencies, OtherSources))
             : 0;
}

} // namespace

int runDriver(int Argc, const char **Argv) {
  SortedArgs CL = sortCommandLine(Argc, Argv);
  std::string Output, BuildPath;
  po::options_description Visible = visibleOptions(Output, BuildPath);
  po::options_description All;
  std::vector<std::string> Inputs;
  All.add(Visible).add_options()("input", po::value(&Inputs));
  po::positional_options_description Positional;
  Positional.add("input", -1);
  po::variables_map VM;
  try {
    po::store(
        po::command_line_parser(static_cast<int>(CL.Own.size()), CL.Own.data())
            .options(All)
            .positional(Positional)
            .run(),
        VM);
    po::notify(VM);
  } catch (const po::error &E) {
    return fail(std::string(E.what()) + " (see dlbcc --help)");
  }

  if (VM.count("help")) {
    std::cout << Visible << "\n";
    return 0;
  }
  if (VM.count("version")) {
    std::cout << "dlbcc " << DLBCC_VERSION << " (Clang " << CLANG_VERSION_STRING
              << ")\nMPI library: " << DLBCC_MPI_LIBRARY << "\n";
    return 0;
  }
  if (VM.count("sim") || VM.count("cflags") || VM.count("libs"))
    return printRuntimeFlags(VM, Argv[0]);
  if (Inputs.empty())
    return fail("no input file (see dlbcc --help)");

  // OpenMP's API as one thread of a rank sees it (include/dlb/openmp).
  if (VM.count("openmp"))
    CL.ClangArgs.push_back("-isystem" + runtimePaths(Argv[0]).Include +
                           "/dlb/openmp");
  const std::vector<std::string> Last =
      lastIncludes(runtimePaths(Argv[0]).Include);
  std::optional<Reading> In = reading(Inputs[0], BuildPath, CL.ClangArgs, Last);
  if (!In)
    return 1;
  const std::vector<std::string> OtherSources =
      Inputs.size() == 1 && !BuildPath.empty()
          ? databaseSources(*In->DB, Inputs[0])
          : std::vector<std::string>(Inputs.begin() + 1, Inputs.end());
  ProgramFunctions Program;
  if (!readOtherSources(OtherSources, BuildPath, CL.ClangArgs, Last,
                        VM.count("openmp") > 0, Program))
    return 1;

  PipelineOptions Opts;
  if (VM.count("dump-annotations"))
    Opts.StopAfter = Stage::Parse;
  else if (VM.count("dump-model"))
    Opts.StopAfter = Stage::Analyze;
  Opts.Remarks = VM.count("remarks") > 0;
  Opts.OpenMP = VM.count("openmp") > 0;
  Opts.Program = &Program;
  if (int Status = dependencyOptions(CL.Deps, Output, Opts))
    return Status;
  return runPipeline(*In, Opts, Output, OtherSources);
}

} // namespace dlbcc
