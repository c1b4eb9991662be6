/** Multipart bodies as a browser sends them, for the upload tests. */
import http from 'node:http';
import net from 'node:net';

export const boundary = '----resuelve-test-boundary';

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const multipartType = `multipart/form-data; boundary=${boundary}`;

/**
 * Sends a request's head declaring `declaredBytes` and only `firstBytes` of its body on a raw
 * connection, and answers what the server replies while the rest is never sent: proof that a
 * size refusal comes before the body is read. Rejects when no answer comes within 5 s.
 */
export async function answerBeforeBody(
  port: number,
  request: { path: string; token: string; declaredBytes: number; firstBytes: Buffer },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer while the body was incomplete; got: ${Buffer.concat(received).toString()}`));
    }, 5000);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const sofar = Buffer.concat(received).toString();
      const headEnd = sofar.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(sofar)?.[1];
      if (headEnd >= 0 && length && Buffer.byteLength(sofar) >= headEnd + 4 + Number(length)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(sofar);
      }
    });
    socket.on('error', reject);
    socket.write(
      [
        `POST ${request.path} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Authorization: Bearer ${request.token}`,
        `Content-Type: ${multipartType}`,
        `Content-Length: ${request.declaredBytes}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(request.firstBytes);
  });
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), body: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) };
}

/** Streams `body` with Transfer-Encoding: chunked (no Content-Length), answering status and body text. */
export function chunkedUpload(port: number, path: string, token: string, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { authorization: `Bearer ${token}`, 'content-type': multipartType, 'transfer-encoding': 'chunked' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    // The server may answer and close before everything is written.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    for (let i = 0; i < body.length; i += 256 * 1024) request.write(body.subarray(i, i + 256 * 1024));
    request.end();
  });
}
