; Hand-written: an aggregate parameter passed directly, read with extractvalue.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

define spir_kernel void @aggregate_param(ptr addrspace(1) %A, { i32, [2 x i16] } %q) {
entry:
  %n = extractvalue { i32, [2 x i16] } %q, 0
  %h = extractvalue { i32, [2 x i16] } %q, 1, 1
  %w = sext i16 %h to i32
  %s = add i32 %n, %w
  store i32 %s, ptr addrspace(1) %A, align 4
  ret void
}
