import { rmSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/build/precompress.mjs';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { writeWebDist } from '../test/web-dist';

// The built web app as the browser gets it (issue 17, Delivery): the build's brotli and gzip copies for
// browsers that accept them, long caching for hashed assets, revalidation for index.html and its fallback.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const BOTH = 'gzip, deflate, br, zstd';

/** Text long enough to be worth compressing, as a build would write it. */
const filler = (what: string) =>
  Array.from({ length: 80 }, (_, i) => `${what} line ${i}: const value${i} = "${what}";`).join('\n');
const indexHtml = `<!doctype html><html><head><title>app</title></head><body><div id="root"></div><!--${filler('index')}--></body></html>`;
const files = {
  'index.html': indexHtml,
  'assets/index-abc123.js': filler('script'),
  'assets/index-abc123.css': filler('style'),
  // Below the build's threshold: no compressed copies, so always sent as it is.
  'assets/tiny-def456.js': 'export const tiny = 1;',
};

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('the built web app: precompressed files and caching', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = writeWebDist(files);
    const written = precompressDir(dist).map((file) => path.relative(dist, file));
    expect(written.sort()).toEqual(
      [
        'assets/index-abc123.css.br',
        'assets/index-abc123.css.gz',
        'assets/index-abc123.js.br',
        'assets/index-abc123.js.gz',
        'index.html.br',
        'index.html.gz',
      ].map((name) => path.normalize(name)),
    );
    t = await buildTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function get(url: string, acceptEncoding?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
    const encoding = res.headers['content-encoding'] as string | undefined;
    return { res, encoding, text: decoded(encoding, res.rawPayload) };
  }

  it('sends the brotli copy to a browser that accepts br, the gzip copy when it accepts only gzip, the file otherwise', async () => {
    const cases = [
      { accept: BOTH, encoding: 'br' },
      { accept: 'br', encoding: 'br' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: 'gzip, deflate', encoding: 'gzip' },
      { accept: 'identity', encoding: undefined },
      { accept: undefined, encoding: undefined },
    ];
    for (const [name, text] of Object.entries(files).filter(([name]) => name.startsWith('assets/index'))) {
      const type = name.endsWith('.js') ? /^(text|application)\/javascript/ : /^text\/css/;
      for (const { accept, encoding } of cases) {
        const { res, encoding: sent, text: body } = await get(`/${name}`, accept);
        const label = `${name} with accept-encoding ${accept}`;
        expect(res.statusCode, label).toBe(200);
        expect(sent, label).toBe(encoding);
        expect(body, label).toBe(text);
        expect(res.headers['content-type'], label).toMatch(type);
        expect(res.headers['content-length'], label).toBe(String(res.rawPayload.length));
        expect(res.headers.vary, label).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control'], label).toBe(IMMUTABLE);
      }
    }
    // The compressed copies are much smaller than the file.
    const plain = await get('/assets/index-abc123.js');
    const br = await get('/assets/index-abc123.js', BOTH);
    expect(br.res.rawPayload.length).toBeLessThan(plain.res.rawPayload.length / 4);
  });

  it('sends a hashed asset without compressed copies as it is, still cached for a year', async () => {
    const { res, encoding, text } = await get('/assets/tiny-def456.js', BOTH);
    expect(res.statusCode).toBe(200);
    expect(encoding).toBeUndefined();
    expect(text).toBe(files['assets/tiny-def456.js']);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends index.html, at / and as the fallback of every client-side route, compressed and revalidated on every use', async () => {
    for (const url of ['/', '/index.html', '/login', '/requestimates', '/jobs?id=3', '/newestimate/']) {
      for (const { accept, encoding } of [
        { accept: BOTH, encoding: 'br' },
        { accept: 'gzip', encoding: 'gzip' },
        { accept: undefined, encoding: undefined },
      ]) {
        const { res, encoding: sent, text } = await get(url, accept);
        const label = `${url} with accept-encoding ${accept}`;
        expect(res.statusCode, label).toBe(200);
        expect(sent, label).toBe(encoding);
        expect(text, label).toBe(indexHtml);
        expect(res.headers['content-type'], label).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], label).toBe('no-cache');
        expect(res.headers.vary, label).toMatch(/accept-encoding/i);
      }
    }
  });

  it('revalidates /meta.json on every use', async () => {
    const { res } = await get('/meta.json', BOTH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, whatever the browser accepts', async () => {
    const { res } = await get('/assets/missing-000000.js', BOTH);
    expect(res.statusCode).toBe(404);
  });
});
