//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=96
//error: possible [a-z-]+ race on force

// As `md_lj_force_pass.cl`, with Newton's third law applied the way a serial code does:
// each work item also subtracts the pair force from its neighbour's entry, force[jidx],
// with a plain read-modify-write. Two atoms sharing a neighbour update its force at once
// (and the neighbour writes its own entry too), so updates are lost.
__kernel void compute_lj_force(__global float4 *force, __global const float4 *position,
                               int neighCount, __global const int *neighList, float cutsq,
                               float lj1, float lj2, int inum) {
  __requires(inum == 12288 && neighCount >= 0 && neighCount <= 128);
  int idx = get_global_id(0);
  float4 ipos = position[idx];
  float4 f = (float4)(0.0f, 0.0f, 0.0f, 0.0f);
  for (int j = 0; j < neighCount; j++) {
    int jidx = neighList[j * inum + idx];
    float4 jpos = position[jidx];
    float delx = ipos.x - jpos.x;
    float dely = ipos.y - jpos.y;
    float delz = ipos.z - jpos.z;
    float r2inv = delx * delx + dely * dely + delz * delz;
    if (r2inv < cutsq) {
      r2inv = 1.0f / r2inv;
      float r6inv = r2inv * r2inv * r2inv;
      float fmag = r2inv * r6inv * (lj1 * r6inv - lj2);
      float4 fij = (float4)(delx * fmag, dely * fmag, delz * fmag, 0.0f);
      f += fij;
      force[jidx] -= fij;
    }
  }
  force[idx] += f;
}
