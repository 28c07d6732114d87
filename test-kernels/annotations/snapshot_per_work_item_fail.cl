//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1
//snapshot_per_work_item_fail\.cl:19:3: error: this assertion might not hold

// A snapshot of a private array is the work item's own: two work items of one group do
// not share it, even after a loop that writes it (the loop's arbitrary state keeps the
// two work items' private arrays apart).
__kernel void k(__global int *out, int n) {
  int acc[4];
  int start[4];
  for (int j = 0; j < 4; j++)
    acc[j] = (int)get_local_id(0);
  int i = 0;
  while (i < n) {
    __array_snapshot(start, acc);
    acc[i & 3] = acc[i & 3] + 1;
    i++;
  }
  __assert(start[0] == __other_int(start[0]));
  out[get_global_id(0)] = start[0];
}
