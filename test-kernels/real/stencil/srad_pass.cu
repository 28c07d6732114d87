//pass
//--blockDim=[16,16] --gridDim=[128,128]

// Rodinia srad_v2's srad_cuda_1, written from the public description: speckle-reducing
// anisotropic diffusion on a 2048x2048 image, 16x16 blocks. The block's edge threads load the
// rows and columns just outside its tile (clamped at the image border) into north/south/
// west/east shared tiles; after a barrier every thread loads its pixel into temp; after a
// barrier each thread takes the four directional derivatives from temp (or the halo tiles at
// the tile's edge), computes the diffusion coefficient and stores derivatives and
// coefficient to global arrays at its pixel. 2048 / 16 -> 128x128 blocks.
#define BLOCK_SIZE 16

__global__ void srad_cuda_1(float *E_C, float *W_C, float *N_C, float *S_C, float *J_cuda,
                            float *C_cuda, int cols, int rows, float q0sqr) {
  __requires(cols == 2048 && rows == 2048);
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int index = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + tx;
  int index_n = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + tx - cols;
  int index_s = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * BLOCK_SIZE + tx;
  int index_w = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty - 1;
  int index_e = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + BLOCK_SIZE;
  float n, w, e, s, jc, g2, l, num, den, qsqr, c;
  __shared__ float temp[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float temp_result[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float north[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float south[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float east[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float west[BLOCK_SIZE][BLOCK_SIZE];
  if (by == 0)
    north[ty][tx] = J_cuda[BLOCK_SIZE * bx + tx];
  else
    north[ty][tx] = J_cuda[index_n];
  if (by == gridDim.y - 1)
    south[ty][tx] = J_cuda[cols * BLOCK_SIZE * (gridDim.y - 1) + BLOCK_SIZE * bx +
                           cols * (BLOCK_SIZE - 1) + tx];
  else
    south[ty][tx] = J_cuda[index_s];
  __syncthreads();
  if (bx == 0)
    west[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + cols * ty];
  else
    west[ty][tx] = J_cuda[index_w];
  if (bx == gridDim.x - 1)
    east[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + BLOCK_SIZE * (gridDim.x - 1) + cols * ty +
                          BLOCK_SIZE - 1];
  else
    east[ty][tx] = J_cuda[index_e];
  __syncthreads();
  temp[ty][tx] = J_cuda[index];
  __syncthreads();
  jc = temp[ty][tx];
  if (ty == 0 && tx == 0) {
    n = north[ty][tx] - jc; s = temp[ty + 1][tx] - jc;
    w = west[ty][tx] - jc;  e = temp[ty][tx + 1] - jc;
  } else if (ty == 0 && tx == BLOCK_SIZE - 1) {
    n = north[ty][tx] - jc; s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc; e = east[ty][tx] - jc;
  } else if (ty == BLOCK_SIZE - 1 && tx == BLOCK_SIZE - 1) {
    n = temp[ty - 1][tx] - jc; s = south[ty][tx] - jc;
    w = temp[ty][tx - 1] - jc; e = east[ty][tx] - jc;
  } else if (ty == BLOCK_SIZE - 1 && tx == 0) {
    n = temp[ty - 1][tx] - jc; s = south[ty][tx] - jc;
    w = west[ty][tx] - jc;     e = temp[ty][tx + 1] - jc;
  } else if (ty == 0) {
    n = north[ty][tx] - jc;    s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc; e = temp[ty][tx + 1] - jc;
  } else if (tx == BLOCK_SIZE - 1) {
    n = temp[ty - 1][tx] - jc; s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc; e = east[ty][tx] - jc;
  } else if (ty == BLOCK_SIZE - 1) {
    n = temp[ty - 1][tx] - jc; s = south[ty][tx] - jc;
    w = temp[ty][tx - 1] - jc; e = temp[ty][tx + 1] - jc;
  } else if (tx == 0) {
    n = temp[ty - 1][tx] - jc; s = temp[ty + 1][tx] - jc;
    w = west[ty][tx] - jc;     e = temp[ty][tx + 1] - jc;
  } else {
    n = temp[ty - 1][tx] - jc; s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc; e = temp[ty][tx + 1] - jc;
  }
  g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
  l = (n + s + w + e) / jc;
  num = (0.5f * g2) - ((1.0f / 16.0f) * (l * l));
  den = 1 + (.25f * l);
  qsqr = num / (den * den);
  den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
  c = 1.0f / (1.0f + den);
  if (c < 0) temp_result[ty][tx] = 0;
  else if (c > 1) temp_result[ty][tx] = 1;
  else temp_result[ty][tx] = c;
  __syncthreads();
  C_cuda[index] = temp_result[ty][tx];
  E_C[index] = e;
  W_C[index] = w;
  S_C[index] = s;
  N_C[index] = n;
}
