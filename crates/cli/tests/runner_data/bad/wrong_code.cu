//xfail:CLANG_ERROR
//

/* FAKE-EXIT: 1 */
