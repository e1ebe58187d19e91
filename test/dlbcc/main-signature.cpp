// dlbcc renames main and calls it from the runtime: only the two standard
// signatures are supported.
// RUN: not %dlbcc %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

int main(int argc, char **argv, char **envp) {
// CHECK: :[[@LINE-1]]:5: error: main must be 'int main()' or 'int main(int, char **)'
  return argc + (argv != envp);
}
