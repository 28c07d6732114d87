//xfail:TIMEOUT
//

/* The verifier must time out by itself; one that does not is killed and fails.
   FAKE-SAY: sleeping
   FAKE-SLEEP: 30 */
