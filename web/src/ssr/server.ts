/**
 * The web renderer: a small HTTP server the store asks for a shopper page's HTML
 * (`POST /render`, see `render.tsx` and docs/decisions.md "Pages rendered on the server").
 * The store's server starts it beside itself, or reaches one of its own (`SSR_URL`).
 *
 *   node dist-ssr/render.js      SSR_HOST (127.0.0.1), SSR_PORT (0: any), WEB_DIR (../dist)
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Manifest } from './assets';
import { render, type RenderRequest } from './render';

const MAX_BODY = 16 * 1024;
const MAX_URL = 2048;
const MAX_COOKIE = 8192;

const webDir = process.env.WEB_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The render request of a body, or null when it is not one (bounded before any work). */
function renderRequest(text: string): RenderRequest | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { url, api, cookie } = value as Record<string, unknown>;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.length > MAX_URL) return null;
  if (typeof api !== 'string' || !/^https?:\/\/[^/]+\/?$/.test(api)) return null;
  if (cookie !== null && cookie !== undefined && (typeof cookie !== 'string' || cookie.length > MAX_COOKIE)) return null;
  return { url, api, cookie: typeof cookie === 'string' ? cookie : null };
}

function send(response: ServerResponse, status: number, body?: string, type = 'application/json'): void {
  response.writeHead(status, body === undefined ? {} : { 'Content-Type': type });
  response.end(body);
}

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method === 'GET' && request.url === '/healthz') return send(response, 200, 'ok', 'text/plain');
  if (request.method !== 'POST' || request.url !== '/render') return send(response, 404);
  const text = await readBody(request);
  const asked = text === null ? null : renderRequest(text);
  if (!asked) return send(response, 400, JSON.stringify({ error: 'Not a render request' }));
  try {
    const page = await render(asked, manifest);
    if (!page) return send(response, 204);
    send(response, 200, JSON.stringify(page));
  } catch (error) {
    // The page's path only: never the visitor's cookie.
    const path = asked.url.split('?')[0];
    console.error(`web renderer: ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.SSR_DEBUG && error instanceof Error) console.error(error.stack);
    if (!response.headersSent) send(response, 500);
  }
}

const server = createServer((request, response) => {
  answer(request, response).catch(() => {
    if (!response.headersSent) send(response, 500);
  });
});

const host = process.env.SSR_HOST ?? '127.0.0.1';
const port = Number(process.env.SSR_PORT ?? '0');
server.listen(port, host, () => {
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  console.log(`Web renderer listening on http://${host}:${bound}`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
