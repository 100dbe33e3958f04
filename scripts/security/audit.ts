import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type Advisory = { name: string; severity: string; title: string; url: string };
export type AuditResult =
  | { checked: false; reason: string }
  | { checked: true; dependencies: number; highOrCritical: Advisory[]; unexplained: Advisory[] };

type AuditJson = {
  error?: { summary?: string };
  message?: string;
  metadata?: { dependencies?: { prod?: number; total?: number } };
  vulnerabilities?: Record<string, { via: (string | { title: string; url: string; severity: string; name: string })[] }>;
};

const GRAVE = new Set(['high', 'critical']);

/** The advisory's GHSA id, or its address when it has none. */
const advisoryId = (advisory: Advisory) => /GHSA-[\w-]+/.exec(advisory.url)?.[0] ?? advisory.url;

/**
 * `npm audit --omit=dev`: the high and critical advisories of what the shop runs in production.
 * One counts as explained when a decision record names its GHSA id. When the registry's audit
 * endpoint cannot be reached (an offline or proxied machine), the figure says so instead.
 */
export function auditDependencies(root: string): AuditResult {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 90_000 });
  let report: AuditJson;
  try {
    report = JSON.parse(run.stdout) as AuditJson;
  } catch {
    return { checked: false, reason: run.error?.message ?? (run.stderr.trim().split('\n')[0] || 'npm audit gave no report') };
  }
  if (!report.vulnerabilities) return { checked: false, reason: report.message ?? report.error?.summary ?? 'npm audit gave no report' };
  const highOrCritical = Object.values(report.vulnerabilities)
    .flatMap((vulnerability) => vulnerability.via)
    .filter((via) => typeof via === 'object' && GRAVE.has(via.severity))
    .map((via) => via as Advisory);
  const unique = [...new Map(highOrCritical.map((advisory) => [advisoryId(advisory), advisory])).values()];
  const decisions = fs
    .readdirSync(path.join(root, 'docs/decisions'))
    .map((file) => fs.readFileSync(path.join(root, 'docs/decisions', file), 'utf8'))
    .join('\n');
  return {
    checked: true,
    dependencies: report.metadata?.dependencies?.prod ?? report.metadata?.dependencies?.total ?? 0,
    highOrCritical: unique,
    unexplained: unique.filter((advisory) => !decisions.includes(advisoryId(advisory))),
  };
}
