import { join } from 'node:path';

import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';

import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { accountRoutes } from './features/account/index.ts';
import { applicantViewRoutes } from './features/applicant-view/index.ts';
import {
  apiKeysJobs,
  apiKeysRoutes,
  apiKeyUsePlugin,
  createApiKeysService,
  createRequestLog,
  keyAnnotations,
  keyRuleOf,
} from './features/api-keys/index.ts';
import { messagesRoutes } from './features/messages/index.ts';
import { actionItemsRoutes } from './features/action-items/index.ts';
import { applicantRowsOfOpportunity, applicantsRoutes } from './features/applicants/index.ts';
import { applicationsRoutes, refreshApplicationCompletion } from './features/applications/index.ts';
import { authRoutes, createAuthService } from './features/auth/index.ts';
import { campaignAnalyticsRoutes } from './features/campaign-analytics/index.ts';
import { campaignsRoutes, legacyCampaignPath } from './features/campaigns/index.ts';
import { devMailRoutes } from './features/dev-mail/dev-mail.routes.ts';
import { documentBundleJobs, documentBundlesRoutes } from './features/document-bundles/index.ts';
import { deleteUserFiles, documentsRoutes } from './features/documents/index.ts';
import { financialSurveysRoutes } from './features/financial-surveys/index.ts';
import { notificationsRoutes } from './features/notifications/index.ts';
import {
  clientEligibilitiesRoutes,
  eligibilityJobs,
  eligibilityRoutes,
  requestEligibilityRecompute,
} from './features/eligibility/index.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createLimiter, limitsPlugin } from './features/limits/index.ts';
import { supportChatRoutes } from './features/support-chat/index.ts';
import { listingsRoutes } from './features/listings/index.ts';
import { liveRoutes } from './features/live/index.ts';
import { feedbackRoutes } from './features/feedback/index.ts';
import { feedsRoutes } from './features/feeds/index.ts';
import { interviewsJobs, interviewsRoutes } from './features/interviews/index.ts';
import { analyticsRoutes } from './features/analytics/index.ts';
import { managersRoutes } from './features/managers/index.ts';
import { opportunitiesRoutes, opportunityPageHead } from './features/opportunities/index.ts';
import { canonicalOrganizationPath, organizationsRoutes } from './features/organizations/index.ts';
import { pipelineRoutes } from './features/pipeline/index.ts';
import { profileRoutes } from './features/profile/index.ts';
import { referenceRoutes } from './features/reference/index.ts';
import {
  resolveCorrectedFlags,
  screeningJobs,
  screeningRoutes,
} from './features/screening/index.ts';
import { createSocialProviders, socialAuthRoutes } from './features/social-auth/index.ts';
import { workspacesRoutes } from './features/workspaces/index.ts';
import {
  startDispatcher,
  webhooksJobs,
  webhooksOpenApi,
  webhooksRoutes,
} from './features/webhooks/index.ts';
import type { FeatureDeps } from './lib/deps.ts';
import { startJobs, type JobsMode } from './lib/jobs.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createStorage } from './lib/storage.ts';
import { accessPlugin } from './plugins/access.ts';
import { deliveryPlugin } from './plugins/delivery.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { profileChangesPlugin } from './plugins/profile-changes.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { webApp } from './plugins/web-app.ts';
import { loadPageRenderer } from './plugins/ssr.ts';
import { appPageSegments } from '@pathways/shared/navigation/paths';

export const version = '0.1.0';

export interface AppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  now?: () => Date;
  logger?: boolean;
  /** How background jobs run (lib/jobs.ts); 'inline' (the default, for tests) runs them at once. */
  jobs?: JobsMode;
}

export function outboxDir(config: Config): string {
  return join(config.dataDir, 'mail');
}

