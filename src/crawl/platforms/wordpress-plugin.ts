/**
 * WordPress event plugins run on the organization's own host: they are recognised from their asset paths
 * (`/wp-content/plugins/SLUG/`), their CSS classes and their REST namespaces (`/wp-json/` index), and read
 * through the site-wide exports they serve (REST JSON, iCalendar), else through their pages' HTML.
 */
import type { Format } from '../candidate-types'
import type { Endpoint, Platform, Sign, Window } from './types'

export type WordPressPluginSpec = {
  id: string
  name: string
  /** Plugin directory names under `/wp-content/plugins/`. */
  slugs: string[]
  /** More signs in the markup (classes, post types, script handles). */
  markup?: RegExp
  /** REST namespaces the plugin registers (`tribe/events/v1`), matched on the `/wp-json/` index. */
  namespaces?: RegExp
  /** Calendar pages and exports of the plugin on the organization's host. */
  scope: RegExp
  /** The site-wide exports, best first. */
  exports: (origin: string, window: Window) => Endpoint[]
  readers: Format[]
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A platform entry for a WordPress plugin. */
export function wordpressPlugin(spec: WordPressPluginSpec): Platform {
  const signs: Sign[] = [{ pattern: new RegExp(`/wp-content/plugins/(?:${spec.slugs.map(escape).join('|')})/`, 'i'), evidence: `wp-content/plugins/${spec.slugs[0]}` }]
  if (spec.markup) signs.push({ pattern: spec.markup, evidence: `${spec.name} markup` })
  return {
    id: spec.id,
    name: spec.name,
    scope: (url) => spec.scope.test(url.pathname + url.search),
    endpoints: (url, window) => (spec.scope.test(url.pathname + url.search) ? spec.exports(url.origin, window) : []),
    signs,
    ...(spec.namespaces ? { restNamespaces: spec.namespaces } : {}),
    fromPage: (_html, page, window) => spec.exports(page.origin, window),
    readers: spec.readers,
  }
}
