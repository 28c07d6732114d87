define void @k(ptr %A) {
entry:
  store i32 %missing, ptr %A
  ret void
}
