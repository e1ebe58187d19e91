//===- Pipeline.cpp - The frontend action that runs dlbcc's stages --------===//
//
// Owns the frontend action that runs dlbcc's stages in order (Pipeline.h):
// parse and bind, analyze each loop (with its remarks), plan residency,
// check the program as a whole, emit; and the recorders of macro
// expansions and dependencies it attaches to the preprocessor.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Driver/Pipeline.h"
#include "dlbcc/Analysis/HookPlacement.h"
#include "dlbcc/Analysis/MainFunction.h"
#include "dlbcc/Analysis/OpenMPSharing.h"
#include "dlbcc/Analysis/Pipeline.h"
#include "dlbcc/Analysis/ProgramFunctions.h"
#include "dlbcc/Analysis/Residency.h"
#include "dlbcc/Analysis/WorkModel.h"
#include "dlbcc/CodeGen/CostSpelling.h"
#include "dlbcc/CodeGen/Emitter.h"
#include "dlbcc/Frontend/OpenMP.h"
#include "dlbcc/Frontend/PragmaHandler.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "Config.h"

using namespace clang;

namespace dlbcc {
namespace {

/// Records every macro expansion in the main file.
class MacroRecorder : public PPCallbacks {
public:
  MacroRecorder(const SourceManager &SM, std::vector<MacroUse> &Uses)
      : SM(SM), Uses(Uses) {}
  void MacroExpands(const Token &Name, const MacroDefinition &MD,
                    SourceRange Range, const MacroArgs *) override {
    SourceLocation Loc = SM.getExpansionLoc(Name.getLocation());
    const MacroInfo *Info = MD.getMacroInfo();
    if (!SM.isInMainFile(Loc) || !Info)
      return;
    Uses.push_back({Name.getIdentifierInfo()->getName().str(), Loc,
                    Info->getDefinitionLoc()});
  }

private:
  const SourceManager &SM;
  std::vector<MacroUse> &Uses;
};

/// Clang's dependency file generator, with the file's text kept in a string:
/// the driver writes it only if the translation succeeds.
class DependencyRecorder : public DependencyFileGenerator {
public:
  DependencyRecorder(const DependencyOutputOptions &Opts, std::string &Text)
      : DependencyFileGenerator(Opts), Text(Text) {}
  void finishedMainFile(DiagnosticsEngine &) override {
    llvm::raw_string_ostream OS(Text);
    outputDependencyFile(OS);
  }

private:
  std::string &Text;
};

class PipelineConsumer : public SemaConsumer {
public:
  PipelineConsumer(const PipelineOptions &Opts, PipelineResult &Result,
                   AnnotationSet &Set, DlbPragmaHandler &Handler, Rewriter &R,
                   std::vector<MacroUse> &Macros, OpenMPSource &OpenMP)
      : Opts(Opts), Result(Result), Set(Set), Handler(Handler), R(R),
        Macros(Macros), OpenMP(OpenMP) {}

