import { performance } from 'node:perf_hooks'

/** The value at a percentile of sorted samples (nearest rank). */
export const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank] as number
}

export type Latency = { p50_ms: number; p99_ms: number; rps: number; requests: number }

/** Runs `work` `count` times in a row (after `warmup` runs) and reports latency percentiles and throughput. */
export const latency = async (work: () => Promise<unknown>, count: number, warmup = 20): Promise<Latency> => {
  for (let i = 0; i < warmup; i += 1) await work()
  const samples: number[] = []
  const started = performance.now()
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now()
    await work()
    samples.push(performance.now() - t0)
  }
  const total = performance.now() - started
  samples.sort((a, b) => a - b)
  return {
    p50_ms: round(percentile(samples, 50)),
    p99_ms: round(percentile(samples, 99)),
    rps: Math.round((count / total) * 1000),
    requests: count,
  }
}

/** Samples the process's resident memory while `work` runs; answers the peak above the start, in MB. */
export const peakMemory = async <T>(
  work: () => Promise<T>,
): Promise<{ value: T; peak_mb: number; seconds: number }> => {
  globalThis.gc?.()
  const start = process.memoryUsage().rss
  let peak = start
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  const t0 = performance.now()
  try {
    const value = await work()
    peak = Math.max(peak, process.memoryUsage().rss)
    return { value, peak_mb: round((peak - start) / 1024 / 1024), seconds: (performance.now() - t0) / 1000 }
  } finally {
    clearInterval(timer)
  }
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits

export const log = (message: string) => process.stderr.write(`${message}\n`)
