// Bundles the API into dist/server.js (and the chunk it imports). Workspace packages (@app/*, TypeScript source) are bundled;
// every npm dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@app/'),
);

const started = performance.now();
await build({
  entryPoints: ['src/server.ts'],
  // server.js checks the Node.js version and only then imports the rest (a chunk beside it): the
  // dependencies' imports must not be hoisted above the check (src/node-version.ts).
  outdir: 'dist',
  entryNames: '[name]',
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`api built in ${Math.round(performance.now() - started)} ms`);
