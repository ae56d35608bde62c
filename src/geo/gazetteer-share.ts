/**
 * One decoded gazetteer per process, shared by its threads: the main thread makes a block of shared memory
 * (a SharedArrayBuffer, untouched and so not resident until used) and hands it to each crawl worker it
 * starts; the first thread that needs a place decodes the file into it while any other thread that needs
 * one at the same moment waits, and every later thread only lays its views over it. So four crawl workers
 * starting at once decode the file once, and a worker started later (after another retired) pays nothing.
 *
 * What must hold: a thread reads the table only after the decoder published it (state READY, stored after
 * every write); a waiting thread never waits on a decoder that stopped (a worker ended mid-decode): when
 * the decoder's progress count stands still for STALL_MS it marks the block failed, and a thread that
 * finds it failed decodes its own.
 */
import { decodeGazetteer, type GazetteerTable, SHARED_ENTRIES, tableBytes, tableOver } from './gazetteer-table'

/** Structured-cloneable: posted to a worker as is. */
export type GazetteerBlock = { memory: SharedArrayBuffer; fileLength: number }

const EMPTY = 0
const DECODING = 1
const READY = 2
const FAILED = 3
/** Int32 slots at the start of the block: state, progress, rows, index entries, bytes of the codes. */
const STATE = 0
const PROGRESS = 1
const ROWS = 2
const ENTRIES = 3
const CODE_BYTES = 4
const CONTROL_BYTES = 32
/** Room for the distinct country, region and feature codes (the file has 863, of at most 8 bytes). */
const CODES_BYTES = 64 * 1024
const TABLE_OFFSET = CONTROL_BYTES + CODES_BYTES
const STALL_MS = 1_000

/** A block for a file of `fileLength` bytes. */
export function createGazetteerBlock(fileLength: number): GazetteerBlock {
  return { memory: new SharedArrayBuffer(TABLE_OFFSET + tableBytes(fileLength, SHARED_ENTRIES)), fileLength }
}

/** True for a value that is a block as createGazetteerBlock makes them (a worker checks what it was sent). */
export function isGazetteerBlock(value: unknown): value is GazetteerBlock {
  const block = value as GazetteerBlock
  return !!block && block.memory instanceof SharedArrayBuffer && Number.isInteger(block.fileLength) && block.memory.byteLength === TABLE_OFFSET + tableBytes(block.fileLength, SHARED_ENTRIES)
}

/**
 * The table in `block`, decoding `readFile()` into it when no thread has; undefined when this thread
 * must decode its own (the block failed, or its decoder stalled).
 */
export function openShared(block: GazetteerBlock, readFile: () => Uint8Array, stallMs = STALL_MS): GazetteerTable | undefined {
  const control = new Int32Array(block.memory, 0, CONTROL_BYTES / 4)
  const codes = new Uint8Array(block.memory, CONTROL_BYTES, CODES_BYTES)
  const { table } = tableOver(block.memory, TABLE_OFFSET, block.fileLength, SHARED_ENTRIES)
  for (;;) {
    const state = Atomics.compareExchange(control, STATE, EMPTY, DECODING)
    if (state === EMPTY) return decodeShared(control, codes, table, readFile)
    if (state === READY) return attach(control, codes, table)
    if (state === FAILED) return undefined
    const seen = Atomics.load(control, PROGRESS)
    Atomics.wait(control, STATE, DECODING, stallMs)
    if (Atomics.load(control, PROGRESS) === seen && Atomics.compareExchange(control, STATE, DECODING, FAILED) === DECODING) {
      // Marked failed so that later threads decode their own at once; a decoder that was only slow still
      // publishes its table (READY), which threads arriving after that use.
      Atomics.notify(control, STATE)
      return undefined
    }
  }
}

function decodeShared(control: Int32Array, codes: Uint8Array, table: GazetteerTable, readFile: () => Uint8Array): GazetteerTable | undefined {
  try {
    const file = readFile()
    if (file.length !== table.buf.length) throw new Error('gazetteer: the file is not the size the block was made for')
    table.buf.set(file)
    decodeGazetteer(table, () => Atomics.add(control, PROGRESS, 1))
    Atomics.store(control, CODE_BYTES, writeCodes(codes, table.codes))
    Atomics.store(control, ROWS, table.rows)
    Atomics.store(control, ENTRIES, table.index.size)
    Atomics.store(control, STATE, READY)
    return table
  } catch {
    Atomics.store(control, STATE, FAILED)
    return undefined
  } finally {
    Atomics.notify(control, STATE)
  }
}

function attach(control: Int32Array, codes: Uint8Array, table: GazetteerTable): GazetteerTable {
  table.rows = Atomics.load(control, ROWS)
  table.index.size = Atomics.load(control, ENTRIES)
  table.codes = readCodes(codes.subarray(0, Atomics.load(control, CODE_BYTES)))
  return table
}

/** The codes after the first (undefined, "absent"), each as a 1-byte length and its UTF-8 bytes; the bytes written. */
function writeCodes(into: Uint8Array, codes: (string | undefined)[]): number {
  const encoder = new TextEncoder()
  let at = 0
  for (const code of codes.slice(1)) {
    const bytes = encoder.encode(code)
    if (bytes.length > 255 || at + 1 + bytes.length > into.length) throw new Error('gazetteer: codes do not fit the block')
    into[at++] = bytes.length
    into.set(bytes, at)
    at += bytes.length
  }
  return at
}

function readCodes(bytes: Uint8Array): (string | undefined)[] {
  const decoder = new TextDecoder()
  const codes: (string | undefined)[] = [undefined]
  for (let at = 0; at < bytes.length; at += 1 + bytes[at]) codes.push(decoder.decode(bytes.slice(at + 1, at + 1 + bytes[at])))
  return codes
}
