export type Logger = {
  info: (message: string) => void
  error: (message: string, error?: unknown) => void
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error instanceof Error ? error.stack : (error ?? '')),
}

/** A logger that keeps what it is told, for tests that check what was logged. */
export const memoryLogger = (): Logger & { lines: string[] } => {
  const lines: string[] = []
  return {
    lines,
    info: (message) => lines.push(message),
    error: (message, error) => lines.push(`${message} ${error instanceof Error ? error.stack : ''}`),
  }
}
