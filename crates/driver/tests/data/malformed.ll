; Deliberately malformed IR: an unknown instruction.
define void @k(ptr %p) {
  frobnicate i32 1, ptr %p
  ret void
}
