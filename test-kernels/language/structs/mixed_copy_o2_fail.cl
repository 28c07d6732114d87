//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --opt-level=2
//mixed_copy_o2_fail\.cl:\d+:\d+: error: possible write-write race on out\[\d+\]

// The struct stores of mixed_copy_o2_pass.cl, merged into one 8-byte write, and a byte
// of the next work item's struct: the race on that one byte is a race on the range.
typedef struct { short x; char y; char z; float w; } S;

__kernel void k(__global S *out, __global const S *in) {
  unsigned i = get_global_id(0);
  S s;
  s.x = in[i].x + 1; s.y = in[i].y; s.z = 3; s.w = in[i].w;
  out[i] = s;
  out[i + 1].y = 7;
}
