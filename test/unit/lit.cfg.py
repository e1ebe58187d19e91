# Runs the GoogleTest unit tests as lit tests (one lit test per TEST).
import os
import lit.formats

config.name = "dlbcc-unit"
config.suffixes = []
config.test_source_root = config.unit_test_dir
config.test_exec_root = config.unit_test_dir
config.test_format = lit.formats.GoogleTest(".", "-tests")
# A sanitized build (DLB_SANITIZE): as in test/lit.cfg.py.
if config.sanitize_flags:
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=1"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    config.environment["UCX_MEM_MMAP_HOOK_MODE"] = "none"
