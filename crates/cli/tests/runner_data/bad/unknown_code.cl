//xfail:OPT_ERROR
//
