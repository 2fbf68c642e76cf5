import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A built web app's folder in a temporary directory: each file by its path below the folder. */
export function writeWebDist(files: Record<string, string>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), text);
  }
  return dist;
}
