// Pins the request log's buffering (issue 12): lines are held and written to standard output in one write
// per 50 ms, or as soon as 64 Ki characters are held, in the order they were logged. Bun's stdout writer
// buffers only for pipes, so the holding must be ours: a sink that writes every line it is given (as Bun's
// does for a file or /dev/null) sees one write per flush.
import { describe, expect, it } from 'bun:test'
import { bufferedStdout, type LineSink } from '../src/log'

function countingSink() {
  const writes: string[] = []
  let flushes = 0
  const sink: LineSink = {
    write: (text) => writes.push(text),
    flush: () => flushes++,
  }
  return { sink, writes, flushes: () => flushes }
}

describe('bufferedStdout', () => {
  it('holds lines and writes them in one write, in order, within 50 ms', async () => {
    const { sink, writes } = countingSink()
    const out = bufferedStdout(sink)
    for (let i = 0; i < 100; i++) out.write(`line ${i}\n`)
    expect(writes).toEqual([])
    await Bun.sleep(80)
    expect(writes).toHaveLength(1)
    expect(writes[0]).toBe(Array.from({ length: 100 }, (_, i) => `line ${i}\n`).join(''))
  })

  it('writes at once when 64 Ki characters are held, and an explicit flush writes what is left', () => {
    const { sink, writes, flushes } = countingSink()
    const out = bufferedStdout(sink)
    const line = `${'x'.repeat(1023)}\n`
    for (let i = 0; i < 64; i++) out.write(line)
    expect(writes).toHaveLength(1)
    expect(writes[0].length).toBe(64 * 1024)
    out.write('tail\n')
    out.flush()
    expect(writes).toEqual([line.repeat(64), 'tail\n'])
    expect(flushes()).toBe(2)
    out.flush()
    expect(writes).toHaveLength(2)
  })
})
