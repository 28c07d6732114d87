// Compiles only with -DWIDTH=<n> and an include directory holding extra.h.
#include "extra.h"

__kernel void widths(__global int *a) {
  a[get_global_id(0)] = WIDTH + EXTRA;
}
