//pass
//
//text the fake never prints

/* FAKE-SAY: something else
   FAKE-EXIT: 0 */
