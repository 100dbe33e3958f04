/**
 * A failure of an outside service's API (YooKassa, СДЭК, DaData): each service has its own
 * subclass, so a caller catches only the failures of the service it asked.
 */
export class ApiError extends Error {
  /** The HTTP status of the service's answer; null when none came (network, timeout, not JSON). */
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
  }
}
