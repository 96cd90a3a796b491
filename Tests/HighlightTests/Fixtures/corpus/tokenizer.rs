use std::fmt;
use std::iter::Peekable;
use std::str::Chars;

/// A token of a tiny expression language.
#[derive(Debug, Clone, PartialEq)]
pub enum Token {
    Number(f64),
    Ident(String),
    Op(char),
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Number(n) => write!(f, "{n}"),
            Token::Ident(s) => write!(f, "{}", s),
            Token::Op(c) => write!(f, "'{}'", c),
        }
    }
}

pub struct Lexer<'a> {
    chars: Peekable<Chars<'a>>,
}

impl<'a> Lexer<'a> {
    pub fn new(input: &'a str) -> Self {
        Lexer { chars: input.chars().peekable() }
    }

    fn number(&mut self, first: char) -> Token {
        let mut text = String::from(first);
        while let Some(&c) = self.chars.peek() {
            if c.is_ascii_digit() || c == '.' {
                text.push(c);
                self.chars.next();
            } else {
                break;
            }
        }
        Token::Number(text.parse().unwrap_or(0.0))
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        let c = self.chars.find(|c| !c.is_whitespace())?;
        Some(match c {
            '0'..='9' => self.number(c),
            'a'..='z' | 'A'..='Z' | '_' => {
                let mut name = c.to_string();
                while let Some(&n) = self.chars.peek().filter(|n| n.is_alphanumeric()) {
                    name.push(n);
                    self.chars.next();
                }
                Token::Ident(name)
            }
            other => Token::Op(other),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexes_expression() {
        let tokens: Vec<Token> = Lexer::new("x + 42.5").collect();
        assert_eq!(tokens.len(), 3);
        assert_eq!(tokens[2], Token::Number(42.5));
    }
}
