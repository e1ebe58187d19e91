# lit configuration of the dlbcc test suite.
import os
import lit.formats

config.name = "dlbcc"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cpp", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.dlbcc_obj_root, "test")
config.excludes = ["Inputs", "check-example.sh", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py.in"]

bin_dir = os.path.join(config.dlbcc_obj_root, "bin")
lib_dir = os.path.join(config.dlbcc_obj_root, "lib")
inc_dir = os.path.join(config.dlbcc_src_root, "include")
path = os.pathsep.join([bin_dir, config.llvm_tools_dir,
                        config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path
# MPICH: no hydra topology warnings, and never busy-poll when oversubscribed.
config.environment["HYDRA_TOPO_DEBUG"] = "0"
# DLB_MATRIX (check-example.sh): how many runs --all-strategies makes.
for var in ["HOME", "TMPDIR", "DLB_MATRIX"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
# The suite's loops are small: the runtime would run most of them on rank 0
# alone (runtime/execution/Profit.h). Distribute every execution, so that the tests
# exercise distribution; tests of that decision unset this. The watchdog
# at 60 s: a run that hangs reports what it waits for before the scripts'
# 120 s timeouts kill it (once, a sanitized 3-rank run was killed silently).
config.environment["DLB_OPTIONS"] = "--dlb-distribute=always --dlb-timeout=60"
# Programs cache the network profile they measure at start-up: the tests use
# a cache of their own, never the user's.
config.environment["XDG_CACHE_HOME"] = os.path.join(config.test_exec_root,
                                                    "cache")

dlb_flags = "-I%s -L%s -ldlb -Wl,-rpath,%s" % (inc_dir, lib_dir, lib_dir)
config.substitutions.append(("%dlbcc_src_root", config.dlbcc_src_root))
config.substitutions.append(("%dlbcc_obj_root", config.dlbcc_obj_root))
config.substitutions.append(("%dlbcc", os.path.join(bin_dir, "dlbcc")))
# A sanitized build (DLB_SANITIZE): programs are built by the same Clang
# with the same sanitizers as libdlb; MPI leaks by design, and a sanitizer
# finding fails the test.
mpicxx = config.mpicxx + " -std=c++17 -O2"
if config.sanitize_flags:
    config.available_features.add("sanitize")
    # Clang warns about mpicxx's link flags in -fsyntax-only runs.
    mpicxx += " -Wno-unused-command-line-argument " + config.sanitize_flags
    config.environment["MPICH_CXX"] = config.cxx
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=1"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    # UCX (under MPICH) patches mmap at load time, which crashes under
    # AddressSanitizer's interceptors.
    config.environment["UCX_MEM_MMAP_HOOK_MODE"] = "none"
    # The sanitizers look at code paths, which one run a strategy takes
    # (check-example.sh); the unsanitized suite runs the pairs.
    config.environment.setdefault("DLB_MATRIX", "sample")
config.substitutions.append(("%mpicxx", mpicxx))
config.substitutions.append(("%dlb_flags", dlb_flags))
config.substitutions.append(("%mpiexec", "timeout 300 " + config.mpiexec))
config.substitutions.append(("%seqcxx", config.cxx +
                             " -std=c++17 -O2 -Wno-unknown-pragmas"))
config.environment["DLBCC"] = os.path.join(bin_dir, "dlbcc")
config.environment["MPICXX"] = config.mpicxx
config.environment["MPIEXEC"] = config.mpiexec
config.environment["SEQCXX"] = config.cxx
config.substitutions.append(("%check_example", "bash " + os.path.join(
    config.test_source_root, "e2e", "check-example.sh")))
config.substitutions.append(("%examples",
                             os.path.join(config.dlbcc_src_root, "examples")))
config.substitutions.append(("%inputs",
                             os.path.join(config.test_source_root, "Inputs")))
# libdlb-smpi and dlb-simulate were built (DLB_SIMGRID): test/sim builds
# emitted programs with smpicxx and runs them on simulated clusters.
if config.simgrid.upper() in ("ON", "TRUE", "YES", "1"):
    config.available_features.add("simgrid")
    config.substitutions.append(("%smpicxx", config.smpicxx + " -std=c++17 -O2"))
