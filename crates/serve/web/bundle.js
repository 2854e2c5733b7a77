// Bundles src/page.js with the CodeMirror packages into ../assets/page.js (or
// into the directory given, where `cargo xtask browser` compares the result
// with the committed files), and writes NOTICE.md beside it: the licence of
// every package bundled.
const fs = require("fs");
const path = require("path");
const esbuild = require("esbuild");

const out = process.argv[2] || "..";
fs.mkdirSync(path.join(out, "assets"), { recursive: true });

const lock = JSON.parse(fs.readFileSync(path.join(__dirname, "package-lock.json"), "utf8"));
const tools = ["node_modules/esbuild", "node_modules/playwright-core"];
let notice =
  "# Third-party code in `assets/page.js`\n\n" +
  "`npm run bundle` bundles these packages into the page (all under the MIT licence).\n";
for (const [where, p] of Object.entries(lock.packages).sort()) {
  if (!where || tools.includes(where) || where.startsWith("node_modules/@esbuild/")) continue;
  const licence = fs.readFileSync(path.join(__dirname, where, "LICENSE"), "utf8").trim();
  notice += `\n## ${where.replace("node_modules/", "")} ${p.version} (${p.license})\n\n\`\`\`text\n${licence}\n\`\`\`\n`;
}
fs.writeFileSync(path.join(out, "NOTICE.md"), notice);

esbuild.buildSync({
  entryPoints: [path.join(__dirname, "src/page.js")],
  bundle: true,
  format: "iife",
  minify: true,
  legalComments: "eof",
  target: "es2020",
  banner: {
    js:
      "/* The page of scoresheet serve, with CodeMirror 6 (MIT licence, copyright Marijn " +
      "Haverbeke and others) and its dependencies bundled: see crates/serve/NOTICE.md */",
  },
  outfile: path.join(out, "assets/page.js"),
  logLevel: "warning",
});
