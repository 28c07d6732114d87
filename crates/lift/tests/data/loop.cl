// A loop with a barrier in its body, over a __local buffer; a private array.
__kernel void loop(__global float *A, __local float *buf, int n) {
  int lid = get_local_id(0);
  int priv[4];
  for (int k = 0; k < 4; k++)
    priv[k] = k * lid;
  for (int j = 0; j < n; j++) {
    buf[lid] = A[j * get_local_size(0) + lid];
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    A[lid] += buf[(lid + 1) % get_local_size(0)] + (float)priv[j % 4];
  }
}
