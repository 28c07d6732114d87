// No kernel at all: only a helper function.
int helper(int x) { return x + 1; }
