/* twin.c - another program of the same build defines smooth() with a side
 * effect (other-sources.cpp): a loop may call smooth only if every
 * definition the build compiles passes. */
int twin_calls;

double smooth(double x) {
  twin_calls++;
  return x;
}
