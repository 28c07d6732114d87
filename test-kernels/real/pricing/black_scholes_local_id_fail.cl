//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=240
//error: possible [a-z-]+ race on (X|call|put)

// OpenCL Black-Scholes updating the option's strike in place with its call price (a
// memory-saving layout) whose loop starts at the local id instead of the global id: work
// item 5 of every group prices option 5, so one work item reads X[5] while another
// overwrites it (a read-write race, not a benign duplicate store). 256 work items, 240
// groups.
__kernel void black_scholes(__global float *call, __global float *put,
                            __global const float *S, __global float *X,
                            __global const float *T, float R, float V, uint optN) {
  __requires(optN <= 4000000);
  for (uint opt = get_local_id(0); opt < optN; opt += get_global_size(0)) {
    float sqrtT = sqrt(T[opt]);
    float d1 = (log(S[opt] / X[opt]) + (R + 0.5f * V * V) * T[opt]) / (V * sqrtT);
    float d2 = d1 - V * sqrtT;
    float expRT = exp(-R * T[opt]);
    call[opt] = S[opt] * (0.5f + 0.5f * erf(d1 * 0.70710678f)) -
                X[opt] * expRT * (0.5f + 0.5f * erf(d2 * 0.70710678f));
    put[opt] = call[opt] - S[opt] + X[opt] * expRT;
    X[opt] = call[opt];
  }
}
