// The page: one game at a time, drawn by the game crate's SVG picture, moved by clicking cells,
// with an engine in a Web Worker. All rules come from the WebAssembly module; this file only
// keeps the page in step with it.
import init, { Game } from "./pkg/jgames_wasm.js";

const $ = (id) => document.getElementById(id);

const state = {
  game: null,
  flip: false,
  clicks: [], // the cells clicked so far of the move being made
  moves: [], // [{text, cells}] of the current position
  worker: null,
  request: 0, // the id of the engine request whose answer is awaited, 0 for none
};

function message(text) {
  $("message").textContent = text || "";
}

// ---- the engine ---------------------------------------------------------------------------

function startWorker() {
  if (state.worker) state.worker.terminate();
  state.worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
  state.worker.onmessage = (event) => engineAnswered(event.data);
  state.request = 0;
  document.body.classList.remove("thinking");
}

function engineSpec() {
  return $("engine-kind").value;
}

function engineControls(firstToMove) {
  const side = $("engine-side").value;
  return side === "both" || (side === "first" && firstToMove) || (side === "second" && !firstToMove);
}

function askEngine() {
  const game = state.game;
  if (game.isOver() || state.request) return;
  state.request = Math.floor(Math.random() * 1e9) + 1;
  document.body.classList.add("thinking");
  state.worker.postMessage({
    id: state.request,
    record: game.recordText(),
    engine: engineSpec(),
    millis: Number($("engine-time").value),
  });
}

function engineAnswered(answer) {
  if (answer.id !== state.request) return; // an answer for a position the page has left
  state.request = 0;
  document.body.classList.remove("thinking");
  if (answer.error) {
    message(`engine: ${answer.error}`);
    return;
  }
  const rate = answer.millis > 0 ? Math.round((answer.nodes * 1000) / answer.millis) : 0;
  $("engine-info").textContent =
    `${answer.best}: ${answer.nodes} nodes in ${Math.round(answer.millis)} ms ` +
    `(${rate.toLocaleString("en")}/s), depth ${answer.depth}, score ${answer.score}; ` +
    `line ${answer.pv.join(" ")}`;
  $("engine-info").dataset.rate = String(rate);
  play(answer.best);
}

// Asks the engine for a move when it plays the side to move.
function maybeEngine() {
  if (!state.game.isOver() && engineControls(state.game.firstToMove())) askEngine();
}

// ---- the board ----------------------------------------------------------------------------

function startsWith(cells, prefix) {
  return prefix.every((cell, i) => cells[i] === cell);
}

function draw() {
  const game = state.game;
  state.moves = game.legalMoves().map((text) => ({ text, cells: game.moveCells(text) }));
  $("board").innerHTML = game.svg(state.flip, 48);
  const prefix = state.clicks;
  const candidates = state.moves.filter((m) => startsWith(m.cells, prefix));
  const next = new Set();
  for (const m of candidates) if (m.cells.length > prefix.length) next.add(m.cells[prefix.length]);
  for (const disc of $("board").querySelectorAll("circle.cell")) {
    const cell = disc.dataset.cell;
    disc.classList.toggle("selected", prefix.includes(cell));
    disc.classList.toggle("target", prefix.length > 0 && next.has(cell));
    disc.classList.toggle("from", prefix.length === 0 && next.has(cell));
  }
  // Moves complete at the cells clicked, and moves that touch no cell (a pass), are buttons.
  const choices = $("choices");
  choices.replaceChildren();
  const complete = prefix.length
    ? candidates.filter((m) => m.cells.length === prefix.length)
    : state.moves.filter((m) => m.cells.length === 0);
  for (const m of complete) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = m.text;
    button.dataset.move = m.text;
    button.addEventListener("click", () => humanPlays(m.text));
    choices.append(button);
  }
  const list = $("move-list");
  list.replaceChildren();
  for (const text of game.played()) {
    const item = document.createElement("li");
    item.textContent = text;
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
  $("position").value = game.positionText();
  $("record").value = game.recordText();
  const result = game.result();
  $("status").textContent = result ? `Game over: ${result}` : `${game.sideToMove()} to move`;
  $("status").dataset.over = result ? "true" : "false";
  // The exact value under perfect play, where the rules are solved and the position is small
  // (Jasir-basic endgames of a few archers).
  const solved = game.solved();
  $("solved").textContent = solved ? `solved: ${solved}` : "";
}

