/** The organization's name as its home page states it (the platform of a site is the registry's: `../platforms/`). */
function metaContent(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta[^>]+(?:property|name)=["']${key}["'][^>]*content=["']([^"']{1,200})["']|<meta[^>]+content=["']([^"']{1,200})["'][^>]*(?:property|name)=["']${key}["']`, 'i')
  const m = re.exec(html)
  return (m?.[1] ?? m?.[2])?.trim()
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&#0?39;|&#8217;|&rsquo;/g, '’')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#8211;|&ndash;/g, '–')
}

/** The site's own name: og:site_name, else application-name, else the first part of the title. */
export function siteName(html: string): string | undefined {
  const named = metaContent(html, 'og:site_name') ?? metaContent(html, 'application-name')
  if (named) return decodeEntities(named)
  const title = /<title[^>]*>([^<]{1,300})<\/title>/i.exec(html)?.[1]
  if (!title) return undefined
  const parts = decodeEntities(title)
    .split(/\s+[|–—-]\s+/)
    .map((p) => p.trim())
    .filter(Boolean)
  return parts.length > 1 ? parts[parts.length - 1] : parts[0]
}
