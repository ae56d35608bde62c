/** `../shared/corpus` beside the repository; one definition, in test/helpers/corpus.ts. */
export { CORPUS as CORPUS_DIR } from '../helpers/corpus'
