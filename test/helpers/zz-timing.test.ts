import { expect, it } from 'bun:test'
import { forEachBackend } from './storage'
forEachBackend('timing', (open, backend) => {
  for (let i = 0; i < 30; i++)
    it(`t${i}`, async () => {
      const storage = await open()
      expect(await storage.jobs.find('x')).toBeUndefined()
      await Bun.sleep(20)
    })
})
