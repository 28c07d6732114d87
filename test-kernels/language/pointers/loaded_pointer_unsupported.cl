//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//loaded_pointer_unsupported\.cl:11:\d+: error: unsupported: use of a pointer loaded from memory

// A pointer read from a buffer is data to lockstep: writing through it is unsupported.
struct node {
  __global int *next;
};

__kernel void k(__global struct node *nodes) {
  nodes[get_global_id(0)].next[0] = 1;
}
