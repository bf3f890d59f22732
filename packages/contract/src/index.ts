export * from './locales.ts';
export * from './errors.ts';
export * from './account.ts';
export * from './account-protection.ts';
export * from './spot.ts';
export * from './text.ts';
export * from './numbers.ts';
