/** What one file's import did: the log's counts and its errors in Russian (the first ones; then how many more). */
export class ImportReport {
  static readonly ERRORS_KEPT = 50;
  readonly counts: Record<string, number> = {};
  private readonly errors: string[] = [];
  private moreErrors = 0;

  add(key: string, n = 1) {
    if (n !== 0) this.counts[key] = (this.counts[key] ?? 0) + n;
  }

  error(message: string) {
    if (this.errors.length < ImportReport.ERRORS_KEPT) this.errors.push(message);
    else this.moreErrors++;
  }

  toJSON(): { counts: Record<string, number>; errors: string[] } {
    return { counts: this.counts, errors: this.moreErrors > 0 ? [...this.errors, `…и ещё ошибок: ${this.moreErrors}`] : [...this.errors] };
  }
}
