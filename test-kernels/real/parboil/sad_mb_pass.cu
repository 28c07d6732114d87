//pass
//--blockDim=61 --gridDim=[11,9]

// Parboil SAD's macroblock search, written from the public description: for every 16x16
// macroblock of the current QCIF frame (176x144 -> 11x9 macroblocks, one block each) the
// sums of absolute differences against the reference frame at all 33x33 = 1089 motion
// vectors of a +-16 pixel search window. The block first copies its macroblock into shared
// memory (strided loop, then a barrier); each of the 61 threads then owns a run of 18
// consecutive search positions (61 * 18 >= 1089), reads the reference frame with its
// coordinates clamped to the frame, and writes its SADs into the macroblock's row of the
// result.
#define MB_SIZE 16
#define SEARCH_RANGE 16
#define SEARCH_DIM (2 * SEARCH_RANGE + 1)
#define POSITIONS (SEARCH_DIM * SEARCH_DIM)
#define POS_PER_THREAD 18

__global__ void mb_sad_calc(unsigned short *blk_sad, const unsigned char *cur_frame,
                            const unsigned char *ref_frame, int frame_width,
                            int frame_height) {
  __requires(frame_width == 176 && frame_height == 144);
  __shared__ unsigned char cur_mb[MB_SIZE * MB_SIZE];
  int mbx = blockIdx.x, mby = blockIdx.y;
  int px0 = mbx * MB_SIZE, py0 = mby * MB_SIZE;
  for (int i = threadIdx.x; i < MB_SIZE * MB_SIZE; i += blockDim.x)
    cur_mb[i] = cur_frame[(py0 + i / MB_SIZE) * frame_width + px0 + i % MB_SIZE];
  __syncthreads();
  unsigned short *mb_sads = blk_sad + (mby * gridDim.x + mbx) * POSITIONS;
  int first = threadIdx.x * POS_PER_THREAD;
  int last = min(first + POS_PER_THREAD, POSITIONS);
  for (int pos = first; pos < last; pos++) {
    int dy = pos / SEARCH_DIM - SEARCH_RANGE;
    int dx = pos % SEARCH_DIM - SEARCH_RANGE;
    unsigned int sad = 0;
    for (int r = 0; r < MB_SIZE; r++) {
      int ry = min(max(py0 + r + dy, 0), frame_height - 1);
      for (int c = 0; c < MB_SIZE; c++) {
        int rx = min(max(px0 + c + dx, 0), frame_width - 1);
        int diff = (int)cur_mb[r * MB_SIZE + c] - (int)ref_frame[ry * frame_width + rx];
        sad += diff < 0 ? -diff : diff;
      }
    }
    mb_sads[pos] = (unsigned short)sad;
  }
}
