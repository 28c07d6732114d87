/* lockstep: what it models of the CUDA runtime for device code is in its cuda.h. */
#include "cuda.h"
