import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { SNACKBAR_TIMEOUT_MS } from '@pathways/shared/common/constants';
import {
  DISABLE_AFTER_EXHAUSTED,
  parseRetrySchedule,
  WEBHOOK_RETRY_SCHEDULE_MS,
} from '@pathways/shared/webhooks/webhooks.rules';
import { z } from 'zod';

const repoRoot = resolve(fileURLToPath(new URL('../../../../', import.meta.url)));

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const windowUnits = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const limitPattern = /^(\d+)\/(\d+)([smhd])$/;

/** A limit written "<count>/<window>", e.g. "10/1m" or "20/1h"; assumes the text matches. */
export function parseLimit(text: string): Limit {
  const [, count, amount, unit] = limitPattern.exec(text.trim())!;
  return {
    max: Number(count),
    windowMs: Number(amount) * windowUnits[unit as keyof typeof windowUnits],
  };
}

const limitText = z
  .string()
  .trim()
  .regex(limitPattern, 'a count and a window, e.g. "10/1m" (window in s, m, h or d)')
  .refine((v) => {
    // Text that is no count per window already has its message.
    if (!limitPattern.test(v)) return true;
    const { max, windowMs } = parseLimit(v);
    return max >= 1 && windowMs >= 1000 && windowMs <= 7 * 86_400_000;
  }, 'at least 1 per window, and a window from 1s to 7d');
const limit = limitText.transform(parseLimit);

/** Names of earlier settings that no longer take effect, with what replaced them. */
const retiredSettings: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_IP: 'RATE_LIMIT_LOGIN_PER_ADDRESS',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: 'RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT',
  RATE_LIMIT_LOGIN_ACCOUNT_SLOWDOWN: 'RATE_LIMIT_LOGIN_FAILURES_PER_DEVICE',
  RATE_LIMIT_REGISTER_PER_IP: 'RATE_LIMIT_SIGNUP_PER_ADDRESS',
  RATE_LIMIT_EMAIL_PER_IP:
    'RATE_LIMIT_CONFIRMATION_PER_ACCOUNT and RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT',
  RATE_LIMIT_WINDOW_MINUTES: 'a window in each RATE_LIMIT_* setting, e.g. "60/15m"',
};

