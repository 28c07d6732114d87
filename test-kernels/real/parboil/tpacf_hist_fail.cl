//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=40
//error: possible [a-z-]+ race on t[xyz]

// As `tpacf_hist_pass.cl`, with only the barrier after the tile load: nothing stops a work
// item that has finished binning its pairs against the current tile from loading the next
// tile over tx/ty/tz while slower work items of its group are still reading the old one.
#define BLOCK_SIZE 256
#define NUM_BINS 20

__kernel void gen_hists(__global const float *px, __global const float *py,
                        __global const float *pz, __constant float *binb,
                        __global uint *hists, int num_points) {
  __requires(num_points == 10240);
  __local uint hist[NUM_BINS];
  __local float tx[BLOCK_SIZE];
  __local float ty[BLOCK_SIZE];
  __local float tz[BLOCK_SIZE];
  int lid = get_local_id(0);
  int i = get_global_id(0);
  if (lid < NUM_BINS)
    hist[lid] = 0;
  float xi = px[i], yi = py[i], zi = pz[i];
  for (int base = 0; base < num_points; base += BLOCK_SIZE) {
    tx[lid] = px[base + lid];
    ty[lid] = py[base + lid];
    tz[lid] = pz[base + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < BLOCK_SIZE; j++) {
      if (base + j > i) {
        float dot = xi * tx[j] + yi * ty[j] + zi * tz[j];
        int lo = 0, hi = NUM_BINS;
        while (hi > lo + 1) {
          int mid = (lo + hi) / 2;
          if (dot >= binb[mid])
            hi = mid;
          else
            lo = mid;
        }
        atomic_inc(&hist[lo]);
      }
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < NUM_BINS)
    hists[get_group_id(0) * NUM_BINS + lid] = hist[lid];
}
