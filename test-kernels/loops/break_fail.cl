//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//break_fail\.cl:\d+:\d+: error: possible (read-write|write-read|write-write) race on a\[

__kernel void clear_until_negative(__global int *a, int n) {
  // After the break, each work item writes the next element, which another item reads
  // or writes in its own loop.
  int i;
  for (i = get_local_id(0); i < n; i += 64) {
    if (a[i] < 0)
      break;
  }
  a[i + 1] = 0;
}
