//pass
//--local_size=64 --num_groups=2 --opt-level=2

// At -O2 the struct is built field by field and stored as a 2-, two 1- and a 4-byte
// store: merged into one 8-byte write (one race check instead of four).
typedef struct { short x; char y; char z; float w; } S;

__kernel void k(__global S *out, __global const S *in) {
  unsigned i = get_global_id(0);
  S s;
  s.x = in[i].x + 1; s.y = in[i].y; s.z = 3; s.w = in[i].w;
  out[i] = s;
}
