//pass
//--blockDim=8 --gridDim=1
//note: 2 benign conflicts were tolerated .*: write-write on G1 at same_constant_then_read_pass\.cu:12:\d+, write-read on G1 at same_constant_then_read_pass\.cu:13:\d+; --benign=none reports them

// Every thread stores 1 to G1[0], then reads its own slot: thread 0 reads G1[0] while the
// others may still be storing 1 there. Under Definition 3.1 that is a race; GPUVerify's
// benign rules (and lockstep's default) tolerate it, since every store writes the same
// constant and thread 0 stored it too before reading. The verdict lists both tolerances.
// (Found by the differential fuzzer, seed 1362, minimised.)
__global__ void k(unsigned int *G1, unsigned int *G2) {
  unsigned int gid = blockIdx.x * blockDim.x + threadIdx.x;
  G1[0] = 1u;
  unsigned int v = G1[gid % 16u];
  G2[gid % 8u] = v + v;
}
