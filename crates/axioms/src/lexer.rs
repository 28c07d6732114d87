//! Splits a `--boogie-file` into tokens with their positions; skips whitespace, `//` line
//! comments and (nested) `/* */` block comments.

use std::sync::Arc;

use crate::error::{AxiomError, Pos};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A Boogie identifier (keywords included; the parser tells them apart).
    Ident(String),
    /// Digits, and the width of a bit-vector literal (`5bv32`) if it has one.
    Number {
        digits: String,
        bv: Option<String>,
    },
    /// A string literal, without its quotes.
    Str(String),
    /// An operator or punctuation mark.
    Punct(&'static str),
    Eof,
}

impl Tok {
    /// How the token is named in "expected ..., found ..." messages.
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Number { digits, bv: None } => format!("`{digits}`"),
            Tok::Number {
                digits,
                bv: Some(w),
            } => format!("`{digits}bv{w}`"),
            Tok::Str(s) => format!("\"{s}\""),
            Tok::Punct(p) => format!("`{p}`"),
            Tok::Eof => "the end of the file".into(),
        }
    }
}

/// Boogie's operators, longest first so that the first match is the longest one.
const PUNCT: &[&str] = &[
    "<==>", "==>", "<==", "::", ":=", "==", "!=", "<=", ">=", "&&", "||", "++", "<:", "(", ")",
    "{", "}", "[", "]", ",", ";", ":", "=", "!", "<", ">", "+", "-", "*", "/", "%", "|", "&",
];

fn ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || "_$#'~^?.`".contains(c)
}

fn ident_char(c: char) -> bool {
    ident_start(c) || c.is_ascii_digit()
}

/// The tokens of `text`, each with its position; the last is [`Tok::Eof`].
pub fn tokens(file: &Arc<str>, text: &str) -> Result<Vec<(Tok, Pos)>, AxiomError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
    let pos = |line, col| Pos {
        file: file.clone(),
        line,
        col,
    };
    // Advances over `n` characters, keeping the line and column.
    let step = |i: &mut usize, line: &mut u32, col: &mut u32, n: usize| {
        for _ in 0..n {
            if chars.get(*i) == Some(&'\n') {
                *line += 1;
                *col = 1;
            } else {
                *col += 1;
            }
            *i += 1;
        }
    };
    let at = |i: usize, s: &str| {
        s.chars()
            .enumerate()
            .all(|(k, c)| chars.get(i + k) == Some(&c))
    };
    while i < chars.len() {
        let c = chars[i];
        let here = pos(line, col);
        if c.is_whitespace() {
            step(&mut i, &mut line, &mut col, 1);
        } else if at(i, "//") {
            while i < chars.len() && chars[i] != '\n' {
                step(&mut i, &mut line, &mut col, 1);
            }
        } else if at(i, "/*") {
            let mut depth = 0;
            loop {
                if i >= chars.len() {
                    return Err(AxiomError::syntax(&here, "unterminated comment `/*`"));
                }
                if at(i, "/*") {
                    depth += 1;
                    step(&mut i, &mut line, &mut col, 2);
                } else if at(i, "*/") {
                    depth -= 1;
                    step(&mut i, &mut line, &mut col, 2);
                    if depth == 0 {
                        break;
                    }
                } else {
                    step(&mut i, &mut line, &mut col, 1);
                }
            }
        } else if c == '"' {
            let mut s = String::new();
            step(&mut i, &mut line, &mut col, 1);
            loop {
                match chars.get(i) {
                    None | Some('\n') => {
                        return Err(AxiomError::syntax(&here, "unterminated string literal"))
                    }
                    Some('"') => break,
                    Some(&ch) => s.push(ch),
                }
                step(&mut i, &mut line, &mut col, 1);
            }
            step(&mut i, &mut line, &mut col, 1);
            out.push((Tok::Str(s), here));
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                step(&mut i, &mut line, &mut col, 1);
            }
            let digits: String = chars[start..i].iter().collect();
            let mut bv = None;
            if at(i, "bv") && chars.get(i + 2).is_some_and(|c| c.is_ascii_digit()) {
                step(&mut i, &mut line, &mut col, 2);
                let w = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    step(&mut i, &mut line, &mut col, 1);
                }
                bv = Some(chars[w..i].iter().collect());
            }
            if chars.get(i).is_some_and(|c| ident_char(*c)) {
                return Err(AxiomError::syntax(
                    &pos(line, col),
                    format!("unexpected character `{}` in a number", chars[i]),
                ));
            }
            out.push((Tok::Number { digits, bv }, here));
        } else if ident_start(c) {
            let start = i;
            while i < chars.len() && ident_char(chars[i]) {
                step(&mut i, &mut line, &mut col, 1);
            }
            out.push((Tok::Ident(chars[start..i].iter().collect()), here));
        } else if let Some(p) = PUNCT.iter().find(|p| at(i, p)) {
            step(&mut i, &mut line, &mut col, p.chars().count());
            out.push((Tok::Punct(p), here));
        } else {
            return Err(AxiomError::syntax(
                &here,
                format!("unexpected character `{c}`"),
            ));
        }
    }
    out.push((Tok::Eof, pos(line, col)));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(text: &str) -> Vec<Tok> {
        tokens(&Arc::from("t.bpl"), text)
            .unwrap()
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    }

    #[test]
    fn operators_take_the_longest_match() {
        assert_eq!(
            toks("<==> ==> == ! !="),
            [
                Tok::Punct("<==>"),
                Tok::Punct("==>"),
                Tok::Punct("=="),
                Tok::Punct("!"),
                Tok::Punct("!="),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn bit_vector_literals_keep_their_width() {
        assert_eq!(
            toks("5bv32 7"),
            [
                Tok::Number {
                    digits: "5".into(),
                    bv: Some("32".into())
                },
                Tok::Number {
                    digits: "7".into(),
                    bv: None
                },
                Tok::Eof
            ]
        );
    }

    #[test]
    fn comments_are_skipped_and_positions_count_lines() {
        let t = tokens(&Arc::from("t.bpl"), "// one\n/* two /* nested */\n */ x").unwrap();
        assert_eq!(t[0].0, Tok::Ident("x".into()));
        assert_eq!((t[0].1.line, t[0].1.col), (3, 5));
    }

    #[test]
    fn an_unterminated_comment_is_an_error_at_its_start() {
        let e = tokens(&Arc::from("t.bpl"), "x\n  /* open").unwrap_err();
        assert_eq!(e.to_string(), "t.bpl:2:3: unterminated comment `/*`");
    }

    #[test]
    fn a_stray_character_is_an_error() {
        let e = tokens(&Arc::from("t.bpl"), "axiom @").unwrap_err();
        assert_eq!(e.to_string(), "t.bpl:1:7: unexpected character `@`");
    }
}
