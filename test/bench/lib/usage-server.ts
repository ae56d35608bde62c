// A minimal usage service for benchmarks, in its own process: every allowance is granted, every report
// accepted. Prints its URL as one JSON line.
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(request) {
    await request.arrayBuffer()
    return new URL(request.url).pathname === '/allowance' ? Response.json({ allowed: true }) : new Response(null, { status: 204 })
  },
})
console.log(JSON.stringify({ url: `http://127.0.0.1:${server.port}` }))
export {}
