//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//loop_race_fail\.cl:\d+:\d+: error: possible (write-write|read-write|write-read) race on a\[

// A loop whose body writes an element another thread reads.
__kernel void k(__global int *a, int n) {
  int i = get_global_id(0);
  for (int j = 0; j < n; j++) {
    a[i + 1] = a[i] + j;
  }
}
