; ModuleID = 'global_array.ll.tmp'
source_filename = "global_array.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @global_array(ptr addrspace(1) noundef align 4 %0, ptr addrspace(1) noundef align 4 %1, ptr addrspace(1) noundef align 4 %2, i32 noundef %3) #0 !dbg !10 !kernel_arg_addr_space !19 !kernel_arg_access_qual !20 !kernel_arg_type !21 !kernel_arg_base_type !21 !kernel_arg_type_qual !22 {
    #dbg_value(ptr addrspace(1) %0, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
    #dbg_value(ptr addrspace(1) %1, !25, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
    #dbg_value(ptr addrspace(1) %2, !26, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
    #dbg_value(i32 %3, !27, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
  %5 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !28
    #dbg_value(i64 %5, !29, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
  %6 = getelementptr inbounds i32, ptr addrspace(1) %1, i64 %5, !dbg !33
  %7 = load i32, ptr addrspace(1) %6, align 4, !dbg !33
  %8 = mul nsw i32 %7, %3, !dbg !34
  %9 = call spir_func i64 @_Z12get_group_idj(i32 noundef 1) #3, !dbg !35
  %10 = trunc i64 %9 to i32, !dbg !36
  %11 = add nsw i32 %8, %10, !dbg !37
  %12 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %5, !dbg !38
  store i32 %11, ptr addrspace(1) %12, align 4, !dbg !39
  %13 = getelementptr inbounds float, ptr addrspace(1) %2, i64 %5, !dbg !40
  %14 = load float, ptr addrspace(1) %13, align 4, !dbg !40
  %15 = getelementptr inbounds float, ptr addrspace(1) %2, i64 %5, !dbg !41
  %16 = load float, ptr addrspace(1) %15, align 4, !dbg !41
  %17 = call spir_func float @_Z4sqrtf(float noundef %16) #3, !dbg !42, !fpmath !43
  %18 = call float @llvm.fmuladd.f32(float %14, float 5.000000e-01, float %17), !dbg !44
  %19 = getelementptr inbounds float, ptr addrspace(1) %2, i64 %5, !dbg !45
  store float %18, ptr addrspace(1) %19, align 4, !dbg !46
  ret void, !dbg !47
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func float @_Z4sqrtf(float noundef) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #2

attributes #0 = { convergent noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4, !5, !6, !7}
!opencl.ocl.version = !{!8}
!opencl.spir.version = !{!8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "global_array.cl", directory: "/work/main/crates/lift/tests/data", checksumkind: CSK_MD5, checksum: "e9ffd6a127b11e53b274034f6bae9491")
!2 = !{!3}
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{i32 1, i32 2}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "global_array", scope: !1, file: !1, line: 2, type: !11, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !18)
!11 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !12)
!12 = !{null, !13, !14, !16, !3}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64, dwarfAddressSpace: 1)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64, dwarfAddressSpace: 1)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !3)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !17, size: 64, dwarfAddressSpace: 1)
!17 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!18 = !{}
!19 = !{i32 1, i32 1, i32 1, i32 0}
!20 = !{!"none", !"none", !"none", !"none"}
!21 = !{!"int*", !"int*", !"float*", !"int"}
!22 = !{!"", !"const", !"", !""}
!23 = !DILocalVariable(name: "dst", arg: 1, scope: !10, file: !1, line: 2, type: !13)
!24 = !DILocation(line: 0, scope: !10)
!25 = !DILocalVariable(name: "src", arg: 2, scope: !10, file: !1, line: 2, type: !14)
!26 = !DILocalVariable(name: "f", arg: 3, scope: !10, file: !1, line: 2, type: !16)
!27 = !DILocalVariable(name: "scale", arg: 4, scope: !10, file: !1, line: 3, type: !3)
!28 = !DILocation(line: 4, column: 14, scope: !10)
!29 = !DILocalVariable(name: "i", scope: !10, file: !1, line: 4, type: !30)
!30 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !31, line: 142, baseType: !32)
!31 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!32 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!33 = !DILocation(line: 5, column: 12, scope: !10)
!34 = !DILocation(line: 5, column: 19, scope: !10)
!35 = !DILocation(line: 5, column: 34, scope: !10)
!36 = !DILocation(line: 5, column: 29, scope: !10)
!37 = !DILocation(line: 5, column: 27, scope: !10)
!38 = !DILocation(line: 5, column: 3, scope: !10)
!39 = !DILocation(line: 5, column: 10, scope: !10)
!40 = !DILocation(line: 6, column: 10, scope: !10)
!41 = !DILocation(line: 6, column: 29, scope: !10)
!42 = !DILocation(line: 6, column: 24, scope: !10)
!43 = !{float 3.000000e+00}
!44 = !DILocation(line: 6, column: 22, scope: !10)
!45 = !DILocation(line: 6, column: 3, scope: !10)
!46 = !DILocation(line: 6, column: 8, scope: !10)
!47 = !DILocation(line: 7, column: 1, scope: !10)
