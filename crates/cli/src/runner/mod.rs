//! `lockstep test`: runs a directory of kernels with gvtester-style headers.
//! (Being written; see the runner brief.)
