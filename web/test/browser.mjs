// The page in a real headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core):
// for each game, moves made by clicking the board, the move list, position text and record
// following them, the legal moves compared with `jgames moves`, an engine answer from the Web
// Worker, undo, bad pasted input refused, and a screenshot in web/test/screenshots/.
//
//   node web/test/browser.mjs            (after web/build.sh; JGAMES_BIN names the CLI binary)
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = fileURLToPath(new URL(".", import.meta.url));
const web = resolve(here, "..");
const root = resolve(web, "..");
const shots = join(here, "screenshots");
mkdirSync(shots, { recursive: true });

const bin = process.env.JGAMES_BIN ||
  ["target/release/jgames", "target/debug/jgames"].map((p) => join(root, p)).find(existsSync);
if (!bin) throw new Error("no jgames binary: build it (cargo build -p jgames) or set JGAMES_BIN");

const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".svg": "image/svg+xml", ".png": "image/png",
};
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
  let file = join(web, path);
  if (!file.startsWith(web)) {
    res.writeHead(403).end();
    return;
  }
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
  if (!existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": types[extname(file)] || "application/octet-stream" });
  res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

function check(condition, what) {
  if (!condition) throw new Error(what);
}

const sorted = (list) => [...list].sort();
const same = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

async function state(page) {
  return page.evaluate(() => ({
    moves: window.jgames.moves(),
    played: window.jgames.played(),
    list: [...document.querySelectorAll("#move-list li")].map((li) => li.textContent),
    position: document.getElementById("position").value,
    record: document.getElementById("record").value,
    board: document.querySelector("#board svg").outerHTML,
    status: document.getElementById("status").textContent,
  }));
}

// Makes `move` by clicking its cells (and its button when several moves share the cells).
async function clickMove(page, move) {
  const before = (await state(page)).played.length;
  for (const cell of move.cells) {
    await page.click(`#board circle.cell[data-cell="${cell}"]`);
    if ((await state(page)).played.length > before) break;
  }
  if ((await state(page)).played.length === before) {
    await page.click(`#choices button[data-move="${move.text}"]`);
  }
}

const results = [];
const errors = [];
try {
  for (const [name, seed] of [["jarmo", 3], ["jetan", 5], ["jersi", 7], ["jericho", 11]]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("pageerror", (error) => errors.push(`${name}: ${error.message}`));
    await page.goto(`${base}?game=${name}`);
    await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
    await page.selectOption("#engine-side", "none");
    check((await page.inputValue("#game")) === name, `${name}: the game is chosen`);

    // Several moves by clicking, each followed by the list, the text and the board.
    for (let k = 0; k < 6; k++) {
      const before = await state(page);
      check(before.moves.length > 0, `${name}: moves at ply ${k}`);
      const move = before.moves[(seed * (k + 1) * 7919) % before.moves.length];
      await clickMove(page, move);
      const after = await state(page);
      check(after.played.length === k + 1, `${name}: ${move.text} was played (${after.played})`);
      check(after.list.length === k + 1 && after.list[k] === move.text,
        `${name}: the move list shows ${move.text}: ${after.list}`);
      check(after.position !== before.position, `${name}: the position text follows ${move.text}`);
      check(after.board !== before.board, `${name}: the board follows ${move.text}`);
      check(after.record.includes(move.text), `${name}: the record has ${move.text}`);
    }

    // The page's legal moves are the command line's for the same moves.
    const reached = await state(page);
    const cli = execFileSync(bin, ["moves", name, "--moves", reached.played.join(" ")], { encoding: "utf8" })
      .split("\n").filter((line) => line.trim() !== "");
    check(same(cli, reached.moves.map((m) => m.text)),
      `${name}: legal moves differ from jgames moves: page ${reached.moves.length}, cli ${cli.length}`);

    // The engine answers from its worker within its time.
    await page.selectOption("#engine-time", "1000");
    await page.click("#engine-move");
    await page.waitForFunction((n) => window.jgames.played().length === n && !window.jgames.thinking(),
      reached.played.length + 1, { timeout: 20000 });
    const answered = await state(page);
    check(reached.moves.some((m) => m.text === answered.played.at(-1)), `${name}: the engine's move is legal`);
    const rate = Number(await page.getAttribute("#engine-info", "data-rate"));
    const info = await page.textContent("#engine-info");
    check(rate > 0, `${name}: the engine reports its speed: ${info}`);

    // Undo takes the engine's move back.
    await page.click("#undo");
    const undone = await state(page);
    check(undone.played.length === reached.played.length && undone.position === reached.position,
      `${name}: undo restores the position`);

    // Every named level of the Elo ladder plays a legal move; undo takes it back.
    const levels = await page.$$eval("#engine-kind optgroup option", (options) => options.map((o) => o.value));
    check(levels.length === 5, `${name}: five named levels: ${levels}`);
    for (const level of levels) {
      await page.selectOption("#engine-kind", level);
      await page.click("#engine-move");
      await page.waitForFunction((n) => window.jgames.played().length === n && !window.jgames.thinking(),
        reached.played.length + 1, { timeout: 20000 });
      const byLevel = await state(page);
      check(reached.moves.some((m) => m.text === byLevel.played.at(-1)), `${name}: level ${level} plays a legal move`);
      await page.click("#undo");
      check((await state(page)).played.length === reached.played.length, `${name}: undo after level ${level}`);
    }
    await page.selectOption("#engine-kind", "alphabeta");

    // A bad position text is refused with a message and changes nothing.
    await page.fill("#position", "not a position");
    await page.click("#load-position");
    const refused = await page.textContent("#message");
    check(refused.length > 0, `${name}: a bad position text is refused`);
    check((await state(page)).played.length === undone.played.length, `${name}: nothing changed`);

    // The record round-trips through the page.
    await page.fill("#record", undone.record);
    await page.click("#load-record");
    const reloaded = await state(page);
    check(reloaded.position === undone.position && same(reloaded.played, undone.played),
      `${name}: the record loads back`);

    // The rules open in a dialog.
    await page.click("#show-rules");
    await page.waitForSelector("#rules[open] #rules-text h1", { timeout: 10000 });
    // Rendered at build time: tables and pictures, no markup from the text itself.
    const rules = await page.$eval("#rules-text", (e) => ({
      tables: e.querySelectorAll("table").length,
      pictures: [...e.querySelectorAll("img")].map((i) => i.complete && i.naturalWidth > 0),
      scripts: e.querySelectorAll("script, iframe, [onerror], [onload]").length,
    }));
    check(rules.tables > 0, `${name}: the rules have their tables`);
    check(rules.pictures.every((ok) => ok), `${name}: every picture of the rules loads`);
    check(rules.scripts === 0, `${name}: no markup comes from the rules text`);
    await page.screenshot({ path: join(shots, `rules-${name}.png`) });
    await page.click("#rules form button");

    // A piece selected, its targets marked, for the screenshot.
    const from = reloaded.moves.find((m) => m.cells.length > 1) || reloaded.moves[0];
    await page.click(`#board circle.cell[data-cell="${from.cells[0]}"]`);
    await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
    // A small Jasir-basic endgame shows its exact value (docs/jarmo.md: White wins in 4).
    if (name === "jarmo") {
      await page.selectOption("#variant", "jasir-basic");
      await page.fill("#position", "w4/5/5/5/b4 b");
      await page.click("#load-position");
      const solved = await page.textContent("#solved");
      check(solved === "solved: White wins in 4", `jarmo: the solved value is shown: ${solved}`);
      await page.screenshot({ path: join(shots, "jarmo-solved.png") });
    }
    // A finished game shows its result (Jetan: the decided game of docs/jetan.md).
    if (name === "jetan") {
      await page.fill("#position", "4c5/10/10/10/10/10/10/10/1P8/C8r b Rr - orange");
      await page.click("#load-position");
      const status = await page.textContent("#status");
      check(status.includes("Game over") && status.includes("Orange wins"), `jetan: result shown: ${status}`);
      await page.screenshot({ path: join(shots, "jetan-over.png") });
    }
    results.push({ game: name, plies: reloaded.played.length, engine: info, nodesPerSecond: rate });
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
check(errors.length === 0, `page errors: ${errors.join("; ")}`);
const wasm = statSync(join(web, "pkg", "jgames_wasm_bg.wasm")).size;
for (const r of results) console.log(`${r.game}: ${r.plies} plies; engine ${r.nodesPerSecond.toLocaleString("en")} nodes/s (${r.engine})`);
console.log(`wasm module: ${wasm.toLocaleString("en")} bytes`);
console.log("browser test passed: jarmo, jetan, jersi, jericho");
