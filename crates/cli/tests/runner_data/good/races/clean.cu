//PASS
//--blockDim=4   --gridDim=1
//^args: verify --blockDim=4 --gridDim=1 --timeout 7 clean\.cu$
//
//on stdout[\s]+on stderr[\s]+on stdout again

/* The runner passes the header's flags, then --timeout, then the file; stdout and stderr are
   captured in order:
   FAKE-SAY: on stdout
   FAKE-WARN: on stderr
   FAKE-SAY: on stdout again
   FAKE-EXIT: 0 */
