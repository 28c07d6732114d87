//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//error: unsupported: .*atomic

__kernel void k(__global int *counter) {
  atomic_add(&counter[0], 1);
}
