//pass
//--local_size=256 --num_groups=40

// Parboil TPACF (two-point angular correlation), written from the public description: the
// histogram of angular distances between all pairs of a set of points on the unit sphere.
// Each group zeroes a 20-bin local histogram; each work item keeps one primary point in
// registers while the group walks over all points in 256-point tiles staged in local
// memory (barrier before the tile is overwritten, barrier after it is loaded); each pair
// (i < j) is binned by a binary search of the bin boundaries (cosines, in constant memory)
// and counted with a local atomic_inc; at the end the group writes its histogram to its own
// row of the global result. 10240 points, 256 work items per group, 40 groups.
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
    barrier(CLK_LOCAL_MEM_FENCE);
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
