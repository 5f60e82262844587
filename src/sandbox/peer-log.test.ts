// The host's side of scripted peers on its own (peers.ts): the record and the script, reading a
// message out of the engine without copying a huge one, and the thread's reply checked
// (reply.ts) before the grader reads what the peers were given.
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { instanceMaker } from "./instance.js";
import { PEER_LIMITS, PeerLog, peerHostFunctions, readScripts, REFUSED, shortString, takesReply } from "./peers.js";
import type { PeerScript, SandboxRequest } from "./protocol.js";
import { checkReply } from "./reply.js";

const log = (peers: PeerScript[], inputs = 3): PeerLog => {
  const scripts = readScripts(peers);
  if (typeof scripts === "string") throw new Error(scripts);
  return new PeerLog(scripts, inputs);
};

describe("the peers' record", () => {
  it("answers only during a call, each call once and in order, restarting the script at each", () => {
    const peers = log([{ replies: ['{"n":1}', '{"n":2}'] }]);
    expect(peers.refusal(0)).toBe(REFUSED.outsideCall);
    peers.turn(0);
    expect(peers.refusal(1)).toBe(REFUSED.noSuchPeer);
    expect([peers.receive(0, "{}", undefined, false), peers.receive(0, "[]", undefined, false), peers.receive(0, "1", undefined, false)]).toEqual(['{"n":1}', '{"n":2}', REFUSED.scriptEnded]);
    peers.turn(-1);
    expect(peers.refusal(0)).toBe(REFUSED.outsideCall);
    peers.turn(1);
    expect(peers.receive(0, '"again"', undefined, false)).toBe('{"n":1}');
    // A call already reported is never written to again.
    peers.turn(0);
    expect(peers.refusal(0)).toBe(REFUSED.outsideCall);
    expect(peers.sentOf(0).map((m) => m.text)).toEqual(["{}", "[]", "1"]);
    expect(peers.sentOf(1)).toEqual([{ peer: 0, text: '"again"' }]);
    expect(peers.sentOf(2)).toEqual([]);
  });

  it("echoes a message's own id (a string, a number or null) into an object reply, and nothing else", () => {
    const peers = log([{ replies: ['{"jsonrpc":"2.0","id":0,"result":{}}'], repeatLast: true, echoId: true }, { replies: ['"text"'], echoId: true }]);
    peers.turn(0);
    const answer = (text: string) => peers.receive(0, text, undefined, false);
    expect(answer('{"id":"a-1","method":"x"}')).toBe('{"jsonrpc":"2.0","id":"a-1","result":{}}');
    expect(answer('{"id":7}')).toBe('{"jsonrpc":"2.0","id":7,"result":{}}');
    expect(answer('{"id":null}')).toBe('{"jsonrpc":"2.0","id":null,"result":{}}');
    for (const text of ['{"id":{"x":1}}', '{"method":"notify"}', '{"__proto__":{"id":5}}', '[{"id":1}]', '"{\\"id\\":1}"']) expect(answer(text)).toBe('{"jsonrpc":"2.0","id":0,"result":{}}');
    expect(peers.receive(1, '{"id":3}', undefined, false)).toBe('"text"');
  });

  it("with answers, gives the script's replies only to objects of those methods, and null to any other message, wherever it comes", () => {
    const peers = log([{ replies: ['{"n":1}', '{"n":2}'], answers: ["ask"] }]);
    peers.turn(0);
    const answer = (text: string) => peers.receive(0, text, undefined, false);
    const others = ['{"method":"note"}', '{"id":1,"method":"note"}', '{"id":2}', '"ask"', '[{"method":"ask"}]', '{"__proto__":{"method":"ask"}}', '{"method":"ask"', "1"];
    expect([...others.map(answer), answer('{"method":"ask"}'), ...others.map(answer), answer('{"id":3,"method":"ask"}'), answer('{"method":"note"}'), answer('{"method":"ask"}')])
      .toEqual([...others.map(() => "null"), '{"n":1}', ...others.map(() => "null"), '{"n":2}', "null", REFUSED.scriptEnded]);
    expect(peers.sentOf(0)).toHaveLength(2 * others.length + 4);
    expect(takesReply(new Set(["ask"]), JSON.parse('{"method":"ask","id":null}'))).toBe(true);
    expect(takesReply(undefined, "anything")).toBe(true);
    expect(readScripts([{ replies: [], answers: [1 as never] }])).toBe("peer 0's answers are not method names");
  });

  it("with again, gives a method asked once more its last reply again, taking none, the next when it is this phase's, and the next before any", () => {
    const replies = ['{"r":"init"}', '{"r":"list1"}', '{"r":"call"}', '{"r":"list2"}'];
    // Phases begin at each message to peer 1 (a driver's marks): init in phase 0, list1 in 1, the call in 2, list2 in 3.
    const again = { methods: ["tools/list"], phasePeer: 1, replies: [{ method: "initialize", phase: 0 }, { method: "tools/list", phase: 1 }, { method: "tools/call", phase: 2 }, { method: "tools/list", phase: 3 }] };
    const peers = log([{ replies, echoId: true, answers: ["initialize", "tools/list", "tools/call"], again }, { replies: ["null"], repeatLast: true }]);
    peers.turn(0);
    const ask = (method: string, id: number) => peers.receive(0, JSON.stringify({ id, method }), undefined, false);
    const mark = () => peers.receive(1, "0", undefined, false);
    // An eager list at connect takes list1 in its turn; the list the script meant for it gets it again.
    mark();
    expect([ask("initialize", 1), ask("tools/list", 2)]).toEqual(['{"r":"init","id":1}', '{"r":"list1","id":2}']);
    mark();
    expect(ask("tools/list", 3)).toBe('{"r":"list1","id":3}');
    mark();
    // A list before the call, next to phase 3's list2: the last list again, not list2 ahead of its phase.
    expect([ask("tools/list", 4), ask("tools/call", 5)]).toEqual(['{"r":"list1","id":4}', '{"r":"call","id":5}']);
    mark();
    expect([ask("tools/list", 6), ask("tools/list", 7)]).toEqual(['{"r":"list2","id":6}', '{"r":"list2","id":7}']);
    // Before any list was given, a list takes the next reply whatever it is for (no reply made up), and a call is never answered again.
    peers.turn(1);
    expect([ask("tools/list", 1), ask("tools/call", 2), ask("tools/call", 3)]).toEqual(['{"r":"init","id":1}', '{"r":"list1","id":2}', '{"r":"call","id":3}']);
    expect(readScripts([{ replies: ["1"], again: { methods: ["a"], phasePeer: 1, replies: [] } }])).toBe("peer 0's again is not methods, a phase peer and a method and phase per reply");
  });

  it("records a message that is not JSON with its problem and no reply used, and a cut one as cut", () => {
    const peers = log([{ replies: ['{"id":0}'], echoId: true }]);
    peers.turn(0);
    expect(peers.receive(0, "", "a cycle at .a", false)).toBe(REFUSED.notJson);
    expect(peers.receive(0, '{"id":1,"x":"xxxx', undefined, true)).toBe('{"id":0}');
    expect(peers.sentOf(0)).toEqual([
      { peer: 0, text: "", problem: "not JSON: a cycle at .a" },
      { peer: 0, text: '{"id":1,"x":"xxxx', problem: `cut: longer than ${PEER_LIMITS.messageChars} characters, only its start is kept` },
    ]);
  });

  it("stops taking messages at the cap per call, and cuts a run's texts at its total", () => {
    const peers = log([{ replies: ["0"], repeatLast: true }], 200);
    peers.turn(0);
    for (let i = 0; i < PEER_LIMITS.messagesPerCall; i++) {
      expect(peers.refusal(0)).toBeUndefined();
      peers.receive(0, "1", undefined, false);
    }
    expect(peers.refusal(0)).toBe(REFUSED.overCap);
    const big = "x".repeat(PEER_LIMITS.messageChars);
    let kept = 0;
    for (let call = 1; call < 100; call++) {
      peers.turn(call);
      peers.receive(0, big, undefined, false);
      kept += peers.sentOf(call)[0]!.text.length;
    }
    expect(kept).toBe(PEER_LIMITS.runChars - PEER_LIMITS.messagesPerCall);
    expect(peers.sentOf(99)[0]).toEqual({ peer: 0, text: "", problem: expect.stringMatching(/^cut: the run's messages passed/) });
  });

  it("reads a message's length before its text, so a huge string never leaves the engine", async () => {
    const newModule = instanceMaker(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm"));
    const ctx = (await newModule(256 * 2 ** 20)).newContext();
    const peers = log([{ replies: ["true"], repeatLast: true }]);
    const { peer, turn } = peerHostFunctions(ctx, () => peers);
    ctx.setProp(ctx.global, "peer", ctx.newFunction("peer", peer));
    ctx.setProp(ctx.global, "turn", ctx.newFunction("turn", turn));
    const huge = ctx.unwrapResult(ctx.evalCode('"x".repeat(50000000)'));
    const read = vi.spyOn(ctx, "getString");
    expect(shortString(ctx, huge, 100)).toBeUndefined();
    expect(read).not.toHaveBeenCalled();
    expect(shortString(ctx, ctx.unwrapResult(ctx.evalCode('"short"')), 100)).toBe("short");
    // A guest that hands over more than the cap (guest.js never does) gets no text read.
    const answers = ctx.dump(ctx.unwrapResult(ctx.evalCode(`turn(0); [peer(0, "x".repeat(${PEER_LIMITS.messageChars + 1}), undefined, false), peer(0, '{"a":1}', undefined, false), peer(3, "{}")]`)));
    expect(answers).toEqual([REFUSED.notJson, "true", REFUSED.noSuchPeer]);
    expect(peers.sentOf(0)).toEqual([{ peer: 0, text: "", problem: "not JSON: a message the grader could not read" }, { peer: 0, text: '{"a":1}' }]);
  });
});

describe("a thread's reply with the peers' record", () => {
  const request = (peers?: PeerScript[]): SandboxRequest => ({ files: {}, refused: {}, runs: [{ entry: "a.ts", exportName: "f", inputs: ["[]", "[]"], instance: "shared", stopOnFailure: false, ...(peers ? { peers } : {}) }], limits: { timeMs: 1000, memoryBytes: 2 ** 27, valueChars: 2 ** 20, outputChars: 100 } });
  const reply = (sent: unknown) => ({ reply: { runs: [{ status: "ran", calls: [{ ok: true, value: "J1", sent }, { ok: false, failure: { reason: "throw", message: "f threw" }, sent }], stdout: "", stderr: "", durationMs: 1 }] } });
  const calls = (r: ReturnType<typeof checkReply>) => (r.runs[0]?.status === "ran" ? r.runs[0].calls : "failed");
  const two = [{ replies: ["{}"] }, { replies: ["{}"] }];

  it("keeps each call's messages, returned or thrown, with only their own fields", () => {
    const sent = [{ peer: 1, text: '{"a":1}', extra: "dropped" }, { peer: 0, text: "", problem: "not JSON: a function" }];
    expect(calls(checkReply(request(two), reply(sent)))).toEqual([
      { ok: true, value: "J1", sent: [{ peer: 1, text: '{"a":1}' }, sent[1]] },
      { ok: false, failure: { reason: "throw", message: "f threw" }, sent: [{ peer: 1, text: '{"a":1}' }, sent[1]] },
    ]);
  });

  it.each([
    ["a run without peers", undefined, [{ peer: 0, text: "{}" }]],
    ["a peer the run does not have", two, [{ peer: 2, text: "{}" }]],
    ["a peer that is not an integer", two, [{ peer: 0.5, text: "{}" }]],
    ["a text past the cap", two, [{ peer: 0, text: "x".repeat(PEER_LIMITS.messageChars + 1) }]],
    ["a problem that is not a string", two, [{ peer: 0, text: "", problem: 1 }]],
    ["more messages than a call takes", two, Array.from({ length: PEER_LIMITS.messagesPerCall + 1 }, () => ({ peer: 0, text: "1" }))],
    ["more text than a run records", two, Array.from({ length: 40 }, () => ({ peer: 0, text: "x".repeat(PEER_LIMITS.messageChars) }))],
    ["a record that is not a list", two, { peer: 0, text: "{}" }],
  ])("refuses %s", (_what, peers, sent) => {
    expect(calls(checkReply(request(peers), reply(sent)))).toBe("failed");
  });
});
