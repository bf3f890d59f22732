import { z } from 'zod';
import { DOCUMENT_TYPES, ISO_COUNTRY_CODES } from './kyc-codes.ts';
import { asciiText, identifier } from './text.ts';

/**
 * Identity verification (KYC) shared by the server and the apps: levels, document types, the
 * request bodies and the limits table of spec §6. Amounts are decimal strings (money is never a float).
 */
export const KYC_LEVELS = ['none', 'basic', 'advanced'] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];

// the document types and country codes live in kyc-codes.ts, without zod, for the web app's forms
export { DOCUMENT_TYPES, ISO_COUNTRY_CODES, type DocumentType } from './kyc-codes.ts';

/** One application's review state. */
export const KYC_APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;
export type KycApplicationState = (typeof KYC_APPLICATION_STATES)[number];

/** The user's overall state in the words of spec §4 (plus "rejected", which offers a resubmission). */
export const KYC_USER_STATES = ['not_certified', 'under_certification', 'certified', 'rejected'] as const;
export type KycUserState = (typeof KYC_USER_STATES)[number];

export interface KycLimits {
  /** Most BTC-equivalent that may be withdrawn in any rolling 24 hours. */
  withdrawBtcPer24h: string;
  /** Most USDT in one fiat (bank) trade. */
  fiatPerTrade: string;
}

/**
 * Spec §6 and §9: basic allows 200 BTC per 24 h and 5,000 USDT per fiat trade; advanced 500 BTC and
 * 1,000,000 USDT. The spec grants withdrawals and fiat trades from the basic level on, so an
 * unverified account's limits are zero.
 */
export const KYC_LIMITS: Record<KycLevel, KycLimits> = {
  none: { withdrawBtcPer24h: '0', fiatPerTrade: '0' },
  basic: { withdrawBtcPer24h: '200', fiatPerTrade: '5000' },
  advanced: { withdrawBtcPer24h: '500', fiatPerTrade: '1000000' },
};

export const kycBasicSubmitBody = z
  .object({
    realName: identifier({ max: 100 })
      .min(1, 'kyc.nameEmpty')
      .max(100)
      .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, 'kyc.nameFormat'),
    idNumber: asciiText({ max: 40 })
      .min(1, 'kyc.idNumberEmpty')
      .max(40)
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'kyc.idNumberFormat'),
    country: asciiText({ max: 10 })
      .transform((c) => c.toUpperCase())
      .refine((c) => ISO_COUNTRY_CODES.has(c), 'kyc.countryFormat'),
    documentType: z.enum(DOCUMENT_TYPES),
  })
  .strict();
export type KycBasicSubmit = z.infer<typeof kycBasicSubmitBody>;

const fileId = asciiText({ max: 100 }).min(1);
export const kycAdvancedSubmitBody = z
  .object({
    frontPhoto: fileId,
    backPhoto: fileId,
    handPhoto: fileId,
  })
  .strict()
  .refine((b) => new Set([b.frontPhoto, b.backPhoto, b.handPhoto]).size === 3, {
    message: 'kyc.photoDuplicate',
    path: ['backPhoto'],
  });
export type KycAdvancedSubmit = z.infer<typeof kycAdvancedSubmitBody>;
