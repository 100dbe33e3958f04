import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
for (const name of ['exp-a', 'exp-b']) {
  const out: string[] = [];
  for (let i = 0; i < 3; i++) {
    const r: any = await lighthouse(`http://localhost:3196/${name}.html`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const m = r.lhr.audits.metrics.details.items[0];
    out.push(`obsFCP ${m.observedFirstContentfulPaint} DCL ${m.observedDomContentLoaded} FCP ${Math.round(m.firstContentfulPaint)} perf ${r.lhr.categories.performance.score}`);
  }
  console.log(name, out.join(' | '));
}
await chrome.kill();
