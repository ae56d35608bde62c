import { serializeDictionary } from 'structured-headers'
import type { UsageItem } from './routes'

/**
 * The `gw-usage` settlement header (DESIGN §4, contract): an RFC 9651 dictionary such as
 * `orgs_index=1` or `events_pull=37`. Items with quantity 0 are left out, and undefined is returned
 * when nothing is billable, so a 0-event result carries no header.
 */
export function usageHeader(items: UsageItem[]): string | undefined {
  const billable = items.filter((item) => item.quantity > 0)
  if (billable.length === 0) return undefined
  return serializeDictionary(Object.fromEntries(billable.map((item) => [item.meter, item.quantity])))
}
