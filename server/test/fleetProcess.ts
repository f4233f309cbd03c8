/**
 * One server process of the several-processes test (severalProcesses.test.ts): the server as
 * `npm start` runs it (runServer), configured by its environment (WORKER=off, or WORKER=only for
 * the worker), without the built client. It prints one JSON line once it serves: its web and
 * metrics addresses. Warnings and errors go to stderr, which the test shows when it fails.
 */
import pino from 'pino';
import { loadConfig } from '../platform/config';
import { runServer } from '../runServer';

const config = loadConfig();
const logger = pino({ level: process.env.FLEET_LOG ?? 'warn' }, pino.destination(2));
runServer(config, logger, { serveClient: false }).then(
  (serving) => console.log(JSON.stringify({ ready: true, pid: process.pid, ...serving })),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
