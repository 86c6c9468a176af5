// Bytes and multipart bodies for the tests of uploads: documents, avatars, logos (test code only).
import { crc32, deflateSync } from 'node:zlib';

import sharp from 'sharp';

export interface Part {
  name: string;
  value: string | Uint8Array;
  fileName?: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string' && part.fileName === undefined) {
      form.append(part.name, part.value);
    } else {
      const bytes = typeof part.value === 'string' ? part.value : new Uint8Array(part.value);
      const blob = new Blob([bytes], { type: part.type ?? '' });
      form.append(part.name, blob, part.fileName ?? 'blob');
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** A real, tiny, one-page PDF. */
export function pdfBytes(text = 'Hello'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
  ];
  const stream = `BT /F1 12 Tf 20 50 Td (${text}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 120, b: 20 } } });

export const pngBytes = (width = 4, height = 4) => solid(width, height).png().toBuffer();
export const jpegBytes = (width = 4, height = 4) => solid(width, height).jpeg().toBuffer();
export const webpBytes = (width = 4, height = 4) => solid(width, height).webp().toBuffer();
export const gifBytes = (width = 4, height = 4) => solid(width, height).gif().toBuffer();

/**
 * A valid black PNG of one bit a pixel, written chunk by chunk: a 16 000 × 16 000 picture (256
 * megapixels) is some 30 kB, made in a fraction of the time an encoder would take.
 */
export function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale, deflate, no filter, not interlaced
  // Each row: filter byte 0, then width bits of zeros (black).
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
