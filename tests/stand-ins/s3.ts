/**
 * A local stand-in of an S3-compatible object storage (Amazon S3's REST API as Yandex Object
 * Storage, Selectel, VK Cloud and MinIO answer it), for the tests: no test reaches the internet.
 * It follows the documented protocol where the shop relies on it
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/):
 * - path-style addresses: `/<bucket>/<key>`; an unknown bucket is 404 `NoSuchBucket`;
 * - `PutObject` (PUT, keeps Content-Type and Cache-Control, answers the ETag), `GetObject` (GET),
 *   `HeadObject` (HEAD: the headers, no body), `DeleteObject` (DELETE: 204, also for a key that is
 *   not there); a missing key is 404 `NoSuchKey` (HEAD: 404 without a body);
 * - every signed request is checked as S3 checks Signature Version 4
 *   (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html): the
 *   `Authorization: AWS4-HMAC-SHA256 Credential=<key id>/<date>/<region>/s3/aws4_request,
 *   SignedHeaders=…, Signature=…` header, `x-amz-date` and `x-amz-content-sha256` (the body's
 *   SHA-256 or UNSIGNED-PAYLOAD). An unknown key id is 403 `InvalidAccessKeyId`, a signature made
 *   with another secret 403 `SignatureDoesNotMatch`, a body that is not the one signed 400
 *   `XAmzContentSHA256Mismatch`;
 * - `ListObjectsV2` (GET `/<bucket>?list-type=2&prefix=…`): the keys under a prefix in order with
 *   their sizes, `max-keys` (1000) a page, the next page by `continuation-token`;
 * - two buckets: the pictures' bucket is public for reading (the bucket policy an operator sets for
 *   pictures): a GET or HEAD of an object without a signature reads it; the private bucket (price
 *   lists, 1C's files) answers only signed requests. Any other anonymous request is 403 `AccessDenied`.
 * Errors are S3's XML: `<Error><Code>…</Code><Message>…</Message>…</Error>`.
 * Test hooks: the objects (`objects`, `privateObjects`), the requests received (`requests`).
 *
 * Run for a browser test: `npx tsx tests/stand-ins/s3.ts --port N` (bucket, key id and secret
 * below, or `--bucket`, `--private-bucket`, `--key`, `--secret`).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { listenLocally, startFromCommandLine } from './serve.ts';

export const STAND_IN_S3 = { bucket: 'shop-pictures', privateBucket: 'shop-files', region: 'ru-central1', accessKeyId: 'YCAJEstandinkeyid0001', secretAccessKey: 'YCstand-in-secret-access-key-2026' };

export type StoredObject = { body: Buffer; contentType: string; cacheControl: string | null; etag: string };
export type S3Request = { method: string; path: string; query: string; signed: boolean };

export type S3StandIn = {
  /** The S3_ENDPOINT to give the shop. */
  endpoint: string;
  /** The S3_PUBLIC_URL: the bucket's public address (path-style). */
  publicUrl: string;
  bucket: string;
  /** The S3_PRIVATE_BUCKET: read by signed requests only. */
  privateBucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The pictures bucket's objects by key. */
  objects: Map<string, StoredObject>;
  /** The private bucket's objects by key. */
  privateObjects: Map<string, StoredObject>;
  requests: S3Request[];
  /** The S3_* settings naming this stand-in, for `loadConfig`. */
  env: () => Record<string, string>;
  stop: () => Promise<void>;
};

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** RFC 3986 encoding, as SigV4's canonical query string asks for. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

type Refusal = { status: number; code: string; message: string };

