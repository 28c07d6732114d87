//! The declaration lines between the kernel's header and its first block: `file`,
//! `param`, `region` and `var`.

use super::cursor::Cursor;
use super::{Context, ParseError};
use crate::entities::Region;
use crate::kernel::{Kernel, ParamData};
use crate::syntax::*;

pub(super) fn declaration(
    cx: &mut Context,
    k: &mut Kernel,
    c: &mut Cursor,
) -> Result<(), ParseError> {
    c.spaces();
    if c.keyword("file") {
        c.spaces();
        index(c, cx.files.len(), "file ")?;
        c.spaces();
        let name = c.string()?;
        cx.files.push(name);
    } else if c.keyword("param") {
        c.spaces();
        let p = param(cx, c)?;
        k.params.push(p);
    } else if c.keyword("region") {
        c.spaces();
        let r = region(cx, c)?;
        cx.regions.push(r);
    } else if c.keyword("var") {
        c.spaces();
        var(cx, c)?;
    } else {
        return Err(c.error(format!(
            "expected `file`, `param`, `region`, `var` or a block label, found {}",
            c.found()
        )));
    }
    c.finish()
}

/// `N` (or `rN`), which must be the next index of its kind.
fn index(c: &mut Cursor, next: usize, what: &str) -> Result<(), ParseError> {
    let start = *c;
    let n = c.number()?;
    if n != next as u64 {
        return Err(start.error(format!(
            "{what}{n} declared where {what}{next} is due (declare them in order)"
        )));
    }
    Ok(())
}

fn word<'a>(c: &mut Cursor<'a>) -> &'a str {
    c.take_while(|ch| !ch.is_whitespace())
}

fn param(cx: &mut Context, c: &mut Cursor) -> Result<ParamData, ParseError> {
    let name = word(c).to_string();
    c.spaces();
    if c.keyword("opaque") {
        return Ok(ParamData::Opaque { name });
    }
    c.expect("=")?;
    c.spaces();
    if c.eat("&") {
        let start = *c;
        c.expect("r")?;
        let r = c.number()?;
        let region = u32::try_from(r).map_err(|_| start.error("region index too large"))?;
        return Ok(ParamData::Pointer {
            name,
            region: Region(region),
        });
    }
    let at = c.place();
    let var = cx.syms.get(word(c), at);
    c.spaces();
    if c.eat(";") {
        c.spaces();
        c.expect("bytes from ")?;
        let offset = c.number()?;
        return Ok(ParamData::Field { name, var, offset });
    }
    Ok(ParamData::Scalar { name, var })
}

fn region(cx: &mut Context, c: &mut Cursor) -> Result<RegionData, ParseError> {
    c.expect("r")?;
    index(c, cx.regions.len(), "r")?;
    c.expect(":")?;
    let name = word(c).to_string();
    c.spaces();
    let start = *c;
    let space = match word(c) {
        "Global" => Space::Global,
        "Local" => Space::Local,
        "Constant" => Space::Constant,
        "Private" => Space::Private,
        other => return Err(start.error(format!("unknown address space `{other}`"))),
    };
    c.spaces();
    c.expect("elem ")?;
    let elem_bytes = c.small()?;
    c.spaces();
    let size_bytes = if c.keyword("size") {
        c.spaces();
        let s = c.number()?;
        c.spaces();
        Some(s)
    } else {
        None
    };
    let origin = if c.keyword("Global") {
        RegionOrigin::Global
    } else if c.keyword("Alloca") {
        RegionOrigin::Alloca
    } else if c.keyword("Param") {
        RegionOrigin::Param {
            index: braced_index(c)?,
        }
    } else {
        return Err(c.error(format!(
            "expected `Global`, `Alloca` or `Param {{ index: N }}`, found {}",
            c.found()
        )));
    };
    Ok(RegionData {
        name,
        space,
        elem_bytes,
        size_bytes,
        origin,
        dims: Vec::new(),
    })
}

/// ` { index: N }`.
fn braced_index(c: &mut Cursor) -> Result<u32, ParseError> {
    c.spaces();
    c.expect("{")?;
    c.spaces();
    c.expect("index:")?;
    c.spaces();
    let n = c.small()?;
    c.spaces();
    c.expect("}")?;
    Ok(n)
}

pub(super) fn ty(c: &mut Cursor) -> Result<Ty, ParseError> {
    if c.keyword("bool") {
        return Ok(Ty::Bool);
    }
    let start = *c;
    if c.eat("bv") {
        let w = c.small()?;
        if (1..=64).contains(&w) {
            return Ok(Ty::Bv(w));
        }
        return Err(start.error(format!("bad width {w}")));
    }
    Err(c.error(format!("expected `bool` or `bvN`, found {}", c.found())))
}

fn var(cx: &mut Context, c: &mut Cursor) -> Result<(), ParseError> {
    let start = *c;
    let name = word(c);
    c.spaces();
    c.expect(":")?;
    c.spaces();
    let ty = ty(c)?;
    c.spaces();
    let kind = kind(c)?;
    cx.syms
        .declare(name, ty, kind, start.place())
        .map(|_| ())
        .map_err(|m| start.error(m))
}

fn kind(c: &mut Cursor) -> Result<VarKind, ParseError> {
    if c.keyword("Private") {
        return Ok(VarKind::Private);
    }
    if c.keyword("Instrumentation") {
        return Ok(VarKind::Instrumentation);
    }
    if c.keyword("Param") {
        return Ok(VarKind::Param {
            index: braced_index(c)?,
        });
    }
    if c.eat("Builtin(") {
        let start = *c;
        let which = c.name();
        c.expect("(")?;
        let d = c.small()?;
        c.expect("))")?;
        let d = u8::try_from(d).map_err(|_| start.error("bad dimension"))?;
        let b = match which {
            "LocalId" => Builtin::LocalId(d),
            "GroupId" => Builtin::GroupId(d),
            "LocalSize" => Builtin::LocalSize(d),
            "NumGroups" => Builtin::NumGroups(d),
            other => return Err(start.error(format!("unknown builtin `{other}`"))),
        };
        return Ok(VarKind::Builtin(b));
    }
    Err(c.error(format!(
        "expected a variable kind (`Param {{ index: N }}`, `Builtin(…)`, `Instrumentation`, \
         `Private`), found {}",
        c.found()
    )))
}
