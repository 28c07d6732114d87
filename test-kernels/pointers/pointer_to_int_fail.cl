//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//pointer_to_int_fail\.cl:\d+:\d+: error: possible write-write race on A\[0\]
//note: confirmed by execution

// The address's bits are not known: the branch that makes every work item write A[0]
// may be taken.
__kernel void k(__global int *A) {
  size_t bits = (size_t)A;
  if ((bits & 15) == 4)
    A[0] = (int)get_local_id(0);
  else
    A[get_local_id(0)] = 2;
}
