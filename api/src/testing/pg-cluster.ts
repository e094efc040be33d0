import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where Debian's postgresql package puts the server programs (the newest version first). */
const serverBin = (): string => {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? execFileSync('ls', [root], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .sort((a, b) => Number(b) - Number(a))
    : []
  for (const version of versions) {
    const bin = join(root, version, 'bin')
    if (existsSync(join(bin, 'initdb'))) return bin
  }
  throw new Error('PostgreSQL server programs not found: apt-get install -y postgresql')
}

/** A TCP port free on this machine right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

export type Cluster = { url: string; stop: () => void }

/**
 * A throwaway PostgreSQL cluster: initdb in a temporary folder, started on a free local port with
 * durability off (a test cluster), reachable as postgres://postgres@127.0.0.1:<port>/postgres.
 * As root (initdb refuses it), the cluster runs as the `postgres` user. stop() removes it all.
 */
export const startThrowawayCluster = async (): Promise<Cluster> => {
  const bin = serverBin()
  const dir = mkdtempSync(join(tmpdir(), 'procura-pg-'))
  chmodSync(dir, 0o777)
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  const run = (program: string, args: string[]) => {
    const [command, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
      : [join(bin, program), args]
    const result = spawnSync(command as string, all as string[], { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`)
  }
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start'])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
