/** Limits of the ticket calls (apps/server/src/modules/support/support.routes.ts). */
export const TITLE_MAX = 200;
export const CONTENT_MAX = 5000;

export interface TicketFormErrors {
  title?: string;
  content?: string;
}

/** Checks a new ticket before sending; errors are i18n keys of the support namespace. */
export function checkTicket(values: { title: string; content: string }): TicketFormErrors {
  const errors: TicketFormErrors = {};
  const title = values.title.trim();
  const content = values.content.trim();
  if (!title) errors.title = 'form.titleEmpty';
  else if (title.length > TITLE_MAX) errors.title = 'form.titleTooLong';
  if (!content) errors.content = 'form.contentEmpty';
  else if (content.length > CONTENT_MAX) errors.content = 'form.contentTooLong';
  return errors;
}
