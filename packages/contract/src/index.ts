export * from './locales.ts';
export * from './errors.ts';
