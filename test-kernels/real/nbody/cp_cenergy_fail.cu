//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,8] --gridDim=[6,96]

// As cp_cenergy_pass.cu with the row's x index computed without the UNROLLX factor
// (blockIdx.x * blockDim.x + threadIdx.x): neighbouring blocks' 8-point strips overlap.
// ISPASS-2009 CP (coulombic potential, from VMD's cionize), written from the public
// description: a 768x768 slice of a lattice; atoms (x, y, dz^2, charge) sit in constant
// memory. Each thread computes the potential at UNROLLX = 8 lattice points of its row,
// BLOCKSIZEX = 16 points apart, summing over all atoms, and adds each to the energy grid.
// 16x8 blocks; 768 / (16 * 8) -> 6 blocks across, 768 / 8 -> 96 down.
#define BLOCKSIZEX 16
#define UNROLLX 8
#define MAXATOMS 4000
struct atom { float x, y, z, w; };
__constant__ atom atominfo[MAXATOMS];

__global__ void cenergy(int numatoms, float gridspacing, float *energygrid) {
  __requires(numatoms >= 0 && numatoms <= MAXATOMS);
  unsigned int xindex = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int yindex = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned int outaddr = gridDim.x * blockDim.x * UNROLLX * yindex + xindex;
  float coory = gridspacing * yindex;
  float coorx = gridspacing * xindex;
  float e1 = 0, e2 = 0, e3 = 0, e4 = 0, e5 = 0, e6 = 0, e7 = 0, e8 = 0;
  float gridspacing_coalesce = gridspacing * BLOCKSIZEX;
  for (int atomid = 0; atomid < numatoms; atomid++) {
    float dy = coory - atominfo[atomid].y;
    float dyz2 = dy * dy + atominfo[atomid].z;
    float dx1 = coorx - atominfo[atomid].x;
    float dx2 = dx1 + gridspacing_coalesce;
    float dx3 = dx2 + gridspacing_coalesce;
    float dx4 = dx3 + gridspacing_coalesce;
    float dx5 = dx4 + gridspacing_coalesce;
    float dx6 = dx5 + gridspacing_coalesce;
    float dx7 = dx6 + gridspacing_coalesce;
    float dx8 = dx7 + gridspacing_coalesce;
    float q = atominfo[atomid].w;
    e1 += q * rsqrtf(dx1 * dx1 + dyz2);
    e2 += q * rsqrtf(dx2 * dx2 + dyz2);
    e3 += q * rsqrtf(dx3 * dx3 + dyz2);
    e4 += q * rsqrtf(dx4 * dx4 + dyz2);
    e5 += q * rsqrtf(dx5 * dx5 + dyz2);
    e6 += q * rsqrtf(dx6 * dx6 + dyz2);
    e7 += q * rsqrtf(dx7 * dx7 + dyz2);
    e8 += q * rsqrtf(dx8 * dx8 + dyz2);
  }
  energygrid[outaddr] += e1;
  energygrid[outaddr + 1 * BLOCKSIZEX] += e2;
  energygrid[outaddr + 2 * BLOCKSIZEX] += e3;
  energygrid[outaddr + 3 * BLOCKSIZEX] += e4;
  energygrid[outaddr + 4 * BLOCKSIZEX] += e5;
  energygrid[outaddr + 5 * BLOCKSIZEX] += e6;
  energygrid[outaddr + 6 * BLOCKSIZEX] += e7;
  energygrid[outaddr + 7 * BLOCKSIZEX] += e8;
}
