//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --unroll=2
//do_while_fail\.cl:9:\d+: error: possible write-write race on a\[

__kernel void fill(__global int *a, int n) {
  // The same do-while loop with a stride of 32: items t and t + 32 meet.
  int i = get_local_id(0);
  do {
    a[i] = i;
    i += 32;
  } while (i < n);
}
