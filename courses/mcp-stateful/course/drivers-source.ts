// The pack's drivers, part of "grade/course" in the sandbox (RunSpec.via): each is handed the
// student's class and one input, makes the calls the input lists on fresh instances of it, and
// returns what each call gave, as plain data taken at once (a value the code changes later is
// recorded as it was). They hold no answer and judge nothing: the grader compares what they
// return with its model, outside the sandbox. What the student's client sends is recorded by the
// peers (the host), not here.
//
// - driveServer(Server, {servers, steps}): `new Server(config)` per config, then each step on
//   server `on` (0 when absent): handle(message), addTool(LAB_TOOLS[tool] copied, {notify}) or
//   drainOutbox(). Returns one outcome per step: {value} or {threw}.
// - driveSessionStep(Server, {servers?, step}): the same one step per call, the session's
//   servers kept in the module instance from the call that starts it.
// - driveTransport(Transport, probe): a transport over a recording server; what the server was
//   given and what came back, and whether either was the very object the other side held.
// - driveClient(Client, ops, handshake, send, poll, mark): a client over the grader's scripted
//   peers; per op (connect, list, call, pump) its value or throw, and the tools cache after it;
//   `mark`, a peer only the driver holds, records where each op begins. With a handshake, the
//   call continues the client of the run's call before (its connect the driver's).
export const DRIVERS_SOURCE = String.raw`
(function () {
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
  function notWritten(error) {
    return error !== null && typeof error === "object" && error.name === NOT_WRITTEN;
  }
  function threw(error) {
    let name = "", message = "", code = null;
    try {
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

  function driveStep(server, step) {
    try {
      if (step.op === "handle") return { value: snap(server.handle(step.message)) };
      if (step.op === "addTool") {
        const tool = copyTool(step.tool);
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

  exports.driveServer = function driveServer(Server, session) {
    const servers = session.servers.map((config) => new Server(config));
    return session.steps.map((step) => driveStep(servers[step.on || 0], step));
  };

  // One step per call: {servers, step} starts a session (its servers made here, kept in this
  // module instance, which the run's groups give each session of its own), {step} goes on with
  // it. A step that never returns is then known: the steps before it have their answers.
  let stepServers = [];
  exports.driveSessionStep = function driveSessionStep(Server, input) {
    if (input.servers) {
      stepServers = [];
      stepServers = input.servers.map((config) => new Server(config));
    }
    return driveStep(stepServers[input.step.on || 0], input.step);
  };

  exports.driveTransport = function driveTransport(Transport, probe) {
    const given = [];
    let answer = null;
    let queued = [];
    const server = {
      handle(message) {
        const params = message !== null && typeof message === "object" ? message.params : undefined;
        const plain = params !== null && typeof params === "object";
        given.push({ message: snap(message), same: message === sent, when: plain ? typeof params.when : "none", gone: plain && "gone" in params });
        answer = probe.answers.length ? probe.answers.shift() : null;
        return answer;
      },
      drainOutbox() { const q = queued; queued = []; return q; },
    };
    const transport = new Transport(server);
    // A message with what JSON does not carry as it is: a Date and a key whose value is undefined.
    const sent = Object.assign(probe.message, { params: Object.assign(probe.message.params || {}, { when: new Date(0), gone: undefined }) });
    const reply = transport.send(sent);
    const replySame = reply !== null && reply === answer;
    const replied = snap(reply);
    queued = probe.outbox;
    const held = queued.slice();
    const drained = transport.notifications();
    const drainedSame = Array.isArray(drained) && drained.some((n, i) => n === held[i]);
    const notice = transport.send(probe.notification);
    return { given, reply: replied, replySame, drained: snap(drained), drainedSame, notice: snap(notice), again: snap(transport.notifications()) };
  };

  // A session continued over the calls of one run: the client of the call before, kept here.
  // Each call's peers answer from their scripts' start, so a continued call's connect is the
  // driver's: it sends the handshake it is given (the model's initialize and initialized) and
  // the client goes on from where it was, past as many requests as the calls before made.
  let kept;
  exports.driveClient = function driveClient(Client, ops, handshake, send, poll, mark) {
    const continued = Array.isArray(handshake) && kept !== undefined;
    if (!continued) {
      const peers = { send, poll };
      const transport = { send: (message) => peers.send(message), notifications: () => peers.poll({ drain: true }) };
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
