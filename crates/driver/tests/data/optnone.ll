; A kernel and a helper as clang -O0 emits them without -disable-O0-optnone.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

define spir_func i32 @inc(i32 %x) #0 {
entry:
  %x.addr = alloca i32, align 4
  store i32 %x, ptr %x.addr, align 4
  %0 = load i32, ptr %x.addr, align 4
  %add = add nsw i32 %0, 1
  ret i32 %add
}

define spir_kernel void @k(ptr addrspace(1) %p) #0 {
entry:
  %p.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %p, ptr %p.addr, align 8
  %0 = load ptr addrspace(1), ptr %p.addr, align 8
  %1 = load i32, ptr addrspace(1) %0, align 4
  %call = call spir_func i32 @inc(i32 %1)
  store i32 %call, ptr addrspace(1) %0, align 4
  ret void
}

attributes #0 = { noinline optnone nounwind }
