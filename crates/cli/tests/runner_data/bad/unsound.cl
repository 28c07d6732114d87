//xfail:NOT_ALL_VERIFIED
//

/* A known defect, yet the fake claims "verified". FAKE-EXIT: 0 */
