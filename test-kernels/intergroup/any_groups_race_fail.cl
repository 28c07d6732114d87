//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=*
//error: possible write-write race on A\[0\]
//num_groups\.x = ([6-9]|[1-9][0-9]+)

// Groups 4 and 5 write the same element: a race that needs at least six groups, so a fixed
// --num_groups=4 would verify this kernel; `*` covers every number of groups.
__kernel void any_groups_race_fail(__global int *A) {
  size_t g = get_group_id(0);
  if (get_local_id(0) == 0 && (g == 4 || g == 5))
    A[0] = (int)g;
}
