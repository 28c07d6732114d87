//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//found\.cl:4:5: error: possible write-write race

/* The fake verifier reports a defect:
   FAKE-SAY: found.cl:4:5: error: possible write-write race on A[0]
   FAKE-EXIT: 1 */
