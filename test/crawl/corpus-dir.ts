import { join } from 'node:path'

/** `../shared/corpus` beside the repository (CI puts `shared/` next to the checkout); never copied into it. */
export const CORPUS_DIR = join(import.meta.dir, '..', '..', '..', 'shared', 'corpus')
