//! Incremental build cache.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

/// A cached output keyed by content hash.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub hash: u64,
    pub path: PathBuf,
    size: usize,
}

pub enum Change<'a> {
    Added(&'a Path),
    Removed { path: PathBuf },
    Same,
}

pub trait Hasher {
    fn hash(&self, bytes: &[u8]) -> u64;
}

pub struct Cache {
    entries: HashMap<PathBuf, Entry>,
    dirty: bool,
}

impl Cache {
    pub fn new() -> Self {
        Cache { entries: HashMap::new(), dirty: false }
    }

    /// Loads the cache, or an empty one when the file is missing.
    pub fn load(path: &Path) -> std::io::Result<Self> {
        let text = match fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Self::new()),
            Err(e) => return Err(e),
        };
        let mut cache = Self::new();
        for line in text.lines().filter(|l| !l.is_empty()) {
            let mut parts = line.splitn(2, '\t');
            let hash = u64::from_str_radix(parts.next().unwrap_or("0"), 16).unwrap_or(0);
            let path = PathBuf::from(parts.next().unwrap_or_default());
            cache.entries.insert(path.clone(), Entry { hash, path, size: 0 });
        }
        Ok(cache)
    }

    pub fn check<'a>(&mut self, path: &'a Path, hash: u64) -> Change<'a> {
        match self.entries.get(path) {
            Some(e) if e.hash == hash => Change::Same,
            Some(_) | None => {
                self.dirty = true;
                Change::Added(path)
            }
        }
    }
}

/* Block comment /* nested */ here */
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

fn main() {
    let cache = Cache::new();
    let ratio = 0.5_f64 * 2.0;
    let name = r#"raw "quoted" text"#;
    let ch = b'a';
    println!("{} entries, ratio {ratio}, {name} {}", cache.entries.len(), ch);
    let v: Vec<i32> = vec![1, 2, 3];
    if let Some(x) = v.iter().max() {
        assert!(*x > 0, "positive");
    }
    loop {
        break;
    }
    let _ = fnv(b"abc") as usize;
    unsafe { std::ptr::null::<u8>(); }
}
