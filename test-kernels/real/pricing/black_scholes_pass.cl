//pass
//--local_size=256 --num_groups=240

// OpenCL Black-Scholes with a grid-stride loop over the options, as in the OpenCL SDK
// sample: 256 work items per group, 240 groups (61,440 work items: not a power of two, so
// the loop's stride is not either), 4M options.
float cnd(float d) {
  const float A1 = 0.319381530f, A2 = -0.356563782f, A3 = 1.781477937f;
  const float A4 = -1.821255978f, A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float K = 1.0f / (1.0f + 0.2316419f * fabs(d));
  float c = RSQRT2PI * exp(-0.5f * d * d) *
            (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  return (d > 0) ? 1.0f - c : c;
}

__kernel void black_scholes(__global float *call, __global float *put,
                            __global const float *S, __global const float *X,
                            __global const float *T, float R, float V, uint optN) {
  __requires(optN <= 4000000);
  for (uint opt = get_global_id(0); opt < optN; opt += get_global_size(0)) {
    float sqrtT = sqrt(T[opt]);
    float d1 = (log(S[opt] / X[opt]) + (R + 0.5f * V * V) * T[opt]) / (V * sqrtT);
    float d2 = d1 - V * sqrtT;
    float expRT = exp(-R * T[opt]);
    call[opt] = S[opt] * cnd(d1) - X[opt] * expRT * cnd(d2);
    put[opt] = X[opt] * expRT * (1.0f - cnd(d2)) - S[opt] * (1.0f - cnd(d1));
  }
}
