// A by-value struct parameter: field reads become uniform parameter variables named
// after the fields (nested structs, arrays, vector lanes); a copy of the whole struct
// (passing it on to a helper) reads 8-byte chunks, which are assumed to agree with
// the fields they overlap.
typedef struct {
  int n;
  struct { short lo; char tag; } in;
  int arr[3];
  float4 scale;
} Params;

static int second(Params p) { return p.arr[1]; }

__kernel void byval(__global float *out, Params q) {
  int i = get_local_id(0);
  if (q.in.tag)
    barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = q.scale.y * (float)(q.n + q.arr[2] + second(q));
}
