; ModuleID = 'opaque_struct.ll.tmp'
source_filename = "opaque_struct.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

%struct.range = type { i32, i32 }

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @opaque_struct(ptr addrspace(1) noundef align 4 %0, ptr noundef byval(%struct.range) align 4 %1) #0 !dbg !8 !kernel_arg_addr_space !19 !kernel_arg_access_qual !20 !kernel_arg_type !21 !kernel_arg_base_type !21 !kernel_arg_type_qual !22 {
    #dbg_value(ptr addrspace(1) %0, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
    #dbg_declare(ptr %1, !25, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !26)
  %3 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2, !dbg !27
  %4 = trunc i64 %3 to i32, !dbg !27
    #dbg_value(i32 %4, !28, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
  %5 = getelementptr inbounds %struct.range, ptr %1, i32 0, i32 1, !dbg !29
  %6 = load i32, ptr %5, align 4, !dbg !29
  %7 = icmp slt i32 %4, %6, !dbg !31
  br i1 %7, label %8, label %11, !dbg !32

8:                                                ; preds = %2
  %9 = sext i32 %4 to i64, !dbg !33
  %10 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %9, !dbg !33
  store i32 0, ptr addrspace(1) %10, align 4, !dbg !34
  br label %11, !dbg !33

11:                                               ; preds = %8, %2
  ret void, !dbg !35
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

attributes #0 = { convergent noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "opaque_struct.cl", directory: "/work/main/crates/lift/tests/data", checksumkind: CSK_MD5, checksum: "6cecefe2917cb7c29c4e8926dca7a784")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 1, i32 2}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "opaque_struct", scope: !1, file: !1, line: 3, type: !9, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !18)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !13}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !DIDerivedType(tag: DW_TAG_typedef, name: "range", file: !1, line: 2, baseType: !14)
!14 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !1, line: 2, size: 64, elements: !15)
!15 = !{!16, !17}
!16 = !DIDerivedType(tag: DW_TAG_member, name: "lo", scope: !14, file: !1, line: 2, baseType: !12, size: 32)
!17 = !DIDerivedType(tag: DW_TAG_member, name: "hi", scope: !14, file: !1, line: 2, baseType: !12, size: 32, offset: 32)
!18 = !{}
!19 = !{i32 1, i32 0}
!20 = !{!"none", !"none"}
!21 = !{!"int*", !"range"}
!22 = !{!"", !""}
!23 = !DILocalVariable(name: "A", arg: 1, scope: !8, file: !1, line: 3, type: !11)
!24 = !DILocation(line: 0, scope: !8)
!25 = !DILocalVariable(name: "r", arg: 2, scope: !8, file: !1, line: 3, type: !13)
!26 = !DILocation(line: 3, column: 52, scope: !8)
!27 = !DILocation(line: 4, column: 11, scope: !8)
!28 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 4, type: !12)
!29 = !DILocation(line: 5, column: 13, scope: !30)
!30 = distinct !DILexicalBlock(scope: !8, file: !1, line: 5, column: 7)
!31 = !DILocation(line: 5, column: 9, scope: !30)
!32 = !DILocation(line: 5, column: 7, scope: !8)
!33 = !DILocation(line: 6, column: 5, scope: !30)
!34 = !DILocation(line: 6, column: 10, scope: !30)
!35 = !DILocation(line: 7, column: 1, scope: !8)
