// The pack's drivers, part of "grade/course" in the sandbox (RunSpec.via): each is handed the
// student's class and one input, makes the calls the input lists on fresh instances of it, and
// returns what each call gave, as plain data taken at once (a value the code changes later is
// recorded as it was). They hold no answer and judge nothing: the grader compares what they
// return with its model, outside the sandbox. What the student's client sends is recorded by the
// peers (the host), not here.
//
// - driveServer(Server, {servers, steps}): `new Server(config)` per config, then each step on
//   server `on` (0 when absent): handle(message), addTool(LAB_TOOLS[tool] copied, or a
//   tool made from the step's data under that name; {notify}) or drainOutbox(). A step marked
//   `shared` is handed the one copy of that name the session's shared steps all get. Returns one outcome per step: {value} or {threw}.
// - driveSessionStep(Server, {servers?, made?, step}): the same one step per call, the session's
//   servers kept in the module instance from the call that starts it; `made` servers of the
//   first config made and let go before them, as a process that has served others has.
// - driveTransport(Transport, probe): a transport over a recording server; what the server was
//   given and what came back, and whether either was the very object the other side held.
// - driveClient(Client, ops, handshake, send, poll, mark): a client over the grader's scripted
//   peers; per op (connect, list, call, pump) its value or throw, and the tools cache after it;
//   `mark`, a peer only the driver holds, records where each op begins. With a handshake, the
//   call continues the client of the run's call before (its connect the driver's).
import { oddValues } from "../client/odd-values.js";

