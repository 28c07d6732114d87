int choose(int seed);
int4 lanes(void);
void consume(__global int *p);
void stop(void) __attribute__((noreturn));

__kernel void prototypes(__global int *A) {
  int i = get_local_id(0);
  int4 v = lanes();
  consume(A);
  if (choose(i) > 3)
    A[i] = v.y;
  if (A[i] < 0)
    stop();
}
