//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=64
//error: possible [a-z-]+ race on (sumPrice|sumSq)

// As `montecarlo_asian_pass.cl`, with a single barrier before the reduction instead of one
// before each step: at stride 64 work item t reads sumPrice[64 + t] while work item 64 + t
// may still be adding sumPrice[192 + t] into it at stride 128.
#define STEPS 16
#define GROUP 256

uint xorshift128(uint4 *s) {
  uint t = (*s).x ^ ((*s).x << 11);
  (*s).x = (*s).y;
  (*s).y = (*s).z;
  (*s).z = (*s).w;
  (*s).w = (*s).w ^ ((*s).w >> 19) ^ (t ^ (t >> 8));
  return (*s).w;
}

__kernel void calPriceAsian(__global const uint4 *seeds, __global float2 *groupSums,
                            const float strike, const float drift, const float vol,
                            const float initPrice, const uint paths) {
  __requires(paths == 8);
  __local float sumPrice[GROUP];
  __local float sumSq[GROUP];
  uint lid = get_local_id(0);
  uint4 state = seeds[get_global_id(0)];
  float acc = 0.0f, acc2 = 0.0f;
  for (uint p = 0; p < paths; p++) {
    float s = initPrice;
    float avg = 0.0f;
    for (int k = 0; k < STEPS; k++) {
      float u1 = ((float)xorshift128(&state) + 1.0f) * 2.3283064e-10f;
      float u2 = (float)xorshift128(&state) * 2.3283064e-10f;
      float z = sqrt(-2.0f * log(u1)) * cos(6.2831853f * u2);
      s *= exp(drift + vol * z);
      avg += s;
    }
    float payoff = fmax(avg / STEPS - strike, 0.0f);
    acc += payoff;
    acc2 += payoff * payoff;
  }
  sumPrice[lid] = acc;
  sumSq[lid] = acc2;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stride = get_local_size(0) / 2; stride > 0; stride >>= 1) {
    if (lid < stride) {
      sumPrice[lid] += sumPrice[lid + stride];
      sumSq[lid] += sumSq[lid + stride];
    }
  }
  if (lid == 0)
    groupSums[get_group_id(0)] = (float2)(sumPrice[0], sumSq[0]);
}
