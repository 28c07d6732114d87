//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//pointer_copy_fail\.cl:12:\d+: error: possible write-write race on to\[\d+\]

// Every work item stores a pointer into the first node: different pointers collide.
struct node {
  __global int *next;
  int value;
};

__kernel void k(__global int *data, __global struct node *to) {
  to[0].next = data + get_global_id(0);
}
