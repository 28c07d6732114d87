//pass
//--local_size=64 --num_groups=8

// Column pass of a recursive (IIR) Gaussian blur, after the public description of the AMD
// APP SDK's RecursiveGaussian sample: one work item per column of a 512x512 float4 image
// runs the causal filter top to bottom into the output, then the anti-causal filter bottom
// to top, adding its response to what the forward pass stored. Only the owning work item
// ever touches a column. 64 work items per group, 8 groups.
__kernel void recursiveGaussian(__global const float4 *input, __global float4 *output,
                                const int width, const int height, const float a0,
                                const float a1, const float a2, const float a3,
                                const float b1, const float b2, const float coefp,
                                const float coefn) {
  __requires(width == 512 && height == 512);
  int x = get_global_id(0);
  if (x >= width)
    return;

  float4 xp = (float4)(0.0f);
  float4 yp = (float4)(0.0f);
  float4 yb = (float4)(0.0f);
  int pos = x;
  xp = input[pos];
  yb = coefp * xp;
  yp = yb;
  for (int y = 0; y < height; y++) {
    float4 xc = input[pos];
    float4 yc = a0 * xc + a1 * xp - b1 * yp - b2 * yb;
    output[pos] = yc;
    xp = xc;
    yb = yp;
    yp = yc;
    pos += width;
  }

  pos = x + (height - 1) * width;
  float4 xn = input[pos];
  float4 xa = xn;
  float4 yn = coefn * xn;
  float4 ya = yn;
  for (int y = height - 1; y >= 0; y--) {
    float4 xc = input[pos];
    float4 yc = a2 * xn + a3 * xa - b1 * yn - b2 * ya;
    xa = xn;
    xn = xc;
    ya = yn;
    yn = yc;
    output[pos] = output[pos] + yc;
    pos -= width;
  }
}