function cellClicked(cell) {
  if (state.request) return; // the engine is on the move
  let prefix = [...state.clicks, cell];
  let candidates = state.moves.filter((m) => startsWith(m.cells, prefix));
  if (candidates.length === 0 && state.clicks.length > 0) {
    prefix = [cell]; // a fresh start from this cell
    candidates = state.moves.filter((m) => startsWith(m.cells, prefix));
  }
  if (candidates.length === 0) {
    state.clicks = [];
    draw();
    return;
  }
  const longer = candidates.some((m) => m.cells.length > prefix.length);
  if (!longer && candidates.length === 1) {
    humanPlays(candidates[0].text);
    return;
  }
  state.clicks = prefix;
  draw();
}

function humanPlays(text) {
  if (state.request) return;
  play(text);
}

function play(text) {
  try {
    state.game.play(text);
    message("");
  } catch (error) {
    message(String(error));
  }
  state.clicks = [];
  draw();
  maybeEngine();
}

// ---- the controls -------------------------------------------------------------------------

function setGame(game) {
  if (state.game) state.game.free();
  state.game = game;
  state.clicks = [];
  startWorker();
  $("engine-info").textContent = "";
  const names = game.sideNames();
  const sides = $("engine-side").options;
  sides[1].textContent = names[1];
  sides[2].textContent = names[0];
  draw();
  maybeEngine();
}

function fillVariants() {
  const select = $("variant");
  select.replaceChildren();
  for (const name of Game.variants($("game").value)) select.append(new Option(name, name));
}

function newGame() {
  try {
    setGame(new Game($("game").value, $("variant").value));
    message("");
  } catch (error) {
    message(String(error));
  }
}

function undo() {
  const game = state.game;
  startWorker(); // stops a search in progress
  if (!game.undo()) return;
  // With the engine on one side, take back its answer too so that the player is to move.
  if ($("engine-side").value !== "both" && engineControls(game.firstToMove()) && game.played().length > 0) {
    game.undo();
  }
  state.clicks = [];
  draw();
  maybeEngine();
}

async function showRules() {
  const name = state.game.name;
  try {
    // HTML rendered from docs/<game>.md by crates/rules-html (web/build.sh), which escapes any
    // markup of the text and points relative addresses into rules/.
    const response = await fetch(`rules/${name}.html`);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    $("rules-text").innerHTML = await response.text();
  } catch (error) {
    $("rules-text").textContent = `The rules could not be loaded (${error}); they are docs/${name}.md.`;
  }
  $("rules").showModal();
}

async function copy(id) {
  try {
    await navigator.clipboard.writeText($(id).value);
    message("copied");
  } catch {
    $(id).select();
    message("select and copy by hand");
  }
}

function wire() {
  for (const name of Game.games()) $("game").append(new Option(name, name));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && Game.games().includes(wanted)) $("game").value = wanted;
  fillVariants();
  $("game").addEventListener("change", () => {
    fillVariants();
    newGame();
  });
  $("variant").addEventListener("change", newGame);
  $("new-game").addEventListener("click", newGame);
  $("undo").addEventListener("click", undo);
  $("flip").addEventListener("click", () => {
    state.flip = !state.flip;
    draw();
  });
  $("show-rules").addEventListener("click", showRules);
  $("engine-side").addEventListener("change", () => {
    startWorker();
    maybeEngine();
  });
  $("engine-move").addEventListener("click", () => {
    startWorker();
    askEngine();
  });
  $("board").addEventListener("click", (event) => {
    const disc = event.target.closest("circle.cell");
    if (disc) cellClicked(disc.dataset.cell);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.clicks.length) {
      state.clicks = [];
      draw();
    }
  });
  $("load-position").addEventListener("click", () => {
    try {
      setGame(Game.fromPosition($("game").value, $("variant").value, $("position").value));
      message("");
    } catch (error) {
      message(String(error));
    }
  });
  $("load-record").addEventListener("click", () => {
    try {
      const game = Game.fromRecord($("record").value);
      $("game").value = game.name;
      fillVariants();
      $("variant").value = game.variant || Game.variants(game.name)[0];
      setGame(game);
      message("");
    } catch (error) {
      message(String(error));
    }
  });
  $("copy-position").addEventListener("click", () => copy("position"));
  $("copy-record").addEventListener("click", () => copy("record"));
}

// For the browser test and the curious: the legal moves with their cells, and the game.
window.jgames = {
  moves: () => state.moves.map((m) => ({ text: m.text, cells: [...m.cells] })),
  played: () => state.game.played(),
  thinking: () => state.request !== 0,
};

await init();
wire();
newGame();
document.body.dataset.ready = "true";