/** Builds the whole HTTP application without listening, so tests drive it in-process. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: outboxDir(config) });
  const now = options.now ?? (() => new Date());
  const auth = createAuthService({
    db: database.db,
    config,
    mailer,
    now,
    log: app.log,
  });
  app.addHook('onClose', async () => mailer.close());

  await app.register(errorsPlugin);
  await app.register(deliveryPlugin);
  await app.register(securityHeaders, {
    ...config.webOrigins,
    appUrl: config.appUrl,
    hsts: config.hsts,
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Pathways API', version },
      // The messages an organization's webhook endpoints receive.
      webhooks: webhooksOpenApi() as never,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'API key',
            description:
              "An organization's API key (`pwk_…`), created by a primary user; `x-api-key-scope` on each operation names the scope it needs",
          },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const annotations = keyAnnotations(
        String(input.route.method),
        input.url,
        input.route.config?.access,
      );
      return { ...out, schema: { ...out.schema, ...annotations } };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  const apiKeys = createApiKeysService({ db: database.db, now, log: app.log });
  const requestLog = createRequestLog({ db: database.db, log: app.log });
  await app.register(accessPlugin, {
    verify: auth.verifyAuthorization,
    verifyKey: apiKeys.authenticate,
    keyRuleOf,
  });
  await app.register(apiKeyUsePlugin, { requestLog, now });
  const limiter = createLimiter({ db: database.db, now, log: app.log });
  await app.register(limitsPlugin, {
    limiter,
    apiPerUser: config.rateLimits.apiPerUser,
    apiPerKey: config.rateLimits.apiPerKey,
  });

  await app.register(healthRoutes, { database, version });
  await app.register(supportChatRoutes, { supportChat: config.supportChat });
  await app.register(authRoutes, { auth, config, limiter });
  const deps: FeatureDeps = { db: database.db, database, config, mailer, now, log: app.log };
  const storage = createStorage(config);
  const jobs = await startJobs(
    { database, log: app.log },
    [
      ...eligibilityJobs(deps),
      ...screeningJobs(deps),
      ...documentBundleJobs({ ...deps, storage }),
      ...interviewsJobs(deps),
      ...apiKeysJobs(deps),
      ...webhooksJobs(deps),
    ],
    options.jobs ?? 'inline',
  );
  // A process that works jobs also sends the webhook messages that are due.
  const dispatcher = jobs.mode === 'queue' ? undefined : startDispatcher(deps, jobs);
  app.addHook('onClose', async () => {
    await dispatcher?.stop();
    await jobs.stop();
  });
  await app.register(profileChangesPlugin, {
    onProfileChanged: async (candidateId: number) => {
      await resolveCorrectedFlags(database.db, candidateId, now());
      await refreshApplicationCompletion(database.db, candidateId);
      await requestEligibilityRecompute(jobs, { candidateId });
    },
  });
  await app.register(referenceRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(documentsRoutes, deps);
  await app.register(actionItemsRoutes, deps);
  await app.register(notificationsRoutes, deps);
  await app.register(opportunitiesRoutes, deps);
  await app.register(campaignsRoutes, deps);
  await app.register(campaignAnalyticsRoutes, { ...deps, verify: auth.verifyAuthorization });
  await app.register(organizationsRoutes, deps);
  await app.register(listingsRoutes, deps);
  await app.register(feedsRoutes, deps);
  await app.register(eligibilityRoutes, { ...deps, jobs });
  await app.register(applicationsRoutes, deps);
  await app.register(financialSurveysRoutes, deps);
  await app.register(workspacesRoutes, { ...deps, applicantRows: applicantRowsOfOpportunity });
  await app.register(pipelineRoutes, { ...deps, jobs });
  await app.register(applicantViewRoutes, deps);
  await app.register(messagesRoutes, deps);
  await app.register(liveRoutes, {
    ...deps,
    verify: auth.verifyAuthorization,
    readToken: auth.readAccessToken,
    liveSessionIds: auth.liveSessionIds,
  });
  await app.register(screeningRoutes, { ...deps, jobs });
  await app.register(clientEligibilitiesRoutes, deps);
  await app.register(applicantsRoutes, deps);
  await app.register(managersRoutes, { ...deps, auth });
  await app.register(feedbackRoutes, deps);
  await app.register(interviewsRoutes, { ...deps, jobs });
  await app.register(analyticsRoutes, deps);
  await app.register(apiKeysRoutes, { apiKeys, requestLog });
  await app.register(webhooksRoutes, { ...deps, jobs });
  await app.register(documentBundlesRoutes, { ...deps, storage, jobs });
  await app.register(accountRoutes, {
    ...deps,
    auth,
    deleteUserFiles: (userId: number) => deleteUserFiles(deps, userId),
  });
  await app.register(socialAuthRoutes, {
    ...deps,
    auth,
    providers: createSocialProviders(config.socialProviders),
  });
  if (config.env === 'development') {
    await app.register(devMailRoutes, { outboxDir: outboxDir(config) });
  }

  await webApp(app, {
    webDist: config.webDist,
    redirectFor: async (path) => {
      const organizationPath = await canonicalOrganizationPath(deps, path);
      if (organizationPath) return organizationPath;
      const segment = /^\/([^/]+)$/.exec(path)?.[1];
      if (!segment || appPageSegments.has(segment)) return undefined;
      return legacyCampaignPath(deps, segment);
    },
    headFor: opportunityPageHead(deps),
    renderPage: await loadPageRenderer(
      app,
      config.webSsrEntry,
      join(config.webDist, '.vite', 'manifest.json'),
    ),
  });
  return app;
}
