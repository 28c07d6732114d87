//pass
//--local_size=[120,1,1] --num_groups=[1,120,150]

// Lattice-Boltzmann D3Q19 stream-collide step in the shape of Parboil lbm: one work item per
// cell of the 120x120x150 grid (a work group per x row); distributions stored as 19 planes
// (structure of arrays) of a grid with two margin layers in z. Each cell reads its 19
// distributions, computes density and velocity, relaxes (BGK) towards equilibrium and pushes
// the new value of direction e to the neighbour cell in direction e of the destination grid.
#define SX 120
#define SY 120
#define SZ 150
#define MARGIN (2 * SX * SY)
#define PLANE (SX * SY * (SZ + 4))
#define CELL(x, y, z) (MARGIN + ((z) * SY + (y)) * SX + (x))
#define SRC(e) src[(e) * PLANE + CELL(x, y, z)]
#define DST(e, dx, dy, dz) dst[(e) * PLANE + CELL(x + (dx), y + (dy), z + (dz))]

__kernel void performStreamCollide(__global const float *src, __global float *dst,
                                   __global const int *obstacle, float omega) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  float f[19];
  for (int e = 0; e < 19; e++)
    f[e] = SRC(e);
  // C, N, S, E, W, T, B, NE, NW, SE, SW, NT, NB, ST, SB, ET, EB, WT, WB
  const int ex[19] = {0, 0, 0, 1, -1, 0, 0, 1, -1, 1, -1, 0, 0, 0, 0, 1, 1, -1, -1};
  const int ey[19] = {0, 1, -1, 0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1, 0, 0, 0, 0};
  const int ez[19] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1};
  if (obstacle[CELL(x, y, z)]) {
    // bounce back: the value arriving from direction e leaves in the opposite direction
    DST(0, 0, 0, 0) = f[0];
    DST(1, 0, 1, 0) = f[2];    DST(2, 0, -1, 0) = f[1];
    DST(3, 1, 0, 0) = f[4];    DST(4, -1, 0, 0) = f[3];
    DST(5, 0, 0, 1) = f[6];    DST(6, 0, 0, -1) = f[5];
    DST(7, 1, 1, 0) = f[10];   DST(8, -1, 1, 0) = f[9];
    DST(9, 1, -1, 0) = f[8];   DST(10, -1, -1, 0) = f[7];
    DST(11, 0, 1, 1) = f[14];  DST(12, 0, 1, -1) = f[13];
    DST(13, 0, -1, 1) = f[12]; DST(14, 0, -1, -1) = f[11];
    DST(15, 1, 0, 1) = f[18];  DST(16, 1, 0, -1) = f[17];
    DST(17, -1, 0, 1) = f[16]; DST(18, -1, 0, -1) = f[15];
    return;
  }
  float rho = 0.0f, ux = 0.0f, uy = 0.0f, uz = 0.0f;
  for (int e = 0; e < 19; e++) {
    rho += f[e];
    ux += ex[e] * f[e];
    uy += ey[e] * f[e];
    uz += ez[e] * f[e];
  }
  ux /= rho; uy /= rho; uz /= rho;
  float u2 = 1.5f * (ux * ux + uy * uy + uz * uz);
  for (int e = 0; e < 19; e++) {
    float w = e == 0 ? 1.0f / 3.0f : (e < 7 ? 1.0f / 18.0f : 1.0f / 36.0f);
    float eu = ex[e] * ux + ey[e] * uy + ez[e] * uz;
    float feq = w * rho * (1.0f + 3.0f * eu + 4.5f * eu * eu - u2);
    f[e] = (1.0f - omega) * f[e] + omega * feq;
  }
  for (int e = 0; e < 19; e++)
    DST(e, ex[e], ey[e], ez[e]) = f[e];
}
