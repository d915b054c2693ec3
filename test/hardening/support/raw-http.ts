// A minimal HTTP/1.1 client on a raw socket, for tests that send a body in parts, abort, or
// declare a length they never send. A socket, not node:http: nock's interceptors (left installed
// by earlier test files in the same worker) patch node:http and would refuse the connection.
import { connect, type Socket } from "node:net";

export interface RawRequest {
  socket: Socket;
  write(chunk: string | Buffer): boolean;
  /** The status and body, once the head and Content-Length bytes arrived (or the socket closed). */
  response: Promise<{ status: number; body: string }>;
}

export function rawRequest(port: number, method: string, path: string, headers: Record<string, string | number>): RawRequest {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => undefined); // a server that closes early is what some tests expect
  const head = [`${method} ${path} HTTP/1.1`, "host: 127.0.0.1", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), "", ""].join("\r\n");
  socket.write(head);
  const response = new Promise<{ status: number; body: string }>((resolve) => {
    let data = Buffer.alloc(0);
    let done = false;
    const finish = () => {
      if (done) return;
      const text = data.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? NaN);
      const body = data.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1"));
      if (Number.isNaN(length) || body.length >= length) {
        done = true;
        resolve({ status, body: body.toString("utf8") });
      }
    };
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      finish();
    });
    socket.on("close", () => {
      finish();
      if (!done) resolve({ status: 0, body: "" });
    });
  });
  return { socket, write: (chunk) => socket.write(chunk), response };
}
