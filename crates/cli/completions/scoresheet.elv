
use builtin;
use str;

set edit:completion:arg-completer[scoresheet] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'scoresheet'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'scoresheet'= {
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand validate 'Check that every move of every game is legal and report what is wrong and where'
            cand play 'Replay games and print the board after each move'
            cand fen 'Check a FEN and describe the position: diagram, side to move, castling, status, legal moves'
            cand perft 'Count the positions reached after N moves from a FEN (a test of the move generator)'
            cand convert 'Write games in another notation: strict PGN, SAN, LAN, UCI, one FEN per move, or descriptive'
            cand serve 'Open a workbench in the browser: the text beside its board, every problem where it is written, fixes a click away, exports (docs/SERVE.md)'
            cand explain 'Explain a kind of problem: what it means, an example, how to fix it, how to allow it'
            cand decode 'The most probable legal game behind an uncertain transcription (OCR, handwriting, a language model): JSON with each ply''s candidate readings and their probabilities, or plain movetext (docs/DECODE.md); prints JSON'
            cand lsp 'Serve the Language Server Protocol on standard input and output, for editors'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'scoresheet;validate'= {
            cand -g 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files'
            cand --glob 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files'
            cand -j 'Number of worker threads, at least 1 (default: all cores)'
            cand --jobs 'Number of worker threads, at least 1 (default: all cores)'
            cand --format 'Output format'
            cand --color 'Colour human output: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --deny 'Make the warnings and notes of this kind errors (repeatable); `warnings` makes every warning an error, as --strict does'
            cand --allow 'Drop the warnings and notes of this kind (repeatable); a kind that is always an error cannot be allowed'
            cand --valid-out 'Write the text of each valid game, exactly as read, to FILE (in input order, one blank line between games; written through a temporary file)'
            cand --invalid-out 'Write the text of each invalid game, exactly as read, to FILE (with --dedup, the duplicates too, unless --duplicates-out is given)'
            cand --duplicates-out 'With --dedup, write the text of each duplicate game (invalid in the report) to FILE instead of with the invalid games'
            cand --ep 'En passant style of the FENs in the JSON report'
            cand --lang 'Read piece letters in this language (en, de, fr, es, it, pt, nl, sv, da, no, cs, sk, pl, hu, fi, ru; es also reads Spanish descriptive notation, P4R C3AR); by default each game''s language is told from its letters'
            cand --fen 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)'
            cand --start-fen 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)'
            cand --dedup 'Report each valid game that repeats an earlier game of the run as a `duplicate` error: the same start position and main-line moves (`--dedup=tags`: and the same Event, Site, Date, Round, White, Black and Result tags)'
            cand --hidden 'In directories, also read hidden files and directories (names starting with `.`)'
            cand --no-ignore 'In directories, also read what `.gitignore` (in a Git repository), `.ignore` and `.git/info/exclude` name'
            cand --strict 'Treat warnings (relaxed notation, wrong check marks, move-number and result mismatches) as errors'
            cand --repair 'In book tables, read a misprinted move as its one clearly best suggestion when the rest of the game resolves with it, with a `repaired` warning (refused with --strict)'
            cand --json 'The same as `--format json`'
            cand -q 'Print only the summary (human format) or only the summary object (JSON)'
            cand --quiet 'Print only the summary (human format) or only the summary object (JSON)'
            cand --summary-only 'Print only the summary (human format) or only the summary object (JSON)'
            cand -v 'Human output also shows notes: the choices made in reading a game that are not wrong (a book''s tie-breaks, commentary kept). JSON always has them'
            cand --notes 'Human output also shows notes: the choices made in reading a game that are not wrong (a book''s tie-breaks, commentary kept). JSON always has them'
            cand --errors-only 'Human output shows only errors (the summary still counts everything)'
            cand --no-progress 'Never draw a progress bar, even on a terminal'
            cand --fix-tags 'Tag values with one clear reading are `tag-fixed` notes instead of warnings, and --valid-out, --invalid-out and --duplicates-out write them in the standard''s form (`PlyCount` recomputed for a valid game, the roster''s missing tags added)'
            cand --eco 'Name each game''s opening by position with lichess''s open table (the deepest named position of the first 40 plies, transpositions included; JSON: `opening`) and warn where its ECO, Opening or Variation tag says otherwise (`wrong-opening-tag`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'scoresheet;play'= {
            cand -g 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files'
            cand --glob 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files'
            cand --fen 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)'
            cand --start-fen 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)'
            cand --svg 'Also write a board diagram as SVG into this directory for every ply (`game1-ply000.svg` is the start, `game1-ply001.svg` after the first move)'
            cand --hidden 'In directories, also read hidden files and directories (names starting with `.`)'
            cand --no-ignore 'In directories, also read what `.gitignore` (in a Git repository), `.ignore` and `.git/info/exclude` name'
            cand --every-ply 'Print the board after every move, not only after Black''s moves'
            cand --fens 'Print one FEN after each move instead of boards'
            cand --unicode 'Draw the pieces with Unicode figurines'
            cand --strict 'Treat warnings as errors'
            cand -v 'Also show notes: the choices made in reading the game that are not wrong (a book''s tie-breaks, commentary kept)'
            cand --notes 'Also show notes: the choices made in reading the game that are not wrong (a book''s tie-breaks, commentary kept)'
            cand --repair 'In book tables, read a misprinted move as its one clearly best suggestion when the rest of the game resolves with it, with a `repaired` warning (refused with --strict)'
            cand --svg-problems 'With --svg, one diagram per problem instead (`game1-problem1.svg`): the position where the game stops, the last move played marked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'scoresheet;fen'= {
            cand --svg 'Also write the position as an SVG diagram to this file'
            cand --unicode 'Draw the pieces with Unicode figurines'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'scoresheet;perft'= {
            cand --divide 'Also print the node count below each legal move'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'scoresheet;convert'= {
            cand -g 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files'
            cand --glob 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files'
            cand --to 'Output notation (in any case: `san`, `SAN`)'
            cand -j 'Number of worker threads, at least 1 (default: all cores); the games are written in input order whatever the number'
            cand --jobs 'Number of worker threads, at least 1 (default: all cores); the games are written in input order whatever the number'
            cand --from 'Input notation'
            cand --tag 'Write only the games whose tag NAME matches PATTERN (`*` any run of characters, `?` one, letters without case; a missing tag reads as empty). Repeatable: tests on one name are alternatives, tests on different names must all hold. `Result` is the result written. The other games are converted and reported, not written'
            cand --result 'Write only the games with this result (1-0, 0-1, 1/2-1/2 or *); repeatable, any of them'
            cand --eco-range 'Write only the games whose ECO tag lies in this range (`A00-B99`, or one code `C42`); with --eco, the code named by the game''s positions'
            cand --min-elo 'Write only the games whose players (both, or one with --elo-either) are rated at least N (WhiteElo, BlackElo; a missing rating is outside every range)'
            cand --max-elo 'Write only the games whose players (both, or one with --elo-either) are rated at most N'
            cand --position 'Write only the games whose main line reaches this position (a FEN, or its first four fields: placement, side to move, castling, en passant), the start included'
            cand --tag-file 'Read `--tag` tests from FILE, one NAME=PATTERN a line (blank lines and lines starting with # skipped)'
            cand --min-plies 'Write only the games whose main line has at least N plies'
            cand --max-plies 'Write only the games whose main line has at most N plies'
            cand -o 'Write to this file instead of standard output'
            cand --output 'Write to this file instead of standard output'
            cand --format 'How problems and the summary are written on standard error'
            cand --style 'Descriptive output layout'
            cand --knight 'Descriptive output knight letter'
            cand --lang 'Write SAN and LAN with the piece letters of this language (en, de, fr, es, it, pt, nl, sv, da, no, cs, sk, pl, hu, fi, ru); strict PGN is always English SAN. With --to descriptive, `es` writes Spanish descriptive notation (P4R, C3AR); only en and es are taken there'
            cand --read-lang 'Read piece letters in this language (same codes); by default each game''s language is told from its letters'
            cand --fen 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)'
            cand --start-fen 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)'
            cand --hidden 'In directories, also read hidden files and directories (names starting with `.`)'
            cand --no-ignore 'In directories, also read what `.gitignore` (in a Git repository), `.ignore` and `.git/info/exclude` name'
            cand --strict 'Reject relaxed notation and descriptive tie-breaks instead of reporting them'
            cand -v 'Also report notes: the choices made in reading a game that are not wrong (a book''s tie-breaks, commentary kept as comments)'
            cand --notes 'Also report notes: the choices made in reading a game that are not wrong (a book''s tie-breaks, commentary kept as comments)'
            cand --fix-results 'Where the written result contradicts the board (a mate or stalemate scored otherwise), write the board''s result with a warning instead of refusing the game'
            cand --fix-tags 'Write tag values in the PGN standard''s form where they have one clear reading (`2025-02-24` as `2025.02.24`, `Sun Jul 09 2023` as `2023.07.09`, an Elo that is not a number emptied), `PlyCount` recomputed and the seven-tag roster completed, each change a `tag-fixed` note; values with no clear reading are left and warned'
            cand --moves-only 'With --to san, lan or uci: one line a game, the moves and the result, without the tags (a game from another position keeps its SetUp and FEN lines)'
            cand --eco 'Write each game''s ECO, Opening and Variation tags from its opening, named by position with lichess''s open table (the deepest named position of the first 40 plies, transpositions included); a game from another start, or whose positions are all unnamed, keeps its tags'
            cand --elo-either '--min-elo and --max-elo hold for one player at least, not both'
            cand --no-comments 'Leave the comments out of the output'
            cand --no-variations 'Leave the variations out of the output'
            cand --no-nags 'Leave NAGs and the moves'' !/? glyphs out of the output'
            cand --reduced 'The PGN standard''s reduced export format: the seven-tag roster (with FEN and SetUp for a game from another position) and the moves, without comments, variations or NAGs'
            cand --repair 'In book tables, read a misprinted move as its one clearly best suggestion when the rest of the game resolves with it, with a `repaired` warning (refused with --strict)'
            cand -q 'No summary and no progress bar, and of the problems only the errors of the games that cannot be converted (and inputs that cannot be read)'
            cand --quiet 'No summary and no progress bar, and of the problems only the errors of the games that cannot be converted (and inputs that cannot be read)'
            cand --no-progress 'Never draw a progress bar, even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'scoresheet;serve'= {
            cand --port 'The port to listen on (default: one the system chooses)'
            cand --host 'The address to listen on; anything but loopback lets other machines reach the page (with the token), and is warned about'
            cand --no-open 'Print the address without opening a browser'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'scoresheet;explain'= {
            cand --list-kinds 'List every kind: its name, its severity and what it means'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'scoresheet;decode'= {
            cand --fen 'The start position, when the input gives none (`startpos` for the initial position)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'scoresheet;lsp'= {
            cand --stdio 'Talk over standard input and output (the only transport; accepted because some clients pass it)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'scoresheet;help'= {
            cand validate 'Check that every move of every game is legal and report what is wrong and where'
            cand play 'Replay games and print the board after each move'
            cand fen 'Check a FEN and describe the position: diagram, side to move, castling, status, legal moves'
            cand perft 'Count the positions reached after N moves from a FEN (a test of the move generator)'
            cand convert 'Write games in another notation: strict PGN, SAN, LAN, UCI, one FEN per move, or descriptive'
            cand serve 'Open a workbench in the browser: the text beside its board, every problem where it is written, fixes a click away, exports (docs/SERVE.md)'
            cand explain 'Explain a kind of problem: what it means, an example, how to fix it, how to allow it'
            cand decode 'The most probable legal game behind an uncertain transcription (OCR, handwriting, a language model): JSON with each ply''s candidate readings and their probabilities, or plain movetext (docs/DECODE.md); prints JSON'
            cand lsp 'Serve the Language Server Protocol on standard input and output, for editors'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'scoresheet;help;validate'= {
        }
        &'scoresheet;help;play'= {
        }
        &'scoresheet;help;fen'= {
        }
        &'scoresheet;help;perft'= {
        }
        &'scoresheet;help;convert'= {
        }
        &'scoresheet;help;serve'= {
        }
        &'scoresheet;help;explain'= {
        }
        &'scoresheet;help;decode'= {
        }
        &'scoresheet;help;lsp'= {
        }
        &'scoresheet;help;help'= {
        }
    ]
    $completions[$command]
}
