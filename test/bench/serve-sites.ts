// Serves N generated event sites for the crawl benchmark in their own process (so the load generator and
// the sites do not share an event loop). Prints one JSON line with the site URLs, then serves until killed.
import { startEventSite } from '../helpers/event-site'

const count = Number(process.argv[2] ?? 4)
const pages = Number(process.argv[3] ?? 200)
const sites = Array.from({ length: count }, (_, i) => startEventSite({ name: `Bench Site ${i + 1}`, count: pages, city: `Benchton ${i + 1}` }))
console.log(JSON.stringify({ urls: sites.map((s) => s.url), titles: sites.map((s) => s.titles.length) }))
