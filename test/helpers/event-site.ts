import type { Server } from 'bun'

/**
 * A small organization site on loopback whose `/events/` page links `count` detail pages, each carrying
 * one JSON-LD Event `days` ahead; `delayMs` slows every answer so a crawl can be caught halfway.
 * `requests` lists the paths asked for, in order of arrival (a test waits on a crawl having started).
 */
export function startEventSite(options: { name: string; count: number; delayMs?: number; city?: string; prefix?: string; port?: number }) {
  const day = (i: number) => new Date(Date.now() + (i + 2) * 86_400_000).toISOString().slice(0, 10)
  const titles = Array.from({ length: options.count }, (_, i) => `${options.prefix ?? options.name} Event ${i + 1}`)
  const detail = (i: number) =>
    `<!doctype html><html><head><title>${titles[i]} | ${options.name}</title><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: titles[i],
      startDate: `${day(i)}T10:00:00-05:00`,
      url: `/events/e${i}`,
      location: { '@type': 'Place', name: `${options.name} Hall`, address: { '@type': 'PostalAddress', addressLocality: options.city ?? 'Springfield' } },
    })}</script></head><body><h1>${titles[i]}</h1></body></html>`
  const listing = `<!doctype html><html><head><meta property="og:site_name" content="${options.name}"><title>Events</title></head><body><nav><a href="/events/">Events</a></nav><ul>${titles
    .map((t, i) => `<li><a href="/events/e${i}">${t}</a></li>`)
    .join('')}</ul></body></html>`
  const requests: string[] = []
  const server: Server<undefined> = Bun.serve({
    hostname: '127.0.0.1',
    port: options.port ?? 0,
    async fetch(request) {
      const path = new URL(request.url).pathname
      requests.push(path)
      if (options.delayMs) await Bun.sleep(options.delayMs)
      if (path === '/robots.txt') return new Response('User-agent: *\nAllow: /\n')
      if (path === '/' || path === '/events/') return new Response(listing, { headers: { 'content-type': 'text/html; charset=utf-8' } })
      const m = /^\/events\/e(\d+)$/.exec(path)
      if (m && Number(m[1]) < options.count) return new Response(detail(Number(m[1])), { headers: { 'content-type': 'text/html; charset=utf-8' } })
      return new Response('not found', { status: 404 })
    },
  })
  return { url: `http://127.0.0.1:${server.port}/`, titles, requests, stop: () => server.stop(true) }
}
