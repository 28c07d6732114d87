//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=2 --no-annotations
//no_annotations_fail\.cl:8:\d+: error: possible (read-write|write-read) race

// --no-annotations also drops the precondition that made the kernel race-free.
__kernel void k(__global int *A, int j) {
  __requires(j == 0);
  A[get_global_id(0)] = A[get_global_id(0) + j];
}
