import { cpus, loadavg, release, totalmem } from 'node:os'

/** The machine and its load now, printed at the top of every benchmark (the figures depend on both). */
export function machineLine(): string {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  return `machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${release()}, Bun ${Bun.version}; load average ${load}`
}

/** The 1-minute load average, to say under what load a figure was taken. */
export const loadNow = () => loadavg()[0].toFixed(2)
