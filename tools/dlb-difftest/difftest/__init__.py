# difftest: the differential tester of dlbcc (see docs/testing.md).
# generator.py writes random annotated programs, runner.py builds and runs
# them against the sequential build, reduce.py shrinks failures and
# summary.py tallies a campaign; the driver is ../dlb-difftest.
