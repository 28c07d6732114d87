//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
//vote_relations_fail\.cu:13:\d+: error: this assertion might not hold

// vote_relations_pass.cu's mistake: a lane that sees some bit of the ballot set takes its
// own predicate to hold.

__global__ void vote_relations(const int *in, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int flag = in[tid] > 0;
  unsigned ballot = __ballot_sync(0xffffffffu, flag);
  if (ballot != 0)
    __assert(flag);
  out[tid] = (int)ballot;
}