  void InitializeSema(Sema &S) override { Handler.setSema(&S); }
  void ForgetSema() override { Handler.setSema(nullptr); }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    // Bind even after errors, so misplaced pragmas are reported too.
    bindAnnotations(Set, Ctx);
    if (Opts.OpenMP)
      bindOpenMP(OpenMP, Set, Ctx);
    if (DE.hasErrorOccurred())
      return;
    if (Opts.StopAfter == Stage::Functions) {
      std::vector<const ForStmt *> Loops;
      for (const Annotation &A : Set.Annotations)
        Loops.push_back(A.Loop);
      summarizeFunctions(Ctx, Loops, *Opts.Program);
      Result.Ok = true;
      return;
    }
    llvm::raw_string_ostream Dump(Result.Dump);
    if (Opts.StopAfter == Stage::Parse) {
      // In source order (OpenMP's annotations come after the dlb ones).
      std::vector<const Annotation *> Sorted;
      for (const Annotation &A : Set.Annotations)
        Sorted.push_back(&A);
      const SourceManager &SM = Ctx.getSourceManager();
      llvm::stable_sort(Sorted, [&](const Annotation *X, const Annotation *Y) {
        return SM.isBeforeInTranslationUnit(X->HashLoc, Y->HashLoc);
      });
      for (const Annotation *A : Sorted)
        A->print(Dump, SM, Ctx.getPrintingPolicy());
      Result.Ok = true;
      return;
    }
    AnalysisContext ACtx{Ctx, {}, {}, std::move(Macros), Opts.Program};
    for (const Annotation &A : Set.Annotations) {
      ACtx.AnnotatedLoops.push_back(A.Loop);
      if (!A.OpenMP)
        ACtx.MarkerLocs.insert(A.DirectiveLoc);
    }
    auto Spell = [&](const CostExpr &E) { return spellCost(E, Ctx); };
    std::vector<LoopModel> Models;
    std::vector<const Annotation *> Sequential;
    for (const Annotation &A : Set.Annotations) {
      if (A.Kind == LoopKind::DoAcross && !pipelinedLoop(A, Ctx)) {
        Sequential.push_back(&A);
        continue;
      }
      std::optional<LoopModel> M = analyzeLoop(A, ACtx);
      if (!M)
        continue;
      checkOpenMPSharing(*M, DE);
      if (Opts.Remarks) {
        remarkWorkAndData(*M, Spell, DE);
        remarkSchedule(*M, Spell, DE);
        if (M->Pipeline)
          remarkPipeline(*M, DE);
        remarkHooks(*M, DE);
      }
      Models.push_back(std::move(*M));
    }
    if (DE.hasErrorOccurred())
      return;
    planResidency(Models, ACtx);
    if (Opts.StopAfter == Stage::Analyze) {
      for (const LoopModel &M : Models)
        M.print(Dump, Ctx, Spell);
      Result.Ok = true;
      return;
    }
    // The program as a whole, checked before anything is emitted.
    for (const Annotation *A : Sequential)
      reportSequential(*A, DE);
    const std::optional<MainFunction> Main = checkMain(Ctx, !Models.empty());
    if (!Main || DE.hasErrorOccurred())
      return;
    Emitter E(Ctx, R, Opts.OpenMP ? &OpenMP : nullptr);
    E.emit(Models, Sequential, *Main);
    Result.Output = E.result();
    Result.Ok = true;
  }

private:
  const PipelineOptions &Opts;
  PipelineResult &Result;
  AnnotationSet &Set;
  DlbPragmaHandler &Handler;
  Rewriter &R;
  std::vector<MacroUse> &Macros;
  OpenMPSource &OpenMP;
};

class PipelineAction : public ASTFrontendAction {
public:
  PipelineAction(const PipelineOptions &Opts, PipelineResult &Result)
      : Opts(Opts), Result(Result), Handler(Set) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().AddPragmaHandler(&Handler);
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<MacroRecorder>(CI.getSourceManager(), Macros));
    if (Opts.OpenMP)
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<OmpPragmaRecorder>(CI.getSourceManager(), OpenMP));
    if (Opts.Dependencies) {
      Dependencies = std::make_unique<DependencyRecorder>(
          *Opts.Dependencies, Result.Dependencies);
      Dependencies->attachToPreprocessor(CI.getPreprocessor());
    }
    return true;
  }
  void EndSourceFileAction() override {
    getCompilerInstance().getPreprocessor().RemovePragmaHandler(&Handler);
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    R.setSourceMgr(CI.getSourceManager(), CI.getLangOpts());
    return std::make_unique<PipelineConsumer>(Opts, Result, Set, Handler, R,
                                              Macros, OpenMP);
  }

private:
  const PipelineOptions &Opts;
  PipelineResult &Result;
  AnnotationSet Set;
  DlbPragmaHandler Handler;
  Rewriter R;
  std::vector<MacroUse> Macros;
  OpenMPSource OpenMP;
  std::unique_ptr<DependencyRecorder> Dependencies;
};

class PipelineFactory : public tooling::FrontendActionFactory {
public:
  PipelineFactory(const PipelineOptions &Opts, PipelineResult &Result)
      : Opts(Opts), Result(Result) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<PipelineAction>(Opts, Result);
  }

private:
  const PipelineOptions &Opts;
  PipelineResult &Result;
};

} // namespace

std::unique_ptr<tooling::FrontendActionFactory>
makePipelineFactory(const PipelineOptions &Opts, PipelineResult &Result) {
  return std::make_unique<PipelineFactory>(Opts, Result);
}

bool runPipelineOnCode(StringRef Code, StringRef FileName,
                       const std::vector<std::string> &Args,
                       const PipelineOptions &Opts, PipelineResult &Result,
                       DiagnosticConsumer &Diags) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(FileName, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  auto Files =
      llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Overlay);
  std::vector<std::string> CommandLine = {
      "dlbcc", "-fsyntax-only", "-std=c++17",
      "-resource-dir=" DLBCC_CLANG_RESOURCE_DIR};
  CommandLine.insert(CommandLine.end(), Args.begin(), Args.end());
  CommandLine.push_back(FileName.str());
  tooling::ToolInvocation Invocation(
      CommandLine, std::make_unique<PipelineAction>(Opts, Result),
      Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  return Invocation.run() && Result.Ok;
}

} // namespace dlbcc
