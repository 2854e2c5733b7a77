
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'scoresheet' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'scoresheet'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'scoresheet' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check that every move of every game is legal and report what is wrong and where')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Replay games and print the board after each move')
            [CompletionResult]::new('fen', 'fen', [CompletionResultType]::ParameterValue, 'Check a FEN and describe the position: diagram, side to move, castling, status, legal moves')
            [CompletionResult]::new('perft', 'perft', [CompletionResultType]::ParameterValue, 'Count the positions reached after N moves from a FEN (a test of the move generator)')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Write games in another notation: strict PGN, SAN, LAN, UCI, one FEN per move, or descriptive')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Open a workbench in the browser: the text beside its board, every problem where it is written, fixes a click away, exports (docs/SERVE.md)')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain a kind of problem: what it means, an example, how to fix it, how to allow it')
            [CompletionResult]::new('decode', 'decode', [CompletionResultType]::ParameterValue, 'The most probable legal game behind an uncertain transcription (OCR, handwriting, a language model): JSON with each ply''s candidate readings and their probabilities, or plain movetext (docs/DECODE.md); prints JSON')
            [CompletionResult]::new('lsp', 'lsp', [CompletionResultType]::ParameterValue, 'Serve the Language Server Protocol on standard input and output, for editors')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'scoresheet;validate' {
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of worker threads, at least 1 (default: all cores)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Number of worker threads, at least 1 (default: all cores)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour human output: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('--deny', '--deny', [CompletionResultType]::ParameterName, 'Make the warnings and notes of this kind errors (repeatable); `warnings` makes every warning an error, as --strict does')
            [CompletionResult]::new('--allow', '--allow', [CompletionResultType]::ParameterName, 'Drop the warnings and notes of this kind (repeatable); a kind that is always an error cannot be allowed')
            [CompletionResult]::new('--valid-out', '--valid-out', [CompletionResultType]::ParameterName, 'Write the text of each valid game, exactly as read, to FILE (in input order, one blank line between games; written through a temporary file)')
            [CompletionResult]::new('--invalid-out', '--invalid-out', [CompletionResultType]::ParameterName, 'Write the text of each invalid game, exactly as read, to FILE (with --dedup, the duplicates too, unless --duplicates-out is given)')
            [CompletionResult]::new('--duplicates-out', '--duplicates-out', [CompletionResultType]::ParameterName, 'With --dedup, write the text of each duplicate game (invalid in the report) to FILE instead of with the invalid games')
            [CompletionResult]::new('--ep', '--ep', [CompletionResultType]::ParameterName, 'En passant style of the FENs in the JSON report')
            [CompletionResult]::new('--lang', '--lang', [CompletionResultType]::ParameterName, 'Read piece letters in this language (en, de, fr, es, it, pt, nl, sv, da, no, cs, sk, pl, hu, fi, ru; es also reads Spanish descriptive notation, P4R C3AR); by default each game''s language is told from its letters')
            [CompletionResult]::new('--fen', '--fen', [CompletionResultType]::ParameterName, 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)')
            [CompletionResult]::new('--start-fen', '--start-fen', [CompletionResultType]::ParameterName, 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)')
            [CompletionResult]::new('--dedup', '--dedup', [CompletionResultType]::ParameterName, 'Report each valid game that repeats an earlier game of the run as a `duplicate` error: the same start position and main-line moves (`--dedup=tags`: and the same Event, Site, Date, Round, White, Black and Result tags)')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'In directories, also read hidden files and directories (names starting with `.`)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'In directories, also read what `.gitignore` (in a Git repository), `.ignore` and `.git/info/exclude` name')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Treat warnings (relaxed notation, wrong check marks, move-number and result mismatches) as errors')
            [CompletionResult]::new('--repair', '--repair', [CompletionResultType]::ParameterName, 'In book tables, read a misprinted move as its one clearly best suggestion when the rest of the game resolves with it, with a `repaired` warning (refused with --strict)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'The same as `--format json`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only the summary (human format) or only the summary object (JSON)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only the summary (human format) or only the summary object (JSON)')
            [CompletionResult]::new('--summary-only', '--summary-only', [CompletionResultType]::ParameterName, 'Print only the summary (human format) or only the summary object (JSON)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Human output also shows notes: the choices made in reading a game that are not wrong (a book''s tie-breaks, commentary kept). JSON always has them')
            [CompletionResult]::new('--notes', '--notes', [CompletionResultType]::ParameterName, 'Human output also shows notes: the choices made in reading a game that are not wrong (a book''s tie-breaks, commentary kept). JSON always has them')
            [CompletionResult]::new('--errors-only', '--errors-only', [CompletionResultType]::ParameterName, 'Human output shows only errors (the summary still counts everything)')
            [CompletionResult]::new('--no-progress', '--no-progress', [CompletionResultType]::ParameterName, 'Never draw a progress bar, even on a terminal')
            [CompletionResult]::new('--fix-tags', '--fix-tags', [CompletionResultType]::ParameterName, 'Tag values with one clear reading are `tag-fixed` notes instead of warnings, and --valid-out, --invalid-out and --duplicates-out write them in the standard''s form (`PlyCount` recomputed for a valid game, the roster''s missing tags added)')
            [CompletionResult]::new('--eco', '--eco', [CompletionResultType]::ParameterName, 'Name each game''s opening by position with lichess''s open table (the deepest named position of the first 40 plies, transpositions included; JSON: `opening`) and warn where its ECO, Opening or Variation tag says otherwise (`wrong-opening-tag`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'scoresheet;play' {
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files')
            [CompletionResult]::new('--fen', '--fen', [CompletionResultType]::ParameterName, 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)')
            [CompletionResult]::new('--start-fen', '--start-fen', [CompletionResultType]::ParameterName, 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)')
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'Also write a board diagram as SVG into this directory for every ply (`game1-ply000.svg` is the start, `game1-ply001.svg` after the first move)')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'In directories, also read hidden files and directories (names starting with `.`)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'In directories, also read what `.gitignore` (in a Git repository), `.ignore` and `.git/info/exclude` name')
            [CompletionResult]::new('--every-ply', '--every-ply', [CompletionResultType]::ParameterName, 'Print the board after every move, not only after Black''s moves')
            [CompletionResult]::new('--fens', '--fens', [CompletionResultType]::ParameterName, 'Print one FEN after each move instead of boards')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw the pieces with Unicode figurines')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Treat warnings as errors')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also show notes: the choices made in reading the game that are not wrong (a book''s tie-breaks, commentary kept)')
            [CompletionResult]::new('--notes', '--notes', [CompletionResultType]::ParameterName, 'Also show notes: the choices made in reading the game that are not wrong (a book''s tie-breaks, commentary kept)')
            [CompletionResult]::new('--repair', '--repair', [CompletionResultType]::ParameterName, 'In book tables, read a misprinted move as its one clearly best suggestion when the rest of the game resolves with it, with a `repaired` warning (refused with --strict)')
            [CompletionResult]::new('--svg-problems', '--svg-problems', [CompletionResultType]::ParameterName, 'With --svg, one diagram per problem instead (`game1-problem1.svg`): the position where the game stops, the last move played marked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'scoresheet;fen' {
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'Also write the position as an SVG diagram to this file')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw the pieces with Unicode figurines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'scoresheet;perft' {
            [CompletionResult]::new('--divide', '--divide', [CompletionResultType]::ParameterName, 'Also print the node count below each legal move')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'scoresheet;convert' {
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'In directories, read the files this gitignore-style glob matches (`*.txt`, `2024/**`) whatever their name ends with, or with `!` leave out what it matches (`!old/**`); repeatable, the last match wins, globs win over ignore files')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Output notation (in any case: `san`, `SAN`)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of worker threads, at least 1 (default: all cores); the games are written in input order whatever the number')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Number of worker threads, at least 1 (default: all cores); the games are written in input order whatever the number')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Input notation')
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'Write only the games whose tag NAME matches PATTERN (`*` any run of characters, `?` one, letters without case; a missing tag reads as empty). Repeatable: tests on one name are alternatives, tests on different names must all hold. `Result` is the result written. The other games are converted and reported, not written')
            [CompletionResult]::new('--result', '--result', [CompletionResultType]::ParameterName, 'Write only the games with this result (1-0, 0-1, 1/2-1/2 or *); repeatable, any of them')
            [CompletionResult]::new('--eco-range', '--eco-range', [CompletionResultType]::ParameterName, 'Write only the games whose ECO tag lies in this range (`A00-B99`, or one code `C42`); with --eco, the code named by the game''s positions')
            [CompletionResult]::new('--min-elo', '--min-elo', [CompletionResultType]::ParameterName, 'Write only the games whose players (both, or one with --elo-either) are rated at least N (WhiteElo, BlackElo; a missing rating is outside every range)')
            [CompletionResult]::new('--max-elo', '--max-elo', [CompletionResultType]::ParameterName, 'Write only the games whose players (both, or one with --elo-either) are rated at most N')
            [CompletionResult]::new('--position', '--position', [CompletionResultType]::ParameterName, 'Write only the games whose main line reaches this position (a FEN, or its first four fields: placement, side to move, castling, en passant), the start included')
            [CompletionResult]::new('--tag-file', '--tag-file', [CompletionResultType]::ParameterName, 'Read `--tag` tests from FILE, one NAME=PATTERN a line (blank lines and lines starting with # skipped)')
            [CompletionResult]::new('--min-plies', '--min-plies', [CompletionResultType]::ParameterName, 'Write only the games whose main line has at least N plies')
            [CompletionResult]::new('--max-plies', '--max-plies', [CompletionResultType]::ParameterName, 'Write only the games whose main line has at most N plies')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file instead of standard output')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file instead of standard output')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How problems and the summary are written on standard error')
            [CompletionResult]::new('--style', '--style', [CompletionResultType]::ParameterName, 'Descriptive output layout')
            [CompletionResult]::new('--knight', '--knight', [CompletionResultType]::ParameterName, 'Descriptive output knight letter')
            [CompletionResult]::new('--lang', '--lang', [CompletionResultType]::ParameterName, 'Write SAN and LAN with the piece letters of this language (en, de, fr, es, it, pt, nl, sv, da, no, cs, sk, pl, hu, fi, ru); strict PGN is always English SAN. With --to descriptive, `es` writes Spanish descriptive notation (P4R, C3AR); only en and es are taken there')
            [CompletionResult]::new('--read-lang', '--read-lang', [CompletionResultType]::ParameterName, 'Read piece letters in this language (same codes); by default each game''s language is told from its letters')
            [CompletionResult]::new('--fen', '--fen', [CompletionResultType]::ParameterName, 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)')
            [CompletionResult]::new('--start-fen', '--start-fen', [CompletionResultType]::ParameterName, 'Start every game that has no FEN of its own (a book game, a bare move list, PGN without a FEN tag) from this position (`startpos` for the standard one)')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'In directories, also read hidden files and directories (names starting with `.`)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'In directories, also read what `.gitignore` (in a Git repository), `.ignore` and `.git/info/exclude` name')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Reject relaxed notation and descriptive tie-breaks instead of reporting them')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also report notes: the choices made in reading a game that are not wrong (a book''s tie-breaks, commentary kept as comments)')
            [CompletionResult]::new('--notes', '--notes', [CompletionResultType]::ParameterName, 'Also report notes: the choices made in reading a game that are not wrong (a book''s tie-breaks, commentary kept as comments)')
            [CompletionResult]::new('--fix-results', '--fix-results', [CompletionResultType]::ParameterName, 'Where the written result contradicts the board (a mate or stalemate scored otherwise), write the board''s result with a warning instead of refusing the game')
            [CompletionResult]::new('--fix-tags', '--fix-tags', [CompletionResultType]::ParameterName, 'Write tag values in the PGN standard''s form where they have one clear reading (`2025-02-24` as `2025.02.24`, `Sun Jul 09 2023` as `2023.07.09`, an Elo that is not a number emptied), `PlyCount` recomputed and the seven-tag roster completed, each change a `tag-fixed` note; values with no clear reading are left and warned')
            [CompletionResult]::new('--moves-only', '--moves-only', [CompletionResultType]::ParameterName, 'With --to san, lan or uci: one line a game, the moves and the result, without the tags (a game from another position keeps its SetUp and FEN lines)')
            [CompletionResult]::new('--eco', '--eco', [CompletionResultType]::ParameterName, 'Write each game''s ECO, Opening and Variation tags from its opening, named by position with lichess''s open table (the deepest named position of the first 40 plies, transpositions included); a game from another start, or whose positions are all unnamed, keeps its tags')
            [CompletionResult]::new('--elo-either', '--elo-either', [CompletionResultType]::ParameterName, '--min-elo and --max-elo hold for one player at least, not both')
            [CompletionResult]::new('--no-comments', '--no-comments', [CompletionResultType]::ParameterName, 'Leave the comments out of the output')
            [CompletionResult]::new('--no-variations', '--no-variations', [CompletionResultType]::ParameterName, 'Leave the variations out of the output')
            [CompletionResult]::new('--no-nags', '--no-nags', [CompletionResultType]::ParameterName, 'Leave NAGs and the moves'' !/? glyphs out of the output')
            [CompletionResult]::new('--reduced', '--reduced', [CompletionResultType]::ParameterName, 'The PGN standard''s reduced export format: the seven-tag roster (with FEN and SetUp for a game from another position) and the moves, without comments, variations or NAGs')
            [CompletionResult]::new('--repair', '--repair', [CompletionResultType]::ParameterName, 'In book tables, read a misprinted move as its one clearly best suggestion when the rest of the game resolves with it, with a `repaired` warning (refused with --strict)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No summary and no progress bar, and of the problems only the errors of the games that cannot be converted (and inputs that cannot be read)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No summary and no progress bar, and of the problems only the errors of the games that cannot be converted (and inputs that cannot be read)')
            [CompletionResult]::new('--no-progress', '--no-progress', [CompletionResultType]::ParameterName, 'Never draw a progress bar, even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'scoresheet;serve' {
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'The port to listen on (default: one the system chooses)')
            [CompletionResult]::new('--host', '--host', [CompletionResultType]::ParameterName, 'The address to listen on; anything but loopback lets other machines reach the page (with the token), and is warned about')
            [CompletionResult]::new('--no-open', '--no-open', [CompletionResultType]::ParameterName, 'Print the address without opening a browser')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'scoresheet;explain' {
            [CompletionResult]::new('--list-kinds', '--list-kinds', [CompletionResultType]::ParameterName, 'List every kind: its name, its severity and what it means')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'scoresheet;decode' {
            [CompletionResult]::new('--fen', '--fen', [CompletionResultType]::ParameterName, 'The start position, when the input gives none (`startpos` for the initial position)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'scoresheet;lsp' {
            [CompletionResult]::new('--stdio', '--stdio', [CompletionResultType]::ParameterName, 'Talk over standard input and output (the only transport; accepted because some clients pass it)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'scoresheet;help' {
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check that every move of every game is legal and report what is wrong and where')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Replay games and print the board after each move')
            [CompletionResult]::new('fen', 'fen', [CompletionResultType]::ParameterValue, 'Check a FEN and describe the position: diagram, side to move, castling, status, legal moves')
            [CompletionResult]::new('perft', 'perft', [CompletionResultType]::ParameterValue, 'Count the positions reached after N moves from a FEN (a test of the move generator)')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Write games in another notation: strict PGN, SAN, LAN, UCI, one FEN per move, or descriptive')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Open a workbench in the browser: the text beside its board, every problem where it is written, fixes a click away, exports (docs/SERVE.md)')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain a kind of problem: what it means, an example, how to fix it, how to allow it')
            [CompletionResult]::new('decode', 'decode', [CompletionResultType]::ParameterValue, 'The most probable legal game behind an uncertain transcription (OCR, handwriting, a language model): JSON with each ply''s candidate readings and their probabilities, or plain movetext (docs/DECODE.md); prints JSON')
            [CompletionResult]::new('lsp', 'lsp', [CompletionResultType]::ParameterValue, 'Serve the Language Server Protocol on standard input and output, for editors')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'scoresheet;help;validate' {
            break
        }
        'scoresheet;help;play' {
            break
        }
        'scoresheet;help;fen' {
            break
        }
        'scoresheet;help;perft' {
            break
        }
        'scoresheet;help;convert' {
            break
        }
        'scoresheet;help;serve' {
            break
        }
        'scoresheet;help;explain' {
            break
        }
        'scoresheet;help;decode' {
            break
        }
        'scoresheet;help;lsp' {
            break
        }
        'scoresheet;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