/** Every setting the API reads, with its default. The README's table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().default(join(repoRoot, 'var')),
  DATABASE_URL: z.url().optional(),
  // Connections one API process keeps to the PostgreSQL server. Under load a request waits for
  // one; at 10, 50 searches at once queued for them behind an idle CPU.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(25),
  APP_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Pathways <no-reply@pathways.local>'),
  SUPPORT_EMAIL: z.email().default('support@pathways.local'),
  SEED_DEMO_DATA: bool.default(true),
  WEB_DIST: z.string().default(join(repoRoot, 'apps/web/dist')),
  // The web app's server build, which renders the public pages as HTML.
  WEB_SSR_ENTRY: z.string().default(join(repoRoot, 'apps/web/dist-ssr/entry-server.js')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  // Rate limits: "<count>/<window>", the window in s, m, h or d (e.g. "10/1m", "20/1h").
  RATE_LIMIT_LOGIN_PER_ADDRESS: limit.prefault('10/1m'),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: limit.prefault('20/1h'),
  RATE_LIMIT_LOGIN_FAILURES_PER_DEVICE: limit.prefault('20/1h'),
  RATE_LIMIT_SIGNUP_PER_ADDRESS: limit.prefault('5/30m'),
  RATE_LIMIT_CONFIRMATION_PER_ACCOUNT: limit.prefault('5/30m'),
  RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT: limit.prefault('5/30m'),
  RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: limit.prefault('20/30m'),
  RATE_LIMIT_PASSWORD_SET_PER_ADDRESS: limit.prefault('20/30m'),
  RATE_LIMIT_INVITES_PER_USER: limit.prefault('30/1h'),
  RATE_LIMIT_UPLOADS_PER_USER: limit.prefault('60/15m'),
  // "off" leaves signed-in requests unlimited (e.g. behind a gateway that limits them).
  RATE_LIMIT_API_PER_USER: z
    .union([z.literal('off'), limitText])
    .prefault('1200/1m')
    .transform((v) => (v === 'off' ? null : parseLimit(v))),
  // Every request made with one organization API key; "off" leaves keys unlimited.
  RATE_LIMIT_API_PER_KEY: z
    .union([z.literal('off'), limitText])
    .prefault('600/1m')
    .transform((v) => (v === 'off' ? null : parseLimit(v))),
  // How long after a phase move its e-mail waits: the move's undo window and a margin for an
  // undo clicked at its last moment to arrive.
  PHASE_MOVE_MAIL_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(SNACKBAR_TIMEOUT_MS + 4000),
  // Webhooks: private, loopback and other internal addresses (and http://) are refused unless
  // this is true; it is true by default only in development.
  WEBHOOKS_ALLOW_PRIVATE_URLS: bool.optional(),
  // The waits before each retry of a message not answered with a 2xx ("5s,5m,30m,…").
  WEBHOOKS_RETRY_SCHEDULE: z
    .string()
    .refine(
      (v) => parseRetrySchedule(v) !== undefined,
      'durations separated by commas, e.g. "5s,5m,30m"',
    )
    .transform((v) => parseRetrySchedule(v)!)
    .optional(),
  // How long a receiver has to answer one attempt.
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  // Messages in a row that use up every retry before an endpoint is disabled.
  WEBHOOKS_DISABLE_AFTER: z.coerce.number().int().min(1).max(1000).default(DISABLE_AFTER_EXHAUSTED),
  // How often a working process looks for messages due to be sent.
  WEBHOOKS_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(1000),
  // The web build's external hosts, read here too so the Content-Security-Policy allows them.
  VITE_MAP_TILE_URL: z.string().optional(),
  // The live support chat (a Chatwoot server and its website inbox); both or neither.
  SUPPORT_CHAT_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'an http:// or https:// address' })
    .optional(),
  SUPPORT_CHAT_WEBSITE_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'letters, digits, "-" and "_" only')
    .optional(),
  GEOCODER_URL: z.url().optional(),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  GEOCODER_COUNTRY_CODES: z
    .string()
    .regex(
      /^(all|[a-zA-Z]{2}(,[a-zA-Z]{2})*)$/i,
      'a comma-separated list of ISO 3166-1 alpha-2 codes, or "all"',
    )
    .default('za,na,bw,zw,ls,sz,mz'),
  // Uploaded files go to an S3-compatible bucket when S3_BUCKET is set, else under DATA_DIR.
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Social sign-in: a provider is offered only when both its client id and secret are set. The
  // issuer (OpenID Connect discovery) or the endpoints may point at another server.
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  LINKEDIN_ISSUER: z.url().default('https://www.linkedin.com/oauth'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v23.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v23.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z
    .url()
    .default('https://graph.facebook.com/v23.0/me?fields=id,email,first_name,last_name'),
});

/** A fixed-window limit: at most `max` hits per `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** Every rate limit, named after what it counts and what it is keyed on. */
export interface RateLimits {
  /** Log-in attempts from one address (browsers without the account's device cookie). */
  loginPerAddress: Limit;
  /** Failed log-ins on one account from browsers without its device cookie. */
  loginFailuresPerAccount: Limit;
  /** Failed log-ins from one browser holding the account's device cookie. */
  loginFailuresPerDevice: Limit;
  /** Sign-ups (with a password or through a provider) from one address. */
  signupPerAddress: Limit;
  /** Confirmation e-mails sent again for one account. */
  confirmationPerAccount: Limit;
  /** Password reset e-mails requested for one account (role and e-mail address). */
  passwordResetPerAccount: Limit;
  /** Password reset e-mails requested from one address, whatever the account. */
  passwordResetPerAddress: Limit;
  /** New passwords set with a reset link from one address. */
  passwordSetPerAddress: Limit;
  /** Invitation requests by one user (candidates to apply, colleagues to join). */
  invitesPerUser: Limit;
  /** Document, avatar and logo uploads by one user. */
  uploadsPerUser: Limit;
  /** Every signed-in request of one user; null when switched off. */
  apiPerUser: Limit | null;
  /** Every request made with one API key; null when switched off. */
  apiPerKey: Limit | null;
}

