/**
 * Offers, cost and free admission. The spec's offer object has every field required, so an offer is only
 * written when the source gives a price or a URL for it; its name defaults to "Admission" and its
 * availability to InStock (schema.org's reading of an offer that states none). `cost` keeps the source's
 * own words; when it has none it is written from the offers' prices.
 */
import type { Event } from '../../model/event'
import type { Candidate, CandidateOffer } from '../candidate-types'
import { cleanLine } from '../shared/text'
import { availabilityName } from './status'
import { absolute } from '../shared/urls'
import { lookupTable } from '../../lookup-table'
import { documentMemo } from '../document-memo'

type Offer = NonNullable<Event['offers']>[number]

const SYMBOL_CURRENCY: Record<string, string> = lookupTable({ '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' })
const SYMBOL_ENTRIES = Object.entries(SYMBOL_CURRENCY)

/** "Free" in the languages we read, as a cost opens with it ("Gratuit", "Eintritt frei", "Entrada libre", "Ingresso gratuito"). */
const FREE_WORD = String.raw`free|no charge|no cost|gratis|grátis|gratuit[eoa]?s?|kostenlos|kostenfrei|frei|libre|libero|livre|franca|vrij|sem custo|sin costo|sans frais`
const FREE_START = new RegExp(String.raw`^\s*(?:(?:admission|entry|entrance|eintritt|entrée|entree|accès|entrada|ingresso|toegang|acceso|acesso)\s*:?\s*)?(?:${FREE_WORD})(?![\p{L}\p{N}])`, 'iu')
const FREE_ANYWHERE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${FREE_WORD}|donation|spende|don|donativo|donatie|offerta|doação)(?![\p{L}\p{N}])`, 'iu')
/** A positive amount with its currency, before or after ("$5", "€ 12", "5 €", "10 EUR", "3 euros"). */
const POSITIVE_AMOUNT = /[$€£¥]\s*[1-9]|\b[1-9]\d*(?:[.,]\d+)?\s*(?:[$€£¥]|usd|eur|gbp|cad|aud|euros?|dollars?|reais|r\$)(?![a-z])/i

/** A price written in text: `$5`, `5.00`, `Free` (0), `€ 12,50`; undefined when there is no number. */
export function priceFromText(text: string | undefined): number | undefined {
  if (!text) return undefined
  if (FREE_START.test(text) && !/\d/.test(text)) return 0
  const m = /(\d{1,3}(?:[,\s]\d{3})+|\d+)(?:[.,](\d{1,2}))?/.exec(text)
  if (!m) return undefined
  const n = Number(`${m[1].replace(/[,\s]/g, '')}.${m[2] ?? '0'}`)
  return Number.isFinite(n) ? n : undefined
}

function currencyOf(offer: CandidateOffer): string | undefined {
  const code = offer.priceCurrency?.trim().toUpperCase()
  if (code && /^[A-Z]{3}$/.test(code)) return code
  if (offer.priceText) for (const [symbol, c] of SYMBOL_ENTRIES) if (offer.priceText.includes(symbol)) return c
  return undefined
}

/** The spec's offers for a candidate, absolute URLs, prices as numbers (null when the source gives none). */
export function normalizeOffers(c: Candidate, baseUrl: string, fallbackUrl: string | undefined): Offer[] {
  const out: Offer[] = []
  for (const o of c.offers ?? []) {
    const price = o.price ?? priceFromText(o.priceText)
    const own = absolute(o.url, baseUrl)
    const url = own ?? fallbackUrl
    if (price === undefined && !own) continue
    if (!url) continue
    out.push({
      name: cleanLine(o.name) ?? 'Admission',
      price: price ?? null,
      priceCurrency: currencyOf(o) ?? null,
      availability: availabilityName(o.availability) ?? 'InStock',
      url,
    })
  }
  return out
}

function money(price: number, currency: string | null): string {
  const amount = Number.isInteger(price) ? String(price) : price.toFixed(2)
  return currency ? `${amount} ${currency}` : amount
}

/** The cost as text: the source's words, else the offers' price range ("Free", "13.00 USD", "85–125 USD"). */
export function costText(c: Candidate, offers: Offer[]): string | undefined {
  const own = cleanLine(c.cost) ?? cleanLine(c.offers?.find((o) => o.priceText && o.price === undefined)?.priceText)
  if (own) return own
  const priced = offers.filter((o): o is Offer & { price: number } => o.price !== null)
  if (!priced.length) return undefined
  const prices = priced.map((o) => o.price)
  const [min, max] = [Math.min(...prices), Math.max(...prices)]
  if (max === 0) return 'Free'
  const currency = priced.every((o) => o.priceCurrency === priced[0].priceCurrency) ? priced[0].priceCurrency : null
  return min === max ? money(min, currency) : `${money(min, null)}–${money(max, currency)}`
}

/**
 * Free admission: the source's flag, else every stated price is 0, else the cost reads "Free" (in any of
 * the languages we read: "Gratuit", "Kostenlos", "Entrada libre", "Ingresso gratuito", "Gratis") with no
 * amount in it. Undefined when nothing says, or when it says free for some and a price for others.
 */
export function isFree(c: Candidate, offers: Offer[], cost: string | undefined): boolean | undefined {
  if (c.isAccessibleForFree !== undefined) return c.isAccessibleForFree
  const prices = offers.map((o) => o.price).filter((p): p is number => p !== null)
  if (prices.length) return prices.every((p) => p === 0)
  return cost ? freeByWords(cost) : undefined
}

/** What a cost's words say of free admission; a listing repeats its cost in every event, so each is read once per document. */
const freeByWords = documentMemo((cost: string): boolean | undefined => {
  if (FREE_START.test(cost) && !POSITIVE_AMOUNT.test(cost)) return true
  const amount = priceFromText(cost)
  // "Free for members, $5 guests" or "Free; $5 suggested donation": mixed, so unknown.
  if (FREE_ANYWHERE.test(cost)) return undefined
  return amount !== undefined && amount > 0 ? false : undefined
})

/** The lowest stated price, for `ticket_price`. */
export function lowestPrice(offers: Offer[], cost: string | undefined): number | undefined {
  const prices = offers.map((o) => o.price).filter((p): p is number => p !== null)
  if (prices.length) return Math.min(...prices)
  return cost && /\d/.test(cost) ? priceFromText(cost) : undefined
}
