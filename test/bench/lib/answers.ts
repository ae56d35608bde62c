/**
 * A file of answers by request path, for the bare server: for each, one header line
 * `{"path":…,"length":n}` then the n bytes of the body exactly as the service sent them.
 */
export async function writeAnswers(file: string, answers: [string, Uint8Array][]): Promise<void> {
  const writer = Bun.file(file).writer()
  for (const [path, body] of answers) {
    writer.write(`${JSON.stringify({ path, length: body.byteLength })}\n`)
    writer.write(body)
  }
  await writer.end()
}

export async function readAnswers(file: string): Promise<Map<string, Uint8Array>> {
  const bytes = await Bun.file(file).bytes()
  const answers = new Map<string, Uint8Array>()
  const decoder = new TextDecoder()
  for (let at = 0; at < bytes.length; ) {
    const newline = bytes.indexOf(10, at)
    const head = JSON.parse(decoder.decode(bytes.subarray(at, newline))) as { path: string; length: number }
    answers.set(head.path, bytes.subarray(newline + 1, newline + 1 + head.length))
    at = newline + 1 + head.length
  }
  return answers
}