/** The canonical query string: each name and value decoded, then RFC 3986-encoded, sorted. */
function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name, value = ''] = pair.split('=');
      return [encode(decodeURIComponent(name!)), encode(decodeURIComponent(value.replace(/\+/g, '%20')))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Checks a request's Signature Version 4 Authorization header; null when it holds. */
function checkSignature(req: http.IncomingMessage, body: Buffer, keys: { accessKeyId: string; secretAccessKey: string }): Refusal | null {
  const authorization = req.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!match) return { status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed.' };
  const [, keyId, day, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  if (keyId !== keys.accessKeyId) return { status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(day)) return { status: 403, code: 'AccessDenied', message: 'X-Amz-Date is missing or does not match the credential scope.' };
  if (!payloadHash) return { status: 400, code: 'InvalidRequest', message: 'Missing required header for this request: x-amz-content-sha256' };
  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?');
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return { status: 403, code: 'AccessDenied', message: 'The host header must be signed.' };
  const headerLines = names.map((name) => {
    const value = req.headers[name];
    const text = Array.isArray(value) ? value.join(',') : (value ?? '');
    return `${name}:${text.trim().replace(/\s+/g, ' ')}`;
  });
  const canonicalRequest = [req.method, rawPath, canonicalQuery(rawQuery), ...headerLines, '', signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  if (createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex') !== signature) {
    return { status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.' };
  }
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
    return { status: 400, code: 'XAmzContentSHA256Mismatch', message: "The provided 'x-amz-content-sha256' header does not match what was computed." };
  }
  return null;
}

/** One page of `ListObjectsV2`'s answer. */
function listObjects(bucket: string, objects: Map<string, StoredObject>, query: URLSearchParams): string {
  const prefix = query.get('prefix') ?? '';
  const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), 1000);
  const after = query.has('continuation-token') ? Buffer.from(query.get('continuation-token')!, 'base64url').toString('utf8') : (query.get('start-after') ?? '');
  const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page.map((key) => {
    const object = objects.get(key)!;
    return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${new Date().toISOString()}</LastModified><ETag>${xmlEscape(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
    `<Name>${xmlEscape(bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>`,
    ...contents,
    truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!, 'utf8').toString('base64url')}</NextContinuationToken>` : '',
    '</ListBucketResult>',
  ].join('');
}

export async function startS3(
  options: { port?: number; bucket?: string; privateBucket?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3StandIn> {
  const bucket = options.bucket ?? STAND_IN_S3.bucket;
  const privateBucket = options.privateBucket ?? STAND_IN_S3.privateBucket;
  const keys = { accessKeyId: options.accessKeyId ?? STAND_IN_S3.accessKeyId, secretAccessKey: options.secretAccessKey ?? STAND_IN_S3.secretAccessKey };
  const objects = new Map<string, StoredObject>();
  const privateObjects = new Map<string, StoredObject>();
  const buckets = new Map([
    [bucket, objects],
    [privateBucket, privateObjects],
  ]);
  const requests: S3Request[] = [];

  const server = http.createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    const signed = Boolean(req.headers.authorization);
    requests.push({ method, path: rawPath, query: rawQuery, signed });
    const fail = ({ status, code, message }: Refusal, resource: string) => {
      res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId });
      // HEAD answers carry no body, as S3's do.
      if (method === 'HEAD') return res.end();
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`,
      );
    };

    const [, bucketName = '', ...rest] = rawPath.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (signed) {
      const refusal = checkSignature(req, body, keys);
      if (refusal) return fail(refusal, rawPath);
    } else if ((method !== 'GET' && method !== 'HEAD') || !key || bucketName === privateBucket) {
      return fail({ status: 403, code: 'AccessDenied', message: 'Access Denied' }, rawPath);
    }
    const stored = buckets.get(bucketName);
    if (!stored) return fail({ status: 404, code: 'NoSuchBucket', message: 'The specified bucket does not exist' }, rawPath);
    const query = new URLSearchParams(rawQuery);
    if (!key && method === 'GET' && query.get('list-type') === '2') {
      res.writeHead(200, { 'content-type': 'application/xml', 'x-amz-request-id': requestId });
      return res.end(listObjects(bucketName, stored, query));
    }
    if (!key) return fail({ status: 405, code: 'MethodNotAllowed', message: 'The specified method is not allowed against this resource.' }, rawPath);

    if (method === 'PUT') {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      const cacheControl = req.headers['cache-control'] ?? null;
      stored.set(key, { body, contentType: req.headers['content-type'] ?? 'binary/octet-stream', cacheControl, etag });
      res.writeHead(200, { etag, 'x-amz-request-id': requestId });
      return res.end();
    }
    if (method === 'DELETE') {
      stored.delete(key);
      res.writeHead(204, { 'x-amz-request-id': requestId });
      return res.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = stored.get(key);
      if (!object) return fail({ status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' }, rawPath);
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.body.length,
        etag: object.etag,
        ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
        'x-amz-request-id': requestId,
      });
      return res.end(method === 'GET' ? object.body : undefined);
    }
    return fail({ status: 405, code: 'MethodNotAllowed', message: 'The specified method is not allowed against this resource.' }, rawPath);
  });

  const { base: endpoint, stop } = await listenLocally(server, options.port);
  const publicUrl = `${endpoint}/${bucket}`;
  return {
    endpoint,
    publicUrl,
    bucket,
    privateBucket,
    region: STAND_IN_S3.region,
    ...keys,
    objects,
    privateObjects,
    requests,
    env: () => ({
      S3_ENDPOINT: endpoint,
      S3_REGION: STAND_IN_S3.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      S3_PUBLIC_URL: publicUrl,
      S3_PRIVATE_BUCKET: privateBucket,
    }),
    stop,
  };
}

await startFromCommandLine(
  import.meta.url,
  ({ port, arg }) => startS3({ port, bucket: arg('bucket'), privateBucket: arg('private-bucket'), accessKeyId: arg('key'), secretAccessKey: arg('secret') }),
  (standIn) => `S3 stand-in: ${standIn.endpoint}, bucket ${standIn.bucket}, public ${standIn.publicUrl}, private bucket ${standIn.privateBucket}`,
);
