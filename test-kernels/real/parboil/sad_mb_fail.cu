//xfail:NOT_ALL_VERIFIED
//--blockDim=61 --gridDim=[11,9]
//error: possible [a-z-]+ race on cur_mb

// As `sad_mb_pass.cu`, without the barrier between staging the macroblock in shared memory
// and the search: thread 0 reads cur_mb[1] for its first SAD while thread 1, which copies
// that pixel, may not have written it yet.
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
