// An MCP SDK client's stdio transport over a connection to a live server (connection.ts), in the
// grader's process: what the SDK's StdioClientTransport does with the process it spawns (read
// stdout with the SDK's own ReadBuffer, one message a line; write each message as a line; close
// by ending the input), done with a connection instead, so that the grade's one server process
// serves the SDK client too. The SDK's own line reading and writing are passed in (each pack
// uses its own SDK), so that the client reads exactly what it would read through its own
// transport. The stderr stream is there before start(), as the SDK's is with stderr "pipe".
import { PassThrough } from "node:stream";
import type { LiveConnection, LiveServer } from "./connection.js";

/** The SDK's own stdio framing, and the error its transport throws when it is not connected. */
export interface StdioCodec {
  ReadBuffer: new () => { append(chunk: Buffer): void; readMessage(): unknown; clear(): void };
  serializeMessage(message: never): string;
  notConnected(): Error;
}

// How long close() waits for the server to end its connection before it stops the server.
const CLOSE_WAIT_MS = 2000;

export function connectionTransport(codec: StdioCodec) {
  return class ConnectionTransport {
    onclose?: () => void;
    onerror?: (error: Error) => void;
    onmessage?: (message: unknown, extra?: unknown) => void;
    readonly stderr = new PassThrough();
    private live: LiveConnection | undefined;
    private open = false;
    private starting: Promise<void> | undefined;
    private readonly buffer = new codec.ReadBuffer();

    constructor(private readonly server: LiveServer) {}

    /** The server's process, once started (the SDK reads a stdio transport by its pid). */
    get pid(): number | null { return this.live?.pid ?? null; }

    get connection(): LiveConnection | undefined { return this.live; }

    /** Connects; a second call is the first's (the grader waits for the server before the client's connect() starts it). */
    start(): Promise<void> {
      return (this.starting ??= this.begin());
    }

    private async begin(): Promise<void> {
      const live = this.server.connect();
      this.live = live;
      this.open = true;
      live.stderr.pipe(this.stderr);
      live.stdin.on("error", (error: Error) => this.onerror?.(error));
      live.stdout.on("error", (error: Error) => this.onerror?.(error));
      live.stdout.on("data", (chunk: Buffer) => {
        try {
          this.buffer.append(chunk);
          this.read();
        } catch (error) {
          this.onerror?.(error as Error);
          this.close().catch(() => undefined);
        }
      });
      void live.ended.then(({ error }) => {
        this.open = false;
        if (error) this.onerror?.(error);
        this.onclose?.();
      });
      await live.started;
    }

    private read(): void {
      for (;;) {
        try {
          const message = this.buffer.readMessage();
          if (message === null) return;
          this.onmessage?.(message);
        } catch (error) {
          this.onerror?.(error as Error);
        }
      }
    }

    send(message: unknown): Promise<void> {
      return new Promise((resolve) => {
        if (!this.open || !this.live) throw codec.notConnected();
        if (this.live.stdin.write(codec.serializeMessage(message as never))) resolve();
        else this.live.stdin.once("drain", resolve);
      });
    }

    /** Ends the server's input and waits a moment for it to end; then the server is stopped. */
    async close(): Promise<void> {
      const live = this.live;
      if (live && this.open) {
        this.open = false;
        try { live.stdin.end(); } catch { /* already closed */ }
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([live.ended, new Promise((resolve) => { timer = setTimeout(resolve, CLOSE_WAIT_MS); })]);
        clearTimeout(timer);
      }
      live?.release();
      this.buffer.clear();
    }
  };
}
