//! Text and Graphviz views of a CFG, for `lockstep dump --stage=cfg`.

use std::fmt::{self, Write};

use kir::{Block, Kernel, Terminator};

use crate::graph::{compute, Cfg};

impl fmt::Display for Cfg {
    /// The dominator tree (indented), the back edges and the loops.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(entry) = self.entry else {
            return writeln!(f, "cfg: no blocks");
        };
        writeln!(f, "dominator tree:")?;
        let mut stack = vec![(entry, 1usize)];
        while let Some((b, depth)) = stack.pop() {
            let mark = if self.is_loop_head(b) {
                "  (loop head)"
            } else {
                ""
            };
            writeln!(f, "{}{}{mark}", "  ".repeat(depth), self.label(b))?;
            let below = self.dominated_children(b);
            stack.extend(below.iter().rev().map(|&c| (c, depth + 1)));
        }
        writeln!(f, "back edges:")?;
        if self.back_edges.is_empty() {
            writeln!(f, "  (none)")?;
        }
        for &(u, v) in &self.back_edges {
            writeln!(f, "  {} -> {}", self.label(u), self.label(v))?;
        }
        writeln!(f, "loops:")?;
        if self.loops.is_empty() {
            writeln!(f, "  (none)")?;
        }
        for (i, l) in self.loops.iter().enumerate() {
            let parent = l.parent.map_or("-".to_string(), |p| format!("loop{p}"));
            let mut blocks: Vec<Block> = l.blocks.iter().copied().collect();
            blocks.sort_by_key(|&b| crate::graph::pos_of(&self.position, b));
            let blocks: Vec<String> = blocks.iter().map(|&b| self.label(b)).collect();
            writeln!(
                f,
                "  loop{i}: head {} depth {} parent {parent}: {}",
                self.label(l.head),
                l.depth,
                blocks.join(" ")
            )?;
        }
        Ok(())
    }
}

/// The kernel's CFG in Graphviz `dot` syntax: one node per laid-out block (loop heads
/// drawn double), edges labelled with the branch arm or switch case, back edges dashed.
pub fn to_dot(k: &Kernel) -> String {
    let cfg = compute(k);
    let mut out = String::new();
    let _ = writeln!(out, "digraph {} {{", quote(&k.name));
    let _ = writeln!(out, "  node [shape=box, fontname=monospace];");
    for &b in &k.layout {
        let Some(data) = k.blocks.get(b.index()) else {
            continue;
        };
        let shape = if cfg.is_loop_head(b) {
            ", peripheries=2"
        } else {
            ""
        };
        let label = format!("{b}:{}", data.name);
        let _ = writeln!(out, "  {b} [label={}{shape}];", quote(&label));
    }
    for &b in &k.layout {
        let Some(data) = k.blocks.get(b.index()) else {
            continue;
        };
        for (to, label) in labelled_edges(&data.term) {
            let mut attrs = Vec::new();
            if !label.is_empty() {
                attrs.push(format!("label={}", quote(&label)));
            }
            if cfg.is_back_edge(b, to) {
                attrs.push("style=dashed".to_string());
            }
            let attrs = if attrs.is_empty() {
                String::new()
            } else {
                format!(" [{}]", attrs.join(", "))
            };
            let _ = writeln!(out, "  {b} -> {to}{attrs};");
        }
    }
    out.push_str("}\n");
    out
}

/// The targets of a terminator with the label of each edge.
fn labelled_edges(t: &Terminator) -> Vec<(Block, String)> {
    match t {
        Terminator::Goto(b) => vec![(*b, String::new())],
        Terminator::Branch {
            then_to, else_to, ..
        } => vec![(*then_to, "T".into()), (*else_to, "F".into())],
        Terminator::Switch { cases, default, .. } => {
            let mut v: Vec<(Block, String)> =
                cases.iter().map(|(c, b)| (*b, c.to_string())).collect();
            v.push((*default, "default".into()));
            v
        }
        Terminator::Choice(bs) => bs.iter().map(|b| (*b, String::new())).collect(),
        Terminator::Return | Terminator::Unreachable => Vec::new(),
    }
}

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}
