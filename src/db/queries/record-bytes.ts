/**
 * Stored records as UTF-8 bytes (issue 12). A read that answers with many records (an organization's
 * events; a search has SQLite join them, see search-records.ts) reads them as BLOBs and joins them here
 * into one buffer that the read worker hands to the request thread without copying (a transferred
 * ArrayBuffer): a JavaScript string of the same records is built of a hundred small strings, then
 * flattened, copied into the message, copied out of it and encoded again into the answer's Blob, three
 * times the work.
 */
const COMMA = 0x2c

/** The records in the given order, comma-separated (the inside of a JSON array), in a buffer of their own. */
export function joinRecordBytes(records: readonly Uint8Array[]): Uint8Array {
  let total = records.length > 0 ? records.length - 1 : 0
  for (const record of records) total += record.byteLength
  const out = new Uint8Array(total)
  let at = 0
  for (const record of records) {
    if (at > 0) out[at++] = COMMA
    out.set(record, at)
    at += record.byteLength
  }
  return out
}
