//pass
//--local_size=64 --num_groups=4096

// Uniform noise added to a 512x512 RGBA image, after the public description of the AMD APP
// SDK's URNG sample: each work item seeds a Park-Miller minimal-standard generator (Schrage
// multiplication) with the negated mean of its pixel, warms it up into a Bays-Durham
// shuffle table of NTAB entries, draws one number, and writes its pixel plus the scaled
// noise. The shuffle tables live in local memory, one NTAB-entry slice per work item
// (iv + NTAB * lid); the table index iy / NDIV is always below NTAB because Schrage's step
// keeps the generator in [0, IM). 64 work items per group, 4096 groups (one per pixel).
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
  float dev = ran1(seed, iv + NTAB * lid);
  float noise = (dev - 0.5f) * factor;
  outputImage[pos] = convert_uchar4_sat(temp + (float4)(noise));
}
