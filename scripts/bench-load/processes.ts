/**
 * The processes of a production set-up on one machine, as README «Развёртывание» describes it:
 * compiled serving processes (`dist/node/main.js`, BACKGROUND_WORK=worker), the background worker
 * (`dist/node/worker.js`) and nginx with the site of `deploy/nginx-shop.conf` in front of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/server/core/project-root.ts';
import { asDeployedWorker } from '../bench/worker-priority.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

export type Shop = { databaseUrl: string; dataDir: string; publicUrl: string };

export type Running = { child: ChildProcess; name: string };

function environment(shop: Shop, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: shop.databaseUrl,
    DATA_DIR: shop.dataDir,
    PUBLIC_URL: shop.publicUrl,
    BACKGROUND_WORK: 'worker',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

function startNode(name: string, script: string, env: NodeJS.ProcessEnv, stdout: 'pipe' | 'ignore'): Running {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(PROJECT_ROOT, 'dist/node', script)], { env, stdio: ['ignore', stdout, 'inherit'] });
  return { child, name };
}

/** A serving process on `port`, once it answers /api/ready (migrated database, search index building in the background). */
export async function startServer(shop: Shop, port: number): Promise<Running> {
  const running = startNode(`server :${port}`, 'main.js', environment(shop, { PORT: String(port), HOST: '127.0.0.1' }), 'ignore');
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (running.child.exitCode !== null) throw new Error(`${running.name} exited with ${running.child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return running;
    if (Date.now() > deadline) throw new Error(`${running.name} was not ready within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `npm run worker`'s process at its deployed priority, once its job runner has started (it prints a line saying so). */
export async function startWorker(shop: Shop): Promise<Running> {
  const running = startNode('worker', 'worker.js', environment(shop, {}), 'pipe');
  asDeployedWorker(running.child.pid!);
  for await (const chunk of running.child.stdout!) if (String(chunk).includes('Фоновые задачи')) break;
  running.child.stdout!.resume();
  return running;
}

/** SIGKILL: no goodbye, as a crash or the OOM killer ends a process. */
export async function kill(running: Running) {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill('SIGKILL');
  await once(running.child, 'exit');
}

export async function stop(running: Running) {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill('SIGTERM');
  await once(running.child, 'exit');
}

/**
 * The shipped nginx site with this run's upstream ports, a plain-HTTP listener on `port` instead
 * of the TLS one and the project's folders instead of /srv/shop, inside a minimal nginx.conf.
 */
export function nginxConfig(folder: string, port: number, upstreams: number[], dataDir: string): string {
  const site = fs
    .readFileSync(path.join(PROJECT_ROOT, 'deploy/nginx-shop.conf'), 'utf8')
    .replace(/^\s*#.*$/gm, '')
    .replace(/(upstream shop \{)[^}]*?(keepalive)/s, (_m, head: string, tail: string) => `${head}\n${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;\n`).join('')}    ${tail}`)
    .replace(/server \{\s*listen 80;[^}]*\}/s, '')
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port};`)
    .replace(/^\s*(listen \[::\]:443.*|ssl_certificate.*)$/gm, '')
    .replace(/server_name shop\.example\.ru;/, 'server_name 127.0.0.1;')
    .replaceAll('/srv/shop/data/', `${dataDir}/`)
    .replaceAll('/srv/shop/', `${PROJECT_ROOT}/`);
  if (site.includes('443') || site.includes('/srv/shop')) throw new Error('deploy/nginx-shop.conf changed shape: the benchmark could not adapt it');
  return `daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
${site}
}
`;
}

export async function startNginx(folder: string, port: number, upstreams: number[], dataDir: string): Promise<Running> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx-light)');
  fs.mkdirSync(folder, { recursive: true });
  // Started as root, nginx's workers run as nobody: they write request bodies (a price list) under this folder.
  fs.chmodSync(path.dirname(folder), 0o755);
  fs.chmodSync(folder, 0o777);
  const file = path.join(folder, 'nginx.conf');
  fs.writeFileSync(file, nginxConfig(folder, port, upstreams, dataDir));
  const child = spawn(NGINX, ['-p', folder, '-c', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 10_000;
  while (!(await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${fs.readFileSync(path.join(folder, 'error.log'), 'utf8')}`);
    if (Date.now() > deadline) throw new Error('nginx did not answer within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, name: 'nginx' };
}
