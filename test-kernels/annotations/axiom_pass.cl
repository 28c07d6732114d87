//pass
//--local_size=64 --num_groups=8

// A file-scope axiom restricts every thread considered: no thread is in group 3, so the
// racy branch is never taken.
__axiom(get_group_id(0) != 3);

__kernel void scale(__global float *a) {
  unsigned i = get_global_id(0);
  if (get_group_id(0) != 3) {
    a[i] = 2.0f * a[i];
  } else {
    a[0] = 0.0f;
  }
}
