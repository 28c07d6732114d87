/*
 * lockstep_cuda_toolkit.h -- what lockstep adds on top of a real CUDA
 * toolkit's headers (`--cuda-path DIR` or `CUDA_PATH`).
 *
 * Force-included after lockstep.h instead of lockstep's own cuda.h. By then
 * clang's CUDA runtime wrapper has included the toolkit's cuda_runtime.h, so
 * the vector types, make_float4 and friends, the math functions and the
 * device intrinsics are the toolkit's own (libdevice calls and NVVM
 * intrinsics, which the lifter models). All that is added here are the
 * helper_math.h-style vector operators many kernels use without including
 * them (cuda_vector_math.h; -DLOCKSTEP_NO_VECTOR_MATH leaves them out).
 */
#ifndef LOCKSTEP_CUDA_TOOLKIT_H
#define LOCKSTEP_CUDA_TOOLKIT_H

#ifndef __LOCKSTEP_HD
#define __LOCKSTEP_HD static __host__ __device__ __forceinline__
#endif
#include "cuda_vector_math.h"

#endif /* LOCKSTEP_CUDA_TOOLKIT_H */
