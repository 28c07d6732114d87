; ModuleID = 'local_race.ll.tmp'
source_filename = "local_race.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

@local_race.tile = internal addrspace(3) global [64 x i32] undef, align 4, !dbg !0

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @local_race(ptr addrspace(1) noundef align 4 %0) #0 !dbg !2 !kernel_arg_addr_space !21 !kernel_arg_access_qual !22 !kernel_arg_type !23 !kernel_arg_base_type !23 !kernel_arg_type_qual !24 {
    #dbg_value(ptr addrspace(1) %0, !25, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !26)
  %2 = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #2, !dbg !27
    #dbg_value(i64 %2, !28, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !26)
  %3 = trunc i64 %2 to i32, !dbg !32
  %4 = getelementptr inbounds [64 x i32], ptr addrspace(3) @local_race.tile, i64 0, i64 %2, !dbg !33
  store i32 %3, ptr addrspace(3) %4, align 4, !dbg !34
  %5 = add i64 %2, 1, !dbg !35
  %6 = urem i64 %5, 64, !dbg !36
  %7 = getelementptr inbounds [64 x i32], ptr addrspace(3) @local_race.tile, i64 0, i64 %6, !dbg !37
  %8 = load i32, ptr addrspace(3) %7, align 4, !dbg !37
  %9 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2, !dbg !38
  %10 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %9, !dbg !39
  store i32 %8, ptr addrspace(1) %10, align 4, !dbg !40
  ret void, !dbg !41
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

attributes #0 = { convergent noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!8}
!llvm.module.flags = !{!15, !16, !17, !18}
!opencl.ocl.version = !{!19}
!opencl.spir.version = !{!19}
!llvm.ident = !{!20}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "tile", scope: !2, file: !3, line: 4, type: !12, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "local_race", scope: !3, file: !3, line: 3, type: !4, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !8, retainedNodes: !11)
!3 = !DIFile(filename: "local_race.cl", directory: "/work/main/crates/lift/tests/data", checksumkind: CSK_MD5, checksum: "92710ba9035ee3aba114a4e04af78506")
!4 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !5)
!5 = !{null, !6}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 1)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !9, globals: !10, splitDebugInlining: false, nameTableKind: None)
!9 = !{!7}
!10 = !{!0}
!11 = !{}
!12 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 2048, elements: !13)
!13 = !{!14}
!14 = !DISubrange(count: 64)
!15 = !{i32 7, !"Dwarf Version", i32 5}
!16 = !{i32 2, !"Debug Info Version", i32 3}
!17 = !{i32 1, !"wchar_size", i32 4}
!18 = !{i32 7, !"frame-pointer", i32 2}
!19 = !{i32 1, i32 2}
!20 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!21 = !{i32 1}
!22 = !{!"none"}
!23 = !{!"int*"}
!24 = !{!""}
!25 = !DILocalVariable(name: "out", arg: 1, scope: !2, file: !3, line: 3, type: !6)
!26 = !DILocation(line: 0, scope: !2)
!27 = !DILocation(line: 5, column: 16, scope: !2)
!28 = !DILocalVariable(name: "lid", scope: !2, file: !3, line: 5, type: !29)
!29 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !30, line: 142, baseType: !31)
!30 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!31 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!32 = !DILocation(line: 6, column: 15, scope: !2)
!33 = !DILocation(line: 6, column: 3, scope: !2)
!34 = !DILocation(line: 6, column: 13, scope: !2)
!35 = !DILocation(line: 7, column: 37, scope: !2)
!36 = !DILocation(line: 7, column: 42, scope: !2)
!37 = !DILocation(line: 7, column: 27, scope: !2)
!38 = !DILocation(line: 7, column: 7, scope: !2)
!39 = !DILocation(line: 7, column: 3, scope: !2)
!40 = !DILocation(line: 7, column: 25, scope: !2)
!41 = !DILocation(line: 8, column: 1, scope: !2)
