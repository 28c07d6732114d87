//pass
//--blockDim=[16,16] --gridDim=[1,4096]

// Rodinia backprop's bpnn_layerforward_CUDA, written from the public description: 65536
// input units, 16 hidden units; 16x16 blocks, one per 16 input rows (grid 1x4096). A block
// stages 16 input values and a 16x16 tile of the (hid+1)-wide weight matrix, scales each
// weight by its input, then folds the 16 rows together with a log2(16)-step tree (a barrier
// after each step; the step count and stride are computed with __log2f / __powf as in the
// program), writes the scaled weights back, and thread column 0 writes the partial sums.
#define WIDTH 16
#define HEIGHT 16

__global__ void bpnn_layerforward_CUDA(float *input_cuda, float *output_hidden_cuda,
                                       float *input_hidden_cuda, float *hidden_partial_sum,
                                       int in, int hid) {
  __requires(in == 65536 && hid == 16);
  int by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  int index_in = HEIGHT * by + ty + 1;
  __shared__ float input_node[HEIGHT];
  __shared__ float weight_matrix[HEIGHT][WIDTH];
  if (tx == 0)
    input_node[ty] = input_cuda[index_in];
  __syncthreads();
  weight_matrix[ty][tx] = input_hidden_cuda[index];
  __syncthreads();
  weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
  __syncthreads();
  for (int i = 1; i <= __log2f(HEIGHT); i++) {
    int power_two = __powf(2, i);
    if (ty % power_two == 0)
      weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];
    __syncthreads();
  }
  input_hidden_cuda[index] = weight_matrix[ty][tx];
  __syncthreads();
  if (tx == 0)
    hidden_partial_sum[by * hid + ty] = weight_matrix[tx][ty];
}
