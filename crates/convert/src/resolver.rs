//! The one way a game is resolved for writing: the quick lane where it can,
//! else the parser (with the board's say on the language) and
//! [`resolve_game`], the judge's verdict either way.

use scoresheet_board::quick::QuickLane;
use scoresheet_board::reading::pgn_tags;
use scoresheet_board::told::parse_game_told;
use scoresheet_notation::Mode;
use scoresheet_notation::pgn::{Game, parse_game};

use crate::game::{
    ConvertError, Options, ResolvedGame, resolve_game, resolve_quick, resolve_quick_prefix,
};

/// Resolves games one after another with the same options, keeping its
/// buffers (the quick lane's, the parsed game's) from game to game.
///
/// ```
/// use scoresheet_convert::{Options, Resolver, write_pgn};
/// let mut resolver = Resolver::new(Options::default());
/// let mut out = Vec::new();
/// // A game the quick lane takes, and one it hands to the parser (a comment).
/// for text in [&b"1. e4 e5 2. Nf3 *"[..], &b"1. d4 {main line} d5 *"[..]] {
///     resolver.resolve(text, |r| write_pgn(r.expect("a legal game"), &mut out));
/// }
/// let out = String::from_utf8(out).unwrap();
/// assert!(out.contains("1. e4 e5 2. Nf3 *") && out.contains("1. d4 {main line} 1... d5 *"));
/// let refused = resolver.resolve(b"1. e4 e5 2. Ke3 *", |r| r.unwrap_err().error.kind);
/// assert_eq!(refused, "illegal-move");
/// ```
#[derive(Debug, Default)]
pub struct Resolver {
    options: Options,
    lane: QuickLane,
    game: Game<'static>,
}

impl Resolver {
    /// A resolver with these options (strictness, letters, start, given once).
    #[must_use]
    pub fn new(options: Options) -> Resolver {
        Resolver {
            options,
            ..Resolver::default()
        }
    }

    /// The options every game is resolved with.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Resolves the games to come with `options`, keeping the buffers.
    pub fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// The quick lane's resolution of the game at the start of `rest`, and
    /// where that game ends; `None` where the quick lane does not take it
    /// (the splitter then finds the game, and [`Resolver::resolve_full`]
    /// resolves it). What a block's splitter asks
    /// ([`scoresheet_notation::pgn::BlockGames::next_game`]).
    pub fn quick_prefix<'t>(&mut self, rest: &'t [u8]) -> Option<(ResolvedGame<'t>, usize)> {
        resolve_quick_prefix(rest, &mut self.lane, &self.options)
    }

    /// The quick lane's resolution of the game `text`, or `None` where the
    /// quick lane does not take it (then [`Resolver::resolve_full`]).
    pub fn quick<'t>(&mut self, text: &'t [u8]) -> Option<ResolvedGame<'t>> {
        resolve_quick(text, &mut self.lane, &self.options)
    }

    /// Resolves the game `text` (the quick lane where it can, else in full)
    /// and hands `f` the resolved game or why it is refused.
    pub fn resolve<T>(
        &mut self,
        text: &[u8],
        f: impl FnOnce(Result<&ResolvedGame<'_>, &ConvertError>) -> T,
    ) -> T {
        match resolve_quick(text, &mut self.lane, &self.options) {
            Some(resolved) => f(Ok(&resolved)),
            None => self.resolve_full(text, f),
        }
    }

    /// Parses and resolves the game `text` in full (the quick lane is not
    /// asked), and hands `f` the resolved game or why it is refused.
    pub fn resolve_full<T>(
        &mut self,
        text: &[u8],
        f: impl FnOnce(Result<&ResolvedGame<'_>, &ConvertError>) -> T,
    ) -> T {
        let mode = if self.options.strict {
            Mode::Strict
        } else {
            Mode::Lenient
        };
        // The parsed game's vectors are kept from game to game.
        let mut game = core::mem::take(&mut self.game).recycle();
        parse_game_told(&mut game, text, 0, mode, self.options.lang);
        // A game without a tag section keeps the `% key: value` headers
        // printed above it as its tags, as the judge reports them.
        let header = if game.tags.is_empty() {
            tag_section(&pgn_tags(&game, text))
        } else {
            String::new()
        };
        let head = (!header.is_empty()).then(|| parse_game(header.as_bytes(), 0, Mode::Lenient));
        let out = match resolve_game(&game, &self.options) {
            Ok(mut resolved) => {
                if let Some(head) = &head {
                    resolved.tags.extend(head.tags.iter().cloned());
                }
                f(Ok(&resolved))
            }
            Err(e) => f(Err(&*e)),
        };
        self.game = game.recycle();
        out
    }
}

/// Tags as a PGN tag section (`[Name "value"]` lines, `"` and `\\` escaped).
fn tag_section(tags: &[(String, String)]) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        for c in value.chars() {
            if matches!(c, '"' | '\\') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push_str("\"]\n");
    }
    out
}
