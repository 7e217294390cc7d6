import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../config';

/** s3rver's one account (its models/account.js): the access key id and the secret are both this. */
const S3RVER_KEY = 'S3RVER';

export interface TestS3Server {
  /** Settings that reach the server's bucket (path style, like MinIO). */
  settings: Omit<S3StorageConfig, 'kind'>;
  /** The same as FILE_STORAGE=s3 environment variables, for createTestApp. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/**
 * Whether the request's V4 signature is the one S3RVER's secret gives. s3rver checks only that
 * the access key id exists (its V4 check is unimplemented), so a wrong secret would pass it: this
 * computes the signature again from the signed headers, as S3 does.
 */
async function signatureMatches(request: IncomingMessage): Promise<boolean> {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
  const datetime = request.headers['x-amz-date'];
  if (!match || typeof datetime !== 'string') return false;
  const [, accessKeyId, region, signedHeaders, signature] = match as unknown as string[];
  const headers = new Headers();
  for (const name of signedHeaders!.split(';'))
    if (name !== 'host') headers.set(name, String(request.headers[name] ?? ''));
  const signer = new AwsV4Signer({
    method: request.method,
    url: `http://${request.headers.host}${request.url}`,
    headers,
    accessKeyId: accessKeyId!,
    secretAccessKey: S3RVER_KEY,
    service: 's3',
    region: region!,
    datetime,
  });
  return (await signer.signature()) === signature;
}

function refuse(response: ServerResponse): void {
  response.writeHead(403, { 'content-type': 'application/xml' });
  response.end(
    '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code>' +
      '<Message>The request signature we calculated does not match the signature you provided.</Message></Error>',
  );
}

/**
 * A fake S3 server for the object-store tests: s3rver (Koa over a temporary folder) behind a
 * check of each request's signature, on a free port of 127.0.0.1, with one empty bucket.
 */
export async function startTestS3Server(bucket = 'palaro-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'palaro-s3-'));
  const s3 = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3.configureBuckets();
  const handle = s3.callback();
  const server = createServer((request, response) => {
    signatureMatches(request).then(
      (matches) => (matches ? handle(request, response) : refuse(response)),
      () => refuse(response),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    forcePathStyle: true,
    timeoutMs: 5_000,
  };
  return {
    settings,
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      // The storage's fetch keeps connections open: close them, or close() waits for them.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
