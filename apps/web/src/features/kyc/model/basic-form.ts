import { kycBasicSubmitBody, type DocumentType } from '@tidemark/contract/kyc';

/**
 * The basic-verification form, checked with the very schema the server uses so the user sees the
 * spec's prompts (name empty, invalid name format, …) before any call. The contract's messages are
 * server keys (`kyc.nameEmpty`); the web words them in the `kyc` namespace under `errors.<name>`.
 */
export interface BasicForm {
  realName: string;
  idNumber: string;
  country: string;
  documentType: DocumentType;
}

export type FieldErrors = Partial<Record<keyof BasicForm, string>>;

export function errorKeyFor(messageKey: string): string {
  const m = /^kyc\.([A-Za-z]+)$/.exec(messageKey);
  return m ? `kyc:errors.${m[1]}` : 'kyc:errors.invalid';
}

export type CheckedBasic = { ok: true; value: BasicForm } | { ok: false; errors: FieldErrors };

export function checkBasic(values: BasicForm): CheckedBasic {
  const r = kycBasicSubmitBody.safeParse(values);
  if (r.success) return { ok: true, value: r.data };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const field = String(issue.path[0]) as keyof BasicForm;
    // an empty country is "choose one", not "invalid"
    const key = field === 'country' && !values.country ? 'kyc:errors.countryEmpty' : errorKeyFor(issue.message);
    errors[field] ??= key;
  }
  return { ok: false, errors };
}
