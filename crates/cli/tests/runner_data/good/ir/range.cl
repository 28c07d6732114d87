//xfail:bugle_error
//--local_size=8

/* Any of 1..=4 meets BUGLE_ERROR. FAKE-EXIT: 3 */
