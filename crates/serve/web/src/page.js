// The page of `scoresheet serve`: the text in a CodeMirror editor, judged by
// the server as it changes; problems underlined with their fixes; the board,
// the game as read in SAN, exports, and the files given on the command line.
// Bundled by esbuild into ../assets/page.js (`npm run bundle`).

import { EditorView, basicSetup } from "codemirror";
import { EditorSelection } from "@codemirror/state";
import { linter, lintGutter, forceLinting } from "@codemirror/lint";

const token =
  new URLSearchParams(location.search).get("token") ||
  sessionStorage.getItem("scoresheet-token") ||
  "";
sessionStorage.setItem("scoresheet-token", token);

const $ = (id) => document.getElementById(id);

/// Calls the server's API with the token; JSON in, JSON (or text) out.
async function api(path, body, as = "json") {
  const init = { headers: { "X-Scoresheet-Token": token } };
  if (body !== undefined) {
    init.method = "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    let why = response.statusText;
    try {
      why = (await response.json()).error || why;
    } catch (_) {}
    throw new Error(why);
  }
  return as === "json" ? response.json() : response.text();
}

function status(text) {
  $("status").textContent = text;
}

// What the server said about the text last judged, its number, and the
// moves of its games as they are asked for (by the game's byte offset).
let games = [];
let version = 0;
const movesCache = new Map();
let fileName = "(page)";
let fileId = null;
let flipped = false;
let shown = null;

const severities = { error: "error", warning: "warning", note: "info" };

/// The server's judgement of the editor's text as CodeMirror diagnostics;
/// the problem list, the SAN column and the board follow it.
async function judge(view) {
  const state = view.state;
  const started = performance.now();
  let answer;
  try {
    answer = await api("/api/judge", { name: fileName, text: state.doc.toString() });
  } catch (e) {
    status("not judged: " + e.message);
    return [];
  }
  if (view.state.doc !== state.doc) return [];
  games = answer.games;
  version = answer.version;
  movesCache.clear();
  const diagnostics = [];
  for (const game of games) {
    for (const place of game.problems) {
      const list = { error: "errors", warning: "warnings", note: "notes" }[place.severity];
      const p = game.report[list][place.index];
      let message = `${p.kind}: ${p.message}`;
      if (p.candidates && p.candidates.length) message += ` (candidates: ${p.candidates.join(", ")})`;
      diagnostics.push({
        from: Math.min(place.from, state.doc.length),
        to: Math.min(Math.max(place.to, place.from), state.doc.length),
        severity: severities[place.severity],
        source: `game ${game.report.game}, line ${p.line}`,
        message,
        actions: place.fixes.map((fix) => ({
          name: fix.text === fix.label.split(" ")[0] ? fix.label : `${fix.text} (${fix.label})`,
          apply(view, from, to) {
            view.dispatch({ changes: { from, to, insert: fix.text } });
          },
        })),
      });
    }
  }
  const invalid = games.filter((g) => !g.report.valid).length;
  const ms = Math.round(performance.now() - started);
  status(`${games.length} game${games.length === 1 ? "" : "s"}, ${invalid} invalid (${ms} ms)`);
  showProblems(diagnostics);
  follow(view);
  return diagnostics;
}

function showProblems(diagnostics) {
  const list = $("problems");
  list.replaceChildren();
  for (const d of diagnostics) {
    const item = document.createElement("li");
    item.className = d.severity === "info" ? "note" : d.severity;
    item.textContent = d.message + " ";
    const where = document.createElement("span");
    where.className = "where";
    where.textContent = d.source;
    item.append(where);
    item.addEventListener("click", () => goTo(d.from, d.to));
    for (const action of d.actions) {
      const button = document.createElement("button");
      button.className = "fix";
      button.textContent = action.name;
      button.addEventListener("click", (e) => {
        e.stopPropagation();
        action.apply(view, d.from, d.to);
      });
      item.append(" ", button);
    }
    list.append(item);
  }
}

function goTo(from, to = from) {
  view.dispatch({ selection: EditorSelection.single(from, to), scrollIntoView: true });
  view.focus();
}

/// The moves of `game` (SAN, UCI, where each is written, the position after
/// each), asked for once per judgement.
function movesOf(game) {
  const key = game.report.offset;
  if (!movesCache.has(key)) {
    const asked = api("/api/moves", { version, offset: key }).catch((e) => {
      movesCache.delete(key);
      throw e;
    });
    movesCache.set(key, asked);
  }
  return movesCache.get(key);
}

/// The game under the cursor: the one it is in, or the last one before it.
function gameAt(pos) {
  let game = null;
  for (const g of games) {
    if (g.from <= pos) game = g;
  }
  return game || games[0] || null;
}

/// The game and ply under the cursor: the number of the game's moves that
/// start before the cursor.
async function under(pos) {
  const game = gameAt(pos);
  if (!game) return null;
  const line = await movesOf(game);
  let ply = 0;
  while (ply < line.moves.length && line.moves[ply].from < pos) ply++;
  return { game, line, ply };
}

