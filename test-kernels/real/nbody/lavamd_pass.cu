//pass
//--blockDim=128 --gridDim=1000

// Rodinia lavaMD's kernel_gpu_cuda, written from the public description: particles in a
// 10x10x10 grid of boxes (1000 boxes, 100 particles each), one 128-thread block per box.
// The block copies its box's positions into shared memory; then for its box and each of
// its up to 26 neighbours it copies that box's positions and charges into shared memory
// (barrier), each thread accumulates the forces on its particles from all 100 particles
// (barrier), and moves on. Box bx's particles start at bx * 100 (as the host lays them out).
#define NUMBER_PAR_PER_BOX 100
#define NUMBER_THREADS 128
typedef struct { float v, x, y, z; } FOUR_VECTOR;
typedef struct { int x, y, z; int number; long offset; } nei_str;
typedef struct { int x, y, z; int number; long offset; int nn; nei_str nei[26]; } box_str;
typedef struct { float alpha; } par_str;
typedef struct { long number_boxes; } dim_str;

__global__ void kernel_gpu_cuda(par_str d_par_gpu, dim_str d_dim_gpu, box_str *d_box_gpu,
                                FOUR_VECTOR *d_rv_gpu, float *d_qv_gpu, FOUR_VECTOR *d_fv_gpu) {
  __requires(d_dim_gpu.number_boxes == 1000);
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  int wtx = tx;
  if (bx < d_dim_gpu.number_boxes) {
    float a2 = 2.0f * d_par_gpu.alpha * d_par_gpu.alpha;
    long first_i = (long)bx * NUMBER_PAR_PER_BOX;
    FOUR_VECTOR *rA = &d_rv_gpu[first_i];
    FOUR_VECTOR *fA = &d_fv_gpu[first_i];
    __shared__ FOUR_VECTOR rA_shared[NUMBER_PAR_PER_BOX];
    __shared__ FOUR_VECTOR rB_shared[NUMBER_PAR_PER_BOX];
    __shared__ float qB_shared[NUMBER_PAR_PER_BOX];
    while (wtx < NUMBER_PAR_PER_BOX) {
      rA_shared[wtx] = rA[wtx];
      wtx = wtx + NUMBER_THREADS;
    }
    wtx = tx;
    __syncthreads();
    int nn = d_box_gpu[bx].nn;
    for (int k = 0; k < (1 + nn); k++) {
      int pointer = (k == 0) ? bx : d_box_gpu[bx].nei[k - 1].number;
      long first_j = d_box_gpu[pointer].offset;
      FOUR_VECTOR *rB = &d_rv_gpu[first_j];
      float *qB = &d_qv_gpu[first_j];
      while (wtx < NUMBER_PAR_PER_BOX) {
        rB_shared[wtx] = rB[wtx];
        qB_shared[wtx] = qB[wtx];
        wtx = wtx + NUMBER_THREADS;
      }
      wtx = tx;
      __syncthreads();
      while (wtx < NUMBER_PAR_PER_BOX) {
        for (int j = 0; j < NUMBER_PAR_PER_BOX; j++) {
          float r2 = rA_shared[wtx].v + rB_shared[j].v -
                     (rA_shared[wtx].x * rB_shared[j].x + rA_shared[wtx].y * rB_shared[j].y +
                      rA_shared[wtx].z * rB_shared[j].z);
          float u2 = a2 * r2;
          float vij = expf(-u2);
          float fs = 2.0f * vij;
          float dx = rA_shared[wtx].x - rB_shared[j].x;
          float dy = rA_shared[wtx].y - rB_shared[j].y;
          float dz = rA_shared[wtx].z - rB_shared[j].z;
          fA[wtx].v += qB_shared[j] * vij;
          fA[wtx].x += qB_shared[j] * fs * dx;
          fA[wtx].y += qB_shared[j] * fs * dy;
          fA[wtx].z += qB_shared[j] * fs * dz;
        }
        wtx = wtx + NUMBER_THREADS;
      }
      wtx = tx;
      __syncthreads();
    }
  }
}
