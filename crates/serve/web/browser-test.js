// The page in a real browser, as an editor uses it: Debian's chromium driven
// by playwright-core. Starts `scoresheet serve` on a book with a misprint,
// finds the error underlined on its line, hovers it, applies the suggestion,
// checks the board and FEN, steps back, exports PGN and compares it with
// `scoresheet convert --to pgn`, saves, and leaves a screenshot.
//
// Environment: SCORESHEET_BIN (the binary), SCORESHEET_OUT (a directory for
// the book copy, the browser profile and the screenshot), CHROMIUM (default
// /usr/bin/chromium). `cargo xtask browser` sets them.

const { chromium } = require("playwright-core");
const { spawn, execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const assert = require("assert/strict");

const bin = process.env.SCORESHEET_BIN;
const out = path.resolve(process.env.SCORESHEET_OUT || "browser-out");
const repo = path.resolve(__dirname, "../../..");
const fixture = path.join(repo, "fixtures/desc/err/1902_lasker_spielmann_tarrasch_misprint.desc.txt");

// 5... Nxe4, as the fixed book reads.
const FIXED_FEN = "r1bqkb1r/1ppp1ppp/p1n5/4p3/B3n3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 6";
const BEFORE_FEN = "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 3 5";

// The server started, stopped however the test ends.
let server = null;
process.on("exit", () => server && server.kill());
// A hang fails the test instead of blocking CI.
setTimeout(() => {
  console.error("browser: timed out after 120 s");
  process.exit(1);
}, 120000).unref();

function step(what) {
  console.log(`browser: ${what}`);
}

/// Starts the server on `book` and resolves with its printed address.
function serve(book) {
  const child = spawn(bin, ["serve", "--no-open", book], { stdio: ["ignore", "pipe", "inherit"] });
  server = child;
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (chunk) => {
      seen += chunk;
      const m = seen.match(/scoresheet serve: (http:\/\/\S+)/);
      if (m) resolve({ child, address: m[1] });
    });
    child.on("exit", (code) => reject(new Error(`scoresheet serve exited (${code}) before printing its address`)));
  });
}

