; ModuleID = 'assert.ll.tmp'
source_filename = "assert.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @assert_kernel(ptr addrspace(1) noundef align 4 %0, i32 noundef %1) #0 !dbg !8 !kernel_arg_addr_space !14 !kernel_arg_access_qual !15 !kernel_arg_type !16 !kernel_arg_base_type !16 !kernel_arg_type_qual !17 {
    #dbg_value(ptr addrspace(1) %0, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
    #dbg_value(i32 %1, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %3 = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3, !dbg !21
  %4 = trunc i64 %3 to i32, !dbg !21
    #dbg_value(i32 %4, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %5 = icmp ugt i32 %1, 4, !dbg !23
  %6 = zext i1 %5 to i32, !dbg !23
  call spir_func void @__lockstep_assume(i32 noundef %6) #4, !dbg !24
  %7 = add i32 %4, %1, !dbg !25
  %8 = zext i32 %4 to i64, !dbg !26
  %9 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %8, !dbg !26
  store i32 %7, ptr addrspace(1) %9, align 4, !dbg !27
  %10 = zext i32 %4 to i64, !dbg !28
  %11 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %10, !dbg !28
  %12 = load i32, ptr addrspace(1) %11, align 4, !dbg !28
  %13 = icmp ugt i32 %12, %4, !dbg !29
  %14 = zext i1 %13 to i32, !dbg !29
  call spir_func void @__lockstep_assert(i32 noundef %14) #4, !dbg !30
  ret void, !dbg !31
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func void @__lockstep_assume(i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func void @__lockstep_assert(i32 noundef) #2

attributes #0 = { convergent noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind willreturn memory(none) }
attributes #4 = { convergent nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "assert.cl", directory: "/work/main/crates/lift/tests/data", checksumkind: CSK_MD5, checksum: "b2f3c6589edee3e00eaf5926721381e0")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 1, i32 2}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "assert_kernel", scope: !1, file: !1, line: 4, type: !9, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !12}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!13 = !{}
!14 = !{i32 1, i32 0}
!15 = !{!"none", !"none"}
!16 = !{!"uint*", !"uint"}
!17 = !{!"", !""}
!18 = !DILocalVariable(name: "A", arg: 1, scope: !8, file: !1, line: 4, type: !11)
!19 = !DILocation(line: 0, scope: !8)
!20 = !DILocalVariable(name: "n", arg: 2, scope: !8, file: !1, line: 4, type: !12)
!21 = !DILocation(line: 5, column: 16, scope: !8)
!22 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 5, type: !12)
!23 = !DILocation(line: 6, column: 23, scope: !8)
!24 = !DILocation(line: 6, column: 3, scope: !8)
!25 = !DILocation(line: 7, column: 12, scope: !8)
!26 = !DILocation(line: 7, column: 3, scope: !8)
!27 = !DILocation(line: 7, column: 8, scope: !8)
!28 = !DILocation(line: 8, column: 21, scope: !8)
!29 = !DILocation(line: 8, column: 26, scope: !8)
!30 = !DILocation(line: 8, column: 3, scope: !8)
!31 = !DILocation(line: 9, column: 1, scope: !8)
