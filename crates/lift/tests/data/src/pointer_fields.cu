struct job {
  int *out;
  int *in;
};

__global__ void pointer_fields(job j, job *saved) {
  j.out[threadIdx.x] = j.in[threadIdx.x];
  saved[threadIdx.x].out = j.out + 1;
  saved[threadIdx.x].in = saved[0].in;
}
