import { describe, expect, it } from 'vitest';
import { checkTicket, CONTENT_MAX, TITLE_MAX } from './ticket-form.ts';

describe('checkTicket', () => {
  it('accepts a title and a question', () => {
    expect(checkTicket({ title: 'Deposit', content: 'Where is my deposit?' })).toEqual({});
  });
  it('refuses empty or blank fields', () => {
    expect(checkTicket({ title: '  ', content: '\n' })).toEqual({
      title: 'form.titleEmpty',
      content: 'form.contentEmpty',
    });
  });
  it('refuses texts over the server limits', () => {
    expect(checkTicket({ title: 'x'.repeat(TITLE_MAX + 1), content: 'y'.repeat(CONTENT_MAX + 1) })).toEqual({
      title: 'form.titleTooLong',
      content: 'form.contentTooLong',
    });
  });
});
