import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF written by pdfkit with embedded (subset) fonts, for tests (CI has no poppler): each font's
 * ToUnicode map turns the glyph codes of the content streams' Tj / TJ operators back into characters. Runs are
 * joined with single spaces, so a cell wrapped over two lines reads as one phrase. Not a general PDF reader:
 * it knows pdfkit's output (indirect objects, Flate streams, 2-byte codes, bfrange arrays).
 */
export function readPdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) {
    const body = match[2] ?? '';
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const raw = body
      .slice(at + 'stream'.length)
      .replace(/^\r?\n/, '')
      .replace(/\r?\n?endstream\s*$/, '');
    let stream = raw;
    if (dict.includes('/FlateDecode')) {
      try {
        stream = inflateSync(Buffer.from(raw, 'latin1')).toString('latin1');
      } catch {
        stream = '';
      }
    }
    objects.set(Number(match[1]), { dict, stream });
  }

  // Font object → its code → character map.
  const cmaps = new Map<number, Map<number, string>>();
  for (const [id, object] of objects) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(object.dict);
    if (!ref) continue;
    const cmap = new Map<number, string>();
    const text = objects.get(Number(ref[1]))?.stream ?? '';
    for (const range of text.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
      let code = Number.parseInt(range[1] ?? '0', 16);
      // An entry may hold several UTF-16 units ('<0066 0069>' for a ligature).
      for (const hex of (range[3] ?? '').matchAll(/<([0-9a-fA-F ]*)>/g)) {
        const units = (hex[1] ?? '').replace(/ /g, '').match(/.{4}/g) ?? [];
        cmap.set(code, String.fromCharCode(...units.map((u) => Number.parseInt(u, 16))));
        code += 1;
      }
    }
    cmaps.set(id, cmap);
  }
  // Resource names (/F1, /F2, …) → font objects.
  const fontsByName = new Map<string, number>();
  for (const object of objects.values()) {
    for (const entry of object.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      fontsByName.set(entry[1] as string, Number(entry[2]));
    }
  }

  const runs: string[] = [];
  for (const object of objects.values()) {
    if (!object.stream || /\/(Length1|Subtype)/.test(object.dict)) continue;
    let cmap: Map<number, string> | undefined;
    for (const op of object.stream.matchAll(/\/(F\d+) [\d.]+ Tf|(\[[^\]]*\]) TJ|(<[0-9a-fA-F]*>) Tj/g)) {
      if (op[1]) {
        cmap = cmaps.get(fontsByName.get(op[1]) ?? -1);
        continue;
      }
      let run = '';
      for (const hex of (op[2] ?? op[3] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (const code of (hex[1] ?? '').match(/.{4}/g) ?? [])
          run += cmap?.get(Number.parseInt(code, 16)) ?? '';
      }
      runs.push(run);
    }
  }
  return runs.join(' ').replace(/\s+/g, ' ').trim();
}
