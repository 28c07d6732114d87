//pass
//--local_size=64 --num_groups=1

typedef struct {
  unsigned stride;
  unsigned offset;
} Layout;

// The same kernel, told that the stride is 1 or 2: distinct work items write
// distinct elements.
__kernel void k(__global int *out, Layout lay) {
  __assume(lay.stride == 1 || lay.stride == 2);
  __assume(lay.offset < 1024);
  unsigned l = get_local_id(0);
  out[l * lay.stride + lay.offset] = l;
}
