//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on a\[0\]

// The axiom is about another value than the one the branch tests, so the racy branch is
// still reachable.
__axiom(get_local_size(0) == 64);

__kernel void scale(__global float *a) {
  unsigned i = get_global_id(0);
  if (get_group_id(0) != 3) {
    a[i] = 2.0f * a[i];
  } else {
    a[0] = 0.0f;
  }
}
