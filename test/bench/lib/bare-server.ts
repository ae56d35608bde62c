// The physical limit for a benchmark: a bare Bun.serve answering a precomputed body (read from the file
// given as argv[2]) with the same content type, in its own process. Prints its URL as one JSON line.
const body = await Bun.file(process.argv[2]).bytes()
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(body, { headers: { 'content-type': 'application/json' } }) })
console.log(JSON.stringify({ url: `http://127.0.0.1:${server.port}` }))
export {}
