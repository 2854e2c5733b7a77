# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_scoresheet_global_optspecs
    string join \n h/help V/version
end

function __fish_scoresheet_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_scoresheet_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_scoresheet_using_subcommand
    set -l cmd (__fish_scoresheet_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c scoresheet -n "__fish_scoresheet_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c scoresheet -n "__fish_scoresheet_needs_command" -s V -l version -d 'Print version'
complete -c scoresheet -n "__fish_scoresheet_needs_command" -f -a "validate" -d 'Check that every move of every game is legal and report what is wrong and where'
complete -c scoresheet -n "__fish_scoresheet_needs_command" -f -a "play" -d 'Replay games and print the board after each move'
complete -c scoresheet -n "__fish_scoresheet_needs_command" -f -a "fen" -d 'Check a FEN and describe the position: diagram, side to move, castling, status, legal moves'
complete -c scoresheet -n "__fish_scoresheet_needs_command" -f -a "perft" -d 'Count the positions reached after N moves from a FEN (a test of the move generator)'
complete -c scoresheet -n "__fish_scoresheet_needs_command" -f -a "convert" -d 'Write games in another notation: strict PGN, SAN, LAN, UCI, one FEN per move, or descriptive'
complete -c scoresheet -n "__fish_scoresheet_needs_command" -f -a "serve" -d 'Open a workbench in the browser: the text beside its board, every problem where it is written, fixes a click away, exports (docs/SERVE.md)'
complete -c scoresheet -n "__fish_scoresheet_needs_command" -f -a "explain" -d 'Explain a kind of problem: what it means, an example, how to fix it, how to allow it'
complete -c scoresheet -n "__fish_scoresheet_needs_command" -f -a "decode" -d 'The most probable legal game behind an uncertain transcription (OCR, handwriting, a language model): JSON with each ply\'s candidate readings and their probabilities, or plain movetext (docs/DECODE.md); prints JSON'
complete -c scoresheet -n "__fish_scoresheet_needs_command" -f -a "lsp" -d 'Serve the Language Server Protocol on standard input and output, for editors'
complete -c scoresheet -n "__fish_scoresheet_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -s g -l glob -d 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -s j -l jobs -d 'Number of worker threads, at least 1 (default: all cores)' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l format -d 'Output format' -r -f -a "human\t'One line per problem in the style of compiler diagnostics, then a summary'
json\t'One JSON object per game (JSON Lines), then `{"summary": {...}}`'
github\t'GitHub Actions workflow commands (`::error file=F,line=L,col=C,title=KIND::...`), then the summary line'
sarif\t'One SARIF 2.1.0 log, for code-scanning services'"
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l color -d 'Colour human output: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set to a non-empty value'
always\t'Always, even into a pipe or a file'
never\t'Never'"
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l deny -d 'Make the warnings and notes of this kind errors (repeatable); `warnings` makes every warning an error, as --strict does' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l allow -d 'Drop the warnings and notes of this kind (repeatable); a kind that is always an error cannot be allowed' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l valid-out -d 'Write the text of each valid game, exactly as read, to FILE (in input order, one blank line between games; written through a temporary file)' -r -F
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l invalid-out -d 'Write the text of each invalid game, exactly as read, to FILE (with --dedup, the duplicates too, unless --duplicates-out is given)' -r -F
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l duplicates-out -d 'With --dedup, write the text of each duplicate game (invalid in the report) to FILE instead of with the invalid games' -r -F
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l ep -d 'En passant style of the FENs in the JSON report' -r -f -a "always\t'After every double pawn push (the FEN standard)'
legal\t'Only when an en passant capture is legal (the convention of some tools)'"
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l lang -d 'Read piece letters in this language (en, de, fr, es, it, pt, nl, sv, da, no, cs, sk, pl, hu, fi, ru; es also reads Spanish descriptive notation, P4R C3AR); by default each game\'s language is told from its letters' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l fen -l start-fen -d 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l dedup -d 'Report each valid game that repeats an earlier game of the run as a `duplicate` error: the same start position and main-line moves (`--dedup=tags`: and the same Event, Site, Date, Round, White, Black and Result tags)' -r -f -a "moves\t'The start position and the main line\'s moves'
tags\t'Those and the seven roster tags (Event, Site, Date, Round, White, Black, Result)'"
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l hidden -d 'In directories, also read hidden files and directories (names starting with `.`)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l no-ignore -d 'In directories, also read what `.gitignore` (in a Git repository), `.ignore` and `.git/info/exclude` name'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l strict -d 'Treat warnings (relaxed notation, wrong check marks, move-number and result mismatches) as errors'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l repair -d 'In book tables, read a misprinted move as its one clearly best suggestion when the rest of the game resolves with it, with a `repaired` warning (refused with --strict)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l json -d 'The same as `--format json`'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -s q -l quiet -l summary-only -d 'Print only the summary (human format) or only the summary object (JSON)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -s v -l notes -d 'Human output also shows notes: the choices made in reading a game that are not wrong (a book\'s tie-breaks, commentary kept). JSON always has them'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l errors-only -d 'Human output shows only errors (the summary still counts everything)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l no-progress -d 'Never draw a progress bar, even on a terminal'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l fix-tags -d 'Tag values with one clear reading are `tag-fixed` notes instead of warnings, and --valid-out, --invalid-out and --duplicates-out write them in the standard\'s form (`PlyCount` recomputed for a valid game, the roster\'s missing tags added)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -l eco -d 'Name each game\'s opening by position with lichess\'s open table (the deepest named position of the first 40 plies, transpositions included; JSON: `opening`) and warn where its ECO, Opening or Variation tag says otherwise (`wrong-opening-tag`)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand validate" -s V -l version -d 'Print version'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -s g -l glob -d 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -l fen -l start-fen -d 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -l svg -d 'Also write a board diagram as SVG into this directory for every ply (`game1-ply000.svg` is the start, `game1-ply001.svg` after the first move)' -r -F
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -l hidden -d 'In directories, also read hidden files and directories (names starting with `.`)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -l no-ignore -d 'In directories, also read what `.gitignore` (in a Git repository), `.ignore` and `.git/info/exclude` name'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -l every-ply -d 'Print the board after every move, not only after Black\'s moves'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -l fens -d 'Print one FEN after each move instead of boards'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -l unicode -d 'Draw the pieces with Unicode figurines'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -l strict -d 'Treat warnings as errors'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -s v -l notes -d 'Also show notes: the choices made in reading the game that are not wrong (a book\'s tie-breaks, commentary kept)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -l repair -d 'In book tables, read a misprinted move as its one clearly best suggestion when the rest of the game resolves with it, with a `repaired` warning (refused with --strict)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -l svg-problems -d 'With --svg, one diagram per problem instead (`game1-problem1.svg`): the position where the game stops, the last move played marked'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand play" -s V -l version -d 'Print version'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand fen" -l svg -d 'Also write the position as an SVG diagram to this file' -r -F
complete -c scoresheet -n "__fish_scoresheet_using_subcommand fen" -l unicode -d 'Draw the pieces with Unicode figurines'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand fen" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand fen" -s V -l version -d 'Print version'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand perft" -l divide -d 'Also print the node count below each legal move'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand perft" -s h -l help -d 'Print help'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand perft" -s V -l version -d 'Print version'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -s g -l glob -d 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l to -d 'Output notation (in any case: `san`, `SAN`)' -r -f -a "pgn\t'Strict PGN export format (PGN standard, section 8)'
san\t'Movetext in standard algebraic notation, one game per line'
lan\t'Long algebraic notation (`Ng1-f3`)'
uci\t'UCI notation (`g1f3`)'
fen\t'One FEN per ply, EPD-style, with the move that led there'
descriptive\t'English descriptive notation (`N-KB3`)'"
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -s j -l jobs -d 'Number of worker threads, at least 1 (default: all cores); the games are written in input order whatever the number' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l from -d 'Input notation' -r -f -a "auto\t'Recognise the notation of each game'
san\t'Standard algebraic notation'
lan\t'Long algebraic notation'
uci\t'UCI notation'
descriptive\t'English descriptive notation (PGN-like movetext or book tables)'"
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l tag -d 'Write only the games whose tag NAME matches PATTERN (`*` any run of characters, `?` one, letters without case; a missing tag reads as empty). Repeatable: tests on one name are alternatives, tests on different names must all hold. `Result` is the result written. The other games are converted and reported, not written' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l result -d 'Write only the games with this result (1-0, 0-1, 1/2-1/2 or *); repeatable, any of them' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l eco-range -d 'Write only the games whose ECO tag lies in this range (`A00-B99`, or one code `C42`); with --eco, the code named by the game\'s positions' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l min-elo -d 'Write only the games whose players (both, or one with --elo-either) are rated at least N (WhiteElo, BlackElo; a missing rating is outside every range)' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l max-elo -d 'Write only the games whose players (both, or one with --elo-either) are rated at most N' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l position -d 'Write only the games whose main line reaches this position (a FEN, or its first four fields: placement, side to move, castling, en passant), the start included' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l tag-file -d 'Read `--tag` tests from FILE, one NAME=PATTERN a line (blank lines and lines starting with # skipped)' -r -F
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l min-plies -d 'Write only the games whose main line has at least N plies' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l max-plies -d 'Write only the games whose main line has at most N plies' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -s o -l output -d 'Write to this file instead of standard output' -r -F
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l format -d 'How problems and the summary are written on standard error' -r -f -a "human\t'One line per problem in the style of compiler diagnostics (as `validate` writes them), then the summary'
json\t'One JSON object per problem (JSON Lines), then `{"type":"summary",...}`'"
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l style -d 'Descriptive output layout' -r -f -a "compact\t'`N-KB3`, `PxP`, `QxQ ch`'
spaced\t'`Kt - K B 3`'"
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l knight -d 'Descriptive output knight letter' -r -f -a "n\t'`N` (modern)'
kt\t'`Kt` (older British books)'"
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l lang -d 'Write SAN and LAN with the piece letters of this language (en, de, fr, es, it, pt, nl, sv, da, no, cs, sk, pl, hu, fi, ru); strict PGN is always English SAN. With --to descriptive, `es` writes Spanish descriptive notation (P4R, C3AR); only en and es are taken there' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l read-lang -d 'Read piece letters in this language (same codes); by default each game\'s language is told from its letters' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l fen -l start-fen -d 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l hidden -d 'In directories, also read hidden files and directories (names starting with `.`)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l no-ignore -d 'In directories, also read what `.gitignore` (in a Git repository), `.ignore` and `.git/info/exclude` name'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l strict -d 'Reject relaxed notation and descriptive tie-breaks instead of reporting them'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -s v -l notes -d 'Also report notes: the choices made in reading a game that are not wrong (a book\'s tie-breaks, commentary kept as comments)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l fix-results -d 'Where the written result contradicts the board (a mate or stalemate scored otherwise), write the board\'s result with a warning instead of refusing the game'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l fix-tags -d 'Write tag values in the PGN standard\'s form where they have one clear reading (`2025-02-24` as `2025.02.24`, `Sun Jul 09 2023` as `2023.07.09`, an Elo that is not a number emptied), `PlyCount` recomputed and the seven-tag roster completed, each change a `tag-fixed` note; values with no clear reading are left and warned'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l moves-only -d 'With --to san, lan or uci: one line a game, the moves and the result, without the tags (a game from another position keeps its SetUp and FEN lines)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l eco -d 'Write each game\'s ECO, Opening and Variation tags from its opening, named by position with lichess\'s open table (the deepest named position of the first 40 plies, transpositions included); a game from another start, or whose positions are all unnamed, keeps its tags'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l elo-either -d '--min-elo and --max-elo hold for one player at least, not both'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l no-comments -d 'Leave the comments out of the output'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l no-variations -d 'Leave the variations out of the output'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l no-nags -d 'Leave NAGs and the moves\' !/? glyphs out of the output'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l reduced -d 'The PGN standard\'s reduced export format: the seven-tag roster (with FEN and SetUp for a game from another position) and the moves, without comments, variations or NAGs'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l repair -d 'In book tables, read a misprinted move as its one clearly best suggestion when the rest of the game resolves with it, with a `repaired` warning (refused with --strict)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -s q -l quiet -d 'No summary and no progress bar, and of the problems only the errors of the games that cannot be converted (and inputs that cannot be read)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -l no-progress -d 'Never draw a progress bar, even on a terminal'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand convert" -s V -l version -d 'Print version'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand serve" -l port -d 'The port to listen on (default: one the system chooses)' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand serve" -l host -d 'The address to listen on; anything but loopback lets other machines reach the page (with the token), and is warned about' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand serve" -l no-open -d 'Print the address without opening a browser'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand serve" -s h -l help -d 'Print help'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand serve" -s V -l version -d 'Print version'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand explain" -l list-kinds -d 'List every kind: its name, its severity and what it means'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand explain" -s V -l version -d 'Print version'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand decode" -l fen -d 'The start position, when the input gives none (`startpos` for the initial position)' -r
complete -c scoresheet -n "__fish_scoresheet_using_subcommand decode" -s h -l help -d 'Print help'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand decode" -s V -l version -d 'Print version'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand lsp" -l stdio -d 'Talk over standard input and output (the only transport; accepted because some clients pass it)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand lsp" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand lsp" -s V -l version -d 'Print version'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand help; and not __fish_seen_subcommand_from validate play fen perft convert serve explain decode lsp help" -f -a "validate" -d 'Check that every move of every game is legal and report what is wrong and where'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand help; and not __fish_seen_subcommand_from validate play fen perft convert serve explain decode lsp help" -f -a "play" -d 'Replay games and print the board after each move'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand help; and not __fish_seen_subcommand_from validate play fen perft convert serve explain decode lsp help" -f -a "fen" -d 'Check a FEN and describe the position: diagram, side to move, castling, status, legal moves'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand help; and not __fish_seen_subcommand_from validate play fen perft convert serve explain decode lsp help" -f -a "perft" -d 'Count the positions reached after N moves from a FEN (a test of the move generator)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand help; and not __fish_seen_subcommand_from validate play fen perft convert serve explain decode lsp help" -f -a "convert" -d 'Write games in another notation: strict PGN, SAN, LAN, UCI, one FEN per move, or descriptive'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand help; and not __fish_seen_subcommand_from validate play fen perft convert serve explain decode lsp help" -f -a "serve" -d 'Open a workbench in the browser: the text beside its board, every problem where it is written, fixes a click away, exports (docs/SERVE.md)'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand help; and not __fish_seen_subcommand_from validate play fen perft convert serve explain decode lsp help" -f -a "explain" -d 'Explain a kind of problem: what it means, an example, how to fix it, how to allow it'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand help; and not __fish_seen_subcommand_from validate play fen perft convert serve explain decode lsp help" -f -a "decode" -d 'The most probable legal game behind an uncertain transcription (OCR, handwriting, a language model): JSON with each ply\'s candidate readings and their probabilities, or plain movetext (docs/DECODE.md); prints JSON'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand help; and not __fish_seen_subcommand_from validate play fen perft convert serve explain decode lsp help" -f -a "lsp" -d 'Serve the Language Server Protocol on standard input and output, for editors'
complete -c scoresheet -n "__fish_scoresheet_using_subcommand help; and not __fish_seen_subcommand_from validate play fen perft convert serve explain decode lsp help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
