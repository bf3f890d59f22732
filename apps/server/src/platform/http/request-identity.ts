import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

/**
 * Every request's id and logger, made cheaply: both are built for each request the server reads, and under load
 * (bench:http) a random UUID and a pino child per request were about 2 % of the main thread's time.
 */

/**
 * The request's id: the caller's `x-request-id` when it is a plain token, else this process's prefix (random, so
 * ids of two runs never meet in one log) and a counter. Unique per process, which is what a log needs to tie a
 * request's lines together; it is not a secret and decides nothing.
 */
export function requestIdGenerator(): (req: IncomingMessage) => string {
  const prefix = crypto.randomBytes(6).toString('hex');
  let counter = 0;
  return (req) => {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && /^[\w-]{8,64}$/.test(given)) return given;
    counter += 1;
    return `${prefix}-${counter.toString(36)}`;
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * The request's logger: pino's child with the request id, created the first time something is logged at a level
 * the logger writes — most requests log nothing, and a child costs its bindings' serialization.
 */
class RequestLogger {
  private readonly parent: Logger;
  private readonly bindings: Bindings;
  private readonly options: ChildLoggerOptions;
  private made: Logger | null = null;
  /** The threshold as a number (a route's own logLevel, else the parent's); 'silent' writes nothing. */
  private readonly threshold: number;

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
    this.parent = parent;
    this.bindings = bindings;
    this.options = options;
    this.threshold = options.level ? (parent.levels.values[options.level] ?? Infinity) : parent.levelVal;
  }

  /** The pino child, made once. */
  private own(): Logger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private log(level: Level, args: unknown[]): void {
    if (this.parent.levels.values[level]! < (this.made ? this.made.levelVal : this.threshold)) return;
    (this.own()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.own().level = level;
  }
  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.log('error', args);
  }
  warn(...args: unknown[]): void {
    this.log('warn', args);
  }
  info(...args: unknown[]): void {
    this.log('info', args);
  }
  debug(...args: unknown[]): void {
    this.log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.log('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.own().child(bindings, options);
  }
  isLevelEnabled(level: string): boolean {
    return (this.parent.levels.values[level] ?? Infinity) >= (this.made ? this.made.levelVal : this.threshold);
  }
}

/** fastify's childLoggerFactory: a RequestLogger instead of an eager pino child. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger as Logger, bindings, options) as unknown as FastifyBaseLogger;
}