export const DRIVERS_SOURCE = String.raw`
(function () {
  // oddValues is the host's function as text: a host built with esbuild's keepNames (the CLI's
  // bundle) wraps its inner functions in __name(fn, "name"), which nothing in the sandbox defines
  // (a generated transport probe then failed t3_transport for a correct transport, by what else
  // the realm had loaded). The helper as esbuild has it, local to the drivers.
  const __name = (target, value) => Object.defineProperty(target, "name", { value, configurable: true });
  const oddValues = ${oddValues.toString()};
  const NOT_WRITTEN = exports.NOT_WRITTEN_YET;
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  // A value as JSON would carry it, taken now; what JSON cannot carry is named instead.
  function snap(value) {
    if (value === undefined) return null;
    if (value !== null && (typeof value === "object" || typeof value === "function") && typeof value.then === "function") return { "\u0000notData": "a Promise" };
    if (typeof value === "function") return { "\u0000notData": "a function" };
    try {
      const text = stringify(value);
      return text === undefined ? { "\u0000notData": typeof value } : parse(text);
    } catch (error) {
      return { "\u0000notData": "a value JSON cannot hold (" + String(error && error.message).slice(0, 100) + ")" };
    }
  }
  // A value exactly as it is, as data: what JSON would change or drop is named instead (NaN,
  // -0, undefined, a Map, a Date, an object with a prototype of its own), so that a copy made
  // otherwise than through JSON shows (a snap would hide it).
  function exact(value, depth) {
    const named = (what) => ({ "\u0000notData": what });
    if (depth > 12) return named("a value nested too deep");
    if (value === undefined) return named("undefined");
    if (typeof value === "number") return Number.isFinite(value) ? (Object.is(value, -0) ? named("-0") : value) : named(String(value));
    if (value === null || typeof value === "string" || typeof value === "boolean") return value;
    if (typeof value !== "object") return named("a " + typeof value);
    try {
      if (Array.isArray(value)) return Array.from(value, (v) => exact(v, depth + 1));
      const proto = Object.getPrototypeOf(value);
      // A plain object's prototype is some realm's Object.prototype (its own prototype null).
      if (proto !== null && Object.getPrototypeOf(proto) !== null) {
        const name = proto.constructor && typeof proto.constructor.name === "string" ? proto.constructor.name : "";
        return named(name && name !== "Object" ? "a " + name.slice(0, 40) : "an object with a prototype of its own");
      }
      const out = {};
      for (const key of Object.keys(value)) out[key] = exact(value[key], depth + 1);
      return out;
    } catch (error) {
      return named("a value that could not be read");
    }
  }
  function notWritten(error) {
    return error !== null && typeof error === "object" && error.name === NOT_WRITTEN;
  }
  function threw(error) {
    let name = "", message = "", code = null;
    try {
      // In V8's words where the engine's differ ("Object.groupBy is not a function", not "not a
      // function"), as the harness gives a call's throw: the module's __gradeError (session.ts).
      error = __gradeError(error);
      if (error !== null && typeof error === "object") {
        name = String(error.name).slice(0, 100);
        message = String(error.message).slice(0, 500);
        code = typeof error.code === "number" ? error.code : null;
      } else message = String(error).slice(0, 500);
    } catch (e) { message = "an error that could not be read"; }
    return { name: name, message: message, code: code };
  }
  function copyTool(name) {
    const tool = exports.LAB_TOOLS[name];
    return Object.assign(parse(stringify(tool)), { run: tool.run });
  }
  // A tool made from the step's data (behaviour/made-tools.ts, madeLabTool: the same run).
  function madeTool(name, made) {
    const tool = Object.assign(parse(stringify({ name: name, description: made.description, inputSchema: made.inputSchema })), made.extra ? parse(stringify(made.extra)) : {});
    tool.run = function (args) {
      if (made.raises !== undefined) throw made.raisesType === "TypeError" ? new TypeError(made.raises) : new Error(made.raises);
      return made.text + (made.echo === undefined ? "" : String(args[made.echo]));
    };
    return tool;
  }

  // The copy of a lab tool a session's steps marked "shared" all get, one per name: as the page's
  // host hands every server the very LAB_TOOLS entry, and the same one again when it is re-added.
  // Other steps get a copy each (copyTool), so that what a server writes on the tool it was
  // handed reaches no other session, nor a step that did not ask for it (the sessions that show
  // it are server-checks.ts's sharedToolIsolation and listChangedSessions' last). Index loops:
  // nothing the student's code patches.
  function sharedTool(shared, name) {
    for (let k = 0; k < shared.length; k++) if (shared[k][0] === name) return shared[k][1];
    const tool = copyTool(name);
    shared[shared.length] = [name, tool];
    return tool;
  }

  function driveStep(server, step, shared) {
    try {
      // undefined is no null here: the page's transport round-trips what handle returns through
      // JSON, which cannot carry undefined (JSON.parse(JSON.stringify(undefined)) throws).
      if (step.op === "handle") { const answer = server.handle(step.message); return { value: answer === undefined ? { "\u0000notData": "undefined" } : snap(answer) }; }
      if (step.op === "addTool") {
        const tool = step.made ? madeTool(step.tool, step.made) : step.shared === true ? sharedTool(shared, step.tool) : copyTool(step.tool);
        if (step.notify === undefined) server.addTool(tool);
        else server.addTool(tool, { notify: step.notify });
        return { value: null };
      }
      return { value: snap(server.drainOutbox()) };
    } catch (error) {
      if (notWritten(error)) throw error;
      return { threw: threw(error) };
    }
  }

  // A session's servers given equal configs get one object, as a host that builds its config once
  // and hands it to each: state kept on the config is then shared, and seen (state-on-config-object
  // kept 18/18 while each server had its own copy). Index loops: nothing the student's code patches.
  const configsOf = (configs) => {
    const seen = [];
    return configs.map((config) => {
      const text = stringify(config);
      for (let k = 0; k < seen.length; k++) if (seen[k][0] === text) return seen[k][1];
      seen[seen.length] = [text, config];
      return config;
    });
  };

  exports.driveServer = function driveServer(Server, session) {
    const servers = configsOf(session.servers).map((config) => new Server(config));
    const shared = [];
    return session.steps.map((step) => driveStep(servers[step.on || 0], step, shared));
  };

  // One step per call: {servers, step} starts a session (its servers made here, kept in this
  // module instance, which the run's groups give each session of its own), {step} goes on with
  // it. A step that never returns is then known: the steps before it have their answers.
  let stepServers = [];
  let stepShared = [];
  exports.driveSessionStep = function driveSessionStep(Server, input) {
    if (input.servers) {
      stepServers = [];
      stepShared = [];
      for (let i = 0; i < (input.made || 0); i++) new Server(parse(stringify(input.servers[0])));
      stepServers = configsOf(input.servers).map((config) => new Server(config));
    }
    return driveStep(stepServers[input.step.on || 0], input.step, stepShared);
  };

  exports.driveTransport = function driveTransport(Transport, probe) {
    const given = [];
    let answer = null;
    let queued = [];
    // The message being sent now: each one the server is handed is checked against it (a
    // notification too: a transport that copied only what JSON changes passed it as it was).
    let current;
    const server = {
      handle(message) {
        const params = message !== null && typeof message === "object" ? message.params : undefined;
        const plain = params !== null && typeof params === "object";
        given.push({ message: snap(message), exact: exact(message, 0), same: message === current, when: plain ? typeof params.when : "none", gone: plain && "gone" in params });
        answer = probe.answers.length ? probe.answers.shift() : null;
        // The answer carries values JSON changes too (client/odd-values.ts), functions among them.
        if (probe.odd !== undefined && answer !== null && typeof answer === "object") {
          if (answer.result) answer.result.odd = oddValues(probe.odd, true);
          else if (answer.error) answer.error.data = oddValues(probe.odd, true);
        }
        return answer;
      },
      drainOutbox() { const q = queued; queued = []; return q; },
    };
    const transport = new Transport(server);
    // A message with what JSON does not carry as it is: a Date and a key whose value is undefined.
    const sent = Object.assign(probe.message, { params: Object.assign(probe.message.params || {}, { when: new Date(0), gone: undefined }) });
    if (probe.odd !== undefined) sent.params.odd = oddValues(probe.odd, false);
    // A send that throws (structuredClone refuses a function) is recorded, so that what the
    // server was given is judged first.
    let reply = null;
    let sendThrew;
    current = sent;
    try { reply = transport.send(sent); } catch (error) {
      if (notWritten(error) || probe.odd === undefined) throw error;
      sendThrew = threw(error);
    }
    const replySame = reply !== null && reply === answer;
    const replied = snap(reply);
    const replyExact = exact(reply, 0);
    queued = probe.outbox;
    // The outbox's notifications carry the odd values too: notifications() crosses as JSON.
    if (probe.odd !== undefined) for (const n of queued) n.params = Object.assign(n.params || {}, { odd: oddValues(probe.odd, false) });
    const held = queued.slice();
    const drained = transport.notifications();
    const drainedExact = exact(drained, 0);
    const drainedSame = Array.isArray(drained) && drained.some((n, i) => n === held[i]);
    current = probe.notification;
    const notice = transport.send(probe.notification);
    return { given, reply: replied, replyExact, ...(sendThrew ? { sendThrew } : {}), replySame, drained: snap(drained), drainedExact, drainedSame, notice: snap(notice), again: snap(transport.notifications()) };
  };

  // A session continued over the calls of one run: the client of the call before, kept here.
  // Each call's peers answer from their scripts' start, so a continued call's connect is the
  // driver's: it sends the handshake it is given (the model's initialize and initialized) and
  // the client goes on from where it was, past as many requests as the calls before made.
  let kept;
  exports.driveClient = function driveClient(Client, ops, handshake, send, poll, mark) {
    const continued = Array.isArray(handshake) && kept !== undefined;
    if (!continued) {
      // The server's outbox as a lab server's is: the scripted notes are there once each pump
      // begins, and a drain takes them all, so a drain outside a pump, or a second in one, is
      // empty and asks the script nothing (a pump that drains until empty, a connect that drains
      // once, lost 2 each while every drain took the next pump's notes).
      const peers = { send, poll, pumping: false, drained: false };
      const notifications = () => {
        if (!peers.pumping || peers.drained) return [];
        peers.drained = true;
        return peers.poll({ drain: true });
      };
      const transport = { send: (message) => peers.send(message), notifications };
      kept = { peers, client: new Client(transport) };
    }
    kept.peers.send = send;
    kept.peers.poll = poll;
    const client = kept.client;
    const out = [];
    // The cache after each op, or "same" when its JSON is the op before's: a client's cache kept
    // over continued calls may grow, and the run's value stays small.
    let lastCache;
    const cacheNow = () => {
      const cache = snap(client.tools);
      const text = stringify(cache);
      if (text !== undefined && text === lastCache) return { same: true };
      lastCache = text;
      return { cache };
    };
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i];
      if (continued && i === 0) {
        mark({ op: i });
        const reply = send(handshake[0]);
        send(handshake[1]);
        out.push(Object.assign({ value: snap(reply && reply.result) }, cacheNow()));
        continue;
      }
      // Where each op begins in the peers' record (made outside the sandbox), so that what the
      // client sent is judged op by op.
      mark({ op: i });
      kept.peers.pumping = op[0] === "pump";
      kept.peers.drained = false;
      try {
        let value;
        if (op[0] === "connect") value = client.connect();
        else if (op[0] === "list") value = client.listTools();
        else if (op[0] === "call") value = client.callTool(op[1], op[2]);
        else value = client.pump();
        out.push(Object.assign({ value: snap(value) }, cacheNow()));
      } catch (error) {
        if (notWritten(error)) throw error;
        out.push(Object.assign({ threw: threw(error) }, cacheNow()));
      }
    }
    return out;
  };
})();
`;
