# Runs the GoogleTest unit tests as lit tests (one lit test per TEST).
import os
import lit.formats

config.name = "dlbcc-unit"
config.suffixes = []
config.test_source_root = config.unit_test_dir
config.test_exec_root = config.unit_test_dir
config.test_format = lit.formats.GoogleTest(".", "-tests")
