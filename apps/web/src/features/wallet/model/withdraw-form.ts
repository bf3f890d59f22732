import { initialChoice, switchCurrency, type AssetOption } from '../../../components/form/asset-choice.ts';
import type { WithdrawBody } from '../api/wallet.ts';

/**
 * The on-chain withdrawal form of /withdraw as a pure reducer (like the trade ticket): the state
 * keeps what the user typed, as text; `withdraw-summary.ts` derives the request and what arrives,
 * `withdraw-errors.ts` what blocks it. A refusal from the server lands on its field as the
 * server's own message.
 */
export const WITHDRAW_FIELDS = ['address', 'amount', 'fundPassword', 'code', 'totpCode'] as const;
export type WithdrawField = (typeof WITHDRAW_FIELDS)[number];

/** An error on a field: a key of the `wallet` namespace with its values, or the server's message. */
export type FieldProblem = { key: string; params?: Record<string, string | number> } | { text: string };

/** The request's fields as typed (the request id and code channel are added when it is sent). */
export interface WithdrawState extends Required<Omit<WithdrawBody, 'requestId' | 'codeChannel'>> {
  problems: Partial<Record<WithdrawField, FieldProblem>>;
}

export type WithdrawAction =
  | { type: 'currency'; currency: string; currencies: readonly AssetOption[] }
  | { type: 'chain'; chain: string }
  | { type: 'edit'; field: WithdrawField; value: string }
  | { type: 'problems'; problems: Partial<Record<WithdrawField, FieldProblem>> }
  | { type: 'refused'; field: WithdrawField; text: string }
  | { type: 'submitted' };

/** What the form starts from: the currency asked for and, back from a detour, what was typed. */
export function initialWithdraw(
  currencies: readonly AssetOption[],
  draft: { currency?: string | null; chain?: string | null; address?: string | null; amount?: string | null },
): WithdrawState {
  const choice = initialChoice(currencies, draft.currency, draft.chain);
  return {
    ...choice,
    address: draft.address ?? '',
    amount: draft.amount ?? '',
    fundPassword: '',
    code: '',
    totpCode: '',
    problems: {},
  };
}

function without(problems: WithdrawState['problems'], field: WithdrawField): WithdrawState['problems'] {
  if (!(field in problems)) return problems;
  const next = { ...problems };
  delete next[field];
  return next;
}

export function withdrawReducer(state: WithdrawState, action: WithdrawAction): WithdrawState {
  switch (action.type) {
    case 'currency': {
      // an address and an amount of one coin mean nothing for another
      const choice = switchCurrency(action.currencies, state, action.currency);
      return { ...state, ...choice, address: '', amount: '', problems: {} };
    }
    case 'chain':
      // an address is written for one network
      return state.chain === action.chain
        ? state
        : { ...state, chain: action.chain, address: '', problems: without(state.problems, 'address') };
    case 'edit':
      // editing a field clears its error, so a message never outlives the input it was about
      return { ...state, [action.field]: action.value, problems: without(state.problems, action.field) };
    case 'problems':
      return { ...state, problems: action.problems };
    case 'refused':
      return { ...state, problems: { ...state.problems, [action.field]: { text: action.text } } };
    case 'submitted':
      // the address stays for the next withdrawal; the secrets never do
      return { ...state, amount: '', fundPassword: '', code: '', totpCode: '', problems: {} };
  }
}
