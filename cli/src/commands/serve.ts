import { loadConfig } from '@procura/api/config'
import { createLogger, logFormatOf } from '@procura/api/logger'
import { startServer } from '@procura/api/server'
import type { Command } from 'commander'
import { EXIT, type Io } from '../io'

export const registerServe = (program: Command, io: Io, setExit: (code: number) => void) => {
  program
    .command('serve')
    .description(
      'Serve the web app, the JSON API and the WebSocket channel (creates, migrates and seeds the database)',
    )
    .option('-p, --port <port>', 'HTTP port (env PORT, default 8080)')
    .option('--ws-port <port>', 'WebSocket port (env WS_PORT, default 6001)')
    .option('--database <url>', 'database URL (env PROCURA_DATABASE_URL, default file:./data/procura.db)')
    .option('--no-demo', 'do not seed the demo dataset into an empty database (env PROCURA_DEMO=0)')
    .addHelpText(
      'after',
      '\nStops cleanly on Ctrl-C. Environment: PORT, WS_PORT, BASE_PATH, PROCURA_DATABASE_URL, PROCURA_DEMO, SMTP_URL.',
    )
    .action(async (options: { port?: string; wsPort?: string; database?: string; demo: boolean }) => {
      const config = loadConfig({
        ...io.env,
        ...(options.port === undefined ? {} : { PORT: options.port }),
        ...(options.wsPort === undefined ? {} : { WS_PORT: options.wsPort }),
        ...(options.database === undefined ? {} : { PROCURA_DATABASE_URL: options.database }),
        ...(options.demo ? {} : { PROCURA_DEMO: '0' }),
      })
      const server = await startServer(config, {
        logger: createLogger({ format: logFormatOf(io.env), level: io.env.LOG_LEVEL ?? 'info' }),
      })
      io.out(
        `Procura is running at ${server.appUrl}/ (API ${server.url}/bwapi, WebSocket port ${server.wsPort})`,
      )
      io.out('Press Ctrl-C to stop.')
      const signal = await io.untilStopped()
      io.out(`${signal} received: stopping…`)
      await server.close()
      io.out('Stopped.')
      setExit(EXIT.ok)
    })
}
