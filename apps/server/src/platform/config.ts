import path from 'node:path';
import { z } from 'zod';
import { serverPath } from './server-root';

/** The web app's build, found from the server's folder so the server works whatever the working folder. */
const DEFAULT_WEB_DIST = serverPath('..', 'web', 'dist');

const ZBooleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const ZEnvironment = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  OPERATOR_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUSTED_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name')
    .transform((value) => value.toLowerCase())
    .default('cf-ipcountry'),
  TRUST_PROXY: ZBooleanText.default(false),
  WEB_DIST: z.string().min(1).optional(),
  DATABASE_QUEUE_LIMIT: z.coerce.number().int().min(1).max(100_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SMS_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_HTTP_TOKEN: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().min(1).max(32).optional(),
  EMAIL_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
  EMAIL_HTTP_TOKEN: z.string().min(1).optional(),
  EMAIL_FROM: z.string().min(3).max(254).optional(),
  PAYMENT_SANDBOX: ZBooleanText.optional(),
  INHOUSE_WALLET_URL: z.url({ protocol: /^https?$/ }).optional(),
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  // S3's bucket naming rules (3–63 lower-case letters, digits, dots and hyphens, a letter or digit at each end).
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: ZBooleanText.default(false),
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

/** What FILE_STORAGE=s3 needs besides the settings with a default. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** An S3-compatible object store (AWS S3, MinIO, …) holding the uploaded files: platform/file-storage.ts. */
export interface S3StorageConfig {
  kind: 's3';
  /** The store's base URL without a trailing slash, e.g. https://s3.ap-southeast-1.amazonaws.com or http://minio:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` (MinIO, most self-hosted stores) instead of `<bucket>.<endpoint host>/<key>`. */
  forcePathStyle: boolean;
  /** Each request's time limit, after which the store counts as unavailable. */
  timeoutMs: number;
}

/** Where uploaded files are kept: the uploads folder of DATA_DIR (the default) or an object store. */
export type FileStorageConfig = { kind: 'local' } | S3StorageConfig;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Database calls that may wait at once before more are answered 503 (platform/db/admission.ts). */
  databaseQueueLimit: number | undefined;
  operatorToken: string | undefined;
  trustedCountryHeader: string;
  trustProxy: boolean;
  webDist: string;
  logLevel: z.infer<typeof ZEnvironment>['LOG_LEVEL'];
  nodeEnv: z.infer<typeof ZEnvironment>['NODE_ENV'];
  /** Shared rate-limit counters across replicas; in-process counters when unset. */
  redisUrl: string | undefined;
  /** HTTP SMS gateway; when unset, SMS go to the outbox instead. */
  smsHttpUrl: string | undefined;
  smsHttpToken: string | undefined;
  smsSenderId: string | undefined;
  emailHttpUrl: string | undefined;
  emailHttpToken: string | undefined;
  emailFrom: string | undefined;
  /**
   * The sandbox payment gateway (its page approves a payment nobody made): on by default outside
   * production, off in production unless PAYMENT_SANDBOX=true.
   */
  paymentSandbox: boolean;
  /**
   * Where the in-house game server sends its seamless-wallet calls (no trailing slash); unset, to
   * this server's own listening address (one process plays both parts, still over HTTP).
   */
  inhouseWalletUrl: string | undefined;
  fileStorage: FileStorageConfig;
}

export class ConfigError extends Error {}

/** Empty variables count as unset, so `PORT= npm start` behaves like no PORT at all. */
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const parsed = ZEnvironment.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration — ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    fileStorage: fileStorageConfig(values),
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(cwd, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databaseQueueLimit: values.DATABASE_QUEUE_LIMIT,
    operatorToken: values.OPERATOR_TOKEN,
    trustedCountryHeader: values.TRUSTED_COUNTRY_HEADER,
    trustProxy: values.TRUST_PROXY,
    webDist: values.WEB_DIST ? path.resolve(cwd, values.WEB_DIST) : DEFAULT_WEB_DIST,
    logLevel: values.LOG_LEVEL,
    nodeEnv: values.NODE_ENV,
    redisUrl: values.REDIS_URL,
    smsHttpUrl: values.SMS_HTTP_URL,
    smsHttpToken: values.SMS_HTTP_TOKEN,
    smsSenderId: values.SMS_SENDER_ID,
    emailHttpUrl: values.EMAIL_HTTP_URL,
    emailHttpToken: values.EMAIL_HTTP_TOKEN,
    emailFrom: values.EMAIL_FROM,
    paymentSandbox: values.PAYMENT_SANDBOX ?? values.NODE_ENV !== 'production',
    inhouseWalletUrl: values.INHOUSE_WALLET_URL?.replace(/\/+$/, ''),
  };
}

function fileStorageConfig(values: z.infer<typeof ZEnvironment>): FileStorageConfig {
  if (values.FILE_STORAGE === 'local') return { kind: 'local' };
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket } = values;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    const missing = S3_REQUIRED.filter((name) => values[name] === undefined);
    throw new ConfigError(`Invalid configuration — FILE_STORAGE=s3 needs ${missing.join(', ')}`);
  }
  return {
    kind: 's3',
    endpoint: endpoint.replace(/\/+$/, ''),
    bucket,
    region: values.S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
    timeoutMs: values.S3_TIMEOUT_MS,
  };
}
