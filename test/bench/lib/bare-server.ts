// The physical limit for a benchmark: a bare Bun.serve in its own process answering each request path
// with the very bytes the service gave for it (an answers file, see answers.ts; argv[2]), same content
// type; a path it does not know gets the first answer. Each body is a Blob, which a Response shares
// (one made from a Uint8Array copies it: the fastest way to serve fixed bytes, as the service does).
// Prints its URL as one JSON line.
import { readAnswers } from './answers'

const answers = new Map([...(await readAnswers(process.argv[2]))].map(([path, bytes]) => [path, new Blob([bytes])]))
const fallback = answers.values().next().value!
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request) {
    const url = request.url
    const body = answers.get(url.slice(url.indexOf('/', 8))) ?? fallback
    return new Response(body, { headers: { 'content-type': 'application/json' } })
  },
})
console.log(JSON.stringify({ url: `http://127.0.0.1:${server.port}`, answers: answers.size }))
export {}
