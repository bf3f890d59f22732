import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { service } from '../../platform/context.ts';
import { ApiKeyService } from './api-key.service.ts';
import { BinanceStreams } from './binance-streams.ts';
import { ListenKeys } from './listen-keys.ts';
import { botapiMessages } from './botapi.messages.ts';
import { registerBotDocsRoute } from './bot-docs.routes.ts';
import { registerKeyRoutes } from './key.routes.ts';
import { LimitCounters } from './limit-counters.ts';
import { loadBotApiLimits } from './request-weight.ts';
import { SecretBox } from './secret-box.ts';
import { registerCapitalRest } from './capital-rest.routes.ts';
import { registerFuturesRest } from './futures-rest.routes.ts';
import { registerSpotRest } from './spot-rest.routes.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    apiKeys: ApiKeyService;
    binanceStreams: BinanceStreams;
  }
}

registerMessages(botapiMessages);

/**
 * The bot API: users' API keys (`ctx.services.apiKeys`) and a Binance-compatible REST surface under
 * /api/v3 on the same spot service the app uses, and /api/fapi on the same futures service. See README.md
 * beside this file.
 */
export const botapiModule: Module = {
  name: 'botapi',
  async register(app, ctx) {
    const keys = new ApiKeyService({
      db: ctx.db,
      clock: ctx.clock,
      box: SecretBox.load(ctx.config.dataDir),
      ownerActive: async (userId) => (await service(ctx, 'account').getUser(userId))?.status === 'active',
      // looked up on use: tests and deployments may install the KYC service after this module
      ownerKyc: async (userId) => (await ctx.services.kyc?.levelOf(userId)) ?? 'none',
    });
    ctx.services.apiKeys = keys;
    registerKeyRoutes(app, ctx, keys);
    const limits = loadBotApiLimits();
    const counters = await LimitCounters.open(ctx.config, ctx.log);
    app.addHook('onClose', async () => counters.close());
    const listenKeys = new ListenKeys();
    await app.register(
      async (v3) => registerSpotRest(v3, { ctx, keys, limits, counters: counters.forArea('spot'), listenKeys }),
      { prefix: '/v3' },
    );
    await app.register(
      async (fapi) =>
        registerFuturesRest(fapi, { ctx, keys, limits, counters: counters.forArea('futures'), listenKeys }),
      { prefix: '/fapi' },
    );
    await app.register(
      async (sapi) =>
        registerCapitalRest(sapi, { ctx, keys, limits, counters: counters.forArea('capital'), listenKeys }),
      { prefix: '/sapi' },
    );
    const streams = new BinanceStreams(ctx, listenKeys);
    ctx.services.binanceStreams = streams;
    service(ctx, 'rootSocket').onStreamConnection((socket, request) => streams.connect(socket, request));
    registerBotDocsRoute(app);
  },
  start(ctx) {
    service(ctx, 'binanceStreams').start();
  },
  stop(ctx) {
    ctx.services.binanceStreams?.stop();
  },
};
