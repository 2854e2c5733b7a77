// Writes NOTICE.md: the licence of every npm package bundled into
// ../assets/page.js (the packages esbuild reads; not esbuild or playwright-core).
const fs = require("fs");
const path = require("path");
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const tools = ["node_modules/esbuild", "node_modules/playwright-core"];
let out = "# Third-party code in `assets/page.js`\n\n" +
  "`npm run bundle` bundles these packages into the page (all under the MIT licence).\n";
for (const [where, p] of Object.entries(lock.packages).sort()) {
  if (!where || tools.includes(where) || where.startsWith("node_modules/@esbuild/")) continue;
  const licence = fs.readFileSync(path.join(where, "LICENSE"), "utf8").trim();
  out += `\n## ${where.replace("node_modules/", "")} ${p.version} (${p.license})\n\n\`\`\`text\n${licence}\n\`\`\`\n`;
}
fs.writeFileSync("NOTICE.md", out);
