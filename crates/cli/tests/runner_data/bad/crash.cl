//pass
//

/* FAKE-SAY: about to crash
   FAKE-SIGNAL */
