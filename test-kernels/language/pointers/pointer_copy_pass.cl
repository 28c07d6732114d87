//pass
//--local_size=64 --num_groups=2

// Structs holding pointers are copied element by element; the pointers are data here.
struct node {
  __global int *next;
  int value;
};

__kernel void k(__global struct node *from, __global struct node *to) {
  size_t i = get_global_id(0);
  to[i].next = from[i].next;
  to[i].value = from[i].value + 1;
}
