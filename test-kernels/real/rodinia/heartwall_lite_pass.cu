//pass
//--blockDim=128 --gridDim=51

// A reduced Rodinia heartwall ("heartwall-lite"), written from the public description: one
// block tracks one of the 51 sample points (20 endocardial, 31 epicardial) of the
// ultrasound frame (609x590 pixels, column-major as in the MATLAB original). For each of
// the 9x9 candidate displacements of the point, the 128 threads multiply the point's
// 25x25 template with the displaced frame window (strided over the 625 pixels, window
// clamped to the frame), and the block sums the products in shared memory by a tree
// reduction with the barrier at the start of each step; after reading the total, thread 0
// keeps the best displacement in registers, and a barrier at the end of the iteration
// keeps the next displacement's partial sums from overwriting entries still being read.
// Thread 0 finally writes the point's new location and score.
#define THREADS 128
#define TSIZE 25
#define TPIX (TSIZE * TSIZE)
#define SRANGE 4
#define SDIM (2 * SRANGE + 1)
#define NOFF (SDIM * SDIM)

__device__ int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

__global__ void track_points(const float *frame, const float *templates, const int *d_Row,
                             const int *d_Col, int *d_newRow, int *d_newCol, float *d_score,
                             int frame_rows, int frame_cols) {
  __requires(frame_rows == 609 && frame_cols == 590);
  __shared__ float sums[THREADS];
  int point = blockIdx.x;
  int tid = threadIdx.x;
  int row0 = d_Row[point];
  int col0 = d_Col[point];
  const float *T = templates + point * TPIX;
  float best = -3.0e38f;
  int best_off = 0;
  for (int off = 0; off < NOFF; off++) {
    int dr = off / SDIM - SRANGE;
    int dc = off % SDIM - SRANGE;
    float acc = 0.0f;
    for (int p = tid; p < TPIX; p += THREADS) {
      int r = clampi(row0 + dr + p / TSIZE - TSIZE / 2, 0, frame_rows - 1);
      int c = clampi(col0 + dc + p % TSIZE - TSIZE / 2, 0, frame_cols - 1);
      acc += frame[c * frame_rows + r] * T[p];
    }
    sums[tid] = acc;
    for (int s = THREADS / 2; s > 0; s >>= 1) {
      __syncthreads();
      if (tid < s)
        sums[tid] += sums[tid + s];
    }
    if (tid == 0 && sums[0] > best) {
      best = sums[0];
      best_off = off;
    }
    __syncthreads();
  }
  if (tid == 0) {
    d_newRow[point] = row0 + best_off / SDIM - SRANGE;
    d_newCol[point] = col0 + best_off % SDIM - SRANGE;
    d_score[point] = best;
  }
}
