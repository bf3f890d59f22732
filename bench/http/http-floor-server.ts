/**
 * The HTTP floor's server (http-floor.ts): the same web framework as the exchange, one POST route that parses a JSON
 * body and answers an order-sized JSON envelope, with no database, no session and no matching behind it. What it
 * costs per request is what any order path served over HTTP on this machine pays before doing any work.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
let n = 0;
app.post('/api/floor', async (request) => {
  const body = request.body as { clientOrderId?: string; symbol?: string; side?: string; price?: string };
  n += 1;
  return {
    code: 200,
    message: 'success',
    data: {
      id: n,
      clientOrderId: body.clientOrderId ?? null,
      symbol: body.symbol ?? null,
      side: body.side ?? null,
      type: 'limit',
      timeInForce: 'GTC',
      price: body.price ?? null,
      quantity: '0.001',
      filledQuantity: '0',
      averagePrice: null,
      status: 'new',
      fee: '0',
      createdAt: Date.now(),
    },
  };
});
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write('ready\n');