/**
 * A Nominatim-compatible place search (`/search?format=jsonv2&q=…`) that replaces the bundled
 * gazetteer when GEOCODER_URL is set.
 */
export interface GeocoderConfig {
  url: string;
  timeoutMs: number;
  /** Lower-case alpha-2 codes to search in; empty (GEOCODER_COUNTRY_CODES=all): the world. */
  countryCodes: string[];
}

/** An S3-compatible bucket for uploaded files (AWS S3, MinIO, Ceph, R2, …). */
export interface S3Config {
  bucket: string;
  /** e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted). */
  forcePathStyle: boolean;
}

/** The live support chat widget (Chatwoot-compatible) the web app loads once a page is idle. */
export interface SupportChatConfig {
  /** The chat server's address without a trailing slash; its SDK is `${baseUrl}/packs/js/sdk.js`. */
  baseUrl: string;
  /** The website inbox's token. */
  websiteToken: string;
}

/** A social sign-in provider over OpenID Connect: discovery from the issuer. */
export interface OidcProviderConfig {
  kind: 'oidc';
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** A social sign-in provider over plain OAuth 2: its endpoints and a profile address. */
export interface OAuthProviderConfig {
  kind: 'oauth2';
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export interface SocialProvidersConfig {
  google?: OidcProviderConfig;
  linkedin?: OidcProviderConfig;
  facebook?: OAuthProviderConfig;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections to the PostgreSQL server (DATABASE_URL) the API process keeps at most. */
  databasePoolSize: number;
  appUrl: string;
  jwtSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  seedDemoData: boolean;
  webDist: string;
  /** The web app's server entry (public pages as HTML); absent in development. */
  webSsrEntry: string;
  logLevel: string;
  trustProxy: boolean;
  rateLimits: RateLimits;
  /**
   * How long after a phase move the candidate's e-mail waits, so a move undone in its undo
   * window sends nothing and several quick moves send one e-mail about where the application ended up.
   */
  phaseMoveMailDelayMs: number;
  webhooks: WebhooksConfig;
  /** The hosts the web app loads from besides this one (map tiles, support chat). */
  webOrigins: { mapTileUrl: string; supportChatUrl?: string | undefined };
  /** Unset: "Contact support" offers the support e-mail address instead of a live chat. */
  supportChat?: SupportChatConfig | undefined;
  /** Strict-Transport-Security: only in production, when the public address is https. */
  hsts: boolean;
  geocoder?: GeocoderConfig;
  /** Set when uploads go to S3; unset means local disk under `${dataDir}/uploads`. */
  s3?: S3Config;
  /** The configured social sign-in providers; an absent one is not offered. */
  socialProviders: SocialProvidersConfig;
}

export interface WebhooksConfig {
  /** Private and internal addresses, and http://, are allowed (development and tests). */
  allowPrivateUrls: boolean;
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  disableAfter: number;
  pollMs: number;
}

export class ConfigError extends Error {}

/**
 * The address to listen on when HOST is unset. Production sits behind a load balancer or in a
 * container and listens on every interface; development and tests listen on the loopback only,
 * since a development server shows every e-mail it sent (reset links included) at /dev/mail.
 */
export function defaultHost(env: Config['env']): string {
  return env === 'production' ? '0.0.0.0' : '127.0.0.1';
}

/** Development keeps one generated secret under the data directory so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function supportChatConfig(e: z.infer<typeof envSchema>): SupportChatConfig | undefined {
  if (!e.SUPPORT_CHAT_BASE_URL && !e.SUPPORT_CHAT_WEBSITE_TOKEN) return undefined;
  if (!e.SUPPORT_CHAT_BASE_URL || !e.SUPPORT_CHAT_WEBSITE_TOKEN) {
    throw new ConfigError('SUPPORT_CHAT_BASE_URL and SUPPORT_CHAT_WEBSITE_TOKEN go together');
  }
  return {
    baseUrl: e.SUPPORT_CHAT_BASE_URL.replace(/\/+$/, ''),
    websiteToken: e.SUPPORT_CHAT_WEBSITE_TOKEN,
  };
}

function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) return undefined;
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ''),
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

function socialProvidersConfig(e: z.infer<typeof envSchema>): SocialProvidersConfig {
  const oidc = (id: string | undefined, secret: string | undefined, issuer: string) =>
    id && secret
      ? {
          kind: 'oidc' as const,
          clientId: id,
          clientSecret: secret,
          issuer: issuer.replace(/\/+$/, ''),
        }
      : undefined;
  return {
    google: oidc(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER),
    linkedin: oidc(e.LINKEDIN_CLIENT_ID, e.LINKEDIN_CLIENT_SECRET, e.LINKEDIN_ISSUER),
    facebook:
      e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
        ? {
            kind: 'oauth2',
            clientId: e.FACEBOOK_CLIENT_ID,
            clientSecret: e.FACEBOOK_CLIENT_SECRET,
            authorizationUrl: e.FACEBOOK_AUTHORIZATION_URL,
            tokenUrl: e.FACEBOOK_TOKEN_URL,
            userinfoUrl: e.FACEBOOK_USERINFO_URL,
          }
        : undefined,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as shells and .env files usually mean it.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const retired = Object.keys(present).filter((name) => name in retiredSettings);
  if (retired.length > 0) {
    const lines = retired.map((name) => `  ${name}: replaced by ${retiredSettings[name]}`);
    throw new ConfigError(`Settings no longer read:\n${lines.join('\n')}`);
  }
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    if (!e.JWT_SECRET)
      throw new ConfigError('JWT_SECRET (at least 32 characters) is required in production');
    if (!e.DATABASE_URL) throw new ConfigError('DATABASE_URL is required in production');
  }
  const dataDir = resolve(e.DATA_DIR);
  const supportChat = supportChatConfig(e);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? defaultHost(e.NODE_ENV),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    seedDemoData: e.SEED_DEMO_DATA,
    webDist: resolve(e.WEB_DIST),
    webSsrEntry: resolve(e.WEB_SSR_ENTRY),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      loginPerAddress: e.RATE_LIMIT_LOGIN_PER_ADDRESS,
      loginFailuresPerAccount: e.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerDevice: e.RATE_LIMIT_LOGIN_FAILURES_PER_DEVICE,
      signupPerAddress: e.RATE_LIMIT_SIGNUP_PER_ADDRESS,
      confirmationPerAccount: e.RATE_LIMIT_CONFIRMATION_PER_ACCOUNT,
      passwordResetPerAccount: e.RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT,
      passwordResetPerAddress: e.RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS,
      passwordSetPerAddress: e.RATE_LIMIT_PASSWORD_SET_PER_ADDRESS,
      invitesPerUser: e.RATE_LIMIT_INVITES_PER_USER,
      uploadsPerUser: e.RATE_LIMIT_UPLOADS_PER_USER,
      apiPerUser: e.RATE_LIMIT_API_PER_USER,
      apiPerKey: e.RATE_LIMIT_API_PER_KEY,
    },
    phaseMoveMailDelayMs: e.PHASE_MOVE_MAIL_DELAY_MS,
    webhooks: {
      allowPrivateUrls: e.WEBHOOKS_ALLOW_PRIVATE_URLS ?? e.NODE_ENV === 'development',
      retryScheduleMs: e.WEBHOOKS_RETRY_SCHEDULE ?? WEBHOOK_RETRY_SCHEDULE_MS,
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
      disableAfter: e.WEBHOOKS_DISABLE_AFTER,
      pollMs: e.WEBHOOKS_POLL_MS,
    },
    webOrigins: {
      mapTileUrl: e.VITE_MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      supportChatUrl: supportChat?.baseUrl,
    },
    supportChat,
    hsts: e.NODE_ENV === 'production' && (e.APP_URL ?? '').startsWith('https://'),
    geocoder: e.GEOCODER_URL
      ? {
          url: e.GEOCODER_URL,
          timeoutMs: e.GEOCODER_TIMEOUT_MS,
          countryCodes:
            e.GEOCODER_COUNTRY_CODES.toLowerCase() === 'all'
              ? []
              : e.GEOCODER_COUNTRY_CODES.toLowerCase().split(','),
        }
      : undefined,
    s3: s3Config(e),
    socialProviders: socialProvidersConfig(e),
  };
}
