// The entry point. The Node.js version is checked before anything else is loaded: on a Node too old, the
// dependencies would fail to load with an error that does not say why (node-version.ts).
import { nodeVersionProblem } from './node-version';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
await import('./start');
