/**
 * A file that cannot be read at all (broken archive, XML that is not well-formed, unknown
 * encoding, no table in it). Its message is Russian and meant for staff: the import service
 * answers 422 with it. A single bad row is never a SourceError but a RowError.
 */
export class SourceError extends Error {
  override name = 'SourceError';
}
