/* lockstep: the cooperative groups it models are declared in its cuda.h. */
#include "cuda.h"
