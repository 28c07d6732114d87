//pass
//--boogie-file=${KERNEL_DIR}/axioms.bpl
//args: verify --boogie-file=\S*runner_data/good/axioms\.bpl --timeout

/* ${KERNEL_DIR} in flags is the kernel's directory. FAKE-EXIT: 0 */
