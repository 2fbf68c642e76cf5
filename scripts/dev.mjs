// `npm run dev`: the API in watch mode on :3000 and the web app with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', '@app/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@app/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    if (code && code !== 0) {
      stop();
      process.exitCode = code;
    }
  });
