// Region dimensions from the debug types of global arrays (lift/tests/report_facts.rs).
typedef int row[8];

__kernel void k(__global int *out) {
  __local float4 V[2][3][4];
  __local row R[4];
  __local int B[4][8];
  V[1][2][3].y = 1.0f;
  R[3][5] = 2;
  // Indexed by bytes: the dimensions do not describe it.
  ((__local char *)B)[get_local_id(0)] = 3;
  out[get_local_id(0)] = R[1][1] + (int)V[0][0][0].x;
}
