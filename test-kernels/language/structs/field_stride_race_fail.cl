//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//field_stride_race_fail\.cl:13:\d+: error: possible write-write race on out\[\d+\]

typedef struct {
  unsigned stride;
  unsigned offset;
} Layout;

// With a stride of 0 every work item writes the same element.
__kernel void k(__global int *out, Layout lay) {
  unsigned l = get_local_id(0);
  out[l * lay.stride + lay.offset] = l;
}
