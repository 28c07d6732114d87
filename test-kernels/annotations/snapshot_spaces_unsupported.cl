//xfail:UNSUPPORTED
//--local_size=32 --num_groups=2
//snapshot_spaces_unsupported\.cl:9:3: `__array_snapshot` of `g` into `copy`: the arrays are in different memory spaces \(global and local\)

// A snapshot copies an array into another of the same memory space: a __local array is
// one per group, a __global one is shared by all.
__kernel void k(__global int *g) {
  __local int copy[32];
  __array_snapshot(copy, g);
  __assert(copy[get_local_id(0)] == g[get_local_id(0)]);
}
