//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//if_race_fail\.cl:\d+:\d+: error: possible (write-write|read-write|write-read) race on a\[

// Odd threads write their neighbour's element inside an else arm.
__kernel void k(__global int *a) {
  int i = get_global_id(0);
  if (i % 2 == 0) {
    a[i] = 1;
  } else {
    a[i - 1] = 2;
  }
}
