// The engine's thread: every question the page asks runs here, so the page never freezes. A
// question is {id, op, args}; the answer {id, ok} or {id, err: {error, code}}, with
// {id, progress: [done, total]} messages while a table is computed. The page cancels a question
// by ending this worker and starting another.
import init, * as grundy from "./pkg/grundy_web.js";

const ready = init();

function refusal(e) {
  // The engine throws {"error", "code"} as JSON text; anything else is a bug worth showing (a
  // panic ends the module: the page then starts a fresh worker).
  const panic = grundy.last_panic();
  if (panic) return { error: `internal error: ${panic}`, code: 1, panic: true };
  if (typeof e === "string") {
    try {
      return JSON.parse(e);
    } catch (_) {
      return { error: e, code: 1 };
    }
  }
  return { error: String(e && e.message ? e.message : e), code: 1 };
}

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  await ready;
  // Told often by the engine; passed on a few times a second at most.
  let told = 0;
  const progress = (done, total) => {
    const now = performance.now();
    if (now - told < 100) return;
    told = now;
    self.postMessage({ id, progress: [done, total] });
  };
  const started = performance.now();
  try {
    let ok;
    switch (op) {
      case "games":
        ok = grundy.games();
        break;
      case "solve":
        ok = grundy.solve(JSON.stringify(args.words), args.convention, args.limit ?? 100, !!args.outcome);
        break;
      case "table":
        ok = grundy.table(args.game, args.upto ?? undefined, !!args.period, progress);
        break;
      case "guess":
        ok = grundy.guess(args.game, args.upto ?? undefined, progress);
        break;
      case "check":
        ok = grundy.check(args.game, args.formula, args.upto ?? undefined, !!args.outcome);
        break;
      case "explain":
        ok = grundy.explain(JSON.stringify(args.words), args.convention ?? "normal", args.depth ?? undefined);
        break;
      case "turn":
        ok = grundy.turn(JSON.stringify(args.words));
        break;
      case "limits":
        ok = grundy.set_limits(args.operations, args.depth, args.size, args.maxPositions);
        break;
      default:
        throw JSON.stringify({ error: `unknown question '${op}'`, code: 2 });
    }
    self.postMessage({ id, ok: JSON.parse(ok), ms: performance.now() - started });
  } catch (e) {
    self.postMessage({ id, err: refusal(e) });
  }
};
