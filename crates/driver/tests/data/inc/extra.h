// Header for defines.cl, found through CompileOptions::includes.
#define EXTRA 7
