//pass
//--local_size=128 --num_groups=96

// Lennard-Jones forces with a neighbour list, after the public description of SHOC's MD
// benchmark: one work item per atom reads its position, walks its row of the
// column-major neighbour list (neighbour j of atom i at j * inum + i), reads each
// neighbour's position through the list, accumulates the force of the neighbours within
// the cutoff, and writes only its own force. 12,288 atoms with up to 128 neighbours each;
// 128 work items per group, 96 groups.
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
      f.x += delx * fmag;
      f.y += dely * fmag;
      f.z += delz * fmag;
    }
  }
  force[idx] = f;
}
