//pass
//--blockDim=128 --gridDim=480

// Black-Scholes call/put pricing with a grid-stride loop, after the public description of
// the CUDA BlackScholes sample: 128-thread blocks, 480 blocks, 4M options. The cumulative
// normal is the Abramowitz-Stegun polynomial. The bound on optN (the sample's 4M options)
// keeps the loop counter from overflowing.
#define A1 0.31938153f
#define A2 -0.356563782f
#define A3 1.781477937f
#define A4 -1.821255978f
#define A5 1.330274429f
#define RSQRT2PI 0.39894228040143267793994605993438f

__device__ float cnd(float d) {
  float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = RSQRT2PI * __expf(-0.5f * d * d) *
            (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0)
    c = 1.0f - c;
  return c;
}

__device__ void black_scholes_body(float &call, float &put, float S, float X, float T,
                                   float R, float V) {
  float sqrtT = sqrtf(T);
  float d1 = (__logf(S / X) + (R + 0.5f * V * V) * T) / (V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float cndD1 = cnd(d1), cndD2 = cnd(d2);
  float expRT = __expf(-R * T);
  call = S * cndD1 - X * expRT * cndD2;
  put = X * expRT * (1.0f - cndD2) - S * (1.0f - cndD1);
}

__global__ void black_scholes(float *d_Call, float *d_Put, const float *d_S,
                              const float *d_X, const float *d_T, float R, float V,
                              int optN) {
  __requires(optN >= 0 && optN <= 4000000);
  const int tid = blockDim.x * blockIdx.x + threadIdx.x;
  const int THREAD_N = blockDim.x * gridDim.x;
  for (int opt = tid; opt < optN; opt += THREAD_N)
    black_scholes_body(d_Call[opt], d_Put[opt], d_S[opt], d_X[opt], d_T[opt], R, V);
}
