//pass
//--local_size=512 --num_groups=20

// Rodinia particlefilter's likelihood kernel, written from the public description: object
// tracking in a 128x128 video of 10 frames with 10000 particles. Each work item owns one
// particle: it resets the particle to the resampled position, moves it by a Gaussian random
// walk drawn from its own LCG seed (Box-Muller), computes the frame-pixel index of each of
// the countOnes = 69 pixels of the object's disk template (clamped to the video) into its own
// row of ind, sums the likelihood over those pixels, and updates its weight. Then the group
// sums the weights in local memory (tree reduction, a barrier after every step; the work
// items past the last particle contribute 0) and work item 0 writes the group's partial sum.
// 512 work items per group, 20 groups.
#define M 2147483647
#define A 1103515245
#define C 12345
#define PI 3.1415926535897932f

float lcg_uniform(__global int *seed, int index) {
  int num = A * seed[index] + C;
  seed[index] = num % M;
  return fabs(seed[index] / ((float)M));
}

float lcg_normal(__global int *seed, int index) {
  float u = lcg_uniform(seed, index);
  float v = lcg_uniform(seed, index);
  float cosine = cos(2.0f * PI * v);
  float rt = -2.0f * log(u);
  return sqrt(rt) * cosine;
}

__kernel void likelihood_kernel(__global float *arrayX, __global float *arrayY,
                                __global const float *xj, __global const float *yj,
                                __global const int *objxy, __global int *ind,
                                __global const unsigned char *I, __global float *likelihood,
                                __global float *weights, __global int *seed,
                                __global float *partial_sums, __local float *buffer,
                                int Nparticles, int countOnes, int IszX, int IszY, int Nfr,
                                int k) {
  __requires(Nparticles == 10000 && countOnes == 69);
  __requires(IszX == 128 && IszY == 128 && Nfr == 10 && k >= 1 && k < Nfr);
  int lid = get_local_id(0);
  int i = get_global_id(0);
  int max_size = IszX * IszY * Nfr;
  if (i < Nparticles) {
    arrayX[i] = xj[i];
    arrayY[i] = yj[i];
    weights[i] = 1.0f / (float)Nparticles;
    arrayX[i] = arrayX[i] + 1.0f + 5.0f * lcg_normal(seed, i);
    arrayY[i] = arrayY[i] - 2.0f + 2.0f * lcg_normal(seed, i);
    int cx = (int)round(arrayX[i]);
    int cy = (int)round(arrayY[i]);
    for (int y = 0; y < countOnes; y++) {
      int indX = cx + objxy[y * 2 + 1];
      int indY = cy + objxy[y * 2];
      int idx = abs(indX * IszY * Nfr + indY * Nfr + k);
      if (idx >= max_size)
        idx = 0;
      ind[i * countOnes + y] = idx;
    }
    float sum = 0.0f;
    for (int y = 0; y < countOnes; y++) {
      float v = (float)I[ind[i * countOnes + y]];
      sum += ((v - 100.0f) * (v - 100.0f) - (v - 228.0f) * (v - 228.0f)) / 50.0f;
    }
    likelihood[i] = sum / countOnes;
    weights[i] = weights[i] * exp(likelihood[i]);
  }
  buffer[lid] = (i < Nparticles) ? weights[i] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s)
      buffer[lid] += buffer[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial_sums[get_group_id(0)] = buffer[0];
}
