// The size of consumer's array; package.test touches it to check that
// dlbcc translates main.cpp again.
#define N 100
