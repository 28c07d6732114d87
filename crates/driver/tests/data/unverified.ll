; Parses, but fails the verifier: %v is used before its definition.
define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  store i32 %v, ptr addrspace(1) %p
  %v = add i32 1, 2
  ret void
}
