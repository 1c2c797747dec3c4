import { crc32, deflateSync } from "node:zlib";

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid grey RGB PNG of the given size. `level` 0 stores the pixels uncompressed, which makes
 * a file as heavy as needed without random data.
 */
export function makePng(widthPx: number, heightPx: number, level = 9): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(widthPx, 0);
  header.writeUInt32BE(heightPx, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rowBytes = widthPx * 3 + 1;
  const pixels = Buffer.alloc(rowBytes * heightPx, 0x80);
  // Each row starts with its filter type; 0 is "none".
  for (let row = 0; row < heightPx; row += 1) pixels[row * rowBytes] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels, { level })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

type Part = { name: string; data: Buffer | string; filename?: string; contentType?: string };

/** A multipart/form-data body for `app.inject`, with its content-type header. */
export function multipart(parts: Part[]) {
  const boundary = `----vela-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const head =
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
      (part.contentType ? `Content-Type: ${part.contentType}\r\n` : "") +
      "\r\n";
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
