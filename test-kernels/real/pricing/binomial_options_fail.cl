//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=512
//error: possible [a-z-]+ race on buf

// BROKEN TWIN: the update is done in place without the barrier between reading the
// children and writing the parent: work item t + 1 may overwrite buf[t + 1] before work
// item t reads it.
// Binomial option pricing, one option per work group, after the public description of the
// binomial-options samples: the 256 leaf values are built in local memory and the tree is
// walked back to the root, one level per step; each step reads the two children, waits,
// then writes the parent. 256 work items, 512 options (groups).
#define STEPS 255

__kernel void binomial_options(__global const float *S, __global const float *X,
                               __global const float *vDt, __global const float *puByDf,
                               __global const float *pdByDf, __global float *callValue) {
  __local float buf[STEPS + 1];
  uint t = get_local_id(0);
  uint opt = get_group_id(0);
  float price = S[opt] * exp(vDt[opt] * (2.0f * t - STEPS));
  buf[t] = fmax(price - X[opt], 0.0f);
  barrier(CLK_LOCAL_MEM_FENCE);
  float pu = puByDf[opt], pd = pdByDf[opt];
  for (int i = STEPS; i > 0; i--) {
    if (t < i)
      buf[t] = pu * buf[t + 1] + pd * buf[t];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0)
    callValue[opt] = buf[0];
}
