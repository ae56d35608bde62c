/**
 * `event_id`: stable across re-crawls (DESIGN §6 "Dedupe"). It hashes the organization's domain, the
 * source's own identity for the event (iCalendar UID, TEC id, JSON-LD `@id`, canonical URL) and the
 * occurrence's local start, so each occurrence of a series has its own id and a re-crawl finds the same
 * ids. The title is used only when the source gives no identity at all, and then with the document URL.
 */

export type IdentityInput = {
  /** Registrable domain of the organization (or of the document when unknown). */
  domain: string
  /** The source's identity for the event, if any. */
  sourceId?: string
  /** The event's canonical URL, if any. */
  url?: string
  /** The document the event was found in. */
  documentUrl: string
  title?: string
  /** The occurrence's start as the record shows it (local wall time with offset, or a date). */
  start: string
}

/** Which identity an event's id rests on (reported in tests and warnings). */
export function identityOf(input: IdentityInput): { kind: 'source-id' | 'url' | 'title'; value: string } {
  if (input.sourceId?.trim()) return { kind: 'source-id', value: input.sourceId.trim() }
  // A URL without a fragment (nearly every one) is its own identity.
  if (input.url) return { kind: 'url', value: input.url.includes('#') ? input.url.replace(/#.*$/, '') : input.url }
  return { kind: 'title', value: `${input.documentUrl.replace(/#.*$/, '')}\u0000${(input.title ?? '').trim().toLowerCase()}` }
}

/** The occurrence key: the local wall-clock part of the start (so a zone-table update cannot change ids). */
function occurrenceKey(start: string): string {
  return start.slice(0, 19)
}

/** `evt_` + 24 hex characters of SHA-256 over domain, identity and occurrence start. */
export function eventId(input: IdentityInput, salt = ''): string {
  const identity = identityOf(input)
  const material = `${input.domain.toLowerCase()}\u0001${identity.kind}\u0001${identity.value}\u0001${occurrenceKey(input.start)}\u0001${salt}`
  // Bun's one-shot SHA-256 (the same digest as node:crypto's, without a hash object per record).
  return `evt_${Bun.SHA256.hash(material, 'hex').slice(0, 24)}`
}
