import pino from 'pino';
import { loadConfig } from './platform/config';
import { DataDirLockedError } from './platform/lock';
import { runServer } from './runServer';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  try {
    await runServer(config, logger, { serveClient: true });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      logger.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
