import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../../platform/i18n/messages.ts';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * An error in Binance's shape, `{ code, msg }` with its negative code, so that clients written for
 * Binance (ccxt among them) map it to the same exception they would there.
 */
export class BinanceError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(code: number, msg: string, status = 400) {
    super(msg);
    this.code = code;
    this.status = status;
  }
}

export const mandatory = (name: string) =>
  new BinanceError(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
export const illegalValue = (name: string) =>
  new BinanceError(-1100, `Illegal characters found in parameter '${name}'.`);
export const notRequired = (name: string) => new BinanceError(-1106, `Parameter '${name}' sent when not required.`);
export const invalidSymbol = () => new BinanceError(-1121, 'Invalid symbol.');
export const invalidInterval = () => new BinanceError(-1120, 'Invalid interval.');
export const badKeyFormat = () => new BinanceError(-2014, 'API-key format invalid.', 401);
export const rejectedKey = () => new BinanceError(-2015, 'Invalid API-key, IP, or permissions for action.', 401);
export const badSignature = () => new BinanceError(-1022, 'Signature for this request is not valid.');
export const outsideWindow = () => new BinanceError(-1021, 'Timestamp for this request is outside of the recvWindow.');
export const aheadOfServer = () =>
  new BinanceError(-1021, "Timestamp for this request was 1000ms ahead of the server's time.");

/**
 * Our domain refusals as Binance reports the same situation; the message adds ours in the caller's
 * language after Binance's text (clients match on the code or Binance's words, a person reads ours).
 */
const FROM_APP: Record<string, [code: number, msg: string]> = {
  UNKNOWN_SYMBOL: [-1121, 'Invalid symbol.'],
  PRICE_TICK: [-1013, 'Filter failure: PRICE_FILTER'],
  QUANTITY_STEP: [-1013, 'Filter failure: LOT_SIZE'],
  AMOUNT_NOT_POSITIVE: [-1013, 'Filter failure: LOT_SIZE'],
  MIN_NOTIONAL: [-1013, 'Filter failure: NOTIONAL'],
  AMOUNT_TOO_LARGE: [-1013, 'Filter failure: NOTIONAL'],
  INSUFFICIENT_BALANCE: [-2010, 'Account has insufficient balance for requested action.'],
  NO_LIQUIDITY: [-2010, 'Order book liquidity is less than LOT_SIZE filter minimum quantity.'],
  DUPLICATE_CLIENT_ORDER_ID: [-2010, 'Duplicate order sent.'],
  ORDER_NOT_OPEN: [-2011, 'Unknown order sent.'],
  NOT_FOUND: [-2013, 'Order does not exist.'],
  VALIDATION: [-1102, 'A parameter was not sent, was empty/null, or malformed.'],
};

/** Refusals an area reports under other codes than spot's (the futures API's -2019, -2022, -4164 …). */
export type AppErrorCodes = Record<string, [code: number, msg: string]>;

export function sendBinanceError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
  codes: AppErrorCodes = {},
) {
  reply.skipEnvelope = true;
  let code = -1000;
  let msg = 'An unknown error occurred while processing the request.';
  let status = 500;
  if (error instanceof BinanceError) {
    ({ code, status } = error);
    msg = error.message;
  } else if (error instanceof AppError) {
    const mapped = codes[error.errorKey] ?? FROM_APP[error.errorKey] ?? [-1000, 'Request refused.'];
    [code, msg] = mapped;
    msg = `${msg} ${t(request.locale, error.messageKey, error.params)}`;
    status = error.status >= 500 ? 500 : 400;
  } else if ((error as FastifyError).statusCode === 413) {
    [code, msg, status] = [-1101, 'Too many parameters sent for this endpoint.', 400];
  } else if ((error as FastifyError).statusCode && (error as FastifyError).statusCode! < 500) {
    [code, msg, status] = [-1102, 'A parameter was not sent, was empty/null, or malformed.', 400];
  } else {
    request.log.error({ err: error }, 'unhandled error in the bot API');
  }
  return reply.status(status).type('application/json').send(JSON.stringify({ code, msg }));
}