/// Shows the board, FEN, side to move and SAN column for the cursor's place.
async function follow(view) {
  let at;
  try {
    at = await under(view.state.selection.main.head);
  } catch (e) {
    // Judged again meanwhile: the next judgement follows the cursor.
    if (!/judged again/.test(e.message)) status("no moves: " + e.message);
    return;
  }
  if (at) show(at.line, at.ply);
}

async function show(line, ply) {
  const move = ply > 0 ? line.moves[ply - 1] : null;
  const fen = move ? move.fen : line.start_fen;
  if (!fen) return;
  showMoves(line, ply);
  const key = `${fen}|${move ? move.uci : ""}|${flipped}`;
  if (shown === key) return;
  shown = key;
  $("fen").value = fen;
  $("turn").textContent = fen.split(" ")[1] === "w" ? "White to move" : "Black to move";
  try {
    const svg = await api("/api/board", { fen, last: move ? move.uci : null, flipped }, "text");
    if (shown === key) $("board").innerHTML = svg;
  } catch (e) {
    status("no board: " + e.message);
  }
}

function showMoves(line, ply) {
  const list = $("moves");
  list.replaceChildren();
  const startFen = line.start_fen.split(" ");
  let number = parseInt(startFen[5] || "1", 10);
  let white = startFen[1] !== "b";
  let item = null;
  line.moves.forEach((m, i) => {
    if (white || !item) {
      item = document.createElement("li");
      item.value = number;
      list.append(item);
      if (!white) item.append(document.createElement("span"));
    }
    const span = document.createElement("span");
    span.textContent = m.san;
    span.dataset.ply = i + 1;
    if (i + 1 === ply) span.className = "current";
    span.addEventListener("click", () => goTo(m.to));
    item.append(span);
    if (!white) number++;
    white = !white;
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

/// Steps through the game under the cursor: the cursor moves to the ply's move.
async function step(delta) {
  const at = await under(view.state.selection.main.head);
  if (!at) return;
  const count = at.line.moves.length;
  let ply = delta === "first" ? 0 : delta === "last" ? count : at.ply + delta;
  ply = Math.max(0, Math.min(count, ply));
  goTo(ply > 0 ? at.line.moves[ply - 1].to : at.game.from);
}

const view = new EditorView({
  parent: $("editor"),
  extensions: [
    basicSetup,
    lintGutter(),
    linter(judge, { delay: 300 }),
    EditorView.updateListener.of((update) => {
      if (update.selectionSet && !update.docChanged) follow(update.view);
    }),
    EditorView.domEventHandlers({
      keydown(event) {
        if (!event.altKey) return false;
        if (event.key === "ArrowLeft") step(-1);
        else if (event.key === "ArrowRight") step(1);
        else return false;
        event.preventDefault();
        return true;
      },
    }),
  ],
});
window.scoresheetView = view;

function load(text, name, id) {
  fileName = name;
  fileId = id;
  shown = null;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  $("save").disabled = id === null;
  forceLinting(view);
}

$("first").onclick = () => step("first");
$("back").onclick = () => step(-1);
$("forward").onclick = () => step(1);
$("last").onclick = () => step("last");
$("flip").onclick = () => {
  flipped = !flipped;
  shown = null;
  follow(view);
};

for (const button of document.querySelectorAll("[data-export]")) {
  button.onclick = async () => {
    const format = button.dataset.export;
    $("export-pane").hidden = false;
    $("export-title").textContent = `Export: ${button.textContent}`;
    try {
      const answer = await api("/api/export", { text: view.state.doc.toString(), format });
      $("export").value = answer.text;
      $("export-problems").textContent = answer.problems;
    } catch (e) {
      $("export").value = "";
      $("export-problems").textContent = e.message;
    }
  };
}

$("save").onclick = async () => {
  if (fileId === null) return;
  try {
    const answer = await api("/api/save", { id: fileId, text: view.state.doc.toString() });
    status(`saved ${answer.saved}`);
  } catch (e) {
    status("not saved: " + e.message);
  }
};

$("files").onchange = async () => {
  const id = Number($("files").value);
  const file = await api(`/api/file?id=${id}`);
  load(file.text, file.name, id);
};

// A file dropped anywhere on the page opens in place of the text (it is not
// one of the files given, so it cannot be saved back).
window.addEventListener(
  "drop",
  async (event) => {
    const file = event.dataTransfer && event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    event.stopPropagation();
    load(await file.text(), file.name, null);
    $("files").value = "";
  },
  true,
);
window.addEventListener("dragover", (event) => event.preventDefault());

(async () => {
  $("save").disabled = true;
  try {
    const { files } = await api("/api/files");
    for (const f of files) {
      const option = document.createElement("option");
      option.value = f.id;
      option.textContent = f.name;
      $("files").append(option);
    }
    $("files").hidden = files.length === 0;
    $("save").hidden = files.length === 0;
    if (files.length > 0) {
      const file = await api("/api/file?id=0");
      load(file.text, file.name, 0);
    }
  } catch (e) {
    status(e.message);
  }
})();
