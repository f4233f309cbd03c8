// `npm start`: build what is out of date, then run the server in this process's place.
import { spawn } from 'node:child_process';
import { ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
