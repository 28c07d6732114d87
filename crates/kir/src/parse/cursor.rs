//! A position in one line of text, with the small scanning steps the parser is made of.

use super::ParseError;

#[derive(Clone, Copy)]
pub(super) struct Cursor<'a> {
    line: u32,
    text: &'a str,
    pos: usize,
    end: usize,
}

/// Characters of variable, function and region names.
pub(super) fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '.' | '$' | '#' | '\'')
}

impl<'a> Cursor<'a> {
    pub fn new(line: u32, text: &'a str) -> Self {
        Cursor {
            line,
            text,
            pos: 0,
            end: text.len(),
        }
    }

    /// A cursor after the indentation of a block's line.
    pub fn body(line: u32, text: &'a str) -> Self {
        let mut c = Cursor::new(line, text);
        c.pos = text.len() - text.trim_start().len();
        c
    }

    /// A cursor over `len` bytes of this line from the current position.
    pub fn sub(&self, from: usize, len: usize) -> Cursor<'a> {
        Cursor {
            line: self.line,
            text: self.text,
            pos: self.pos + from,
            end: self.pos + from + len,
        }
    }

    pub fn rest(&self) -> &'a str {
        &self.text[self.pos..self.end]
    }

    /// Ends the cursor's text `len` bytes from the current position.
    pub fn truncate(&mut self, len: usize) {
        self.end = self.pos + len;
    }

    pub fn advance(&mut self, bytes: usize) {
        self.pos = (self.pos + bytes).min(self.end);
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    pub fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// The 1-based line and column of the cursor.
    pub fn place(&self) -> (u32, u32) {
        (self.line, self.text[..self.pos].chars().count() as u32 + 1)
    }

    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            line: self.line,
            col: self.text[..self.pos].chars().count() as u32 + 1,
            message: message.into(),
        }
    }

    /// What is at the cursor, for messages.
    pub fn found(&self) -> String {
        let word: String = self
            .rest()
            .chars()
            .take_while(|c| !c.is_whitespace())
            .take(20)
            .collect();
        if word.is_empty() {
            "end of line".into()
        } else {
            format!("`{word}`")
        }
    }

    pub fn eat(&mut self, s: &str) -> bool {
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, s: &str) -> Result<(), ParseError> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(self.error(format!("expected `{}`, found {}", s.trim(), self.found())))
        }
    }

    pub fn spaces(&mut self) {
        while self.peek() == Some(' ') {
            self.pos += 1;
        }
    }

    /// A keyword: `s` followed by the end or a non-name character.
    pub fn keyword(&mut self, s: &str) -> bool {
        let rest = self.rest();
        if rest.starts_with(s) && !rest[s.len()..].starts_with(is_name_char) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// A run of name characters (may be empty); after the first, `+` and `-` are name
    /// characters too, and so are indices `[N]` (the lifter names parts of aggregates
    /// `s+8` and `q.arr[2]`; operators are always between spaces).
    pub fn name(&mut self) -> &'a str {
        let rest = self.rest();
        let mut len = 0;
        let mut chars = rest.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if is_name_char(c) || (i > 0 && matches!(c, '+' | '-')) {
                len = i + c.len_utf8();
                continue;
            }
            let tail = &rest[i..];
            let digits = tail[1..].len()
                - tail[1..]
                    .trim_start_matches(|d: char| d.is_ascii_digit())
                    .len();
            if i > 0 && c == '[' && digits > 0 && tail[1 + digits..].starts_with(']') {
                len = i + digits + 2;
                while chars.peek().is_some_and(|(j, _)| *j < len) {
                    chars.next();
                }
                continue;
            }
            break;
        }
        self.pos += len;
        &rest[..len]
    }

    pub fn take_while(&mut self, f: impl Fn(char) -> bool) -> &'a str {
        let rest = self.rest();
        let len = rest.find(|c| !f(c)).unwrap_or(rest.len());
        self.pos += len;
        &rest[..len]
    }

    pub fn number(&mut self) -> Result<u64, ParseError> {
        let start = *self;
        let digits = self.take_while(|c| c.is_ascii_digit());
        if digits.is_empty() {
            return Err(self.error(format!("expected a number, found {}", self.found())));
        }
        digits
            .parse()
            .map_err(|_| start.error(format!("number `{digits}` is too large")))
    }

    pub fn small(&mut self) -> Result<u32, ParseError> {
        let start = *self;
        let n = self.number()?;
        u32::try_from(n).map_err(|_| start.error(format!("number {n} is too large")))
    }

    /// Checks that nothing but spaces is left.
    pub fn finish(&mut self) -> Result<(), ParseError> {
        self.spaces();
        if self.at_end() {
            Ok(())
        } else {
            Err(self.error(format!("unexpected {}", self.found())))
        }
    }

    /// Saves the position, to come back to after a failed try.
    pub fn mark(&self) -> usize {
        self.pos
    }

    pub fn reset(&mut self, mark: usize) {
        self.pos = mark;
    }

    /// A Rust Debug-escaped string literal.
    pub fn string(&mut self) -> Result<String, ParseError> {
        self.expect("\"")?;
        let mut out = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(self.error("unterminated string"));
            };
            self.pos += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\\' => out.push(self.escape()?),
                c => out.push(c),
            }
        }
    }

    fn escape(&mut self) -> Result<char, ParseError> {
        let Some(c) = self.peek() else {
            return Err(self.error("unterminated string"));
        };
        self.pos += c.len_utf8();
        Ok(match c {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            '0' => '\0',
            '\\' | '"' | '\'' => c,
            'u' => {
                self.expect("{")?;
                let hex = self.take_while(|c| c.is_ascii_hexdigit());
                let ch = u32::from_str_radix(hex, 16).ok().and_then(char::from_u32);
                self.expect("}")?;
                ch.ok_or_else(|| self.error("bad unicode escape"))?
            }
            other => return Err(self.error(format!("unknown escape `\\{other}`"))),
        })
    }
}
