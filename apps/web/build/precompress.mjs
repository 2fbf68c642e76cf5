// Build step of the web app: beside every text file of the build worth compressing, a brotli (.br) and a
// gzip (.gz) copy, made once at maximum compression, which the API sends to browsers that accept them
// (@fastify/static `preCompressed`, apps/api/src/app.ts). Plain JavaScript so that the web app's type
// check needs no Node.js types.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir` that they make smaller. */
export function precompressDir(dir) {
  const written = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const copies = {
      br: brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gz: gzipSync(source, { level: 9 }),
    };
    for (const [extension, data] of Object.entries(copies)) {
      if (data.length >= source.length) continue;
      writeFileSync(`${file}.${extension}`, data);
      written.push(`${file}.${extension}`);
    }
  }
  return written;
}

/** The Vite plugin: precompresses the output directory once the build has written it. */
export function precompress() {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // Also called when the build failed before writing anything.
      if (existsSync(outDir)) precompressDir(outDir);
    },
  };
}
