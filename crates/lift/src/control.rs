//! Control flow: terminators, and phi nodes lowered to copies at the end of each
//! predecessor (in a fresh block on critical edges).

use kir::{Block, BlockData, Expr, Stmt, StmtData, Terminator, Var};

use crate::error::LiftError;
use crate::lifter::{op_name, Lifter};
use crate::llvm::{BasicBlock, Op, TypeKind, Value};
use crate::values::to_bool;

impl Lifter {
    pub fn terminator(&mut self, inst: Value) -> Result<Terminator, LiftError> {
        let succs = inst.successors();
        match inst.opcode() {
            Some(Op::LLVMRet) => Ok(Terminator::Return),
            Some(Op::LLVMUnreachable) => Ok(Terminator::Unreachable),
            Some(Op::LLVMBr) if !inst.is_conditional() => match succs.first() {
                Some(s) => Ok(Terminator::Goto(self.block_of(*s)?)),
                None => Err(self.invalid("branch without target")),
            },
            Some(Op::LLVMBr) => {
                let (Some(c), [t, f]) = (inst.operand(0), succs.as_slice()) else {
                    return Err(self.invalid("malformed conditional branch"));
                };
                let c = self.value(c)?;
                let cond = to_bool(c.clone(), self.ty(&c));
                let (then_to, else_to) = (self.block_of(*t)?, self.block_of(*f)?);
                Ok(if then_to == else_to {
                    Terminator::Goto(then_to)
                } else {
                    Terminator::Branch {
                        cond,
                        then_to,
                        else_to,
                    }
                })
            }
            Some(Op::LLVMSwitch) => {
                let (Some(v), Some((default, cases))) = (inst.operand(0), succs.split_first())
                else {
                    return Err(self.invalid("malformed switch"));
                };
                let value = self.value(v)?;
                let value = self.to_bv(value);
                let mut out = Vec::with_capacity(cases.len());
                for (i, dest) in cases.iter().enumerate() {
                    let case = inst.operand(2 * (i as u32 + 1)).and_then(|c| c.const_int());
                    let Some(case) = case else {
                        return Err(self.unsupported("switch case wider than 64 bits"));
                    };
                    out.push((case, self.block_of(*dest)?));
                }
                Ok(Terminator::Switch {
                    value,
                    cases: out,
                    default: self.block_of(*default)?,
                })
            }
            Some(op) => Err(self.unsupported(format!("instruction `{}`", op_name(op)))),
            None => Err(self.invalid("block without terminator")),
        }
    }

    /// Lowers the phis of `pred`'s successors to copies. With one successor they go at
    /// the end of `self.stmts` (the block being lifted); otherwise each edge into a block
    /// with phis gets a fresh block holding them, which `term` is retargeted to. Returns
    /// those fresh blocks, to be laid out after `pred`.
    pub fn phi_edges(
        &mut self,
        pred: BasicBlock,
        term: &mut Terminator,
    ) -> Result<Vec<Block>, LiftError> {
        let succs = term.successors();
        let mut splits = Vec::new();
        for s in &succs {
            let Some(bb) = self.llvm_blocks.get(s.index()).copied().flatten() else {
                continue;
            };
            let phis: Vec<Value> = bb
                .instructions()
                .into_iter()
                .take_while(|i| i.opcode() == Some(Op::LLVMPHI))
                .collect();
            if phis.is_empty() {
                continue;
            }
            if succs.len() == 1 {
                self.phi_copies(pred, &phis)?;
                continue;
            }
            let outer = std::mem::take(&mut self.stmts);
            let copied = self.phi_copies(pred, &phis);
            let stmts = std::mem::replace(&mut self.stmts, outer);
            copied?;
            let from = self.k.block(self.block_of(pred)?).name.clone();
            let name = format!("{from}.to.{}", self.k.block(*s).name);
            let loc = stmts.first().and_then(|st| st.loc).or(self.loc);
            let split = self.add_block(BlockData {
                name,
                stmts,
                term: Terminator::Goto(*s),
                loc,
            });
            term.retarget(*s, split);
            splits.push(split);
        }
        Ok(splits)
    }

    /// Appends the parallel copy `phi_i := incoming_i(pred)` for the phis of one block.
    fn phi_copies(&mut self, pred: BasicBlock, phis: &[Value]) -> Result<(), LiftError> {
        let term_loc = self.loc;
        let mut copies: Vec<(Var, Expr, Option<kir::Loc>)> = Vec::new();
        for &phi in phis {
            self.loc = self.files.loc(phi).or(term_loc);
            let Some((incoming, _)) = phi.incoming().into_iter().find(|(_, b)| *b == pred) else {
                return Err(self.invalid("phi without a value for a predecessor"));
            };
            if let Some(lanes) = self.lanes.get(&phi).cloned() {
                let values = self.lanes(incoming)?;
                for (dst, value) in lanes.into_iter().zip(values) {
                    copies.push((dst, value, self.loc));
                }
                continue;
            }
            if self.is_function_pointer(phi) {
                let dst = self.var_of(phi)?;
                let value = self.function_pointer(incoming)?;
                copies.push((dst, value, self.loc));
                continue;
            }
            if matches!(phi.ty().kind(), TypeKind::Pointer(_)) {
                for (dst, value) in self.pointer_phi_copies(phi, incoming)? {
                    copies.push((dst, value, self.loc));
                }
                continue;
            }
            let dst = self.var_of(phi)?;
            let value = self.value(incoming)?;
            copies.push((dst, value, self.loc));
        }
        // Copy through temporaries only when a copy reads a phi an earlier one assigns.
        let mut reads_phi = false;
        for (i, (_, e, _)) in copies.iter().enumerate() {
            let earlier: Vec<Var> = copies[..i].iter().map(|c| c.0).collect();
            e.for_each_var(&mut |v| reads_phi |= earlier.contains(&v));
        }
        let mut finals = Vec::with_capacity(copies.len());
        for (dst, value, loc) in copies {
            let value = if reads_phi && copies_needed(&value) {
                let var = self.k.var(dst);
                let (name, ty) = (format!("{}.next", var.name), var.ty);
                let tmp = self.fresh(name, ty);
                self.stmts
                    .push(StmtData::new(Stmt::Assign { dst: tmp, value }, loc));
                Expr::Var(tmp)
            } else {
                value
            };
            finals.push(StmtData::new(Stmt::Assign { dst, value }, loc));
        }
        self.stmts.extend(finals);
        self.loc = term_loc;
        Ok(())
    }
}

/// Constants need no temporary: no copy can change them.
fn copies_needed(e: &Expr) -> bool {
    !matches!(e, Expr::Int { .. } | Expr::Bool(_))
}
