// Vectors through the driver: lane loads and stores, swizzles, element-wise
// arithmetic, compares and selects, a variable lane index, reinterpreting casts,
// a vector parameter, a vector phi, an element-wise intrinsic and a vector call.
__kernel void vectors(__global float4 *A, __global int4 *B, __global uchar4 *C,
                      __global short2 *D, int4 p, int n) {
  int i = get_local_id(0);
  float4 acc = (float4)(0.0f);
  for (int j = 0; j < n; j++)
    acc = acc * A[i] + A[j];
  A[i] = acc.wzyx;
  int4 b = B[i];
  int4 m = b < p ? b : p;
  m[i & 3] = (int)acc.y;
  B[i] = (int4)(m.xy, b.zw);
  D[i] = as_short2(C[i]);
  A[i + 1] = ceil(acc);
}
