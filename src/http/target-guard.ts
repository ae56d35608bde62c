import { Elysia } from 'elysia'
import { AppError } from '../errors'
import { targetStart } from './request-target'

/**
 * Refuses, first, any request Elysia would route on another path than {@link targetStart} reads. The app
 * is built with `handler.standardHostname: false`, so Elysia's router starts the path at the first `/`
 * after `http://` as well (its default skips 11 characters, assuming a Host of at least 4, which let
 * `Host: a` with `/zzz/api/v1/search/events` reach search). The two agree for every `http://` URL; this
 * check turns any disagreement that remains (a URL without authority, an `https://` URL handed to
 * app.handle) into a 400 instead of a request routed on a path nobody checked.
 */
export function targetGuard() {
  return new Elysia({ name: 'request-target' }).onRequest((context) => {
    const url = context.request.url
    const routed = (context as unknown as { path: string }).path
    const start = targetStart(url)
    const query = url.indexOf('?', start + 1)
    const end = query < 0 ? url.length : query
    if (start < 0 || end - start !== routed.length || !url.startsWith(routed, start))
      throw new AppError(400, 'invalid_request', 'the request has no valid Host header (a host name, optionally with a port), so its target cannot be read')
  })
}
