import path from 'node:path';
import Fastify from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino, type Logger } from 'pino';
import { systemClock, type Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { AppContext, Services } from './platform/context.ts';
import type { Database } from './platform/db/database.ts';
import { installDatabaseReplies } from './platform/http/database-replies.ts';
import { installDevToolsGuard } from './platform/dev-tools/dev-tools-guard.ts';
import { installEnvelope } from './platform/http/envelope.ts';
import { installErrorHandler } from './platform/http/error-handler.ts';
import { userGuard } from './platform/http/user-guard.ts';
import { requestIdGenerator, requestLoggerFactory } from './platform/http/request-identity.ts';
import { installWebSecurity } from './platform/http/web-security.ts';
import { serveWebApp } from './platform/http/web-app.ts';
import { trustProxySetting } from './platform/net/client-address.ts';
import { collectRoutes, type RouteEntry } from './platform/http/route-table.ts';
import { zodValidatorCompiler } from './platform/http/validation.ts';
import { registerMessages } from './platform/i18n/messages.ts';
import { platformMessages } from './platform/i18n/platform.messages.ts';
import { AntiPhishingMailer } from './platform/mail/anti-phishing-mailer.ts';
import { outboxMailer, smtpMailer } from './platform/mail/mailer.ts';
import type { Api, Module } from './platform/module.ts';
import { DevOutbox } from './platform/outbox.ts';
import { SessionStore } from './platform/session/session-store.ts';
import { httpSmsSender, outboxSmsSender } from './platform/sms/sms-sender.ts';
import { FileStorage } from './platform/storage/file-storage.ts';
import { RootSocket } from './platform/ws/root-socket.ts';
import { modules } from './modules/index.ts';

registerMessages(platformMessages);

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: Logger;
  /** Services present before the modules register (e.g. a chain adapter a module picks up). */
  services?: Services;
}

export interface BuiltApp {
  app: Api;
  ctx: AppContext;
  /** Every route with its schemas and guards (what the generated input and access tests walk). */
  routes: RouteEntry[];
  /** Starts the modules' background work. */
  start(): Promise<void>;
  /** Stops background work and the HTTP server; the database is closed by its owner. */
  close(): Promise<void>;
}

export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { config, database } = opts;
  const log = opts.logger ?? pino({ level: config.logLevel });
  const app = Fastify({
    loggerInstance: log,
    genReqId: requestIdGenerator(),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: 1024 * 1024,
    // request.ip is the socket's peer unless that peer is a configured reverse proxy (see client-address)
    trustProxy: trustProxySetting(config),
  }).withTypeProvider<ZodTypeProvider>() as unknown as Api;

  // first, so that an answer an onRequest hook gives (a CORS preflight) carries it too. A callback hook, not an
  // async one: every request runs it, and an async hook costs a promise
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installEnvelope(app);
  installErrorHandler(app);
  installDevToolsGuard(app);
  installWebSecurity(app, config);
  installDatabaseReplies(app, database);
  const routes = collectRoutes(app);

  await app.register(fastifyRateLimit, {
    global: false,
    // a route opts in with config.rateLimit; tests switch limits off where they are not the subject
    max: config.rateLimitEnabled ? 1000 : 1_000_000,
    errorResponseBuilder: (_req, context) => {
      const err = new Error('rate limited') as Error & { statusCode: number };
      err.statusCode = context.statusCode;
      return err;
    },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Tidemark API', version: '0.1.0', description: 'Every call answers { code, message, data }.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const clock = opts.clock ?? systemClock;
  const outbox = new DevOutbox();
  const sessions = new SessionStore(database.db, clock, config.sessionTtlMs);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    log,
    sessions,
    outbox,
    mailer: new AntiPhishingMailer(
      config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(outbox, log),
    ),
    sms: config.smsProviderUrl
      ? httpSmsSender(config.smsProviderUrl, config.smsProviderToken)
      : outboxSmsSender(outbox, log),
    storage: new FileStorage(path.join(config.dataDir, 'uploads')),
    guards: {
      user: userGuard(sessions),
      operator: () => {
        throw new Error('the operator module installs the operator guard');
      },
    },
    services: { ...opts.services },
  };
  // the market-data WebSocket at the root path /ws (not under /api); the spot module attaches its handler
  const rootSocket = new RootSocket('/ws');
  rootSocket.install(app);
  ctx.services.rootSocket = rootSocket;

  await app.register(
    async (api) => {
      for (const m of modules) await m.register(api as unknown as Api, ctx);
    },
    { prefix: '/api' },
  );

  await serveWebApp(app, config);

  return {
    app,
    ctx,
    routes,
    start: async () => {
      for (const m of modules) await m.start?.(ctx);
    },
    close: async () => {
      for (const m of [...modules].reverse()) await m.stop?.(ctx);
      await app.close();
    },
  };
}

export type { Module };
