//pass
//--local_size=64 --num_groups=2

// Each work item updates its own copy of a by-value struct, then writes its own element.
typedef struct { int base; int step; } Range;

__kernel void k(__global int *out, Range r) {
  r.base += get_global_id(0) * r.step;
  out[get_global_id(0)] = r.base;
}
