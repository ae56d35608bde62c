/** The spec's limits on hint lists (Limits table). */
export const HINT_LIMITS = { perList: 50, urlLength: 2048 } as const

export type HintList = 'calendarUrls' | 'eventUrls'
export type HintInput = Partial<Record<HintList, readonly string[]>>
export type Hints = Record<HintList, string[]>
export type DroppedHint = {
  list: HintList
  url: string
  reason: 'not_http' | 'invalid_url' | 'too_long' | 'duplicate' | 'over_limit'
}

/**
 * Sanitizes caller hints the way the spec asks: rather than rejecting the request, keep only http(s)
 * URLs of at most 2048 characters, drop duplicates (compared without fragment, host case-folded),
 * keep the first 50 per list. Everything dropped is returned with its reason so that the job can
 * report it; dropped URLs longer than the limit are truncated in the report.
 */
export function sanitizeHints(input: HintInput | undefined): { hints: Hints; dropped: DroppedHint[] } {
  const hints: Hints = { calendarUrls: [], eventUrls: [] }
  const dropped: DroppedHint[] = []
  for (const list of ['calendarUrls', 'eventUrls'] as const) {
    const seen = new Set<string>()
    for (const raw of input?.[list] ?? []) {
      const url = raw.trim()
      const reason = rejectReason(url, seen)
      if (reason) dropped.push({ list, url: url.slice(0, 200), reason })
      else if (hints[list].length >= HINT_LIMITS.perList) dropped.push({ list, url, reason: 'over_limit' })
      else hints[list].push(url)
    }
  }
  return { hints, dropped }
}

function rejectReason(url: string, seen: Set<string>): DroppedHint['reason'] | undefined {
  if (url.length > HINT_LIMITS.urlLength) return 'too_long'
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'invalid_url'
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'not_http'
  if (!parsed.hostname) return 'invalid_url'
  parsed.hash = ''
  if (seen.has(parsed.href)) return 'duplicate'
  seen.add(parsed.href)
  return undefined
}
