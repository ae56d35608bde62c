/**
 * The spec's limits on hint lists (Limits table), and how much of what was dropped is reported: the first
 * `reported` entries, each URL cut to `reportedUrlLength` characters, and the count of all of them.
 */
export const HINT_LIMITS = { perList: 50, urlLength: 2048, reported: 20, reportedUrlLength: 200 } as const

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
 * keep the first 50 per list. What was dropped is summarized for the job to report: the first 20 entries
 * with their reason, URLs cut to 200 characters, and `droppedCount` of all of them, so that the stored
 * report (shown on every poll) stays small however large the request was.
 */
export function sanitizeHints(input: HintInput | undefined): { hints: Hints; dropped: DroppedHint[]; droppedCount: number } {
  const hints: Hints = { calendarUrls: [], eventUrls: [] }
  const dropped: DroppedHint[] = []
  let droppedCount = 0
  const drop = (list: HintList, url: string, reason: DroppedHint['reason']) => {
    droppedCount++
    if (dropped.length < HINT_LIMITS.reported) dropped.push({ list, url: url.slice(0, HINT_LIMITS.reportedUrlLength), reason })
  }
  for (const list of ['calendarUrls', 'eventUrls'] as const) {
    const seen = new Set<string>()
    for (const raw of input?.[list] ?? []) {
      const url = raw.trim()
      const reason = rejectReason(url, seen)
      if (reason) drop(list, url, reason)
      else if (hints[list].length >= HINT_LIMITS.perList) drop(list, url, 'over_limit')
      else hints[list].push(url)
    }
  }
  return { hints, dropped, droppedCount }
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