async function main() {
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const book = path.join(out, "book.txt");
  fs.copyFileSync(fixture, book);
  const printed = fs.readFileSync(book, "utf8").split("\n");
  const { child, address } = await serve(book);
  step(`serving ${address}`);
  // A fresh profile of its own (playwright wants it as the persistent
  // context's directory, not as a --user-data-dir argument).
  const browser = await chromium.launchPersistentContext(path.join(out, "profile"), {
    viewport: { width: 1400, height: 820 },
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = browser.pages()[0] || (await browser.newPage());
    const failures = [];
    page.on("pageerror", (e) => failures.push(e.message));
    page.on("requestfailed", (r) => failures.push(`request failed: ${r.url()}`));
    step("browser started");
    await page.goto(address);

    step("the misprint is underlined on its line");
    const underline = page.locator(".cm-lintRange-error");
    await underline.first().waitFor({ timeout: 15000 });
    assert.equal(await underline.count(), 1);
    assert.equal(await underline.textContent(), "Kt-P");
    const line = await page.locator(".cm-line", { has: underline }).textContent();
    const lineNumber = printed.indexOf(line) + 1;
    assert.equal(lineNumber, 8, `underlined on line ${lineNumber}: ${line}`);
    assert.match(await page.locator("#problems li.error").textContent(), /desc-syntax/);

    step("hovering shows the message");
    await underline.hover();
    const tooltip = page.locator(".cm-tooltip-lint");
    await tooltip.waitFor({ timeout: 10000 });
    assert.match(await tooltip.textContent(), /cannot read `Kt-P` as a move/);
    await page.screenshot({ path: path.join(out, "serve-misprint.png") });

    step("the suggestion fixes it");
    const fix = tooltip.locator(".cm-diagnosticAction", { hasText: "KtxP" });
    assert.equal(await fix.count(), 1, await tooltip.innerHTML());
    await fix.click();
    await underline.waitFor({ state: "detached", timeout: 10000 });
    await page.locator("#status", { hasText: "1 game, 0 invalid" }).waitFor({ timeout: 10000 });
    const text = await page.evaluate(() => window.scoresheetView.state.doc.toString());
    assert.equal(text.split("\n")[7], printed[7].replace("Kt-P", "KtxP"));

    step("the board shows the position after the fixed move");
    await page.locator("#moves span", { hasText: "Nxe4" }).click();
    await page.waitForFunction((fen) => document.getElementById("fen").value === fen, FIXED_FEN);
    assert.equal(await page.locator("#turn").textContent(), "White to move");
    await page.waitForFunction(() => document.querySelectorAll("#board svg use.piece").length === 31);
    assert.equal(await page.locator('#board svg use.piece[data-square="e4"]').getAttribute("data-piece"), "n");
    assert.equal(await page.locator('#board svg use.piece[data-square="f6"]').count(), 0);
    const marked = await page.locator("#board svg rect.marked").evaluateAll((r) => r.map((e) => e.dataset.square).sort());
    assert.deepEqual(marked, ["e4", "f6"]);
    await page.screenshot({ path: path.join(out, "serve.png") });

    step("the arrows step through the game");
    await page.click("#back");
    await page.waitForFunction((fen) => document.getElementById("fen").value === fen, BEFORE_FEN);
    await page.click("#forward");
    await page.waitForFunction((fen) => document.getElementById("fen").value === fen, FIXED_FEN);

    step("the PGN export is convert's");
    await page.click('button[data-export="pgn"]');
    await page.waitForFunction(() => document.getElementById("export").value.length > 0);
    const exported = await page.locator("#export").inputValue();
    const fixedFile = path.join(out, "fixed.txt");
    fs.writeFileSync(fixedFile, text);
    const converted = execFileSync(bin, ["convert", "--to", "pgn", fixedFile], {
      env: { ...process.env, SCORESHEET_NO_PROGRESS: "1" },
    }).toString();
    assert.equal(exported, converted);
    assert.match(exported, /5\. O-O Nxe4/);

    step("saving writes the file given");
    await page.click("#save");
    await page.locator("#status", { hasText: "saved" }).waitFor({ timeout: 10000 });
    assert.equal(fs.readFileSync(book, "utf8"), text);
    await page.screenshot({ path: path.join(out, "serve-export.png") });

    step("a dropped file opens");
    const dropped = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n";
    const transfer = await page.evaluateHandle((text) => {
      const t = new DataTransfer();
      t.items.add(new File([text], "dropped.pgn", { type: "text/plain" }));
      return t;
    }, dropped);
    await page.dispatchEvent(".cm-content", "drop", { dataTransfer: transfer });
    await page.waitForFunction(
      (text) => window.scoresheetView.state.doc.toString() === text,
      dropped,
    );
    await page.locator("#status", { hasText: "1 game, 0 invalid" }).waitFor({ timeout: 10000 });
    // The status read the same before the drop: wait for the dropped game's
    // moves (the book's had castling) before clicking one of them.
    await page.waitForFunction(
      () => !document.getElementById("moves").innerText.includes("O-O"),
      null,
      { polling: 100, timeout: 10000 },
    );
    await page.locator("#moves span", { hasText: "Bb5" }).click();
    // Polled on a timer: the page may not paint frames while nothing moves.
    await page.waitForFunction(
      (fen) => document.getElementById("fen").value === fen,
      "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
      { polling: 100 },
    );
    assert.equal(await page.locator("#save").isDisabled(), true);
    assert.equal(fs.readFileSync(book, "utf8"), text);

    assert.deepEqual(failures, []);
    step(`passed; screenshots in ${out}`);
  } finally {
    await browser.close();
    child.kill();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
