/** What the home page says about the software behind a site (DESIGN §6 "Discover"). */
export type Fingerprint = {
  platforms: string[]
  /** A platform we recognise but cannot read (JavaScript-only or behind a login), with why. */
  unreadable?: { platform: string; reason: string }
  /** The organization's name as the site states it (og:site_name, application-name, title). */
  name?: string
  /** Trumba web name or Localist host, when the site embeds one of them. */
  trumba?: string
  localist?: string
}

const SIGNS: [platform: string, test: RegExp][] = [
  ['wordpress', /<meta[^>]+name=["']generator["'][^>]+content=["']WordPress|\/wp-content\/|\/wp-json\//i],
  ['the-events-calendar', /\/wp-content\/plugins\/the-events-calendar\/|class=["'][^"']*\btribe-events\b|tribe_events/i],
  ['squarespace', /<!--\s*This is Squarespace\.\s*-->|static1\.squarespace\.com|SQUARESPACE_CONTEXT/i],
  ['drupal', /<meta[^>]+name=["']generator["'][^>]+content=["']Drupal|\/sites\/default\/files\//i],
  ['wix', /<meta[^>]+name=["']generator["'][^>]+content=["']Wix\.com|static\.wixstatic\.com|wix-warmup-data/i],
  ['google-calendar', /calendar\.google\.com\/calendar\/(embed|ical)/i],
  ['facebook-events', /facebook\.com\/[^"'\s]*events\b/i],
  ['eventbrite', /eventbrite\.[a-z.]+\/(o|e)\/|eventbrite-widget/i],
  ['trumba', /trumba\.com\/scripts\/spuds\.js|\$Trumba\.addSpud/i],
  ['localist', /[a-z0-9-]+\.localist\.com|localist-widget/i],
]

function metaContent(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta[^>]+(?:property|name)=["']${key}["'][^>]*content=["']([^"']{1,200})["']|<meta[^>]+content=["']([^"']{1,200})["'][^>]*(?:property|name)=["']${key}["']`, 'i')
  const m = re.exec(html)
  return (m?.[1] ?? m?.[2])?.trim()
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&#0?39;|&#8217;|&rsquo;/g, '’').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#8211;|&ndash;/g, '–')
}

/** The site's own name: og:site_name, else application-name, else the first part of the title. */
export function siteName(html: string): string | undefined {
  const named = metaContent(html, 'og:site_name') ?? metaContent(html, 'application-name')
  if (named) return decodeEntities(named)
  const title = /<title[^>]*>([^<]{1,300})<\/title>/i.exec(html)?.[1]
  if (!title) return undefined
  const parts = decodeEntities(title).split(/\s+[|–—-]\s+/).map((p) => p.trim()).filter(Boolean)
  return parts.length > 1 ? parts[parts.length - 1] : parts[0]
}

/**
 * Recognises the platform from the home page's markup and headers: WordPress and The Events Calendar,
 * Squarespace, Drupal, Google Calendar embeds, Trumba and Localist widgets (all readable), and Wix,
 * Facebook events and Eventbrite, which we recognise but cannot read without a browser or a key: those
 * are reported, never silently empty.
 */
export function fingerprintSite(html: string, headers: Headers | Record<string, string> = {}): Fingerprint {
  const header = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]) ?? ''
  const platforms = SIGNS.filter(([, re]) => re.test(html)).map(([p]) => p)
  if ((header('x-wix-request-id') || /wix/i.test(header('server'))) && !platforms.includes('wix')) platforms.push('wix')
  if (/squarespace/i.test(header('server')) && !platforms.includes('squarespace')) platforms.push('squarespace')
  const fp: Fingerprint = { platforms, name: siteName(html) }
  const trumba = /\$Trumba\.addSpud\(\s*\{[^}]*webName\s*:\s*["']([A-Za-z0-9_.-]{1,80})["']/.exec(html)
  if (trumba) fp.trumba = trumba[1]
  const localist = /https?:\/\/([a-z0-9.-]+\.localist\.com)/i.exec(html)
  if (localist) fp.localist = localist[1].toLowerCase()
  if (platforms.includes('wix')) fp.unreadable = { platform: 'wix', reason: 'Wix builds its pages in the browser; the calendar is not in the HTML' }
  else if (platforms.includes('facebook-events') && !platforms.some((p) => ['the-events-calendar', 'google-calendar', 'squarespace', 'trumba', 'localist'].includes(p)))
    fp.unreadable = { platform: 'facebook-events', reason: 'the site points to Facebook events, which cannot be read without logging in' }
  else if (platforms.includes('eventbrite') && !platforms.includes('the-events-calendar'))
    fp.unreadable = { platform: 'eventbrite', reason: 'events are listed on Eventbrite, whose API needs a key' }
  return fp
}
