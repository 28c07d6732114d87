//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4096
//error: possible [a-z-]+ race on iv

// As `urng_pass.cl`, with every work item handed the start of the group's local table
// (ran1(seed, iv)) instead of its own NTAB-entry slice: all 64 work items of a group
// fill and shuffle the same 32 entries, so their plain stores to iv[j] race.
#define IA 16807
#define IM 2147483647
#define AM (1.0f / 2147483647.0f)
#define IQ 127773
#define IR 2836
#define NTAB 32
#define NDIV (1 + (IM - 1) / NTAB)
#define GROUP_SIZE 64

float ran1(int idum, __local int *iv) {
  int j, k, iy;
  for (j = NTAB + 7; j >= 0; j--) {
    k = idum / IQ;
    idum = IA * (idum - k * IQ) - IR * k;
    if (idum < 0)
      idum += IM;
    if (j < NTAB)
      iv[j] = idum;
  }
  iy = iv[0];
  k = idum / IQ;
  idum = IA * (idum - k * IQ) - IR * k;
  if (idum < 0)
    idum += IM;
  j = iy / NDIV;
  iy = iv[j];
  iv[j] = idum;
  return AM * iy;
}

__kernel void noise_uniform(__global const uchar4 *inputImage, __global uchar4 *outputImage,
                            const int factor) {
  __local int iv[NTAB * GROUP_SIZE];
  int pos = get_global_id(0);
  int lid = get_local_id(0);
  float4 temp = convert_float4(inputImage[pos]);
  float avg = (temp.x + temp.y + temp.z + temp.w) / 4.0f;
  int seed = -(int)avg - pos;
  float dev = ran1(seed, iv);
  float noise = (dev - 0.5f) * factor;
  outputImage[pos] = convert_uchar4_sat(temp + (float4)(noise));
}
