//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible_sources_fail\.cl:17:\d+: error: possible read-write race on A\[\d+\]:
//Read by work item \d+ with local id \d+ in work group 0, possible sources are:\n\S*possible_sources_fail\.cl:13:\d+:\n.*\n.*\n\S*possible_sources_fail\.cl:15:\d+:\n.*\n.*\nnote:

// The reads of A happen in a loop too long to unroll, so it is cut with invariants: which
// read the racing work item made is not known, and both reads of A in the loop are listed,
// in source order. The read of B (another array) is not a possible source of a read of A.

__kernel void k(__local int *A, __global int *B, __global int *out) {
  int x = 0;
  for (int i = 0; i < 100; i++) {
    x += A[i];
    x += B[i];
    x += A[i / 2];
  }
  A[get_local_id(0)] = x;
  out[get_local_id(0)] = x;
}
