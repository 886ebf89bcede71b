// The engine runs here, off the page's thread, so that the page never freezes while it thinks.
// A request is {id, record, engine, millis}; the answer {id, best, nodes, depth, score, pv,
// millis} or {id, error}.
import init, { Game } from "./pkg/jgames_wasm.js";

const ready = init();

self.onmessage = async (event) => {
  const { id, record, engine, millis, nodes } = event.data;
  await ready;
  try {
    const game = Game.fromRecord(record);
    const t = game.think(engine, millis || 0, nodes || 0);
    self.postMessage({
      id, best: t.best, nodes: t.nodes, depth: t.depth, score: t.score, pv: t.pv, millis: t.millis,
    });
    t.free();
    game.free();
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
